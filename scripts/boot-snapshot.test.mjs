// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_FRAME } from './boot-preload.mjs';
import { OFFLINE_BANNER_TEXT } from '../src/components/offline/offline-banner-text.ts';

/**
 * boot-frame.js paints the screen the app kept on the last visit (src/lib/screen-snapshot.ts) before the body exists:
 * the picture goes in as the body's first child once the parser has made it, inert and hidden from screen readers.
 */
describe('boot-frame.js: the kept picture of a screen', () => {
  const run = (search = '') => {
    document.documentElement.removeAttribute('data-boot');
    document.getElementById('boot-snapshot-css')?.remove();
    document.body?.remove();
    new Function('location', BOOT_FRAME)({ pathname: '/tasks', search });
  };
  /** The parser makes the body: the picture goes in before anything is painted. */
  const parseBody = async () => {
    const body = document.createElement('body');
    body.innerHTML = '<div id="root"><div class="boot boot-cabinet"></div></div>';
    document.documentElement.appendChild(body);
    await Promise.resolve();
  };
  const keep = (value) => localStorage.setItem('cabinet-snapshot:/tasks?kind=active', JSON.stringify(value));

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('cabinet-query-cache-owner', '7');
  });
  afterEach(() => vi.useRealTimers());

  it('paints the picture of the same address and owner before #root', async () => {
    keep({ owner: '7', at: Date.now(), html: '<div class="cab-shell"><nav aria-label="Главное меню">Меню</nav></div>', css: '.css-a{color:red}' });
    run('?kind=active');
    expect(document.documentElement.getAttribute('data-boot')).toBe('snapshot');
    await parseBody();
    // Its style goes in once the head is whole: after the theme's sheet.
    expect(document.head.lastElementChild.id).toBe('boot-snapshot-css');
    expect(document.getElementById('boot-snapshot-css').textContent).toBe('.css-a{color:red}');
    const view = document.body.firstElementChild;
    expect(view.id).toBe('boot-snapshot');
    expect(view.getAttribute('aria-hidden')).toBe('true');
    expect(view.inert).toBe(true);
    expect(view.querySelector('nav').textContent).toBe('Меню');
    expect(view.nextElementSibling.id).toBe('root');
  });

  it('shows the offline strip and no service message in the picture exactly when the browser says offline, as the app will draw them', async () => {
    const strip = `<div role="status" class="cab-offline-bar">${OFFLINE_BANNER_TEXT}</div>`;
    const banner = '<div role="status" class="chakra-alert__root cab-service-banner">Плановые работы</div>';
    const shell = (bar) => `<div class="cab-shell"><div class="cab-column"><header>Шапка</header>${banner}${bar}<main class="cab-main">Задачи</main></div></div>`;
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    for (const [kept, browserOnline] of [['', false], [strip, false], [strip, true], ['', true]]) {
      onLine.mockReturnValue(browserOnline);
      keep({ owner: '7', at: Date.now(), html: shell(kept), css: '' });
      run('?kind=active');
      await parseBody();
      const main = document.querySelector('#boot-snapshot main');
      const strips = [...document.querySelectorAll('#boot-snapshot .cab-offline-bar')];
      expect(strips.length, `kept with a strip: ${!!kept}, browser online: ${browserOnline}`).toBe(browserOnline ? 0 : 1);
      expect(document.querySelectorAll('#boot-snapshot .cab-service-banner').length).toBe(browserOnline ? 1 : 0);
      if (!browserOnline) {
        expect(strips[0].textContent).toBe(OFFLINE_BANNER_TEXT);
        expect(strips[0].nextElementSibling).toBe(main);
      }
    }
    onLine.mockRestore();
  });

  it('paints the frame instead for another owner, another address, an old picture or a broken one', async () => {
    for (const [value, search] of [
      [{ owner: '8', at: Date.now(), html: '<p>чужое</p>' }, '?kind=active'],
      [{ owner: '7', at: Date.now(), html: '<p>другой адрес</p>' }, ''],
      [{ owner: '7', at: Date.now() - 8 * 864e5, html: '<p>старое</p>' }, '?kind=active'],
    ]) {
      keep(value);
      run(search);
      await parseBody();
      expect(document.documentElement.getAttribute('data-boot')).toBe('cabinet');
      expect(document.getElementById('boot-snapshot')).toBeNull();
    }
    localStorage.setItem('cabinet-snapshot:/tasks', '{not json');
    run();
    expect(document.documentElement.getAttribute('data-boot')).toBe('cabinet');
    localStorage.removeItem('access_token');
    keep({ owner: '7', at: Date.now(), html: '<p>без сеанса</p>' });
    run('?kind=active');
    expect(document.documentElement.getAttribute('data-boot')).toBe('login');
  });

  it('takes the picture away by itself when the app has not replaced it in 15 s', async () => {
    vi.useFakeTimers();
    keep({ owner: '7', at: Date.now(), html: '<p>кадр</p>', css: '' });
    run('?kind=active');
    await parseBody();
    vi.advanceTimersByTime(14_000);
    expect(document.getElementById('boot-snapshot')).not.toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(document.getElementById('boot-snapshot')).toBeNull();
    expect(document.documentElement.getAttribute('data-boot')).toBe('cabinet');
  });
});
