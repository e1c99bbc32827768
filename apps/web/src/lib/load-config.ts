import type { AppConfiguration } from '@registrar-panel/contract';

/** Loads `/assets/config/config.json`, the first thing the app does (spec section 1). */
export async function loadAppConfiguration(): Promise<AppConfiguration> {
  const response = await fetch('/assets/config/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`configuration not available (HTTP ${response.status})`);
  return (await response.json()) as AppConfiguration;
}
