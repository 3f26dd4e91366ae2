import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MINIMUM, anatomyMarks, checkCounts, markAnatomyPure, proveCreateAnatomy, proveObjectBuilding, pureAnatomy } from './pure-anatomy.mjs';

const require = createRequire(import.meta.url);
const chakraAnatomy = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/anatomy.js');
const nodeModules = path.resolve(path.dirname(require.resolve('@chakra-ui/react/package.json')), '../..');
const zagAnatomy = path.join(nodeModules, '@zag-js/anatomy');
const ZAG_MENU = '/app/node_modules/@zag-js/menu/dist/menu.anatomy.mjs';
const ARK_MENU = '/app/node_modules/@ark-ui/react/dist/components/menu/menu.anatomy.js';

/** The ES anatomy modules installed: Chakra's, Ark's, and each @zag-js package's. */
function installedAnatomyModules() {
  const walk = (dir, test) => readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && test(e.name)).map((e) => path.join(e.parentPath ?? e.path, e.name));
  const zag = readdirSync(path.join(nodeModules, '@zag-js')).flatMap((pkg) => {
    try {
      return walk(path.join(nodeModules, '@zag-js', pkg, 'dist'), (name) => name.endsWith('anatomy.mjs'));
    } catch {
      return [];
    }
  });
  return [chakraAnatomy, ...walk(path.join(nodeModules, '@ark-ui/react/dist'), (name) => name.endsWith('anatomy.js')), ...zag];
}

/** What the transform did before it proved anything: a text pattern (the output must stay the same). */
const markedByPattern = (code) => code.replace(/(=\s*)((?:[\w$]+\.(?:extendWith|rename|build)|createAnatomy)\()/g, '$1/*#__PURE__*/ $2');

const zag = (body) => `import { createAnatomy } from "@zag-js/anatomy";\n${body}\nexport { anatomy };`;

function runPlugin(ids, minimum) {
  const plugin = pureAnatomy(minimum ? { minimum } : undefined);
  plugin.configResolved({ command: 'build' });
  plugin.buildStart();
  const outputs = ids.map((id) => plugin.transform.call({}, readFileSync(id, 'utf8'), id));
  return { outputs, end: () => plugin.buildEnd.call({ meta: { watchMode: false } }) };
}

const fixtures = mkdtempSync(path.join(tmpdir(), 'pure-anatomy-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

describe('anatomy declarations marked pure (build transform)', () => {
  it('marks every anatomy-building declaration of the installed Chakra, and nothing else', () => {
    const source = readFileSync(chakraAnatomy, 'utf8');
    const code = markAnatomyPure(source, chakraAnatomy);
    const declarations = source.match(/^const \w+ = .*$/gm) ?? [];
    expect(declarations.length).toBeGreaterThan(30);
    // Every declaration is either marked or a plain alias (`const listboxAnatomy = listboxAnatomy$1;`).
    const aliases = declarations.filter((line) => /^const \w+ = [\w$]+;$/.test(line));
    expect(code.match(/^const \w+ = \/\*#__PURE__\*\/ /gm)).toHaveLength(declarations.length - aliases.length);
    expect(code).toContain('const menuAnatomy = /*#__PURE__*/ menuAnatomy$1.extendWith(');
    expect(code).toContain('const alertAnatomy = /*#__PURE__*/ createAnatomy("alert").parts(');
    expect(code.replaceAll('/*#__PURE__*/ ', '')).toBe(source);
  });

  it('proves every installed anatomy module of Chakra, Ark and Zag and marks it as before', () => {
    const modules = installedAnatomyModules();
    expect(modules.length).toBeGreaterThan(100);
    const { outputs, end } = runPlugin(modules);
    modules.forEach((id, i) => {
      const code = readFileSync(id, 'utf8');
      expect(outputs[i]?.code ?? code, id).toBe(markedByPattern(code));
    });
    expect(outputs.filter(Boolean).length).toBeGreaterThanOrEqual(Object.values(MINIMUM).reduce((a, b) => a + b));
    expect(end).not.toThrow();
  });

  it('marks Zag and Ark declarations: createAnatomy, build, extendWith', () => {
    const menu = zag('var anatomy = createAnatomy("menu").parts("trigger", "content");\nvar parts = anatomy.build();');
    expect(markAnatomyPure(menu, ZAG_MENU)).toBe(
      zag('var anatomy = /*#__PURE__*/ createAnatomy("menu").parts("trigger", "content");\nvar parts = /*#__PURE__*/ anatomy.build();'),
    );
    const ark = 'import { anatomy } from "@zag-js/color-picker";\nvar colorPickerAnatomy = anatomy.extendWith("view");\nexport { colorPickerAnatomy };';
    expect(markAnatomyPure(ark, ARK_MENU)).toContain('var colorPickerAnatomy = /*#__PURE__*/ anatomy.extendWith("view");');
  });

  it('touches only anatomy modules of Chakra, Ark and Zag', () => {
    const { transform } = pureAnatomy();
    const code = 'import { anatomy } from "@zag-js/menu";\nvar parts = anatomy.build();';
    const call = (id) => transform.call(null, code, id);
    expect(call(ZAG_MENU)?.code).toContain('/*#__PURE__*/');
    expect(call(ARK_MENU)?.code).toContain('/*#__PURE__*/');
    expect(call('/app/node_modules/@chakra-ui/react/dist/esm/anatomy.js')?.code).toContain('/*#__PURE__*/');
    expect(call('/app/src/features/tasks/anatomy.ts')).toBeNull();
    expect(call('/app/node_modules/@zag-js/menu/dist/menu.connect.mjs')).toBeNull();
    // Zag's CommonJS files are not part of an ES build.
    expect(call('/app/node_modules/@zag-js/menu/dist/menu.anatomy.js')).toBeNull();
  });

  it.each([
    ['a call with a side effect as an argument', 'var anatomy = createAnatomy("menu").parts("a", track("b"));', /anatomy is not declared by an anatomy call: an argument that is not a string literal/],
    ['code that runs on import', 'var anatomy = createAnatomy("menu").parts("a");\nwindow.menus = anatomy;', /code that runs on import/],
    ['a second declaration with a side effect', 'var anatomy = createAnatomy("menu").parts("a"), seen = register("menu");', /seen is not declared by an anatomy call: a call of register/],
    ['a name that is not a literal', 'var anatomy = createAnatomy(name).parts("a");', /an argument that is not a string literal/],
    ['a method the anatomy does not have', 'var anatomy = createAnatomy("menu").parts("a").keys();', /\.keys\(\), not one of the anatomy's own methods/],
    ['a second .parts (throws)', 'var anatomy = createAnatomy("menu").parts("a").parts("b");', /\.parts\(\) of an anatomy that may have parts already/],
    ['a createAnatomy of its own', 'function createAnatomy2() {}\nvar anatomy = createAnatomy2("menu");', /a FunctionDeclaration besides imports/],
    ['a method of built parts', 'var anatomy = createAnatomy("menu").parts("a").build().extendWith("b");', /\.extendWith\(\) of built parts/],
    ['a class', 'class Menu { static { globalThis.x = 1; } }\nvar anatomy = createAnatomy("menu");', /a ClassDeclaration/],
  ])('refuses a module with %s, naming the package and file', (_, body, what) => {
    expect(() => markAnatomyPure(zag(body), ZAG_MENU)).toThrow(what);
    expect(() => markAnatomyPure(zag(body), ZAG_MENU)).toThrow(/^pure-anatomy: @zag-js\/menu dist\/menu\.anatomy\.mjs: .*; update scripts\/pure-anatomy\.mjs$/);
    expect(() => pureAnatomy().transform.call({}, zag(body), ZAG_MENU)).toThrow(/@zag-js\/menu/);
  });

  it('refuses createAnatomy that is not imported from Zag or Ark, and an anatomy imported from elsewhere', () => {
    expect(() => anatomyMarks('import { createAnatomy } from "./mine.js";\nvar a = createAnatomy("x");', ZAG_MENU)).toThrow(/a call of createAnatomy, not of createAnatomy from @zag-js\/anatomy/);
    expect(() => anatomyMarks('import { anatomy } from "evil";\nvar a = anatomy.extendWith("x");', ARK_MENU)).toThrow(/\.extendWith\(\) of anatomy, not an anatomy imported from Zag or Ark/);
  });
});

describe('createAnatomy in @zag-js/anatomy proved to build objects only', () => {
  it('passes for the installed @zag-js/anatomy, following its entry to create-anatomy.mjs', () => {
    const files = proveCreateAnatomy(zagAnatomy).map((file) => path.basename(file));
    expect(files).toEqual(['index.mjs', 'create-anatomy.mjs']);
  });

  const real = readFileSync(path.join(zagAnatomy, 'dist/create-anatomy.mjs'), 'utf8');
  const ID = '/app/node_modules/@zag-js/anatomy/dist/create-anatomy.mjs';
  it.each([
    ['a global write', real.replace('keys: () => parts,', 'keys: () => (globalThis.lastParts = parts),'), /it reads globalThis, a global|it writes what is not its own/],
    ['a write to module state', `let made = 0;\n${real.replace('keys: () => parts,', 'keys: () => (made++, parts),')}`, /it writes what is not its own/],
    ['a registry in a global', real.replace('rename: (newName) =>', 'rename: (newName) => window.registry.push(newName) &&'), /it reads window, a global/],
    ['code run on import', `${real}\nconsole.log("anatomy");`, /code that runs on import/],
    ['an import of another package', `import "side-effect";\n${real}`, /an import of side-effect/],
    ['Object.assign on a shared object', real.replace('Object.assign(prev,', 'Object.assign(Object,'), /Object\.assign on what is not its own/],
    ['Object.defineProperty', real.replace('Object.assign(prev,', 'Object.defineProperty(prev,'), /a call of Object\.defineProperty/],
  ])('refuses %s', (_, code, what) => {
    expect(() => proveObjectBuilding(code, ID)).toThrow(what);
    expect(() => proveObjectBuilding(code, ID)).toThrow(/^pure-anatomy: @zag-js\/anatomy dist\/create-anatomy\.mjs: createAnatomy is no longer plain object building: /);
  });

  it('refuses a copy of the package whose createAnatomy writes a global, from its package entry', () => {
    const dir = path.join(fixtures, 'node_modules/@zag-js/anatomy');
    mkdirSync(path.join(dir, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@zag-js/anatomy', version: '9.9.9', exports: { '.': { import: { default: './dist/index.mjs' } } } }));
    writeFileSync(path.join(dir, 'dist/index.mjs'), 'import { createAnatomy } from "./create-anatomy.mjs";\nexport { createAnatomy };\n');
    writeFileSync(path.join(dir, 'dist/create-anatomy.mjs'), real);
    expect(proveCreateAnatomy(dir)).toHaveLength(2);
    writeFileSync(path.join(dir, 'dist/create-anatomy.mjs'), real.replace('build: () =>', 'build: () => (document.title = name) &&'));
    expect(() => proveCreateAnatomy(dir)).toThrow(/@zag-js\/anatomy dist\/create-anatomy\.mjs: createAnatomy is no longer plain object building: it writes what is not its own \(document\.title = name\)/);
  });
});

describe('the number of anatomy modules a build marks', () => {
  it('fails the build when fewer modules than expected are marked (a rename makes the transform a silent no-op)', () => {
    // Only Chakra's module: Ark's and Zag's files "renamed" out of the pattern.
    const { end } = runPlugin([chakraAnatomy]);
    expect(end).toThrow(/^pure-anatomy: @ark-ui\/react: 0 anatomy modules marked, at least 12 expected; @zag-js: 0 anatomy modules marked, at least 48 expected — /);
    expect(() => checkCounts({ '@chakra-ui/react': 1, '@ark-ui/react': 12, '@zag-js': 48 })).not.toThrow();
    expect(() => checkCounts({ '@chakra-ui/react': 0, '@ark-ui/react': 12, '@zag-js': 48 })).toThrow(/@chakra-ui\/react: 0 anatomy modules marked, at least 1 expected/);
  });

  it('checks the count of a production build only, not of the dev server', () => {
    const plugin = pureAnatomy();
    plugin.configResolved({ command: 'serve' });
    plugin.buildStart();
    expect(() => plugin.buildEnd.call({ meta: { watchMode: true } })).not.toThrow();
  });
});
