import './bootstrap.scss';
import './app.css';
import type { AppConfiguration } from '@registrar-panel/contract';
import type { UserManager } from 'oidc-client-ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { authSession } from '../lib/auth';
import { initI18n } from '../lib/i18n';
import { followUserLanguage } from '../lib/language';
import { saveLanguageChoices } from '../lib/language-preference';
import { startSession } from '../lib/oidc';
import { App } from './app';

/*
 * The app itself: styles, React, the router and the shell. main.tsx imports this module only once
 * a session is there or on its way (back from the sign-in page), or to show a start-up failure.
 */

let root: Root | undefined;
const rootOf = () => (root ??= createRoot(document.getElementById('root')!));
let texts: Promise<void> | undefined;
const textsReady = () => (texts ??= initI18n());

/** Installs the session (refreshing its token if needed) and renders the app; or goes to sign-in. */
export async function startApp(config: AppConfiguration, manager: UserManager): Promise<void> {
  await textsReady();
  const signedIn = await startSession(manager);
  if (!signedIn) return; // the browser is on its way to the sign-in page
  // The server's preference, at a sign-in that has just happened (lib/oidc.ts); later choices go to it.
  await followUserLanguage(authSession.get()?.user.preferredLanguage);
  saveLanguageChoices();
  // As a transition: React draws the shell in slices the browser can paint and answer input between,
  // not in one long task (docs/decisions.md, "Less main-thread work").
  startTransition(() =>
    rootOf().render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  );
}

/** The configuration or the identity service could not be reached. */
export async function showStartupFailure(): Promise<void> {
  const [{ StartupFailure }] = await Promise.all([import('./startup-failure'), textsReady()]);
  rootOf().render(<StartupFailure />);
}
