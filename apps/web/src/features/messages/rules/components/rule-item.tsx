import type { NotificationRule } from '@registrar-panel/contract';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { useFormats } from '../../../../lib/formats';
import { describeRuleTarget } from '../rule-description';

/** One rule in the list: its name, what it watches in words, who it tells, and its actions. */
export function RuleItem({
  rule,
  nameOf,
  onEdit,
  onDelete,
}: {
  rule: NotificationRule;
  /** Users' names by username; a recipient no longer among them shows by username. */
  nameOf: ReadonlyMap<string, string>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { language, count } = useFormats();
  const titleId = `rule-${rule.id}-name`;
  return (
    <li className="list-group-item py-3" data-testid="rule">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div className="flex-grow-1 rules-item-text">
          <h3 id={titleId} className="h6 fw-semibold mb-1 rules-item-name">
            {rule.name}
          </h3>
          <p className="mb-1 rules-item-watch" data-testid="rule-watch">
            {describeRuleTarget(t, rule.target, language)}
          </p>
          <p className="mb-0 small text-body-secondary" data-testid="rule-recipients">
            {t('messages.rules.recipientsList')} {rule.recipients.map((username) => nameOf.get(username) ?? username).join(', ')}
          </p>
          {rule.lastCount !== null && (
            <p className="mb-0 small text-body-secondary">{t('messages.rules.lastCount', { count: rule.lastCount, formatted: count(rule.lastCount) })}</p>
          )}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-secondary" onClick={onEdit} aria-describedby={titleId}>
            {t('messages.rules.edit')}
          </Button>
          <Button size="sm" variant="outline-danger" onClick={onDelete} aria-describedby={titleId}>
            {t('messages.rules.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
}
