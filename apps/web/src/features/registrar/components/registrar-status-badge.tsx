import type { RegistrarStatus } from '@registrar-panel/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';

/** Badge colour per status (spec section 4): INITIAL warning, ACTIVE the normal badge, the others danger. */
export const statusVariant: Record<RegistrarStatus, { bg: string; text?: 'dark' }> = {
  INITIAL: { bg: 'warning', text: 'dark' },
  ACTIVE: { bg: 'primary' },
  BLOCKED: { bg: 'danger' },
  SUSPENDED: { bg: 'danger' },
  DELETED: { bg: 'danger' },
};

/** The registrar status, title-cased, in its badge colour. */
export function RegistrarStatusBadge({ status, className }: { status: RegistrarStatus; className?: string }) {
  const { t } = useTranslation();
  const variant = statusVariant[status] ?? { bg: 'secondary' };
  return (
    <Badge bg={variant.bg} text={variant.text} className={className} data-testid="registrar-status" data-status={status}>
      {t(`registrar.status.${status}`)}
    </Badge>
  );
}
