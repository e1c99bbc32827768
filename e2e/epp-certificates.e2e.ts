import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, expectNoAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { capturePage } from './support/screenshots';
import { signIn } from './support/sign-in';
import { makeTestCertificate } from './support/test-certificate';

/*
 * The EPP client certificates on /epp/security, as tech@acme of the demo (whose primary certificate
 * has 27 days left): a private key pasted is refused on the field, a certificate chosen as a file is
 * uploaded into the failover slot and shown, then removed after the confirmation. axe at both
 * widths on each state; the failover slot is left empty, as the demo has it.
 */
let browser: Browser;
let page: Page;
let certificate: { pem: string; keyPem: string };

const section = () => page.locator('[data-testid="epp-certificates"]');
const failover = () => page.locator('[data-testid="certificate-failover"]');
const pemField = () => failover().getByRole('textbox', { name: 'Or paste the certificate (PEM)' });

async function checkSection(label: string): Promise<void> {
  await page.locator('.app-spinner-overlay').waitFor({ state: 'detached' });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoAxeViolations(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 850 });
  await capturePage(page, `epp-certificates-${label}`);
}

beforeAll(async () => {
  [browser, certificate] = await Promise.all([launchBrowser(), makeTestCertificate('CN=epp-failover.acme.example, O=Acme Registrar NV, C=BE')]);
  page = await (await axeContext(browser)).newPage();
  await signIn(page, 'tech@acme', undefined, '/epp/security');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click();
});
afterAll(async () => browser?.close());

describe('EPP client certificates', () => {
  it('shows the demo primary certificate with its warning, and an empty failover slot', async () => {
    await page.getByRole('heading', { name: 'Client certificates' }).waitFor();
    const primary = page.locator('[data-testid="certificate-primary"]');
    await primary.locator('[data-field="subject"]', { hasText: 'CN=epp-client.acme.example, O=Acme Registrar NV, C=BE' }).waitFor();
    expect(await primary.getByTestId('certificate-warning').innerText()).toMatch(/^This certificate expires in 2\d days\./);
    expect(await failover().innerText()).toContain('No certificate.');
    await checkSection('demo');
  });

  it('refuses a private key on the field, saying why', async () => {
    await failover().getByRole('button', { name: 'Upload' }).click();
    await pemField().fill(`${certificate.pem}\n${certificate.keyPem}`);
    await failover().getByRole('button', { name: 'Upload certificate' }).click();
    await failover().locator('.invalid-feedback', { hasText: 'This holds a private key.' }).waitFor();
    expect(await pemField().getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('certificate-failover-pem');
    await checkSection('refused');
  });

  it('uploads a certificate chosen as a file, and shows its details', async () => {
    await failover()
      .getByLabel('Certificate file')
      .setInputFiles({ name: 'failover.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(certificate.pem) });
    await expect.poll(() => pemField().inputValue()).toBe(certificate.pem);
    await failover().getByRole('button', { name: 'Upload certificate' }).click();
    await page.getByText('The certificate was uploaded.').waitFor();
    await failover().locator('[data-field="subject"]', { hasText: 'CN=epp-failover.acme.example, O=Acme Registrar NV, C=BE' }).waitFor();
    const text = await failover().innerText();
    expect(text).toContain('RSA 2048 bits · SHA-256 with RSA');
    expect(text).toMatch(/89 days left/);
    expect(text).toMatch(/by tech@acme/);
    expect(await failover().getByTestId('certificate-fingerprint').innerText()).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    await checkSection('uploaded');
  });

  it('removes it after a confirmation that names what stops working', async () => {
    await failover().getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the failover certificate?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'EPP clients that present this certificate (CN=epp-failover.acme.example, O=Acme Registrar NV, C=BE) can no longer connect',
    );
    expect(await dialog.innerText()).toContain('EPP clients that present your other certificate keep connecting.');
    await expectNoAxeViolations(page, 'removal dialog');
    await dialog.getByRole('button', { name: 'Remove certificate' }).click();
    await page.getByText('The certificate was removed.').waitFor();
    await failover().getByText('No certificate.').waitFor();
    expect(await section().innerText()).toContain('CN=epp-client.acme.example');
  });
});
