// An Express 3.x-style application, unchanged but for the require: it runs on portico/legacy.
var express = require('portico/legacy');
var fs = require('fs');
var path = require('path');

module.exports = function createApp(options) {
  var app = express();
  var uploads = [];

  app.configure(function () {
    app.set('title', 'Legacy sample');
    app.use(express.compress({ threshold: 0 }));
    app.use(express.bodyParser());
    app.use(express.cookieParser(options.secret));
    app.use(express.cookieSession({ key: 'sample.sess', secret: options.secret }));
    app.use(express.csrf());
  });

  app.configure('development', function () {
    app.set('json spaces', 2);
  });

  app.locals({ site: app.get('title') });

  app.get('/', function (req, res) {
    req.session.visits = (req.session.visits || 0) + 1;
    res.send('<h1>' + app.locals.site + '</h1><p>visits: ' + req.session.visits + '</p>');
  });

  app.get('/form', function (req, res) {
    res.json({ csrf: req.csrfToken() });
  });

  app.post('/upload', function (req, res) {
    var file = req.files && req.files.doc;
    if (!file) return res.send(400, 'no file');
    uploads.push(file.path);
    res.json(201, { title: req.body.title, name: file.name, size: file.size, content: fs.readFileSync(file.path, 'utf8') });
  });

  app.get('/uploads', function (req, res) {
    res.json(uploads.map(function (p) { return fs.existsSync(p); }));
  });

  app.all('/admin/*', express.basicAuth('admin', options.password));
  app.get('/admin/panel', function (req, res) {
    res.send('welcome ' + req.user);
  });

  app.use('/docs', express.directory(path.join(__dirname, 'public/docs')));
  app.use('/docs', express.static(path.join(__dirname, 'public/docs')));

  app.get('/user/:id', function (req, res) {
    res.send({ id: req.params.id, isArray: Array.isArray(req.params) });
  });

  return app;
};
