import type { Language } from '@registrar-panel/contract';
import { html, SafeHtml } from '../pages/html';
import { page, type PageContext, type PageView } from '../pages/layout';
import { chosenLanguage, languageOfUiLocales, pageLanguage } from '../pages/page-language';
import { identityTexts } from '../texts/identity-texts';

/** The view of a page the provider itself answers: the switcher's `lang`, else the request's `ui_locales`, else English. */
export function providerView(request: { query: unknown; url: string; uiLocales?: unknown }): PageView {
  const language: Language = pageLanguage(chosenLanguage(request.query), languageOfUiLocales(request.uiLocales));
  return { texts: identityTexts(language), here: request.url };
}

/**
 * Logout. When the portal's Logout asked for it (`confirmAtOnce`), a script file submits the
 * provider's form at once, and without script the user presses the button. Any other request,
 * such as a link on another site, only shows the question: nobody is logged out by a link.
 */
export function logoutPage(context: PageContext, view: PageView, form: string, options: { confirmAtOnce: boolean }): string {
  const { t } = view.texts;
  return page(context, view, {
    title: t('identity.logout.title'),
    ...(options.confirmAtOnce ? { script: 'logout.js' } : {}),
    body: html` <h1 class="h4 mb-3">${t('identity.logout.title')}</h1>
      <p>${options.confirmAtOnce ? t('identity.logout.atOnce') : t('identity.logout.question')}</p>
      ${new SafeHtml(form)}
      <button id="logout-confirm" type="submit" form="op.logoutForm" name="logout" value="yes" class="btn btn-primary w-100">
        ${t('identity.logout.submit')}
      </button>`,
  });
}

export function loggedOutPage(context: PageContext, view: PageView, portalUrl: string): string {
  const { t } = view.texts;
  return page(context, view, {
    title: t('identity.loggedOut.title'),
    body: html` <h1 class="h4 mb-3">${t('identity.loggedOut.heading')}</h1>
      <a class="btn btn-primary w-100" href="${portalUrl}/">${t('identity.loggedOut.signInAgain')}</a>`,
  });
}

/**
 * The provider's error page: what went wrong in words, never internals. The provider's own
 * description is English: in another language the page says it in general words instead.
 */
export function providerErrorPage(context: PageContext, view: PageView, portalUrl: string, error: { code: string; description?: string | undefined }): string {
  const { t, language } = view.texts;
  const expired = error.code === 'invalid_request' && /interaction|session/i.test(error.description ?? '');
  const failedText = language === 'en' && error.description ? error.description : t('identity.problem.failedText');
  return page(context, view, {
    title: t('identity.problem.title'),
    body: html` <h1 class="h4 mb-3">${expired ? t('identity.problem.expiredHeading') : t('identity.problem.failedHeading')}</h1>
      <p>${expired ? t('identity.problem.expiredText') : failedText}</p>
      <a class="btn btn-primary w-100" href="${portalUrl}/">${t('identity.goToPanel')}</a>`,
  });
}
