import { describe, expect, it } from 'vitest';
import { canSignDiagnostics } from './can-sign';
import { certificateState, formatCertDate, readableName, textToBase64 } from './certificate-info';
import type { ProviderStatus } from '@/lib/signing-provider';

const ready: ProviderStatus = { pluginLoaded: true, pluginWorks: true, cspLoaded: true, enumerated: true, pluginVersion: '2.0', cspVersion: '5.0', error: null };

describe('diagnostics "Подписать" (SPEC §4)', () => {
  it.each<[string, Partial<ProviderStatus> | null, boolean, string, boolean]>([
    ['everything ready', {}, true, 'Hello World', true],
    ['no certificate', {}, false, 'Hello World', false],
    ['no data', {}, true, '', false],
    ['plug-in not loaded', { pluginLoaded: false }, true, 'x', false],
    ['plug-in not working', { pluginWorks: false }, true, 'x', false],
    ['no crypto-provider', { cspLoaded: false }, true, 'x', false],
    ['objects not enumerated', { enumerated: false }, true, 'x', false],
    ['status unknown', null, true, 'x', false],
    ['whitespace is data', {}, true, ' ', true],
  ])('%s', (_name, patch, chosen, data, expected) => {
    expect(canSignDiagnostics({ certificateChosen: chosen, status: patch ? { ...ready, ...patch } : null, data })).toBe(expected);
  });
});

describe('certificate info', () => {
  const now = Date.UTC(2026, 5, 1);
  it.each([
    ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'Действителен', true],
    ['2025-01-01T00:00:00Z', '2026-05-31T23:59:00Z', 'Срок действия истек', false],
    ['2026-07-01T00:00:00Z', '2027-01-01T00:00:00Z', 'Срок действия не наступил', false],
  ])('%s – %s → %s', (validFrom, validTo, text, usable) => {
    expect(certificateState({ validFrom, validTo }, now)).toEqual({ text, usable });
  });

  it('formats dates and names', () => {
    expect(formatCertDate('2026-01-10T07:05:00Z')).toBe('10.01.2026 10:05');
    expect(readableName('CN=Петров А. И., O=ООО «НейроТех»')).toBe('Петров А. И.');
    expect(readableName('O=Без имени')).toBe('O=Без имени');
  });

  it('encodes UTF-8 text as base64', () => {
    expect(textToBase64('Hello World')).toBe('SGVsbG8gV29ybGQ=');
    expect(atob(textToBase64('Привет'))).toHaveLength(12);
  });
});
