import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { alerts } from '../../lib/alerts';
import type { HandledKey } from '@registrar-panel/contract';
import { ApiError, callApi } from '../../lib/api-client';

/** A server failure the route table marks for the web: shown with the spec's own text (section 8). */
const resetFailedKey = 'error.internal' satisfies HandledKey<'requestPasswordReset'>;

/**
 * Asks the identity service to mail the signed-in user a password-reset link. A server failure
 * shows the spec's own text rather than the generic 'An internal error occurred.'.
 */
export function useResetPassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => callApi('requestPasswordReset', { fallbackError: t('app.resetPassword.failed') }),
    onSuccess: () => alerts.success(t('app.resetPassword.sent')),
    onError: (error) => {
      if (error instanceof ApiError && error.has(resetFailedKey)) alerts.error(t('app.resetPassword.failed'));
    },
  });
}
