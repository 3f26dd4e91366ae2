import type { Plugin } from 'vite';

export function markAnatomyPure(code: string): string;
export function pureAnatomy(): Plugin;
