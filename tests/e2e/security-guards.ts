import { expect, type Page } from '@playwright/test';

/**
 * Watches a page for anything that ran or was blocked: the flag payloads set (window.__pwned), dialogs
 * (alert/confirm/prompt) and Content Security Policy violations (`securitypolicyviolation` events, collected from
 * the first script of every document).
 */
export interface Guard {
  dialogs: string[];
  /** Violations reported by the page (read from the page at check time). */
  violations(): Promise<Violation[]>;
}

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

export async function guardPage(page: Page): Promise<Guard> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  await page.addInitScript(() => {
    if (window.origin === 'null') return; // The project widget's sandboxed frame has no storage: the harness leaves it alone.
    const w = window as unknown as { __violations: unknown[]; __pwned?: unknown };
    w.__violations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        w.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}` });
      },
      true,
    );
  });
  return {
    dialogs,
    violations: () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations ?? []),
  };
}

/** Elements that must never exist in the app's DOM, whatever the server sent. */
export const DANGEROUS_SELECTOR = [
  '[onerror]',
  '[onload]',
  '[onclick]',
  '[onmouseover]',
  // The one frame allowed: the project widget's own document, sandboxed to scripts only (widget-loader.ts).
  'iframe:not([src="/widget/frame.html"][sandbox="allow-scripts"])',
  'object',
  'embed',
  'form[action^="javascript:" i]',
  'a[href^="javascript:" i]',
  'a[href^="data:" i]',
  'a[href*="javascript:" i]',
  '[style*="hostile-css"]',
  'body style:not([data-emotion])',
  'body script',
].join(', ');

/** Nothing ran, nothing was blocked, and no dangerous element sits in the DOM. */
export async function expectNothingExecuted(page: Page, guard: Guard, where: string) {
  const state = await page.evaluate(
    (selector) => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      dangerous: [...document.querySelectorAll(selector)].map((e) => e.outerHTML.slice(0, 160)),
    }),
    DANGEROUS_SELECTOR,
  );
  expect(state.pwned, `${where}: a payload ran`).toBeNull();
  expect(state.dangerous, `${where}: dangerous elements in the DOM`).toEqual([]);
  expect(guard.dialogs, `${where}: a dialog was opened by a script`).toEqual([]);
  expect(await guard.violations(), `${where}: CSP violations`).toEqual([]);
}
