import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, type AccountKey } from './fixtures';

/**
 * Issue 19: a first load makes no Error object before its screen shows. With DevTools attached to the page (as
 * Lighthouse is), V8 records where each new Error is made and re-parses every function on the stack for it: React
 * DOM's five thrown-by-identity values, made while the startup chunk was evaluated, cost 60–80 ms of its evaluation
 * (scripts/react-sentinels.mjs). A library or module that makes an Error at load time brings the cost back: this
 * test names it.
 * Nor does it ask ICU for date data: the page's first Intl.DateTimeFormat (or RelativeTimeFormat, a Date's
 * toLocale…String) loads ICU's locale data, 25–50 ms at full speed, in the first render. Moscow dates and relative
 * notes are worked out without it (lib/moscow-time.ts, lib/relative-days.ts). The one ICU question allowed is Ark's
 * LocaleProvider asking the script of "ru-RU" (Zag's isRTL: Intl.Locale#maximize) for the text direction: a build
 * patch that answered it without ICU bought no time above the noise in three runs of bench/patches.mjs and was removed.
 */
test.use({ serviceWorkers: 'block' });

const SCREENS: { path: string; account: AccountKey | null; ready: (page: Page) => Locator }[] = [
  { path: '/login', account: null, ready: (p) => p.getByRole('button', { name: 'Войти' }) },
  { path: '/tasks', account: 'grantee', ready: (p) => p.getByTestId('task-row').first() },
  { path: '/programs', account: 'user', ready: (p) => p.getByRole('heading', { level: 1, name: 'Конкурсы' }) },
  { path: '/projects/1?tab=rid', account: 'grantee', ready: (p) => p.getByTestId('rid-card').first() },
  { path: '/programs/create/START-2026', account: 'user', ready: (p) => p.getByText('Введенные данные сохраняются автоматически') },
];

for (const screen of SCREENS) {
  test(`${screen.path}: no Error is made and no ICU date data is loaded before the screen shows`, async ({ page }) => {
    if (screen.account) await signIn(page, screen.account);
    // Every Error constructor the page's code can call, noting where it was called from.
    await page.addInitScript(() => {
      const OriginalError = Error;
      const made: string[] = [];
      (window as unknown as { __errorsMade: string[] }).__errorsMade = made;
      for (const name of ['Error', 'TypeError', 'RangeError', 'SyntaxError'] as const) {
        const Original = window[name];
        const note = (message: unknown) => made.push(`${name}(${String(message).slice(0, 80)}) ${new Original().stack?.split('\n').slice(2, 4).join(' ')}`);
        const proxy: typeof Original = new Proxy(Original, {
          apply(target, self, args: unknown[]) {
            note(args[0]);
            return Reflect.apply(target, self, args);
          },
          construct(target, args: unknown[], newTarget) {
            note(args[0]);
            return Reflect.construct(target, args, newTarget === proxy ? target : newTarget);
          },
        });
        window[name] = proxy as never;
      }
      const asked: string[] = [];
      (window as unknown as { __icuAsked: string[] }).__icuAsked = asked;
      const where = () => new OriginalError().stack?.split('\n').slice(3, 5).join(' ') ?? '';
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
      for (const name of ['DateTimeFormat', 'RelativeTimeFormat']) {
        const Original = intl[name]!;
        const proxy: typeof Original = new Proxy(Original, {
          apply(target, self, args: unknown[]): unknown {
            asked.push(`Intl.${name}(${JSON.stringify(args).slice(0, 80)}) ${where()}`);
            return Reflect.apply(target, self, args);
          },
          construct(target, args: unknown[], newTarget): object {
            asked.push(`new Intl.${name}(${JSON.stringify(args).slice(0, 80)}) ${where()}`);
            return Reflect.construct(target, args, newTarget === proxy ? target : newTarget) as object;
          },
        });
        intl[name] = proxy;
      }
      const methods: [object, string][] = [[Intl.Locale.prototype, 'maximize'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString']];
      for (const [owner, method] of methods) {
        const original = (owner as Record<string, (...args: unknown[]) => unknown>)[method]!;
        (owner as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
          asked.push(method === 'maximize' ? `maximize of ${String(this)}` : `${method}(${JSON.stringify(args).slice(0, 80)}) ${where()}`);
          return original.apply(this, args);
        };
      }
    });
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible();
    const { errors, icu } = await page.evaluate(() => {
      const seen = window as unknown as { __errorsMade: string[]; __icuAsked: string[] };
      return { errors: [...seen.__errorsMade], icu: [...seen.__icuAsked] };
    });
    expect(errors).toEqual([]);
    // Ark's LocaleProvider, once per page: the text direction of the app's one locale.
    expect(icu.filter((asked) => asked !== 'maximize of ru-RU')).toEqual([]);
    expect(icu.filter((asked) => asked === 'maximize of ru-RU').length).toBeLessThanOrEqual(1);
  });
}

/**
 * boot.js starts the config request's use, the screen's first calls and its chunks while the app's code downloads; the
 * app takes those answers instead of asking again (lib/api/early-calls.ts). It must run before the app's code even when
 * it arrives after it: loaded async, it ran after it in some loads, and the app, finding no calls started, made its own
 * — every first call went twice, and a test counting the list's failed loads failed now and then.
 */
test('boot.js arriving after the app’s code still runs first: the config and every first call go out once', async ({ page }) => {
  await signIn(page, 'user');
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/config.json' || url.pathname.startsWith('/hosts/')) asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
  });
  await page.route('**/boot.js', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
  });
  await page.goto('/programs');
  await expect(page.getByRole('heading', { name: '«Старт» 2026' })).toBeVisible({ timeout: 30_000 });
  const untaken = await page.evaluate(() => Object.keys((window as unknown as { __cabinetBoot?: { early?: object } }).__cabinetBoot?.early ?? {}));
  expect(untaken, 'calls boot.js made that the app did not take').toEqual([]);
  for (const path of ['/config.json', '/hosts/main/v2/projects/template/active', '/hosts/main/v2/projects/template/groups', '/hosts/main/v2/projects/maintance']) {
    expect(asked.get(path), path).toBe(1);
  }
});
