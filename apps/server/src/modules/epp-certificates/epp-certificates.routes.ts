import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { listEppCertificates, removeEppCertificate, uploadEppCertificate } from './epp-certificates.service';

type CertificateOperation = 'listEppCertificates' | 'uploadEppCertificate' | 'removeEppCertificate';

/** `/services/registrar/epp/certificates`: the caller's own registrar's EPP client certificates. */
export function eppCertificateHandlers(app: FastifyInstance): Pick<ApiHandlers, CertificateOperation> {
  const deps = { db: app.db, directory: app.userDirectory, outbox: app.outbox, log: app.log, config: app.config };
  return {
    listEppCertificates: async (_input, { user }) => listEppCertificates(deps, user),
    uploadEppCertificate: async ({ params, body }, { user }) => uploadEppCertificate(deps, user, params.slot, body),
    removeEppCertificate: async ({ params, query }, { user }) => removeEppCertificate(deps, user, params.slot, query.fingerprint),
  };
}
