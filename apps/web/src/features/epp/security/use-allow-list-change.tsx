import { maxIpAddressesFor, message as messageOf, type Message } from '@registrar-panel/contract';
import { useQueryClient } from '@tanstack/react-query';
import translator from '../../../lib/translator';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useRefusal, type Refusal } from '../../../components/refusable';
import { useIpAddresses } from '../api/get-ip-addresses';
import { eppKeys } from '../api/query-keys';
import { useUpdateIpAddresses } from '../api/update-ip-addresses';
import { EmptyListModal } from '../components/empty-list-modal';
import { ipServerMessageText } from '../components/ip-entry-message';
import { planAdd, planRemove, type AllowListPlan } from './allow-list-change';

export interface AllowListChange {
  add: (address: string) => void;
  remove: (address: string) => void;
  /** Why the last Add or Remove was refused, in words; null when it was not. */
  problem: string | null;
  pending: boolean;
  /** The registrar's status refuses changes to the list. */
  refusal: Refusal;
  /** The edit page's small modal, asked before a removal leaves the list empty. */
  modal: ReactNode;
}

/** The first message's text: an entry's as the edit page words it, any other in the page's language. */
function problemText(messages: readonly Message[]): string {
  const first = messages[0];
  if (!first) return translator.t('validation.unknown');
  if (first.messageKey === 'validation.ipAddress' || first.messageKey === 'validation.ipAddressDuplicate') return ipServerMessageText(first);
  return translator.exists(first.messageKey) ? translator.t(first.messageKey, first.params ?? {}) : first.defaultMessage;
}

/**
 * Add to the list and Remove on the security page: the same call as the edit page
 * (`PUT /services/registrar/epp/ip`, update-ip-addresses.ts) with the whole saved list changed by
 * one address, checked first by the edit page's rules and messages, and the same modal before an empty list.
 */
export function useAllowListChange(): AllowListChange {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { data: saved } = useIpAddresses();
  const update = useUpdateIpAddresses();
  const refusal = useRefusal('PUT /registrar/epp/ip');
  const [problem, setProblem] = useState<string | null>(null);
  const [emptying, setEmptying] = useState<string | null>(null);
  const max = maxIpAddressesFor(user?.username ?? '');

  const save = (list: string[], done: string) =>
    update.mutate(
      { ipAddresses: list },
      {
        onSuccess: () => {
          setEmptying(null);
          alerts.success(done);
          void queryClient.invalidateQueries({ queryKey: eppKeys.connections() });
        },
        onError: (error) => {
          setEmptying(null);
          if (error instanceof ApiError) setProblem(problemText(error.messages));
        },
      },
    );

  const follow = (plan: AllowListPlan, address: string, done: string) => {
    setProblem(null);
    if (plan.kind === 'refused') setProblem(problemText([messageOf(plan.messageKey, { params: { max } })]));
    else if (plan.kind === 'confirmEmpty') setEmptying(address);
    else save(plan.list, done);
  };

  return {
    add: (address) => follow(planAdd(saved ?? [], address, max), address, t('epp.security.connections.added', { address })),
    remove: (address) => follow(planRemove(saved ?? [], address), address, t('epp.security.connections.removed', { address })),
    problem,
    pending: update.isPending || saved === undefined,
    refusal,
    modal: (
      <EmptyListModal
        show={emptying !== null}
        onCancel={() => setEmptying(null)}
        onConfirm={() => save([], t('epp.security.connections.removed', { address: emptying ?? '' }))}
      />
    ),
  };
}
