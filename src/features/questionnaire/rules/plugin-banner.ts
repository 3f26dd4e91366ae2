import type { SigningMode } from '@/lib/config';

/**
 * SPEC §2: signable fields of a user who canSign show the plug-in banner only when certificate support is absent:
 * a deployment in demo signing mode has its certificate store, a page with the plug-in object has the plug-in.
 */
export function needsPluginBanner(input: { canSign: boolean; hasSignableFields: boolean; signingMode: SigningMode; pluginPresent: boolean }): boolean {
  return input.canSign && input.hasSignableFields && input.signingMode !== 'demo' && !input.pluginPresent;
}
