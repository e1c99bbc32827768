import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { billingMonths, billingYears, monthAfterYearChange, type Today } from '../billing-period';

export interface PickedPeriod {
  year: number;
  monthIndex: number;
}

interface Props {
  createdYear: number;
  today: Today;
  value: PickedPeriod;
  onChange: (next: PickedPeriod) => void;
  onSubmit: () => void;
}

/** Year and month selects with the rules of spec section 4, and Submit. */
export function BillingPeriodPicker({ createdYear, today, value, onChange, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label={t('registrar.billing.title')}
    >
      <Row className="g-3 align-items-end">
        <Col xs={6} sm={4} md={3}>
          <Form.Group controlId="billing-year">
            <Form.Label>{t('registrar.billing.year')}</Form.Label>
            <Form.Select
              value={value.year}
              onChange={(event) => {
                const year = Number(event.target.value);
                onChange({ year, monthIndex: monthAfterYearChange(value.monthIndex, year, today) });
              }}
            >
              {billingYears(createdYear, today).map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} sm={4} md={3}>
          <Form.Group controlId="billing-month">
            <Form.Label>{t('registrar.billing.month')}</Form.Label>
            <Form.Select value={value.monthIndex} onChange={(event) => onChange({ ...value, monthIndex: Number(event.target.value) })}>
              {billingMonths(value.year, today).map((index) => (
                <option key={index} value={index}>
                  {t(`registrar.month.${index + 1}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs="auto">
          <Button type="submit" variant="primary">
            {t('registrar.billing.submit')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
