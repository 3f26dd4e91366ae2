import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, signIn, type AccountKey } from '../e2e/fixtures';

/** Issue 10 §5: axe-core on every screen, zero serious or critical violations. */
async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.length}× ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(summary, `${label}: serious/critical axe violations`).toEqual([]);
}

const SCREENS: [AccountKey, string, string][] = [
  ['user', '/programs', 'Текущие конкурсы'],
  ['user', '/programs/START-2026', 'Сведения о конкурсе'],
  ['user', '/programs/create/START-2026', 'Введенные данные сохраняются автоматически'],
  ['grantee', '/tasks', 'Мои задачи'],
  ['grantee', '/tasks-archive', 'Архив'],
  ['grantee', '/projects', 'Проекты'],
  ['grantee', '/projects/1', 'Сведения о проекте'],
  ['grantee', '/calendar', 'Календарь'],
  ['admin', '/users', 'Пользователи и роли'],
  ['admin', '/service-message', 'Сервисное сообщение'],
  ['admin', '/diagnostics', 'Диагностика ЭП'],
  ['user', '/access-denied/403', 'Нет доступа'],
  ['user', '/no/such/page', 'Страница не найдена'],
];

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    await audit(page, '/login');
  });

  for (const [account, path, marker] of SCREENS) {
    test(`${path} as ${account}`, async ({ page }) => {
      await signIn(page, account);
      await page.goto(path);
      await expect(page.getByText(marker).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await audit(page, path);
    });
  }

  test('task preview and phone layout', async ({ page }) => {
    const { token } = await signIn(page, 'grantee');
    const list = await apiGet<{ items: { id: number }[] }>(page.request, token, '/hosts/main/v2/projects/project-point/closed?pageSize=1');
    await page.goto(`/tasks/${list.items[0]!.id}`);
    await page.waitForLoadState('networkidle');
    await audit(page, '/tasks/{id}');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/tasks');
    await page.waitForLoadState('networkidle');
    await audit(page, '/tasks at 375 px');
  });
});
