import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/**
 * DESIGN.md convention 1: imports flow one way — lib → components → features → routes/app; a feature never imports
 * another feature. Checked on resolved file paths (eslint-plugin-import-x with the TypeScript resolver), so a relative
 * path such as '../../tasks/deadline-color' is caught as surely as '@/features/tasks/…'. Features are read from the
 * file system: a new feature folder gets its zone without editing this file.
 */
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  { target: './src/lib', from: ['./src/components', './src/features', './src/routes', './src/app'], message: 'lib/ is the lowest layer: it imports no component, feature, route or app code.' },
  { target: './src/components', from: ['./src/features', './src/routes', './src/app'], message: 'components/ must not import features, routes or app code.' },
  { target: './src/features', from: ['./src/routes', './src/app'], message: 'A feature must not import routes or app code: compose in the route instead.' },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: `Feature "${name}" must not import another feature: compose them in the route, or move the shared piece to lib/ or components/.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'src/lib/api/generated', 'src/route-tree.gen.ts', 'test-results', 'test-results-*', 'playwright-report', 'data', 'bench/tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Type-only imports vanish at run time; a lazy import() (route code splitting) does not load at start.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.mjs', 'tests/**/*.ts', 'bench/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
