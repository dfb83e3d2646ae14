'use strict';
// The JSON API the page's own script (public/app.js) calls.
const portico = require('../../../dist/index.js');

module.exports = function api(db) {
  const r = portico.Router();

  r.get('/messages', (req, res) => {
    res.json(db.listMessages());
  });

  r.post('/messages/:id/likes', (req, res) => {
    const liked = db.likeMessage(Number(req.params.id));
    if (!liked) return res.status(404).json({ error: 'No such message' });
    res.json(liked);
  });

  // Deleting needs a login. The session cookie is SameSite=Lax, so other sites cannot send it
  // with a DELETE: that is the cross-site request forgery defence here.
  r.delete('/messages/:id', (req, res) => {
    if (!res.locals.user) return res.status(401).json({ error: 'Log in to delete messages' });
    if (!db.deleteMessage(Number(req.params.id))) return res.status(404).json({ error: 'No such message' });
    res.sendStatus(204);
  });

  return r;
};
