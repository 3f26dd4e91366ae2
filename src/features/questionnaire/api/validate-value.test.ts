// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn(async () => ({ data: {}, response: new Response('{}', { status: 200 }) }));
vi.mock('@/lib/api/clients', () => ({ api: () => ({ main: { POST: post } }) }));

const { validateValue } = await import('./validate-value');

afterEach(() => {
  localStorage.clear();
  post.mockClear();
});

describe('validateValue (SPEC §5 per-field server check)', () => {
  it('is asked while signed in', async () => {
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('access_token_expires', String(Date.now() + 3_600_000));
    expect(await validateValue('name', 'Проект')).toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('is not asked once the session is over: nothing goes out without a token (SPEC §8)', async () => {
    expect(await validateValue('name', 'Проект')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});
