import { limits } from '@registrar-panel/contract';
import { html, type SafeHtml } from '../pages/html';
import { errorAlert, infoAlert, page, type PageContext, type PageView } from '../pages/layout';

/*
 * The sign-in steps: username and password, then the one-time code (or, for a user without a
 * TOTP secret, the enrolment). Labels and the button text are the spec's (English catalogue).
 */

export interface FormPage {
  context: PageContext;
  view: PageView;
  /** Where the form posts. */
  action: string;
  error?: string;
  info?: string;
}

/** The username field of the sign-in and forgotten-password forms. */
function usernameInput(field: { value: string | undefined; autofocus: boolean; invalid: boolean; describedBy: string | undefined }): SafeHtml {
  return html`<input
    id="username"
    name="username"
    type="text"
    class="form-control js-kept"
    autocomplete="username"
    autocapitalize="none"
    spellcheck="false"
    required
    maxlength="${limits.usernameMaxLength}"
    value="${field.value ?? ''}"
    aria-invalid="${field.invalid ? 'true' : 'false'}"
    ${field.describedBy ? html`aria-describedby="${field.describedBy}"` : ''}
    ${field.autofocus ? html`autofocus` : ''}
  />`;
}

export function passwordPage(options: FormPage & { username?: string; forgot?: string }): string {
  const { t } = options.view.texts;
  const invalid = options.error ? 'true' : 'false';
  return page(options.context, options.view, {
    title: t('identity.signIn.title'),
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">${t('identity.signIn.title')}</h1>
      ${infoAlert(options.info)} ${errorAlert(options.error)}
      <form method="post" action="${options.action}" novalidate class="js-single-submit">
        <div class="mb-3">
          <label for="username" class="form-label">${t('identity.signIn.username')}</label>
          ${usernameInput({
            value: options.username,
            autofocus: !options.username,
            invalid: Boolean(options.error),
            describedBy: options.error ? 'form-error' : undefined,
          })}
        </div>
        <div class="mb-4">
          <label for="password" class="form-label">${t('identity.signIn.password')}</label>
          <input
            id="password"
            name="password"
            type="password"
            class="form-control"
            autocomplete="current-password"
            required
            maxlength="256"
            aria-invalid="${invalid}"
            ${options.error ? html`aria-describedby="form-error"` : ''}
            ${options.username ? html`autofocus` : ''}
          />
        </div>
        <button type="submit" class="btn btn-primary w-100">${t('identity.signIn.submit')}</button>
      </form>
      ${options.forgot ? html`<p class="mt-3 mb-0 small"><a href="${options.forgot}">${t('identity.signIn.forgot')}</a></p>` : ''}`,
  });
}

/** 'Forgot password?': the username, then always the same answer (`sent`), whether the account exists or not. */
export function forgotPasswordPage(options: FormPage & { username?: string; back: string; sent?: boolean }): string {
  const { t } = options.view.texts;
  return page(options.context, options.view, {
    title: t('identity.forgot.title'),
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">${t('identity.forgot.title')}</h1>
      ${
        options.sent
          ? html`<div class="alert alert-info" role="status" id="forgot-sent">${t('identity.forgot.sent')}</div>`
          : html`<p id="forgot-instruction">${t('identity.forgot.instruction')}</p>
              ${errorAlert(options.error)}
              <form method="post" action="${options.action}" novalidate class="js-single-submit">
                <div class="mb-4">
                  <label for="username" class="form-label">${t('identity.signIn.username')}</label>
                  ${usernameInput({
                    value: options.username,
                    autofocus: true,
                    invalid: Boolean(options.error),
                    describedBy: options.error ? 'forgot-instruction form-error' : 'forgot-instruction',
                  })}
                </div>
                <button type="submit" class="btn btn-primary w-100">${t('identity.forgot.submit')}</button>
              </form>`
      }
      <p class="mt-3 mb-0 small"><a href="${options.back}">${t('identity.forgot.back')}</a></p>`,
  });
}

/** The One-time code form of the second step and of TOTP enrolment. */
function codeForm(options: FormPage, { autofocus }: { autofocus: boolean }) {
  const { t } = options.view.texts;
  return html`<form method="post" action="${options.action}" novalidate class="js-single-submit">
    <div class="mb-4">
      <label for="code" class="form-label">${t('identity.code.label')}</label>
      <input
        id="code"
        name="code"
        type="text"
        class="form-control identity-code"
        inputmode="numeric"
        autocomplete="one-time-code"
        pattern="[0-9 ]*"
        required
        maxlength="7"
        ${autofocus ? 'autofocus' : ''}
        aria-invalid="${options.error ? 'true' : 'false'}"
        ${options.error ? html`aria-describedby="form-error"` : ''}
      />
    </div>
    <button type="submit" class="btn btn-primary w-100">${t('identity.signIn.submit')}</button>
  </form>`;
}

export function codePage(options: FormPage & { username: string; restart: string }): string {
  const { t, rich } = options.view.texts;
  return page(options.context, options.view, {
    title: t('identity.signIn.title'),
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">${t('identity.signIn.title')}</h1>
      <p class="text-body-secondary">${rich('identity.code.signingInAs', { username: options.username })}</p>
      ${infoAlert(options.info)} ${errorAlert(options.error)} ${codeForm(options, { autofocus: true })}
      <p class="mt-3 mb-0 small"><a href="${options.restart}">${t('identity.code.restart')}</a></p>`,
  });
}

/**
 * The passkey step: the button starts the browser's passkey prompt (passkey.js, with the options
 * from `data-options`) and the form posts its answer; without script the code remains, if any.
 */
export function passkeyPage(options: FormPage & { username: string; restart: string; options: string; useCode?: string }): string {
  const { t, rich } = options.view.texts;
  return page(options.context, options.view, {
    title: t('identity.signIn.title'),
    script: 'passkey.js',
    body: html` <h1 class="h4 mb-3">${t('identity.signIn.title')}</h1>
      <p class="text-body-secondary">${rich('identity.passkey.intro', { username: options.username })}</p>
      ${errorAlert(options.error)}
      <div class="alert alert-danger d-none" role="alert" id="passkey-error"></div>
      <form
        method="post"
        action="${options.action}"
        id="passkey-form"
        data-options="${options.options}"
        data-cancelled="${t('identity.passkey.cancelled')}"
        data-unsupported="${t('identity.passkey.unsupported')}"
      >
        <input type="hidden" name="response" id="passkey-response" />
        <button type="button" class="btn btn-primary w-100" id="passkey-start" autofocus>${t('identity.passkey.use')}</button>
      </form>
      ${options.useCode ? html`<p class="mt-3 mb-0 small"><a href="${options.useCode}" id="passkey-use-code">${t('identity.passkey.useCode')}</a></p>` : ''}
      <p class="mt-3 mb-0 small"><a href="${options.restart}">${t('identity.code.restart')}</a></p>`,
  });
}

/**
 * Adding a passkey where the registrar requires one (after the password, and the code if the user
 * has the app): a name, then the button starts the browser's prompt (passkey-enrol.js, options from
 * `data-options`) and the form posts its answer. The only way on is to add one, or start again.
 */
export function passkeyEnrolmentPage(options: FormPage & { username: string; restart: string; options: string; name?: string }): string {
  const { t, rich } = options.view.texts;
  const invalid = options.error ? 'true' : 'false';
  return page(options.context, options.view, {
    title: t('identity.enrolPasskey.title'),
    script: 'passkey-enrol.js',
    body: html` <h1 class="h4 mb-3">${t('identity.enrolPasskey.title')}</h1>
      <p>${rich('identity.enrolPasskey.intro', { username: options.username })}</p>
      ${errorAlert(options.error)}
      <div class="alert alert-danger d-none" role="alert" id="passkey-error"></div>
      <form
        method="post"
        action="${options.action}"
        id="passkey-enrol-form"
        data-options="${options.options}"
        data-cancelled="${t('identity.passkey.cancelled')}"
        data-unsupported="${t('identity.passkey.unsupported')}"
      >
        <div class="mb-4">
          <label for="passkey-name" class="form-label">${t('identity.enrolPasskey.name')}</label>
          <input
            id="passkey-name"
            name="name"
            type="text"
            class="form-control"
            required
            maxlength="${limits.passkeyNameMaxLength}"
            value="${options.name ?? ''}"
            autocomplete="off"
            aria-invalid="${invalid}"
            aria-describedby="passkey-name-help${options.error ? ' form-error' : ''}"
            autofocus
          />
          <p class="form-text small mb-0" id="passkey-name-help">${t('identity.enrolPasskey.nameHelp')}</p>
        </div>
        <input type="hidden" name="response" id="passkey-response" />
        <button type="button" class="btn btn-primary w-100" id="passkey-enrol-start">${t('identity.enrolPasskey.add')}</button>
      </form>
      <p class="mt-3 mb-0 small"><a href="${options.restart}">${t('identity.code.restart')}</a></p>`,
  });
}

/** Groups a base32 secret in fours, as authenticator apps show it. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function enrolmentPage(options: FormPage & { username: string; restart: string; secret: string; qrDataUrl: string }): string {
  const { t, rich } = options.view.texts;
  return page(options.context, options.view, {
    title: t('identity.enrol.title'),
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">${t('identity.enrol.title')}</h1>
      <p>${rich('identity.enrol.intro', { username: options.username })}</p>
      <div class="text-center mb-3">
        <img src="${options.qrDataUrl}" width="200" height="200" alt="${t('identity.enrol.qrAlt')}" class="identity-qr" />
      </div>
      <p class="mb-1">${t('identity.enrol.manual')}</p>
      <p class="identity-secret text-center" id="totp-secret" aria-label="${t('identity.enrol.secretLabel')}">${groupedSecret(options.secret)}</p>
      ${errorAlert(options.error)} ${codeForm(options, { autofocus: false })}
      <p class="mt-3 mb-0 small"><a href="${options.restart}">${t('identity.code.restart')}</a></p>`,
  });
}
