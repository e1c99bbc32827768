import type { Locator, Page } from 'playwright-core';

/**
 * Opens User Management's 'Add user' dialog and waits until it is in place, as a person waits
 * before typing: the dialog shows its text and has given the focus to the username. A field filled
 * while the dialog is still opening can lose its text to that focus move, leaving 'Create'
 * disabled (CI saw it, under load).
 */
export async function openAddUserDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByText('An activation email will be sent to the new user.').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'field-username');
  return dialog;
}
