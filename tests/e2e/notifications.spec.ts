import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoContractViolations, screenshot, signIn } from './fixtures';
import { authHeader, expectAccessible, signInAsUserId, tokenForUserId } from './user-sessions';

/**
 * The bell (SPEC §2, §7, §9). The messages host produces one notification for the signed-in user every 5 minutes
 * of server time; the test moves server time (POST /__test/clock) and the page's timers (Playwright clock) instead
 * of waiting for the 60 s poll.
 */
const STREAM_STEP_MS = 5 * 60_000;

async function setServerClock(request: APIRequestContext, offsetMs: number) {
  expect((await request.post('/__test/clock', { data: { offsetMs } })).ok()).toBeTruthy();
}

async function unread(request: APIRequestContext, token: string) {
  const response = await request.get('/hosts/messages/messages/getnew?project=grants-cabinet', { headers: authHeader(token) });
  return ((await response.json()) as { data: { items: { id: number; message: string }[] } }).data.items;
}

/** Nothing unread at the start, also when a retry follows a run that left a notification unread. */
async function startWithNothingUnread(request: APIRequestContext, token: string) {
  const left = await unread(request, token);
  if (left.length > 0) {
    const response = await request.post('/hosts/messages/messages/read', {
      headers: authHeader(token),
      data: { message: left.map((m) => m.id), project: 'grants-cabinet' },
    });
    expect(response.ok()).toBeTruthy();
  }
  expect(await unread(request, token)).toEqual([]);
}

test.describe('notifications bell', () => {
  test('a new notification arrives within one poll, reading it marks it read and the count drops', async ({ page }) => {
    const userId = 121;
    const { token } = await tokenForUserId(page.request, userId);
    // Start the user's stream at the current server time, with nothing unread.
    await setServerClock(page.request, 0);
    await startWithNothingUnread(page.request, token);

    const badges: number[] = [];
    await page.exposeFunction('recordBadge', (n: number) => badges.push(n));
    await page.addInitScript(() => {
      if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
      const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
      const record = (window as unknown as { recordBadge: (n: number) => void }).recordBadge;
      nav.setAppBadge = async (n?: number) => record(n ?? 0);
      nav.clearAppBadge = async () => record(0);
    });
    // A slow connectivity probe (a loaded server, a phone waking up): jumping the page's timers fires the probe's
    // 10 s time-out while the request is still on its way. That proves nothing about the network, and the bell's
    // «Отметить прочитанным» must still reach the server.
    await page.route('**/v1/users/info', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page.clock.install();
    await signInAsUserId(page, userId);
    await page.goto('/programs');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Уведомления');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    const popup = page.getByRole('dialog', { name: 'Новые уведомления' });

    // Five minutes later on the server a notification is due; the next poll (60 s) brings it.
    await setServerClock(page.request, STREAM_STEP_MS + 10_000);
    const poll = page.waitForResponse((r) => r.url().includes('/messages/getnew'));
    await page.clock.fastForward(61_000);
    await poll;
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Уведомления: новых 1');
    await expect.poll(() => badges.at(-1)).toBe(1);

    await bell.click();
    const items = popup.getByRole('list', { name: 'Список уведомлений' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    // The stream's next text (the first run of a fresh server: «… ожидает заполнения.»; a retry gets the next one).
    const [fresh] = await unread(page.request, token);
    await expect(items.first()).toContainText(fresh!.message.slice(0, 40));
    const reading = page.waitForRequest((r) => r.url().includes('/messages/read'));
    await items.first().getByRole('button', { name: 'Отметить прочитанным' }).click();
    const body = (await reading).postDataJSON() as { message: number[]; project: string };
    expect(body.project).toBe('grants-cabinet');
    expect(body.message).toHaveLength(1);
    await expect(popup.getByText('Нет новых уведомлений')).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect.poll(() => badges.at(-1)).toBe(0);
    expect(await unread(page.request, token)).toEqual([]);

    await setServerClock(page.request, 0);
    await expectNoContractViolations(page.request);
  });

  test('long texts are cut to 100 characters with the whole text in a tooltip; the popup is at most 300 px wide', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/programs');
    await page.getByTestId('notification-bell').click();
    const popup = page.getByRole('dialog', { name: 'Новые уведомления' });
    const long = popup.getByTestId('notification-text').filter({ hasText: 'возвращена к редактированию' });
    await expect(long).toBeVisible();
    const shown = (await long.textContent())!;
    expect(shown.endsWith('…')).toBe(true);
    expect(Array.from(shown).length).toBe(101);
    await expect(async () => {
      await page.mouse.move(0, 0);
      await long.hover();
      await expect(page.getByRole('tooltip')).toContainText('отправьте анкету повторно', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    expect((await popup.boundingBox())!.width).toBeLessThanOrEqual(300);
    await screenshot(page, 'notifications-popup-desktop');
    await expectAccessible(page, 'notifications popup');
  });

  test('a notification that arrives while the page is hidden is announced by the system when allowed', async ({ page }) => {
    const userId = 122;
    const { token } = await tokenForUserId(page.request, userId);
    await setServerClock(page.request, 0);
    await startWithNothingUnread(page.request, token);
    await page.exposeFunction('recordNotification', (title: string, body: string) => shownNotes.push({ title, body }));
    const shownNotes: { title: string; body: string }[] = [];
    await page.addInitScript(() => {
      if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
      const record = (window as unknown as { recordNotification: (t: string, b: string) => void }).recordNotification;
      class FakeNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title: string, options?: { body?: string }) {
          record(title, options?.body ?? '');
        }
      }
      (window as unknown as { Notification: unknown }).Notification = FakeNotification;
      if (navigator.serviceWorker) navigator.serviceWorker.getRegistration = async () => undefined;
      let hidden = false;
      Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { get: () => hidden });
      (window as unknown as { hidePage: () => void }).hidePage = () => {
        hidden = true;
        document.dispatchEvent(new Event('visibilitychange'));
      };
    });
    await page.clock.install();
    await signInAsUserId(page, userId);
    await page.goto('/programs');
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Уведомления');
    await page.evaluate(() => (window as unknown as { hidePage: () => void }).hidePage());

    await setServerClock(page.request, STREAM_STEP_MS + 10_000);
    const poll = page.waitForResponse((r) => r.url().includes('/messages/getnew'));
    await page.clock.fastForward(61_000);
    await poll;
    await expect.poll(() => shownNotes.length).toBe(1);
    expect(shownNotes[0]!.title).toBe('Новое уведомление');
    expect(shownNotes[0]!.body.length).toBeGreaterThan(10);
    await setServerClock(page.request, 0);
  });

  test('phone width: the header keeps bell, question, avatar and exit; the popup fits', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'user');
    await page.goto('/programs');
    for (const name of [/^Уведомления/, /^Задать вопрос$/, /^Данные пользователя/, /^Выйти$/]) {
      await expect(page.getByRole('banner').getByRole('button', { name })).toBeVisible();
    }
    await page.getByTestId('notification-bell').click();
    const popup = page.getByRole('dialog', { name: 'Новые уведомления' });
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'notifications-popup-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('phone: a cut notification opens in full on a tap (375 px, touch)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('tap shows the whole text, the next tap cuts it again', async ({ page }) => {
    await signIn(page, 'grantee');
    await page.goto('/programs');
    await page.getByTestId('notification-bell').tap();
    const popup = page.getByRole('dialog', { name: 'Новые уведомления' });
    const long = popup.getByTestId('notification-text').filter({ hasText: 'возвращена к редактированию' });
    await expect(long).toBeVisible();
    await expect(long).not.toContainText('отправьте анкету повторно');
    await long.tap();
    await expect(long).toContainText('отправьте анкету повторно');
    await expect(long).toHaveAttribute('aria-expanded', 'true');
    await screenshot(page, 'notifications-tap-phone');
    expect((await popup.boundingBox())!.x + (await popup.boundingBox())!.width).toBeLessThanOrEqual(375);
    await long.tap();
    await expect(long).not.toContainText('отправьте анкету повторно');
  });
});
