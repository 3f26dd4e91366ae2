// @vitest-environment jsdom
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { Component, createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Chakra from '@chakra-ui/react';
import { Button, ChakraProvider, createListCollection, createSystem, defaultConfig } from '@chakra-ui/react';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { baseRecipes, baseSlotRecipes, getSystem } from './theme';
import { cabinetRecipes, cabinetSlotRecipes } from './theme-cabinet';

// The lean Chakra system (theme.ts) carries only the recipes of the components the app renders; a component whose
// recipe is missing renders unstyled. These checks render every component imported from '@chakra-ui/react' in src/
// (with its parts, open and checked) under Chakra's full default system, note the recipe keys it asks the system for
// while rendering, and hold those keys against the lean lists.

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The values (not types) a source file imports from '@chakra-ui/react', read with the TypeScript parser. */
function chakraImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) return [];
    if (!ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== '@chakra-ui/react') return [];
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return [];
    return bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text);
  });
}

/** Catches what a part throws when rendered without the props a real screen gives it; the keys asked so far count. */
class Contained extends Component<{ children?: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Chakra's full default system: every component finds its recipe, so each one renders all its parts. */
const fullSystem = createSystem(defaultConfig);

const probed = new Map<string, string[]>();

/** Renders one export of '@chakra-ui/react' and answers the recipe keys it asked for ([] for non-components). */
function recipeKeysOf(name: string): string[] {
  if (!probed.has(name)) probed.set(name, probe(name));
  return probed.get(name)!;
}

function probe(name: string): string[] {
  const target = (Chakra as Record<string, unknown>)[name];
  if (!/^[A-Z]/.test(name) || !target || (typeof target !== 'object' && typeof target !== 'function') || name.endsWith('Provider')) return [];
  const asked = new Set<string>();
  const spy: typeof fullSystem = {
    ...fullSystem,
    getRecipeFn: (key, fallback) => (asked.add(key), fullSystem.getRecipeFn(key, fallback)),
    getSlotRecipeFn: (key, fallback) => (asked.add(key), fullSystem.getSlotRecipeFn(key, fallback)),
  };
  // Opened, checked and filled, so that parts shown only in those states render too.
  const props = { open: true, checked: true, value: ['a'], count: 10, collection: createListCollection({ items: ['a'] }), startAddon: 'x', endAddon: 'x' };
  const parts = target as Record<string, unknown>;
  const render = (names: string[]) =>
    names.map((part) => createElement(Contained, { key: part }, createElement(parts[part] as never, null, 'x')));
  const names = Object.keys(parts).filter((part) => part !== 'Root' && part !== 'Context' && !part.endsWith('Provider'));
  // Parts of an item (ItemIndicator, ItemText…) render inside an item.
  const inItem = names.filter((part) => part.startsWith('Item') && part !== 'Item' && 'Item' in parts);
  const element =
    typeof target === 'object' && 'Root' in parts
      ? createElement(
          parts.Root as never,
          props,
          ...render(names.filter((part) => part !== 'Item' && !inItem.includes(part))),
          'Item' in parts ? createElement(Contained, { key: 'Item' }, createElement(parts.Item as never, { value: 'a', item: 'a' }, ...render(inItem))) : null,
        )
      : createElement(target as never, props, createElement('span', null, 'x'));
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  flushSync(() => root.render(createElement(ChakraProvider, { value: spy, children: createElement(Contained, null, element) })));
  root.unmount();
  host.remove();
  return [...asked];
}

/** Keys that Chakra's default theme has a recipe for (others, e.g. "text", have none in any theme). */
const themed = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);

/** Recipe key → where it is used ("file (Component)"), for every component the given files import. */
function keysUsedBy(files: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    for (const name of chakraImports(file)) {
      for (const key of recipeKeysOf(name)) if (themed.has(key)) used.set(key, [...(used.get(key) ?? []), `${path.relative(ROOT, file)} (${name})`]);
    }
  }
  return used;
}

/** Screens and pieces rendered outside the signed-in layout, before the cabinet recipes are loaded. */
const OUTSIDE_CABINET = [
  'src/main.tsx',
  'src/app/app.tsx',
  'src/app/router.tsx',
  'src/app/route-error.tsx',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/login.tsx',
  'src/routes/callback.tsx',
  'src/routes/personal-account-v2-auth.tsx',
  'src/features/auth/components/login-page.tsx',
  'src/components/status-views.tsx',
  'src/components/toaster-view.tsx',
  'src/components/offline/app-status-dock.tsx',
  'src/components/offline/offline-banner.tsx',
].map((f) => path.join(ROOT, f));

const allRecipeKeys = () => [...Object.keys(baseRecipes), ...Object.keys(baseSlotRecipes), ...Object.keys(cabinetRecipes), ...Object.keys(cabinetSlotRecipes)];

describe('lean Chakra theme', () => {
  let used: Map<string, string[]>;
  beforeAll(() => {
    // Parts rendered outside their real surroundings complain (nesting, missing props); only the keys matter here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    used = keysUsedBy(sourceFiles(path.join(ROOT, 'src')));
  }, 60_000);
  afterAll(() => vi.restoreAllMocks());

  it('sees the recipes a component asks for when it renders (the probe itself works)', () => {
    expect(recipeKeysOf('Button')).toEqual(['button']);
    expect(recipeKeysOf('Dialog')).toContain('dialog');
    expect(recipeKeysOf('Checkbox')).toEqual(expect.arrayContaining(['checkbox', 'checkmark']));
    expect(recipeKeysOf('Box')).toEqual([]);
    expect(recipeKeysOf('createListCollection')).toEqual([]);
  });

  it('styles a component through its recipe: the startup system gives a button its recipe\'s layout', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    flushSync(() => root.render(createElement(ChakraProvider, { value: getSystem(), children: createElement(Button, null, 'Войти') })));
    const button = host.querySelector('button')!;
    // jsdom computes no style from cascade layers (Chakra's recipes are in @layer recipes): the rule of the button's
    // generated class is read from the style sheet Chakra wrote into the document.
    const generated = [...button.classList].find((name) => name.startsWith('css-'));
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(button.classList).toContain('chakra-button');
    expect(css).toMatch(new RegExp(`\\.${generated}\\{[^}]*display:inline-flex`));
    root.unmount();
    host.remove();
  });

  it('has a recipe for every component used anywhere in src/', () => {
    expect(used.size).toBeGreaterThan(20);
    const available = new Set(allRecipeKeys());
    const missing = [...used].filter(([key]) => !available.has(key)).map(([key, by]) => `${key} ← ${by.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('has the recipes of the screens outside the cabinet in the startup system', () => {
    const outside = keysUsedBy(OUTSIDE_CABINET.filter(existsSync));
    const missing = [...outside].filter(([key]) => !getSystem().hasRecipe(key)).map(([key, by]) => `${key} ← ${by.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('carries no recipe nobody renders', () => {
    expect(allRecipeKeys().filter((k) => !used.has(k))).toEqual([]);
  });

  it('uses the default recipes unchanged, under their default keys', () => {
    for (const [key, recipe] of Object.entries({ ...baseRecipes, ...cabinetRecipes })) expect(recipe).toBe((chakraRecipes as Record<string, unknown>)[key]);
    for (const [key, recipe] of Object.entries({ ...baseSlotRecipes, ...cabinetSlotRecipes })) expect(recipe).toBe((chakraSlotRecipes as Record<string, unknown>)[key]);
  });

  it('names each cabinet recipe after its file, as vite.config.ts expects to keep it out of the startup chunk', () => {
    const source = readFileSync(path.join(ROOT, 'src/app/theme-cabinet.ts'), 'utf8');
    const names = [...source.matchAll(/^\s+(\w+?)(?:Slot)?Recipe,$/gm)].map(([, name = '']) => name);
    expect(names.length).toBe(Object.keys(cabinetRecipes).length + Object.keys(cabinetSlotRecipes).length);
    for (const name of names) {
      const file = path.join(ROOT, 'node_modules/@chakra-ui/react/dist/esm/theme/recipes', `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.js`);
      expect(existsSync(file), file).toBe(true);
    }
  });
});
