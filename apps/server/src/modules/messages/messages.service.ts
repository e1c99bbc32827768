import { can, registryMessageLimits, type RegistryMessagesQuery, type RegistryMessagesResponse } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import type { SignedInUser } from '../../plugins/auth';
import { notFound } from '../../errors';
import * as repository from './messages.repository';
import type { Audience, MessageRow } from './messages.repository';

/** The inbox's rule: the messages about registrations follow `readRegistrations`; announcements show to every role. */
export function audienceOf(user: SignedInUser): Audience {
  return { registrarHandle: user.registrarHandle, username: user.username, registrations: can(user.roles, 'readRegistrations') };
}

const pinnedShown = 10;

const present = (row: MessageRow) => ({ ...row, at: row.at.toISOString() });

function cursorOf(before: string | undefined): { at: Date; id: number } | undefined {
  if (!before) return undefined;
  const [at, id] = before.split('_');
  return { at: new Date(at!), id: Number(id) };
}

export async function listMessages(db: Db, user: SignedInUser, query: RegistryMessagesQuery): Promise<RegistryMessagesResponse> {
  const audience = audienceOf(user);
  const page = await repository.listMessages(
    db,
    audience,
    {
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.unread ? { unread: query.unread === 'true' } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      ...(query.domain ? { domain: query.domain.toLowerCase() } : {}),
      ...(query.before ? { before: cursorOf(query.before)! } : {}),
    },
    query.size,
  );
  const shown = page.slice(0, query.size);
  const last = shown.at(-1);
  return {
    messages: shown.map(present),
    pinned: (await repository.pinnedAnnouncements(db, audience, pinnedShown)).map(present),
    next: page.length > query.size && last ? `${last.at.toISOString()}_${last.id}` : null,
  };
}

export async function unread(db: Db, user: SignedInUser) {
  return { unread: await repository.countUnread(db, audienceOf(user), registryMessageLimits.unreadCountCap) };
}

export async function markAllRead(db: Db, user: SignedInUser) {
  await repository.markAllRead(db, audienceOf(user));
  return unread(db, user);
}

export async function markRead(db: Db, user: SignedInUser, id: number, read: boolean) {
  const message = await repository.visibleMessage(db, audienceOf(user), id);
  if (!message) throw notFound();
  if (read) await repository.markRead(db, user.username, message);
  else await repository.markUnread(db, user.username, id);
  return unread(db, user);
}

export async function dismissAnnouncement(db: Db, user: SignedInUser, id: number) {
  const message = await repository.visibleMessage(db, audienceOf(user), id);
  if (!message || message.kind !== 'announcement') throw notFound();
  await repository.dismiss(db, user.username, message);
  return unread(db, user);
}
