import type { FastifyBaseLogger } from 'fastify';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Mailer } from '../../mail/mailer';
import type { SignedInUser } from '../../plugins/auth';
import { eppChangeMail, type EppChange } from './epp-change-mail';
import type { RegistrarEppRow } from './epp.repository';

/**
 * Mails a security notification about an EPP change to the registrar's technical contact and its
 * ADMIN users, one mail each so that no recipient sees the others' addresses.
 */
export class EppChangeNotifier {
  constructor(
    private readonly directory: UserDirectory,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly supportEmail: string,
  ) {}

  /**
   * Called after the change is committed. A mail that cannot be sent is logged, not thrown: the
   * change is saved, and answering an error would make the user save it again.
   */
  async notify(registrar: RegistrarEppRow, actor: SignedInUser, change: EppChange, at: Date): Promise<void> {
    const mail = eppChangeMail(change, { registrarHandle: registrar.handle, actor, at, supportEmail: this.supportEmail });
    const recipients = await this.recipients(registrar);
    const results = await Promise.allSettled(recipients.map((to) => this.mailer.send({ to, ...mail })));
    results.forEach((result, index) => {
      if (result.status === 'rejected') {
        this.log.error({ err: result.reason as unknown, to: recipients[index], registrar: registrar.handle }, 'EPP change notification not sent');
      }
    });
  }

  private async recipients(registrar: RegistrarEppRow): Promise<string[]> {
    // The technical contact is told even when the directory (Keycloak) cannot be reached.
    const users = await this.directory.listUsers(registrar.handle).catch((error: unknown) => {
      this.log.error({ err: error, registrar: registrar.handle }, "EPP change notification: the registrar's administrators could not be listed");
      return [];
    });
    const admins = users.filter((user) => user.roles.includes('ADMIN'));
    const all = [registrar.techContactEmail, ...admins.map((user) => user.email)];
    const seen = new Set<string>();
    return all.filter((email) => {
      const key = email.trim().toLowerCase();
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}
