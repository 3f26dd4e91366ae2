/**
 * Issue 19 ("offline repeat visit"): the last rendered look of each cabinet screen is kept on the device, and
 * boot-frame.js (scripts/boot-preload.mjs) paints it before any of the app's code has run — on a slow phone the app
 * needs about a second to draw its menu and content from the persisted cache, the kept look is there at once. It is a
 * picture: inert and hidden from assistive technology; the app's own screen replaces it as soon as it has drawn its
 * content (`releaseScreenSnapshot`). It holds only what the persisted query cache already holds (the same user's lists
 * and details), belongs to the same owner, and goes with it (sign-out, another user's sign-in: lib/session.ts).
 *
 * Not kept: screens with a form (typed values are not part of a page's markup: an empty-looking form must never be
 * shown for a filled one), screens still loading, and screens larger than `MAX_CHARS`.
 */
export const SNAPSHOT_PREFIX = 'cabinet-snapshot:';
const INDEX_KEY = 'cabinet-snapshot-index';
/** Written by lib/session.ts beside the persisted query cache: the user the cache and the snapshots belong to. */
const OWNER_KEY = 'cabinet-query-cache-owner';
/** Screens kept at the most (the oldest goes first) and the size of one (markup and style, characters). */
export const MAX_SCREENS = 6;
export const MAX_CHARS = 400_000;

export interface ScreenSnapshot {
  owner: string;
  at: number;
  html: string;
  css: string;
}

/** The storage key of the screen at an address (path and search, as boot-frame.js reads it). */
export const snapshotKey = (address: string) => SNAPSHOT_PREFIX + address;

/**
 * Dropped from the copy: ids and the attributes that point at elements by id, and test ids — while the picture and the
 * app's screen are both in the page, an id or a test id must find the app's element only.
 */
const DROPPED_ATTRIBUTES = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-errormessage', 'aria-details', 'data-testid'];

/**
 * The markup of a rendered cabinet shell for keeping, or null when the screen should not be kept (without the
 * `DROPPED_ATTRIBUTES`).
 */
export function snapshotMarkup(shell: Element, keepHeight = Infinity): string | null {
  return snapshotCopy(shell, keepHeight)?.outerHTML ?? null;
}

function snapshotCopy(shell: Element, keepHeight: number): Element | null {
  const main = shell.querySelector('main');
  if (!main?.firstElementChild) return null;
  if (main.querySelector('form, [aria-busy="true"], [data-loading]')) return null;
  const copy = shell.cloneNode(true) as Element;
  trimBelow(shell, copy, keepHeight);
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of DROPPED_ATTRIBUTES) element.removeAttribute(name);
  }
  return copy;
}

/**
 * Drops from `copy` what lies wholly below `limit` (page pixels) in `original`, its twin: the picture covers the first
 * screens only — what a person sees before the app takes over — and stays small to paint.
 */
function trimBelow(original: Element, copy: Element, limit: number): void {
  if (!Number.isFinite(limit)) return;
  const scrollY = original.ownerDocument.defaultView?.scrollY ?? 0;
  const walk = (from: Element, to: Element) => {
    const children = [...from.children];
    const twins = [...to.children];
    children.forEach((child, i) => {
      const box = child.getBoundingClientRect();
      if (box.height === 0 && box.width === 0) return;
      if (box.top + scrollY > limit) twins[i]?.remove();
      else if (box.bottom + scrollY > limit) walk(child, twins[i]!);
    });
  };
  walk(original, copy);
}

const CLASS_TOKEN = /\.(css-[a-z0-9]+)/gi;

/** Rules as text, kept when a selector names one of `classes`; grouping rules (media, layer, supports) keep their kept rules. */
export function rulesFor(rules: ArrayLike<CSSRule>, classes: ReadonlySet<string>): string {
  let out = '';
  for (const rule of Array.from(rules)) {
    if ('selectorText' in rule && typeof rule.selectorText === 'string') {
      const names = rule.selectorText.match(CLASS_TOKEN) ?? [];
      if (names.some((name) => classes.has(name.slice(1)))) out += rule.cssText;
    } else if ('cssRules' in rule && rule.cssRules) {
      const inner = rulesFor(rule.cssRules as CSSRuleList, classes);
      if (!inner) continue;
      // "@media (min-width: 48rem)", "@layer recipes", "@supports (…)": the rule's text up to its block.
      out += `${rule.cssText.slice(0, rule.cssText.indexOf('{')).trim()}{${inner}}`;
    }
  }
  return out;
}

/**
 * The component styles the markup uses: Chakra's per-component classes (`css-…`) live only in the style sheets its
 * styling library fills at run time, not in index.html's sheet, so the rules naming them are kept with the markup.
 */
export function usedComponentCss(root: Element, sheets: Iterable<CSSStyleSheet>): string {
  const classes = new Set<string>();
  for (const element of [root, ...root.querySelectorAll('[class]')]) {
    for (const name of element.classList) if (name.startsWith('css-')) classes.add(name);
  }
  if (classes.size === 0) return '';
  let css = '';
  for (const sheet of sheets) {
    try {
      css += rulesFor(sheet.cssRules, classes);
    } catch {
      // A sheet whose rules cannot be read (another origin) holds none of the app's component styles.
    }
  }
  return css;
}

function readIndex(storage: Storage): { address: string; at: number }[] {
  try {
    const list = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is { address: string; at: number } => typeof entry?.address === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps a screen's picture under its address; the oldest beyond `MAX_SCREENS` are dropped. False when not kept. */
export function keepSnapshot(address: string, snapshot: Omit<ScreenSnapshot, 'at'>, storage: Storage = localStorage, now = Date.now()): boolean {
  if (snapshot.html.length + snapshot.css.length > MAX_CHARS) return false;
  const index = [{ address, at: now }, ...readIndex(storage).filter((entry) => entry.address !== address)];
  try {
    for (const old of index.splice(MAX_SCREENS)) storage.removeItem(snapshotKey(old.address));
    storage.setItem(snapshotKey(address), JSON.stringify({ ...snapshot, at: now } satisfies ScreenSnapshot));
    storage.setItem(INDEX_KEY, JSON.stringify(index));
    return true;
  } catch {
    // Storage full: the screen is not kept, and a half-written picture is not left behind.
    storage.removeItem(snapshotKey(address));
    return false;
  }
}

/** Drops every kept screen (sign-out, another user, a failed write). */
export function forgetScreenSnapshots(storage: Storage = localStorage): void {
  for (const entry of readIndex(storage)) storage.removeItem(snapshotKey(entry.address));
  storage.removeItem(INDEX_KEY);
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(SNAPSHOT_PREFIX)) storage.removeItem(key);
  }
}

/** Keeps the screen on display now, if it is a settled cabinet screen of the cache's owner. */
export function captureScreen(doc: Document = document, storage: Storage = localStorage): boolean {
  const owner = storage.getItem(OWNER_KEY);
  const shell = doc.querySelector('#root .cab-shell');
  if (!owner || !shell) return false;
  const copy = snapshotCopy(shell, Math.max(900, (doc.defaultView?.innerHeight ?? 900) * 1.5));
  if (!copy) return false;
  const sheets = [...doc.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].flatMap((tag) => (tag.sheet ? [tag.sheet] : []));
  const css = layerOrder(doc) + usedComponentCss(copy, sheets);
  return keepSnapshot(doc.location.pathname + doc.location.search, { owner, html: copy.outerHTML, css }, storage);
}

/**
 * The theme's layer order (`@layer reset,base,tokens,recipes;`, first in index.html's sheet): the picture's style
 * starts with it, so that wherever its style element lands its `@layer recipes` block cannot declare that layer
 * first and put recipes below the reset.
 */
function layerOrder(doc: Document): string {
  const first = (doc.getElementById('system-css') as HTMLStyleElement | null)?.sheet?.cssRules[0];
  return first && /^@layer [^{]+;$/.test(first.cssText) ? first.cssText : '';
}

/** Whether boot-frame.js painted a kept screen that the app has not replaced yet. */
export const snapshotShown = (doc: Document = document) => doc.documentElement.getAttribute('data-boot') === 'snapshot';

/** Takes the kept picture away and shows the app's own screen, in the same frame. */
export function dropScreenSnapshot(doc: Document = document): void {
  if (!snapshotShown(doc)) return;
  doc.getElementById('boot-snapshot')?.remove();
  doc.getElementById('boot-snapshot-css')?.remove();
  doc.documentElement.setAttribute('data-boot', 'cabinet');
}

/** At the latest this long after the shell has mounted, its own screen shows even if its content is still loading. */
export const RELEASE_AFTER_MS = 3_000;

/**
 * The app's shell has mounted: its screen replaces the kept picture as soon as its main area has drawn content and
 * nothing in it says it is loading. Returns a cleanup for the effect that called it.
 */
export function releaseScreenSnapshot(main: HTMLElement | null, doc: Document = document): () => void {
  if (!main || !snapshotShown(doc)) return () => undefined;
  let frame = 0;
  const settled = () => !!main.firstElementChild && !main.querySelector('[aria-busy="true"]');
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    dropScreenSnapshot(doc);
  };
  const check = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => settled() && release());
  };
  const observer = new MutationObserver(check);
  observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const timer = setTimeout(release, RELEASE_AFTER_MS);
  check();
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

/** After a screen has rendered and settled, and when the page is hidden, the screen on display is kept. */
export function keepScreenSnapshots(subscribeRendered: (listener: () => void) => () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capture = () => {
    clearTimeout(timer);
    try {
      captureScreen();
    } catch (error) {
      console.warn('screen not kept', error);
    }
  };
  const later = () => {
    clearTimeout(timer);
    // A screen's data often arrives just after it renders: kept once it has had a moment to settle, when idle.
    timer = setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(capture, { timeout: 2_000 }) : capture()), 1_500);
  };
  const hidden = () => document.visibilityState === 'hidden' && capture();
  const stop = subscribeRendered(later);
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', capture);
  return () => {
    stop();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', capture);
  };
}
