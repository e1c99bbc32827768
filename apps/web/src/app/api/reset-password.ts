import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alerts } from '../../lib/alerts';
import { apiRequest, ApiError } from '../../lib/api-client';

/**
 * Asks the identity service to mail the signed-in user a password-reset link. A server failure
 * shows the spec's own text rather than the generic 'An internal error occurred.'.
 */
export function useResetPassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () =>
      apiRequest<unknown>('/services/me/password', { method: 'DELETE', handledKeys: ['error.internal'], fallbackError: t('app.resetPassword.failed') }),
    onSuccess: () => alerts.success(t('app.resetPassword.sent')),
    onError: (error) => {
      if (error instanceof ApiError && error.has('error.internal')) alerts.error(t('app.resetPassword.failed'));
    },
  });
}
