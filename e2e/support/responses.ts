import type { Page, Response } from 'playwright-core';

/** Every response the page gets until `until` is done: which chunks a step loaded, for example. */
export async function responsesDuring(page: Page, until: () => Promise<unknown>): Promise<Response[]> {
  const responses: Response[] = [];
  const record = (response: Response) => responses.push(response);
  page.on('response', record);
  try {
    await until();
  } finally {
    page.off('response', record);
  }
  return responses;
}
