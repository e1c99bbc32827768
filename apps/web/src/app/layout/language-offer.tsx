import type { Language } from '@registrar-panel/contract';
import translator from '../../lib/translator';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { loadShellTexts } from '../../lib/i18n';
import { chooseLanguage } from '../../lib/language';
import { dismissOffer, storedLanguage } from '../../lib/language-choice';
import { Icon } from '../../components/icon';
import translateIcon from 'bootstrap-icons/icons/translate.svg?raw';

/** After the offer closes, the focus goes where the skip link sends it rather than to the page's top. */
const focusMain = () => document.getElementById('main-content')?.focus();

/**
 * The once-only offer of the browser's preferred language ('Deze pagina in het Nederlands?'),
 * written in that language: a first visit is English (spec section 1), so the page asks
 * rather than switches. Taking it or turning it down is remembered (lib/language-choice.ts).
 */
export function LanguageOffer({ offered }: { offered: Language }) {
  const [ready, setReady] = useState<Language>();
  const [open, setOpen] = useState(true);
  useTranslation(); // a language chosen with the switcher meanwhile answers the offer: render again to see it

  useEffect(() => {
    loadShellTexts(offered).then(
      () => setReady(offered),
      (error: unknown) => console.error(error),
    );
  }, [offered]);

  if (ready !== offered || !open || storedLanguage() !== undefined) return null;
  const t = translator.getFixedT(offered);
  const close = () => {
    setOpen(false);
    focusMain();
  };

  return (
    <section
      className="app-language-offer alert alert-info d-flex flex-wrap align-items-center gap-2 gap-sm-3 py-2"
      lang={offered}
      aria-label={t('app.languageOffer.question')}
      data-testid="language-offer"
    >
      <Icon svg={translateIcon} className="fs-5" />
      <p className="mb-0 fw-semibold flex-grow-1">{t('app.languageOffer.question')}</p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            close();
            chooseLanguage(offered).catch((error: unknown) => console.error(error));
          }}
        >
          {t('app.languageOffer.accept')}
        </button>
        <button
          type="button"
          className="btn btn-outline-dark btn-sm"
          onClick={() => {
            dismissOffer();
            close();
          }}
        >
          {t('app.languageOffer.dismiss')}
        </button>
      </div>
    </section>
  );
}
