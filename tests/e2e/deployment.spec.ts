import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installedNginx, nginxConfig } from '../../server/nginx-conf';
import { freePort } from '../../server/lib/free-port';
import { cspFor } from '../../server/lib/csp';
import { corsOptions } from '../../server/app';
import { dismissFirstDialog, QUESTIONNAIRE, waitForServiceWorker } from './offline-support';

/**
 * Deployment as it will really be (README «Развёртывание»): the built app on Debian's nginx with the configuration
 * server/nginx-conf.ts writes, and the four API hosts of the reference back end each on an origin of its own (CORS),
 * named only in config.json. A person signs in through the provider, types into a questionnaire, loses the
 * connection, reloads, comes back and the value reaches the server; signs a task with the demo store; opens the
 * calendar. Skipped, with the reason, only where nginx is not installed.
 */
const NGINX = installedNginx();
test.skip(!NGINX, 'nginx is not installed (Debian: apt-get install -y nginx libnginx-mod-http-brotli-static); the deployment smoke test needs it');
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const SAVED = 'Все изменения сохранены';
const USER = { id: 8, name: 'Иванова Ольга Сергеевна' };
const SIGNED_TASK = 'Акт по теплице: подпись с МЧД';


async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}): ${output()}`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 240_000) throw new Error(`${url} did not answer: ${output()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  return { child, output: () => output };
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

let app = '';
let control = '';
const hosts = { main: '', contest: '', messages: '', support: '' };
let config: Record<string, string>;
let dir = '';
let backEnd: ChildProcess | undefined;
let nginx: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const [appPort, controlPort, ...hostPorts] = await Promise.all(Array.from({ length: 6 }, freePort));
  app = `http://127.0.0.1:${appPort}`;
  control = `http://127.0.0.1:${controlPort}`;
  (Object.keys(hosts) as (keyof typeof hosts)[]).forEach((name, i) => (hosts[name] = `http://127.0.0.1:${hostPorts[i]}`));

  // The reference hosts: each API on its own origin, the app left to nginx; test controls on a port of their own.
  const server = run(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    ...process.env,
    PORT: String(controlPort),
    DATA_DIR: ':memory:',
    TEST_CONTROL: '1',
    SIGNING_MODE: 'demo',
    SERVE_APP: '0',
    API_ORIGINS: Object.entries(hosts)
      .map(([name, origin]) => `${name}=${origin}`)
      .join(','),
    APP_ORIGINS: app,
  });
  backEnd = server.child;

  // nginx with the generated configuration on a temporary prefix; config.json outside the build.
  dir = mkdtempSync(path.join(os.tmpdir(), 'cabinet-nginx-'));
  chmodSync(dir, 0o755); // nginx workers (another user when started as root) read config.json here
  config = {
    apiMain: hosts.main,
    apiContest: hosts.contest,
    apiMessages: hosts.messages,
    apiSupport: hosts.support,
    authorizeUrl: `${hosts.main}/sso/authorize`,
    clientId: 'personal-account',
    widgetUrl: `${hosts.main}/widget/project-widget.js`,
    messagingProject: 'grants-cabinet',
    signingMode: 'demo',
  };
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config, null, 2));
  const conf = nginxConfig({
    root: process.env.DIST_DIR ?? 'dist',
    configFile: path.join(dir, 'config.json'),
    listen: `127.0.0.1:${appPort}`,
    standalone: dir,
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const web = run(NGINX!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')]);
  nginx = web.child;
  await waitFor(`${app}/config.json`, web.child, web.output);
  await waitFor(`${hosts.main}/sso/authorize`, server.child, server.output);
});

test.afterAll(async () => {
  await stop(nginx);
  if (backEnd && backEnd.exitCode === null) {
    const violations = await fetch(`${control}/__test/violations`).then(
      (r) => r.json() as Promise<unknown[]>,
      () => [],
    );
    expect(violations, 'contract violations recorded by the reference hosts').toEqual([]);
  }
  await stop(backEnd);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the browser refused: CSP violations and blocked cross-origin requests (both print to the console). */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CORS|Access-Control/i.test(text)) refused.push(text);
  });
  return refused;
}

/** Every API call of the app must go to a host's origin, none to /hosts/ of the app's. */
function watchSameOriginApi(context: BrowserContext): string[] {
  const wrong: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === app && url.pathname.startsWith('/hosts/')) wrong.push(request.url());
  });
  return wrong;
}

async function stash(request: APIRequestContext, token: string, hash: string) {
  const response = await request.get(`${hosts.main}/v2/stash?hash=${encodeURIComponent(hash)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { values: Record<string, unknown> }).values;
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: false }).first();

async function typeInto(page: Page, label: string, text: string) {
  await field(page, label).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text, { delay: 5 });
}

async function whenSaved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveText(SAVED, { timeout: 60_000 });
}

test('nginx serves the app: SPA fallback, caching, precompressed files, security headers and the CSP of config.json', async ({ request }) => {
  const csp = cspFor(config as never);
  for (const origin of Object.values(hosts)) expect(csp).toContain(origin);

  const shell = await request.get(`${app}/tasks/26`, { headers: { Accept: 'text/html' } });
  expect(shell.status()).toBe(200);
  expect(await shell.text()).toContain('<div id="root"');
  const headers = shell.headers();
  expect(headers['content-security-policy']).toBe(csp);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');

  for (const file of ['/', '/index.html', '/sw.js', '/config.json', '/manifest.webmanifest']) {
    const response = await request.get(`${app}${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['cache-control'], file).toBe('no-cache');
    expect(response.headers()['content-security-policy'], file).toBe(csp);
  }
  expect(await (await request.get(`${app}/config.json`)).json()).toEqual(config);

  // A hashed asset: immutable, and the .br/.gz written by the build are what goes over the wire.
  const html = await (await request.get(`${app}/`)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, 'the shell names its main chunk').toBeTruthy();
  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(`${app}${asset}`, { headers: { 'Accept-Encoding': encoding } });
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding'], `${asset} with Accept-Encoding: ${encoding}`).toBe(encoding);
    expect(response.headers()['vary']).toContain('Accept-Encoding');
  }
  // A missing chunk is a 404, never the shell (a stale tab must see the failure and reload).
  expect((await request.get(`${app}/assets/gone-12345678.js`)).status()).toBe(404);
});

test('each API host answers CORS as a real host must: the app origin only, no credentials, preflight for Authorization and JSON', async ({ request }) => {
  const expected = corsOptions([app]);
  for (const [name, origin] of Object.entries(hosts)) {
    const preflight = await request.fetch(`${origin}/v2/stash?hash=x`, {
      method: 'OPTIONS',
      headers: { Origin: app, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status(), name).toBe(204);
    const h = preflight.headers();
    expect(h['access-control-allow-origin'], name).toBe(app);
    expect(h['access-control-allow-credentials'], name).toBeUndefined();
    expect(h['access-control-allow-headers']?.toLowerCase(), name).toBe('authorization, content-type');
    expect(h['access-control-allow-methods'], name).toBe(expected.methods.join(', '));
    expect(h['vary'], name).toContain('Origin');

    const foreign = await request.fetch(`${origin}/v2/stash?hash=x`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(foreign.headers()['access-control-allow-origin'], `${name}: a foreign origin`).toBeUndefined();
  }
  const answer = await request.get(`${hosts.main}/v1/users/me`, { headers: { Origin: app } });
  expect(answer.status()).toBe(401);
  expect(answer.headers()['access-control-allow-origin']).toBe(app);
  expect(answer.headers()['access-control-expose-headers']).toBe('Content-Disposition');
});

test('a person on nginx with cross-origin hosts: signs in, types offline, the value reaches the server, signs a task, opens the calendar', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: app, viewport: { width: 1440, height: 900 } });
  const sameOriginApi = watchSameOriginApi(context);
  const page = await context.newPage();
  const refused = watchRefusals(page);
  page.on('dialog', (d) => void d.accept());

  // Sign-in through the provider on the main host's origin, back to the app's /callback.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.origin === hosts.main && url.pathname === '/sso/authorize');
  await page.getByRole('button', { name: new RegExp(USER.name) }).first().click();
  await page.waitForURL((url) => url.origin === app && !url.pathname.startsWith('/callback') && !url.pathname.startsWith('/login'));
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token, 'signed in: a token from the main host').toBeTruthy();

  // The questionnaire: typed online, then offline with a reload, then back online.
  const hash = `${USER.id}questionnaireSTART-2026`;
  await page.goto(QUESTIONNAIRE);
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
  await waitForServiceWorker(page);
  await typeInto(page, 'Название проекта', 'Теплица на крыше');
  await whenSaved(page);
  expect(Object.values(await stash(context.request, token!, hash)), 'typed online: on the main host').toContain('Теплица на крыше');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('save-state')).toBeVisible({ timeout: 30_000 });
  await dismissFirstDialog(page);
  await expect(field(page, 'Название проекта')).toHaveValue('Теплица на крыше');
  await typeInto(page, 'Торговая марка продукта', 'Зелёная крыша');
  await expect(page.getByTestId('save-state')).not.toHaveText(SAVED);
  await context.setOffline(false);
  await whenSaved(page);
  const stored = Object.values(await stash(context.request, token!, hash));
  expect(stored, 'both values reached the main host').toEqual(expect.arrayContaining(['Теплица на крыше', 'Зелёная крыша']));

  // Signing with the labelled demo store (signing mode "demo" of config.json).
  const list = await context.request.get(`${hosts.main}/v2/projects/project-point?pageSize=100&filter[name]=${encodeURIComponent(SIGNED_TASK)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const task = ((await list.json()) as { items: { id: number; name: string }[] }).items.find((p) => p.name === SIGNED_TASK)!;
  await page.goto(`/tasks/${task.id}`);
  await expect(page.locator('h2', { hasText: SIGNED_TASK })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('toolbar', { name: 'Действия с задачей' }).getByRole('button', { name: 'Подписать и отправить' }).click();
  const chooser = page.getByRole('dialog', { name: 'Выбор сертификата' });
  await expect(chooser.getByTestId('demo-label')).toHaveText('ДЕМО — не является электронной подписью');
  await chooser.getByText(`ДЕМО ${USER.name}`).click();
  await chooser.getByText('Подписываю от имени организации без МЧД').click();
  await chooser.getByRole('button', { name: 'Подписать' }).click();
  await expect(page.getByText('Анкетные данные успешно подписаны').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('task-status')).toHaveText('Передано в обработку');

  // The calendar, its data from the main host.
  const calendarData = page.waitForResponse((r) => r.url().startsWith(hosts.main) && r.request().method() === 'GET' && r.ok() && /calendar|project-point/.test(r.url()));
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Календарь' })).toBeVisible({ timeout: 30_000 });
  await calendarData;
  await expect(page.locator('.rbc-month-view')).toBeVisible();

  expect(refused, 'nothing refused by the CSP or CORS').toEqual([]);
  expect(sameOriginApi, 'no API call to /hosts/ of the app origin').toEqual([]);
  await context.close();
});
