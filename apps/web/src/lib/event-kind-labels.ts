import { isEventKind } from '@registrar-panel/contract';
import type { TFunction } from './translator';

/*
 * An event kind in words, for the webhooks page and the history: the shell's texts (`app/en.json`),
 * loaded on every page. A kind this version does not know is shown as it is.
 */
export function eventKindLabel(t: TFunction, kind: string): string {
  return isEventKind(kind) ? t(`app.eventKind.${kind}`) : kind;
}
