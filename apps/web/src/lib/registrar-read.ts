import type { Registrar } from '@registrar-panel/contract';
import { callApi } from './api-client';

/*
 * One read of the signed-in user's registrar for the two that ask for it as a page opens: the
 * status lookup every page makes quietly (lib/registrar-status.ts) and a registrar page's own read
 * (features/registrar). On a first load both leave within a few milliseconds of each other; they
 * were two requests (docs/decisions.md, "One read of the registrar").
 */

let underWay: { read: Promise<Registrar>; quiet: boolean } | undefined;

function startRead(quiet: boolean): Promise<Registrar> {
  const read = callApi('getRegistrar', { quiet }).then(({ registrar }) => registrar);
  const entry = { read, quiet };
  underWay = entry;
  const done = () => {
    if (underWay === entry) underWay = undefined;
  };
  read.then(done, done);
  return read;
}

/** For the status lookup: the read under way, whoever started it, or a quiet one (a failure alerts nothing). */
export function readRegistrarQuietly(): Promise<Registrar> {
  return underWay?.read ?? startRead(true);
}

/**
 * For a page: the read under way, or one of its own that alerts what went wrong as every page's read
 * does; also when the read it joined was quiet and failed, so the user learns why the page is empty.
 */
export async function readRegistrar(): Promise<Registrar> {
  const joined = underWay;
  if (joined && !joined.quiet) return joined.read;
  if (joined) {
    try {
      return await joined.read;
    } catch {
      // read again below, out loud
    }
  }
  return startRead(false);
}
