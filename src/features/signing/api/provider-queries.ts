import { queryOptions } from '@tanstack/react-query';
import type { SigningProvider } from '@/lib/signing-provider';
import { signingKeys } from './keys';

/** Asking the plug-in is cheap to repeat, never retried blindly, and never kept for offline reading. */
const pluginAnswer = { staleTime: 30_000, retry: false, meta: { persist: false } } as const;

/** Plug-in checks (loaded, works, crypto-provider, enumeration, version). */
export const providerStatusQuery = (provider: SigningProvider) =>
  queryOptions({ ...pluginAnswer, queryKey: signingKeys.status(provider.mode), queryFn: () => provider.status(), gcTime: 5 * 60_000 });

export const certificatesQuery = (provider: SigningProvider) =>
  queryOptions({ ...pluginAnswer, queryKey: signingKeys.certificates(provider.mode), queryFn: () => provider.certificates() });
