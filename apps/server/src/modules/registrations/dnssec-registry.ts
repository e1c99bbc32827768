import type { IanaEntry } from '@registrar-panel/contract';

/** IANA "DNS Security Algorithm Numbers" (the description column). */
const algorithms: Record<number, string> = {
  1: 'RSA/MD5',
  3: 'DSA/SHA1',
  5: 'RSA/SHA-1',
  6: 'DSA-NSEC3-SHA1',
  7: 'RSASHA1-NSEC3-SHA1',
  8: 'RSA/SHA-256',
  10: 'RSA/SHA-512',
  12: 'GOST R 34.10-2001',
  13: 'ECDSA Curve P-256 with SHA-256',
  14: 'ECDSA Curve P-384 with SHA-384',
  15: 'Ed25519',
  16: 'Ed448',
  17: 'SM2 signing algorithm with SM3 hashing algorithm',
  23: 'GOST R 34.10-2012',
};

/** IANA "Delegation Signer (DS) Resource Record (RR) Type Digest Algorithms". */
const digestTypes: Record<number, string> = {
  1: 'SHA-1',
  2: 'SHA-256',
  3: 'GOST R 34.11-94',
  4: 'SHA-384',
  5: 'GOST R 34.11-2012',
  6: 'SM3',
};

export function dnssecAlgorithm(id: number): IanaEntry {
  return { id, description: algorithms[id] ?? 'Unassigned' };
}

export function dsDigestType(id: number): IanaEntry {
  return { id, description: digestTypes[id] ?? 'Unassigned' };
}
