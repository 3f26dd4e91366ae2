import type { Plugin } from 'vite';

export function makeGlobalsLazy(code: string): string;
export function lazySystemGlobals(): Plugin;
