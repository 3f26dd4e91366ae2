import { describe, expect, it, vi } from 'vitest';
import { takeEarlyAnswer } from './early-calls';

const URL_INFO = 'http://cabinet.test/hosts/main/v1/users/info';
const answer = () => Promise.resolve(new Response('{"id":7}', { status: 200 }));
const get = (url: string, token: string, method = 'GET') => new Request(url, { method, headers: { Authorization: `Bearer ${token}` } });

describe('answers of the calls boot.js started before the app ran', () => {
  it('are taken once, for the same GET with the same token', async () => {
    const early = { [URL_INFO]: { auth: 'Bearer abc', answer: answer() } };
    const taken = takeEarlyAnswer(get(URL_INFO, 'abc'), early);
    expect(await (await taken!).json()).toEqual({ id: 7 });
    expect(takeEarlyAnswer(get(URL_INFO, 'abc'), early)).toBeUndefined();
  });

  it('are not taken for another token (a sign-in in another tab meanwhile), another method or another address', () => {
    expect(takeEarlyAnswer(get(URL_INFO, 'new'), { [URL_INFO]: { auth: 'Bearer abc', answer: answer() } })).toBeUndefined();
    expect(takeEarlyAnswer(get(URL_INFO, 'abc', 'POST'), { [URL_INFO]: { auth: 'Bearer abc', answer: answer() } })).toBeUndefined();
    expect(takeEarlyAnswer(get(`${URL_INFO}?x=1`, 'abc'), { [URL_INFO]: { auth: 'Bearer abc', answer: answer() } })).toBeUndefined();
    expect(takeEarlyAnswer(get(URL_INFO, 'abc'), {})).toBeUndefined();
  });
});

describe('a boot.js that ran after the app had started', () => {
  it('is never listened to (its answers may be older than the calls the app made itself)', async () => {
    vi.resetModules();
    const { takeEarlyAnswer: take } = await import('./early-calls');
    const boot = { early: { [URL_INFO]: { auth: 'Bearer abc', answer: answer() } } };
    (globalThis as { __cabinetBoot?: unknown }).__cabinetBoot = boot;
    try {
      expect(take(get(URL_INFO, 'abc'))).toBeUndefined();
      vi.resetModules();
      const started = await import('./early-calls');
      expect(await (await started.takeEarlyAnswer(get(URL_INFO, 'abc'))!).json()).toEqual({ id: 7 });
    } finally {
      delete (globalThis as { __cabinetBoot?: unknown }).__cabinetBoot;
    }
  });
});
