import type { Registrar } from '@registrar-panel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { registrarQueryOptions } from '../api/get-registrar';
import { conflictKey } from '../api/update-public-contact';

/** Instantly: Bootstrap makes scrolling smooth, and a smooth scroll stops short when the page changes under it. */
const toTop = () => window.scrollTo({ top: 0, behavior: 'instant' });

export type ContactSection = 'publicContact' | 'techContact' | 'adminContact' | 'abuseContact';

/**
 * What the four edit screens share: the registrar version the edit started from (sent with the
 * save, so that a concurrent change is refused rather than overwritten), the way back to the public
 * profile, and what happens when someone else saved first: the form keeps what the user typed, the
 * details saved meanwhile are shown, and the next Update is based on them.
 */
export function useContactEdit<C>(section: ContactSection, registrar: Registrar) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(registrar.version);
  const [savedMeanwhile, setSavedMeanwhile] = useState<C | null>(null);

  const backToProfile = (saved: boolean) => {
    if (saved) alerts.success(t(`registrar.edit.saved.${section}`), { keepAfterRouteChange: true });
    void navigate(paths.publicProfile);
    toTop();
    // Once more after the profile has rendered in place of the (taller) form.
    requestAnimationFrame(toTop);
  };

  /** Handles a failed save; other errors were alerted by the API client already. */
  const onSaveError = async (error: unknown) => {
    if (!(error instanceof ApiError && error.has(conflictKey))) return;
    const latest = await queryClient.fetchQuery({ ...registrarQueryOptions(), staleTime: 0 });
    setSavedMeanwhile(latest[section] as C);
    setVersion(latest.version);
    toTop();
  };

  return { version, savedMeanwhile, backToProfile, onSaveError };
}
