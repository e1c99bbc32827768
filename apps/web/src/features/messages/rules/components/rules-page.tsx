import '../rules.css';
import { can, type NotificationRule, type SavedSearch } from '@registrar-panel/contract';
import { useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Icon } from '../../../../components/icon';
import { LoadFailure } from '../../../../components/load-failure';
import { NotAllowed } from '../../../../components/not-allowed';
import { alerts } from '../../../../lib/alerts';
import { useCurrentUser } from '../../../../lib/auth';
import { usePageTitle } from '../../../../lib/page-title';
import { paths } from '../../../../lib/paths';
import { useDeleteRule } from '../api/delete-rule';
import { useRules } from '../api/get-rules';
import { MailChoiceCard } from './mail-choice-card';
import { RuleFormModal } from './rule-form-modal';
import { savedSearchOf } from '../rule-form';
import { RuleItem } from './rule-item';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import bellIcon from 'bootstrap-icons/icons/bell.svg?raw';
import plusLgIcon from 'bootstrap-icons/icons/plus-lg.svg?raw';

/**
 * `/messages/rules`, linked from the inbox's header (not a menu entry): the registrar's notification
 * rules, each in words with its recipients, added, changed and deleted here; and the user's own choice
 * of how hits reach them by mail. For the users who read registrations; others are told why not.
 */
export function RulesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('messages.rules.title'));
  const allowed = user !== null && can(user.roles, 'readRegistrations');
  return (
    <section aria-labelledby="rules-title">
      <Link to={paths.messages} className="d-inline-flex align-items-center gap-2 mb-2 small">
        <Icon svg={arrowLeftIcon} />
        {t('messages.rules.back')}
      </Link>
      {allowed ? (
        <RuleManagement />
      ) : (
        <>
          <h1 id="rules-title" className="h3 mb-4">
            {t('messages.rules.title')}
          </h1>
          <NotAllowed title={t('messages.rules.notAllowed.title')} text={t('messages.rules.notAllowed.text')} capability="readRegistrations" />
        </>
      )}
    </section>
  );
}

type Dialog = { kind: 'create'; search?: SavedSearch } | { kind: 'edit' | 'delete'; rule: NotificationRule };

function RuleManagement() {
  const { t } = useTranslation();
  const rules = useRules();
  const remove = useDeleteRule();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Save as rule on the search page comes here with its search in the address: the Add dialog opens on it.
  const [dialog, setDialogState] = useState<Dialog | null>(() => {
    const search = savedSearchOf(params);
    return search ? { kind: 'create', search } : null;
  });
  const setDialog = (next: Dialog | null) => {
    setDialogState(next);
    // Once its dialog is closed, the search leaves the address, so a reload does not open it again.
    if (next === null && params.has('domainname')) void navigate(paths.messageRules, { replace: true });
  };
  const data = rules.data;
  const nameOf = new Map(data?.candidates.map((candidate) => [candidate.username, candidate.name]));

  const confirmDelete = (rule: NotificationRule) =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        setDialog(null);
        alerts.success(t('messages.rules.delete.done', { name: rule.name }));
      },
    });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 id="rules-title" className="h3 mb-0">
          {t('messages.rules.title')}
        </h1>
        <Button variant="primary" onClick={() => setDialog({ kind: 'create' })} disabled={!data} data-testid="rules-add">
          <Icon svg={plusLgIcon} className="me-2" />
          {t('messages.rules.add')}
        </Button>
      </div>
      <p className="text-body-secondary mb-4">{t('messages.rules.intro')}</p>
      <Card as="section" className="mb-4" aria-labelledby="rules-list-title" aria-busy={rules.isPending} data-testid="rules-list">
        <Card.Header className="bg-body">
          <h2 id="rules-list-title" className="h5 mb-0">
            {t('messages.rules.list')}
          </h2>
        </Card.Header>
        {rules.isPending && (
          <Card.Body>
            <Spinner animation="border" size="sm" role="status">
              <span className="visually-hidden">{t('messages.rules.loading')}</span>
            </Spinner>
          </Card.Body>
        )}
        {rules.isError && (
          <Card.Body data-testid="rules-load-failed">
            <LoadFailure
              error={rules.error}
              notFound={t('messages.rules.loadFailed')}
              failed={t('messages.rules.loadFailed')}
              onRetry={() => void rules.refetch()}
              retrying={rules.isFetching}
            />
          </Card.Body>
        )}
        {data && data.rules.length === 0 && (
          <Card.Body>
            <p className="d-flex align-items-center gap-2 mb-0 text-body-secondary" data-testid="rules-none">
              <Icon svg={bellIcon} className="fs-5" />
              {t('messages.rules.none')}
            </p>
          </Card.Body>
        )}
        {data && data.rules.length > 0 && (
          <ul className="list-group list-group-flush">
            {data.rules.map((rule) => (
              <RuleItem
                key={rule.id}
                rule={rule}
                nameOf={nameOf}
                onEdit={() => setDialog({ kind: 'edit', rule })}
                onDelete={() => setDialog({ kind: 'delete', rule })}
              />
            ))}
          </ul>
        )}
      </Card>
      {data && <MailChoiceCard current={data.mail} />}
      {data && (dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <RuleFormModal
          rule={dialog.kind === 'edit' ? dialog.rule : undefined}
          search={dialog.kind === 'create' ? dialog.search : undefined}
          candidates={data.candidates}
          onCancel={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            alerts.success(t(dialog.kind === 'edit' ? 'messages.rules.form.saved' : 'messages.rules.form.created', { name: saved.name }));
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          id="rule-delete"
          title={t('messages.rules.delete.title')}
          cancelLabel={t('messages.rules.cancel')}
          confirmLabel={t('messages.rules.delete.confirm')}
          confirmVariant="danger"
          pending={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => confirmDelete(dialog.rule)}
        >
          <p className="mb-2 fw-semibold rules-item-name">{dialog.rule.name}</p>
          <p className="mb-0">{t('messages.rules.delete.text')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
