import type { UserSecondFactors } from './user-directory';

/*
 * A Keycloak user's second factors, read from the admin API's credentials
 * (`GET /admin/realms/{realm}/users/{id}/credentials`): `otp` is the authenticator app, `webauthn`
 * (second factor) and `webauthn-passwordless` (passkey) are passkeys. Keycloak keeps no last use.
 */

/** The credential types that are passkeys. */
export const keycloakPasskeyTypes: readonly string[] = ['webauthn', 'webauthn-passwordless'];

/** The part of Keycloak's CredentialRepresentation read here. */
export interface KeycloakCredential {
  id?: string;
  type?: string;
  userLabel?: string;
  createdDate?: number;
}

export function secondFactorsOfCredentials(credentials: readonly KeycloakCredential[]): UserSecondFactors {
  return {
    totp: credentials.some((credential) => credential.type === 'otp'),
    passkeys: credentials.flatMap((credential) =>
      credential.id && credential.type && keycloakPasskeyTypes.includes(credential.type)
        ? [{ id: credential.id, name: credential.userLabel ?? '', createdAt: new Date(credential.createdDate ?? 0), lastUsedAt: null }]
        : [],
    ),
  };
}
