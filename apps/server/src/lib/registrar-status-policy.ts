/*
 * What a registrar's status allows its users. The rule's home is the contract
 * (packages/contract/src/registrar-status.ts), so that the web disables exactly what the API's gate
 * (plugins/registrar-status.ts) refuses; the embedded sign-in (identity/sign-in/) asks it too.
 */
import { maySignIn } from '@registrar-panel/contract';

/**
 * Whether a user's registrar, read with this status, lets the user sign in or keep a session. No
 * status (no such registrar) does not refuse: the API's gate lets it through too.
 */
export function registrarAllowsSignIn(status: string | undefined): boolean {
  return status === undefined || maySignIn(status);
}
