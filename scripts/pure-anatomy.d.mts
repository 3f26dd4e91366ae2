import type { Plugin } from 'vite';

/** The fewest modules a production build must mark per package (a rename must not make the plugin a silent no-op). */
export const MINIMUM: Record<string, number>;
export function markAnatomyPure(code: string, id?: string): string;
export function pureAnatomy(options?: { minimum?: Record<string, number> }): Plugin;
