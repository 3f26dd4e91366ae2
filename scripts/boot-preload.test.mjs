import { describe, expect, it } from 'vitest';
import { BOOT_FRAME, EARLY_CALLS, LINKS_PER_TASK, bootScript, routePattern } from './boot-preload.mjs';

const matches = (file, path) => new RegExp(routePattern(file).source).test(path);

describe('boot.js route patterns (TanStack file-route names)', () => {
  it('reads static, index, parameter and catch-all routes', () => {
    expect(matches('login', '/login')).toBe(true);
    expect(matches('_cabinet/tasks.index', '/tasks')).toBe(true);
    expect(matches('_cabinet/tasks.index', '/tasks/5')).toBe(false);
    expect(matches('_cabinet/tasks.$id', '/tasks/5')).toBe(true);
    expect(matches('_cabinet/tasks.$id', '/tasks-archive')).toBe(false);
    expect(matches('_cabinet/tasks-archive', '/tasks-archive')).toBe(true);
    expect(matches('_cabinet/programs.create.$code1C', '/programs/create/START-2026')).toBe(true);
    expect(matches('_cabinet/programs.$id', '/programs/create/START-2026')).toBe(false);
    expect(matches('_cabinet/$', '/anything/at/all')).toBe(true);
  });

  it('ranks static routes before parameters and the catch-all last', () => {
    const rank = (file) => routePattern(file).rank;
    expect(rank('_cabinet/calendar')).toBeLessThan(rank('_cabinet/programs.$id'));
    expect(rank('_cabinet/programs.$id')).toBeLessThan(rank('_cabinet/$'));
  });
});

/** Runs the frame picker with an address and local storage; returns the attribute it set (null when none). */
const frameFor = (pathname, token, { storageThrows = false } = {}) => {
  const attributes = {};
  const localStorage = {
    getItem: (key) => {
      if (storageThrows) throw new Error('SecurityError');
      return key === 'access_token' ? token : null;
    },
  };
  const document = { documentElement: { setAttribute: (name, value) => (attributes[name] = value) } };
  new Function('location', 'localStorage', 'document', BOOT_FRAME)({ pathname }, localStorage, document);
  return attributes['data-boot'] ?? null;
};

describe('boot.js shell frame (html[data-boot], index.html)', () => {
  it('paints the sign-in card on /login and where the app will send a visitor without a session', () => {
    expect(frameFor('/login', null)).toBe('login');
    expect(frameFor('/login/', 'token')).toBe('login');
    expect(frameFor('/tasks', null)).toBe('login');
    expect(frameFor('/', null)).toBe('login');
  });

  it('paints the cabinet frame on cabinet addresses with a session kept', () => {
    expect(frameFor('/tasks', 'token')).toBe('cabinet');
    expect(frameFor('/programs/create/START-2026', 'token')).toBe('cabinet');
    expect(frameFor('/', 'token')).toBe('cabinet');
  });

  it('paints nothing on the sign-in hand-over pages or when storage is refused', () => {
    expect(frameFor('/callback', null)).toBeNull();
    expect(frameFor('/personal-account-v2-auth', 'token')).toBeNull();
    expect(frameFor('/tasks', null, { storageThrows: true })).toBeNull();
  });
});

describe('boot.js module preloads', () => {
  /** Runs boot.js for an address; returns the links added by the first task and by all tasks, in order. */
  const run = (pathname, table) => {
    const added = [];
    const timers = [];
    const document = {
      createElement: () => ({}),
      head: { appendChild: (link) => added.push(`${link.rel} ${link.href}`) },
    };
    const fetch = () => Promise.resolve();
    new Function('location', 'document', 'window', 'fetch', 'setTimeout', bootScript(JSON.stringify(table)))(
      { pathname },
      document,
      {},
      fetch,
      (callback) => timers.push(callback),
    );
    const first = [...added];
    while (timers.length) timers.shift()();
    return { first, all: added };
  };
  const files = Array.from({ length: 15 }, (_, i) => `/assets/chunk-${i}.js`);

  it('adds every chunk of the matching route, in order, a few per task', () => {
    const { first, all } = run('/tasks', [['^/tasks$', files], ['^/.*$', ['/assets/other.js']]]);
    expect(first).toEqual(files.slice(0, LINKS_PER_TASK).map((f) => `modulepreload ${f}`));
    expect(all).toEqual(files.map((f) => `modulepreload ${f}`));
  });

  it('adds nothing where no route matches', () => {
    expect(run('/login', [['^/tasks$', files]]).all).toEqual([]);
  });
});

describe('boot.js starts the first calls of a signed-in screen', () => {
  /** Runs boot.js at an address with a stored session; resolves with the calls it made once the config arrived. */
  const run = async (pathname, stored) => {
    // boot-frame.js has run first (index.html) and chosen the frame for this address and session.
    const frame = frameFor(pathname, stored.access_token ?? null);
    const calls = [];
    const window = {};
    const fetch = (url, init) => {
      // Plain stand-ins for the answers: the first Response.json() of a process can take longer than a tick.
      if (url === '/config.json') return Promise.resolve({ clone: () => ({ json: () => Promise.resolve({ apiMain: '/hosts/main' }) }) });
      calls.push([url, init.headers.Authorization]);
      return Promise.resolve({});
    };
    const localStorage = { getItem: (key) => stored[key] ?? null };
    new Function('location', 'document', 'window', 'fetch', 'setTimeout', 'localStorage', bootScript('[]'))(
      { pathname, href: `http://cabinet.test${pathname}` },
      { createElement: () => ({}), head: { appendChild: () => undefined }, documentElement: { getAttribute: () => frame } },
      window,
      fetch,
      () => undefined,
      localStorage,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { calls, early: Object.keys(window.__cabinetBoot.early) };
  };
  const session = { access_token: 'abc', access_token_expires: String(Date.now() + 3_600_000) };
  const base = 'http://cabinet.test/hosts/main';

  it('with the token, once the config says where the main API is; the app takes them by address', async () => {
    const { calls, early } = await run('/tasks', session);
    expect(calls).toEqual(EARLY_CALLS.map((c) => [`${base}${c.path}`, 'Bearer abc']));
    expect(early).toEqual(EARLY_CALLS.map((c) => `${base}${c.path}`));
  });

  it('not the user record when the device keeps a query cache (the app reads the kept one)', async () => {
    const { calls } = await run('/tasks', { ...session, 'cabinet-query-cache-owner': '7' });
    expect(calls).toEqual([[`${base}/v2/projects/maintance`, 'Bearer abc']]);
  });

  it('none when signed out, on the sign-in pages, or with a token the app will renew first', async () => {
    expect((await run('/tasks', {})).calls).toEqual([]);
    expect((await run('/login', session)).calls).toEqual([]);
    expect((await run('/callback', session)).calls).toEqual([]);
    expect((await run('/tasks', { ...session, access_token_expires: String(Date.now() + 30_000) })).calls).toEqual([]);
  });
});
