import { expect, test, type Page } from '@playwright/test';
import { expectNoContractViolations, screenshot, signIn } from './fixtures';

/** SPEC §2 "Competitions list" and "Competition details" (issue 4, points 1, 2 and 8). */

async function openList(page: Page, query = '') {
  await page.goto(`/programs${query}`);
  await expect(page.getByRole('heading', { name: '«Старт» 2026' })).toBeVisible();
}

test.describe('competitions list', () => {
  test('groups, search, status and checkboxes live in the URL; a reload keeps them', async ({ page }) => {
    await signIn(page, 'user');
    await openList(page);
    await expect(page.getByRole('banner').getByText('Текущие конкурсы')).toBeVisible();
    // Collapsible groups by group code; ungrouped UMNIK is outside any group.
    const startups = page.locator('[data-group="STARTUP"]');
    await expect(startups.getByText('Программы для стартапов')).toBeVisible();
    await expect(startups.getByRole('heading', { name: '«Развитие» 2026' })).toBeVisible();
    await expect(page.locator('[data-group="INNOVATION"]').getByRole('heading', { name: '«Коммерциализация» 2026' })).toBeVisible();
    await expect(page.locator('[data-group]').getByRole('heading', { name: '«УМНИК» 2026' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '«УМНИК» 2026' })).toBeVisible();
    await screenshot(page, 'competitions-list-1440');

    // A group collapses.
    await startups.getByRole('button', { name: /Программы для стартапов/ }).click();
    await expect(startups.getByRole('heading', { name: '«Развитие» 2026' })).toBeHidden();
    await startups.getByRole('button', { name: /Программы для стартапов/ }).click();
    await expect(startups.getByRole('heading', { name: '«Развитие» 2026' })).toBeVisible();

    // Row content: status chip, date ranges in DD.MM.YYYY, "Подробнее".
    const start = page.getByRole('article', { name: '«Старт» 2026' });
    await expect(start.getByText('Прием заявок')).toBeVisible();
    await expect(start.getByText('Проведение конкурса')).toBeVisible();
    await expect(start.getByText('Подведение итогов')).toBeVisible();
    await expect(start.getByText(/^\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/).first()).toBeVisible();
    // The user has an editable START-2026 point (seed): "Участвую" and "Есть задачи!".
    await expect(start.getByText('Участвую')).toBeVisible();
    await expect(start.getByText('Есть задачи!')).toBeVisible();

    // Search flattens the groups.
    await page.getByRole('textbox', { name: 'Поиск по разделу' }).fill('коммерц');
    await expect(page).toHaveURL(/q=/);
    await expect(page.locator('[data-group]')).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: '«Коммерциализация» 2026' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Поиск по разделу' })).toHaveValue('коммерц');
    await expect(page.getByRole('article')).toHaveCount(1);

    // Nothing found.
    await page.getByRole('textbox', { name: 'Поиск по разделу' }).fill('квантовая телепортация');
    await expect(page.getByText('Нет данных')).toBeVisible();
    await page.getByRole('button', { name: 'Очистить поиск' }).click();
    await expect(page.locator('[data-group="STARTUP"]')).toBeVisible();

    // Status "Прием заявок" hides the finished competition; it is clearable.
    await expect(page.getByRole('heading', { name: '«Кооперация» 2025' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Статус конкурса' }).selectOption('Прием заявок');
    await expect(page.getByRole('heading', { name: '«Кооперация» 2025' })).toHaveCount(0);
    await expect(page).toHaveURL(/status=/);
    await page.getByRole('button', { name: 'Сбросить статус' }).click();
    await expect(page.getByRole('heading', { name: '«Кооперация» 2025' })).toBeVisible();

    // "Я участвую" and "Есть задачи".
    const total = await page.getByRole('article').count();
    await page.getByText('Я участвую').click();
    await expect(page).toHaveURL(/mine=true/);
    await expect(page.getByRole('heading', { name: '«Старт» 2026' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '«Кооперация» 2025' })).toHaveCount(0);
    const mine = await page.getByRole('article').all();
    expect(mine.length).toBeLessThan(total);
    for (const article of mine) await expect(article.getByText('Участвую')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Я участвую' })).toBeChecked();
    // The box found by its role, clicked on its label as a person does: right after a reload the kept picture of this
    // screen (inert, hidden from assistive technology) can still show the same words over the app's own box.
    const withTasks = page.getByRole('checkbox', { name: 'Есть задачи' });
    await withTasks.locator('xpath=..').click();
    await expect(withTasks).toBeChecked();
    await expect(page).toHaveURL(/tasks=true/);
    for (const article of await page.getByRole('article').all()) await expect(article.getByText('Есть задачи!')).toBeVisible();
    await expectNoContractViolations(page.request);
  });

  test('bad search params fall back to defaults', async ({ page }) => {
    await signIn(page, 'user');
    await openList(page, '?status=Чужой&mine=maybe&tasks=1');
    await expect(page.getByRole('combobox', { name: 'Статус конкурса' })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Я участвую' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Есть задачи' })).toBeChecked();
  });

  test('a failed list load says so and retries', async ({ page }) => {
    await signIn(page, 'user');
    let failures = 3;
    await page.route('**/v2/projects/template/active', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Сервис конкурсов недоступен' }) }) : route.continue(),
    );
    await page.goto('/programs');
    await expect(page.getByText('Сервис конкурсов недоступен')).toBeVisible({ timeout: 20_000 });
    failures = 0;
    await page.getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByRole('heading', { name: '«Старт» 2026' })).toBeVisible();
  });

  test('phone width: title "Конкурсы"', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'user');
    await openList(page);
    await expect(page.getByRole('banner').getByText('Конкурсы', { exact: true })).toBeVisible();
    await screenshot(page, 'competitions-list-375');
  });
});

test.describe('competition details', () => {
  test('texts, sidebar, materials, tasks tab and "Подать заявку"', async ({ page }) => {
    await signIn(page, 'user');
    await openList(page);
    await page.getByRole('link', { name: 'Подробнее о конкурсе «Старт» 2026' }).click();
    await expect(page).toHaveURL(/\/programs\/START-2026$/);
    await expect(page.getByRole('tab', { name: 'Сведения о конкурсе' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Конкурс «Старт-2026» программы «Старт» Фонда содействия инновациям')).toBeVisible();
    await expect(page.getByText('Важная информация')).toBeVisible();
    for (const title of ['Требования к участникам', 'Требования к реализации проекта', 'Требования к расходованию средств', 'Требования к софинансированию']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    for (const label of ['Статус', 'Проведение конкурса', 'Подведение итогов', 'Максимальный размер поддержки', 'Начало заполнения анкет', 'Начало приема заявок', 'Окончание приема заявок']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/4\s000\s000\s₽/)).toBeVisible();
    await expect(page.getByText('Участвую')).toBeVisible();
    await screenshot(page, 'competition-details-1440');

    // Materials: name, description, download.
    await expect(page.getByText('Порядок проведения конкурса и критерии оценки')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать Положение о конкурсе «Старт-2026».pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Положение о конкурсе «Старт-2026».pdf');
    const bytes = await file.createReadStream().then(async (s) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Tasks tab: count badge and the user's tasks of this competition; no "Подать заявку" there.
    await expect(page.getByRole('link', { name: 'Подать заявку' })).toBeVisible();
    const tasksTab = page.getByRole('tab', { name: /Задачи/ });
    await expect(tasksTab.getByLabel(/задач: \d+/)).toBeVisible();
    await tasksTab.click();
    await expect(page).toHaveURL(/tab=tasks/);
    await expect(page.getByRole('link', { name: 'Подать заявку' })).toHaveCount(0);
    await expect(page.getByText('Заявка на участие в конкурсе «Старт-2026»').first()).toBeVisible();

    // Back arrow.
    await page.getByRole('link', { name: 'Назад к списку конкурсов' }).click();
    await expect(page).toHaveURL(/\/programs$/);
    await expectNoContractViolations(page.request);
  });

  test('opens by id too; an unknown competition is "Страница не найдена"', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/3');
    await expect(page.getByRole('heading', { name: '«Коммерциализация» 2026', level: 2 })).toBeVisible();
    await page.goto('/programs/NO-SUCH-2026');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
  });

  test('pre-registration hides the materials; a finished competition and an expert get no "Подать заявку"', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/PREREG-2026');
    await expect(page.getByText('Материалы будут доступны после предварительной регистрации')).toBeVisible();
    await expect(page.getByText('Программа акселератора.pdf')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Подать заявку' })).toBeVisible();
    await page.goto('/programs/KOOP-2025');
    await expect(page.getByText('Подведение итогов', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '«Кооперация» 2025', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Подать заявку' })).toHaveCount(0);
  });

  test('an expert sees competitions but may not apply', async ({ page }) => {
    await signIn(page, 'expert');
    await page.goto('/programs/START-2026');
    await expect(page.getByRole('heading', { name: '«Старт» 2026', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Подать заявку' })).toHaveCount(0);
  });

  test('a script in a description does not run and is removed', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/RAZVITIE-2026');
    const description = page.getByTestId('competition-description');
    await expect(description.getByText('Конкурс «Развитие» поддерживает компании')).toBeVisible();
    // The markup is in the page and every image in it has settled (loaded or failed), so any handler it carried
    // would have run by now.
    await expect
      .poll(() => description.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __descriptionScriptRan?: boolean }).__descriptionScriptRan)).toBeUndefined();
    expect(await description.locator('script').count()).toBe(0);
    expect(await description.locator('[onerror]').count()).toBe(0);
    const link = description.getByText('Подробнее о программе');
    await expect(link).toBeVisible();
    expect(await link.getAttribute('href')).toBeNull();
  });

  test('phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'user');
    await page.goto('/programs/START-2026');
    await expect(page.getByRole('heading', { name: '«Старт» 2026', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Подать заявку' })).toBeVisible();
    await screenshot(page, 'competition-details-375');
  });
});

test.describe('questionnaire entry rules', () => {
  test('a finished competition: toast with the server message and back to its page', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/create/KOOP-2025');
    await expect(page.getByText('Приём заявок по конкурсу «Кооперация» 2025 завершён')).toBeVisible();
    await expect(page).toHaveURL(/\/programs\/KOOP-2025$/);
  });

  test('an unknown template is "Страница не найдена"', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/create/NO-SUCH-2026');
    await expect(page.getByText('Страница не найдена')).toBeVisible();
  });

  test('before dateSubmitFrom the submit button is hidden and a banner says when', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/programs/CIFRA-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).click();
    await expect(page.getByRole('heading', { name: 'Заявка на конкурс «Цифровые технологии-2026»' })).toBeVisible();
    await expect(page.getByText(/Отправка заявки станет доступна \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2} \(МСК\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Сформировать для отправки' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Сохранить черновик' })).toBeVisible();
  });

  test('vote mode label', async ({ page }) => {
    await signIn(page, 'manager');
    await page.goto('/programs/create/VOTE-2026');
    await expect(page.getByRole('button', { name: 'Сформировать файл голосования' })).toBeVisible();
  });
});
