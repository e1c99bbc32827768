import type { Page } from 'playwright-core';

/**
 * Gives `page` Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a passkey
 * store on "this device" that verifies its user, as a laptop's or phone's does. What it creates
 * stays with this page's DevTools session.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}
