import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../db/schema';
import { html } from './pages/html';
import { page, type PageContext } from './pages/layout';

/** Turns the links of a mail's text into anchors; everything else stays escaped text. */
function linkified(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) => (i % 2 === 1 ? html`<a href="${part}">${part}</a>` : part));
}

/**
 * Demo mode only: the mail outbox (what would have been sent without SMTP), newest first,
 * so that activation and reset links can be followed without a mail server.
 */
export async function devMailRoutes(app: FastifyInstance, options: { pageContext: PageContext }) {
  app.get('/dev/mail', async (_request, reply) => {
    const mails = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
    const body = html` <h1 class="h4 mb-3">Mail outbox (demo)</h1>
      <p class="text-body-secondary small">The latest 100 mails the portal wrote to its outbox, newest first.</p>
      ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
      ${mails.map(
        (mail) =>
          html` <article class="border rounded p-3 mb-3">
            <h2 class="h6 mb-1">${mail.subject}</h2>
            <p class="small text-body-secondary mb-2">To ${mail.to} · ${mail.createdAt.toISOString()}</p>
            <pre class="mb-0 text-wrap">${linkified(mail.text)}</pre>
          </article>`,
      )}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(options.pageContext, { title: 'Mail outbox', body, wide: true }));
  });
}
