// Loaded by the service worker (vite.config.ts, workbox.importScripts). A page whose navigation left while this worker
// was still installing, and which appeared only after the worker's activation claimed the pages then open, is not
// controlled until its next load (its requests bypass the worker; the first visit is meant to be controlled at once).
// The app asks for it when it finds itself uncontrolled beside an active worker (src/lib/pwa/service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});
