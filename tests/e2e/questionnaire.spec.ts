import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoContractViolations, screenshot } from './fixtures';

/**
 * SPEC §2 "Application / questionnaire form", §4 recognition, §5 validation and input behaviour (issue 4,
 * points 3–7). Every test signs in as its own applicant (generated demo users with the "Пользователь" role), so the
 * drafts of parallel tests never meet.
 */
const APPLICANTS = { start: 100, validation: 102, fill: 105, recognition: 109, uploads: 112, draft: 114, screenshots: 117, groups: 121, perf: 124 } as const;
const TITLE = 'Заявка на участие в конкурсе «Старт-2026»';

async function tokenOf(page: Page, userId: number) {
  const port = process.env.E2E_PORT ?? 4173;
  const authorize = await page.request.post('/sso/authorize', { form: { user_id: String(userId), redirect_uri: `http://127.0.0.1:${port}/callback` }, maxRedirects: 0 });
  const code = new URL(authorize.headers()['location']!).searchParams.get('code')!;
  const exchange = await page.request.get(`/hosts/main/v1/users/setcode?code=${code}`);
  return ((await exchange.json()) as { result: { token: string; tokenExpireAt: number; renew_token: string } }).result;
}

async function signInAs(page: Page, userId: number) {
  const result = await tokenOf(page, userId);
  await page.addInitScript((r) => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    if (!localStorage.getItem('access_token')) {
      localStorage.setItem('access_token', r.token);
      localStorage.setItem('access_token_expires', String(r.tokenExpireAt * 1000));
      localStorage.setItem('renew_token', r.renew_token);
    }
  }, result);
  return result.token;
}

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/hosts/main${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} → ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** Opens the START-2026 questionnaire and closes the first dialog, which opens by itself after 1.5 s. */
async function openForm(page: Page, query = '') {
  await page.goto(`/programs/create/START-2026${query}`);
  // Text, not the heading role: once the modal dialog is open the page behind it leaves the accessibility tree.
  await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 6000 });
  await expect(dialog.getByText('Перед заполнением ознакомьтесь с положением о конкурсе')).toBeVisible();
  await dialog.getByRole('button', { name: 'Понятно' }).click();
  await expect(dialog).toBeHidden();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A control by its label; the required marker "*" of the label is not part of the name. */
const labelled = (label: string) => new RegExp(`^${escape(label)}\\s*\\*?$`);
const field = (page: Page | Locator, label: string) => page.getByLabel(labelled(label)).and(page.locator('input, textarea, select'));
const errorOf = (page: Page, code: string) => page.locator(`[data-slot^="${code}|"]`).first();
const pdf = (name: string, size = 2048) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x20)]) });

async function chooseRegion(page: Page, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: 'Регион реализации проекта' });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
  await expect(input).toHaveValue(option);
}

/** Fills every required field with valid values (ИНН through the lookup that fills the requisites). */
async function fillRequired(page: Page, inn = '5406123450', lookup = true) {
  await field(page, 'Название проекта').fill('Система раннего выявления ретинопатии');
  await field(page, 'Краткое описание проекта').fill('Анализ снимков глазного дна нейросетью.');
  await field(page, 'Отрасль').selectOption('Медицина и здравоохранение');
  await field(page, 'Технологическое направление').selectOption('Искусственный интеллект');
  await chooseRegion(page, 'Новосиб', 'Новосибирская область');
  await page.getByText('Опытный образец (УГТ 5–6)').click();
  await field(page, 'Дата начала проекта').fill('01022027');
  await field(page, 'Запрашиваемая сумма гранта, руб.').fill('3500000');
  await field(page, 'ИНН организации').fill(inn);
  if (lookup) await expect(field(page, 'КПП')).toHaveValue('540601001');
  else {
    await field(page, 'Полное наименование организации').fill('ООО «НейроТех»');
    await field(page, 'КПП').fill('540601001');
    await field(page, 'ОГРН').fill('1155476001230');
  }
  await field(page, 'Электронная почта для связи').fill('info@neurotech.example.ru');
  await field(page, 'Контактный телефон').pressSequentially('9131234567');
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles(pdf('Устав.pdf'));
  await expect(page.getByRole('button', { name: 'Скачать Устав.pdf' })).toBeVisible();
  const team = page.locator('[data-group-instance="ST_TEAM:0"]');
  await team.getByLabel(labelled('ФИО участника')).fill('Петров Алексей Иванович');
  await team.getByLabel(labelled('Роль в проекте')).selectOption('Руководитель проекта');
  const plan = page.locator('[data-group-instance="ST_PLAN:0"]');
  await plan.getByLabel(labelled('Наименование этапа')).fill('Сбор датасета');
  await plan.getByLabel(labelled('Начало этапа')).fill('01.02.2027');
  await plan.getByLabel(labelled('Окончание этапа')).fill('31.05.2027');
  await plan.getByLabel(labelled('Стоимость этапа, руб.')).fill('1200000');
  await page.getByText('Согласен на обработку персональных данных в соответствии с 152-ФЗ').click();
}

async function expectError(slot: Locator, message: string) {
  await expect(slot.getByText(message, { exact: true })).toBeVisible();
}

test.describe('questionnaire', () => {
  test('start an application from the competition; the first dialog, the autosave note', async ({ page }) => {
    await signInAs(page, APPLICANTS.start);
    await page.goto('/programs/START-2026');
    await page.getByRole('link', { name: 'Подать заявку' }).first().click();
    await expect(page).toHaveURL(/\/programs\/create\/START-2026$/);
    const opened = Date.now();
    await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible();
    await expect(page.getByText(TITLE).first()).toBeVisible();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 6000 });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1000);
    await dialog.getByRole('button', { name: 'Понятно' }).click();
    // Required fields are marked with *.
    const required = page.locator('[data-slot="ST_PROJECT_NAME|0|0"] label');
    await expect(required).toContainText('*');
    // The demo signing mode of the reference back end has certificates: no plug-in banner (grantee-path.spec.ts shows it without them).
    await expect(page.getByText('Для подписания нужен плагин электронной подписи')).toHaveCount(0);
  });

  test('every validation message, the input behaviour, the server check and focus on the first error', async ({ page }) => {
    await signInAs(page, APPLICANTS.validation);
    await openForm(page);

    // Submit empty: every required field says "Заполните поле", the first one is focused.
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    await expectError(errorOf(page, 'ST_PROJECT_NAME'), 'Заполните поле');
    await expect(field(page, 'Название проекта')).toBeFocused();
    for (const code of ['ST_PROJECT_DESCRIPTION', 'ST_INDUSTRY', 'ST_DIRECTION', 'ST_REGION', 'ST_TRL', 'ST_START_DATE', 'ST_BUDGET', 'ST_INN', 'ST_EMAIL', 'ST_PHONE', 'ST_CHARTER', 'ST_TEAM_FIO', 'ST_PLAN_COST', 'ST_AGREE_PD']) {
      await expectError(errorOf(page, code), 'Заполните поле');
    }
    await expect(page.getByText(/Проверьте анкету: \d+ (поле требует|поля требуют|полей требуют) исправления/)).toBeVisible();

    const check = async (label: string, code: string, value: string, message: string) => {
      await field(page, label).fill(value);
      await field(page, label).blur();
      await expectError(errorOf(page, code), message);
    };
    await check('Краткий код проекта (латиница)', 'ST_PROJECT_CODE', 'Ретина', 'Ввод доступен только на латинице');
    await check('Торговая марка продукта', 'ST_PROJECT_BRAND', '2Ретина', 'Начало строки не может начинаться с числа');
    await check('Электронная почта для связи', 'ST_EMAIL', 'info@neurotech', 'Введите корректный E-mail');
    await check('Контактный телефон', 'ST_PHONE', '913123', 'Введите корректный номер телефона');
    await expect(field(page, 'Контактный телефон')).toHaveValue('+7 (913) 123');
    await check('Сайт проекта', 'ST_PROJECT_SITE', 'neurotech', 'Введите корректный URL');
    await expect(field(page, 'Сайт проекта')).toHaveValue('https://neurotech');
    await check('КПП', 'ST_KPP', '54060', 'КПП получателя должно содержать 9 символов');
    await check('ИНН организации', 'ST_INN', '540612', 'ИНН получателя 10 символов');
    await check('ОГРН', 'ST_OGRN', '11554', 'ОГРН получателя должно содержать 13 символов');
    await check('ОКТМО', 'ST_OKTMO', '5070100000123', 'ОКТМО получателя должно содержать 11 символов');
    await check('Номер Центра НТИ в системе 1С', 'ST_CODE_PPP', '12345', 'Номер Центра НТИ в системе 1С 7 символов');
    await check('Дата начала проекта', 'ST_START_DATE', '31.02.2027', 'Такой даты нет: 31.02.2027');
    await check('Название проекта', 'ST_PROJECT_NAME', 'Р'.repeat(256), 'Максимальная длина — 255 символов');

    // Fixing a field clears its message.
    await field(page, 'Краткий код проекта (латиница)').fill('retina-ai');
    await expect(errorOf(page, 'ST_PROJECT_CODE').getByText('Ввод доступен только на латинице')).toBeHidden();

    // Number: + - e . and space are blocked; dates keep their format mask.
    await field(page, 'Запрашиваемая сумма гранта, руб.').pressSequentially('3e5-00.0 0');
    await expect(field(page, 'Запрашиваемая сумма гранта, руб.')).toHaveValue('350000');
    await field(page, 'Месяц появления идеи').fill('032026');
    await expect(field(page, 'Месяц появления идеи')).toHaveValue('03.2026');
    await field(page, 'Год основания команды').fill('20251');
    await expect(field(page, 'Год основания команды')).toHaveValue('2025');

    // Select with "Другое" opens a free text input.
    await field(page, 'Технологическое направление').selectOption('Другое');
    await expect(field(page, 'Технологическое направление: свой вариант')).toBeVisible();

    // The per-field server check (value-validate): a 10-digit ИНН with a wrong check digit.
    await field(page, 'ИНН организации').fill('5406123451');
    await expectError(errorOf(page, 'ST_INN'), 'Некорректный ИНН: не сходится контрольное число');
    await field(page, 'ИНН организации').fill('5406123450');
    await expect(errorOf(page, 'ST_INN').getByText('Некорректный ИНН: не сходится контрольное число')).toBeHidden();
    await expect(errorOf(page, 'ST_INN').getByText(/Организация найдена/)).toBeVisible();
    await screenshot(page, 'questionnaire-validation-1440');
  });

  test('fill every field type, see the server error " в поле", fix it and submit → the task page', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await signInAs(page, APPLICANTS.fill);
    await openForm(page);
    // A 10-digit ИНН with a wrong check digit passes the client rules; the server refuses it.
    await fillRequired(page, '5406123451', false);

    // text / textarea / latin / no-digit-start / url (type 6)
    await field(page, 'Краткий код проекта (латиница)').fill('retina-ai');
    await field(page, 'Торговая марка продукта').fill('РетиноСкан');
    await field(page, 'Сайт проекта').pressSequentially('retina.example.ru');
    await expect(field(page, 'Сайт проекта')).toHaveValue('https://retina.example.ru');
    // select-other: "Другое" + free text
    await field(page, 'Технологическое направление').selectOption('Другое');
    await field(page, 'Технологическое направление: свой вариант').fill('Нейроморфные вычисления');
    // checkbox list (stored as JSON)
    await page.getByText('Импортозамещение').click();
    await page.getByText('Социальная значимость').click();
    // multi-value (type 14): add a second value
    await field(page, 'Ключевые слова').fill('компьютерное зрение');
    await page.getByRole('button', { name: 'Добавить значение' }).click();
    await field(page, 'Ключевые слова — значение 2').fill('офтальмология');
    // month, year, datetime-local, time field
    await field(page, 'Месяц появления идеи').fill('03.2025');
    await field(page, 'Год основания команды').fill('2024');
    await field(page, 'Дата и время демонстрации прототипа').pressSequentially('151220261430');
    await field(page, 'Удобное время для звонка эксперта').pressSequentially('01.12.2026 10:00');
    // ОКТМО, address, Center NTI code
    await field(page, 'ОКТМО').fill('50701000001');
    await field(page, 'Юридический адрес').fill('630090, г. Новосибирск, ул. Инженерная, д. 20');
    await field(page, 'Номер Центра НТИ в системе 1С').fill('1234567');
    // actionButton opens its dialog
    await page.getByRole('button', { name: 'Как проверить организацию' }).click();
    await expect(page.getByRole('dialog').getByText(/Прозрачный бизнес/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Понятно' }).click();
    // repeatable group: add a member, fill, add a third and remove it
    await page.getByRole('button', { name: 'Добавить запись в раздел «Команда проекта»' }).click();
    const second = page.locator('[data-group-instance="ST_TEAM:1"]');
    await second.getByLabel(labelled('ФИО участника')).fill('Сидорова Марина Олеговна');
    await second.getByLabel(labelled('Роль в проекте')).selectOption('Технический специалист');
    await second.getByLabel(labelled('E-mail участника')).fill('sidorova@neurotech.example.ru');
    await second.getByLabel(labelled('Телефон участника')).pressSequentially('9137654321');
    await second.getByLabel('Резюме участника: выбрать файл').setInputFiles(pdf('Резюме Сидоровой.pdf'));
    await expect(second.getByRole('button', { name: 'Скачать Резюме Сидоровой.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Добавить запись в раздел «Команда проекта»' }).click();
    await expect(page.locator('[data-group-instance="ST_TEAM:2"]')).toBeVisible();
    await page.getByRole('button', { name: 'Удалить запись № 3 раздела «Команда проекта»' }).click();
    await expect(page.locator('[data-group-instance="ST_TEAM:2"]')).toHaveCount(0);
    // type 15: values without an add button
    const publications = page.locator('[data-slot^="ST_PUBLICATIONS|"]').first();
    await field(page, 'Ссылки на публикации о проекте').pressSequentially('habr.example.ru/retina');
    await expect(page.getByRole('group', { name: 'Ссылки на публикации о проекте' }).getByRole('button', { name: 'Добавить значение' })).toHaveCount(0);
    await expect(publications).toBeVisible();
    // dropFile with several files, an attachment, the example attachment (no description, example download)
    await page.getByLabel('Презентация и дополнительные материалы: выбрать файл').setInputFiles([pdf('Презентация.pdf'), { name: 'Схема.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') }]);
    await expect(page.getByRole('button', { name: 'Скачать Схема.png' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Скачать Презентация.pdf' })).toBeVisible();
    await page.getByLabel('Письмо поддержки от индустриального партнёра: выбрать файл').setInputFiles(pdf('Письмо поддержки.pdf'));
    await expect(page.getByRole('button', { name: 'Скачать Письмо поддержки.pdf' })).toBeVisible();
    const example = page.locator('[data-attachment="ATT_ST_EXAMPLE"]');
    await expect(example.getByText('Описание образца не показывается')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await example.getByRole('button', { name: 'Скачать образец' }).click();
    expect((await download).suggestedFilename()).toBe('Образец — Заявка по образцу фонда.pdf');
    // rules text and the read-only field
    await expect(page.getByRole('region', { name: 'Правила конкурса' }).getByText('Правила конкурса «Старт-2026»')).toBeVisible();
    await expect(field(page, 'Комментарий фонда')).toHaveAttribute('readonly', '');
    await screenshot(page, 'questionnaire-filled-1440');

    // Server error: the field is highlighted and the toast ends with " в поле {title}".
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    await expect(page.getByText('Некорректный ИНН: не сходится контрольное число в поле ИНН организации')).toBeVisible();
    await expectError(errorOf(page, 'ST_INN'), 'Некорректный ИНН: не сходится контрольное число');
    await expect(field(page, 'ИНН организации')).toBeFocused();
    await expect(page).toHaveURL(/\/programs\/create\/START-2026$/);

    // Fix and submit (the button was disabled for 2 s after the click).
    await field(page, 'ИНН организации').fill('5406123450');
    await expect(field(page, 'Полное наименование организации')).toHaveValue('Общество с ограниченной ответственностью «НейроТех»');
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    await expect(page).toHaveURL(/\/tasks\/\d+$/, { timeout: 15_000 });
    await expect(page.getByText('Проект успешно создан')).toBeVisible();
    const pointId = Number(new URL(page.url()).pathname.split('/').pop());

    // What the server stored, in the formats of SPEC §3 / §5.
    const point = await api<{ values: { fieldCode: string; value: unknown; groupIndex?: number; valueIndex?: number }[]; projectName: string; status: { code1C: string }; files: { name: string }[] }>(page, token, `/v2/projects/project-point/${pointId}`);
    const value = (code: string, groupIndex = 0, valueIndex = 0) => point.values.find((v) => v.fieldCode === code && (v.groupIndex ?? 0) === groupIndex && (v.valueIndex ?? 0) === valueIndex)?.value;
    expect(point.projectName).toBe('Система раннего выявления ретинопатии');
    expect(value('ST_DIRECTION')).toBe('Нейроморфные вычисления');
    expect(JSON.parse(String(value('ST_TAGS')))).toEqual(['Импортозамещение', 'Социальная значимость']);
    expect(value('ST_KEYWORDS', 0, 1)).toBe('офтальмология');
    expect(value('ST_START_DATE')).toBe('01.02.2027');
    expect(value('ST_IDEA_MONTH')).toBe('01.03.2025');
    expect(value('ST_FOUNDED_YEAR')).toBe('01.01.2024');
    expect(value('ST_DEMO_AT')).toBe('15.12.2026 14:30:00');
    expect(value('ST_CALL_AT')).toBe('01.12.2026, 10:00:00');
    expect(value('ST_PHONE')).toBe('+7 (913) 123-45-67');
    expect(value('ST_PROJECT_SITE')).toBe('https://retina.example.ru');
    expect(value('ST_PUBLICATIONS')).toBe('https://habr.example.ru/retina');
    expect(value('ST_SOURCE')).toBe('cabinet-v2');
    expect(value('ST_AGREE_PD')).toBe('Y');
    expect(value('ST_REGION')).toBe('Новосибирская область');
    expect(value('ST_TEAM_FIO', 1)).toBe('Сидорова Марина Олеговна');
    expect(value('ST_TEAM_FIO', 2)).toBeUndefined();
    expect(value('ST_BUDGET')).toBe('3500000');
    expect(point.files.map((f) => f.name).sort()).toEqual(['Письмо поддержки.pdf', 'Презентация.pdf', 'Резюме Сидоровой.pdf', 'Схема.png', 'Устав.pdf'].sort());
    // The draft store was cleared.
    // The clear goes through the outbox like every draft edit: it reaches the server a moment after the navigation.
    await expect
      .poll(async () => (await api<{ values: Record<string, unknown> }>(page, token, `/v2/stash?hash=${APPLICANTS.fill}questionnaireSTART-2026`)).values, { timeout: 15_000 })
      .toEqual({});
    await expectNoContractViolations(page.request);
  });

  test('recognition: accept fills the fields; errors only allow "Продолжить редактирование"; decline discards', async ({ page }) => {
    const token = await signInAs(page, APPLICANTS.recognition);
    await openForm(page);
    const egrul = page.locator('[data-attachment="ATT_ST_EGRUL"]');
    // The example download is itself a recognisable document.
    const exampleResponse = await page.request.get('/hosts/main/v2/projects/template/example/ATT_ST_EGRUL', { headers: { Authorization: `Bearer ${token}` } });
    const exampleText = await exampleResponse.text();
    expect(exampleText).toContain('ИНН: 5406123450');
    await page.getByLabel('Выписка из ЕГРЮЛ: выбрать файл').setInputFiles({ name: 'Выписка.txt', mimeType: 'text/plain', buffer: Buffer.from(exampleText, 'utf8') });
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Результаты распознавания')).toBeVisible();
    await expect(dialog.getByText('5406123450')).toBeVisible();
    await dialog.getByRole('button', { name: 'Принять и добавить' }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'ИНН организации')).toHaveValue('5406123450');
    await expect(field(page, 'КПП')).toHaveValue('540601001');
    await expect(field(page, 'ОГРН')).toHaveValue('1155476001230');
    await expect(field(page, 'ОКТМО')).toHaveValue('50701000001');
    await expect(egrul.getByRole('button', { name: 'Скачать Выписка.txt' })).toBeVisible();

    // A document with errors: the only way out declines it.
    const smeta = page.locator('[data-attachment="ATT_ST_SMETA"]');
    await field(page, 'Запрашиваемая сумма гранта, руб.').fill('1000000');
    await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'Смета.csv', mimeType: 'text/csv', buffer: Buffer.from('Статья расходов;Сумма\nОплата труда;1800000\nМатериалы;много\n', 'utf8') });
    await expect(dialog.getByText('Исправьте ошибки в файле и загрузите его повторно.')).toBeVisible();
    await expect(dialog.getByText('Строка 3: сумма «много» не является числом')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Принять и добавить' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Отменить загрузку' })).toHaveCount(0);
    await screenshot(page, 'questionnaire-recognition-errors-1440');
    await dialog.getByRole('button', { name: 'Продолжить редактирование' }).click();
    await expect(dialog).toBeHidden();
    await expect(smeta.getByRole('button', { name: /^Скачать Смета/ })).toHaveCount(0);
    await expect(field(page, 'Запрашиваемая сумма гранта, руб.')).toHaveValue('1000000');

    // A valid document declined: nothing is added.
    await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'Смета.csv', mimeType: 'text/csv', buffer: Buffer.from('Статья расходов;Сумма\nОплата труда;1800000\nМатериалы;650000\n', 'utf8') });
    await expect(dialog.getByText('2450000')).toBeVisible();
    await dialog.getByRole('button', { name: 'Отменить загрузку' }).click();
    await expect(dialog).toBeHidden();
    await expect(field(page, 'Запрашиваемая сумма гранта, руб.')).toHaveValue('1000000');
    await expect(smeta.getByRole('button', { name: /^Скачать Смета/ })).toHaveCount(0);

    // And accepted: the total goes to the budget field.
    await page.getByLabel('Смета расходов: выбрать файл').setInputFiles({ name: 'Смета.csv', mimeType: 'text/csv', buffer: Buffer.from('Статья расходов;Сумма\nОплата труда;1800000\nМатериалы;650000\n', 'utf8') });
    await dialog.getByRole('button', { name: 'Принять и добавить' }).click();
    await expect(field(page, 'Запрашиваемая сумма гранта, руб.')).toHaveValue('2450000');
    await expect(smeta.getByRole('button', { name: 'Скачать Смета.csv' })).toBeVisible();
  });

  test('upload refusals: format, size, single file; the server refuses what the client let through', async ({ page }) => {
    await signInAs(page, APPLICANTS.uploads);
    await openForm(page);
    await page.getByLabel('Устав организации: выбрать файл').setInputFiles({ name: 'Устав.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    // Said in the toast and under the field (issue 17).
    await expect(page.getByText('Формат файла не поддерживается. Допустимые форматы: pdf, doc, docx')).toHaveCount(2);
    const cv = page.locator('[data-group-instance="ST_TEAM:0"]').getByLabel('Резюме участника: выбрать файл');
    await cv.setInputFiles({ name: 'Резюме.txt', mimeType: 'text/plain', buffer: Buffer.from('cv') });
    await expect(page.getByText('Неверный формат файла. Необходимо загрузить файл с расширением pdf, docx')).toHaveCount(2);
    await cv.setInputFiles({ name: 'Резюме.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(21 * 1024 * 1024, 0x25) });
    await expect(page.getByText('Максимальный размер файла 20МБ')).toHaveCount(2);
    await cv.setInputFiles(pdf('Резюме.pdf'));
    await expect(page.getByRole('button', { name: 'Скачать Резюме.pdf' })).toBeVisible();
    // A second file replaces the first (issue 17: «Заменить файл»); the field never holds two.
    await cv.setInputFiles(pdf('Второе резюме.pdf'));
    await expect(page.getByRole('button', { name: 'Скачать Второе резюме.pdf' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Скачать Резюме.pdf' })).toHaveCount(0);
    // An attachment with its own limit (5 MB, PDF only).
    const letter = page.getByLabel('Письмо поддержки от индустриального партнёра: выбрать файл');
    await letter.setInputFiles({ name: 'Письмо.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6 * 1024 * 1024, 0x25) });
    // Said in the toast and under the attachment, as for fields.
    await expect(page.getByText('Максимальный размер файла 5МБ')).toHaveCount(2);
    // A new file can be deleted again.
    await page.getByRole('button', { name: 'Удалить файл Второе резюме.pdf' }).click();
    await expect(page.getByRole('button', { name: 'Скачать Второе резюме.pdf' })).toHaveCount(0);
  });

  test('drafts: values and groups survive a reload; removing a group removes it from the draft; "Черновик сохранен"', async ({ page }) => {
    const token = await signInAs(page, APPLICANTS.draft);
    await openForm(page);
    await field(page, 'Название проекта').fill('Черновик проекта о дронах');
    await page.getByRole('button', { name: 'Добавить запись в раздел «Команда проекта»' }).click();
    await page.locator('[data-group-instance="ST_TEAM:1"]').getByLabel(labelled('ФИО участника')).fill('Временный участник');
    await page.getByRole('button', { name: 'Добавить запись в раздел «Команда проекта»' }).click();
    await page.locator('[data-group-instance="ST_TEAM:2"]').getByLabel(labelled('ФИО участника')).fill('Останется в команде');
    await page.getByRole('button', { name: 'Удалить запись № 2 раздела «Команда проекта»' }).click();
    await expect(page.getByTestId('save-state')).toHaveText('Все изменения сохранены', { timeout: 15_000 });
    await expect
      .poll(async () => (await api<{ values: Record<string, unknown> }>(page, token, `/v2/stash?hash=${APPLICANTS.draft}questionnaireSTART-2026`)).values, { timeout: 15_000 })
      .toMatchObject({ 'ST_PROJECT_NAME|0|0': 'Черновик проекта о дронах', '@group:ST_TEAM': [0, 2], 'ST_TEAM_FIO|2|0': 'Останется в команде' });
    const stash = await api<{ values: Record<string, unknown> }>(page, token, `/v2/stash?hash=${APPLICANTS.draft}questionnaireSTART-2026`);
    expect(stash.values['ST_TEAM_FIO|1|0']).toBeUndefined();

    // A second visit: the first dialog opened on the first one only (issue 17).
    await page.goto('/programs/create/START-2026');
    await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible();
    await expect(field(page, 'Название проекта')).toHaveValue('Черновик проекта о дронах');
    await expect(page.locator('[data-group-instance="ST_TEAM:1"]')).toHaveCount(0);
    await expect(page.locator('[data-group-instance="ST_TEAM:2"]').getByLabel(labelled('ФИО участника'))).toHaveValue('Останется в команде');

    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await expect(page.getByText('Черновик сохранен')).toBeVisible();
    const notes = await api<{ name: string; code1C: string | null; pointId: number | null }[]>(page, token, '/v2/projects/notes');
    expect(notes).toContainEqual(expect.objectContaining({ name: 'Черновик проекта о дронах', code1C: 'START-2026', pointId: null }));
  });

  test('an editable point: approved fields, manager comments, an approved file cannot be deleted; saving reloads', async ({ page }) => {
    const token = await signInAs(page, 8);
    const list = await api<{ items: { id: number; status: { code1C: string }; name: string }[] }>(page, token, '/v2/projects/project-point?filter[templateCode]=START-2026&pageSize=100');
    const point = list.items.find((p) => p.status.code1C === 'NEEDS_IMPROVEMENTS');
    expect(point, 'the seed gives the user a START-2026 point that needs improvements').toBeTruthy();
    await openForm(page, `?pointId=${point!.id}`);
    await expect(field(page, 'Название проекта')).toHaveValue('Нейросетевая система ранней диагностики заболеваний сетчатки');
    await expect(field(page, 'Название проекта')).toHaveAttribute('readonly', '');
    const name = errorOf(page, 'ST_PROJECT_NAME');
    await expect(name.getByText('Согласовано', { exact: true })).toBeVisible();
    await expect(name.getByText('Название согласовано')).toBeVisible();
    await expect(errorOf(page, 'ST_BUDGET').getByText('Комментарий менеджера:')).toBeVisible();
    // Saved values, repeatable groups and files of the point.
    await expect(page.locator('[data-group-instance="ST_TEAM:1"]').getByLabel(labelled('ФИО участника'))).toHaveValue('Сидорова Марина Олеговна');
    await expect(page.getByRole('button', { name: 'Скачать Устав ООО НейроТех.pdf' })).toBeVisible();
    await expect(page.getByText('Согласован', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Удалить файл Устав ООО НейроТех.pdf' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Удалить файл Письмо поддержки АО Медтехника.pdf' })).toBeVisible();
    // The server refuses to delete an approved file too.
    const files = await api<{ id: number; fileName: string }[]>(page, token, `/v2/projects/list-attach?filter[pointId]=${point!.id}`);
    const approved = files.find((f) => f.fileName === 'Устав ООО НейроТех.pdf')!;
    const refused = await page.request.delete(`/hosts/main/v2/projects/delete-attach/${approved.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe('Файл согласован и не может быть удален');
    await screenshot(page, 'questionnaire-point-1440');

    await field(page, 'Запрашиваемая сумма гранта, руб.').fill('3200000');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByText('Проектная точка успешно сохранена')).toBeVisible();
    await expect(field(page, 'Запрашиваемая сумма гранта, руб.')).toHaveValue('3200000');
    const saved = await api<{ values: { fieldCode: string; value: unknown }[]; status: { code1C: string } }>(page, token, `/v2/projects/project-point/${point!.id}`);
    expect(saved.values.find((v) => v.fieldCode === 'ST_BUDGET')?.value).toBe('3200000');
    expect(saved.values.find((v) => v.fieldCode === 'ST_PROJECT_NAME')?.value).toBe('Нейросетевая система ранней диагностики заболеваний сетчатки');
  });

  test('a template without a project-name field gets a required "Название проекта"; the submit button rests 2 s after a click', async ({ page }) => {
    const token = await signInAs(page, APPLICANTS.groups);
    await page.goto('/programs/create/UMNIK-2026');
    await expect(page.getByRole('heading', { name: 'Заявка на конкурс «УМНИК-2026»' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Сформировать для отправки' });
    await submit.click();
    await expect(submit).toBeDisabled();
    await expectError(errorOf(page, 'projectName'), 'Заполните поле');
    await expect(field(page, 'Название проекта')).toBeFocused();
    await expect(submit).toBeEnabled({ timeout: 4000 });
    await field(page, 'Название проекта').fill('Умный датчик влажности почвы');
    await field(page, 'ФИО участника').fill('Кузнецов Глеб Андреевич');
    await field(page, 'Дата рождения').fill('14.03.2001');
    await field(page, 'E-mail').fill('kuznetsov@example.ru');
    await field(page, 'Вуз или научная организация').fill('Томский государственный университет');
    await field(page, 'Название научно-технической идеи').fill('Беспроводной датчик влажности');
    await field(page, 'Аннотация').fill('Датчик для точного земледелия.');
    await page.getByText('Подтверждаю, что мне от 18 до 30 лет').click();
    await submit.click();
    await expect(page).toHaveURL(/\/tasks\/\d+$/, { timeout: 15_000 });
    const pointId = new URL(page.url()).pathname.split('/').pop();
    const point = await api<{ projectName: string }>(page, token, `/v2/projects/project-point/${pointId}`);
    expect(point.projectName).toBe('Умный датчик влажности почвы');
    // The server holds the same rule: without a project name the application is refused at field projectName.
    const refused = await page.request.post('/hosts/main/v2/projects/application', {
      headers: { Authorization: `Bearer ${token}` },
      data: { code1C: 'UMNIK-2026-APPLICATION', templateCode: 'UMNIK-2026', values: {} },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { errors: { field?: string; message: string }[] }).errors).toContainEqual(expect.objectContaining({ field: 'projectName', message: 'Заполните поле' }));
  });

  test('SPEC §8: an upload failure marks the file and toasts, and the kept file is retried; recognition gives up after 15 s', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, APPLICANTS.screenshots);
    await openForm(page);
    // The failures are made in this page only (no shared server fault), so parallel tests are not touched.
    await page.route('**/v2/projects/upload-attach', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ name: 'Internal Server Error', message: 'Хранилище файлов недоступно', status: 500 }) }),
    );
    await page.getByLabel('Письмо поддержки от индустриального партнёра: выбрать файл').setInputFiles(pdf('Письмо.pdf'));
    const letter = page.locator('[data-attachment="ATT_ST_LETTER"]');
    await expect(letter.getByRole('alert').getByText('Хранилище файлов недоступно')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Хранилище файлов недоступно' }).first()).toBeVisible();
    await expect(letter.getByRole('button', { name: 'Скачать Письмо.pdf' })).toHaveCount(0);
    // The file stays on the device and goes by itself once the server takes it (DESIGN.md "Attachments offline").
    await expect(letter.getByTestId('kept-file')).toContainText('загрузка повторится автоматически');
    await page.unroute('**/v2/projects/upload-attach');
    await letter.getByRole('button', { name: 'Повторить' }).click();
    await expect(letter.getByRole('button', { name: 'Скачать Письмо.pdf' })).toBeVisible({ timeout: 15_000 });
    await expect(letter.getByTestId('kept-file')).toHaveCount(0);

    await page.route('**/v2/projects/parce-file/**', async (route) => {
      await new Promise((r) => setTimeout(r, 17_000));
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Выписка из ЕГРЮЛ: выбрать файл').setInputFiles({ name: 'Выписка.txt', mimeType: 'text/plain', buffer: Buffer.from('ИНН: 5406123450') });
    const egrul = page.locator('[data-attachment="ATT_ST_EGRUL"]');
    const kept = egrul.getByTestId('kept-file');
    await expect(kept).toContainText('Выписка.txt');
    await expect(kept.getByText('Распознавание документа', { exact: true })).toBeVisible();
    await expect(kept.getByText('Документ не удалось распознать за 15 секунд. Загрузите файл ещё раз.')).toBeVisible({ timeout: 20_000 });
    await expect(kept.getByText('Распознавание документа', { exact: true })).toHaveCount(0);
    // The document is still on the device: «Повторить» or «Удалить», no second pick needed.
    await expect(kept.getByRole('button', { name: 'Повторить' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, APPLICANTS.screenshots);
    await openForm(page);
    await screenshot(page, 'questionnaire-375');
    await page.getByRole('button', { name: 'Сформировать для отправки' }).click();
    await expect(field(page, 'Название проекта')).toBeFocused();
    await screenshot(page, 'questionnaire-errors-375');
  });

  test('the 300-field questionnaire re-renders one field per keystroke', async ({ page }) => {
    await signInAs(page, APPLICANTS.perf);
    await page.goto('/programs/create/PERF-300');
    const input = page.locator('input[type="text"]').nth(150);
    await input.click();
    await page.evaluate(() => ((window as unknown as { __fieldRenders: number }).__fieldRenders = 0));
    await input.pressSequentially('абв');
    expect(await page.evaluate(() => (window as unknown as { __fieldRenders: number }).__fieldRenders)).toBe(3);
  });
});
