import { limits, registrarHandleOf } from '@registrar-panel/contract';
import { contextWordIn, isCommonPassword, registrarWord, type ContextWord } from '../../lib/unsafe-passwords';
import type { IdentityTextKey, IdentityTexts } from '../texts/identity-texts';

// The contract's, which My account's form checks too.
export const passwordMinLength = limits.accountPasswordMinLength;
export const passwordMaxLength = limits.accountPasswordMaxLength;

/** The rule for panel users' passwords, shown on the page that sets one, in the page's language. */
export function passwordRules(tld: string, { t }: Pick<IdentityTexts, 't'>): string {
  return t('identity.password.rules', { min: passwordMinLength, word: registrarWord, tld });
}

/** What is wrong with a new password: a text of the identity catalogues with its values. */
export interface PasswordProblem {
  key: IdentityTextKey;
  params?: Readonly<Record<string, string | number>>;
}

const contextProblems: Record<ContextWord, (tld: string) => PasswordProblem> = {
  username: () => ({ key: 'identity.password.containsUsername' }),
  registrarHandle: () => ({ key: 'identity.password.containsHandle' }),
  registrar: () => ({ key: 'identity.password.containsWord', params: { word: registrarWord } }),
  tld: (tld) => ({ key: 'identity.password.containsTld', params: { tld } }),
};

/** What is wrong with a new password; undefined when it is fine. */
export function passwordProblem(password: string, confirmation: string, account: { username: string; tld: string }): PasswordProblem | undefined {
  if (password.length < passwordMinLength) return { key: 'identity.password.tooShort', params: { min: passwordMinLength } };
  if (password.length > passwordMaxLength) return { key: 'identity.password.tooLong', params: { max: passwordMaxLength } };
  const word = contextWordIn(password, { usernames: [account.username], registrarHandle: registrarHandleOf(account.username), tld: account.tld });
  if (word) return contextProblems[word](account.tld);
  if (isCommonPassword(password)) return { key: 'identity.password.tooCommon' };
  if (password !== confirmation) return { key: 'identity.password.mismatch' };
  return undefined;
}
