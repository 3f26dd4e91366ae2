import type { Plugin } from 'vite';

interface ModuleLinks {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

export function cabinetModules(graph: { entries: string[]; roots: string[]; info: (id: string) => ModuleLinks | null; relative: (id: string) => string }): Set<string>;
export function cabinetChunk(roots: string[]): {
  plugin: Plugin;
  group: { name: string; includeDependenciesRecursively: boolean; test: (id: string) => boolean };
};
