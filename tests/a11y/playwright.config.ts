import base from '../../playwright.config';
import { defineConfig } from '@playwright/test';

/**
 * axe-core sweep of every screen (issue 10 §5). Kept out of `npm test` until the known serious violations are fixed
 * (see the issue note); run with `npm run test:a11y`.
 */
export default defineConfig({ ...base, testDir: '.', outputDir: '../../test-results-a11y' });
