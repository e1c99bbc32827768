import { describe, expect, it } from 'vitest';
import { ExternalUserDirectory } from '../../identity/directory/external-user-directory';
import type { UserDirectory } from '../../identity/directory/user-directory';
import { registrarUsers } from './registrar-users';

describe('registrar users for EPP changes', () => {
  it('are none when the directory lives in Keycloak, so EPP changes still go through', async () => {
    await expect(registrarUsers(new ExternalUserDirectory(), 'acme')).resolves.toEqual([]);
  });

  it('let any other directory failure through', async () => {
    const broken = new ExternalUserDirectory() as UserDirectory;
    broken.listUsers = () => Promise.reject(new Error('directory down'));
    await expect(registrarUsers(broken, 'acme')).rejects.toThrow('directory down');
  });
});
