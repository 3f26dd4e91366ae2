import type { Plugin } from 'vite';

export const SENTINEL_CODES: number[];
export function sentinelFor(n: number): string;
export function sentinelsWithoutStack(code: string): string;
export function reactSentinels(): Plugin;
export function proveIdentityUse(code: string): Map<string, number>;
