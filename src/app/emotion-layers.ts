import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';

/*
 * Issue 19: Chakra's recipe styles arrive at run time, each as a new `@layer recipes { … }` rule appended to the style
 * sheet of its styling library (emotion) when a component type first renders. A new layer rule makes the browser
 * restyle the whole page, whatever the rule says: in Chromium, measured on /tasks, 4–7 ms at full speed per insertion
 * against 0.2–0.3 ms for the same rule appended inside a layer rule already in the sheet. A signed-in screen inserts
 * them in 4–8 different frames of its first load (START-2026: 8), each one a full restyle of the page.
 *
 * With this, the styling library's sheet keeps one block per layer and appends the rules of each new layer rule to
 * it: the same layer, in the same order, so the cascade is unchanged (the order of the layers is set once by
 * index.html's `@layer reset, base, tokens, recipes;`). What the block cannot take as it is (a media query inside the
 * layer rule, which costs a full restyle wherever it goes) and every other rule are inserted as emotion would. The
 * signed-in layout turns it on (`KeepLayerBlocks`) before its screens insert their styles; the sign-in page, with a
 * handful of components, does not carry it (its first-load JS is held at its size when issue 19 was filed).
 */

type Sheet = EmotionCache['sheet'];

const LAYER_RULE = /^@layer\s+([\w.-]+)\s*\{/;

function lastRule(sheet: Sheet): CSSRule | undefined {
  const tag = sheet.tags[sheet.tags.length - 1];
  const rules = tag?.sheet?.cssRules;
  return rules ? rules[rules.length - 1] : undefined;
}

const kept = new WeakSet<Sheet>();

/** Makes `sheet` append the rules of each new `@layer name { … }` rule to one kept block per layer. */
export function keepLayerBlocks(sheet: Sheet): void {
  if (kept.has(sheet)) return;
  kept.add(sheet);
  // Only where rules go in through the CSS object model (production) and the browser can parse a rule on the side.
  if (!sheet.isSpeedy || typeof CSSStyleSheet === 'undefined' || typeof CSSLayerBlockRule === 'undefined') return;
  const insert = sheet.insert.bind(sheet);
  const blocks = new Map<string, CSSLayerBlockRule>();
  let scratch: CSSStyleSheet | undefined;
  sheet.insert = (rule: string) => {
    const name = LAYER_RULE.exec(rule)?.[1];
    if (!name) return insert(rule);
    try {
      scratch ??= new CSSStyleSheet();
      scratch.replaceSync(rule);
      const parsed = scratch.cssRules[0];
      if (!(parsed instanceof CSSLayerBlockRule) || parsed.name !== name || ![...parsed.cssRules].every((inner) => inner instanceof CSSStyleRule)) {
        // Inserted after the kept block: the layer's later rules go to a new block after it, so that none of them
        // comes before a rule that arrived earlier (a later rule of the same specificity must still win).
        blocks.delete(name);
        return insert(rule);
      }
      let block = blocks.get(name);
      if (!block?.parentStyleSheet) {
        insert(`@layer ${name}{}`);
        const added = lastRule(sheet);
        if (!(added instanceof CSSLayerBlockRule)) return insert(rule);
        block = added;
        blocks.set(name, block);
      }
      for (const inner of parsed.cssRules) block.insertRule(inner.cssText, block.cssRules.length);
    } catch {
      blocks.delete(name);
      insert(rule);
    }
  };
}

/** Turns `keepLayerBlocks` on for the sheet of the styling library's cache in use (once); renders nothing. */
export const KeepLayerBlocks = withEmotionCache((_props: object, cache: EmotionCache) => {
  keepLayerBlocks(cache.sheet);
  return null;
});
