import type { StreamEvent } from '@registrar-panel/contract';
import type { EventRow } from './events.repository';

/** An event as the stream answers it and a webhook's body carries it: the same shape both ways. */
export function presentEvent(row: EventRow): StreamEvent {
  return { id: row.id, seq: row.seq, type: row.kind, timestamp: row.at.toISOString(), registrar: row.registrarHandle, actor: row.actor, data: row.data };
}
