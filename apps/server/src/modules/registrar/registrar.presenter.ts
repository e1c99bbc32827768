import { parseLanguage, type Address, type Registrar, type RegistrarStatus } from '@registrar-panel/contract';
import type { RegistrarRow } from './registrar.repository';

/** Drops absent optional fields, so the JSON never carries `null` for "not given". */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}

function address(value: Address): Address {
  return compact({ ...value });
}

/** The registrar as the API shows it: the columns the spec names, nothing else (no EPP secrets, no counters). */
export function presentRegistrar(row: RegistrarRow): Registrar {
  return {
    handle: row.handle,
    ianaId: row.ianaId,
    status: row.status as RegistrarStatus,
    createTimestamp: row.createdAt.toISOString(),
    activationTimestamp: row.activatedAt?.toISOString() ?? null,
    mainContact: compact({ ...row.mainContact, address: address(row.mainContact.address) }),
    publicContact: { ...row.publicContact, address: address(row.publicContact.address) },
    techContact: compact({ ...row.techContact }),
    adminContact: compact({ ...row.adminContact }),
    abuseContact: { phone: row.abuseContact.phone, email: row.abuseContact.email },
    language: parseLanguage(row.language),
    version: row.version,
  };
}
