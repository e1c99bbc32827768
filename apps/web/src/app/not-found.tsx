import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="py-4">
      <h1 className="h3">{t('app.notFound')}</h1>
    </section>
  );
}
