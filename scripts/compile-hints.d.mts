import type { Plugin } from 'vite';

export const COMPILE_HINT: string;
export function withCompileHint<M extends { mappings: string } | null | undefined>(code: string, map: M): { code: string; map: M };
export function compileHints(hinted: (chunk: { isEntry: boolean; fileName: string; name: string }) => boolean): Plugin;
