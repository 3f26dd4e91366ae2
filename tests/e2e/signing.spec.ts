import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { writeFile, mkdir } from 'node:fs/promises';
import { apiGet, clearFaults, expectNoContractViolations, screenshot, signIn, type AccountKey } from './fixtures';
import { installFakeCadesPlugin, type FakeCadesOptions, type FakeCadesRecord } from '../../src/features/signing/cades/fake-plugin';

/**
 * SPEC §4 signing rule and sequence, §5 attorney file, §8 signing errors — through a fake CryptoPro plug-in injected
 * before the app starts (DESIGN.md "Signing"), and through the labelled demo store.
 */
test.use({ serviceWorkers: 'block' });

const MAIN = '/hosts/main/v2/projects';
const year = new Date().getUTCFullYear();
const VALID = {
  subject: 'CN=Петров Алексей Иванович, O=ООО «НейроТех», C=RU',
  issuer: 'CN=Тестовый УЦ, O=КриптоПро, C=RU',
  validFrom: `${year - 1}-01-10T07:00:00.000Z`,
  validTo: `${year + 1}-01-10T07:00:00.000Z`,
  thumbprint: '1111111111111111111111111111111111111111',
};
const EXPIRED = { ...VALID, subject: 'CN=Петров А. И. (старый)', thumbprint: '2222222222222222222222222222222222222222', validFrom: `${year - 3}-01-01T00:00:00Z`, validTo: `${year - 1}-01-01T00:00:00Z` };
const UNTRUSTED = { ...VALID, subject: 'CN=Сертификат без цепочки', thumbprint: '3333333333333333333333333333333333333333', signError: 'Не удается построить цепочку сертификатов для доверенного корневого центра. (0x800B010A)' };
const CANCELLING = { ...VALID, subject: 'CN=Токен с отменой', thumbprint: '4444444444444444444444444444444444444444', signError: 'Действие было отменено пользователем. (0x8010006E)' };

interface AttachedFile {
  id: number;
  fileName: string;
  signable?: boolean;
  signValid?: boolean;
}

async function pointId(request: APIRequestContext, token: string, name: string) {
  const page = await apiGet<{ items: { id: number; name: string }[] }>(request, token, `${MAIN}/project-point?pageSize=100&filter[name]=${encodeURIComponent(name)}`);
  const found = page.items.find((p) => p.name === name);
  if (!found) throw new Error(`no point «${name}»`);
  return found.id;
}

/** Plug-in mode (the production default) and, optionally, a fake plug-in in the page. */
async function withPlugin(page: Page, options: FakeCadesOptions | null) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), signingMode: 'plugin' } });
  });
  if (options) await page.addInitScript(installFakeCadesPlugin, options);
}

async function open(page: Page, account: AccountKey, name: string) {
  const { token } = await signIn(page, account);
  const id = await pointId(page.request, token, name);
  await page.goto(`/tasks/${id}`);
  // The first paint can be slow on a busy machine: give the page itself more time than a single step.
  await expect(page.locator('h2', { hasText: name })).toBeVisible({ timeout: 30_000 });
  return { id, token };
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Действия с задачей' });
const chooser = (page: Page) => page.getByRole('dialog', { name: 'Выбор сертификата' });

test.afterEach(async ({ request }) => {
  await clearFaults(request);
  await expectNoContractViolations(request);
});

test('signs two files and the form PDF through the plug-in, with progress, and the back end keeps the signatures', async ({ page }) => {
  await withPlugin(page, { certificates: [VALID, EXPIRED], signDelayMs: 600 });
  const { id, token } = await open(page, 'grantee', 'Отчёт по этапу 1: подписание');
  const before = await apiGet<AttachedFile[]>(page.request, token, `${MAIN}/list-attach?filter[pointId]=${id}`);
  expect(before.filter((f) => f.signable).map((f) => f.signValid)).toEqual([false, false]);

  await toolbar(page).getByRole('button', { name: 'Подписать и отправить' }).click();
  const dialog = chooser(page);
  await expect(dialog.getByTestId('certificate')).toHaveCount(2);
  const expired = dialog.getByTestId('certificate').filter({ hasText: 'Петров А. И. (старый)' });
  await expect(expired).toContainText('Срок действия истек');
  await expect(expired.locator('input')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Подписать' }).click();
  await expect(dialog.getByText('Выберите сертификат для подписи.')).toBeVisible();
  await screenshot(page, 'signing-certificate-dialog-1440');

  await dialog.getByText('Петров Алексей Иванович').click();
  await dialog.getByRole('button', { name: 'Подписать' }).click();
  const progress = page.getByRole('dialog', { name: 'Подписание' });
  await expect(progress.getByText('Подписываем 1 файл из 2')).toBeVisible();
  await screenshot(page, 'signing-progress-1440');
  await expect(progress.getByText('Подписываем 2 файл из 2')).toBeVisible();
  await expect(progress.getByText('Подписываем анкетные данные')).toBeVisible();
  await expect(page.getByText('Анкетные данные успешно подписаны').first()).toBeVisible();
  await expect(progress).toBeHidden();

  // The preview reloads: new status, ticks on the files, no signing button.
  await expect(page.getByTestId('task-status')).toHaveText('Передано в обработку');
  await expect(page.getByTestId('attached-file').filter({ hasText: 'Научно-технический отчёт.pdf' })).toContainText('Подписан');
  await expect(toolbar(page).getByRole('button', { name: 'Подписать и отправить' })).toHaveCount(0);

  // The plug-in made three detached CAdES-BES signatures with the whole chain; the back end stored them.
  const record = (await page.evaluate(() => (window as unknown as { __fakeCades: FakeCadesRecord }).__fakeCades)) as FakeCadesRecord;
  expect(record.signatures).toHaveLength(3);
  for (const s of record.signatures) expect(s).toMatchObject({ thumbprint: VALID.thumbprint, detached: true, options: 1, encoding: 1 });
  const after = await apiGet<AttachedFile[]>(page.request, token, `${MAIN}/list-attach?filter[pointId]=${id}`);
  expect(after.filter((f) => f.signable).map((f) => f.signValid)).toEqual([true, true]);
  const point = await apiGet<{ status: { code1C: string }; signValid: boolean }>(page.request, token, `${MAIN}/project-point/${id}`);
  expect(point).toMatchObject({ status: { code1C: 'IN_PROCESSING' }, signValid: true });
  const zip = await page.request.get(`${MAIN}/zip/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const names = (await zip.body()).toString('utf8');
  expect(names).toContain('Научно-технический отчёт.pdf.sig');
  expect(names).toContain(`Задача ${id}.pdf.sig`);
});

test('plug-in errors are shown per step in red and can be reported through the feedback form (theme 9)', async ({ page }) => {
  await withPlugin(page, { certificates: [UNTRUSTED, CANCELLING] });
  await open(page, 'grantee', 'Отзыв отчёта по диагностике: требуется подпись');
  await toolbar(page).getByRole('button', { name: 'Подписать отзыв' }).click();
  await chooser(page).getByText('Токен с отменой').click();
  await chooser(page).getByRole('button', { name: 'Подписать' }).click();
  const progress = page.getByRole('dialog', { name: 'Подписание' });
  await expect(progress.getByText('Ошибка подписи: Операция отменена пользователем')).toBeVisible();
  await progress.getByRole('button', { name: 'Повторить' }).click();

  await chooser(page).getByText('Сертификат без цепочки').click();
  await chooser(page).getByRole('button', { name: 'Подписать' }).click();
  const error = progress.getByText('Ошибка подписи: Ошибка проверки цепочки доверия. Попробуйте использовать другой сертификат');
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS('color', 'rgb(220, 38, 38)');
  await expect(progress.locator('[data-testid="sign-step"][data-state="error"]')).toHaveCount(1);
  await screenshot(page, 'signing-error-1440');

  await progress.getByRole('button', { name: 'Сообщить об ошибке' }).click();
  const feedback = page.getByRole('dialog', { name: 'Задать вопрос' });
  await expect(feedback).toBeVisible();
  await expect(feedback.locator('select[name="theme"]')).toHaveValue('9');
  const message = feedback.locator('textarea[name="message"]');
  await expect(message).toHaveValue(/Владелец сертификата: CN=Сертификат без цепочки/);
  await expect(message).toHaveValue(/Ошибка: Ошибка подписи: Ошибка проверки цепочки доверия/);
  await expect(message).toHaveValue(/Срок действия: \d\d\.\d\d\.\d{4} \d\d:\d\d – /);
  await expect(page.getByTestId('task-status')).toHaveText('Требуется подписать отзыв');
});

test('a server refusal appears as the banner with the server message', async ({ page }) => {
  await withPlugin(page, { certificates: [VALID] });
  await open(page, 'user', 'Заявка на конкурс «УМНИК-2026»');
  await page.route('**/v2/projects/sign-attach', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Подпись не прошла проверку на сервере', status: 422 }) }),
  );
  await toolbar(page).getByRole('button', { name: 'Подписать и отправить' }).click();
  await chooser(page).getByText('Петров Алексей Иванович').click();
  await chooser(page).getByRole('button', { name: 'Подписать' }).click();
  const progress = page.getByRole('dialog', { name: 'Подписание' });
  await expect(progress.getByTestId('server-message')).toHaveText('Подпись не прошла проверку на сервере');
  await expect(progress.getByText('Не удалось сохранить подпись')).toBeVisible();
  await progress.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Требуется подпись');
});

test('power of attorney: refusals, a successful upload, then signing', async ({ page }, testInfo) => {
  await withPlugin(page, { certificates: [VALID] });
  const { id, token } = await open(page, 'grantee', 'Акт по этапу упаковки: подпись с МЧД');
  await toolbar(page).getByRole('button', { name: 'Подписать и отправить' }).click();
  const dialog = chooser(page);
  const attorney = dialog.getByRole('group', { name: 'Машиночитаемая доверенность' });
  await expect(attorney.getByText('МЧД не загружена')).toBeVisible();
  await dialog.getByText('Петров Алексей Иванович').click();
  await dialog.getByRole('button', { name: 'Подписать' }).click();
  await expect(dialog.getByText('Для подписания необходимо загрузить МЧД или отметить чек-бокс о подписании от имени организации')).toBeVisible();

  const dir = testInfo.outputPath('attorney');
  await mkdir(dir, { recursive: true });
  const file = async (name: string, content: string | Buffer) => {
    const path = `${dir}/${name}`;
    await writeFile(path, content);
    return path;
  };
  const input = attorney.getByLabel('Файл МЧД (XML)');

  await attorney.getByRole('button', { name: 'Загрузить МЧД' }).click();
  await expect(attorney.getByText('Файл не выбран')).toBeVisible();
  await input.setInputFiles(await file('доверенность.pdf', '%PDF-1.4'));
  await expect(attorney.getByText('Файл должен быть в формате XML')).toBeVisible();
  await input.setInputFiles(await file('большая.xml', Buffer.alloc(2 * 1024 * 1024 + 10, 'a')));
  await expect(attorney.getByText('Максимальный размер файла 2МБ')).toBeVisible();
  await input.setInputFiles(await file('битая.xml', '<?xml version="1.0"?><attorney><signer_fio>Петров</signer_fio></attorne>'));
  await attorney.getByRole('button', { name: 'Загрузить МЧД' }).click();
  await expect(attorney.getByText(/^Некорректный файл: закрывающий тег/)).toBeVisible();
  await expect(page.getByText(/^Некорректный файл: закрывающий тег/).first()).toBeVisible();
  await screenshot(page, 'signing-attorney-refusal-1440');
  // A power of attorney without the representative's name is refused in plain words, not in XML element names.
  await input.setInputFiles(await file('без-фио.xml', '<?xml version="1.0"?><attorney><startDate>2026-01-01</startDate></attorney>'));
  await attorney.getByRole('button', { name: 'Загрузить МЧД' }).click();
  await expect(attorney.getByText('Некорректный файл: в доверенности не указаны фамилия, имя и отчество представителя, который подписывает документы')).toBeVisible();
  await expect(page.getByText(/signer_fio/)).toHaveCount(0);

  await input.setInputFiles(
    await file('мчд.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<attorney><signer_fio>Петров Алексей Иванович</signer_fio><startDate>${year}-01-01</startDate><endDate>${year + 1}-12-31</endDate></attorney>`),
  );
  await attorney.getByRole('button', { name: 'Загрузить МЧД' }).click();
  await expect(page.getByText('МЧД успешно загружена').first()).toBeVisible();
  await expect(attorney.getByText(`МЧД загружена: Петров Алексей Иванович, действует с 01.01.${year} по 31.12.${year + 1}`)).toBeVisible();
  const withAttorney = await apiGet<{ attorney: { signer_fio: string } }>(page.request, token, `${MAIN}/project-point/${id}`);
  expect(withAttorney.attorney.signer_fio).toBe('Петров Алексей Иванович');

  await dialog.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByText('Анкетные данные успешно подписаны').first()).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Передано в обработку');
});

test('the without-attorney checkbox allows signing; the demo store is labelled', async ({ page }) => {
  // Demo mode (the reference back end's default) and no plug-in: the labelled demo store signs.
  await open(page, 'user', 'Акт по теплице: подпись с МЧД');
  await toolbar(page).getByRole('button', { name: 'Подписать и отправить' }).click();
  const dialog = chooser(page);
  await expect(dialog.getByTestId('demo-label')).toHaveText('ДЕМО — не является электронной подписью');
  await dialog.getByText('ДЕМО Иванова Ольга Сергеевна').click();
  await dialog.getByText('Подписываю от имени организации без МЧД').click();
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'signing-certificate-dialog-375');
  await dialog.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByText('Анкетные данные успешно подписаны').first()).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Передано в обработку');
});

test('without the plug-in the signing button is disabled with the reason', async ({ page }) => {
  await withPlugin(page, null);
  await open(page, 'grantee', 'Смета VR-платформы: МЧД загружена');
  const button = toolbar(page).getByRole('button', { name: 'Подписать и отправить' });
  await expect(button).toBeDisabled({ timeout: 20_000 });
  await expect(toolbar(page).getByText(/Плагин для работы с электронной подписью не загружен/)).toBeVisible();
});
