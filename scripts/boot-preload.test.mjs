import { describe, expect, it } from 'vitest';
import { BOOT_FRAME, routePattern } from './boot-preload.mjs';

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

describe('boot.js shell frame (html[data-boot], index.html)', () => {
  /** Runs the frame picker with an address and local storage; returns the attribute it set (null when none). */
  const frameFor = (pathname, token, { storageThrows = false } = {}) => {
    const attributes = {};
    const localStorage = {
      getItem: (key) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === 'access_token' ? token : null;
      },
    };
    const document = { documentElement: { setAttribute: (name, value) => (attributes[name] = value) } };
    new Function('location', 'localStorage', 'document', BOOT_FRAME)({ pathname }, localStorage, document);
    return attributes['data-boot'] ?? null;
  };

  it('paints the sign-in card on /login and where the app will send a visitor without a session', () => {
    expect(frameFor('/login', null)).toBe('login');
    expect(frameFor('/login/', 'token')).toBe('login');
    expect(frameFor('/tasks', null)).toBe('login');
    expect(frameFor('/', null)).toBe('login');
  });

  it('paints the cabinet frame on cabinet addresses with a session kept', () => {
    expect(frameFor('/tasks', 'token')).toBe('cabinet');
    expect(frameFor('/programs/create/START-2026', 'token')).toBe('cabinet');
    expect(frameFor('/', 'token')).toBe('cabinet');
  });

  it('paints nothing on the sign-in hand-over pages or when storage is refused', () => {
    expect(frameFor('/callback', null)).toBeNull();
    expect(frameFor('/personal-account-v2-auth', 'token')).toBeNull();
    expect(frameFor('/tasks', null, { storageThrows: true })).toBeNull();
  });
});
