import type { AppConfiguration } from '@registrar-panel/contract';
import { createContext, useContext } from 'react';

/** Loads `/assets/config/config.json`, the first thing the app does. */
export async function loadAppConfiguration(): Promise<AppConfiguration> {
  const response = await fetch('/assets/config/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`configuration not available (HTTP ${response.status})`);
  return (await response.json()) as AppConfiguration;
}

export const AppConfigurationContext = createContext<AppConfiguration | null>(null);

export function useAppConfiguration(): AppConfiguration {
  const config = useContext(AppConfigurationContext);
  if (!config) throw new Error('useAppConfiguration outside AppConfigurationContext');
  return config;
}
