import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropUtilityTypes, makeGlobalsLazy } from './lazy-system-globals.mjs';

const require = createRequire(import.meta.url);
const styledSystem = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system');
const systemJs = path.join(styledSystem, 'system.js');

describe('Chakra system globals worked out on first read (build transform)', () => {
  it('rewrites the installed Chakra: no eager call, `_global` a getter that caches', () => {
    const code = makeGlobalsLazy(readFileSync(systemJs, 'utf8'));
    expect(code).not.toContain('const _global = [');
    expect(code).toMatch(/get _global\(\) \{\s+return globals\(\);\s+\}/);
    expect(code).toContain('(_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()])');
  });

  it('computes the globals once, when read, and not before', () => {
    const module = `function getPreflightCss() { calls.push('reset'); return 'r'; }
function getGlobalCss() { calls.push('global'); return 'g'; }
function getTokenCss() { calls.push('tokens'); return 't'; }
function make() {
  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];
  return {
    $$chakra: true,
    _global,
    css: 1
  };
}
return make;`;
    const calls = [];
    const system = new Function('calls', makeGlobalsLazy(module))(calls)();
    expect(calls).toEqual([]);
    expect(system._global).toEqual(['r', 'g', 't']);
    expect(system._global).toBe(system._global);
    expect(calls).toEqual(['reset', 'global', 'tokens']);
  });

  it('fails the build when Chakra no longer has the lines it rewrites', () => {
    expect(() => makeGlobalsLazy('const _global = computeGlobals();')).toThrow(/system\.js changed/);
  });
});

describe("Chakra utilities without their type generator's bookkeeping (build transform)", () => {
  it('rewrites the installed Chakra: the property types are no longer worked out when the system is made', () => {
    const original = readFileSync(path.join(styledSystem, 'utility.js'), 'utf8');
    const code = dropUtilityTypes(original);
    expect(original.match(/assignPropertyType\(property, config\);|assignPropertyTypes\(\);/g)).toHaveLength(2);
    expect(code).not.toMatch(/assignPropertyType\(property, config\);|assignPropertyTypes\(\);/);
    // What styles need stays: each property's values, its shorthands, the colour palettes.
    expect(code).toContain('propValues.set(property, values);');
    expect(code).toMatch(/assignShorthands\(\);\s+assignColorPaletteProperty\(\);\s+assignProperties\(\);\s+\}/);
  });

  it('fails the build when Chakra no longer has the lines it rewrites', () => {
    expect(() => dropUtilityTypes('function build() { assignProperties(); }')).toThrow(/utility\.js changed/);
  });
});
