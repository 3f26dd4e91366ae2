// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CHARS, MAX_SCREENS, forgetScreenSnapshots, snapshotKey } from './screen-snapshot';
import { releaseScreenSnapshot } from './screen-snapshot-release';
import { SETTLE_MS, captureScreen, dropForeignSnapshot, dropForeignSnapshots, keepScreenSnapshots, keepSnapshot, rulesFor, snapshotMarkup, usedComponentCss } from './screen-snapshot-capture';
import { forgetPersistedQueries, holdStoredQueryCache, setQueryCacheOwner } from './session';

const shellHtml = (main: string) => `
  <div class="cab-shell" id="shell">
    <a href="#main" class="cab-skip-link">Перейти к содержимому</a>
    <nav aria-label="Главное меню" class="cab-side-nav"><ul class="cab-nav-list"><li><a href="/tasks">Мои задачи</a></li></ul></nav>
    <main id="main" class="cab-main">${main}</main>
  </div>`;

function mount(main: string) {
  document.body.innerHTML = `<div id="root">${shellHtml(main)}</div>`;
  return document.querySelector('.cab-shell')!;
}

describe('the picture of a screen kept for the next visit (issue 19)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-boot');
  });

  it('keeps the markup without ids and the attributes that point at them', () => {
    const shell = mount('<label for="q">Поиск</label><input id="q" aria-describedby="h"><p id="h" class="css-abc" data-testid="line">Строка</p>');
    const html = snapshotMarkup(shell)!;
    expect(html).toContain('Мои задачи');
    expect(html).toContain('class="css-abc"');
    expect(html).not.toMatch(/\sid=|\sfor=|aria-describedby|data-testid/);
    // The app's own screen is untouched.
    expect(document.getElementById('q')).not.toBeNull();
  });

  it('keeps the first screens only: what lies wholly below the limit is left out', () => {
    const shell = mount(`<ul>${[0, 1, 2, 3, 4].map((i) => `<li data-row="${i}">Задача ${i}</li>`).join('')}</ul>`);
    const box = (top: number, height: number) => ({ top, bottom: top + height, height, width: 100 }) as DOMRect;
    for (const element of shell.querySelectorAll('*')) vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(box(0, 2000));
    for (const row of shell.querySelectorAll<HTMLElement>('main li')) vi.spyOn(row, 'getBoundingClientRect').mockReturnValue(box(Number(row.dataset.row) * 400, 300));
    const html = snapshotMarkup(shell, 900)!;
    expect(html).toContain('Задача 2');
    expect(html).not.toContain('Задача 3');
    expect(html).not.toContain('Задача 4');
    expect(shell.querySelectorAll('main li')).toHaveLength(5);
  });

  it('keeps no screen with a form, one still loading, or one without content', () => {
    expect(snapshotMarkup(mount('<form><input value="typed"></form>'))).toBeNull();
    expect(snapshotMarkup(mount('<div aria-busy="true">…</div>'))).toBeNull();
    expect(snapshotMarkup(mount(''))).toBeNull();
  });

  it('keeps the rules of the component classes the markup uses, inside their media and layer blocks, without hover and focus', () => {
    const rule = (selectorText: string, body = 'color:red') => ({ selectorText, cssText: `${selectorText}{${body}}` }) as unknown as CSSRule;
    const group = (head: string, rules: CSSRule[]) => ({ cssText: `${head} {…}`, cssRules: rules }) as unknown as CSSRule;
    const rules = [
      rule('.css-used'),
      rule('.css-other'),
      rule('.css-used:is(:hover, [data-hover])', 'background:blue'),
      rule('.css-used:is(:disabled, [data-disabled])', 'opacity:0.5'),
      rule('.css-used:is(:focus-visible, [data-focus-visible])', 'outline:2px'),
      group('@media screen and (min-width: 48rem)', [rule('.css-used', 'height:9px'), rule('.css-other')]),
      group('@layer recipes', [rule('.css-other')]),
    ];
    // Hover and focus rules are left out: the picture is inert and never shows them.
    expect(rulesFor(rules, new Set(['css-used']))).toBe(
      '.css-used{color:red}.css-used:is(:disabled, [data-disabled]){opacity:0.5}@media screen and (min-width: 48rem){.css-used{height:9px}}',
    );
    const shell = mount('<p class="css-used">x</p>');
    expect(usedComponentCss(shell, [{ cssRules: rules } as unknown as CSSStyleSheet])).toContain('.css-used{color:red}');
  });

  it('keeps a screen per address, the newest first, at most a few, and not an oversized one', () => {
    for (let i = 0; i < MAX_SCREENS + 2; i++) expect(keepSnapshot(`/tasks?page=${i}`, { owner: '7', html: `<p>${i}</p>`, css: '' }, localStorage, 1000 + i)).toBe(true);
    expect(localStorage.getItem(snapshotKey('/tasks?page=0'))).toBeNull();
    expect(localStorage.getItem(snapshotKey('/tasks?page=1'))).toBeNull();
    expect(JSON.parse(localStorage.getItem(snapshotKey(`/tasks?page=${MAX_SCREENS + 1}`))!)).toMatchObject({ owner: '7', html: `<p>${MAX_SCREENS + 1}</p>` });
    expect(keepSnapshot('/big', { owner: '7', html: 'x'.repeat(MAX_CHARS), css: 'y' })).toBe(false);
    expect(localStorage.getItem(snapshotKey('/big'))).toBeNull();
  });

  it('captures the settled cabinet screen of the cache owner under its address', () => {
    mount('<table><tbody><tr><td>Отчёт</td></tr></tbody></table>');
    expect(captureScreen()).toBe(false); // no owner of the persisted cache: nothing is kept
    setQueryCacheOwner(7);
    expect(captureScreen()).toBe(true);
    const kept = JSON.parse(localStorage.getItem(snapshotKey(location.pathname + location.search))!);
    expect(kept.owner).toBe('7');
    expect(kept.html).toContain('Отчёт');
  });

  it('names the component classes of the picture its own, in markup and rules (taking it away restyles only the picture)', () => {
    const sheet = document.createElement('style');
    sheet.setAttribute('data-emotion', 'css');
    sheet.textContent = '@layer recipes{.css-cell{color:red}.css-row > .css-cell{padding:1px}}.css-unused{color:blue}';
    document.head.appendChild(sheet);
    try {
      mount('<table><tbody><tr class="css-row cab-row"><td class="css-cell">Отчёт</td></tr></tbody></table>');
      setQueryCacheOwner(7);
      expect(captureScreen()).toBe(true);
      const kept = JSON.parse(localStorage.getItem(snapshotKey(location.pathname + location.search))!) as { html: string; css: string };
      expect(kept.html).toContain('class="snap-css-row cab-row"');
      expect(kept.html).toContain('class="snap-css-cell"');
      expect(kept.html).not.toMatch(/["\s]css-/);
      expect(kept.css).toContain('.snap-css-cell');
      expect(kept.css).toMatch(/\.snap-css-row\s*>\s*\.snap-css-cell/);
      expect(kept.css).not.toMatch(/(^|[^-])css-/);
      expect(kept.css).not.toContain('unused');
      // The app's own screen keeps its names.
      expect(document.querySelector('#root td')!.className).toBe('css-cell');
    } finally {
      sheet.remove();
    }
  });

  it('keeps nothing while this tab holds another user\'s data than the stored cache\'s owner (somebody signed in elsewhere)', () => {
    mount('<table><tbody><tr><td>Отчёт пользователя 7</td></tr></tbody></table>');
    setQueryCacheOwner(7);
    localStorage.setItem('cabinet-query-cache-owner', '8'); // another tab: user 8 signed in
    expect(captureScreen()).toBe(false);
    expect(localStorage.getItem(snapshotKey(location.pathname + location.search))).toBeNull();
    holdStoredQueryCache(); // this tab starts afresh: it holds user 8's cache now
    mount('<table><tbody><tr><td>Отчёт пользователя 8</td></tr></tbody></table>');
    expect(captureScreen()).toBe(true);
  });

  it('keeps nothing when somebody signs in elsewhere while the screen is being copied (the owner is asked again before the write)', () => {
    mount('<table><tbody><tr><td>Отчёт пользователя 7</td></tr></tbody></table>');
    setQueryCacheOwner(7);
    // The first look at the owner says 7; by the time the copy is made, another tab has made user 8 the owner.
    let ownerReads = 0;
    const racing: Storage = Object.create(localStorage, {
      getItem: { value: (key: string) => (key === 'cabinet-query-cache-owner' ? (ownerReads++ === 0 ? '7' : '8') : localStorage.getItem(key)) },
      setItem: { value: (key: string, value: string) => localStorage.setItem(key, value) },
      removeItem: { value: (key: string) => localStorage.removeItem(key) },
    });
    expect(captureScreen(document, racing)).toBe(false);
    expect(ownerReads).toBeGreaterThan(1);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('cabinet-snapshot:'))).toEqual([]);
  });

  it("drops a picture of another user's screen that another tab's late write left under the new owner", () => {
    setQueryCacheOwner(8); // user 8 signed in here
    const late = JSON.stringify({ owner: '7', at: Date.now(), html: '<p>Отчёт пользователя 7</p>', css: '' });
    localStorage.setItem(snapshotKey('/projects'), late); // the other tab's write arrives
    expect(dropForeignSnapshot({ key: snapshotKey('/projects'), newValue: late })).toBe(true);
    expect(localStorage.getItem(snapshotKey('/projects'))).toBeNull();
    const own = JSON.stringify({ owner: '8', at: Date.now(), html: '<p>Отчёт пользователя 8</p>', css: '' });
    localStorage.setItem(snapshotKey('/tasks'), own);
    expect(dropForeignSnapshot({ key: snapshotKey('/tasks'), newValue: own })).toBe(false);
    expect(dropForeignSnapshot({ key: 'cabinet-query-cache', newValue: '{}' })).toBe(false);
    expect(localStorage.getItem(snapshotKey('/tasks'))).toBe(own);
    forgetPersistedQueries(); // nobody owns the cache: any picture that arrives now is dropped
    localStorage.setItem(snapshotKey('/tasks'), own);
    expect(dropForeignSnapshot({ key: snapshotKey('/tasks'), newValue: own })).toBe(true);
  });

  it("drops, when it starts keeping screens, another user's pictures written before it listened", () => {
    setQueryCacheOwner(8);
    const picture = (owner: string) => JSON.stringify({ owner, at: Date.now(), html: `<p>Отчёт пользователя ${owner}</p>`, css: '' });
    localStorage.setItem(snapshotKey('/projects'), picture('7')); // a late write of the other tab, before this module loaded
    localStorage.setItem(snapshotKey('/tasks'), picture('8'));
    localStorage.setItem(snapshotKey('/broken'), '{');
    localStorage.setItem('cabinet-query-cache', '{}');
    const stop = keepScreenSnapshots(() => () => undefined, null);
    stop();
    expect(Object.keys(localStorage).sort()).toEqual(['cabinet-query-cache', 'cabinet-query-cache-owner', snapshotKey('/tasks')].sort());
    expect(dropForeignSnapshots()).toBe(0);
  });

  it('goes with the persisted cache: sign-out or another user forgets every kept screen', () => {
    keepSnapshot('/tasks', { owner: '7', html: '<p>a</p>', css: '' });
    keepSnapshot('/programs', { owner: '7', html: '<p>b</p>', css: '' });
    localStorage.setItem('cabinet-snapshot:/stray', '{}');
    forgetPersistedQueries();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('cabinet-snapshot'))).toEqual([]);
    keepSnapshot('/tasks', { owner: '7', html: '<p>a</p>', css: '' });
    forgetScreenSnapshots();
    expect(localStorage.length).toBe(0);
  });
});

describe('when the screen is kept', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('once it has settled; leaving the page then writes nothing, and a change since is kept as the page is left', async () => {
    vi.useFakeTimers();
    localStorage.clear();
    setQueryCacheOwner(7);
    mount('<table><tbody><tr><td>Отчёт 1</td></tr></tbody></table>');
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    const pictures = () => writes.mock.calls.filter(([key]) => key.startsWith('cabinet-snapshot:')).map(([, value]) => JSON.parse(value).html as string);
    const stop = keepScreenSnapshots(() => () => undefined, document.getElementById('root'));

    // The data arrives just after the screen rendered: the screen is kept once, with it, after a quiet moment.
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
    document.querySelector('td')!.textContent = 'Отчёт 2';
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2 + 10);
    expect(pictures()).toEqual([]);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(pictures()).toHaveLength(1);
    expect(pictures()[0]).toContain('Отчёт 2');

    // Leaving (hidden, then pagehide) a screen kept as it is: nothing more to copy while the next page waits.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(pictures()).toHaveLength(1);

    // Back, a change, and the page is left before it settles: the latest look is kept, once.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.querySelector('td')!.textContent = 'Отчёт 3';
    await vi.advanceTimersByTimeAsync(10);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(pictures()).toHaveLength(2);
    expect(pictures()[1]).toContain('Отчёт 3');
    stop();
    Reflect.deleteProperty(document, 'visibilityState');
  });
});

describe('the copy taken once the screen settles', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is three short pieces of work, each in an idle moment of its own; a change between them drops it and a later copy keeps the new look', async () => {
    vi.useFakeTimers();
    localStorage.clear();
    setQueryCacheOwner(7);
    mount('<table><tbody><tr><td>Отчёт 1</td></tr></tbody></table>');
    let idleMoments = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void) =>
      setTimeout(() => {
        idleMoments++;
        run();
      }, 50),
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    const pictures = () => writes.mock.calls.filter(([key]) => key.startsWith('cabinet-snapshot:')).map(([, value]) => JSON.parse(value).html as string);
    const stop = keepScreenSnapshots(() => () => undefined, document.getElementById('root'));

    // Settled; the first piece (the copy of the markup) runs in the first idle moment, nothing is written yet.
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 60);
    expect(idleMoments).toBe(1);
    expect(pictures()).toEqual([]);
    // The screen changes before the rest: the copy of the old look is dropped, never written.
    document.querySelector('td')!.textContent = 'Отчёт 2';
    await vi.advanceTimersByTimeAsync(200);
    expect(pictures()).toEqual([]);
    // It settles again: three idle moments later the new look is kept, once.
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 200);
    expect(pictures()).toEqual([expect.stringContaining('Отчёт 2')]);
    expect(idleMoments).toBe(4);

    // A change, and the page is left in the middle of its copy: the whole copy is made at once, with the latest look.
    document.querySelector('td')!.textContent = 'Отчёт 3';
    await vi.advanceTimersByTimeAsync(SETTLE_MS + 60);
    expect(pictures()).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(pictures()).toHaveLength(2);
    expect(pictures()[1]).toContain('Отчёт 3');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pictures()).toHaveLength(2);
    stop();
  });
});

describe('the app takes the kept picture away once its own screen has drawn', () => {
  afterEach(() => vi.useRealTimers());

  function paintSnapshot() {
    document.documentElement.setAttribute('data-boot', 'snapshot');
    document.head.insertAdjacentHTML('beforeend', '<style id="boot-snapshot-css">.css-a{}</style>');
    document.body.innerHTML = '<div id="boot-snapshot" aria-hidden="true"><p>старое</p></div><div id="root"><div class="cab-shell"><main></main></div></div>';
    return document.querySelector('main')!;
  }

  it('when the main area has content and nothing in it is loading', async () => {
    const main = paintSnapshot();
    const stop = releaseScreenSnapshot(main.parentElement);
    main.innerHTML = '<div aria-busy="true">Загрузка</div>';
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('boot-snapshot')).not.toBeNull();
    main.innerHTML = '<table><tr><td>Отчёт</td></tr></table>';
    await vi.waitFor(() => expect(document.getElementById('boot-snapshot')).toBeNull());
    expect(document.getElementById('boot-snapshot-css')).toBeNull();
    expect(document.documentElement.getAttribute('data-boot')).toBe('cabinet');
    stop();
  });

  it('not while the shell around the main area still loads what the picture shows (the service message)', async () => {
    const main = paintSnapshot();
    const shell = main.parentElement!;
    shell.insertAdjacentHTML('afterbegin', '<div hidden aria-busy="true"></div>');
    const stop = releaseScreenSnapshot(shell);
    main.innerHTML = '<table><tr><td>Отчёт</td></tr></table>';
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('boot-snapshot')).not.toBeNull();
    shell.firstElementChild!.outerHTML = '<div role="status">Плановые технические работы</div>';
    await vi.waitFor(() => expect(document.getElementById('boot-snapshot')).toBeNull());
    stop();
  });

  it('at the latest a few seconds after the shell mounted, even while its content loads', () => {
    vi.useFakeTimers();
    const main = paintSnapshot();
    main.innerHTML = '<div aria-busy="true">Загрузка</div>';
    releaseScreenSnapshot(main.parentElement);
    vi.advanceTimersByTime(3_000);
    expect(document.getElementById('boot-snapshot')).toBeNull();
  });

  it('at once when the person moves the pointer, touches or presses a key over a settled screen; not before it settled', () => {
    for (const type of ['pointermove', 'pointerdown', 'keydown']) {
      const main = paintSnapshot();
      const stop = releaseScreenSnapshot(main.parentElement);
      window.dispatchEvent(new Event(type));
      expect(document.getElementById('boot-snapshot'), `${type} before the screen has content`).not.toBeNull();
      main.innerHTML = '<table><tr><td>Отчёт</td></tr></table>';
      window.dispatchEvent(new Event(type));
      expect(document.getElementById('boot-snapshot'), type).toBeNull();
      expect(document.documentElement.getAttribute('data-boot')).toBe('cabinet');
      stop();
    }
  });

  it('does nothing when no picture was painted', () => {
    document.documentElement.setAttribute('data-boot', 'cabinet');
    document.body.innerHTML = '<div class="cab-shell"><main></main></div>';
    const stop = releaseScreenSnapshot(document.querySelector<HTMLElement>('.cab-shell'));
    expect(document.documentElement.getAttribute('data-boot')).toBe('cabinet');
    stop();
  });
});
