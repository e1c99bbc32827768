import { isValidElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { loadFeatureTexts } from './i18n';

/** A page component in a chunk of its own, and how to start loading that chunk before it renders. */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

/**
 * A route's page in a chunk of its own (React.lazy), loaded when it first renders or when `preload`
 * (app/router.tsx) asks for it: `const Billing = lazyPage(() => import('./components/billing'), 'Billing')`.
 */
export function lazyPage<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(lazy(start), { preload: () => void start() });
}

/**
 * Lazy pages of one feature: each loads with the feature's texts (lib/i18n.ts), so that it never
 * renders before them. `const page = featurePages('registrar'); const Billing = page(() => import('./components/billing'), 'Billing')`.
 */
export function featurePages(feature: string) {
  return <P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): LazyPage<P> =>
    lazyPage(async () => (await Promise.all([load(), loadFeatureTexts(feature)]))[0], name);
}

/** Starts loading the page an element shows, when it is a lazy page; anything else is left alone. */
export function preloadPageOf(element: ReactNode): void {
  if (isValidElement(element)) (element.type as Partial<LazyPage<object>>).preload?.();
}
