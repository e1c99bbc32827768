import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Icon } from '../components/icon';
import { authSession } from '../lib/auth';
import { usePageTitle } from '../lib/page-title';
import { accessRefused, type AccessRefusal } from '../lib/registrar-blocked';
import { useStore } from '../lib/store';
import boxArrowRightIcon from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
import buildingXIcon from 'bootstrap-icons/icons/building-x.svg?raw';

/** The page's title for each refusal. */
const titleKeys: Record<AccessRefusal, string> = {
  'registrar.accessBlocked': 'app.registrarBlocked.title',
  'access.ended': 'app.accessEnded.title',
};

/**
 * What a user sees in place of the whole app once any call has said they may not use the portal
 * any more (a registrar the registry has blocked or deleted, or the user's own access end day
 * passed): no page can work any more, so one page-level message with a way to sign out, rather
 * than an alert per failed call.
 */
export function RegistrarBlocked({ refusal }: { refusal: AccessRefusal }) {
  const { t } = useTranslation();
  usePageTitle(t(titleKeys[refusal]));
  const heading = useRef<HTMLHeadingElement>(null);
  // The whole screen changed without a navigation: the heading takes the focus, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="app-registrar-blocked d-flex align-items-center justify-content-center p-3" data-testid="registrar-blocked">
      <div className="card shadow-sm text-center p-4">
        <div className="card-body">
          <div className="mb-3">
            <Icon svg={buildingXIcon} className="fs-1 text-danger" />
          </div>
          <h1 className="h4 mb-3" ref={heading} tabIndex={-1}>
            {t(titleKeys[refusal])}
          </h1>
          <p className="text-body-secondary mb-4">{t(refusal)}</p>
          <button type="button" className="btn btn-primary" onClick={() => void authSession.get()?.logout()}>
            <Icon svg={boxArrowRightIcon} className="me-2" />
            {t('app.registrarBlocked.signOut')}
          </button>
        </div>
      </div>
    </main>
  );
}

/** The app, until a call answers that the caller may not use it any more (lib/registrar-blocked.ts); then only that message. */
export function RegistrarBlockedGate({ children }: { children: ReactNode }) {
  const refusal = useStore(accessRefused);
  return refusal ? <RegistrarBlocked refusal={refusal} /> : children;
}
