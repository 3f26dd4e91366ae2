import { describe, expect, it } from 'vitest';
import { installFakeCadesPlugin } from './cades/fake-plugin';
import { DEMO_LABEL, createDemoProvider, demoCertificates } from './demo-store';
import { createPluginProvider, signingProvider } from './provider';
import { certificateStatus } from './certificate-status';

const doc = {} as Document;
const CERT = { subject: 'CN=Тест', issuer: 'CN=УЦ', validFrom: '2026-01-01T00:00:00Z', validTo: '2099-01-01T00:00:00Z', thumbprint: 'AA' };

describe('signing providers', () => {
  it('the demo store is labelled, has an expired certificate and refuses to sign with it', async () => {
    const now = Date.UTC(2026, 5, 1);
    const demo = createDemoProvider(() => now);
    expect(demo.demoLabel).toBe(DEMO_LABEL);
    const certs = await demo.certificates();
    expect(certs.map((c) => certificateStatus(c, now).selectable)).toEqual([true, true, false]);
    const signature = await demo.sign(certs[0]!.thumbprint, btoa('Hello World'));
    const text = new TextDecoder().decode(Uint8Array.from(atob(signature), (c) => c.charCodeAt(0)));
    expect(text).toContain(DEMO_LABEL);
    expect(text).toContain('a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e'); // SHA-256 of "Hello World"
    await expect(demo.sign(certs[2]!.thumbprint, btoa('x'))).rejects.toThrow(/истек/);
    expect(demoCertificates(now)).toHaveLength(3);
  });

  it('the plug-in provider reports each diagnostics step', async () => {
    const target: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [CERT], pluginVersion: '2.0.1' }, target);
    expect(await createPluginProvider(target as never).status()).toEqual({
      pluginLoaded: true,
      pluginWorks: true,
      cspLoaded: true,
      enumerated: true,
      pluginVersion: '2.0.1',
      cspVersion: '5.0.12500',
      error: null,
    });
  });

  it('stops at the first failing step with its message', async () => {
    const noCsp: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [], cspVersion: null }, noCsp);
    expect(await createPluginProvider(noCsp as never).status()).toMatchObject({ pluginWorks: true, cspLoaded: false, enumerated: false, error: expect.stringMatching(/Криптопровайдер/) });

    const badStore: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [], storeError: 'Отказано (0x80090016)' }, badStore);
    expect(await createPluginProvider(badStore as never).status()).toMatchObject({ cspLoaded: true, enumerated: false, error: expect.stringMatching(/^Ошибка получения сертификатов: Ошибка приватного ключа/) });

    const rejected: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [], rejectLoad: 'Плагин недоступен' }, rejected);
    expect(await createPluginProvider(rejected as never).status()).toMatchObject({ pluginLoaded: false, error: expect.stringMatching(/не загружен/) });
  });

  it('uses the demo store only in demo mode without a plug-in', () => {
    const withPlugin: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [] }, withPlugin);
    expect(signingProvider('demo', withPlugin as never).mode).toBe('plugin');
    expect(signingProvider('plugin', { document: doc }).mode).toBe('plugin');
    expect(signingProvider('demo', { document: doc }).mode).toBe('demo');
  });
});
