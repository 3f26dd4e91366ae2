import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markAnatomyPure, pureAnatomy } from './pure-anatomy.mjs';

const require = createRequire(import.meta.url);
const chakraAnatomy = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/anatomy.js');

describe('anatomy declarations marked pure (build transform)', () => {
  it('marks every anatomy-building declaration of the installed Chakra, and nothing else', () => {
    const source = readFileSync(chakraAnatomy, 'utf8');
    const code = markAnatomyPure(source);
    const declarations = source.match(/^const \w+ = .*$/gm) ?? [];
    expect(declarations.length).toBeGreaterThan(30);
    // Every declaration is either marked or a plain alias (`const listboxAnatomy = listboxAnatomy$1;`).
    const aliases = declarations.filter((line) => /^const \w+ = [\w$]+;$/.test(line));
    expect(code.match(/^const \w+ = \/\*#__PURE__\*\/ /gm)).toHaveLength(declarations.length - aliases.length);
    expect(code).toContain('const menuAnatomy = /*#__PURE__*/ menuAnatomy$1.extendWith(');
    expect(code).toContain('const alertAnatomy = /*#__PURE__*/ createAnatomy("alert").parts(');
    expect(code.replaceAll('/*#__PURE__*/ ', '')).toBe(source);
  });

  it('marks Zag and Ark declarations: createAnatomy, build, extendWith', () => {
    const zag = 'var anatomy = createAnatomy("menu").parts("trigger", "content");\nvar parts = anatomy.build();';
    expect(markAnatomyPure(zag)).toBe(
      'var anatomy = /*#__PURE__*/ createAnatomy("menu").parts("trigger", "content");\nvar parts = /*#__PURE__*/ anatomy.build();',
    );
    expect(markAnatomyPure('var colorPickerAnatomy = anatomy.extendWith("view");')).toBe(
      'var colorPickerAnatomy = /*#__PURE__*/ anatomy.extendWith("view");',
    );
  });

  it('touches only anatomy modules of Chakra, Ark and Zag', () => {
    const { transform } = pureAnatomy();
    const code = 'var parts = anatomy.build();';
    const call = (id) => transform.call(null, code, id);
    expect(call('/app/node_modules/@zag-js/menu/dist/menu.anatomy.mjs')?.code).toContain('/*#__PURE__*/');
    expect(call('/app/node_modules/@ark-ui/react/dist/components/menu/menu.anatomy.js')?.code).toContain('/*#__PURE__*/');
    expect(call('/app/node_modules/@chakra-ui/react/dist/esm/anatomy.js')?.code).toContain('/*#__PURE__*/');
    expect(call('/app/src/features/tasks/anatomy.ts')).toBeNull();
    expect(call('/app/node_modules/@zag-js/menu/dist/menu.connect.mjs')).toBeNull();
  });
});
