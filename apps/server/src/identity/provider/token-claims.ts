import { tokenRole } from '@registrar-panel/contract';
import type { DirectoryUser } from '../directory/user-directory';

/**
 * A panel user has one `name`; tokens carry first and last name as Keycloak does. The first word
 * is the first name and the rest the last name ('Mary Ann Smith' → 'Mary', 'Ann Smith');
 * a single word is the first name with an empty last name (docs/decisions.md).
 */
export function splitName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { givenName: words[0] ?? '', familyName: words.slice(1).join(' ') };
}

/** The claims Keycloak puts in its tokens for a realm user, with our roles in lower case. */
export function userClaims(user: DirectoryUser) {
  const { givenName, familyName } = splitName(user.name);
  return {
    preferred_username: user.username,
    name: user.name,
    given_name: givenName,
    family_name: familyName,
    email: user.email,
    email_verified: true,
    realm_access: { roles: user.roles.map(tokenRole) },
    // Keycloak's `locale` mapper adds the claim only when the user has chosen a language.
    ...(user.language ? { locale: user.language } : {}),
  };
}
