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

/** base64url text to an ArrayBuffer and back, for both passkey scripts. */
const base64urlJs = `
  function toBuffer(value) {
    var text = atob(value.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((value.length + 3) % 4));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes.buffer;
  }
  function toText(buffer) {
    var bytes = new Uint8Array(buffer), text = '';
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
`;

/**
 * The passkey step (sign-in/pages.ts passkeyPage): asks the browser for the user's passkey with the
 * page's options and posts the answer as JSON. Only base64url and ArrayBuffer are converted here;
 * the server checks everything with @simplewebauthn/server.
 */
const passkeyJs = `
(function () {
  var form = document.getElementById('passkey-form');
  var start = document.getElementById('passkey-start');
  var error = document.getElementById('passkey-error');
  if (!form || !start || !error) return;
  function show(text) { error.textContent = text; error.classList.remove('d-none'); }
${base64urlJs}
  start.addEventListener('click', function () {
    var options = JSON.parse(form.getAttribute('data-options') || 'null');
    if (!options || !window.PublicKeyCredential || !navigator.credentials) { show(form.getAttribute('data-unsupported')); return; }
    start.disabled = true;
    navigator.credentials.get({ publicKey: {
      challenge: toBuffer(options.challenge),
      rpId: options.rpId,
      timeout: options.timeout,
      userVerification: options.userVerification,
      allowCredentials: (options.allowCredentials || []).map(function (c) { return { type: 'public-key', id: toBuffer(c.id), transports: c.transports }; })
    } }).then(function (credential) {
      var r = credential.response;
      document.getElementById('passkey-response').value = JSON.stringify({
        id: credential.id, rawId: toText(credential.rawId), type: credential.type, clientExtensionResults: credential.getClientExtensionResults(),
        authenticatorAttachment: credential.authenticatorAttachment || undefined,
        response: { clientDataJSON: toText(r.clientDataJSON), authenticatorData: toText(r.authenticatorData), signature: toText(r.signature),
          userHandle: r.userHandle ? toText(r.userHandle) : undefined }
      });
      form.submit();
    }, function () {
      start.disabled = false;
      show(form.getAttribute('data-cancelled'));
    });
  });
})();
`;

/**
 * Adding a passkey at sign-in where the registrar requires one (sign-in/pages.ts
 * passkeyEnrolmentPage): asks the browser to create one with the page's options and posts the
 * answer as JSON with the name typed. The server checks everything with @simplewebauthn/server.
 */
const passkeyEnrolJs = `
(function () {
  var form = document.getElementById('passkey-enrol-form');
  var start = document.getElementById('passkey-enrol-start');
  var error = document.getElementById('passkey-error');
  if (!form || !start || !error) return;
  function show(text) { error.textContent = text; error.classList.remove('d-none'); }
${base64urlJs}
  start.addEventListener('click', function () {
    var options = JSON.parse(form.getAttribute('data-options') || 'null');
    if (!options || !window.PublicKeyCredential || !navigator.credentials) { show(form.getAttribute('data-unsupported')); return; }
    start.disabled = true;
    navigator.credentials.create({ publicKey: {
      challenge: toBuffer(options.challenge),
      rp: options.rp,
      user: { id: toBuffer(options.user.id), name: options.user.name, displayName: options.user.displayName },
      pubKeyCredParams: options.pubKeyCredParams,
      timeout: options.timeout,
      attestation: options.attestation,
      authenticatorSelection: options.authenticatorSelection,
      excludeCredentials: (options.excludeCredentials || []).map(function (c) { return { type: 'public-key', id: toBuffer(c.id), transports: c.transports }; })
    } }).then(function (credential) {
      var r = credential.response;
      document.getElementById('passkey-response').value = JSON.stringify({
        id: credential.id, rawId: toText(credential.rawId), type: credential.type,
        authenticatorAttachment: credential.authenticatorAttachment || undefined,
        response: { clientDataJSON: toText(r.clientDataJSON), attestationObject: toText(r.attestationObject),
          transports: typeof r.getTransports === 'function' ? r.getTransports() : undefined }
      });
      form.submit();
    }, function () {
      start.disabled = false;
      show(form.getAttribute('data-cancelled'));
    });
  });
})();
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
    'passkey.js': { type: 'text/javascript; charset=utf-8', body: passkeyJs },
    'passkey-enrol.js': { type: 'text/javascript; charset=utf-8', body: passkeyEnrolJs },
    'logout.js': { type: 'text/javascript; charset=utf-8', body: logoutJs },
    'language.js': { type: 'text/javascript; charset=utf-8', body: languageJs },
  };
  for (const [name, file] of Object.entries(files)) {
    app.get(`${base}/${name}`, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type(file.type).send(file.body));
  }
}
