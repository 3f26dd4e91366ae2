import { describe, expect, it } from 'vitest';
import { routePattern } from './boot-preload.mjs';

const matches = (file, path) => new RegExp(routePattern(file).source).test(path);

describe('boot.js route patterns (TanStack file-route names)', () => {
  it('reads static, index, parameter and catch-all routes', () => {
    expect(matches('login', '/login')).toBe(true);
    expect(matches('_cabinet/tasks.index', '/tasks')).toBe(true);
    expect(matches('_cabinet/tasks.index', '/tasks/5')).toBe(false);
    expect(matches('_cabinet/tasks.$id', '/tasks/5')).toBe(true);
    expect(matches('_cabinet/tasks.$id', '/tasks-archive')).toBe(false);
    expect(matches('_cabinet/tasks-archive', '/tasks-archive')).toBe(true);
    expect(matches('_cabinet/programs.create.$code1C', '/programs/create/START-2026')).toBe(true);
    expect(matches('_cabinet/programs.$id', '/programs/create/START-2026')).toBe(false);
    expect(matches('_cabinet/$', '/anything/at/all')).toBe(true);
  });

  it('ranks static routes before parameters and the catch-all last', () => {
    const rank = (file) => routePattern(file).rank;
    expect(rank('_cabinet/calendar')).toBeLessThan(rank('_cabinet/programs.$id'));
    expect(rank('_cabinet/programs.$id')).toBeLessThan(rank('_cabinet/$'));
  });
});
