// The service worker's script never renders: the offline modules it shares with the page import React only for their
// hooks (useOnline, useUnsentCount…). Bundled in the worker they would add React (27 KiB gzip) for nothing; a hook
// called there is a mistake, said loudly.
const missing = (name) => () => {
  throw new Error(`${name}: React is not part of the service worker's script (scripts/sw-outbox.mjs)`);
};
export const useSyncExternalStore = missing('useSyncExternalStore');
export const useEffect = missing('useEffect');
export const useState = missing('useState');
export default {};
