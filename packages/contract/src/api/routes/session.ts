import { countriesAnswer, serverPropertiesAnswer } from '../responses/registrar';
import type { ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';

export const sessionRoutes = [
  {
    ...operation('getServerProperties'),
    tag: 'session',
    summary: "Read the portal's settings",
    description: 'Settings the portal shows, such as the top-level domain (`ngp.registration.exposed.top_level_domain`).',
    access: 'signedIn',
    answer: { kind: 'json', status: 200, data: serverPropertiesAnswer, description: 'The settings.' },
  },
  {
    ...operation('listCountries'),
    tag: 'session',
    summary: 'List the countries',
    description:
      'Every ISO 3166-1 country with its name in the caller’s language (`Accept-Language`: Dutch, French or German; English otherwise), sorted in that language’s order: the choices of a contact’s country.',
    access: 'signedIn',
    answer: { kind: 'json', status: 200, data: countriesAnswer, description: 'The countries.' },
  },
  {
    ...operation('requestPasswordReset'),
    tag: 'session',
    summary: 'Mail myself a password reset link',
    description: 'Mails the caller a link to choose a new password. Limited per address and per account, so that a script cannot fill a mailbox.',
    access: 'signedIn',
    answer: { kind: 'json', status: 200, data: null, description: 'Mailed.' },
    errors: { 502: ['identity.mailFailed'] },
    webHandles: webHandledKeys.requestPasswordReset,
  },
] as const satisfies readonly ApiRoute[];
