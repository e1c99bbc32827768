import { limits } from '@registrar-panel/contract';
import { html, type SafeHtml } from '../pages/html';
import { errorAlert, infoAlert, page, type PageContext } from '../pages/layout';

/*
 * The sign-in steps: username and password, then the one-time code (or, for a user without a
 * TOTP secret, the enrolment). Labels and the button text are the spec's.
 */

export interface FormPage {
  context: PageContext;
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
    class="form-control"
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
  const invalid = options.error ? 'true' : 'false';
  return page(options.context, {
    title: 'Sign in',
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">Sign in</h1>
      ${infoAlert(options.info)} ${errorAlert(options.error)}
      <form method="post" action="${options.action}" novalidate class="js-single-submit">
        <div class="mb-3">
          <label for="username" class="form-label">Username</label>
          ${usernameInput({
            value: options.username,
            autofocus: !options.username,
            invalid: Boolean(options.error),
            describedBy: options.error ? 'form-error' : undefined,
          })}
        </div>
        <div class="mb-4">
          <label for="password" class="form-label">Password</label>
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
        <button type="submit" class="btn btn-primary w-100">Sign in</button>
      </form>
      ${options.forgot ? html`<p class="mt-3 mb-0 small"><a href="${options.forgot}">Forgot password?</a></p>` : ''}`,
  });
}

/** The texts of the forgotten-password page (Keycloak's theme says the same: emailInstruction, emailSentMessage). */
export const forgotPasswordTexts = {
  title: 'Reset your password',
  instruction: 'Enter your username. We will send a link to choose a new password to the email address of your account.',
  /** The same answer whether the account exists or not. */
  sent: 'If an account with that username exists, we have sent a link to choose a new password to its email address. The link works once, for 12 hours.',
  usernameRequired: 'Enter your username.',
};

/** 'Forgot password?': the username, then always the same answer (`sent`), whether the account exists or not. */
export function forgotPasswordPage(options: FormPage & { username?: string; back: string; sent?: boolean }): string {
  return page(options.context, {
    title: forgotPasswordTexts.title,
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">${forgotPasswordTexts.title}</h1>
      ${
        options.sent
          ? html`<div class="alert alert-info" role="status" id="forgot-sent">${forgotPasswordTexts.sent}</div>`
          : html`<p id="forgot-instruction">${forgotPasswordTexts.instruction}</p>
              ${errorAlert(options.error)}
              <form method="post" action="${options.action}" novalidate class="js-single-submit">
                <div class="mb-4">
                  <label for="username" class="form-label">Username</label>
                  ${usernameInput({
                    value: options.username,
                    autofocus: true,
                    invalid: Boolean(options.error),
                    describedBy: options.error ? 'forgot-instruction form-error' : 'forgot-instruction',
                  })}
                </div>
                <button type="submit" class="btn btn-primary w-100">Send reset link</button>
              </form>`
      }
      <p class="mt-3 mb-0 small"><a href="${options.back}">« Back to sign in</a></p>`,
  });
}

/** The One-time code form of the second step and of TOTP enrolment. */
function codeForm(options: FormPage, { autofocus }: { autofocus: boolean }) {
  return html`<form method="post" action="${options.action}" novalidate class="js-single-submit">
    <div class="mb-4">
      <label for="code" class="form-label">One-time code</label>
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
    <button type="submit" class="btn btn-primary w-100">Sign in</button>
  </form>`;
}

export function codePage(options: FormPage & { username: string; restart: string }): string {
  return page(options.context, {
    title: 'Sign in',
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">Sign in</h1>
      <p class="text-body-secondary">Signing in as <strong>${options.username}</strong>. Enter the 6-digit code your authenticator app shows.</p>
      ${errorAlert(options.error)} ${codeForm(options, { autofocus: true })}
      <p class="mt-3 mb-0 small"><a href="${options.restart}">Sign in as someone else</a></p>`,
  });
}

/** Groups a base32 secret in fours, as authenticator apps show it. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function enrolmentPage(options: FormPage & { username: string; restart: string; secret: string; qrDataUrl: string }): string {
  return page(options.context, {
    title: 'Set up 2-step verification',
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">Set up 2-step verification</h1>
      <p>
        Your account <strong>${options.username}</strong> needs 2-step verification. Scan this QR code with an authenticator app (for example FreeOTP, Google
        Authenticator or Microsoft Authenticator), then enter the code it shows.
      </p>
      <div class="text-center mb-3">
        <img src="${options.qrDataUrl}" width="200" height="200" alt="QR code to add your account to an authenticator app" class="identity-qr" />
      </div>
      <p class="mb-1">Cannot scan it? Enter this key in the app instead (time-based, 6 digits, every 30 seconds):</p>
      <p class="identity-secret text-center" id="totp-secret" aria-label="Secret key">${groupedSecret(options.secret)}</p>
      ${errorAlert(options.error)} ${codeForm(options, { autofocus: false })}
      <p class="mt-3 mb-0 small"><a href="${options.restart}">Sign in as someone else</a></p>`,
  });
}
