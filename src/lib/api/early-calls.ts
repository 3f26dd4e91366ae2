/** A call boot.js started before the app's code ran (scripts/boot-preload.mjs `EARLY_CALLS`), by absolute address. */
interface EarlyCall {
  /** The Authorization header it was sent with. */
  auth: string;
  answer: Promise<Response>;
}

/**
 * Read once, when the app's code starts. boot.js runs first (a deferred script before the app's module script in
 * index.html), and its calls then leave before the app could make its own. A boot.js that ran after this module (as it
 * did in some loads when it was async) is never listened to: the app has made its own calls already, and boot.js's
 * answers could be older than the screen's data — a later refetch (the tab regaining focus) would have taken one.
 */
const started = (globalThis as { __cabinetBoot?: { early?: Record<string, EarlyCall> } }).__cabinetBoot?.early;

/**
 * The answer of a call boot.js already made, taken once, for the same GET with the same token; undefined otherwise (the
 * caller makes the call itself). A call boot.js could not complete (no connection) is made again.
 */
export function takeEarlyAnswer(request: Request, calls = started): Promise<Response> | undefined {
  const call = calls?.[request.url];
  if (!call || request.method !== 'GET') return;
  delete calls![request.url];
  return request.headers.get('Authorization') === call.auth ? call.answer.catch(() => fetch(request)) : undefined;
}
