import { can, type BillingPeriod } from '@registrar-panel/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../../components/pagination';
import { billingPage, billingPageHref, billingPageOf } from '../billing-pages';
import { useCurrentUser } from '../../../lib/auth';
import { useDownload } from '../../../lib/download';
import { downloadBillingCsv } from '../api/download-billing-csv';
import { useBillingLines } from '../api/get-billing-lines';
import { useRegistrar } from '../api/get-registrar';
import { billingQuery, brusselsToday, creationYear, defaultBillingMonth, defaultBillingYear } from '../billing-period';
import { BillingLinesTable } from './billing-lines-table';
import { BillingPeriodPicker, type PickedPeriod } from './billing-period-picker';
import { DownloadProgress } from '../../../components/download-progress';
import { NotAllowed } from '../../../components/not-allowed';
import { Icon } from '../../../components/icon';
import downloadIcon from 'bootstrap-icons/icons/download.svg?raw';
import { usePageTitle } from '../../../lib/page-title';
import { useFormats } from '../../../lib/formats';
import { SectionCard } from '../../../components/section-card';

function BillingLines({ handle, createdYear, linkDomains }: { handle: string; createdYear: number; linkDomains: boolean }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const [today] = useState(() => brusselsToday());
  const [picked, setPicked] = useState<PickedPeriod>(() => ({ year: defaultBillingYear(createdYear, today), monthIndex: defaultBillingMonth(today) }));
  // What Submit asked for; changing the picker hides the results until the next Submit, so the
  // table and its CSV are always those of the period the picker shows.
  const [submitted, setSubmitted] = useState<BillingPeriod | null>(null);
  const { data: lines } = useBillingLines(submitted);
  // The month comes in one answer (spec section 7) and shows 100 lines a page; the page is in the
  // address (`?page=N`), so that the pager's links, Back and Forward work as on the search page.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shown = lines ? billingPage(lines, billingPageOf(params)) : null;
  const download = useDownload();
  const pager = (navigation: string) =>
    shown && (
      <Pager
        page={shown.page}
        pageCount={shown.pageCount}
        hrefFor={billingPageHref}
        labels={{
          navigation,
          first: t('registrar.billing.first'),
          previous: t('registrar.billing.previous'),
          next: t('registrar.billing.next'),
          last: t('registrar.billing.last'),
        }}
      />
    );
  // Another period starts on its first page.
  const toFirstPage = () => {
    if (params.has('page')) void navigate(billingPageHref(1), { replace: true });
  };
  const periodText = submitted ? t('registrar.billing.resultsFor', { month: t(`registrar.month.${submitted.month}`), year: submitted.year }) : '';

  return (
    <SectionCard id="billing" title={t('registrar.billing.title')}>
      <p className="text-body-secondary small">{t('registrar.billing.intro')}</p>
      <BillingPeriodPicker
        createdYear={createdYear}
        today={today}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          setSubmitted(null);
        }}
        onSubmit={() => {
          toFirstPage();
          setSubmitted(billingQuery(picked.year, picked.monthIndex));
        }}
      />
      {submitted && lines && shown && (
        <div className="mt-4" data-testid="billing-results">
          {lines.length === 0 ? (
            <p className="text-body-secondary mb-0" data-testid="billing-no-results">
              {t('registrar.billing.noResults')}
            </p>
          ) : (
            <>
              <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
                <h3 className="h6 mb-0">
                  {t('registrar.billing.results')}{' '}
                  <span className="text-body-secondary fw-normal">
                    · {periodText} · {t('registrar.billing.lineCount', { count: lines.length })}
                  </span>
                </h3>
                <Button
                  variant="outline-primary"
                  size="sm"
                  disabled={download.running}
                  title={t('registrar.billing.download')}
                  aria-label={t('registrar.billing.downloadLabel', { month: t(`registrar.month.${submitted.month}`), year: submitted.year })}
                  onClick={() => void downloadBillingCsv(download, handle, submitted, t('registrar.download.failed'))}
                >
                  <Icon svg={downloadIcon} />
                  <span className="ms-2 d-none d-sm-inline">{t('registrar.billing.download')}</span>
                </Button>
              </div>
              <DownloadProgress progress={download.progress} label={t('registrar.billing.download')} />
              {shown.pageCount > 1 && (
                <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
                  <span className="small text-body-secondary" data-testid="billing-range">
                    {t('registrar.billing.showing', {
                      from: count(shown.from),
                      to: count(shown.to),
                      total: count(lines.length),
                    })}
                  </span>
                  {pager(t('registrar.billing.pages'))}
                </div>
              )}
              <BillingLinesTable lines={shown.lines} linkDomains={linkDomains} />
              {shown.pageCount > 1 && <div className="mt-3">{pager(t('registrar.billing.pagesBottom'))}</div>}
            </>
          )}
        </div>
      )}
    </SectionCard>
  );
}

/** `/registrar/billing`: the tab always shows; roles without billing access are told why. */
export function Billing() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: registrar } = useRegistrar();
  usePageTitle(t('registrar.tabs.billing'), t('registrar.title'));
  if (!user || !can(user.roles, 'readBilling'))
    return <NotAllowed title={t('registrar.billing.notAllowed.title')} text={t('registrar.billing.notAllowed.text')} capability="readBilling" />;
  if (!registrar) return null;
  return <BillingLines handle={registrar.handle} createdYear={creationYear(registrar.createTimestamp)} linkDomains={can(user.roles, 'readRegistrations')} />;
}
