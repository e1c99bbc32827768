import type { Country, Registrar } from '@registrar-panel/contract';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn } from './support/signed-in';

/*
 * Every form that opens with saved values, opened by its address and by a reload, as admin@acme (the
 * one role that may use them all): each field shows the value saved, not an empty one or a
 * placeholder. The saved values are read from the answers the page itself got.
 */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await openSignedIn('admin@acme'));
});

afterAll(async () => {
  await browser?.close();
});

/** The `data` of the first answer to `call` (a path under /services) during `open`. */
async function answerDuring<T>(call: string, open: () => Promise<unknown>): Promise<T> {
  const answer = page.waitForResponse((response: Response) => new URL(response.url()).pathname === `/services${call}` && response.ok());
  await open();
  return ((await (await answer).json()) as { data: T }).data;
}

/** Opens `path` by its address, then reloads it: `check` runs each time with the registrar the page loaded. */
async function byAddressAndReload(path: string, check: (registrar: Registrar, how: string) => Promise<void>) {
  for (const [how, open] of [
    ['opened by its address', () => page.goto(path)],
    ['reloaded', () => page.reload()],
  ] as const) {
    const { registrar } = await answerDuring<{ registrar: Registrar }>('/registrar', open);
    await check(registrar, how);
  }
}

/** A form field by its name in the form (`address.city`): its id is `field-address-city`. */
const field = (name: string) => page.locator(`#field-${name.replace(/\./g, '-')}`);

describe('forms opened by their address and by a reload show every saved value', () => {
  it('Edit public contact, the country included', async () => {
    let countries: Country[] = [];
    const readCountries = (response: Response) => {
      if (new URL(response.url()).pathname !== '/services/country') return;
      response.json().then(
        (body: { data: { results: Country[] } }) => (countries = body.data.results),
        // The reload can navigate away before the body is read: that load's list is gone, and the next
        // load's answer is read instead (the check polls until the picker names the country).
        () => undefined,
      );
    };
    page.on('response', readCountries);
    await byAddressAndReload('/registrar/publicProfile/editPublicContact', async ({ publicContact: saved }, how) => {
      await page.getByRole('heading', { name: 'Update public contact information' }).waitFor();
      const country = field('address.countryCode');
      // The country's name shows once the list is in: wait for the picker to name the saved one.
      const name = () => countries.find((c) => c.iso2 === saved.address.countryCode)?.name;
      await expect.poll(async () => (await country.locator('option:checked').innerText()) === name(), { message: how }).toBe(true);
      expect(await country.inputValue(), how).toBe(saved.address.countryCode);
      expect(
        {
          organization: await field('organization').inputValue(),
          url: await field('url').inputValue(),
          email: await field('email').inputValue(),
          phone: await field('phone').inputValue(),
          street: await field('address.street').inputValue(),
          street2: await field('address.street2').inputValue(),
          street3: await field('address.street3').inputValue(),
          postalCode: await field('address.postalCode').inputValue(),
          city: await field('address.city').inputValue(),
          region: await field('address.region').inputValue(),
        },
        how,
      ).toEqual({
        organization: saved.organization,
        url: saved.url,
        email: saved.email,
        phone: saved.phone,
        street: saved.address.street,
        street2: saved.address.street2 ?? '',
        street3: saved.address.street3 ?? '',
        postalCode: saved.address.postalCode,
        city: saved.address.city,
        region: saved.address.region ?? '',
      });
      expect(await page.getByRole('button', { name: 'Update', exact: true }).isEnabled(), how).toBe(true);
    });
    page.off('response', readCountries);
  });

  it.each([
    ['editTechContact', 'Update technical contact information', 'techContact'],
    ['editAdminContact', 'Update admin contact information', 'adminContact'],
  ] as const)('%s', async (screen, heading, contact) => {
    await byAddressAndReload(`/registrar/publicProfile/${screen}`, async (registrar, how) => {
      const saved = registrar[contact];
      await page.getByRole('heading', { name: heading }).waitFor();
      expect({ name: await field('name').inputValue(), phone: await field('phone').inputValue(), email: await field('email').inputValue() }, how).toEqual({
        name: saved.name ?? '',
        phone: saved.phone,
        email: saved.email,
      });
    });
  });

  it('editAbuseContact', async () => {
    await byAddressAndReload('/registrar/publicProfile/editAbuseContact', async ({ abuseContact: saved }, how) => {
      await page.getByRole('heading', { name: 'Update abuse contact information' }).waitFor();
      expect({ phone: await field('phone').inputValue(), email: await field('email').inputValue() }, how).toEqual({ phone: saved.phone, email: saved.email });
      expect(await field('name').count(), how).toBe(0);
    });
  });

  it('the EPP IP list edit', async () => {
    for (const open of [() => page.goto('/epp/ipaddresses/edit'), () => page.reload()]) {
      const { ipAddresses } = await answerDuring<{ ipAddresses: string[] }>('/registrar/epp/ip', open);
      await page.getByRole('heading', { name: 'Update your allowed IP addresses' }).waitFor();
      const inputs = page.locator('form input.font-monospace');
      await expect.poll(() => inputs.count()).toBe(ipAddresses.length + 1);
      expect(await inputs.evaluateAll((all) => all.map((input) => (input as HTMLInputElement).value))).toEqual([...ipAddresses, '']);
    }
  });

  it('the EPP password, titled and asking the current password as the saved state says', async () => {
    for (const open of [() => page.goto('/epp/password'), () => page.reload()]) {
      const { value: required } = await answerDuring<{ value: boolean }>('/registrar/epp/password/required', open);
      await page.getByRole('heading', { name: required ? 'Update your EPP password' : 'Set your EPP password' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Current Password', exact: true }).count()).toBe(required ? 1 : 0);
    }
  });

  it('the registration search with its filters', async () => {
    const query = 'domainname=bak*&page=1&status=ok&label=INACTIVE&rgp=NONE&idn=true&expiresFrom=2026-01-01&expiresTo=2030-12-31&registrant=C1';
    for (const open of [() => page.goto(`/registrations/search?${query}`), () => page.reload()]) {
      await open();
      await page.getByRole('heading', { name: 'Search registrations' }).waitFor();
      const value = (id: string) => page.locator(`#${id}`).inputValue();
      await expect.poll(() => page.getByRole('searchbox', { name: 'Domain name' }).inputValue()).toBe('bak*');
      // The address holds YYYY-MM-DD; the date fields show the portal's YYYY/MM/DD.
      expect({
        status: await value('search-filter-status'),
        label: await value('search-filter-label'),
        rgp: await value('search-filter-rgp'),
        idn: await value('search-filter-idn'),
        expiresFrom: await value('search-filter-expiresFrom'),
        expiresTo: await value('search-filter-expiresTo'),
        registrant: await value('search-filter-registrant'),
      }).toEqual({ status: 'ok', label: 'INACTIVE', rgp: 'NONE', idn: 'true', expiresFrom: '2026/01/01', expiresTo: '2030/12/31', registrant: 'C1' });
    }
  });

  it("the registrar history's filters", async () => {
    for (const open of [() => page.goto('/registrar/history?user=admin&kind=epp&from=2026-01-01&to=2026-12-31'), () => page.reload()]) {
      await open();
      await page.getByTestId('history-filters').waitFor();
      const value = (id: string) => page.locator(`#${id}`).inputValue();
      await expect.poll(() => value('history-user')).toBe('admin');
      expect({ kind: await value('history-kind'), from: await value('history-from'), to: await value('history-to') }).toEqual({
        kind: 'epp',
        from: '2026-01-01',
        to: '2026-12-31',
      });
    }
  });
});
