import { formatDay } from '@registrar-panel/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { BreakableText } from '../../../../components/breakable-text';

/* What the details' renderers share: a list of lines, a value that may be empty, a change. */

/** A recorded text, or null when it is empty. */
export const text = (value: string | null | undefined): string | null => (value ? value : null);

/** A Brussels day (`YYYY-MM-DD`) as the portal writes it, `2026/12/31`; anything else as it is. */
export const day = (value: string): string => formatDay(value) || value;

export function Lines({ children }: { children: ReactNode }) {
  return <ul className="list-unstyled mb-0 history-details">{children}</ul>;
}

/** A label with the colon its language writes (French: a no-break space before it), in bold. */
function Label({ label }: { label: string }) {
  const { t } = useTranslation();
  return <span className="fw-semibold">{t('registrar.history.details.label', { label })}</span>;
}

/** A label in bold, then what follows it. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Label label={label} /> {children}
    </>
  );
}

function Value({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value === null ? <span className="text-body-secondary fst-italic">{t('registrar.history.details.empty')}</span> : <BreakableText text={value} />;
}

/** `label: before → after`, the arrow read out as 'changed to'. */
export function Change({ label, before, after }: { label: string; before: string | null; after: string | null }) {
  const { t } = useTranslation();
  return (
    <li>
      <Label label={label} /> <Value value={before} />
      <span aria-hidden="true"> → </span>
      <span className="visually-hidden"> {t('registrar.history.details.changedTo')} </span>
      <Value value={after} />
    </li>
  );
}
