import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { StartupFailure } from './app/startup-failure';
import { loadAppConfiguration } from './lib/config';
import { initI18n } from './lib/i18n';
import { startSession } from './lib/oidc';

/** Start-up order (spec section 1): configuration, then sign-in, then the app. */
async function start() {
  const root = createRoot(document.getElementById('root')!);
  await initI18n();
  try {
    const config = await loadAppConfiguration();
    const signedIn = await startSession(config);
    if (!signedIn) return; // the browser is on its way to the sign-in page
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(<StartupFailure />);
  }
}

void start();
