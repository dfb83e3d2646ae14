'use strict';
// The server-rendered pages: the guestbook with its form, the download, and a page that fails.
const path = require('node:path');
const portico = require('../../../dist/index.js');

const GUIDE = path.join(__dirname, '..', 'files', 'portico-guide.txt');

/** What is wrong with a submitted message, by field; empty when it can be saved. */
function validateMessage({ author, body }) {
  const errors = {};
  if (author.length === 0) errors.author = 'Please give a name.';
  else if (author.length > 40) errors.author = 'Names are at most 40 characters.';
  if (body.length === 0) errors.body = 'The message is empty.';
  else if (body.length > 280) errors.body = 'Messages are at most 280 characters.';
  return errors;
}

module.exports = function pages(db) {
  const r = portico.Router();

  r.get('/', (req, res) => {
    res.render('index', { title: 'Guestbook', messages: db.listMessages(), values: {}, errors: {} });
  });

  r.post('/messages', (req, res) => {
    const values = { author: String(req.body.author || '').trim(), body: String(req.body.body || '').trim() };
    const errors = validateMessage(values);
    if (Object.keys(errors).length > 0) {
      // Show the form again with what was typed and what is wrong, as 422 Unprocessable Entity.
      return res.status(422).render('index', { title: 'Guestbook', messages: db.listMessages(), values, errors });
    }
    db.addMessage(values.author, values.body);
    // Post/Redirect/Get: reloading the page does not post the message twice.
    res.redirect(303, '/#messages');
  });

  r.get('/download', (req, res, next) => {
    res.download(GUIDE, 'portico-guide.txt', (err) => {
      if (err && !res.headersSent) next(err);
    });
  });

  r.get('/fail', () => {
    throw new Error('This page fails on purpose, to show the error page.');
  });

  return r;
};
