import { languageNames, matchLanguage, type AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { Change, Lines, text } from './lines';

/** A language as its own speakers name it; a stored value this version does not know, as it is. */
const named = (value: string | undefined): string | null => {
  const language = matchLanguage(value);
  return language ? languageNames[language] : text(value);
};

/** The language of the registrar's contact mails changed: from which to which. */
export function LanguageDetails({ details }: { details: Partial<AuditDetails['registrar.language.update']> }) {
  const { t } = useTranslation();
  return (
    <Lines>
      <Change label={t('registrar.history.details.mailLanguage')} before={named(details.before)} after={named(details.after)} />
    </Lines>
  );
}
