import { ruleMailChoices, type RuleMailChoice } from '@registrar-panel/contract';
import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from '../../../../lib/use-translation';
import { alerts } from '../../../../lib/alerts';
import { useSetMailChoice } from '../api/set-mail-choice';

/**
 * The user's own choice of how the hits of the rules naming them reach them by mail: at once, in a
 * daily digest at 07:00 Brussels time, or not at all (the inbox has them either way).
 */
export function MailChoiceCard({ current }: { current: RuleMailChoice }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<RuleMailChoice>(current);
  const save = useSetMailChoice();
  return (
    <Card as="section" aria-labelledby="rules-mail-title" data-testid="rules-mail">
      <Card.Header className="bg-body">
        <h2 id="rules-mail-title" className="h5 mb-0">
          {t('messages.rules.mail.title')}
        </h2>
      </Card.Header>
      <Card.Body>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(chosen, { onSuccess: (mail) => alerts.success(t('messages.rules.mail.saved', { choice: t(`messages.rules.mail.${mail}`) })) });
          }}
        >
          <fieldset>
            <legend className="fs-6 mb-2">{t('messages.rules.mail.legend')}</legend>
            {ruleMailChoices.map((choice) => (
              <Form.Check
                key={choice}
                type="radio"
                name="rules-mail"
                id={`rules-mail-${choice}`}
                className="mb-2"
                checked={chosen === choice}
                onChange={() => setChosen(choice)}
                label={
                  <>
                    {t(`messages.rules.mail.${choice}`)}
                    <span className="d-block small text-body-secondary">{t(`messages.rules.mail.${choice}.help`)}</span>
                  </>
                }
              />
            ))}
          </fieldset>
          <Button type="submit" variant="primary" className="mt-2" disabled={save.isPending || chosen === current}>
            {t('messages.rules.mail.save')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
