import { describe, expect, it } from 'vitest';
import { cabinetModules } from './cabinet-chunk.mjs';

// A small module graph: the entry loads the app (static) and, later, the toaster and the routes (dynamic).
const graph = {
  'index.html': { importedIds: ['src/main.tsx'], dynamicallyImportedIds: [] },
  'src/main.tsx': { importedIds: ['react'], dynamicallyImportedIds: ['src/toaster.tsx', 'src/routes/login.tsx?tsr-split=component', 'src/routes/_cabinet.tsx?tsr-split=component', 'src/routes/_cabinet/tasks.index.tsx?tsr-split=component'] },
  react: { importedIds: [], dynamicallyImportedIds: [] },
  'src/toaster.tsx': { importedIds: ['chakra/close-button.js'], dynamicallyImportedIds: [] },
  'src/routes/login.tsx?tsr-split=component': { importedIds: ['chakra/card.js'], dynamicallyImportedIds: [] },
  'src/routes/_cabinet.tsx?tsr-split=component': { importedIds: ['src/shell.tsx', 'chakra/close-button.js', 'react'], dynamicallyImportedIds: ['src/profile-drawer.tsx'] },
  'src/shell.tsx': { importedIds: ['src/icons.tsx', 'chakra/card.js'], dynamicallyImportedIds: [] },
  'src/icons.tsx': { importedIds: [], dynamicallyImportedIds: [] },
  'src/profile-drawer.tsx': { importedIds: ['src/drawer.tsx'], dynamicallyImportedIds: [] },
  'src/drawer.tsx': { importedIds: [], dynamicallyImportedIds: [] },
  'src/routes/_cabinet/tasks.index.tsx?tsr-split=component': { importedIds: ['src/icons.tsx', 'src/task-row.tsx'], dynamicallyImportedIds: [] },
  'src/task-row.tsx': { importedIds: [], dynamicallyImportedIds: [] },
  'chakra/close-button.js': { importedIds: [], dynamicallyImportedIds: [] },
  'chakra/card.js': { importedIds: [], dynamicallyImportedIds: [] },
};
const modules = (roots) => [...cabinetModules({ entries: ['index.html'], roots, info: (id) => graph[id] ?? null, relative: (id) => id })].sort();

describe('the cabinet chunk group', () => {
  it('takes what the cabinet layout imports statically and nothing the rest of the app can load', () => {
    expect(modules(['src/routes/_cabinet.tsx?tsr-split=component'])).toEqual(['src/icons.tsx', 'src/routes/_cabinet.tsx?tsr-split=component', 'src/shell.tsx']);
  });

  it('never the startup code, a module the sign-in page or the toaster loads, or what the layout loads later', () => {
    const taken = modules(['src/routes/_cabinet.tsx?tsr-split=component']);
    for (const id of ['react', 'chakra/close-button.js', 'chakra/card.js', 'src/profile-drawer.tsx', 'src/drawer.tsx', 'src/task-row.tsx']) expect(taken).not.toContain(id);
  });
});
