import { queryOptions } from '@tanstack/react-query';
import type { SigningProvider } from '@/lib/signing-provider';
import { signingKeys } from './keys';

/** Plug-in checks (loaded, works, crypto-provider, enumeration, version); cheap to repeat, never retried blindly. */
export const providerStatusQuery = (provider: SigningProvider) =>
  queryOptions({
    queryKey: signingKeys.status(provider.mode),
    queryFn: () => provider.status(),
    staleTime: 30_000,
    retry: false,
    gcTime: 5 * 60_000,
    meta: { persist: false },
  });

export const certificatesQuery = (provider: SigningProvider) =>
  queryOptions({
    queryKey: signingKeys.certificates(provider.mode),
    queryFn: () => provider.certificates(),
    staleTime: 30_000,
    retry: false,
    meta: { persist: false },
  });
