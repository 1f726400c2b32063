/**
 * The browser floor of bench:open: pages as bare as a page can be that still does a screen's fixed
 * work, served by the same server in the same run as the admin (written beside a copy of the built
 * admin, STATIC_DIR), so the machine's noise of the moment hits both.
 *   - `floor/list.html?api=<url>`: reads the token, fetches `url` (the screen's own first data
 *     request, as the admin sent it) and writes the rows of its answer into a table: every field of
 *     every row as text, so the floor handles the same bytes the screen does;
 *   - `floor/login.html`: a plain sign-in form; on submit it posts the credentials, keeps the token,
 *     fetches the home summary and writes its figures.
 * Scripts are files (the server's CSP allows no inline script), a few hundred bytes each.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const page = (title: string, body: string, script: string): string => `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="icon" href="data:,"></head>
<body>${body}<script src="/floor/${script}"></script></body></html>
`;

/** Writes one answer's rows (a page's `list`, a record, or the home summary's parts) as table rows. */
const WRITE_ROWS = `
var text = function (value) { return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value); };
var writeRows = function (data, body) {
  var rows = Array.isArray(data) ? data : data && Array.isArray(data.list) ? data.list : [data];
  var keys = rows.length ? Object.keys(rows[0]) : [];
  body.replaceChildren.apply(body, rows.map(function (row) {
    var tr = document.createElement('tr');
    for (var i = 0; i < keys.length; i += 1) { var td = document.createElement('td'); td.textContent = text(row[keys[i]]); tr.appendChild(td); }
    return tr;
  }));
};
`;

const LIST_JS = `${WRITE_ROWS}
var api = new URLSearchParams(location.search).get('api');
fetch(api, { headers: { Accept: 'application/json', Authorization: localStorage.getItem('loginToken') || '' } })
  .then(function (response) { return response.json(); })
  .then(function (envelope) { writeRows(envelope.data, document.querySelector('#main-content tbody')); });
`;

const LOGIN_JS = `${WRITE_ROWS}
document.querySelector('form').addEventListener('submit', function (event) {
  event.preventDefault();
  var form = event.currentTarget;
  fetch('/api/admin/login', { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: form.username.value, password: form.password.value }) })
    .then(function (response) { return response.json(); })
    .then(function (login) {
      var token = login.data.tokenHead + login.data.token;
      localStorage.setItem('loginToken', token);
      return fetch('/api/home/summary', { headers: { Accept: 'application/json', Authorization: token } });
    })
    .then(function (response) { return response.json(); })
    .then(function (envelope) {
      var home = document.createElement('div');
      home.setAttribute('data-testid', 'home-dashboard');
      var table = document.createElement('table');
      var body = document.createElement('tbody');
      table.appendChild(body);
      home.appendChild(table);
      writeRows(Object.keys(envelope.data).map(function (key) { return { part: key, value: envelope.data[key] }; }), body);
      form.replaceWith(home);
    });
});
`;

export const FLOOR_LIST_PATH = '/floor/list.html';
export const FLOOR_LOGIN_PATH = '/floor/login.html';

/** Writes the floor pages into `staticDir/floor`. */
export const writeFloorPages = (staticDir: string): void => {
  const dir = join(staticDir, 'floor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'list.html'), page('Floor: list', '<main id="main-content"><table><tbody></tbody></table></main>', 'list.js'));
  writeFileSync(join(dir, 'list.js'), LIST_JS);
  writeFileSync(join(dir, 'login.html'), page('Floor: sign in', `<main><form method="post">
<label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form></main>`, 'login.js'));
  writeFileSync(join(dir, 'login.js'), LOGIN_JS);
};
