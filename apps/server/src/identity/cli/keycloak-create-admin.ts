import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import { emailField, registrarHandleOf, tokenRole, usernamePattern } from '@registrar-panel/contract';
import { linkTokenTtlMs } from '../account-links/link-tokens';
import { activationActions, registrarAttribute } from '../directory/keycloak-user-directory';
import { splitName } from '../provider/token-claims';

export interface NewKeycloakAdmin {
  /** `name@{registrar handle}`; Keycloak keeps it in lower case. */
  username: string;
  name: string;
  email: string;
}

export type CreateKeycloakAdminOutcome = 'created' | 'activation-resent';

/**
 * The registry's side of Keycloak mode: a registrar's ADMIN, made with a Keycloak administrator's
 * rights (the portal's own client may not give `admin`). The account is made as the portal makes
 * its users (registrar attribute, name, email, activation steps), holds the role `admin`, and Keycloak
 * mails its activation link, which leads back to the portal. Run again for an account still awaiting
 * activation, it mails a new link.
 */
export async function createKeycloakAdmin(admin: KeycloakAdminClient, user: NewKeycloakAdmin): Promise<CreateKeycloakAdminOutcome> {
  const username = user.username.toLowerCase();
  const registrarHandle = registrarHandleOf(username);
  const local = username.slice(0, username.lastIndexOf('@'));
  if (!registrarHandle || !usernamePattern.test(local)) throw new Error(`"${user.username}" is not name@{registrar handle}.`);
  if (!user.name.trim() || !emailField().safeParse(user.email).success) throw new Error('A name and an email address are required.');
  const [web] = await admin.clients.find({ clientId: 'registrar-panel-web' });
  if (!web?.rootUrl) throw new Error(`The realm ${admin.realmName} has no client registrar-panel-web with the portal's address.`);
  const mail = (id: string) =>
    admin.users.executeActionsEmail({
      id,
      actions: activationActions,
      lifespan: linkTokenTtlMs / 1000,
      clientId: 'registrar-panel-web',
      redirectUri: `${web.rootUrl}/`,
    });

  const [existing] = await admin.users.find({ username, exact: true, briefRepresentation: false });
  if (existing?.id) {
    const isAdmin = (await admin.users.listCompositeRealmRoleMappings({ id: existing.id })).some((role) => role.name === tokenRole('ADMIN'));
    if (!isAdmin || !(existing.requiredActions ?? []).includes('UPDATE_PASSWORD')) throw new Error(`${username} exists already.`);
    await mail(existing.id);
    return 'activation-resent';
  }
  const role = await admin.roles.findOneByName({ name: tokenRole('ADMIN') });
  if (!role?.id) throw new Error(`The realm ${admin.realmName} has no role ${tokenRole('ADMIN')}.`);
  const { givenName, familyName } = splitName(user.name);
  const { id } = await admin.users.create({
    username,
    enabled: true,
    email: user.email,
    emailVerified: true,
    firstName: givenName,
    lastName: familyName,
    attributes: { [registrarAttribute]: [registrarHandle] },
    requiredActions: activationActions,
  });
  await admin.users.addRealmRoleMappings({ id, roles: [{ id: role.id, name: tokenRole('ADMIN') }] });
  await mail(id);
  return 'created';
}
