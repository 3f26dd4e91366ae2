import { expect, test } from '@playwright/test';
import { animationsDone, expectNoContractViolations, screenshot } from './fixtures';
import { authHeader, expectAccessible, signInAsUserId } from './user-sessions';

/** The user-data drawer from the avatar (SPEC §2, §5 "Profile", §7 PATCH /v1/users/{id}/update, notification settings). */
test.describe('profile and notification settings', () => {
  test('a too-long field is refused without a call; a valid change is saved and shown in the header', async ({ page }) => {
    const { token } = await signInAsUserId(page, 130);
    await page.goto('/');
    const avatar = page.getByRole('button', { name: /^Данные пользователя/ });
    await avatar.click();
    const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
    await expect(drawer).toBeVisible();
    const lastname = drawer.getByRole('textbox', { name: /^Фамилия/ });
    await expect(lastname).not.toHaveValue('');
    // The role is shown, not editable.
    await expect(drawer.getByLabel('Роль (не редактируется)')).toContainText('Монитор по содержанию');
    await expect(drawer.getByRole('textbox', { name: /Роль/ })).toHaveCount(0);

    let patches = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/update')) patches += 1;
    });
    await lastname.fill('Ф'.repeat(51));
    await expect(drawer.getByText('Не более 50 символов')).toBeVisible();
    await drawer.getByRole('textbox', { name: /^Город/ }).fill('Г'.repeat(201));
    await expect(drawer.getByText('Не более 200 символов')).toBeVisible();
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(lastname).toBeFocused();
    expect(patches).toBe(0);
    await screenshot(page, 'profile-too-long');

    await lastname.fill('Новикова');
    await drawer.getByRole('textbox', { name: /^Имя/ }).fill('Вера');
    await drawer.getByRole('textbox', { name: /^Город/ }).fill('Томск');
    await drawer.getByRole('textbox', { name: /^Телефон/ }).fill('+7 (913) 555-01-30');
    const saving = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/v1/users/130/update'));
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saving).postDataJSON()).toMatchObject({ lastname: 'Новикова', firstname: 'Вера', city: 'Томск', phone: '+7 (913) 555-01-30' });
    await expect(page.getByText('Данные успешно обновлены')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(avatar).toHaveAccessibleName(/Данные пользователя: Новикова Вера/);
    await expect(avatar).toContainText('НВ');

    const me = await (await page.request.get('/hosts/main/v1/users/info', { headers: authHeader(token) })).json();
    expect(me).toMatchObject({ lastname: 'Новикова', firstname: 'Вера', city: 'Томск' });
    await expectNoContractViolations(page.request);
  });

  test('a server failure gives "Произошла ошибка при обновлении данных" and keeps the input', async ({ page }) => {
    await signInAsUserId(page, 131);
    await page.route('**/v1/users/131/update', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Внутренняя ошибка сервера"}' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: /^Данные пользователя/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
    await drawer.getByRole('textbox', { name: /^Регион/ }).fill('Томская область');
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Произошла ошибка при обновлении данных')).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: /^Регион/ })).toHaveValue('Томская область');
  });

  test('e-mail notifications are switched off and on (send_email 0/1) with their toasts', async ({ page }) => {
    const { token } = await signInAsUserId(page, 132);
    await page.goto('/');
    await page.getByRole('button', { name: /^Данные пользователя/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
    const email = drawer.getByRole('checkbox', { name: 'Получать уведомления на e-mail' });
    await expect(email).toBeChecked();
    const off = page.waitForRequest((r) => r.url().includes('/notification/change-status'));
    await drawer.locator('label', { hasText: 'Получать уведомления на e-mail' }).click();
    expect((await off).postDataJSON()).toEqual({ send_email: 0, project: 'grants-cabinet' });
    await expect(page.getByText('Настройки уведомлений успешно обновлены')).toBeVisible();
    await expect(email).not.toBeChecked();
    const settings = () => page.request.get('/hosts/messages/notification/settings?project=grants-cabinet', { headers: authHeader(token) });
    expect(await (await settings()).json()).toEqual({ send_email: 0 });
    await screenshot(page, 'profile-drawer-desktop');
    await expectAccessible(page, 'user-data drawer');

    await drawer.locator('label', { hasText: 'Получать уведомления на e-mail' }).click();
    await expect(email).toBeChecked();
    await expect.poll(async () => (await (await settings()).json()).send_email).toBe(1);

    // A failure says so and leaves the switch as it was.
    await page.route('**/notification/change-status', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Сбой"}' }),
    );
    await drawer.locator('label', { hasText: 'Получать уведомления на e-mail' }).click();
    await expect(page.getByText('Произошла ошибка при обновлении настроек уведомлений')).toBeVisible();
    await expect(email).toBeChecked();
  });

  test('the phone field keeps the mask +7 (###) ###-##-## as digits are typed; toasts keep clear of the drawer', async ({ page }) => {
    await signInAsUserId(page, 132);
    await page.goto('/');
    await page.getByRole('button', { name: /^Данные пользователя/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
    const phone = drawer.getByRole('textbox', { name: /^Телефон/ });
    await expect(phone).toHaveAttribute('placeholder', '+7 (###) ###-##-##');
    await phone.fill('');
    await phone.pressSequentially('913555');
    await expect(phone).toHaveValue('+7 (913) 555');
    await phone.pressSequentially('0131');
    await expect(phone).toHaveValue('+7 (913) 555-01-31');
    // A pasted number with the trunk prefix 8.
    await phone.fill('89135550131');
    await expect(phone).toHaveValue('+7 (913) 555-01-31');

    const saving = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/v1/users/132/update'));
    await drawer.getByRole('button', { name: 'Сохранить' }).click();
    expect((await saving).postDataJSON()).toMatchObject({ phone: '+7 (913) 555-01-31' });
    const toast = page.getByRole('status').filter({ hasText: 'Данные успешно обновлены' });
    await expect(toast).toBeVisible();
    await animationsDone(toast);
    const t = (await toast.boundingBox())!;
    const d = (await drawer.boundingBox())!;
    expect(t.x + t.width, 'the toast ends left of the drawer').toBeLessThanOrEqual(d.x);
    await screenshot(page, 'profile-toast-beside-drawer');
  });

  test('phone width: the drawer fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsUserId(page, 133);
    await page.goto('/');
    await page.getByRole('button', { name: /^Данные пользователя/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
    await expect(drawer.getByRole('textbox', { name: /^Фамилия/ })).toBeVisible();
    await animationsDone(drawer);
    await screenshot(page, 'profile-drawer-phone');
    expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(375);

    // A toast never covers the drawer's buttons.
    await drawer.getByRole('textbox', { name: /^Город/ }).fill('Томск');
    const save = drawer.getByRole('button', { name: 'Сохранить' });
    // Scrolled so the buttons are at the bottom of the screen, where toasts appear.
    await save.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await save.click();
    const toast = page.getByRole('status').filter({ hasText: 'Данные успешно обновлены' });
    await expect(toast).toBeVisible();
    await animationsDone(toast);
    const t = (await toast.boundingBox())!;
    for (const name of ['Сохранить', 'Отменить изменения']) {
      const b = (await drawer.getByRole('button', { name }).boundingBox())!;
      const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
      expect(overlaps, `the toast covers «${name}»`).toBe(false);
    }
    await screenshot(page, 'profile-toast-phone');
  });
});
