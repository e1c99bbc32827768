import '../api-reference.css';
import type { OpenApiDocument } from '@registrar-panel/contract/api';
import { useDeferredValue, useMemo, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { usePageTitle } from '../../../lib/page-title';
import { openApiDocumentUrl, useOpenApiDocument } from '../api/get-openapi-document';
import { filterGroups, groupOperations } from '../reference-model';
import { InlineText } from './inline-text';
import { OperationCard } from './operation-card';

/**
 * `/api`: the API's reference, drawn from the OpenAPI document the server publishes (the one tools
 * read), so the page cannot say other than the API does. Any signed-in user may read it.
 */
export function ApiReferencePage() {
  const { t } = useTranslation();
  usePageTitle(t('apiReference.title'));
  const document = useOpenApiDocument();
  return (
    <section aria-labelledby="api-reference-title" className="api-reference">
      <h1 id="api-reference-title" className="h3 mb-2">
        {t('apiReference.title')}
      </h1>
      <p className="text-body-secondary">{t('apiReference.intro')}</p>
      {document.isError && <p className="text-body-secondary">{t('apiReference.failed')}</p>}
      {document.isPending && <p className="text-body-secondary">{t('apiReference.loading')}</p>}
      {document.data && <Reference document={document.data} />}
    </section>
  );
}

function Reference({ document }: { document: OpenApiDocument }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  // Typing stays quick while some hundred operations redraw.
  const deferred = useDeferredValue(filter);
  const groups = useMemo(() => groupOperations(document), [document]);
  const shown = useMemo(() => filterGroups(groups, deferred), [groups, deferred]);
  const count = shown.reduce((sum, group) => sum + group.operations.length, 0);
  const slug = (name: string) => `api-tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <>
      <dl className="api-facts">
        <dt>{t('apiReference.baseUrl')}</dt>
        <dd>
          <code data-testid="api-base-url">{document.servers[0]?.url}</code>
        </dd>
        <dt>{t('apiReference.versionLabel')}</dt>
        <dd>{document.info.version}</dd>
        <dt>{t('apiReference.documentLabel')}</dt>
        <dd>
          <a href={openApiDocumentUrl} target="_blank" rel="noopener">
            {t('apiReference.document')}
          </a>
        </dd>
      </dl>
      <details className="api-intro mb-3">
        <summary>{t('apiReference.howItWorks')}</summary>
        {document.info.description.split('\n\n').map((paragraph) => (
          <p key={paragraph} className="mt-2 mb-0">
            <InlineText text={paragraph} />
          </p>
        ))}
      </details>
      <div className="api-filter mb-3">
        <Form.Label htmlFor="api-filter">{t('apiReference.filter')}</Form.Label>
        <Form.Control id="api-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} aria-describedby="api-filter-hint" />
        <Form.Text id="api-filter-hint">{t('apiReference.filterHint')}</Form.Text>
        <p className="small mt-1 mb-0" role="status" data-testid="api-filter-count">
          {t('apiReference.filterCount', { count })}
        </p>
      </div>
      {shown.length > 0 && (
        <nav aria-label={t('apiReference.groups')} className="mb-3">
          <ul className="nav nav-pills gap-1 api-groups">
            {shown.map((group) => (
              <li className="nav-item" key={group.name}>
                <a className="nav-link py-1 px-2" href={`#${slug(group.name)}`}>
                  {group.name} <span className="text-body-secondary">({group.operations.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown.length === 0 && <p className="text-body-secondary">{t('apiReference.noMatch')}</p>}
      {shown.map((group) => (
        <section key={group.name} aria-labelledby={slug(group.name)} className="mb-4">
          <h2 id={slug(group.name)} className="h5 mb-1">
            {group.name}
          </h2>
          <p className="text-body-secondary small mb-2">{group.description}</p>
          <div className="d-flex flex-column gap-3">
            {group.operations.map((entry) => (
              <OperationCard key={`${entry.method} ${entry.path}`} document={document} entry={entry} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
