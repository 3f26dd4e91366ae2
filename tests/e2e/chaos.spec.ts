import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { dismissFirstDialog, prepareContext, seeded, setFaults, stashAt, ownServerForSpec } from './offline-support';

/**
 * User-level chaos (issue "Offline drafts keep their promise in a real browser"): a seeded run of keyboard edits into
 * 20 fields of two questionnaires and one task of the built app with its service worker, with the connection lost and
 * back, reloads offline and online, tabs closed the moment the indicator says «Все изменения сохранены», a second tab
 * on the same draft, injected 500s and slow answers. Whenever a draft's indicator says «Все изменения сохранены», the
 * server must already hold every value typed into it. At the end a fresh browser profile (a second device) opens every
 * draft and must show the last typed value of every field. Files too: the run picks PDFs into an attachment of each
 * form, online and offline; whenever a form says saved the server lists every file picked into it, and the second
 * device shows each exactly once (none lost, none twice). Seeds: CHAOS_SEEDS (comma-separated), edits: CHAOS_EDITS.
 */
test.use({ serviceWorkers: 'allow' });

const SAVED = 'Все изменения сохранены';
const USER = 7;
const SEEDS = (process.env.CHAOS_SEEDS ?? '11,23,37').split(',').map(Number);
const EDITS = Number(process.env.CHAOS_EDITS ?? 300);

interface Form {
  path: string;
  hash: string;
  /** Field labels; a label repeated in a form is told apart by its position (nth). */
  fields: { label: string; nth: number }[];
  /** The attachment files are picked into (issue "Attachments keep the offline promise"), and where the server keeps them. */
  attachment: { name: string; code: string; pointId: number | null };
}

const QUESTIONNAIRE_FIELDS = [
  'Название проекта',
  'Краткое описание проекта',
  'Торговая марка продукта',
  'Ключевые слова',
  'Полное наименование организации',
  'Юридический адрес',
  'Наименование этапа',
  'ФИО участника',
].map((label) => ({ label, nth: 0 }));

const FORMS: Form[] = [
  {
    path: '/programs/create/START-2026',
    hash: `${USER}questionnaireSTART-2026`,
    fields: QUESTIONNAIRE_FIELDS,
    attachment: { name: 'Письмо поддержки от индустриального партнёра', code: 'ATT_ST_LETTER', pointId: null },
  },
  {
    path: '/tasks/30',
    hash: `${USER}questionnaire30`,
    fields: QUESTIONNAIRE_FIELDS,
    attachment: { name: 'Письмо поддержки от индустриального партнёра', code: 'ATT_ST_LETTER', pointId: 30 },
  },
  {
    path: '/tasks/26',
    hash: `${USER}questionnaire26`,
    fields: [
      { label: 'Статья расходов', nth: 0 },
      { label: 'Статья расходов', nth: 1 },
      { label: 'Подтверждающий документ', nth: 0 },
      { label: 'Подтверждающий документ', nth: 1 },
    ],
    attachment: { name: 'Реестр платёжных документов', code: 'FN_ATT_REGISTER', pointId: 26 },
  },
];

const server = ownServerForSpec();

const input = (page: Page, f: { label: string; nth: number }) => page.getByRole('textbox', { name: f.label, exact: false }).nth(f.nth);

async function openForm(page: Page, form: Form) {
  await page.goto(form.path);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  // The instructions dialog opens by itself a moment after the form (SPEC §2) and hides the fields while open: the
  // form says whether it is still to come (data-first-dialog); it is closed once it has opened.
  await dismissFirstDialog(page);
  // The form is ready when its first field can be reached.
  await expect(async () => {
    await closeDialog(page);
    await expect(input(page, form.fields[0]!)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** Closes the instructions dialog when it is open (SPEC §2: it opens by itself 1.5 s after the form). */
async function closeDialog(page: Page) {
  const dialog = page.locator('[role="dialog"][data-state="open"]');
  if (await dialog.count()) {
    await dialog.getByRole('button', { name: 'Понятно' }).click();
    await expect(dialog).toHaveCount(0);
  }
}

/**
 * Types a value with the keyboard: focus, select all, type. The instructions dialog may open while typing and take
 * the keys: then it is closed and the value typed again, as a person would.
 */
async function typeValue(page: Page, f: { label: string; nth: number }, value: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await closeDialog(page);
    try {
      await input(page, f).click({ timeout: 10_000 });
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(value);
      const typed = await input(page, f).inputValue({ timeout: 5_000 });
      if (typed === value && !(await page.locator('[role="dialog"][data-state="open"]').count())) return;
    } catch {
      // The dialog opened and hid the form (modal): close it and type again.
    }
  }
  throw new Error(`could not type into ${f.label}`);
}

async function saveStateText(page: Page): Promise<string> {
  return (await page.getByTestId('save-state').textContent({ timeout: 5_000 }).catch(() => '')) ?? '';
}

async function signedIn(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  await prepareContext(context, server.baseURL, USER);
  return context;
}

for (const seed of SEEDS) {
  test(`chaos seed ${seed}: ${EDITS} keyboard edits, offline flips and reloads, tabs closed at «Все изменения сохранены»`, async ({ browser }) => {
    test.setTimeout(900_000);
    const random = seeded(seed);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const context = await signedIn(browser);
    const token = (await context.storageState()).origins.flatMap((o) => o.localStorage).find((e) => e.name === 'access_token')?.value;
    const expected = new Map<string, string>();
    const history = new Map<string, string[]>();
    /** Files picked into each form's attachment, by form path. */
    const pickedFiles = new Map<string, string[]>();
    let filesPicked = 0;
    const keyOf = (form: Form, f: { label: string; nth: number }) => `${form.path}#${f.label}#${f.nth}`;
    let offline = false;
    let wrongSaved = 0;
    let savedChecks = 0;
    let reloads = 0;
    let closedAtSaved = 0;
    let secondTabs = 0;
    let flips = 0;
    const events: string[] = [];
    const note = (text: string) => events.push(`${events.length}: ${text} [${form.path}${offline ? ', offline' : ''}]`);

    // Every stash write and its answer, for the report when a value goes missing.
    const writes: string[] = [];
    context.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || !request.url().includes('/v2/stash')) return;
      const body = request.postDataJSON() as { field?: string; value?: unknown; seq?: number } | null;
      writes.push(`${events.length}: ${body?.field} = ${JSON.stringify(body?.value)} seq ${body?.seq} → ${response.status()}`);
    });
    const newPage = async () => {
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      return page;
    };
    let page = await newPage();
    let form = FORMS[0]!;
    await openForm(page, form);
    const apiToken = token ?? (await page.evaluate(() => localStorage.getItem('access_token')!));

    /** Names of the files the server keeps for a form's attachment: the draft's list (a new application), else list-attach. */
    const filesOnServer = async (of: Form, request = page.request): Promise<string[]> => {
      if (of.attachment.pointId === null) {
        const stash = await stashAt(request, server.baseURL, apiToken, of.hash);
        const list = stash.values[`@attach:${of.attachment.code}`];
        return Array.isArray(list) ? (list as { fileName: string }[]).map((f) => f.fileName) : [];
      }
      const response = await request.get(
        `${server.baseURL}/hosts/main/v2/projects/list-attach?filter[pointId]=${of.attachment.pointId}&filter[attachCode]=${of.attachment.code}`,
        { headers: { Authorization: `Bearer ${apiToken}` } },
      );
      return ((await response.json()) as { fileName: string }[]).map((f) => f.fileName);
    };
    /** The server holds every value typed into the form's draft and every file picked into it (checked whenever it says saved). */
    const serverHoldsAll = async (of: Form) => {
      const stash = await stashAt(page.request, server.baseURL, apiToken, of.hash);
      const values = Object.values(stash.values).filter((v): v is string => typeof v === 'string');
      const typed = of.fields.every((f) => {
        const want = expected.get(keyOf(of, f));
        return want === undefined || values.includes(want);
      });
      const picked = pickedFiles.get(of.path) ?? [];
      if (!picked.length) return typed;
      const listed = await filesOnServer(of);
      return typed && picked.every((name) => listed.includes(name));
    };
    const checkSaved = async () => {
      if (offline) return;
      if ((await saveStateText(page)) !== SAVED) return;
      savedChecks++;
      if (!(await serverHoldsAll(form))) {
        wrongSaved++;
        note('WRONG saved');
      }
    };

    // First every field of every form once (at least 20 fields take part), then the seeded chaos.
    const everyField = FORMS.flatMap((each) => each.fields.map((f) => ({ form: each, f })));
    for (let step = 0; step < EDITS; step++) {
      const first = everyField[step];
      if (first) {
        if (first.form !== form) {
          form = first.form;
          await openForm(page, form);
        }
        const value = `s${seed} начало ${step}`;
        await typeValue(page, first.f, value);
        expected.set(keyOf(form, first.f), value);
        history.set(keyOf(form, first.f), [value]);
        note(`type ${keyOf(form, first.f)} = ${value}`);
        continue;
      }
      const roll = random();
      if (roll < 0.04) {
        // The connection drops or comes back.
        offline = !offline;
        flips++;
        note(offline ? 'offline' : 'online');
        await context.setOffline(offline);
      } else if (roll < 0.07) {
        // A reload, online or offline.
        reloads++;
        form = pick(FORMS);
        note('reload');
        await openForm(page, form);
      } else if (roll < 0.09 && !offline) {
        // The person closes the tab the moment it says saved, then opens the app again.
        await page.waitForFunction((text) => document.querySelector('[data-testid="save-state"]')?.textContent === text, SAVED, { polling: 'raf', timeout: 60_000 });
        if (!(await serverHoldsAll(form))) {
          wrongSaved++;
          note('WRONG saved before close');
        }
        savedChecks++;
        note('close at saved');
        await page.close({ runBeforeUnload: false });
        closedAtSaved++;
        page = await newPage();
        form = pick(FORMS);
        await openForm(page, form);
      } else if (roll < 0.11) {
        // A second tab on the same draft: one edit there, then it is closed at once.
        secondTabs++;
        const other = await newPage();
        await openForm(other, form);
        const f = pick(form.fields);
        const value = `s${seed} вкладка ${step}`;
        await typeValue(other, f, value);
        expected.set(keyOf(form, f), value);
        history.set(keyOf(form, f), [...(history.get(keyOf(form, f)) ?? []), value]);
        note(`second tab: ${keyOf(form, f)} = ${value}`);
        await other.close({ runBeforeUnload: false });
      } else if (roll < 0.17) {
        // A document picked into the form's attachment, online or offline: kept on the device, uploaded by itself.
        const name = `s${seed}-${step}.pdf`;
        await closeDialog(page);
        await page.getByLabel(`${form.attachment.name}: выбрать файл`).setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n${'x'.repeat(20_000)}`) });
        await expect(page.getByTestId('kept-file').filter({ hasText: name }).or(page.getByRole('button', { name: `Скачать ${name}` }))).toBeVisible({ timeout: 15_000 });
        pickedFiles.set(form.path, [...(pickedFiles.get(form.path) ?? []), name]);
        filesPicked++;
        note(`file ${name}`);
      } else if (roll < 0.19 && !offline) {
        // The server answers the next stash writes with 500, or slowly.
        note('faults');
        await setFaults(
          page.request,
          server.baseURL,
          random() < 0.5 ? [{ match: '/v2/stash', method: 'POST', status: 500, times: 1 + Math.floor(random() * 3) }] : [{ match: '/v2/stash', method: 'POST', delayMs: 1_500, times: 2 }],
        );
      } else {
        const f = pick(form.fields);
        const value = `s${seed} ${pick(['север', 'юг', 'восток', 'запад', 'центр'])} ${step}`;
        await typeValue(page, f, value);
        expected.set(keyOf(form, f), value);
        history.set(keyOf(form, f), [...(history.get(keyOf(form, f)) ?? []), value]);
        note(`type ${keyOf(form, f)} = ${value}`);
      }
      if (step % 5 === 0) await checkSaved();
    }

    // Back online; every draft is opened until it says saved.
    await setFaults(page.request, server.baseURL, []);
    if (offline) await context.setOffline(false);
    offline = false;
    for (const each of FORMS) {
      await openForm(page, each);
      await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 90_000 });
      savedChecks++;
      if (!(await serverHoldsAll(each))) {
        wrongSaved++;
        note(`WRONG saved at the end; device outbox: ${JSON.stringify(await page.evaluate(async () => (window as unknown as { __offline: { outbox(id: number): Promise<unknown> } }).__offline.outbox(7)).catch(() => null))}`);
      }
    }
    await context.close();

    // A second device: a fresh browser profile shows the last typed value of every field.
    const device = await signedIn(browser);
    const reader = await device.newPage();
    let lost = 0;
    let outOfOrder = 0;
    let filesLost = 0;
    let filesTwice = 0;
    const differences: string[] = [];
    for (const each of FORMS) {
      await openForm(reader, each);
      // Every file picked into the form shows once on the second device, and the server keeps it once.
      await reader.getByLabel(`${each.attachment.name}: выбрать файл`).waitFor({ state: 'attached', timeout: 30_000 });
      const listed = await filesOnServer(each, reader.request);
      for (const name of pickedFiles.get(each.path) ?? []) {
        const shown = await reader.getByRole('button', { name: `Скачать ${name}` }).count();
        const kept = listed.filter((n) => n === name).length;
        if (shown === 0 || kept === 0) filesLost++;
        if (shown > 1 || kept > 1) filesTwice++;
        if (shown !== 1 || kept !== 1) differences.push(`${each.path} file ${name}: shown ${shown}, on the server ${kept}`);
      }
      for (const f of each.fields) {
        const want = expected.get(keyOf(each, f));
        if (want === undefined) continue;
        const shown = await input(reader, f).inputValue({ timeout: 30_000 });
        if (shown === want) continue;
        if (history.get(keyOf(each, f))?.includes(shown)) outOfOrder++;
        else lost++;
        differences.push(`${keyOf(each, f)}: «${shown}» instead of «${want}»`);
      }
    }
    const report = { seed, edits: EDITS, fields: expected.size, flips, reloads, closedAtSaved, secondTabs, savedChecks, lost, outOfOrder, wrongSaved, filesPicked, filesLost, filesTwice };
    console.log(`chaos ${JSON.stringify(report)}`);
    test.info().annotations.push({ type: 'chaos', description: JSON.stringify(report) });
    if (differences.length || wrongSaved) {
      console.log(events.join('\n'));
      console.log(writes.join('\n'));
      for (const each of FORMS) console.log(each.hash, JSON.stringify(await stashAt(reader.request, server.baseURL, apiToken, each.hash)));
    }
    await device.close();
    expect(differences).toEqual([]);
    expect(wrongSaved).toBe(0);
    expect(expected.size).toBeGreaterThanOrEqual(20);
    expect(filesPicked).toBeGreaterThan(0);
  });
}
