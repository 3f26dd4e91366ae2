import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';

/*
 * Issue 19: Chakra's styles arrive at run time, appended by its styling library (emotion) to one style sheet as each
 * component type and style first renders: plain rules (`.css-x{…}`), media rules (`@media screen and (min-width:
 * 48rem){.css-x{…}}`) and recipe layer rules (`@layer recipes{.css-x{…}@media (hover: hover){…}}`).
 *
 * In Chromium, adding a rule that holds other rules — `@media`, `@layer`, `@keyframes`, at the top of the sheet or
 * inside another — marks every text of the page for a font update: a full restyle and a full relayout. Measured on
 * /tasks at full speed: 7–12 ms of style and 5–9 ms of layout for each frame that adds one, against under 1 ms for a
 * plain rule added at any place, inside a block already there too. A signed-in screen added 15–23 of them over its
 * first load (/tasks, the RID tab, START-2026), in 4–8 different frames.
 *
 * So the sheet gets a "tape" of empty blocks — the kinds emotion uses, in a repeating row — made once, while the page
 * is still small, and every rule emotion inserts goes, as plain rules, into the next block of its kind at or after
 * the place of the previous one (a plain rule right after it). Rules keep the order emotion gave them, in the same
 * layers and media queries, so the cascade is the one emotion would have built; the skipped blocks stay empty and
 * match nothing. A kind the row does not have yet (another media query) joins the row; when the tape runs out, more
 * is added in one go. What cannot be split into plain rules (`@keyframes`, `@font-face`, a layer statement) goes in
 * as it is, at its place in the order.
 *
 * Rules are split by their text (`splitText`), each part exactly as emotion wrote it. They were first parsed on the
 * side and written back by the browser, which writes a shorthand holding var() — Chakra's skeleton `background` and
 * `animation`, the spinner's `animation` — as empty longhands, which it then refused: every skeleton of the cabinet
 * was transparent and still, and its spinners did not turn (tests/e2e/hot-lists.spec.ts).
 *
 * The signed-in layout turns it on (`KeepLayerBlocks`) before its screens insert their styles; the sign-in page, with
 * a handful of components, does not carry it (its first-load JS is held at its size when issue 19 was filed).
 */

type Sheet = EmotionCache['sheet'];

/** A block of the tape: `L:name` a layer block, `M:query` a media block, `L:name|M:query` a media block in a layer. */
type Kind = string;

/** The kinds the cabinet's screens use (measured on /tasks, /programs, the RID tab, START-2026 and /calendar). */
export const TAPE_ROW: Kind[] = [
  'L:recipes',
  'L:recipes|M:(hover: hover)',
  'M:screen and (max-width: 47.9975rem)',
  'M:screen and (min-width: 30rem)',
  'M:screen and (min-width: 48rem)',
  'L:recipes|M:screen and (min-width: 48rem)',
  'M:screen and (min-width: 64rem)',
  'M:screen and (min-width: 80rem)',
];
/** Rows added at once when the tape runs out. */
export const TAPE_ROWS = 40;

function blockText(kind: Kind): string {
  let text = '';
  for (const part of kind.split('|').reverse()) text = part.startsWith('L:') ? `@layer ${part.slice(2)}{${text}}` : `@media ${part.slice(2)}{${text}}`;
  return text;
}

/** Where a block of `kind` takes its plain rules: the innermost of its nested blocks. */
function innermost(block: CSSRule): CSSGroupingRule {
  let inner = block as CSSGroupingRule;
  while (inner.cssRules.length > 0 && inner.cssRules[0] instanceof CSSGroupingRule) inner = inner.cssRules[0] as CSSGroupingRule;
  return inner;
}

/**
 * The top-level blocks of `text` as [prelude, body]; null unless it is only such blocks. A brace in a string, after an
 * escape or in an unquoted url is not a block's (an escaped quote ends a string here: the worst it does is a rule left
 * whole, as a declaration never holds a block).
 */
function blocks(text: string): [string, string][] | null {
  const out: [string, string][] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'" || (c === '(' && text.endsWith('url', i))) {
      i = text.indexOf(c === '(' ? ')' : c, i + 1);
      if (i < 0) return null;
    } else if (c === '{') {
      if (!depth++) open = i;
    } else if (c === '}') {
      if (!--depth) {
        out.push([text.slice(start, open), text.slice(open + 1, i)]);
        start = i + 1;
      } else if (depth < 0) return null;
    }
  }
  return depth || start < text.length ? null : out;
}

const MEDIA = /^@media (.+)$/;
const LAYER = /^@layer ([\w-]+)$/;

/** A block as a style rule's text (`selector{declarations}`); null if it is an at-rule or holds blocks. */
const styleRule = ([prelude, body]: [string, string]) => (prelude[0] !== '@' && !/[{}]/.test(body) ? `${prelude}{${body}}` : null);

/** Blocks that are all style rules, as their texts; null for anything else. */
function styleRules(rules: [string, string][] | null): string[] | null {
  const texts = rules?.map(styleRule);
  return texts?.every((text) => text !== null) ? (texts as string[]) : null;
}

/**
 * Emotion's rule as plain rules with the kind of block each goes in ('' = the top of the sheet), read from its text:
 * a style rule, a media rule of style rules, a layer block of style rules and of such media rules — the shapes emotion
 * gives Chakra's styles — split at their braces, each part as emotion wrote it. Null for anything else (`@keyframes`,
 * `@font-face`, a layer statement, comments). A media kind is named by the query as written, as Chakra writes it in
 * TAPE_ROW; one written otherwise joins the row.
 */
export function splitText(rule: string): [Kind, string][] | null {
  if (rule.includes('/*')) return null;
  const top = blocks(rule);
  if (top?.length !== 1) return null;
  const [prelude, body] = top[0]!;
  if (prelude[0] !== '@') return styleRules(top) && [['', rule]];
  const media = MEDIA.exec(prelude);
  if (media) {
    const kind = `M:${media[1]}`;
    return styleRules(blocks(body))?.map((text) => [kind, text]) ?? null;
  }
  const layer = LAYER.exec(prelude)?.[1];
  const inner = layer ? blocks(body) : null;
  if (!inner) return null;
  const parts: [Kind, string][] = [];
  for (const [innerPrelude, innerBody] of inner) {
    const innerMedia = MEDIA.exec(innerPrelude);
    const texts = styleRules(innerMedia ? blocks(innerBody) : [[innerPrelude, innerBody]]);
    if (!texts) return null;
    const kind = innerMedia ? `L:${layer}|M:${innerMedia[1]}` : `L:${layer}`;
    for (const text of texts) parts.push([kind, text]);
  }
  return parts;
}

/** The sheet a tape lives in, where the last rule was put, and the kind of each block of the tape. */
class Tape {
  /** Index (top of the sheet) of the rule or block the last rule went in or after. */
  private cursor: number;
  private readonly kinds = new WeakMap<CSSRule, Kind>();
  private readonly row: Kind[] = [...TAPE_ROW];

  constructor(readonly css: CSSStyleSheet) {
    this.cursor = css.cssRules.length - 1;
    this.extend();
  }

  private extend(): void {
    for (let n = 0; n < TAPE_ROWS; n++) {
      for (const kind of this.row) {
        const index = this.css.insertRule(blockText(kind), this.css.cssRules.length);
        this.kinds.set(this.css.cssRules[index]!, kind);
      }
    }
  }

  /** The index of the next block of `kind` at or after the cursor, -1 if the tape has none left. */
  private find(kind: Kind): number {
    const rules = this.css.cssRules;
    for (let i = Math.max(this.cursor, 0); i < rules.length; i++) if (this.kinds.get(rules[i]!) === kind) return i;
    return -1;
  }

  /** Puts a rule that can't be split at its place in the order, as it is. */
  putWhole(text: string): void {
    this.css.insertRule(text, this.cursor + 1);
    this.cursor += 1;
  }

  put(kind: Kind, text: string): void {
    if (kind === '') return this.putWhole(text);
    let index = this.find(kind);
    if (index < 0) {
      if (!this.row.includes(kind)) this.row.push(kind);
      this.extend();
      index = this.find(kind);
    }
    const target = innermost(this.css.cssRules[index]!);
    target.insertRule(text, target.cssRules.length);
    this.cursor = index;
  }
}

const kept = new WeakSet<Sheet>();

/** Makes `sheet` put the rules emotion inserts into a tape of blocks made beforehand (see above). */
export function keepLayerBlocks(sheet: Sheet): void {
  if (kept.has(sheet)) return;
  kept.add(sheet);
  // Only where rules go in through the CSS object model (production) and the browser has layer blocks.
  if (!sheet.isSpeedy || typeof CSSStyleSheet === 'undefined' || typeof CSSLayerBlockRule === 'undefined') return;
  const insert = sheet.insert.bind(sheet);
  let tape: Tape | undefined;
  sheet.insert = (rule: string) => {
    // The first rule makes emotion's style element; the tape goes after it.
    const css = sheet.tags[sheet.tags.length - 1]?.sheet;
    if (!css) return insert(rule);
    try {
      if (tape?.css !== css) tape = new Tape(css);
      // Split by its text (see above); also quicker than a parse on the side and a serialisation of each part: the
      // rules of /tasks' first load went in in 12.8 ms instead of 16.6, START-2026's in 18.5 instead of 27.8 (CPU 4×).
      const parts = splitText(rule);
      if (!parts) return tape.putWhole(rule);
      // A part the browser rejects (a selector it does not know) is left out, as parsing the whole rule would.
      for (const [kind, text] of parts) {
        try {
          tape.put(kind, text);
        } catch {
          // left out
        }
      }
    } catch {
      // A rule this browser rejects: emotion's own insert reports it in development and drops it, as before.
      insert(rule);
    }
  };
}

/** Turns `keepLayerBlocks` on for the sheet of the styling library's cache in use (once); renders nothing. */
export const KeepLayerBlocks = withEmotionCache((_props: object, cache: EmotionCache) => {
  keepLayerBlocks(cache.sheet);
  return null;
});
