import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';

const valid = {
  apiMain: 'https://api.grants.example.ru/',
  apiContest: '/hosts/contest',
  apiMessages: '/hosts/messages',
  apiSupport: '/hosts/support',
  authorizeUrl: 'https://sso.example.ru/authorize',
  clientId: 'personal-account',
  widgetUrl: '/widget/project-widget.js',
  messagingProject: 'grants',
  signingMode: 'plugin',
};

describe('runtime config (DESIGN.md "Runtime configuration")', () => {
  it('accepts absolute and same-origin URLs and trims trailing slashes', () => {
    const config = parseConfig(valid);
    expect(config.apiMain).toBe('https://api.grants.example.ru');
    expect(config.apiContest).toBe('/hosts/contest');
  });

  it('defaults the signing mode to the plug-in', () => {
    const { signingMode: _omit, ...rest } = valid;
    expect(parseConfig(rest).signingMode).toBe('plugin');
  });

  it.each([
    [{ ...valid, apiMain: undefined }, /apiMain/],
    [{ ...valid, authorizeUrl: 'javascript:alert(1)' }, /authorizeUrl/],
    [{ ...valid, widgetUrl: '//evil.example/w.js' }, /widgetUrl/],
    [{ ...valid, messagingProject: ' ' }, /messagingProject/],
    [{ ...valid, signingMode: 'fake' }, /signingMode/],
    [[], /объект JSON/],
  ])('refuses %j with a Russian message', (raw, message) => {
    expect(() => parseConfig(raw)).toThrow(ConfigError);
    expect(() => parseConfig(raw)).toThrow(message);
  });

  it('reports a missing file and broken JSON clearly', async () => {
    await expect(loadConfig(async () => new Response('nope', { status: 404 }))).rejects.toThrow(/код 404/);
    await expect(loadConfig(async () => new Response('{broken', { status: 200 }))).rejects.toThrow(/неверный JSON/);
    await expect(
      loadConfig(async () => {
        throw new TypeError('offline');
      }),
    ).rejects.toThrow(/нет соединения/);
  });
});
