import { can, languageNames, languages, matchLanguage, type Language, type Registrar } from '@registrar-panel/contract';
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { DetailList } from '../../../components/detail-list';
import { useRefusal } from '../../../components/refusable';
import { alerts } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { useSetRegistrarLanguage } from '../api/set-registrar-language';
import { SectionCard } from '../../../components/section-card';

/**
 * The language of the portal's mails to the registrar's contacts that are no users (its technical
 * contact's security notices): shown to everyone who sees the general data, chosen by an ADMIN. Each
 * language by its own name, as the switcher names it.
 */
export function MailLanguage({ registrar }: { registrar: Registrar }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const mayChoose = user !== null && can(user.roles, 'setRegistrarLanguage');
  const [choice, setChoice] = useState<Language>(registrar.language);
  const save = useSetRegistrarLanguage();
  const { refused, props: refusalProps } = useRefusal('PUT /registrar/language');

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(choice, { onSuccess: () => alerts.success(t('registrar.mailLanguage.saved')) });
  }

  return (
    <SectionCard id="mail-language" title={t('registrar.mailLanguage.title')}>
      <p className="small text-body-secondary" id="mail-language-help">
        {t('registrar.mailLanguage.help')}
      </p>
      {mayChoose ? (
        <Form onSubmit={submit} className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId="mail-language">
            <Form.Label>{t('registrar.mailLanguage.label')}</Form.Label>
            <Form.Select
              value={choice}
              aria-describedby="mail-language-help"
              onChange={(event) => setChoice(matchLanguage(event.target.value) ?? registrar.language)}
            >
              {languages.map((language) => (
                <option key={language} value={language} lang={language}>
                  {languageNames[language]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button type="submit" disabled={refused || save.isPending || choice === registrar.language} {...refusalProps}>
            {t('registrar.mailLanguage.save')}
          </Button>
        </Form>
      ) : (
        <DetailList
          rows={[
            {
              name: 'mailLanguage',
              label: t('registrar.mailLanguage.label'),
              value: <span lang={registrar.language}>{languageNames[registrar.language]}</span>,
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
