import { expect, test, type Browser, type Page } from '@playwright/test';
import { animationsDone, apiGet, screenshot, signIn, tokenFor } from './fixtures';

test.describe('shell (SPEC §2)', () => {
  test('desktop: permanent 288 px menu, header title, avatar initials, footer with three PDFs and the year', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    const nav = page.getByRole('navigation', { name: 'Главное меню' });
    await expect(nav).toBeVisible();
    expect((await nav.boundingBox())?.width).toBe(288);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Текущие конкурсы');
    await expect(page.getByRole('button', { name: /Данные пользователя/ })).toContainText('ИО');
    const footer = page.getByRole('contentinfo');
    for (const doc of ['Пользовательское соглашение', 'Политика конфиденциальности', 'Руководство пользователя']) {
      const link = footer.getByRole('link', { name: new RegExp(doc) });
      await expect(link).toBeVisible();
      const href = await link.getAttribute('href');
      const pdf = await page.request.get(href!);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await screenshot(page, 'shell-desktop');
  });

  test('service message banner is shown when switched on', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs');
    await expect(page.getByTestId('service-banner')).toContainText('Плановые технические работы');
  });

  test('footer is hidden on login, competition details, project and task pages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    const { token } = await signIn(page, 'user');
    const mine = await apiGet<{ items: { id: number }[] }>(page.request, token, '/hosts/main/v2/projects/project-point?pageSize=1');
    expect(mine.items.length).toBeGreaterThan(0);
    for (const path of ['/programs/START-2026', `/tasks/${mine.items[0]!.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
    await page.goto('/tasks');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('phone width: the menu is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'user');
    await page.goto('/programs');
    await expect(page.getByRole('navigation', { name: 'Главное меню' })).toHaveCount(0);
    await screenshot(page, 'shell-phone');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const drawer = page.getByRole('dialog', { name: 'Главное меню' });
    await expect(drawer).toBeVisible();
    await animationsDone(drawer); // the slide-in finishes before the picture
    await screenshot(page, 'shell-phone-drawer');
    await drawer.getByRole('link', { name: /Мои задачи/ }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(drawer).toBeHidden();
    // Nothing overflows horizontally at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('access denied and not found pages', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/access-denied/403');
    await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
    await expect(page.locator('#main').getByText('Нет доступа', { exact: true })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.locator('#main').getByText('Страница не найдена')).toBeVisible();
  });

  test('a route the role may not open leads to its first allowed route', async ({ page }) => {
    await signIn(page, 'monitor');
    await page.goto('/programs');
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto('/service-message');
    await expect(page).toHaveURL(/\/projects$/);
  });

  test('a missing or broken runtime config shows a clear start-up error', async ({ page }) => {
    await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"apiMain": 5}' }));
    await page.goto('/login');
    await expect(page.getByRole('alert')).toContainText('Личный кабинет не может запуститься');
    await expect(page.getByRole('alert')).toContainText('apiMain');
    await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: 'no' }));
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('код 404');
  });
});

test.describe('the shell frame painted before any script (index.html, DESIGN.md offline repeat-visit budget)', () => {
  /** Where the frame's parts and the app's are: the same boxes, so nothing moves when React replaces the frame. */
  const boxOf = (page: import('@playwright/test').Page, selector: string) => page.locator(selector).first().boundingBox();

  for (const width of [1440, 375]) {
    test(`${width} px: the sign-in card and the cabinet frame sit where the app draws them; the app replaces them`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      const page = await context.newPage();
      // Without the app's scripts: what the page paints alone.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto('/login');
      await expect(page.locator('.boot-login')).toBeVisible();
      await expect(page.locator('.boot-login')).toContainText('Личный кабинет');
      await expect(page.locator('.boot-cabinet')).toBeHidden();
      // Hidden from assistive technology: the app's own page follows.
      await expect(page.locator('.boot-login')).toHaveAttribute('aria-hidden', 'true');
      const frameCard = await boxOf(page, '.boot-card');
      const frameTitle = await boxOf(page, '.boot-title');
      await screenshot(page, `boot-frame-login-${width}`);

      // With a session kept, a cabinet address paints the menu column (wide screens) and the header.
      const { token, tokenExpireAt } = await tokenFor(page.request, 'user');
      await page.evaluate(([t, e]) => {
        localStorage.setItem('access_token', t);
        localStorage.setItem('access_token_expires', String(e * 1000));
      }, [token, tokenExpireAt] as const);
      await page.goto('/tasks');
      await expect(page.locator('.boot-cabinet')).toBeVisible();
      await expect(page.locator('.boot-login')).toBeHidden();
      // Something a person sees is painted (issue 19): on a phone the frame was an empty bar, so the first contentful
      // paint waited for the app's JavaScript and data.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
      const frameHeader = await boxOf(page, '.boot-header');
      const frameNav = width >= 1024 ? await boxOf(page, '.boot-nav') : null;
      const frameMenu = width < 1024 ? await boxOf(page, '.boot-menu') : null;
      if (width < 1024) await expect(page.locator('.boot-nav')).toBeHidden();
      else await expect(page.locator('.boot-menu')).toBeHidden();
      // The service message is there too, under the header, as soon as its call answers (issue 19: it is the largest
      // text of the screen on a phone, and waited for the app's code and first render).
      const frameBanner = page.locator('.boot-banner');
      await expect(frameBanner).toBeVisible();
      await expect(frameBanner.locator('p')).toHaveText(/^Плановые технические работы/);
      const bannerParts = ['', ' p', ' > svg', ' .boot-close'];
      const frameBannerBoxes = await Promise.all(bannerParts.map((part) => boxOf(page, `.boot-banner${part}`)));
      const frameIcons = await frameBanner.locator('path').evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
      await screenshot(page, `boot-frame-tasks-${width}`);

      // With the scripts: the app's screens take the same boxes and the frame is gone.
      await page.unroute(/\/assets\/.*\.js$/);
      await page.goto('/tasks');
      await expect(page.getByRole('heading', { level: 1, name: 'Мои задачи' })).toBeVisible();
      await expect(page.locator('.boot')).toHaveCount(0);
      const header = await boxOf(page, 'header');
      expect({ y: header!.y, height: header!.height, right: header!.x + header!.width }).toEqual({ y: frameHeader!.y, height: frameHeader!.height, right: frameHeader!.x + frameHeader!.width });
      if (frameNav) expect(await page.getByRole('navigation', { name: 'Главное меню' }).boundingBox()).toEqual(frameNav);
      if (frameMenu) expect(await page.getByRole('button', { name: 'Открыть меню' }).locator('svg').boundingBox()).toEqual(frameMenu);
      // The app's banner takes the frame's boxes: the alert, its text (three lines and «Подробнее» on a phone), its icon
      // and its close button; the same icons.
      const banner = page.getByTestId('service-banner');
      const appBannerParts = [banner, banner.locator('p'), banner.locator('svg').first(), banner.getByRole('button', { name: 'Скрыть сообщение' })];
      expect(await Promise.all(appBannerParts.map((part) => part.boundingBox()))).toEqual(frameBannerBoxes);
      expect(await banner.locator('path').evaluateAll((paths) => paths.map((path) => path.getAttribute('d')))).toEqual(frameIcons);
      await page.evaluate(() => localStorage.clear());
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
      await expect(page.locator('.boot')).toHaveCount(0);
      expect(await page.getByRole('main').boundingBox()).toEqual(frameCard);
      expect(await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).boundingBox()).toEqual(frameTitle);
      await context.close();
    });
  }
  /** A phone's first visit to «Мои задачи» at CPU 4×, with what slows it down; every frame until the shell is looked at. */
  async function phoneFirstVisit(browser: Browser, baseURL: string | undefined, slowDown?: (page: Page) => Promise<unknown>) {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { token, tokenExpireAt } = await tokenFor(page.request, 'grantee');
    await page.goto('/empty.html');
    await page.evaluate(([t, e]) => {
      localStorage.setItem('access_token', t);
      localStorage.setItem('access_token_expires', String(e * 1000));
    }, [token, tokenExpireAt] as const);
    // Every frame the page draws until the cabinet's shell is there: when it drew neither a frame nor anything of the
    // app (the app's first render emptied the page while its first route was still loading), when it drew a spinner
    // instead of the frame, and when the service message, once drawn in the frame, was gone again before the shell.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { framesSeen: string[] }).framesSeen = []);
      let banner = false;
      const look = () => {
        if (document.querySelector('.cab-shell')) return;
        const root = document.getElementById('root');
        const at = Math.round(performance.now());
        if (root && !root.firstElementChild && !document.getElementById('boot-snapshot')) seen.push(`${at} empty`);
        else if (document.querySelector('#root .cab-spinner') && !document.querySelector('#root .boot-cabinet')) seen.push(`${at} spinner`);
        const hasBanner = !!document.querySelector('#root .boot-banner');
        if (banner && !hasBanner) seen.push(`${at} banner gone`);
        banner ||= hasBanner;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await slowDown?.(page);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Мои задачи' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { framesSeen: string[] }).framesSeen)).toEqual([]);
    await context.close();
  }

  test('a phone never shows an empty page between the frame and the cabinet (first visit, CPU 4×)', async ({ browser, baseURL }) => {
    await phoneFirstVisit(browser, baseURL);
  });

  // The signed-in layout waits for the user's call (its guard, SPEC §4); past the router's 300 ms it drew its pending
  // view, a bare spinner on an empty page, until the call answered (seen once in a full CI run on a loaded machine).
  test('a slow answer about the user keeps the cabinet frame on screen, not a spinner (first visit, CPU 4×)', async ({ browser, baseURL }) => {
    await phoneFirstVisit(browser, baseURL, (page) =>
      page.route('**/v1/users/info', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      }),
    );
  });
});

test.describe('phone: page titles readable (375 px, touch)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  /** Whether the visible title is cut (clamped or truncated). */
  const titleIsCut = (page: import('@playwright/test').Page) =>
    page
      .getByRole('heading', { level: 1 })
      .evaluate((h1) => [h1, ...h1.querySelectorAll('*')].some((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1));

  test('short titles are not cut', async ({ page }) => {
    await signIn(page, 'admin');
    for (const [path, title] of [['/users', 'Пользователи и роли'], ['/service-message', 'Сервисное сообщение'], ['/diagnostics', 'Диагностика ЭП']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect.poll(() => titleIsCut(page), { message: title }).toBe(false);
    }
    await page.goto('/users');
    await screenshot(page, 'shell-title-phone');
  });

  test('a tap shows a long title whole, the next tap cuts it again', async ({ page }) => {
    const long = 'Создание цифровой платформы мониторинга состояния инженерных сетей муниципальных образований Северо-Западного федерального округа';
    await page.route(/\/hosts\/main\/v1\/projects\/1$/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, name: long } });
    });
    await signIn(page, 'grantee');
    await page.goto('/projects/1');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(long);
    await expect.poll(() => titleIsCut(page)).toBe(true);
    await title.getByRole('button').tap();
    await expect(title.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => titleIsCut(page)).toBe(false);
    await screenshot(page, 'shell-long-title-open-phone');
    await title.getByRole('button').tap();
    await expect.poll(() => titleIsCut(page)).toBe(true);
  });
});
