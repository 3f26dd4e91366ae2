import type { CertificateInfo, ProviderStatus, SigningProvider } from '@/lib/signing-provider';

/**
 * The labelled demo certificate store (DESIGN.md "Signing"): lets the reference back end's demo walk the whole
 * signing flow without the plug-in. Only used when config.signingMode === 'demo' (never the production default)
 * and no real plug-in is present. Its "signatures" are plain records of a SHA-256 digest, not CMS.
 */
export const DEMO_LABEL = 'ДЕМО — не является электронной подписью';

export function demoCertificates(now: number): CertificateInfo[] {
  const year = new Date(now).getUTCFullYear();
  const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 7, 0)).toISOString();
  return [
    {
      name: 'ДЕМО Петров Алексей Иванович',
      thumbprint: 'DE00000000000000000000000000000000000001',
      validFrom: iso(year - 1, 3, 1),
      validTo: iso(year + 1, 3, 1),
      subjectName: 'CN=ДЕМО Петров Алексей Иванович, O=ООО «НейроТех», T=Генеральный директор, C=RU',
      issuerName: 'CN=Демонстрационный УЦ (не является УЦ), O=Грантовый портал, C=RU',
      hasPrivateKey: true,
    },
    {
      name: 'ДЕМО Иванова Ольга Сергеевна',
      thumbprint: 'DE00000000000000000000000000000000000002',
      validFrom: iso(year - 1, 9, 15),
      validTo: iso(year + 1, 9, 15),
      subjectName: 'CN=ДЕМО Иванова Ольга Сергеевна, O=ООО «ГринЭнерджи», C=RU',
      issuerName: 'CN=Демонстрационный УЦ (не является УЦ), O=Грантовый портал, C=RU',
      hasPrivateKey: true,
    },
    {
      name: 'ДЕМО Сидоров Пётр Петрович (истёкший)',
      thumbprint: 'DE00000000000000000000000000000000000003',
      validFrom: iso(year - 3, 1, 10),
      validTo: iso(year - 1, 1, 10),
      subjectName: 'CN=ДЕМО Сидоров Пётр Петрович, O=ООО «Квант», C=RU',
      issuerName: 'CN=Демонстрационный УЦ (не является УЦ), O=Грантовый портал, C=RU',
      hasPrivateKey: true,
    },
  ];
}

async function digestHex(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (globalThis.crypto?.subtle) {
    const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  // Insecure contexts have no SubtleCrypto: a 32-bit FNV-1a keeps the demo working.
  let h = 2166136261;
  for (const b of bytes) h = Math.imul(h ^ b, 16777619) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function createDemoProvider(now: () => number = Date.now): SigningProvider {
  const status: ProviderStatus = { pluginLoaded: true, pluginWorks: true, cspLoaded: true, enumerated: true, pluginVersion: 'демо', cspVersion: 'демо', error: null };
  return {
    mode: 'demo',
    demoLabel: DEMO_LABEL,
    status: async () => status,
    certificates: async () => demoCertificates(now()),
    async sign(thumbprint, contentBase64) {
      const cert = demoCertificates(now()).find((c) => c.thumbprint === thumbprint);
      if (!cert) throw new Error('Сертификат не найден в демонстрационном хранилище');
      if (Date.parse(cert.validTo) < now()) throw new Error('Срок действия сертификата истек (0x800B0101)');
      const record = { label: DEMO_LABEL, signer: cert.subjectName, thumbprint, sha256: await digestHex(contentBase64), signedAt: new Date(now()).toISOString() };
      return toBase64(`ДЕМО-ПОДПИСЬ ${JSON.stringify(record)}`);
    },
  };
}
