// What bench/run.mjs and bench/patches.mjs share to time a screen's first load in the page.

/** The demo users the benchmarks sign in as (server/demo data), by the names the benchmarks use. */
const DEMO_USER_IDS = { user: 8, grantee: 7, admin: 2, expert: 5, manager: 1 };

/** A signed-in session of a demo user from the reference back end's sign-on: `{ token, tokenExpireAt, renew_token }`. */
export async function demoToken(login, base) {
  const res = await fetch(`${base}/sso/authorize`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_id: String(DEMO_USER_IDS[login]), redirect_uri: `${base}/callback` }),
  });
  const code = new URL(res.headers.get('location')).searchParams.get('code');
  return (await (await fetch(`${base}/hosts/main/v1/users/setcode?code=${code}`)).json()).result;
}

/**
 * Records, in every page of `context`, the long tasks (Long Tasks API, `window.__long` as [start, duration]) and the
 * moment the screen's element `selector` first appears in the app's own #root (`window.__readyAt`, page clock) — not
 * in the picture of the last visit that boot-frame.js paints on a reload.
 */
export function recordUntilShown(context, selector) {
  return context.addInitScript((ready) => {
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    const observer = new MutationObserver(() => {
      if (window.__readyAt === undefined && [...document.querySelectorAll(ready)].some((el) => el.closest('#root'))) { window.__readyAt = performance.now(); observer.disconnect(); }
    });
    observer.observe(document, { subtree: true, childList: true });
  }, selector);
}
