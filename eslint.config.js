import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * DESIGN.md convention 1: imports flow one way — lib, components → features → routes/app;
 * a feature never imports another feature.
 */
const layerRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename.replace(/\\/g, '/');
    const inSrc = file.match(/\/src\/(lib|components|features|routes|app)\/(?:([^/]+)\/)?/);
    if (!inSrc) return {};
    const [, layer, sub] = inSrc;
    const check = (node, source) => {
      const target = source.match(/^@\/(lib|components|features|routes|app)(?:\/([^/]+))?/);
      if (!target) return;
      const [, targetLayer, targetSub] = target;
      const order = { lib: 0, components: 1, features: 2, routes: 3, app: 3 };
      if (layer === 'lib' && targetLayer !== 'lib') {
        context.report({ node, message: `lib/ must not import ${targetLayer}/ (imports flow lib → components → features → routes/app).` });
      } else if (layer === 'components' && order[targetLayer] > 1) {
        context.report({ node, message: `components/ must not import ${targetLayer}/.` });
      } else if (layer === 'features' && (targetLayer === 'routes' || targetLayer === 'app')) {
        context.report({ node, message: `A feature must not import ${targetLayer}/: compose in the route instead.` });
      } else if (layer === 'features' && targetLayer === 'features' && targetSub !== sub) {
        context.report({ node, message: `Feature "${sub}" must not import feature "${targetSub}": compose them in the route.` });
      }
    };
    return {
      ImportDeclaration(node) {
        check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'src/lib/api/generated', 'src/route-tree.gen.ts', 'test-results', 'test-results-*', 'playwright-report', 'data', 'bench/tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, architecture: { rules: { layers: layerRule } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'architecture/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.mjs', 'tests/**/*.ts', 'bench/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
