import type { EppConnectionsResponse, EppRefusalReason } from '@registrar-panel/contract';
import type { TFunction } from '../../../lib/translator';

type Connection = EppConnectionsResponse['refused'][number];

/** Which certificate a connection presented, in words: a slot, one no longer on file, or none. */
export function certificateWords(t: TFunction, connection: Pick<Connection, 'fingerprint' | 'slot'>): string {
  if (connection.fingerprint === null) return t('epp.security.connections.certificate.none');
  return connection.slot === null ? t('epp.security.connections.certificate.gone') : t(`epp.security.connections.certificate.${connection.slot}`);
}

/** The reason of a refusal in words, and what to do about it. */
export function refusalWords(t: TFunction, connection: Connection): { reason: string; remedy: string } {
  const reason = connection.reason ?? ('addressNotAllowed' satisfies EppRefusalReason);
  const remedy =
    reason === 'addressNotAllowed' && connection.addressAllowed
      ? t('epp.security.connections.remedy.addressNowAllowed', { address: connection.address })
      : t(`epp.security.connections.remedy.${reason}`, { address: connection.address, certificate: certificateWords(t, connection) });
  return { reason: t(`epp.security.connections.reason.${reason}`), remedy };
}
