import { describe, expect, it } from 'vitest';
import { chunkName, screenSets } from './screen-chunks.mjs';

// The output of a build with the default chunking: the entry, the cabinet layout with its recipes, two screens sharing
// a chunk with a dialog that /tasks opens later, the sign-in page, and what a dialog alone loads.
const chunks = [
  { fileName: 'index.js', isEntry: true, imports: [], moduleIds: ['src/main.tsx', 'react'] },
  { fileName: 'login.js', isEntry: false, imports: ['index.js'], moduleIds: ['src/routes/login.tsx?tsr-split=component', 'chakra/card.js'] },
  { fileName: 'cabinet.js', isEntry: false, imports: ['index.js', 'badge.js'], moduleIds: ['src/routes/_cabinet.tsx?tsr-split=component', 'src/shell.tsx'] },
  { fileName: 'theme-cabinet.js', isEntry: false, imports: [], moduleIds: ['src/app/theme-cabinet.ts'] },
  { fileName: 'tasks.js', isEntry: false, imports: ['index.js', 'table.js', 'flex.js'], moduleIds: ['src/routes/_cabinet/tasks.index.tsx?tsr-split=component', 'src/task-row.tsx'] },
  { fileName: 'programs.js', isEntry: false, imports: ['index.js', 'flex.js'], moduleIds: ['src/routes/_cabinet/programs.index.tsx?tsr-split=component'] },
  { fileName: 'table.js', isEntry: false, imports: [], moduleIds: ['chakra/table.js'] },
  { fileName: 'flex.js', isEntry: false, imports: [], moduleIds: ['chakra/flex.js'] },
  { fileName: 'badge.js', isEntry: false, imports: [], moduleIds: ['chakra/badge.js'] },
  { fileName: 'dialog.js', isEntry: false, imports: ['flex.js', 'select.js'], moduleIds: ['src/dialog.tsx'] },
  { fileName: 'select.js', isEntry: false, imports: [], moduleIds: ['chakra/select.js'] },
];
const sets = screenSets(chunks, { extra: { _cabinet: ['src/app/theme-cabinet.ts'] }, relative: (id) => id });

describe('screen chunks: modules grouped by the screens that load them first', () => {
  it("a screen's set holds its own modules, its layout's and the layout's extra modules", () => {
    expect(sets.get('src/task-row.tsx')).toBe('_cabinet/tasks.index');
    expect(sets.get('chakra/table.js')).toBe('_cabinet/tasks.index');
    expect(sets.get('chakra/flex.js')).toBe('_cabinet/programs.index _cabinet/tasks.index');
    for (const id of ['src/shell.tsx', 'chakra/badge.js', 'src/app/theme-cabinet.ts']) expect(sets.get(id)).toBe('_cabinet/programs.index _cabinet/tasks.index');
    expect(sets.get('chakra/card.js')).toBe('login');
  });

  it('leaves out the startup code, the layout as a screen of its own, and what only a later dialog loads', () => {
    for (const id of ['src/main.tsx', 'react', 'src/dialog.tsx', 'chakra/select.js']) expect(sets.has(id)).toBe(false);
    expect([...sets.values()].some((key) => key.split(' ').includes('_cabinet'))).toBe(false);
  });

  it('names a chunk after its one screen, or by a stable hash of its screens', () => {
    expect(chunkName('_cabinet/tasks.index')).toBe('_cabinet_tasks.index');
    expect(chunkName('_cabinet/access-denied.$code')).toBe('_cabinet_access-denied._code');
    expect(chunkName('_cabinet/programs.index _cabinet/tasks.index')).toMatch(/^screens-[0-9a-f]{8}$/);
    expect(chunkName('_cabinet/programs.index _cabinet/tasks.index')).toBe(chunkName('_cabinet/programs.index _cabinet/tasks.index'));
    expect(chunkName('_cabinet/programs.index _cabinet/tasks.index')).not.toBe(chunkName('_cabinet/programs.index login'));
  });
});
