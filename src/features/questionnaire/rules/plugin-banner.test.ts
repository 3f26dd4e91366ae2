import { describe, expect, it } from 'vitest';
import { needsPluginBanner } from './plugin-banner';

describe('plug-in banner (SPEC §2)', () => {
  const base = { canSign: true, hasSignableFields: true, signingMode: 'plugin' as const, pluginPresent: false };
  it('shows when a signer of signable fields has no certificate support', () => {
    expect(needsPluginBanner(base)).toBe(true);
  });
  it.each([
    ['the demo signing mode has certificates', { signingMode: 'demo' as const }],
    ['the plug-in is on the page', { pluginPresent: true }],
    ['the user cannot sign', { canSign: false }],
    ['nothing is signable', { hasSignableFields: false }],
  ])('hides when %s', (_name, change) => {
    expect(needsPluginBanner({ ...base, ...change })).toBe(false);
  });
});
