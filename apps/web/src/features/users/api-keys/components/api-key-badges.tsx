import type { ApiKeyScope, ApiKeyState } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { Icon } from '../../../../components/icon';
import { scopeLabel } from '../../../../lib/api-key-labels';
import { stateLabel } from '../api-key-text';
import checkCircleIcon from 'bootstrap-icons/icons/check-circle.svg?raw';
import hourglassBottomIcon from 'bootstrap-icons/icons/hourglass-bottom.svg?raw';
import slashCircleIcon from 'bootstrap-icons/icons/slash-circle.svg?raw';

/** Each state's colour and icon; the word beside them carries the meaning, not the colour. */
const stateLooks: Record<ApiKeyState, { className: string; icon: string }> = {
  active: { className: 'text-bg-success', icon: checkCircleIcon },
  expired: { className: 'text-bg-warning', icon: hourglassBottomIcon },
  revoked: { className: 'text-bg-secondary', icon: slashCircleIcon },
};

/** 'Active', 'Expired' or 'Revoked' as a badge with its icon. */
export function ApiKeyStateBadge({ state }: { state: ApiKeyState }) {
  const { t } = useTranslation();
  const look = stateLooks[state];
  return (
    <span className={`badge rounded-pill d-inline-flex align-items-center gap-1 ${look.className}`} data-state={state}>
      <Icon svg={look.icon} />
      {stateLabel(t, state)}
    </span>
  );
}

/** A key's scopes in words, as light badges. */
export function ApiKeyScopeBadges({ scopes }: { scopes: readonly ApiKeyScope[] }) {
  const { t } = useTranslation();
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {scopes.map((scope) => (
        <span key={scope} className="badge rounded-pill text-bg-light border">
          {scopeLabel(t, scope)}
        </span>
      ))}
    </span>
  );
}
