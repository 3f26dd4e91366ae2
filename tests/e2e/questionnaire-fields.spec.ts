import { expect, test, type Locator, type Page } from '@playwright/test';
import { openQuestionnaireFirstVisit, screenshot, signIn } from './fixtures';
import { signInAsUserId, tokenForUserId } from './user-sessions';

/**
 * Issue 17, the grantee's daily path through the questionnaire: values shown as entered, one Russian date-time input,
 * a single-file field that replaces its file, the ИНН lookup that respects the person's choices, undoable group
 * removal and the progress of the form. Each test owns a generated applicant (server/seed/users.ts), so drafts never meet.
 */
const APPLICANTS = { dateTime: 126, files: 128, lookup: 129, groups: 136, progress: 135, growing: 111 } as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string) => new RegExp(`^${escape(label)}\\s*\\*?$`);
const field = (page: Page, label: string) => page.getByLabel(labelled(label)).and(page.locator('input, textarea, select'));
const slot = (page: Page, code: string, group = 0) => page.locator(`[data-slot^="${code}|${group}|"]`).first();
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20)]) });

/** Scrolls a part into the middle of the screen for a screenshot (clear of the sticky header and submit bar). */
const centre = (locator: Locator) => locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));

const openForm = openQuestionnaireFirstVisit;

async function stashOf(page: Page, userId: number) {
  const { token } = await tokenForUserId(page.request, userId);
  const response = await page.request.get(`/hosts/main/v2/stash?hash=${userId}questionnaireSTART-2026`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { values: Record<string, unknown> }).values;
}

test('the read-only preview shows dates in their precision, options by their label and several values as a list', async ({ page }) => {
  await signIn(page, 'grantee');
  // A point sent on, as the server keeps it: option codes that are not their labels, a month, a year, a date-time.
  await page.route(/\/v2\/projects\/project-point\/1(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const point = (await response.json()) as Record<string, unknown> & { templateFields: { code1C: string; fieldType: { list?: { id: string; value?: string; name: string }[] } }[]; values: { fieldCode: string; value?: unknown; groupIndex?: number; valueIndex?: number }[] };
    const coded = (code: string) => {
      const f = point.templateFields.find((x) => x.code1C === code)!;
      f.fieldType.list = f.fieldType.list!.map((o) => ({ ...o, value: o.id }));
    };
    ['ST_INDUSTRY', 'ST_TRL', 'ST_TAGS'].forEach(coded);
    const replaced = new Set(['ST_INDUSTRY', 'ST_TRL', 'ST_TAGS', 'ST_IDEA_MONTH', 'ST_FOUNDED_YEAR', 'ST_DEMO_AT', 'ST_CALL_AT', 'ST_KEYWORDS']);
    point.values = [
      ...point.values.filter((v) => !replaced.has(v.fieldCode)),
      { fieldCode: 'ST_INDUSTRY', value: 'ind-2', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_TRL', value: 'trl-3', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_TAGS', value: '["tag-1","tag-3"]', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_IDEA_MONTH', value: '01.03.2025', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_FOUNDED_YEAR', value: '01.01.2024', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_DEMO_AT', value: '15.12.2026 14:30:00', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_CALL_AT', value: '01.12.2026, 10:00:00', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_KEYWORDS', value: 'компьютерное зрение', groupIndex: 0, valueIndex: 0 },
      { fieldCode: 'ST_KEYWORDS', value: 'офтальмология', groupIndex: 0, valueIndex: 1 },
    ];
    await route.fulfill({ response, json: { ...point, canEdit: false } });
  });
  await page.goto('/tasks/1');
  await expect(page.getByRole('toolbar', { name: 'Действия с задачей' })).toBeVisible({ timeout: 30_000 });
  const value = (name: string) => page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Месяц появления идеи')).toHaveText('03.2025');
  await expect(value('Год основания команды')).toHaveText('2024');
  await expect(value('Дата и время демонстрации прототипа')).toHaveText('15.12.2026 14:30');
  await expect(value('Удобное время для звонка эксперта')).toHaveText('01.12.2026 10:00');
  await expect(value('Отрасль')).toHaveText('Медицина и здравоохранение');
  await expect(value('Уровень готовности технологии')).toHaveText('Опытный образец (УГТ 5–6)');
  await expect(value('Признаки проекта').getByRole('listitem')).toHaveText(['Импортозамещение', 'Социальная значимость']);
  await expect(value('Ключевые слова').getByRole('listitem')).toHaveText(['компьютерное зрение', 'офтальмология']);
  await centre(value('Ключевые слова'));
  await screenshot(page, 'preview-entered-values-1440');
  await page.setViewportSize({ width: 375, height: 740 });
  await centre(value('Признаки проекта'));
  await screenshot(page, 'preview-entered-values-375');
});

test('date-time fields take «ДД.ММ.ГГГГ ЧЧ:ММ» from the keyboard like date fields, and a wrong moment is explained', async ({ page }) => {
  await signInAsUserId(page, APPLICANTS.dateTime);
  await openForm(page);
  const demo = field(page, 'Дата и время демонстрации прототипа');
  await expect(demo).toHaveAttribute('type', 'text');
  await expect(demo).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ ЧЧ:ММ');
  await demo.click();
  await page.keyboard.type('151220261430');
  await expect(demo).toHaveValue('15.12.2026 14:30');
  const call = field(page, 'Удобное время для звонка эксперта');
  await call.click();
  await page.keyboard.type('3102202610');
  await page.keyboard.press('Tab');
  await expect(slot(page, 'ST_CALL_AT')).toContainText('Введите дату и время в формате ДД.ММ.ГГГГ ЧЧ:ММ');
  await call.fill('');
  await call.pressSequentially('01.12.2026 10:00');
  await expect(call).toHaveValue('01.12.2026 10:00');
  await expect(slot(page, 'ST_CALL_AT')).not.toContainText('Введите дату');
  // What is typed is kept as typed in the draft; the server gets DD.MM.YYYY HH:mm:ss (questionnaire.spec checks it).
  await expect.poll(() => stashOf(page, APPLICANTS.dateTime), { timeout: 15_000 }).toMatchObject({ 'ST_DEMO_AT|0|0': '15.12.2026 14:30', 'ST_CALL_AT|0|0': '01.12.2026 10:00' });
  await centre(demo);
  await screenshot(page, 'questionnaire-datetime-1440');
  await page.setViewportSize({ width: 375, height: 740 });
  await centre(demo);
  await screenshot(page, 'questionnaire-datetime-375');
});

test('a single-file field offers «Заменить файл» and replaces its file; refusals are said under the field too', async ({ page }) => {
  await signInAsUserId(page, APPLICANTS.files);
  await openForm(page);
  const member = page.locator('[data-group-instance="ST_TEAM:0"]');
  const cv = member.getByLabel('Резюме участника: выбрать файл');
  // As a person does: the field's button (scrolled to, the group drawn), then the file in the system dialog.
  const chooser = page.waitForEvent('filechooser');
  await member.getByRole('button', { name: 'Выберите файл: Резюме участника' }).click();
  await (await chooser).setFiles({ name: 'Резюме.txt', mimeType: 'text/plain', buffer: Buffer.from('cv') });
  await expect(slot(page, 'ST_TEAM_CV').getByText('Неверный формат файла. Необходимо загрузить файл с расширением pdf, docx')).toBeVisible();
  await cv.setInputFiles(pdf('Резюме.pdf'));
  await expect(member.getByRole('button', { name: 'Скачать Резюме.pdf' })).toBeVisible();
  await expect(slot(page, 'ST_TEAM_CV').getByText('Неверный формат файла')).toHaveCount(0);
  const replace = member.getByRole('button', { name: 'Заменить файл: Резюме участника' });
  await expect(replace).toBeVisible();
  await expect(member.getByText('Перетащите файл сюда или')).toHaveCount(0);
  await cv.setInputFiles(pdf('Новое резюме.pdf'));
  await expect(member.getByRole('button', { name: 'Скачать Новое резюме.pdf' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Скачать Резюме.pdf' })).toHaveCount(0);
  await expect(page.getByText('Данное поле поддерживает загрузку только одного файла')).toHaveCount(0);
  // The button field (file type) likewise, and its refusals are under it.
  const charter = page.getByLabel('Устав организации: выбрать файл');
  await charter.setInputFiles({ name: 'Устав.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(slot(page, 'ST_CHARTER').getByText('Формат файла не поддерживается. Допустимые форматы: pdf, doc, docx')).toBeVisible();
  await charter.setInputFiles(pdf('Устав.pdf'));
  await expect(page.getByRole('button', { name: 'Заменить файл: Устав организации' })).toBeVisible();
  await centre(member);
  await screenshot(page, 'questionnaire-replace-file-1440');
  await page.setViewportSize({ width: 375, height: 740 });
  await centre(replace);
  await screenshot(page, 'questionnaire-replace-file-375');
});

test('the ИНН lookup keeps accepted recognition results; an ИНН that fails its checksum clears what the lookup filled', async ({ page }) => {
  await signInAsUserId(page, APPLICANTS.lookup);
  const { token } = await tokenForUserId(page.request, APPLICANTS.lookup);
  await openForm(page);
  const example = await (await page.request.get('/hosts/main/v2/projects/template/example/ATT_ST_EGRUL', { headers: { Authorization: `Bearer ${token}` } })).text();
  // The document names the organisation in its own words: that is what the person accepts.
  const document = example.replace(/^(\s*Полное наименование\s*:\s*).+$/m, '$1ООО «НейроТех» (по выписке)');
  await page.getByLabel('Выписка из ЕГРЮЛ: выбрать файл').setInputFiles({ name: 'Выписка.txt', mimeType: 'text/plain', buffer: Buffer.from(document, 'utf8') });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Принять и добавить' }).click();
  await expect(dialog).toBeHidden();
  const inn = field(page, 'ИНН организации');
  const name = field(page, 'Полное наименование организации');
  await expect(inn).toHaveValue('5406123450');
  // The lookup of the accepted ИНН has answered: the accepted name stays.
  await expect(slot(page, 'ST_INN')).toContainText('Организация найдена');
  await expect(name).toHaveValue('ООО «НейроТех» (по выписке)');

  // A new ИНН typed later is the latest choice: its organisation fills the details…
  await inn.fill('');
  await inn.fill('5406123450');
  await expect(name).toHaveValue('Общество с ограниченной ответственностью «НейроТех»');
  await expect(field(page, 'КПП')).toHaveValue('540601001');
  // …and an ИНН that fails its checksum does not keep them beside it.
  await inn.fill('5406123451');
  await expect(slot(page, 'ST_INN')).toContainText('Реквизиты прежней организации очищены');
  await expect(name).toHaveValue('');
  // The field's own server check says what is wrong with the ИНН; the note about the details stays beside it.
  await expect(slot(page, 'ST_INN')).toContainText('не сходится контрольное число');
  await expect(slot(page, 'ST_INN')).toContainText('Реквизиты прежней организации очищены');
  await expect(field(page, 'КПП')).toHaveValue('');
  await centre(inn);
  await screenshot(page, 'questionnaire-inn-cleared-1440');
});

test('removing a record of a repeated group can be undone: the record and its values come back, also in the draft', async ({ page }) => {
  await signInAsUserId(page, APPLICANTS.groups);
  await openForm(page);
  await page.getByRole('button', { name: 'Добавить запись в раздел «Команда проекта»' }).click();
  const second = page.locator('[data-group-instance="ST_TEAM:1"]');
  await second.getByLabel(labelled('ФИО участника')).fill('Сидорова Марина Олеговна');
  await second.getByLabel(labelled('Роль в проекте')).selectOption('Технический специалист');
  await expect.poll(() => stashOf(page, APPLICANTS.groups), { timeout: 15_000 }).toMatchObject({ 'ST_TEAM_FIO|1|0': 'Сидорова Марина Олеговна', '@group:ST_TEAM': [0, 1] });

  await page.getByRole('button', { name: 'Удалить запись № 2 раздела «Команда проекта»' }).click();
  await expect(second).toHaveCount(0);
  const toast = page.getByRole('status').filter({ hasText: 'Запись № 2 раздела «Команда проекта» удалена' });
  await expect(toast).toBeVisible();
  await screenshot(page, 'questionnaire-group-undo-1440');
  await toast.getByRole('button', { name: 'Отменить' }).click();
  await expect(second.getByLabel(labelled('ФИО участника'))).toHaveValue('Сидорова Марина Олеговна');
  await expect(second.getByLabel(labelled('Роль в проекте'))).toHaveValue('Технический специалист');
  await expect.poll(() => stashOf(page, APPLICANTS.groups), { timeout: 15_000 }).toMatchObject({ 'ST_TEAM_FIO|1|0': 'Сидорова Марина Олеговна', '@group:ST_TEAM': [0, 1] });
  await page.reload();
  await expect(page.locator('[data-group-instance="ST_TEAM:1"]').getByLabel(labelled('ФИО участника'))).toHaveValue('Сидорова Марина Олеговна', { timeout: 30_000 });
});

test('the progress of the form follows the typing; «Проверить анкету» lists every error with a link to its field', async ({ page }) => {
  await signInAsUserId(page, APPLICANTS.progress);
  await openForm(page);
  const progress = page.getByTestId('progress-form');
  await expect(progress).toContainText(/Заполнено \d+ из \d+ обязательных полей/);
  const before = Number((await progress.textContent())!.match(/Заполнено (\d+)/)![1]);
  const team = page.getByTestId('progress-ST_TEAM');
  await expect(team).toHaveText('Заполнено 0 из 2 обязательных полей');
  await page.locator('[data-group-instance="ST_TEAM:0"]').getByLabel(labelled('ФИО участника')).pressSequentially('Иванов');
  await expect(team).toHaveText('Заполнено 1 из 2 обязательных полей');
  await expect(progress).toContainText(`Заполнено ${before + 1} из`);
  // A second member brings his required fields along.
  await page.getByRole('button', { name: 'Добавить запись в раздел «Команда проекта»' }).click();
  await expect(team).toHaveText('Заполнено 1 из 4 обязательных полей');

  await page.getByRole('button', { name: 'Проверить анкету' }).click();
  const report = page.getByRole('alert').filter({ hasText: 'исправления' });
  await expect(report).toBeVisible();
  const link = report.getByRole('link', { name: 'Название проекта' });
  await expect(link).toBeVisible();
  await expect(report.getByRole('link', { name: 'ФИО участника (Команда проекта № 2)' })).toBeVisible();
  await screenshot(page, 'questionnaire-check-1440');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(field(page, 'Название проекта')).toBeFocused();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'questionnaire-check-375');
});

test('a text area grows with its text as it is typed, shows all of it, and is as tall after a reload', async ({ page }) => {
  await signInAsUserId(page, APPLICANTS.growing);
  await openForm(page);
  const area = field(page, 'Юридический адрес');
  await centre(area);
  const empty = (await area.boundingBox())!.height;
  await area.click();
  const lines = Array.from({ length: 8 }, (_, i) => `г. Томск, ул. Ленина, д. ${i + 1}`);
  for (const [i, line] of lines.entries()) {
    await page.keyboard.type(line);
    if (i < lines.length - 1) await page.keyboard.press('Enter');
  }
  await expect.poll(async () => (await area.boundingBox())!.height).toBeGreaterThan(empty + 80);
  // All of the text is in view: the area is as tall as its text, nothing scrolls inside it.
  expect(await area.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  const typed = (await area.boundingBox())!.height;
  await screenshot(page, 'questionnaire-textarea-grown-1440');
  await expect.poll(() => stashOf(page, APPLICANTS.growing), { timeout: 15_000 }).toMatchObject({ 'ST_ADDRESS|0|0': lines.join('\n') });

  await page.reload();
  await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible({ timeout: 30_000 });
  const again = field(page, 'Юридический адрес');
  await expect(again).toHaveValue(lines.join('\n'));
  await expect.poll(async () => Math.round((await again.boundingBox())!.height)).toBe(Math.round(typed));
});
