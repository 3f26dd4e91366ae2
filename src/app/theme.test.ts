import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { baseRecipes, baseSlotRecipes, system } from './theme';
import { cabinetRecipes, cabinetSlotRecipes } from './theme-cabinet';

// The lean Chakra system (theme.ts) carries only the recipes of the components the app renders; a component whose
// recipe is missing renders unstyled. These checks resolve every component imported from '@chakra-ui/react' in src/
// to the recipe keys it asks for, by reading Chakra's own sources.

const ROOT = path.resolve(__dirname, '../..');
const ESM = path.join(ROOT, 'node_modules/@chakra-ui/react/dist/esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function chakraImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!),
  );
}

const asFile = (p: string) => (p.endsWith('.js') ? p : existsSync(`${p}.js`) ? `${p}.js` : path.join(p, 'index.js'));

/** The file that defines an export of Chakra's index (following `export { … } from` and namespace exports). */
function resolveExport(file: string, name: string): string | null {
  file = asFile(file);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  for (const [, list = '', from = ''] of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of list.split(',')) {
      const [orig = '', alias] = part.trim().split(/\s+as\s+/);
      if ((alias ?? orig) !== name) continue;
      if (!from.startsWith('.')) return null;
      const target = path.resolve(path.dirname(file), from);
      return resolveExport(target, orig) ?? asFile(target);
    }
  }
  const local = text.match(new RegExp(`export\\s*\\{\\s*([\\w$]+)\\s+as\\s+${name}\\s*\\}`));
  for (const [, alias, from = ''] of text.matchAll(/import\s*\*\s*as\s*([\w$]+)\s*from\s*'([^']+)'/g)) {
    if (local && alias === local[1]) return asFile(path.resolve(path.dirname(file), from));
  }
  return null;
}

/** Recipe keys asked for by a Chakra component file and the component files it imports. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  file = asFile(file);
  if (seen.has(file) || !file.startsWith(ESM) || !existsSync(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, key = ''] of text.matchAll(/(?:createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"(\w+)"/g)) keys.add(key);
  for (const [, from = ''] of text.matchAll(/(?:from|import\s*\*\s*as\s*\w+\s*from)\s*'(\.[^']+)'/g)) {
    const next = path.resolve(path.dirname(file), from);
    if (next.includes(`${path.sep}components${path.sep}`)) recipeKeys(next, seen).forEach((k) => keys.add(k));
  }
  return keys;
}

/** Keys that Chakra's default theme has a recipe for (others, e.g. "text", have none in any theme). */
const themed = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);

function keysUsedBy(files: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    for (const name of chakraImports(file)) {
      const target = resolveExport(path.join(ESM, 'index.js'), name);
      if (!target) continue;
      for (const key of recipeKeys(target)) if (themed.has(key)) used.set(key, [...(used.get(key) ?? []), `${path.relative(ROOT, file)} (${name})`]);
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

describe('lean Chakra theme', () => {
  it('resolves components to recipe keys (the resolver itself works)', () => {
    expect([...recipeKeys(resolveExport(path.join(ESM, 'index.js'), 'Button')!)]).toContain('button');
    expect([...recipeKeys(resolveExport(path.join(ESM, 'index.js'), 'Dialog')!)]).toContain('dialog');
    expect([...recipeKeys(resolveExport(path.join(ESM, 'index.js'), 'Checkbox')!)]).toEqual(expect.arrayContaining(['checkbox', 'checkmark']));
  });

  it('has a recipe for every component used anywhere in src/', () => {
    const used = keysUsedBy(sourceFiles(path.join(ROOT, 'src')));
    expect(used.size).toBeGreaterThan(20);
    const available = new Set([...Object.keys(baseRecipes), ...Object.keys(baseSlotRecipes), ...Object.keys(cabinetRecipes), ...Object.keys(cabinetSlotRecipes)]);
    const missing = [...used].filter(([key]) => !available.has(key)).map(([key, by]) => `${key} ← ${by.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('has the recipes of the screens outside the cabinet in the startup system', () => {
    const used = keysUsedBy(OUTSIDE_CABINET.filter(existsSync));
    const missing = [...used].filter(([key]) => !system.hasRecipe(key)).map(([key, by]) => `${key} ← ${by.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('carries no recipe nobody renders', () => {
    const used = keysUsedBy(sourceFiles(path.join(ROOT, 'src')));
    const unused = [...Object.keys(baseRecipes), ...Object.keys(baseSlotRecipes), ...Object.keys(cabinetRecipes), ...Object.keys(cabinetSlotRecipes)].filter((k) => !used.has(k));
    expect(unused).toEqual([]);
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
      const file = path.join(ESM, 'theme/recipes', `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.js`);
      expect(existsSync(file), file).toBe(true);
    }
  });
});
