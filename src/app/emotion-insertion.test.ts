import { useInsertionEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import viteConfig from '../../vite.config';
import { useInsertionEffectAlwaysWithSyncFallback, useInsertionEffectWithLayoutFallback } from './emotion-insertion';

describe('style rules inserted as components render (emotion-insertion.ts)', () => {
  it('runs the insertion at once, during the render that calls it, and gives back what it returned', () => {
    const insert = vi.fn(() => undefined);
    expect(useInsertionEffectAlwaysWithSyncFallback(insert)).toBeUndefined();
    expect(insert).toHaveBeenCalledOnce();
    expect(useInsertionEffectAlwaysWithSyncFallback(() => '.css-x{color:red}')).toBe('.css-x{color:red}');
  });

  it('leaves global styles to React’s insertion effect', () => {
    expect(useInsertionEffectWithLayoutFallback).toBe(useInsertionEffect);
  });

  it('is what the build gives Chakra and emotion in place of @emotion/use-insertion-effect-with-fallbacks', () => {
    const aliases = (viteConfig.resolve?.alias ?? []) as { find: RegExp | string; replacement: string }[];
    const alias = aliases.find((a) => a.find instanceof RegExp && a.find.test('@emotion/use-insertion-effect-with-fallbacks'));
    expect(alias?.replacement).toMatch(/src[\\/]app[\\/]emotion-insertion\.ts$/);
  });
});
