import { brusselsTimeZone } from '@registrar-panel/contract';
import { takeLanguageFromAddress } from './lib/language-choice';
import { loadAppConfiguration } from './lib/load-config';
import { herePath, isCallback, maySignInSilently } from './lib/sign-in-address';

/*
 * The entry point, kept tiny: it imports neither the OpenID Connect client nor React nor the app
 * (app/start.tsx). A visitor without a session goes from here to the sign-in page without
 * downloading the app (docs/decisions.md, "Web weight and speed").
 */

/** Start-up order (spec section 1): configuration, then sign-in, then the app. */
async function start() {
  // Before anything may leave for the sign-in page: `?lang=` is kept as the choice (lib/language-choice.ts).
  takeLanguageFromAddress();
  // The configuration, the OpenID Connect client and, with a session likely, the app load side by side.
  const app = maySignInSilently() ? import('./app/start') : undefined;
  const oidc = import('./lib/oidc-client');
  // Brussels' zone data, loaded while those files are on their way: the runtime keeps it for every
  // formatter after, so the first date a page shows no longer pays it (25 ms on this machine, 100 on
  // a slow phone). A task of its own, so the requests above leave first.
  if (app) setTimeout(() => new Intl.DateTimeFormat('en-GB', { timeZone: brusselsTimeZone, timeZoneName: 'longOffset' }).format(0), 0);
  try {
    const [config, { createManager, signIn }] = await Promise.all([loadAppConfiguration(), oidc]);
    const manager = createManager(config);
    if (!isCallback() && !(await manager.getUser())) {
      await signIn(manager, herePath());
      return; // the browser is on its way to the sign-in page
    }
    const { startApp } = await (app ?? import('./app/start'));
    await startApp(config, manager);
  } catch (error) {
    console.error(error);
    const { showStartupFailure } = await import('./app/start');
    await showStartupFailure();
  }
}

void start();
