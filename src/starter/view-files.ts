import type { StarterOptions } from './options';

/**
 * views/ for the chosen engine (a home page, a 404 page and an error page sharing one layout) and
 * public/. With `--view none` there are no views: public/index.html is the home page.
 */

type Files = Record<string, string>;

const STYLE = `body {
  margin: 0 auto;
  max-width: 42rem;
  padding: 2rem 1rem;
  font: 16px/1.5 system-ui, sans-serif;
  color: #222;
}

a {
  color: #0b62c4;
}

pre {
  overflow-x: auto;
  background: #f4f4f4;
  padding: 1rem;
}
`;

function ejsViews(): Files {
  return {
    'views/partials/header.ejs': `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title><%= title %></title>
  <link rel="stylesheet" href="/stylesheets/style.css">
</head>
<body>
`,
    'views/partials/footer.ejs': `</body>
</html>
`,
    'views/index.ejs': `<%- include('partials/header') %>
  <h1><%= title %></h1>
  <p>Welcome to <%= title %>, running on Portico.</p>
  <p>Edit <code>routes/index</code> and <code>views/index.ejs</code>; <a href="/users">/users</a> answers JSON.</p>
<%- include('partials/footer') %>
`,
    'views/not-found.ejs': `<%- include('partials/header') %>
  <h1>Not found</h1>
  <p>Nothing here answers <code><%= path %></code>. <a href="/">Home</a></p>
<%- include('partials/footer') %>
`,
    'views/error.ejs': `<%- include('partials/header') %>
  <h1><%= status %></h1>
  <p><%= message %></p>
  <% if (stack) { %><pre><%= stack %></pre><% } %>
<%- include('partials/footer') %>
`,
  };
}

function pugViews(): Files {
  return {
    'views/layout.pug': `doctype html
html(lang='en')
  head
    meta(charset='utf-8')
    meta(name='viewport' content='width=device-width, initial-scale=1')
    title= title
    link(rel='stylesheet' href='/stylesheets/style.css')
  body
    block content
`,
    'views/index.pug': `extends layout

block content
  h1= title
  p Welcome to #{title}, running on Portico.
  p
    | Edit
    code routes/index
    |  and
    code views/index.pug
    | ;
    a(href='/users') /users
    |  answers JSON.
`,
    'views/not-found.pug': `extends layout

block content
  h1 Not found
  p
    | Nothing here answers
    code= path
    | .
    a(href='/') Home
`,
    'views/error.pug': `extends layout

block content
  h1= status
  p= message
  if stack
    pre= stack
`,
  };
}

function hbsViews(): Files {
  return {
    // hbs wraps every page in views/layout.hbs.
    'views/layout.hbs': `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{title}}</title>
  <link rel="stylesheet" href="/stylesheets/style.css">
</head>
<body>
{{{body}}}
</body>
</html>
`,
    'views/index.hbs': `<h1>{{title}}</h1>
<p>Welcome to {{title}}, running on Portico.</p>
<p>Edit <code>routes/index</code> and <code>views/index.hbs</code>; <a href="/users">/users</a> answers JSON.</p>
`,
    'views/not-found.hbs': `<h1>Not found</h1>
<p>Nothing here answers <code>{{path}}</code>. <a href="/">Home</a></p>
`,
    'views/error.hbs': `<h1>{{status}}</h1>
<p>{{message}}</p>
{{#if stack}}<pre>{{stack}}</pre>{{/if}}
`,
  };
}

function staticHome(o: StarterOptions): Files {
  return {
    'public/index.html': `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${o.name}</title>
  <link rel="stylesheet" href="/stylesheets/style.css">
</head>
<body>
  <h1>${o.name}</h1>
  <p>Welcome to ${o.name}, running on Portico.</p>
  <p>Server time, from <a href="/api/status">/api/status</a>: <span id="time">…</span></p>
  <script src="/javascripts/home.js"></script>
</body>
</html>
`,
    'public/javascripts/home.js': `fetch('/api/status')
  .then((res) => res.json())
  .then((status) => {
    document.getElementById('time').textContent = status.time;
  });
`,
  };
}

/** views/ (unless `--view none`) and public/. */
export function viewFiles(o: StarterOptions): Files {
  const views = o.view === 'ejs' ? ejsViews() : o.view === 'pug' ? pugViews() : o.view === 'hbs' ? hbsViews() : staticHome(o);
  return { ...views, 'public/stylesheets/style.css': STYLE };
}
