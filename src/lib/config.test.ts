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

  it("reports a missing file and broken JSON clearly (no kept copy)", async () => {
    await expect(loadConfig(async () => new Response('nope', { status: 404 }), { storage: null })).rejects.toThrow(/код 404/);
    await expect(loadConfig(async () => new Response('{broken', { status: 200 }), { storage: null })).rejects.toThrow(/неверный JSON/);
    await expect(
      loadConfig(
        async () => {
          throw new TypeError('offline');
        },
        { storage: null },
      ),
    ).rejects.toThrow(/нет соединения/);
  });
});

describe('last-known-good config (DESIGN.md: the app never refuses to start offline)', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };
  const ok = async () => new Response(JSON.stringify(valid), { status: 200 });

  it('keeps every good copy and starts from it when the file cannot be read', async () => {
    const storage = memory();
    await loadConfig(ok, { storage });
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await loadConfig(offline, { storage })).apiMain).toBe('https://api.grants.example.ru');
    expect((await loadConfig(async () => new Response('gone', { status: 503 }), { storage })).clientId).toBe('personal-account');
    expect((await loadConfig(async () => new Response('{broken', { status: 200 }), { storage })).apiContest).toBe('/hosts/contest');
  });

  it('gives way to the kept copy when the request hangs', async () => {
    const storage = memory();
    await loadConfig(ok, { storage });
    const hanging = (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect((await loadConfig(hanging as typeof fetch, { storage, timeoutMs: 20 })).apiSupport).toBe('/hosts/support');
  });

  it('without a kept copy the start-up error stays; a damaged kept copy is ignored', async () => {
    const storage = memory();
    storage.setItem('cabinet_config', '{"apiMain": 1}');
    await expect(
      loadConfig(
        async () => {
          throw new TypeError('offline');
        },
        { storage },
      ),
    ).rejects.toThrow(/нет соединения/);
    await expect(loadConfig(async () => new Response('{}', { status: 200 }), { storage: memory() })).rejects.toThrow(ConfigError);
  });

  it('a new config replaces the kept one', async () => {
    const storage = memory();
    await loadConfig(ok, { storage });
    await loadConfig(async () => new Response(JSON.stringify({ ...valid, clientId: 'new-client' }), { status: 200 }), { storage });
    expect((await loadConfig(async () => new Response('', { status: 500 }), { storage })).clientId).toBe('new-client');
  });
});
