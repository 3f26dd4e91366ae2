export const signingKeys = {
  all: ['signing'] as const,
  status: (mode: string) => [...signingKeys.all, 'status', mode] as const,
  certificates: (mode: string) => [...signingKeys.all, 'certificates', mode] as const,
};
