import type { Plugin } from 'vite';

export function routePattern(routeFile: string): { source: string; rank: number };
export function bootPreload(options?: { extra?: Record<string, string[]>; cabinet?: string[] }): Plugin;
