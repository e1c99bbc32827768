/** The rule for panel users' passwords, shown on the page that sets one. */
export const passwordRules = 'Use at least 12 characters. Your password must not contain your username.';

export const passwordMinLength = 12;
export const passwordMaxLength = 256;

/** What is wrong with a new password, in words for the page; undefined when it is fine. */
export function passwordProblem(password: string, confirmation: string, username: string): string | undefined {
  if (password.length < passwordMinLength) return `The password is too short: use at least ${passwordMinLength} characters.`;
  if (password.length > passwordMaxLength) return `The password is too long: use at most ${passwordMaxLength} characters.`;
  const lower = password.toLowerCase();
  const [name = ''] = username.toLowerCase().split('@');
  if (lower.includes(username.toLowerCase()) || (name.length >= 3 && lower.includes(name))) return 'The password must not contain your username.';
  if (password !== confirmation) return 'The passwords do not match.';
  return undefined;
}
