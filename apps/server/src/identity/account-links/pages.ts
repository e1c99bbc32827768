import { html } from '../pages/html';
import { errorAlert, page, type PageContext, type PageView } from '../pages/layout';

/** The page an activation or reset link opens: choose a password, twice. */
export function setPasswordPage(options: {
  context: PageContext;
  view: PageView;
  action: string;
  /** The link's key, posted back with the form. */
  token: string;
  purpose: 'activation' | 'reset';
  username: string;
  error?: string;
  rules: string;
}): string {
  const { t, rich } = options.view.texts;
  const title = t(options.purpose === 'activation' ? 'identity.password.activationTitle' : 'identity.password.resetTitle');
  return page(options.context, options.view, {
    title,
    script: 'sign-in.js',
    body: html` <h1 class="h4 mb-3">${title}</h1>
      <p>${rich('identity.password.chooseFor', { username: options.username })}</p>
      <p class="small text-body-secondary" id="password-rules">${options.rules}</p>
      ${errorAlert(options.error)}
      <form method="post" action="${options.action}" novalidate class="js-single-submit">
        <input type="hidden" name="key" value="${options.token}" />
        <input type="hidden" name="lang" value="${options.view.texts.language}" />
        <input type="text" name="username" value="${options.username}" autocomplete="username" class="d-none" readonly tabindex="-1" aria-hidden="true" />
        <div class="mb-3">
          <label for="password" class="form-label">${t('identity.password.new')}</label>
          <input
            id="password"
            name="password"
            type="password"
            class="form-control"
            autocomplete="new-password"
            required
            maxlength="256"
            autofocus
            aria-invalid="${options.error ? 'true' : 'false'}"
            aria-describedby="${options.error ? 'password-rules form-error' : 'password-rules'}"
          />
        </div>
        <div class="mb-4">
          <label for="confirmation" class="form-label">${t('identity.password.confirm')}</label>
          <input id="confirmation" name="confirmation" type="password" class="form-control" autocomplete="new-password" required maxlength="256" />
        </div>
        <button type="submit" class="btn btn-primary w-100">${t('identity.password.save')}</button>
      </form>`,
  });
}

/** A short page with one message and a way on. */
export function messagePage(options: { context: PageContext; view: PageView; title: string; text: string; link?: { href: string; label: string } }): string {
  return page(options.context, options.view, {
    title: options.title,
    body: html` <h1 class="h4 mb-3">${options.title}</h1>
      <p>${options.text}</p>
      ${options.link ? html`<a class="btn btn-primary w-100" href="${options.link.href}">${options.link.label}</a>` : ''}`,
  });
}
