import { registrarHandleOf } from '@registrar-panel/contract';
import { contextWordIn, isCommonPassword, registrarWord, type ContextWord } from '../../lib/unsafe-passwords';

export const passwordMinLength = 12;
export const passwordMaxLength = 256;

/** The rule for panel users' passwords, shown on the page that sets one. */
export function passwordRules(tld: string): string {
  return `Use at least ${passwordMinLength} characters. Your password must not be a commonly used password, nor contain your username, your registrar’s handle, the word ‘${registrarWord}’ or the top-level domain ‘${tld}’.`;
}

const contextProblems: Record<ContextWord, (tld: string) => string> = {
  username: () => 'The password must not contain your username.',
  registrarHandle: () => 'The password must not contain your registrar’s handle.',
  registrar: () => `The password must not contain the word ‘${registrarWord}’.`,
  tld: (tld) => `The password must not contain the top-level domain ‘${tld}’ as a word.`,
};

/** What is wrong with a new password, in words for the page; undefined when it is fine. */
export function passwordProblem(password: string, confirmation: string, account: { username: string; tld: string }): string | undefined {
  if (password.length < passwordMinLength) return `The password is too short: use at least ${passwordMinLength} characters.`;
  if (password.length > passwordMaxLength) return `The password is too long: use at most ${passwordMaxLength} characters.`;
  const word = contextWordIn(password, { usernames: [account.username], registrarHandle: registrarHandleOf(account.username), tld: account.tld });
  if (word) return contextProblems[word](account.tld);
  if (isCommonPassword(password)) return 'This password is too common: it is on a list of passwords that attackers try first. Choose another.';
  if (password !== confirmation) return 'The passwords do not match.';
  return undefined;
}
