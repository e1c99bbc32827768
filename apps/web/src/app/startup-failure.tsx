import { useTranslation } from 'react-i18next';

/** Shown when the configuration or the identity service cannot be reached at start. */
export function StartupFailure() {
  const { t } = useTranslation();
  return (
    <div className="container py-5">
      <div className="alert alert-danger" role="alert">
        <h1 className="h5">{t('app.startupFailed.title')}</h1>
        <p className="mb-0">{t('app.startupFailed.text')}</p>
      </div>
    </div>
  );
}
