import type { OpenApiDocument } from '@registrar-panel/contract/api';
import { useState } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Icon } from '../../../components/icon';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';
import type { ReferenceOperation } from '../reference-model';
import { InlineText } from './inline-text';
import { OperationDetails } from './operation-details';

/**
 * One operation: its method and path as the heading, what it does, who may call it and whether an
 * API key may; the parameters, answers and curl example folded below (the page stays scannable),
 * and drawn at the first unfolding: the tables of every operation (94 today) drawn at once held a
 * phone's main thread for seconds (docs/decisions.md, "The API reference draws an operation's
 * details when first opened"). The filter above finds operations; their details are one click away.
 */
export function OperationCard({ document, entry }: { document: OpenApiDocument; entry: ReferenceOperation }) {
  const { t } = useTranslation();
  const { operation, method, path } = entry;
  const scope = operation['x-api-key-scope'];
  const roles = operation['x-roles'];
  const headingId = `${operation.operationId}-title`;
  const [opened, setOpened] = useState(false);
  return (
    <Card as="article" id={operation.operationId} aria-labelledby={headingId} className="api-operation" data-operation={operation.operationId}>
      <Card.Body>
        <h3 id={headingId} className="h6 api-operation-title">
          <span className={`api-method api-method-${method.toLowerCase()}`}>{method}</span>
          <code className="api-path">{path}</code>
        </h3>
        <p className="fw-semibold mb-1">{operation.summary}</p>
        <p className="mb-2">
          <InlineText text={operation.description} />
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2 small">
          {scope ? (
            <Badge bg="success-subtle" text="success-emphasis" className="api-key-badge border border-success-subtle" data-testid="api-key-scope">
              <Icon svg={keyIcon} className="me-1" />
              {t('apiReference.apiKeyScope', { scope })}
            </Badge>
          ) : (
            <Badge bg="secondary-subtle" text="secondary-emphasis" className="border border-secondary-subtle">
              {t('apiReference.noApiKey')}
            </Badge>
          )}
          <span className="text-body-secondary">
            {t('apiReference.roles')}: {roles ? (roles.length === 4 ? t('apiReference.anyRole') : roles.join(', ')) : t('apiReference.public')}
          </span>
        </div>
        <details className="api-operation-details mt-3" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
          <summary>{t('apiReference.details')}</summary>
          {opened && <OperationDetails document={document} operation={operation} />}
        </details>
      </Card.Body>
    </Card>
  );
}
