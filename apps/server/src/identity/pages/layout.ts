import { html, type SafeHtml } from './html';

export interface PageContext {
  /** '.be registrar panel': the portal's header. */
  productName: string;
  /** Where the identity service's stylesheets and scripts are served (`{issuer path}/resources`). */
  resourcesPath: string;
}

/**
 * A page of the identity service, styled like the portal (Bootstrap, the same header colours).
 * The server's Content-Security-Policy forbids inline script and style: both come from files.
 */
export function page(context: PageContext, options: { title: string; body: SafeHtml; script?: string; wide?: boolean }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · ${context.productName}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="${context.resourcesPath}/bootstrap.min.css" />
        <link rel="stylesheet" href="${context.resourcesPath}/identity.css" />
        ${options.script ? html`<script src="${context.resourcesPath}/${options.script}" defer></script>` : ''}
      </head>
      <body class="identity-page">
        <header class="identity-header navbar navbar-dark bg-dark px-3">
          <span class="navbar-brand mb-0 h1">${context.productName}</span>
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
