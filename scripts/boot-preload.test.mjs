import { describe, expect, it, vi } from 'vitest';
import { BOOT_FRAME, CLOSE_ICON, LINKS_PER_TASK, WARNING_ICON, bootScript, routePattern } from './boot-preload.mjs';

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

/** Runs boot.js at an address with a stored session; resolves with the calls it made once the config arrived. */
const run = async (address, stored) => {
  const [pathname, query = ''] = address.split('?');
  const search = query ? `?${query}` : '';
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
    { pathname, search, href: `http://cabinet.test${address}` },
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

describe('boot.js starts the first calls of a signed-in screen', () => {
  const base = 'http://cabinet.test/hosts/main';

  it("with the token, once the config says where the main API is — every screen's two, then the screen's own data; the app takes them by address", async () => {
    const { calls, early } = await run('/tasks', session);
    const expected = ['/v1/users/info', '/v2/projects/maintance', '/v2/projects/project-point?page=1&pageSize=20'].map((path) => `${base}${path}`);
    expect(calls).toEqual(expected.map((url) => [url, 'Bearer abc']));
    expect(early).toEqual(expected);
  });

  it('not the user record when the device keeps a query cache (the app reads the kept one)', async () => {
    const { calls } = await run('/tasks', { ...session, 'cabinet-query-cache-owner': '7' });
    expect(calls.map(([url]) => url)).toEqual([`${base}/v2/projects/maintance`, `${base}/v2/projects/project-point?page=1&pageSize=20`]);
  });

  it('none when signed out, on the sign-in pages, or with a token the app will renew first', async () => {
    expect((await run('/tasks', {})).calls).toEqual([]);
    expect((await run('/login', session)).calls).toEqual([]);
    expect((await run('/callback', session)).calls).toEqual([]);
    expect((await run('/tasks', { ...session, access_token_expires: String(Date.now() + 30_000) })).calls).toEqual([]);
  });
});

describe("a screen's early calls are the calls the app makes at its address", () => {
  /** The main API's calls boot.js starts at an address, without every screen's two. */
  const bootCalls = async (address) =>
    (await run(address, session)).calls.map(([url]) => url).filter((url) => !/\/v1\/users\/info$|\/v2\/projects\/maintance$/.test(url)).sort();

  /** The calls the app's queries make (their addresses), with the main API at the same place. */
  const appCalls = async (queries) => {
    const { setConfig } = await import('../src/lib/config.ts');
    setConfig({ apiMain: 'http://cabinet.test/hosts/main', apiContest: 'http://cabinet.test/hosts/contest', apiMessages: 'http://cabinet.test/hosts/messages', apiSupport: 'http://cabinet.test/hosts/support', authorizeUrl: 'http://cabinet.test/sso', clientId: 'cabinet', widgetUrl: 'http://cabinet.test/widget', messagingProject: 'grants-cabinet', signingMode: 'demo' });
    const urls = [];
    const stored = { access_token: 'abc', access_token_expires: String(Date.now() + 3_600_000) };
    vi.stubGlobal('localStorage', { getItem: (key) => stored[key] ?? null, setItem: (key, value) => (stored[key] = value), removeItem: (key) => delete stored[key] });
    // The queries report their failed calls; here every call fails on purpose.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', (request) => {
      urls.push(request.url);
      return Promise.reject(new TypeError('offline in this test'));
    });
    try {
      for (const query of queries) await Promise.resolve(query.queryFn({ queryKey: query.queryKey, signal: new AbortController().signal, meta: undefined })).catch(() => undefined);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
    return urls.sort();
  };

  it('for each screen with its own early calls, and none where the address asks for other data', async () => {
    const { pointListQuery } = await import('../src/features/tasks/api/queries.ts');
    const { competitionsQuery, competitionGroupsQuery } = await import('../src/features/competitions/api/queries.ts');
    const { projectQuery } = await import('../src/features/projects/api/queries.ts');
    const { projectRidsQuery } = await import('../src/features/rid/api/queries.ts');
    const { templateQuestionnaireQuery } = await import('../src/features/questionnaire/api/queries.ts');
    const { PAGE_SIZE } = await import('../src/lib/limits.ts');
    expect(await bootCalls('/tasks')).toEqual(await appCalls([pointListQuery({ kind: 'all', page: 1, pageSize: PAGE_SIZE })]));
    expect(await bootCalls('/programs')).toEqual(await appCalls([competitionsQuery(), competitionGroupsQuery()]));
    expect(await bootCalls('/programs?q=наука')).toEqual(await appCalls([competitionsQuery(), competitionGroupsQuery()]));
    expect(await bootCalls('/projects/12')).toEqual(await appCalls([projectQuery(12)]));
    expect(await bootCalls('/projects/12?tab=rid')).toEqual(await appCalls([projectQuery(12), projectRidsQuery(12)]));
    expect(await bootCalls('/programs/create/START-2026')).toEqual(await appCalls([templateQuestionnaireQuery('START-2026')]));
    for (const address of ['/tasks?kind=active', '/tasks?page=2', '/programs/create/START-2026?pointId=5', '/projects/new', '/programs/START-2026']) expect(await bootCalls(address)).toEqual([]);
  });
});

// Issue 51: the banner's icons are copies of Chakra's (components/icons.js), proved equal to what Chakra's own
// components draw: the warning alert's indicator and the close button, rendered with the app's system.
describe('the banner’s icons are the ones Chakra draws', async () => {
  const { createElement: h } = await import('react');
  const { renderToStaticMarkup } = await import('react-dom/server');
  const { Alert, ChakraProvider, CloseButton } = await import('@chakra-ui/react');
  const { getSystem } = await import('../src/app/theme.ts');
  const { version } = (await import('@chakra-ui/react/package.json')).default;

  /** The attributes of the one <path> `element` draws. */
  const path = (element) => {
    const html = renderToStaticMarkup(h(ChakraProvider, { value: getSystem() }, element));
    const tags = [...html.matchAll(/<path\b([^>]*)>/g)];
    if (tags.length !== 1) throw new Error(`boot-preload: @chakra-ui/react ${version}: ${tags.length} paths drawn; update scripts/boot-preload.mjs`);
    return Object.fromEntries([...tags[0][1].matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
  };

  /** Throws naming the icon and what changed unless the copy's attributes are Chakra's. */
  const proveIcon = (name, copy, drawn) => {
    const differences = [...new Set([...Object.keys(copy), ...Object.keys(drawn)])]
      .filter((key) => copy[key] !== drawn[key])
      .map((key) => `${key} was ${copy[key] ?? '(not set)'} now ${drawn[key] ?? '(not set)'}`);
    if (differences.length) throw new Error(`boot-preload: @chakra-ui/react ${version} ${name} changed: ${differences.join('; ')}; update scripts/boot-preload.mjs`);
  };

  const warning = () => path(h(Alert.Root, { status: 'warning' }, h(Alert.Indicator)));
  const close = () => path(h(CloseButton));

  it('the warning icon is the warning alert’s indicator (WarningIcon)', () => {
    expect(() => proveIcon('WarningIcon (Alert.Indicator, status "warning")', { d: WARNING_ICON }, warning())).not.toThrow();
  });

  it('the close icon is the close button’s (CloseIcon)', () => {
    expect(() => proveIcon('CloseIcon (CloseButton)', { 'fill-rule': 'evenodd', 'clip-rule': 'evenodd', d: CLOSE_ICON }, close())).not.toThrow();
  });

  it('fails naming the icon when a copy differs', () => {
    expect(() => proveIcon('CloseIcon (CloseButton)', { 'fill-rule': 'evenodd', d: CLOSE_ICON.replace('18.7071 6.70711Z', '18.7071 6.7Z') }, close())).toThrow(
      /^boot-preload: @chakra-ui\/react \d+\.\d+\.\d+ CloseIcon \(CloseButton\) changed: d was .*6\.7Z now .*6\.70711Z; clip-rule was \(not set\) now evenodd; update scripts\/boot-preload\.mjs$/,
    );
  });

  it('the banner draws those copies', () => {
    expect(bootScript()).toContain(`<path d="${WARNING_ICON}"/>`);
    expect(bootScript()).toContain(`<path fill-rule="evenodd" clip-rule="evenodd" d="${CLOSE_ICON}"/>`);
  });
});
