import { formatDateTime } from '@registrar-panel/contract';
import { providerView } from '../provider/pages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc } from 'drizzle-orm';
import { demoMailbox } from '../../db/schema';
import { cameThroughProxy, isLoopbackAddress } from '../../lib/addresses';
import { html } from '../pages/html';
import { page, type PageContext } from '../pages/layout';

/** Turns the links of a mail's text into anchors; everything else stays escaped text. */
function linkified(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) => (i % 2 === 1 ? html`<a href="${part}">${part}</a>` : part));
}

/**
 * This machine's own browser: the socket's address, not a header a client can write, and no
 * proxy in between (a proxy on the same machine would make every visitor look local).
 */
function isLocalClient(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && !cameThroughProxy(request.headers);
}

/**
 * Demo mode only: the mail outbox (what would have been sent without SMTP), newest first,
 * so that activation and reset links can be followed without a mail server. It holds activation
 * and reset links, so it opens only on the portal's own machine.
 */
export async function devMailRoutes(app: FastifyInstance, options: { pageContext: PageContext }) {
  app.get('/dev/mail', async (request, reply) => {
    const view = providerView({ query: request.query, url: request.url });
    const { t } = view.texts;
    if (!isLocalClient(request)) {
      const body = html`<h1 class="h4 mb-3">${t('identity.devMail.heading')}</h1>
        <p class="mb-0">${t('identity.devMail.localOnly')}</p>`;
      return reply
        .status(403)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(options.pageContext, view, { title: t('identity.devMail.title'), body }));
    }
    const mails = await app.db.select().from(demoMailbox).orderBy(desc(demoMailbox.id)).limit(100);
    const body = html` <h1 class="h4 mb-3">${t('identity.devMail.heading')}</h1>
      <p class="text-body-secondary small">${t('identity.devMail.latest')}</p>
      ${mails.length === 0 ? html`<p>${t('identity.devMail.none')}</p>` : ''}
      ${mails.map(
        (mail) =>
          html` <article class="border rounded p-3 mb-3">
            <h2 class="h6 mb-1">${mail.subject}</h2>
            <p class="small text-body-secondary mb-2">${t('identity.devMail.to', { to: mail.to, at: formatDateTime(mail.createdAt.toISOString()) })}</p>
            <pre class="mb-0 text-wrap">${linkified(mail.text)}</pre>
          </article>`,
      )}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(options.pageContext, view, { title: t('identity.devMail.title'), body, wide: true }));
  });
}
