import type { AppConfiguration } from '@registrar-panel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppConfigurationContext } from '../lib/config';
import { queryClient } from '../lib/query-client';
import { RegistrarBlockedGate } from './registrar-blocked';
import { AppRoutes } from './router';

export function App({ config }: { config: AppConfiguration }) {
  return (
    <AppConfigurationContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <RegistrarBlockedGate>
            <AppRoutes />
          </RegistrarBlockedGate>
        </BrowserRouter>
      </QueryClientProvider>
    </AppConfigurationContext.Provider>
  );
}
