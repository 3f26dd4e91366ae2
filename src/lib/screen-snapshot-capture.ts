import { INDEX_KEY, MAX_CHARS, MAX_SCREENS, SNAPSHOT_PREFIX, snapshotKey, type ScreenSnapshot } from './screen-snapshot';
import { queryCacheHolder, queryCacheOwner } from './session';
import type { IdleHandle } from './idle';
import { idleSteps } from './idle-steps';

// Copying a settled cabinet screen for the next visit (lib/screen-snapshot.ts says what is kept and why). Loaded after
// the first screen has settled, not with it.

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
/**
 * States an inert picture never shows — the pointer over an element, focus, a press: rules for them are left out.
 * A disabled or selected control's look is kept: it is part of the picture.
 */
const INTERACTION_ONLY = /:(hover|focus|focus-visible|focus-within|active)\b|\[data-(hover|focus|focus-visible|active)\]/;

/** Rules as text, kept when a selector names one of `classes`; grouping rules (media, layer, supports) keep their kept rules. */
export function rulesFor(rules: ArrayLike<CSSRule>, classes: ReadonlySet<string>): string {
  let out = '';
  for (const rule of Array.from(rules)) {
    if ('selectorText' in rule && typeof rule.selectorText === 'string') {
      const names = rule.selectorText.match(CLASS_TOKEN) ?? [];
      if (names.some((name) => classes.has(name.slice(1))) && !INTERACTION_ONLY.test(rule.selectorText)) out += rule.cssText;
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

/** What the picture's copies of the component classes are called (`css-1x2y` → `snap-css-1x2y`). */
export const PICTURE_CLASS_PREFIX = 'snap-';

/**
 * Gives the picture's component classes names of their own, in its markup and in its rules. Taking the picture away
 * removes its style sheet, and Chromium then restyles every element that a removed rule's class names: with the app's
 * own names that was every Chakra part of the app's screen drawn behind the picture, in the frame where it is shown
 * (~40 ms at CPU 4× on /tasks). With names only the picture has, only the picture is touched, and it is gone.
 */
export function ownComponentClasses(copy: Element, css: string): string {
  for (const element of [copy, ...copy.querySelectorAll('[class]')]) {
    for (const name of [...element.classList]) if (name.startsWith('css-')) element.classList.replace(name, PICTURE_CLASS_PREFIX + name);
  }
  return css.replace(CLASS_TOKEN, `.${PICTURE_CLASS_PREFIX}$1`);
}

/** The kept addresses, newest first. */
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

/**
 * Keeps the screen on display now, if it is a settled cabinet screen of the cache's owner — the user whose data this
 * tab holds (lib/session.ts: not a tab still showing A after B signed in elsewhere).
 */
export function captureScreen(doc: Document = document, storage: Storage = localStorage): boolean {
  return runToEnd(captureSteps(doc, storage));
}

/** All the steps of `steps` at once; what it returned. */
function runToEnd<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `captureScreen` as three short pieces of work — the copy of the markup, its rules, the write — with a pause after
 * each, so that the copy taken once the screen settles is not one long task on a slow phone (14–24 ms at full speed on
 * /tasks: up to 120 ms at CPU 4×, blocking input that long). The screen must stay unchanged between them: the caller
 * drops the rest when it changes.
 */
export function* captureSteps(doc: Document = document, storage: Storage = localStorage): Generator<void, boolean> {
  const owner = queryCacheHolder(storage);
  const shell = doc.querySelector('#root .cab-shell');
  if (owner === null || !shell) return false;
  const address = doc.location.pathname + doc.location.search;
  const copy = snapshotCopy(shell, (doc.defaultView?.innerHeight ?? 900) + 300);
  if (!copy) return false;
  yield;
  const sheets = [...doc.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].flatMap((tag) => (tag.sheet ? [tag.sheet] : []));
  const css = layerOrder(doc) + ownComponentClasses(copy, usedComponentCss(copy, sheets));
  yield;
  // Copying takes a while on a slow phone, and somebody may sign in in another tab meanwhile: the owner is asked again
  // just before the write, or a picture of A's screen would land in storage that is B's by now.
  if (queryCacheHolder(storage) !== owner) return false;
  return keepSnapshot(address, { owner: String(owner), html: copy.outerHTML, css }, storage);
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

/**
 * Another tab wrote a picture of a screen that is not the stored cache's owner's: it lost a race with a sign-in here
 * (its owner was read before the sign-in, its write landed after the sign-in forgot every kept screen). Boot-frame.js
 * would never paint it, but it holds the previous user's data in this user's storage: it is dropped as it arrives.
 */
export function dropForeignSnapshot(event: Pick<StorageEvent, 'key' | 'newValue'>, storage: Storage = localStorage): boolean {
  if (!event.key?.startsWith(SNAPSHOT_PREFIX) || event.newValue === null) return false;
  let owner: unknown;
  try {
    owner = (JSON.parse(event.newValue) as Partial<ScreenSnapshot> | null)?.owner;
  } catch {
    owner = undefined;
  }
  const storedOwner = queryCacheOwner(storage);
  if (storedOwner !== null && owner === String(storedOwner)) return false;
  storage.removeItem(event.key);
  return true;
}

/**
 * Drops every kept picture that is not the stored cache's owner's, as `dropForeignSnapshot` does for one that arrives:
 * such a write may land before this module is loaded and listening (it is fetched after the first screen, seconds
 * after a sign-in link was taken). Returns how many were dropped.
 */
export function dropForeignSnapshots(storage: Storage = localStorage): number {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key?.startsWith(SNAPSHOT_PREFIX) === true);
  return keys.filter((key) => dropForeignSnapshot({ key, newValue: storage.getItem(key) }, storage)).length;
}

/** `captureSteps` that says it failed instead of throwing into the idle callback. */
function* capturing(): Generator<void, boolean> {
  try {
    return yield* captureSteps();
  } catch (error) {
    console.warn('screen not kept', error);
    return false;
  }
}

/** How long the app's screen must stay unchanged before it is kept (its data often arrives just after it renders). */
export const SETTLE_MS = 500;

/**
 * From now on, the screen on display is kept once it has settled — no element or text in the app's root has changed
 * for `SETTLE_MS`, and the page is idle — and, when the page is hidden or left, if it has changed since it was last kept.
 *
 * Keeping it when the page is left costs the leaving most: it runs while the next page waits to start (a reload, a
 * link to another app page, a closed tab), and the copy's measure of the page forces a full restyle there (Chromium
 * restyles a page that loses focus). A picture taken once the screen settled leaves nothing to do then. Started by
 * the app after its first screen (app.tsx), which is also when this module is fetched: it is not part of any first
 * load.
 */
export function keepScreenSnapshots(subscribeRendered: (listener: () => void) => () => void, root: Node | null = document.getElementById('root')): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The copy under way, a step per idle moment (`captureSteps`). */
  let copying: IdleHandle | undefined;
  /** The screen changed since it was last kept. */
  let changed = true;
  const stop = () => {
    clearTimeout(timer);
    copying?.cancel();
  };
  /** The page is left: the whole copy at once, there is no later. */
  const keepNow = () => {
    stop();
    changed = false;
    runToEnd(capturing());
  };
  const settle = () => {
    changed = true;
    stop();
    timer = setTimeout(() => (copying = idleSteps(capturing(), 2_000, () => (changed = false))), SETTLE_MS);
  };
  const leaving = () => changed && keepNow();
  const hidden = () => document.visibilityState === 'hidden' && leaving();
  const arrived = (event: StorageEvent) => dropForeignSnapshot(event);
  const watcher = new MutationObserver(settle);
  // What the screen shows (elements, text), not the attributes that hover and focus flip: a pointer moving over a list
  // does not make a new copy.
  if (root) watcher.observe(root, { subtree: true, childList: true, characterData: true });
  const unsubscribe = subscribeRendered(settle);
  window.addEventListener('storage', arrived);
  dropForeignSnapshots();
  settle();
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', leaving);
  return () => {
    watcher.disconnect();
    window.removeEventListener('storage', arrived);
    unsubscribe();
    stop();
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', leaving);
  };
}
