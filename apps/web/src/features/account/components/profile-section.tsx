import { languageNames, languages, matchLanguage, type MyAccount } from '@registrar-panel/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { DetailList } from '../../../components/detail-list';
import { SectionCard } from '../../../components/section-card';
import { chooseLanguage, usePageLanguage } from '../../../lib/language';
import personIcon from 'bootstrap-icons/icons/person.svg?raw';

/**
 * Name, email and username as the identity service holds them (an ADMIN changes the first two), and
 * the language: chosen here as in the header's switcher, saved as the user's own (lib/language.ts).
 */
export function ProfileSection({ account }: { account: MyAccount }) {
  const { t } = useTranslation();
  const pageLanguage = usePageLanguage();
  const shown = matchLanguage(pageLanguage) ?? account.language ?? 'en';
  const language = (
    <Form.Select
      id="account-language"
      aria-label={t('account.profile.language')}
      aria-describedby="account-language-help"
      value={shown}
      onChange={(event) => {
        const chosen = matchLanguage(event.target.value);
        if (chosen) void chooseLanguage(chosen);
      }}
      className="account-language"
    >
      {languages.map((code) => (
        <option key={code} value={code} lang={code}>
          {languageNames[code]}
        </option>
      ))}
    </Form.Select>
  );
  return (
    <SectionCard id="account-profile" title={t('account.profile.title')} icon={personIcon}>
      <DetailList
        rows={[
          { name: 'name', label: t('account.profile.name'), value: account.name },
          { name: 'email', label: t('account.profile.email'), value: account.email },
          { name: 'username', label: t('account.profile.username'), value: account.username },
          {
            name: 'language',
            label: t('account.profile.language'),
            value: language,
            help: <span id="account-language-help">{t('account.profile.languageHelp')}</span>,
          },
        ]}
      />
    </SectionCard>
  );
}
