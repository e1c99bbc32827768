import { formatDateTime } from '@registrar-panel/contract';
import type { SignedInUser } from '../../plugins/auth';

/** What changed in the EPP settings; never holds a password. */
export type EppChange = { kind: 'ipAddresses'; before: readonly string[]; after: readonly string[] } | { kind: 'password'; firstTime: boolean };

export interface EppChangeMail {
  subject: string;
  text: string;
}

type Actor = Pick<SignedInUser, 'username' | 'firstName' | 'lastName' | 'ip'>;

function listOrNone(items: readonly string[]): string {
  return items.length === 0 ? 'none' : items.join(', ');
}

function whatChanged(change: EppChange, handle: string): { subject: string; lines: string[] } {
  if (change.kind === 'password') {
    const verb = change.firstTime ? 'set' : 'changed';
    return {
      subject: `EPP password ${verb} for registrar ${handle}`,
      lines: [
        `The EPP password of registrar ${handle} was ${verb}.`,
        'EPP clients that still use the old password can no longer connect. The password itself is never sent by mail.',
      ],
    };
  }
  const added = change.after.filter((ip) => !change.before.includes(ip));
  const removed = change.before.filter((ip) => !change.after.includes(ip));
  return {
    subject: `EPP allowed IP addresses changed for registrar ${handle}`,
    lines: [
      `The IP addresses allowed to connect to the EPP server were changed for registrar ${handle}.`,
      '',
      `Added: ${listOrNone(added)}`,
      `Removed: ${listOrNone(removed)}`,
      change.after.length === 0
        ? 'Allowed IP addresses now: none. No EPP client can connect until addresses are added.'
        : `Allowed IP addresses now: ${change.after.join(', ')}`,
    ],
  };
}

/**
 * The security notification for a change of EPP settings: what changed, by whom, when (Brussels
 * time) and from which IP address.
 */
export function eppChangeMail(change: EppChange, context: { registrarHandle: string; actor: Actor; at: Date; supportEmail: string }): EppChangeMail {
  const { registrarHandle, actor, at, supportEmail } = context;
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  const { subject, lines } = whatChanged(change, registrarHandle);
  const text = [
    'Hello,',
    '',
    ...lines,
    '',
    `Changed by: ${name ? `${name} (${actor.username})` : actor.username}`,
    `When: ${formatDateTime(at)}`,
    `From IP address: ${actor.ip}`,
    '',
    `You receive this security notification as the technical contact or an administrator of registrar ${registrarHandle}.`,
    `If you did not expect this change, contact ${supportEmail} at once.`,
  ].join('\n');
  return { subject, text };
}
