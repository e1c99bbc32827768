import { countriesAnswer, serverPropertiesAnswer } from '../responses/registrar';
import { languageChoiceSchema } from '../../language-choice';
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
    description: 'Every ISO 3166-1 country with its English name, sorted by name: the choices of a contact’s country.',
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
  {
    ...operation('setMyLanguage'),
    tag: 'session',
    summary: 'Choose my language',
    description:
      "Sets the caller's language (`en`, `nl`, `fr` or `de`): the portal's pages, the identity service's pages and the caller's mails follow it. Tokens issued before carry the earlier `locale` until they are refreshed.",
    access: 'signedIn',
    body: languageChoiceSchema,
    fields: { language: 'One of `en`, `nl`, `fr`, `de`.' },
    answer: { kind: 'json', status: 200, data: null, description: 'Saved.' },
    example: { body: { language: 'nl' } },
  },
] as const satisfies readonly ApiRoute[];
