import type { ServiceCall } from '@registrar-panel/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { useCallRefusal } from '../lib/registrar-status';

/** The id of the text of the page-level notice that says why changes are disabled (app/layout/registrar-status-notice.tsx). */
export const statusNoticeTextId = 'registrar-status-notice-text';

/** What a control needs whose call the registrar's status would refuse. */
export interface Refusal {
  /** The API would refuse the call: the control is disabled. */
  refused: boolean;
  /** On the disabled control: the reason as its tooltip, and the page's notice as its description. */
  props: { title?: string; 'aria-describedby'?: string };
}

/**
 * Whether the registrar's status would make the API refuse this call (the contract's status rule,
 * the one the API's gate applies), with what a disabled control needs to say why.
 */
export function useRefusal(call: ServiceCall): Refusal {
  const { t } = useTranslation();
  const refusal = useCallRefusal(call);
  return refusal ? { refused: true, props: { title: t(refusal), 'aria-describedby': statusNoticeTextId } } : { refused: false, props: {} };
}

interface RefusableLinkProps {
  /** The call the page behind the link makes: `PUT /registrar`. */
  call: ServiceCall;
  to: string;
  className: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** A link styled as a button to a page that makes a change: a disabled button, saying why, while the registrar's status refuses that change. */
export function RefusableLink({ call, to, className, children, ...rest }: RefusableLinkProps) {
  const { refused, props } = useRefusal(call);
  if (refused)
    return (
      <button type="button" className={className} disabled {...rest} {...props} data-refused="true">
        {children}
      </button>
    );
  return (
    <Link to={to} className={className} {...rest}>
      {children}
    </Link>
  );
}
