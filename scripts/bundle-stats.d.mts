import type { Plugin } from 'vite';

export function moduleName(id: string, root: string): { pkg: string; file: string };
export function bundleStats(): Plugin;
