import type { Plugin } from 'vite';

export function makeGlobalsLazy(code: string): string;
export function dropUtilityTypes(code: string): string;
export function rewrite(code: string, file: string): string | null;
export function proveLazyGlobals(): Promise<void>;
export const PROOF_COPY: string;
export function lazySystemGlobals(): Plugin[];
