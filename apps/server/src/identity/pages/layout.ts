import { languageNames, languages, type Language } from '@registrar-panel/contract';
import type { IdentityTexts } from '../texts/identity-texts';
import { html, type SafeHtml } from './html';
import { languageParam } from './page-language';

/** The portal's brand mark (Bootstrap Icons' globe2), drawn inline: these pages load no icon font. */
const globe = html`<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 16 16" fill="#fff" focusable="false">
  <path
    d="M0 8a8 8 0 1 1 16 0A8 8 0 0 1 0 8m7.5-6.923c-.67.204-1.335.82-1.887 1.855A8 8 0 0 0 5.145 4H7.5zM4.09 4a9.3 9.3 0 0 1 .64-1.539 7 7 0 0 1 .597-.933A7.03 7.03 0 0 0 2.255 4zm-.582 3.5c.03-.877.138-1.718.312-2.5H1.674a7 7 0 0 0-.656 2.5zM4.847 5a12.5 12.5 0 0 0-.338 2.5H7.5V5zM8.5 5v2.5h2.99a12.5 12.5 0 0 0-.337-2.5zM4.51 8.5a12.5 12.5 0 0 0 .337 2.5H7.5V8.5zm3.99 0V11h2.653c.187-.765.306-1.608.338-2.5zM5.145 12q.208.58.468 1.068c.552 1.035 1.218 1.65 1.887 1.855V12zm.182 2.472a7 7 0 0 1-.597-.933A9.3 9.3 0 0 1 4.09 12H2.255a7 7 0 0 0 3.072 2.472M3.82 11a13.7 13.7 0 0 1-.312-2.5h-2.49c.062.89.291 1.733.656 2.5zm6.853 3.472A7 7 0 0 0 13.745 12H11.91a9.3 9.3 0 0 1-.64 1.539 7 7 0 0 1-.597.933M8.5 12v2.923c.67-.204 1.335-.82 1.887-1.855q.26-.487.468-1.068zm3.68-1h2.146c.365-.767.594-1.61.656-2.5h-2.49a13.7 13.7 0 0 1-.312 2.5m2.802-3.5a7 7 0 0 0-.656-2.5H12.18c.174.782.282 1.623.312 2.5zM11.27 2.461c.247.464.462.98.64 1.539h1.835a7 7 0 0 0-3.072-2.472c.218.284.418.598.597.933M10.855 4a8 8 0 0 0-.468-1.068C9.835 1.897 9.17 1.282 8.5 1.077V4z"
  />
</svg>`;

export interface PageContext {
  /** '.be registrar panel': the portal's header, the same in every language (the product's name). */
  productName: string;
  /** Where the identity service's stylesheets and scripts are served (`{issuer path}/resources`). */
  resourcesPath: string;
  /** Demo mode: the header shows a 'Demo' marker, as the portal's does. */
  demoMode?: boolean;
}

/** What a page is shown in: its language's texts, and its own address, which the switcher links to in each language. */
export interface PageView {
  texts: IdentityTexts;
  /** The page's address (path and query) that shows it again; the switcher sets its `lang`. */
  here: string;
}

/** The page's address in another language: `lang` set, everything else kept (the interaction, a link's key). */
export function languageHref(here: string, language: Language): string {
  const url = new URL(here, 'http://page.invalid');
  url.searchParams.set(languageParam, language);
  return url.pathname + url.search;
}

/**
 * The switcher: each language by its own name, a link to this page in it. A script file
 * (language.js) carries what the form holds across the switch, but never a password.
 */
function languageSwitcher(view: PageView): SafeHtml {
  return html`<nav class="identity-languages" aria-label="${view.texts.t('identity.language.label')}">
    ${languages.map((language) =>
      language === view.texts.language
        ? html`<span class="identity-language" lang="${language}" aria-current="true">${languageNames[language]}</span>`
        : html`<a class="identity-language js-language" href="${languageHref(view.here, language)}" hreflang="${language}" lang="${language}"
            >${languageNames[language]}</a
          >`,
    )}
  </nav>`;
}

/**
 * A page of the identity service, styled like the portal (Bootstrap's look and the same header
 * colours, from a stylesheet of its own: identity-css.ts), in the view's language.
 * The server's Content-Security-Policy forbids inline script and style: both come from files.
 */
export function page(context: PageContext, view: PageView, options: { title: string; body: SafeHtml; script?: string; wide?: boolean }): string {
  const { t } = view.texts;
  return html`<!doctype html>
    <html lang="${view.texts.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · ${context.productName}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="${context.resourcesPath}/identity.css" />
        <script src="${context.resourcesPath}/language.js" defer></script>
        ${options.script ? html`<script src="${context.resourcesPath}/${options.script}" defer></script>` : ''}
      </head>
      <body class="identity-page">
        <header class="identity-header navbar navbar-dark px-3">
          <span class="navbar-brand d-flex align-items-center gap-2 mb-0">
            <span class="identity-brand-mark" aria-hidden="true">${globe}</span>
            <span>${context.productName}</span>
            ${
              context.demoMode
                ? html`<span class="badge rounded-pill text-bg-warning identity-demo-badge" title="${t('identity.demo.title')}"
                    >${t('identity.demo.badge')}</span
                  >`
                : ''
            }
          </span>
          ${languageSwitcher(view)}
        </header>
        <main class="container identity-main">
          <div class="card identity-card ${options.wide ? 'identity-card-wide' : ''} shadow-sm mx-auto">
            <div class="card-body p-4">${options.body}</div>
          </div>
        </main>
      </body>
    </html> `.value;
}

/** An error shown above a form, announced to screen readers. */
export function errorAlert(text: string | undefined): SafeHtml | '' {
  return text ? html`<div class="alert alert-danger" role="alert" id="form-error">${text}</div>` : '';
}

export function infoAlert(text: string | undefined): SafeHtml | '' {
  return text ? html`<div class="alert alert-info" role="status">${text}</div>` : '';
}
