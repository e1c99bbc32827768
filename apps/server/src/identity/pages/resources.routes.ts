import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/*
 * Stylesheets and scripts of the identity pages, served as files: the Content-Security-Policy
 * allows no inline style or script.
 */

const identityCss = `
.identity-page { background: #f2f5f9; min-height: 100vh; }
.identity-header { min-height: 3.75rem; background-color: #0f2747; border-bottom: 3px solid var(--bs-primary); }
.identity-header .navbar-brand { font-weight: 600; letter-spacing: 0.01em; }
.identity-demo-badge { font-size: 0.75rem; }
.identity-brand-mark { display: inline-flex; align-items: center; justify-content: center; width: 2.1rem; height: 2.1rem; border-radius: 0.55rem; background: linear-gradient(135deg, #3d8bfd, #0a58ca); }
.identity-main { padding-top: 3rem; padding-bottom: 3rem; }
.identity-card { max-width: 28rem; border: 0; }
.identity-card-wide { max-width: 56rem; }
.identity-code { font-size: 1.5rem; letter-spacing: 0.3em; text-align: center; font-variant-numeric: tabular-nums; }
.identity-secret { font-family: var(--bs-font-monospace); font-size: 1.05rem; letter-spacing: 0.05em; background: #f8f9fa; border-radius: 0.375rem; padding: 0.5rem; user-select: all; }
.identity-qr { image-rendering: pixelated; border: 1px solid #dee2e6; border-radius: 0.375rem; }
`;

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
  const bootstrapCss = await readFile(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
  const base = `${options.issuerPath}/resources`;
  const files: Record<string, { type: string; body: string }> = {
    'bootstrap.min.css': { type: 'text/css; charset=utf-8', body: bootstrapCss.replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, '') },
    'identity.css': { type: 'text/css; charset=utf-8', body: identityCss },
    'sign-in.js': { type: 'text/javascript; charset=utf-8', body: signInJs },
    'logout.js': { type: 'text/javascript; charset=utf-8', body: logoutJs },
  };
  for (const [name, file] of Object.entries(files)) {
    app.get(`${base}/${name}`, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type(file.type).send(file.body));
  }
}
