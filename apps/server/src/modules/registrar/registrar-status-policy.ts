/*
 * What a registrar's status allows its users. The rule's home is the contract
 * (packages/contract/src/registrar-status.ts), so that the web disables exactly what the API's gate
 * (plugins/registrar-status.ts) refuses; the embedded sign-in (identity/sign-in/) asks it too.
 */
export { changeStatuses, isChangeMethod, mayChange, maySignIn, signInStatuses, statusRefusal } from '@registrar-panel/contract';
