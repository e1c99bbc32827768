/*
 * react-aria (under react-bootstrap) imports `use-sync-external-store/shim`, a copy of the hook for React before 18;
 * vite.config.ts points that import here, to React's own (issue 36: the shim was in the first chunk).
 */
export { useSyncExternalStore } from 'react';
