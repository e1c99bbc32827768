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
  };
  for (const [name, file] of Object.entries(files)) {
    app.get(`${base}/${name}`, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type(file.type).send(file.body));
  }
}
