import type { ProviderStatus } from '@/lib/signing-provider';

/**
 * SPEC §4: signing on the diagnostics page is possible only when a certificate is chosen, the plug-in is loaded and
 * working, the crypto-provider is loaded, objects are enumerated and data is present.
 */
export function canSignDiagnostics(input: { certificateChosen: boolean; status: ProviderStatus | null | undefined; data: string }): boolean {
  const s = input.status;
  return !!s && input.certificateChosen && s.pluginLoaded && s.pluginWorks && s.cspLoaded && s.enumerated && input.data.length > 0;
}
