import type { Plugin } from 'vite';

export function makeGlobalsLazy(code: string): string;
export function lazySystemGlobals(): Plugin;
export function dropUtilityTypes(code: string): string;
