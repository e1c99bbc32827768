import { maxIpAddressesFor, type Message } from '@registrar-panel/contract';
import { useEffect, useRef, useState } from 'react';
import { Button, Form, InputGroup, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { FieldError, invalidAria } from '../../../components/form-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useIpAddresses } from '../api/get-ip-addresses';
import { useUpdateIpAddresses } from '../api/update-ip-addresses';
import { EmptyListModal } from './empty-list-modal';
import { ipEntryMessageText, ipServerMessageText } from './ip-entry-message';
import { editIpEntry, ipEntryProblems, ipPayload, loadIpList, removeIpEntry, serverMessagesByEntry, type IpListState } from './ip-list';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import infoCircleIcon from 'bootstrap-icons/icons/info-circle.svg?raw';
import trash3Icon from 'bootstrap-icons/icons/trash3.svg?raw';
import { usePageTitle } from '../../../lib/page-title';

/**
 * The help tooltip opens to the right of its icon where there is room, and flips below it (or above,
 * or to the left) where there is not, as on a phone; shifted sideways to stay on the screen. Below
 * is judged by its height only (`altAxis: false`), the shift takes care of its width.
 */
const tooltipPopperConfig = {
  modifiers: [
    { name: 'flip', options: { fallbackPlacements: ['bottom', 'top', 'left'], altAxis: false } },
    { name: 'preventOverflow', options: { padding: 8 } },
  ],
};

/** `/epp/ipaddresses/edit` (spec sections 2 and 4): waits for the saved list, then edits a copy of it. */
export function IpAddressesEdit() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: addresses } = useIpAddresses();
  usePageTitle(t('epp.ipEdit.title'), t('epp.title'));
  if (!addresses) return null;
  return <IpListEditor addresses={addresses} max={maxIpAddressesFor(user?.username ?? '')} />;
}

function IpListEditor({ addresses, max }: { addresses: string[]; max: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateIpAddresses();
  const refusal = useRefusal('PUT /registrar/epp/ip');
  const [list, setList] = useState<IpListState>(() => loadIpList(addresses, max));
  const [serverMessages, setServerMessages] = useState<ReadonlyMap<number, Message>>(new Map());
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  // The entry to focus after the one being edited went away, so the keyboard user is not dropped.
  const focusNext = useRef<number | null>(null);
  // The tooltip is drawn inside the form, within the page's main landmark, not at the end of <body>.
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (focusNext.current === null) return;
    inputs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const problems = ipEntryProblems(list);
  const payload = ipPayload(list);
  const invalid = problems.size > 0 || serverMessages.size > 0 || payload.length > max;

  const forget = (id: number) =>
    setServerMessages((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });

  const apply = (id: number, next: IpListState) => {
    const index = list.entries.findIndex((entry) => entry.id === id);
    if (!next.entries.some((entry) => entry.id === id)) focusNext.current = next.entries[Math.min(index, next.entries.length - 1)]?.id ?? null;
    setList(next);
    forget(id);
  };

  const save = (ipAddresses: string[]) => {
    update.mutate(
      { ipAddresses },
      {
        onSuccess: () => {
          alerts.success(t('epp.ipEdit.saved'), { keepAfterRouteChange: true });
          void navigate(paths.eppIpAddresses);
        },
        onError: (error) => {
          setConfirmEmpty(false);
          if (error instanceof ApiError) setServerMessages(serverMessagesByEntry(list, error.messages));
        },
      },
    );
  };

  const submit = () => {
    if (invalid || update.isPending) return;
    if (payload.length === 0) setConfirmEmpty(true);
    else save(payload);
  };

  return (
    <>
      <h2 className="h5 mb-1 d-flex align-items-center">
        {t('epp.ipEdit.title')}
        <OverlayTrigger
          placement="right"
          flip
          popperConfig={tooltipPopperConfig}
          container={formRef}
          overlay={<Tooltip id="ip-edit-tooltip">{t('epp.ipEdit.tooltip')}</Tooltip>}
        >
          <Button variant="link" className="p-0 ms-2 lh-1 text-body-secondary" aria-label={t('epp.ipEdit.help')}>
            <Icon svg={infoCircleIcon} />
          </Button>
        </OverlayTrigger>
      </h2>
      <p className="text-body-secondary small mb-3">{t('epp.ipEdit.maximum', { max })}</p>

      <Form
        ref={formRef}
        noValidate
        className="ip-edit-form"
        style={{ maxWidth: '34rem' }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {list.entries.map((entry, index) => {
          const serverMessage = serverMessages.get(entry.id);
          const problem = problems.get(entry.id);
          const error = problem ? ipEntryMessageText(problem) : serverMessage ? ipServerMessageText(serverMessage) : undefined;
          const number = index + 1;
          return (
            <Form.Group key={entry.id} className="mb-2" controlId={`ip-address-${entry.id}`}>
              <Form.Label visuallyHidden>{t('epp.ipEdit.entryLabel', { number })}</Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  ref={(element: HTMLInputElement | null) => {
                    if (element) inputs.current.set(entry.id, element);
                    else inputs.current.delete(entry.id);
                  }}
                  value={entry.value}
                  onChange={(event) => apply(entry.id, editIpEntry(list, entry.id, event.target.value, max))}
                  isInvalid={error !== undefined}
                  className={index === 0 ? 'font-monospace rounded-end' : 'font-monospace'}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  name="ipAddress"
                  {...invalidAria(`ip-address-${entry.id}`, error)}
                />
                {/* Every entry but the first has a remove icon; the first keeps the same width. */}
                <Button
                  variant="outline-secondary"
                  className={index === 0 ? 'invisible' : undefined}
                  aria-hidden={index === 0 ? true : undefined}
                  tabIndex={index === 0 ? -1 : undefined}
                  aria-label={t('epp.ipEdit.remove', { number })}
                  title={t('epp.ipEdit.remove', { number })}
                  onClick={() => apply(entry.id, removeIpEntry(list, entry.id, max))}
                >
                  <Icon svg={trash3Icon} />
                </Button>
                <FieldError controlId={`ip-address-${entry.id}`} error={error} />
              </InputGroup>
            </Form.Group>
          );
        })}

        <div className="d-flex gap-2 mt-4">
          <Button variant="outline-secondary" onClick={() => void navigate(paths.eppIpAddresses)}>
            {t('epp.ipEdit.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={invalid || update.isPending || refusal.refused} {...refusal.props}>
            {t('epp.ipEdit.update')}
          </Button>
        </div>
      </Form>

      <EmptyListModal show={confirmEmpty} onCancel={() => setConfirmEmpty(false)} onConfirm={() => save([])} />
    </>
  );
}
