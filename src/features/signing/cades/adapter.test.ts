import { describe, expect, it } from 'vitest';
import { commonName, createCadesAdapter } from './adapter';
import { SigningError } from './errors';
import { installFakeCadesPlugin, type FakeCadesOptions, type FakeCadesRecord } from './fake-plugin';
import { loadCadesPlugin } from './loader';
import type { CadesPluginLike } from './object-model';

const PETROV = {
  subject: 'CN=Петров Алексей Иванович, O=ООО «НейроТех», C=RU',
  issuer: 'CN="УЦ ФНС России", O=ФНС России, C=RU',
  validFrom: '2026-01-10T07:00:00.000Z',
  validTo: '2027-01-10T07:00:00.000Z',
  thumbprint: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
};
const TOKEN = { ...PETROV, subject: 'CN=Петров А. И. (токен)', thumbprint: 'BBBB', containerOnly: true };
const UNTRUSTED = { ...PETROV, subject: 'CN=Самоподписанный', thumbprint: 'CCCC', signError: 'Не удается построить цепочку сертификатов для доверенного корневого центра. (0x800B010A)' };
const NO_KEY = { ...PETROV, subject: 'CN=Без ключа', thumbprint: 'DDDD', hasPrivateKey: false, signError: 'Не удается найти закрытый ключ (0x8009200B)' };
const CANCEL = { ...PETROV, subject: 'CN=Отмена', thumbprint: 'EEEE', signError: 'Действие было отменено пользователем. (0x8010006E)' };

function setup(options: Partial<FakeCadesOptions> = {}) {
  const target: Record<string, unknown> = {};
  installFakeCadesPlugin({ certificates: [PETROV, TOKEN, UNTRUSTED, NO_KEY, CANCEL], ...options }, target);
  const plugin = target.cadesplugin as CadesPluginLike;
  return { plugin, record: target.__fakeCades as FakeCadesRecord, adapter: createCadesAdapter(plugin, { hashThreshold: 64, hashChunk: 16 }) };
}

describe('CAdES adapter against the plug-in object model', () => {
  it('reads the plug-in and CSP versions', async () => {
    expect(await setup({ pluginVersion: '2.0.14660' }).adapter.about()).toEqual({ pluginVersion: '2.0.14660', cspVersion: '5.0.12500' });
    expect((await setup({ cspVersion: null }).adapter.about()).cspVersion).toBeNull();
  });

  it('lists the "My" store and the container store once each, 1-based', async () => {
    const { adapter, record } = setup();
    const certs = await adapter.certificates();
    expect(certs.map((c) => c.thumbprint)).toEqual(['A1B2C3D4E5F60718293A4B5C6D7E8F9012345678', 'CCCC', 'DDDD', 'EEEE', 'BBBB']);
    expect(certs[0]).toMatchObject({ name: 'Петров Алексей Иванович', issuerName: PETROV.issuer, validTo: PETROV.validTo, hasPrivateKey: true });
    expect(certs[2]!.hasPrivateKey).toBe(false);
    expect(record.calls).toContain('Store.Open:2');
    expect(record.calls).toContain('Store.Open:100');
  });

  it('signs content as detached CAdES-BES with the whole chain, encoding set first', async () => {
    const { adapter, record } = setup();
    const signature = await adapter.sign(PETROV.thumbprint.toUpperCase(), btoa('Hello World'));
    expect(atob(signature)).toContain('FAKE-CADES-BES|a1b2c3d4');
    expect(record.signatures).toEqual([{ thumbprint: PETROV.thumbprint, mode: 'content', detached: true, length: 16, options: 1, encoding: 1 }]);
  });

  it('signs large content through HashedData + SignHash in 4-aligned chunks', async () => {
    const { adapter, record } = setup();
    const big = btoa('x'.repeat(120)); // 160 base64 characters > threshold 64
    await adapter.sign(PETROV.thumbprint, big);
    expect(record.signatures[0]).toMatchObject({ mode: 'hash', length: 160 });
    const chunks = record.calls.filter((c) => c.startsWith('Hash:')).map((c) => Number(c.slice(5)));
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(160);
    expect(chunks.every((n) => n % 4 === 0)).toBe(true);
  });

  it('finds a certificate that lives only in the container store', async () => {
    const { adapter, record } = setup();
    await adapter.sign('BBBB', btoa('data'));
    expect(record.signatures[0]!.thumbprint).toBe('BBBB');
  });

  it.each([
    ['CCCC', 'chain', 'Ошибка проверки цепочки доверия. Попробуйте использовать другой сертификат'],
    ['DDDD', 'private-key', 'Ошибка приватного ключа сертификата. Попробуйте использовать другой сертификат'],
    ['EEEE', 'cancelled', 'Операция отменена пользователем'],
    ['FFFF', 'no-certificate', 'Сертификат не найден в хранилище. Выберите другой сертификат'],
  ])('maps the failure of %s to %s', async (thumbprint, code, message) => {
    const error = await setup().adapter.sign(thumbprint, btoa('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigningError);
    expect(error).toMatchObject({ code, message });
  });

  it('reports a store failure as a SigningError', async () => {
    const error = await setup({ storeError: 'Отказано в доступе (0x80090016)' }).adapter.certificates().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'private-key' });
  });

  it('reads CN with quotes and falls back to the whole name', () => {
    expect(commonName('CN="ООО ""Ромашка""", O=x')).toBe('ООО "Ромашка"');
    expect(commonName('O=Без CN')).toBe('O=Без CN');
  });
});

describe('plug-in loader', () => {
  const doc = {} as Document;

  it('returns early when window.cadesplugin exists and waits for its promise', async () => {
    const target: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [] }, target);
    const { plugin } = await loadCadesPlugin(target as never);
    expect(typeof plugin.CreateObjectAsync).toBe('function');
  });

  it('fails with the plug-in message when the extension rejects', async () => {
    const target: Record<string, unknown> = { document: doc };
    installFakeCadesPlugin({ certificates: [], rejectLoad: 'Плагин недоступен' }, target);
    await expect(loadCadesPlugin(target as never)).rejects.toMatchObject({ code: 'plugin' });
  });

  it('fails when the extension never answers', async () => {
    const target = { document: doc, cadesplugin: { then: () => undefined, CreateObjectAsync: () => Promise.resolve() } };
    await expect(loadCadesPlugin(target as never, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'plugin' });
  });

  it('fails when the script cannot be loaded', async () => {
    const listeners: Record<string, () => void> = {};
    const script = { dataset: {} as Record<string, string>, addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) };
    const fakeDoc = { querySelector: () => null, createElement: () => script, head: { append: () => setTimeout(() => listeners.error?.(), 0) } };
    await expect(loadCadesPlugin({ document: fakeDoc as never }, { timeoutMs: 1000 })).rejects.toMatchObject({ code: 'plugin' });
  });
});
