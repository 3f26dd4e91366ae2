import { expect, test, type Page } from '@playwright/test';
import { newApplicant, openQuestionnaireFirstVisit, screenshot, signIn } from './fixtures';

/**
 * Issue 50, the questionnaire with the keyboard and on a phone: a focused field is never under the sticky submit bar
 * (WCAG 2.4.11, SPEC §5 "the first error field is focused and scrolled to"), the focus never falls to the page start,
 * the focus ring stays visible on an invalid field, ids are unique, field wrappers are not nameless groups, the
 * recognition dialog fits a phone, the bar is compact there and says nothing about dragging on a touch screen, and a
 * grant amount over the competition's maximum is refused (per field, by «Проверить анкету», by submit, by the server).
 * Every test signs in as an applicant of its own (POST /__test/applicant): drafts never meet.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string) => new RegExp(`^${escape(label)}\\s*\\*?$`);
const field = (page: Page, label: string) => page.getByLabel(labelled(label)).and(page.locator('input, textarea, select'));
const slot = (page: Page, code: string) => page.locator(`[data-slot^="${code}|0|"]`).first();
const BUDGET = 'Запрашиваемая сумма гранта, руб.';

async function applicant(page: Page) {
  const { userId } = await newApplicant(page.request);
  const { token } = await signIn(page, { userId });
  return { userId, token };
}

/** Every required field of START-2026 but the stage cost, as a draft kept on the server (slot key → value). */
const ALL_BUT_PLAN_COST: Record<string, unknown> = {
  'ST_PROJECT_NAME|0|0': 'Система раннего выявления ретинопатии',
  'ST_PROJECT_DESCRIPTION|0|0': 'Анализ снимков глазного дна нейросетью.',
  'ST_INDUSTRY|0|0': 'Медицина и здравоохранение',
  'ST_DIRECTION|0|0': 'Искусственный интеллект',
  'ST_REGION|0|0': 'Новосибирская область',
  'ST_TRL|0|0': 'Опытный образец (УГТ 5–6)',
  'ST_START_DATE|0|0': '01.02.2027',
  'ST_BUDGET|0|0': '3500000',
  'ST_INN|0|0': '5406123450',
  'ST_ORG_NAME|0|0': 'Общество с ограниченной ответственностью «НейроТех»',
  'ST_KPP|0|0': '540601001',
  'ST_OGRN|0|0': '1155476001230',
  'ST_EMAIL|0|0': 'info@neurotech.example.ru',
  'ST_PHONE|0|0': '+7 (913) 123-45-67',
  'ST_CHARTER|0|0': { id: 999_999, fileName: 'Устав.pdf' },
  'ST_TEAM_FIO|0|0': 'Петров Алексей Иванович',
  'ST_TEAM_ROLE|0|0': 'Руководитель проекта',
  'ST_PLAN_STAGE|0|0': 'Сбор датасета',
  'ST_PLAN_FROM|0|0': '01.02.2027',
  'ST_PLAN_TO|0|0': '31.05.2027',
  'ST_AGREE_PD|0|0': 'Y',
};

async function seedDraft(page: Page, who: { userId: number; token: string }, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const response = await page.request.post('/hosts/main/v2/stash', {
      headers: { Authorization: `Bearer ${who.token}` },
      data: { hash: `${who.userId}questionnaireSTART-2026`, field: key, value },
    });
    expect(response.ok(), `${key}: ${await response.text()}`).toBeTruthy();
  }
}

/** Opens START-2026, closes the first dialog (it opens by itself after 1.5 s) and waits until every group is rendered. */
async function openForm(page: Page) {
  await openQuestionnaireFirstVisit(page);
  await expect(page.locator('[data-section-pending]')).toHaveCount(0);
}

/** Waits until the page stops scrolling (a smooth scroll to a field has ended) for a few frames in a row. */
async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const tick = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          if (still >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

interface Stop {
  name: string;
  top: number;
  bottom: number;
  /** The visible area: below the sticky header, above the sticky submit bar. */
  areaTop: number;
  areaBottom: number;
  hidden: 'no' | 'partly' | 'fully';
}

/** Where the focused element is against the visible area of the screen (not under the header or the submit bar). */
function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const form = document.querySelector('form');
    const bar = document.querySelector('[data-testid="submit-bar"]');
    if (!el || !form || !bar || !form.contains(el) || bar.contains(el)) return null;
    const box = el.getBoundingClientRect();
    const header = document.querySelector('.cab-header')?.getBoundingClientRect();
    const areaTop = Math.max(0, header?.bottom ?? 0);
    const areaBottom = Math.min(window.innerHeight, bar.getBoundingClientRect().top);
    const inside = box.top >= areaTop - 0.5 && box.bottom <= areaBottom + 0.5;
    const outside = box.bottom <= areaTop + 0.5 || box.top >= areaBottom - 0.5;
    const name = el.getAttribute('aria-label') || (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent) || el.textContent?.trim().slice(0, 60) || el.tagName;
    return { name: String(name).trim(), top: box.top, bottom: box.bottom, areaTop, areaBottom, hidden: inside ? 'no' : outside ? 'fully' : 'partly' };
  });
}

/** The focused element ends up clear of the bar once the page has scrolled to it (and put right where it ended). */
const expectFocusClear = (page: Page) =>
  expect.poll(async () => (await focusedStop(page))?.hidden, { message: 'the focused field is fully on screen, clear of the bar', timeout: 5_000 }).toBe('no');

/** Presses Tab from the form's heading to the submit bar; every stop with where it was. */
async function tabThroughForm(page: Page): Promise<Stop[]> {
  await page.locator('form h2').first().focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  const stops: Stop[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    await scrollSettled(page);
    const stop = await focusedStop(page);
    if (!stop) break;
    stops.push(stop);
  }
  return stops;
}

const hiddenOf = (stops: Stop[]) => stops.filter((s) => s.hidden !== 'no').map((s) => `${s.name} (${s.hidden}: ${Math.round(s.top)}–${Math.round(s.bottom)} of ${Math.round(s.areaTop)}–${Math.round(s.areaBottom)})`);

for (const viewport of [PHONE, DESKTOP]) {
  test(`${viewport.width} px: every Tab stop of START-2026 is clear of the sticky submit bar (WCAG 2.4.11)`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await applicant(page);
    await openForm(page);
    const stops = await tabThroughForm(page);
    const hidden = hiddenOf(stops);
    testInfo.annotations.push({ type: 'tab stops', description: `${viewport.width} px: ${hidden.length} of ${stops.length} hidden` });
    console.log(`${viewport.width} px: ${hidden.length} of ${stops.length} Tab stops partly or fully hidden`, hidden);
    expect(stops.length, 'the whole form was walked').toBeGreaterThan(50);
    expect(hidden).toEqual([]);
  });

  test(`${viewport.width} px: the first error focused on submit is clear of the sticky submit bar`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await applicant(page);
    await openForm(page);
    const submit = page.getByRole('button', { name: 'Сформировать для отправки' });
    // Empty: the first field of the form.
    await submit.click();
    await expect(field(page, 'Название проекта')).toBeFocused();
    await expectFocusClear(page);
    // The first group filled but the amount: the first error is the amount, further down.
    await field(page, 'Название проекта').fill('Система раннего выявления ретинопатии');
    await field(page, 'Краткое описание проекта').fill('Анализ снимков глазного дна нейросетью.');
    await field(page, 'Отрасль').selectOption('Медицина и здравоохранение');
    await field(page, 'Технологическое направление').selectOption('Искусственный интеллект');
    const region = page.getByRole('combobox', { name: 'Регион реализации проекта' });
    await region.fill('Новосиб');
    await page.getByRole('option', { name: 'Новосибирская область' }).click();
    await page.getByText('Опытный образец (УГТ 5–6)').click();
    await field(page, 'Дата начала проекта').fill('01.02.2027');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(2_100); // SPEC §2: the button rests for 2 s after a click
    await submit.click();
    await expect(field(page, BUDGET)).toBeFocused();
    await expectFocusClear(page);
  });

  test(`${viewport.width} px: a first error far down the form, focused from its top, is clear of the bar`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const who = await applicant(page);
    await seedDraft(page, who, ALL_BUT_PLAN_COST);
    await openForm(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    await expect(page.locator('[data-group-instance="ST_PLAN:0"]').getByLabel(labelled('Стоимость этапа, руб.'))).toBeFocused();
    await expectFocusClear(page);
  });
}

test('the focus after deleting a value goes to the value in its place, not to the page start', async ({ page }) => {
  await applicant(page);
  await openForm(page);
  const keyword = (n: number) => field(page, n === 1 ? 'Ключевые слова' : `Ключевые слова — значение ${n}`);
  const remove = page.getByRole('button', { name: 'Удалить значение поля «Ключевые слова»' });
  await keyword(1).fill('компьютерное зрение');
  await page.getByRole('button', { name: 'Добавить значение' }).click();
  await keyword(2).fill('офтальмология');
  await page.getByRole('button', { name: 'Добавить значение' }).click();
  await keyword(3).fill('нейросети');
  // The second value removed with the keyboard: the third takes its place and the focus.
  await remove.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(keyword(2)).toHaveValue('нейросети');
  await expect(keyword(2)).toBeFocused();
  // The last value removed: the focus goes to the one before it (the only one left, without a «Удалить» of its own).
  await remove.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(keyword(1)).toHaveValue('компьютерное зрение');
  await expect(keyword(1)).toBeFocused();
});

test('closing the recognition dialog each way gives the focus to the attachment, not to the page start', async ({ page }) => {
  const who = await applicant(page);
  await openForm(page);
  const dialog = page.locator('[role="dialog"][data-state="open"]');
  const egrul = page.locator('[data-attachment="ATT_ST_EGRUL"]');
  const smeta = page.locator('[data-attachment="ATT_ST_SMETA"]');
  const example = await page.request.get('/hosts/main/v2/projects/template/example/ATT_ST_EGRUL', { headers: { Authorization: `Bearer ${who.token}` } });
  // «Принять и добавить»: the file now in the attachment.
  await page.getByLabel('Выписка из ЕГРЮЛ: выбрать файл').setInputFiles({ name: 'Выписка.txt', mimeType: 'text/plain', buffer: Buffer.from(await example.text(), 'utf8') });
  await dialog.getByRole('button', { name: 'Принять и добавить' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(egrul.getByRole('button', { name: 'Скачать Выписка.txt' })).toBeFocused();
  // «Продолжить редактирование» (a file with errors): the picker, for the corrected file.
  await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'Смета.csv', mimeType: 'text/csv', buffer: Buffer.from('Статья расходов;Сумма\nМатериалы;много\n', 'utf8') });
  await dialog.getByRole('button', { name: 'Продолжить редактирование' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(smeta.getByRole('button', { name: 'Загрузить смету: Смета расходов' })).toBeFocused();
  // «Отменить загрузку»: the picker again.
  await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'Смета.csv', mimeType: 'text/csv', buffer: Buffer.from('Статья расходов;Сумма\nМатериалы;650000\n', 'utf8') });
  await dialog.getByRole('button', { name: 'Отменить загрузку' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(smeta.getByRole('button', { name: 'Загрузить смету: Смета расходов' })).toBeFocused();
  await page.waitForTimeout(300);
  await expect(smeta.getByRole('button', { name: 'Загрузить смету: Смета расходов' }), 'nothing takes the focus away after').toBeFocused();
});

test('an invalid field shows its focus ring, unlike the same field unfocused', async ({ page }) => {
  await applicant(page);
  await openForm(page);
  await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
  const name = field(page, 'Название проекта');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const ring = (locator: typeof name) =>
    locator.evaluate((el) => {
      const style = getComputedStyle(el);
      return { outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}`, width: parseFloat(style.outlineWidth), style: style.outlineStyle, color: style.outlineColor, border: style.borderTopColor, shadow: style.boxShadow };
    });
  const focused = await ring(name);
  await page.keyboard.press('Tab');
  await expect(name).not.toBeFocused();
  const unfocused = await ring(name);
  expect(focused.outline, 'focused and unfocused invalid fields differ').not.toBe(unfocused.outline);
  expect(focused.style).toBe('solid');
  expect(focused.width).toBeGreaterThanOrEqual(2);
  expect(focused.color, 'the ring is not the red of the error border').not.toBe(focused.border);
});

test('«Другое» of a select-other: ids stay unique, the own-value input is named', async ({ page }) => {
  await applicant(page);
  await openForm(page);
  // «Другое»: the select keeps the field's id and label; the own-value input has its own id and name.
  await field(page, 'Технологическое направление').selectOption('Другое');
  const own = page.getByRole('textbox', { name: 'Технологическое направление: свой вариант' });
  await expect(own).toBeVisible();
  const ids = await page.locator('form').evaluate((form) => [...form.querySelectorAll('[id]')].map((el) => el.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'ids are unique').toEqual([]);
  expect(await own.getAttribute('id')).not.toBe(await field(page, 'Технологическое направление').getAttribute('id'));
});

test('every group of the form has a name: a field wrapper is no nameless group', async ({ page }) => {
  await applicant(page);
  await openForm(page);
  // Every group of the form has a name (a field's wrapper is no group of its own).
  const nameless = await page.locator('form').evaluate((form) =>
    [...form.querySelectorAll('[role="group"], [role="radiogroup"]')]
      .filter((el) => !el.getAttribute('aria-label')?.trim() && !el.getAttribute('aria-labelledby'))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(nameless).toEqual([]);
});

test('375 px: the submit bar is one row of buttons, a fraction of the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await applicant(page);
  await openForm(page);
  // The bar: both buttons side by side, a fraction of the screen.
  const bar = page.getByTestId('submit-bar');
  const draft = bar.getByRole('button', { name: 'Сохранить черновик' });
  const send = bar.getByRole('button', { name: 'Сформировать для отправки' });
  const [draftBox, sendBox, barBox] = [await draft.boundingBox(), await send.boundingBox(), await bar.boundingBox()];
  expect(Math.abs(draftBox!.y - sendBox!.y), 'one row').toBeLessThan(1);
  expect(barBox!.height, 'the bar height').toBeLessThanOrEqual(PHONE.height * 0.08);
  expect(sendBox!.x + sendBox!.width).toBeLessThanOrEqual(PHONE.width);
});

test('375 px: the recognition dialog fits the screen, its words unbroken', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const who = await applicant(page);
  await openForm(page);
  const dialog = page.locator('[role="dialog"][data-state="open"]');
  const example = await page.request.get('/hosts/main/v2/projects/template/example/ATT_ST_EGRUL', { headers: { Authorization: `Bearer ${who.token}` } });
  await page.getByLabel('Выписка из ЕГРЮЛ: выбрать файл').setInputFiles({ name: 'Выписка из ЕГРЮЛ ООО НейроТех.txt', mimeType: 'text/plain', buffer: Buffer.from(await example.text(), 'utf8') });
  await expect(dialog.getByText('Результаты распознавания')).toBeVisible();
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  await screenshot(page, 'questionnaire-a11y-recognition-375');
  // No word of the table is cut in two across lines (a break would be at a hyphen the browser adds, never mid-word).
  const broken = await dialog.evaluate((el) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(el.querySelector('table')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1 && getComputedStyle(node.parentElement!).hyphens !== 'auto') cut.push(match[0]);
        else if (lines.size > 1) cut.push(`${match[0]} (hyphenated)`);
      }
    }
    return cut;
  });
  expect(broken, 'words cut mid-word').toEqual([]);
  for (const label of ['Отменить загрузку', 'Принять и добавить']) {
    const box = (await dialog.getByRole('button', { name: label }).boundingBox())!;
    expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${label}: right edge`).toBeLessThanOrEqual(PHONE.width);
  }
});

test.describe('a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: PHONE });
  test('the file pickers say nothing about dragging a file', async ({ page }) => {
    await applicant(page);
    await openForm(page);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    const egrul = page.locator('[data-attachment="ATT_ST_EGRUL"]');
    await expect(egrul.getByRole('button', { name: 'Загрузить и распознать: Выписка из ЕГРЮЛ' })).toBeVisible();
    await expect(page.getByText('Перетащите файл сюда или').first()).toBeHidden();
    for (const text of await page.getByText(/Перетащите/).all()) await expect(text).toBeHidden();
  });
});

test('with a mouse the drop zone still invites a drop', async ({ page }) => {
  await applicant(page);
  await openForm(page);
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(true);
  await expect(page.locator('[data-attachment="ATT_ST_EGRUL"]').getByText('Перетащите файл сюда или')).toBeVisible();
});

test.describe('the grant amount over the competition maximum (4 000 000)', () => {
  const MAX = /^Значение не может быть больше 4\s000\s000$/;
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20)]) });
  const { 'ST_CHARTER|0|0': _charter, ...draftValues } = ALL_BUT_PLAN_COST;
  const everythingBut = { ...draftValues, 'ST_PLAN_COST|0|0': '1200000' };

  test('said at the field as it is typed, listed by «Проверить анкету», and the submit refused at the field', async ({ page }) => {
    const who = await applicant(page);
    await seedDraft(page, who, everythingBut);
    await openForm(page);
    await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Устав.pdf'));
    await expect(page.getByRole('button', { name: 'Скачать Устав.pdf' })).toBeVisible();
    const budget = field(page, BUDGET);
    // A fine amount goes to the per-field server check (the field has a rule now).
    const checked = page.waitForRequest((r) => r.url().includes('/v2/projects/value-validate') && r.postDataJSON()?.fieldCode === 'ST_BUDGET');
    await budget.fill('3000000');
    await checked;
    for (const amount of ['5000000', '15000000']) {
      await budget.fill(amount);
      // Without leaving the field: typing on cannot make it right.
      await expect(budget).toBeFocused();
      await expect(slot(page, 'ST_BUDGET').getByText(MAX)).toBeVisible();
      await expect(budget).toHaveAttribute('aria-invalid', 'true');
    }
    await page.getByRole('button', { name: 'Проверить анкету' }).click();
    const found = page.getByRole('alert').filter({ hasText: 'требует исправления' });
    await expect(found).toContainText('1 поле требует исправления');
    await expect(found.getByRole('listitem')).toHaveText(/^Запрашиваемая сумма гранта, руб\.: Значение не может быть больше 4\s000\s000$/);

    const created: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/v2\/projects\/application$/.test(new URL(r.url()).pathname)) created.push(r.url());
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    await expect(page.getByText(/^Значение не может быть больше 4\s000\s000 в поле Запрашиваемая сумма гранта, руб\.$/)).toBeVisible();
    await expect(budget).toBeFocused();
    await expect(budget).toHaveAttribute('aria-invalid', 'true');
    await expectFocusClear(page);
    await page.waitForTimeout(500);
    expect(created, 'nothing is sent').toEqual([]);
    await expect(page).toHaveURL(/\/programs\/create\/START-2026$/);
  });

  test('an app that does not know the rule: the reference back end refuses the submit at the field (« в поле …»)', async ({ page }) => {
    // The template as an app of before the rule read it: the amount field without its maxValue.
    await page.route(/\/v2\/projects\/application\/START-2026$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { point: { pointFields: { code1C: string; fieldType: { validator?: string | null } }[] } };
      body.point.pointFields.find((f) => f.code1C === 'ST_BUDGET')!.fieldType.validator = null;
      await route.fulfill({ response, json: body });
    });
    const who = await applicant(page);
    await seedDraft(page, who, { ...everythingBut, 'ST_BUDGET|0|0': '5000000' });
    await openForm(page);
    await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Устав.pdf'));
    await expect(page.getByRole('button', { name: 'Скачать Устав.pdf' })).toBeVisible();
    const budget = field(page, BUDGET);
    await expect(budget).toHaveValue('5000000');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && /\/v2\/projects\/application$/.test(new URL(r.url()).pathname));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    expect((await refused).status()).toBe(422);
    await expect(page.getByText(/^Значение не может быть больше 4\s000\s000 в поле Запрашиваемая сумма гранта, руб\.$/)).toBeVisible();
    await expect(slot(page, 'ST_BUDGET').getByText(MAX)).toBeVisible();
    await expect(budget).toHaveAttribute('aria-invalid', 'true');
    await expect(budget).toBeFocused();
    await expect(page).toHaveURL(/\/programs\/create\/START-2026$/);
    // No task was created for the applicant.
    const tasks = await page.request.get('/hosts/main/v2/projects/project-point', { headers: { Authorization: `Bearer ${who.token}` } });
    expect(tasks.ok()).toBeTruthy();
    expect(((await tasks.json()) as { items: unknown[] }).items).toEqual([]);
  });
});
