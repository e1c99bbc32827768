import type { FastifyInstance } from 'fastify';
import { identityCss } from './identity-css';

/*
 * The stylesheet and scripts of the identity pages, served as files: the Content-Security-Policy
 * allows no inline style or script. One small stylesheet of their own (identity-css.ts), not Bootstrap.
 */

/** Submits a form once: the button is disabled while the page changes. */
const signInJs = `
document.querySelectorAll('form.js-single-submit').forEach(function (form) {
  form.addEventListener('submit', function () {
    form.querySelectorAll('button[type=submit]').forEach(function (button) { button.disabled = true; });
  });
});
`;

/**
 * The language switcher keeps what the form holds: the fields marked \`js-kept\` (the username, never
 * a password) are kept in this tab across the switch and filled in again on the page in the new language.
 */
const languageJs = `
var keptKey = 'registrar-panel.identity.kept';
document.querySelectorAll('a.js-language').forEach(function (link) {
  link.addEventListener('click', function () {
    var kept = {};
    document.querySelectorAll('input.js-kept').forEach(function (input) { if (input.id && input.value) kept[input.id] = input.value; });
    try { sessionStorage.setItem(keptKey, JSON.stringify({ path: location.pathname, fields: kept })); } catch (e) {}
  });
});
try {
  var saved = JSON.parse(sessionStorage.getItem(keptKey) || 'null');
  sessionStorage.removeItem(keptKey);
  if (saved && saved.path === location.pathname) {
    Object.keys(saved.fields).forEach(function (id) {
      var input = document.getElementById(id);
      if (input && input.classList.contains('js-kept') && !input.value) input.value = String(saved.fields[id]);
    });
  }
} catch (e) {}
`;

/** The portal asked to log out: confirm at once. */
const logoutJs = `
var button = document.getElementById('logout-confirm');
if (button) button.click();
`;

export async function resourceRoutes(app: FastifyInstance, options: { issuerPath: string }) {
  const base = `${options.issuerPath}/resources`;
  const files: Record<string, { type: string; body: string }> = {
    'identity.css': { type: 'text/css; charset=utf-8', body: identityCss },
    'sign-in.js': { type: 'text/javascript; charset=utf-8', body: signInJs },
    'logout.js': { type: 'text/javascript; charset=utf-8', body: logoutJs },
    'language.js': { type: 'text/javascript; charset=utf-8', body: languageJs },
  };
  for (const [name, file] of Object.entries(files)) {
    app.get(`${base}/${name}`, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type(file.type).send(file.body));
  }
}
