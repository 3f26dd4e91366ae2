import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectThroughout } from './fixtures';
import { DEMO_IDS, ownServerBase, signInAt, startOwnServerAt, type OwnServer } from './own-server';

/**
 * Bad input everywhere (reliability issue, point 4): every form of SPEC §5 gets empty, too long, wrong-format,
 * wrong-type and oversize input (files made in memory), and its submit button a double click and five rapid clicks.
 * Each refusal shows a clear Russian message (SPEC §5 texts where the spec gives them), nothing typed is lost, a
 * refused file is never uploaded, and a submission makes exactly one request: every mutation is held back for a
 * moment on its way to the server, so a second click would have time to send a duplicate.
 *
 * A private back end (E2E_PORT + 1301): the test really submits (project requests, RID, groups, service message,
 * signing attorney) and must not change the data other spec files read at the same time.
 */
const OFFSET = 1301;
const BASE = ownServerBase(OFFSET);
test.use({ baseURL: BASE, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });

let server: OwnServer | null = null;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServerAt(OFFSET);
});
test.afterAll(async () => {
  const violations = await server?.stop();
  server = null;
  expect(violations).toEqual([]);
  console.log(`bad input: ${JSON.stringify(tally)}`);
});

/** Counts of what was tried, for the report: per form, inputs and submissions. */
const tally = { forms: 0, badInputs: 0, rapidSubmissions: 0, duplicateRequests: 0 };
const tried = (n = 1) => (tally.badInputs += n);

/** Holds every mutation (non-GET) whose path matches for `holdMs`, and records it. */
async function recordMutations(page: Page, path: RegExp, holdMs = 700): Promise<string[]> {
  const calls: string[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      const request = route.request();
      if (request.method() === 'GET' || request.method() === 'OPTIONS') return route.fallback();
      calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
      await new Promise((r) => setTimeout(r, holdMs));
      await route.continue();
    },
  );
  return calls;
}

/**
 * Five real clicks at the button's place, as fast as a user can: a double click, then three more. Disabled or not,
 * the mouse goes there.
 */
async function hammer(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box, 'the button is on screen').toBeTruthy();
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  await page.mouse.dblclick(x, y);
  for (let i = 0; i < 3; i++) await page.mouse.click(x, y);
}

/** Exactly one request, also a moment after the last one came. */
async function expectExactlyOne(calls: string[], what: string) {
  await expect.poll(() => calls.length, { message: `${what}: a request was sent` }).toBeGreaterThan(0);
  await expectThroughout(() => calls.length, (n) => expect(n, `${what}: no second request`).toBe(1), 1_500);
  tally.rapidSubmissions += 1;
  tally.duplicateRequests += Math.max(0, calls.length - 1);
  expect(calls, `${what}: exactly one request`).toHaveLength(1);
}

const signIn = (page: Page, userId: number) => signInAt(page, BASE, userId);
const APPLICANT = 100;
const big = (name: string, mimeType: string, bytes: number) => ({ name, mimeType, buffer: Buffer.alloc(bytes, 0x20) });

test('feedback: empty, blank, too long, refused attachments, then one message for five clicks', async ({ page }) => {
  tally.forms += 1;
  await signIn(page, DEMO_IDS.user);
  const calls = await recordMutations(page, /\/hosts\/support\/messages$/);
  await page.goto('/programs');
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  const dialog = page.getByRole('dialog', { name: 'Задать вопрос' });
  const send = dialog.getByRole('button', { name: 'Отправить' });
  const subject = dialog.getByRole('textbox', { name: /^Тема/ });
  const message = dialog.getByRole('textbox', { name: /Сообщение/ });

  // Empty (SPEC §5: theme required; subject and message required).
  await hammer(page, send);
  await expect(dialog.getByText('Заполните поле')).toHaveCount(3);
  tried();
  // Blank: whitespace is not a value.
  await subject.fill('   ');
  await message.fill('\n\t ');
  await send.click();
  await expect(dialog.getByText('Заполните поле')).toHaveCount(3);
  tried(2);
  // Too long: 256 characters; what was typed stays.
  const long = 'Т'.repeat(256);
  await subject.fill(long);
  await expect(dialog.getByText('Тема не может быть длиннее 255 символов')).toBeVisible();
  await expect(subject).toHaveValue(long);
  tried();
  // Attachments: oversize (SPEC §9 drop-zone 20 MB), empty, more than ten.
  const files = dialog.locator('input[type=file]');
  await files.setInputFiles(big('огромный.pdf', 'application/pdf', 20 * 1024 * 1024 + 1));
  await expect(dialog.getByText(/Размер файла превышает 20Mb/)).toBeVisible();
  await files.setInputFiles({ name: 'пустой.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await expect(dialog.getByText(/Файл пустой/)).toBeVisible();
  await files.setInputFiles(Array.from({ length: 11 }, (_, i) => ({ name: `скрин-${i + 1}.png`, mimeType: 'image/png', buffer: Buffer.from('89504e47', 'hex') })));
  await expect(dialog.getByText(/Можно приложить не более 10 файлов/)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Прикреплённые файлы' }).getByRole('listitem')).toHaveCount(10);
  tried(3);
  expect(calls, 'nothing is sent while the form is invalid').toEqual([]);

  await dialog.getByRole('combobox', { name: /Тема обращения/ }).selectOption({ label: 'Технические неполадки' });
  await subject.fill('Не загружается отчёт');
  await message.fill('Страница отчёта показывает ошибку.');
  await hammer(page, send);
  await expectExactlyOne(calls, 'feedback');
  await expect(page.getByText('Сообщение отправлено').first()).toBeVisible();
});

test('profile: too long fields keep what was typed and send nothing; one PATCH for five clicks; one settings call per click', async ({ page }) => {
  tally.forms += 2;
  await signIn(page, DEMO_IDS.user);
  const calls = await recordMutations(page, /\/v1\/users\/\d+\/update$|\/notification\/change-status$/);
  await page.goto('/programs');
  await page.getByRole('button', { name: /^Данные пользователя/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Данные пользователя' });
  const box = (name: RegExp) => drawer.getByRole('textbox', { name });
  const save = drawer.getByRole('button', { name: 'Сохранить' });
  // SPEC §5 Profile: surname, name, patronymic, phone at most 50; organisation, region, city at most 200.
  // The phone keeps the mask +7 (###) ###-##-## (SPEC §5 input behaviour): letters are dropped, extra digits too.
  await box(/^Телефон/).fill('Ж'.repeat(51));
  await expect(box(/^Телефон/)).toHaveValue('');
  await box(/^Телефон/).fill('9'.repeat(51));
  await expect(box(/^Телефон/)).toHaveValue('+7 (999) 999-99-99');
  tried(2);
  for (const [name, limit] of [[/^Фамилия/, 50], [/^Имя/, 50], [/^Отчество/, 50], [/^Организация/, 200], [/^Регион/, 200], [/^Город/, 200]] as const) {
    const value = 'Ж'.repeat(limit + 1);
    await box(name).fill(value);
    await expect(drawer.getByText(`Не более ${limit} символов`).first()).toBeVisible();
    await expect(box(name)).toHaveValue(value);
    tried();
  }
  // Empty surname.
  await box(/^Фамилия/).fill('');
  tried();
  await hammer(page, save);
  await expect(drawer.getByText(/Не более 50 символов|Заполните поле/).first()).toBeVisible();
  expect(calls, 'nothing is sent while the form is invalid').toEqual([]);

  await box(/^Фамилия/).fill('Иванова');
  await box(/^Имя/).fill('Ольга');
  await box(/^Отчество/).fill('Сергеевна');
  await box(/^Телефон/).fill('+7 (900) 000-00-08');
  await box(/^Организация/).fill('ООО «ГринЭнерджи»');
  await box(/^Регион/).fill('Республика Татарстан');
  await box(/^Город/).fill('Казань');
  await hammer(page, save);
  await expectExactlyOne(calls, 'profile');
  await expect(page.getByText('Данные успешно обновлены').first()).toBeVisible();

  // Notification settings: one click, one call, however slow the answer.
  calls.length = 0;
  await drawer.locator('label', { hasText: 'Получать уведомления на e-mail' }).click();
  await expectExactlyOne(calls, 'notification settings');
  await expect(page.getByText('Настройки уведомлений успешно обновлены').first()).toBeVisible();
});

test('service message: empty and blank are refused with "Введите сообщение"; one save for five clicks', async ({ page }) => {
  tally.forms += 1;
  await signIn(page, DEMO_IDS.admin);
  const calls = await recordMutations(page, /\/v2\/projects\/maintance$/);
  await page.goto('/service-message');
  const message = page.getByRole('textbox', { name: 'Сообщение' });
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(message).toBeVisible({ timeout: 30_000 });
  for (const value of ['', '   \n ']) {
    await message.fill(value);
    await message.blur();
    await expect(page.getByText('Введите сообщение')).toBeVisible();
    await expect(save).toBeDisabled();
    tried();
  }
  await hammer(page, save);
  expect(calls).toEqual([]);
  // Too long for a banner (more than 1000 characters): refused, and the text stays for editing.
  const long = `Плановые работы ${'и обновление '.repeat(100)}`;
  await message.fill(long);
  await expect(page.getByText('Сообщение не может быть длиннее 1000 символов')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(message).toHaveValue(long);
  tried();
  await hammer(page, save);
  expect(calls).toEqual([]);
  const text = 'Плановые работы 1 декабря с 22:00 до 23:00 (МСК) — «обновление» <b>портала</b> 🚀';
  await message.fill(text);
  await hammer(page, save);
  await expectExactlyOne(calls, 'service message');
  await expect(page.getByText('Данные успешно сохранены').first()).toBeVisible();
  await expect(message).toHaveValue(text);
  // Clicks that come after the save (a slow phone spreads five clicks over more than a second) send nothing again:
  // the form says what the server holds, until something is changed.
  await expect(save).toBeDisabled();
  await hammer(page, save);
  await expectThroughout(() => calls.length, (n) => expect(n, 'service message: nothing sent again after the save').toBe(1), 1_500);
  await message.fill(`${text} `);
  await expect(save).toBeDisabled();
  await message.fill(`${text} (обновлено)`);
  await expect(save).toBeEnabled();
});

test('project page: change request, RID request, unplanned RID and the assign dialog send once for rapid clicks', async ({ page }) => {
  tally.forms += 4;
  await signIn(page, DEMO_IDS.grantee);
  const calls = await recordMutations(page, /\/v2\/projects\/(change-point-type|rid\/unplanned|change-responsible\/\d+)$/);
  await page.goto('/projects/9');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

  for (const [button, what] of [['Запрос на изменение', 'change request'], ['Запрос на РИД', 'RID request']] as const) {
    calls.length = 0;
    await page.getByRole('button', { name: button }).click();
    const confirm = page.getByRole('alertdialog');
    await hammer(page, confirm.getByRole('button', { name: 'Отправить' }));
    await expectExactlyOne(calls, what);
    await expect(page.getByRole('status').filter({ hasText: 'Запрос успешно отправлен' }).first()).toBeVisible();
    await expect(confirm).toBeHidden();
  }

  calls.length = 0;
  await page.goto('/projects/1?tab=rid');
  await page.getByRole('button', { name: 'Подать внеплановый РИД' }).click();
  await hammer(page, page.getByRole('alertdialog').getByRole('button', { name: 'Подать' }));
  await expectExactlyOne(calls, 'unplanned RID');
  await expect(page.getByRole('status').filter({ hasText: 'Создание внепланового РИД успешно запланировано' }).first()).toBeVisible();

  // Assign: nothing chosen keeps "Назначить" disabled; then one request for five clicks.
  calls.length = 0;
  await page.goto('/projects/1');
  await page.getByRole('button', { name: 'Назначить пользователя' }).first().click();
  const dialog = page.getByRole('dialog');
  const assign = dialog.getByRole('button', { name: 'Назначить' });
  const select = dialog.getByRole('combobox', { name: 'Пользователь' });
  // The current responsible user may be preselected: back to "Выберите пользователя".
  await select.selectOption('');
  await expect(assign).toBeDisabled();
  tried();
  await hammer(page, assign);
  expect(calls).toEqual([]);
  await select.selectOption({ index: 1 });
  await hammer(page, assign);
  await expectExactlyOne(calls, 'assign');
});

test('users: odd filters answer with an empty table, never an error; one setgroups for five clicks', async ({ page }) => {
  tally.forms += 2;
  await signIn(page, DEMO_IDS.admin);
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/hosts/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/users');
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
  const filters = page.getByRole('search').or(page.locator('form')).first();
  const inputs = filters.getByRole('textbox');
  const count = await inputs.count();
  expect(count).toBeGreaterThanOrEqual(5);
  for (const value of ["' OR 1=1 --", '<script>alert(1)</script>', 'Я'.repeat(300), '😀🚀', '%_\\', '  ']) {
    for (let i = 0; i < count; i++) {
      const input = inputs.nth(i);
      await input.fill(value);
      tried();
    }
    // The filters reach the server after their typing pause: no request fails meanwhile.
    await expectThroughout(() => failures.length, (n) => expect(n, 'no request failed because of a filter').toBe(0), 600);
    await expect(page.getByRole('table').first().or(page.getByText(/Данные не найдены|Нет данных/).first())).toBeVisible();
    // What was typed stays (cut to the field's maxlength where it has one).
    for (let i = 0; i < count; i++) {
      const max = await inputs.nth(i).evaluate((e) => (e as HTMLInputElement).maxLength);
      await expect(inputs.nth(i)).toHaveValue(max > 0 ? value.slice(0, max) : value);
    }
    for (let i = 0; i < count; i++) await inputs.nth(i).fill('');
  }
  expect(failures, 'no request failed because of a filter').toEqual([]);

  const calls = await recordMutations(page, /\/v1\/users\/setgroups$/);
  await page.goto('/users?id=139');
  const row = page.getByTestId('user-row-139');
  await row.getByRole('button', { name: /Назначить группы/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Назначение групп' });
  await dialog.locator('label', { has: page.getByText('Менеджер', { exact: true }) }).click();
  await hammer(page, dialog.getByRole('button', { name: 'Назначить' }));
  await expectExactlyOne(calls, 'setgroups');
  await expect(row).toContainText('Менеджер');
});

test('questionnaire: wrong formats, too long, refused files never uploaded, invalid submit sends nothing and keeps the input', async ({ page }) => {
  // The longest walk of this file (every field type and file rule): more time on a loaded machine.
  test.slow();
  tally.forms += 1;
  await signIn(page, APPLICANT);
  const uploads = await recordMutations(page, /\/v2\/projects\/(upload-attach|parce-file\/.*)$/, 100);
  const submits = await recordMutations(page, /\/v2\/projects\/(application\/.*|project-point\/application\/\d+)$/, 100);
  await page.goto('/programs/create/START-2026');
  await expect(page.getByText('Введенные данные сохраняются автоматически')).toBeVisible({ timeout: 30_000 });
  const first = page.getByRole('dialog');
  await expect(first).toBeVisible({ timeout: 6000 });
  await first.getByRole('button', { name: 'Понятно' }).click();

  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const field = (label: string) => page.getByLabel(new RegExp(`^${escape(label)}\\s*\\*?$`)).and(page.locator('input, textarea, select')).first();
  const typed: [string, string, string][] = [
    ['Название проекта', 'Р'.repeat(256), 'Максимальная длина — 255 символов'],
    ['Электронная почта для связи', 'info@@neurotech', 'Введите корректный E-mail'],
    ['Сайт проекта', 'not a url', 'Введите корректный URL'],
    ['Краткий код проекта (латиница)', 'Ретина', 'Ввод доступен только на латинице'],
    ['Торговая марка продукта', '2Ретина', 'Начало строки не может начинаться с числа'],
    ['КПП', '12', 'КПП получателя должно содержать 9 символов'],
    ['ОГРН', '1', 'ОГРН получателя должно содержать 13 символов'],
    ['Номер Центра НТИ в системе 1С', '1', 'Номер Центра НТИ в системе 1С 7 символов'],
    ['Дата начала проекта', '31.02.2027', 'Такой даты нет: 31.02.2027'],
  ];
  for (const [label, value, message] of typed) {
    await field(label).fill(value);
    await field(label).blur();
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    tried();
  }
  // Phone: letters are not typed at all, a short number is refused.
  await field('Контактный телефон').pressSequentially('abc913');
  await field('Контактный телефон').blur();
  await expect(page.getByText('Введите корректный номер телефона').first()).toBeVisible();
  tried();
  // Number: + - e . and space are blocked.
  await field('Запрашиваемая сумма гранта, руб.').pressSequentially('-1e+5. 0');
  await expect(field('Запрашиваемая сумма гранта, руб.')).toHaveValue('150');
  tried();

  // Files: wrong type and oversize are refused before any upload (SPEC §5 texts).
  await page.getByLabel('Устав организации: выбрать файл').setInputFiles({ name: 'устав.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText(/^Формат файла не/).first()).toBeVisible();
  await page.getByLabel('Письмо поддержки от индустриального партнёра: выбрать файл').setInputFiles(big('письмо.pdf', 'application/pdf', 5 * 1024 * 1024 + 1));
  await expect(page.getByText('Максимальный размер файла 5МБ').first()).toBeVisible();
  await page.getByLabel('Письмо поддержки от индустриального партнёра: выбрать файл').setInputFiles({ name: 'письмо.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(page.getByText(/Формат файла не|Неверный формат файла/).first()).toBeVisible();
  const cv = page.locator('[data-group-instance="ST_TEAM:0"]').getByLabel('Резюме участника: выбрать файл');
  await cv.setInputFiles({ name: 'резюме.txt', mimeType: 'text/plain', buffer: Buffer.from('cv') });
  await expect(page.getByText('Неверный формат файла. Необходимо загрузить файл с расширением pdf, docx').first()).toBeVisible();
  await cv.setInputFiles(big('резюме.pdf', 'application/pdf', 20 * 1024 * 1024 + 1));
  await expect(page.getByText('Максимальный размер файла 20МБ').first()).toBeVisible();
  tried(5);
  expect(uploads, 'refused files are never uploaded').toEqual([]);

  // Invalid submit, five times: nothing is sent, the summary says what to fix, nothing typed is lost.
  const submit = page.getByRole('button', { name: 'Сформировать для отправки' });
  // The refusals' toasts sit bottom-right (SPEC §9) but above the sticky submit bar: they never cover its buttons.
  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  await expect(toasts.first()).toBeVisible();
  // Read in one go in the page (a toast may leave between two calls): the lowest edge of the toasts on screen — a
  // dismissed one leaves downwards before it is removed — against the top of the bar.
  const overlap = () =>
    page.evaluate(() => {
      const bar = document.querySelector('[data-testid="submit-bar"]')!.getBoundingClientRect();
      const shown = [...document.querySelectorAll('[data-scope="toast"][data-part="root"][data-state="open"]')];
      return Math.max(0, ...shown.map((toast) => toast.getBoundingClientRect().bottom - bar.top));
    });
  await expect.poll(overlap, { message: 'toasts stay above the submit bar' }).toBeLessThanOrEqual(1);
  await submit.scrollIntoViewIfNeeded();
  await hammer(page, submit);
  await expect(page.getByText(/Проверьте анкету: \d+ (поле требует|поля требуют|полей требуют) исправления/)).toBeVisible();
  await expectThroughout(() => submits.length, (n) => expect(n, 'an invalid questionnaire is never sent').toBe(0), 2_500);
  await hammer(page, submit);
  await expectThroughout(() => submits.length, (n) => expect(n, 'an invalid questionnaire is never sent').toBe(0), 1_000);
  tried();
  for (const [label, value] of typed) await expect(field(label)).toHaveValue(label === 'Сайт проекта' ? `https://${value}` : value);
  // A reload keeps the drafts too (values were saved per field).
  await page.reload();
  await expect(field('Электронная почта для связи')).toHaveValue('info@@neurotech', { timeout: 30_000 });
});

test('signing: no certificate, no attorney file, wrong type, oversize; one attorney upload for five clicks', async ({ page }) => {
  tally.forms += 2;
  const token = await signIn(page, DEMO_IDS.grantee);
  const list = (await (await page.request.get('/hosts/main/v2/projects/project-point?pageSize=100', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    items: { id: number; name: string }[];
  };
  const point = list.items.find((p) => p.name === 'Акт по этапу упаковки: подпись с МЧД');
  expect(point).toBeTruthy();
  const calls = await recordMutations(page, /\/v2\/projects\/(upload-attorney|sign\/\d+|sign-attach)$/);
  await page.goto(`/tasks/${point!.id}`);
  await page.getByRole('toolbar', { name: 'Действия с задачей' }).getByRole('button', { name: 'Подписать и отправить' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Выбор сертификата' });
  await expect(dialog).toBeVisible();
  await hammer(page, dialog.getByRole('button', { name: 'Подписать' }));
  await expect(dialog.getByText('Выберите сертификат для подписи.')).toBeVisible();
  tried();

  const attorney = dialog.getByRole('group', { name: 'Машиночитаемая доверенность' });
  const input = attorney.getByLabel('Файл МЧД (XML)');
  const upload = attorney.getByRole('button', { name: 'Загрузить МЧД' });
  await upload.click();
  await expect(attorney.getByText('Файл не выбран')).toBeVisible();
  await input.setInputFiles({ name: 'мчд.txt', mimeType: 'text/plain', buffer: Buffer.from('<attorney/>') });
  await upload.click();
  await expect(attorney.getByText('Файл должен быть в формате XML')).toBeVisible();
  await input.setInputFiles(big('мчд.xml', 'application/xml', 2 * 1024 * 1024 + 1));
  await upload.click();
  await expect(attorney.getByText('Максимальный размер файла 2МБ')).toBeVisible();
  tried(3);
  expect(calls, 'nothing refused is sent').toEqual([]);

  const year = new Date().getFullYear();
  await input.setInputFiles({
    name: 'мчд.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<attorney><signer_fio>Петров Алексей Иванович</signer_fio><startDate>${year}-01-01</startDate><endDate>${year + 1}-12-31</endDate></attorney>`),
  });
  await hammer(page, upload);
  await expectExactlyOne(calls, 'attorney upload');
  await expect(page.getByText('МЧД успешно загружена').first()).toBeVisible();
});

test('diagnostics: empty data to sign keeps "Подписать" disabled', async ({ page }) => {
  tally.forms += 1;
  await signIn(page, DEMO_IDS.grantee);
  await page.goto('/diagnostics');
  const data = page.getByRole('textbox', { name: 'Данные для подписи' });
  await expect(data).toHaveValue('Hello World', { timeout: 30_000 });
  await data.fill('');
  await expect(page.getByRole('button', { name: 'Подписать' })).toBeDisabled();
  tried();
});
