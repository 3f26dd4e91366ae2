import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getSystem } from '../src/app/theme';
import { encodeToken, encodeTokens, takeTokensFromSnapshot, tokensModule } from './token-snapshot.mjs';
import { restoreTokens } from './token-snapshot-restore.mjs';

const require = createRequire(import.meta.url);
const styledSystem = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system');
const dictionaryJs = path.join(styledSystem, 'token-dictionary.js');
// The rewritten module next to Chakra's, so its relative imports resolve, with a copy of the run-time half it imports
// (both loaded by Node, so the test provides the entries to the same module instance); removed after the tests.
const rewrittenJs = path.join(styledSystem, `token-dictionary.snapshot-test-${process.pid}.js`);
const restoreCopy = path.join(styledSystem, `token-snapshot-restore.snapshot-test-${process.pid}.js`);
afterAll(() => {
  rmSync(rewrittenJs, { force: true });
  rmSync(restoreCopy, { force: true });
});

const system = getSystem();
const chakra = system.tokens;

describe('the theme tokens made at build time (scripts/token-snapshot.mjs)', () => {
  it('writes every token of the app theme so that it comes back equal, in the same order', () => {
    const entries = encodeTokens(chakra);
    expect(entries).toHaveLength(chakra.allTokens.length);
    expect(restoreTokens(JSON.parse(JSON.stringify(entries)), chakra.formatCssVar, chakra.prefix)).toEqual(chakra.allTokens);
    // Compact: derived fields are left out (a colour shade is its path, its value and a flag).
    expect(entries.find(([joined]) => joined === 'colors brand 600')).toEqual(['colors brand 600', 0, '#1f4fa3', 2]);
    expect(entries.find(([joined]) => joined === 'colors brand solid')).toEqual(['colors brand solid', 0, '{colors.brand.600}', 3]);
  });

  it('writes out what it cannot derive, and refuses a token that would come back different', () => {
    const [token] = chakra.allTokens;
    const odd = { ...token, extensions: { ...token.extensions, description: 'kept' } };
    const entry = encodeToken(odd, chakra.formatCssVar, chakra.prefix);
    expect(entry[4]).toEqual({ description: 'kept' });
    expect(restoreTokens([entry], chakra.formatCssVar, chakra.prefix)[0]).toEqual(odd);
    const misnamed = { ...token, name: 'not.its.path' };
    expect(() => encodeToken(misnamed, chakra.formatCssVar, chakra.prefix)).toThrow(/does not come back the same \(name\)/);
  });

  it("gives Chakra's dictionary, made from the entries with no token input, the same tokens and lookups", async () => {
    const restoreJs = new URL('./token-snapshot-restore.mjs', import.meta.url);
    writeFileSync(restoreCopy, readFileSync(restoreJs, 'utf8'));
    const rewritten = takeTokensFromSnapshot(readFileSync(dictionaryJs, 'utf8')).replace(JSON.stringify(fileURLToPath(restoreJs)), JSON.stringify('./' + path.basename(restoreCopy)));
    expect(rewritten).toContain(path.basename(restoreCopy));
    writeFileSync(rewrittenJs, rewritten);
    const { provideTokenSnapshot } = await import(pathToFileURL(restoreCopy).href);
    const { createTokenDictionary } = await import(pathToFileURL(rewrittenJs).href);
    const input = { prefix: chakra.prefix, breakpoints: system._config.theme?.breakpoints };
    expect(() => createTokenDictionary({ ...input, tokens: {}, semanticTokens: {} })).toThrow(/only the tokens of the app theme/);

    provideTokenSnapshot(JSON.parse(JSON.stringify(encodeTokens(chakra))));
    const made = createTokenDictionary({ ...input, tokens: {}, semanticTokens: {} });
    expect(made.allTokens).toEqual(chakra.allTokens);
    for (const view of ['tokenMap', 'flatMap', 'cssVarMap', 'categoryMap', 'colorPaletteMap']) expect(made[view]).toEqual(chakra[view]);
    expect(made.getVar('colors.brand.solid')).toBe('var(--chakra-colors-brand-solid)');
    expect(made.getCategoryValues('spacing')).toEqual(chakra.getCategoryValues('spacing'));
    expect(made.expandReferenceInValue('1px solid {colors.red.600}')).toBe(chakra.expandReferenceInValue('1px solid {colors.red.600}'));
    // A dictionary given tokens of its own is not one this build can make.
    expect(() => createTokenDictionary({ ...input, tokens: { colors: { x: { value: 'red' } } }, semanticTokens: {} })).toThrow(/only the tokens of the app theme/);
    provideTokenSnapshot(null);
  });

  it('replaces the token module with the entries and empty token groups', () => {
    const code = tokensModule([['colors brand 600', '#1f4fa3', 0, 2]], ['chakraTokens', 'chakraSemanticTokens', 'cabinetTokens', 'cabinetSemanticTokens']);
    expect(code).toContain('provideTokenSnapshot(JSON.parse(');
    for (const name of ['chakraTokens', 'chakraSemanticTokens', 'cabinetTokens', 'cabinetSemanticTokens']) expect(code).toContain(`export const ${name} = {};`);
  });

  it('fails the build when Chakra no longer has the lines it rewrites', () => {
    expect(() => takeTokensFromSnapshot('function createTokenDictionary() { build(); }')).toThrow(/token-dictionary\.js changed/);
  });
});
