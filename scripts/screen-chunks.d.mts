import type { Plugin } from 'vite';

export const PLANNING: string;
export function projectPath(root: string, id: string): string;
export function screenSets(
  chunks: { fileName: string; imports: string[]; isEntry: boolean; moduleIds: string[] }[],
  options: { extra?: Record<string, string[]>; relative: (id: string) => string },
): Map<string, string>;
export function chunkName(key: string): string;
export function screenChunks(options?: { extra?: Record<string, string[]> }): {
  plugin: Plugin;
  group: { name: (id: string) => string | null; includeDependenciesRecursively: boolean; test: (id: string) => boolean };
};
