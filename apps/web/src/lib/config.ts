import type { AppConfiguration } from '@registrar-panel/contract';
import { createContext, useContext } from 'react';

/** The configuration main.tsx loaded (lib/load-config.ts), for the components that show parts of it. */
export const AppConfigurationContext = createContext<AppConfiguration | null>(null);

export function useAppConfiguration(): AppConfiguration {
  const config = useContext(AppConfigurationContext);
  if (!config) throw new Error('useAppConfiguration outside AppConfigurationContext');
  return config;
}
