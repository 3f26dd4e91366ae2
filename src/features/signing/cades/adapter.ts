import { SigningError, toSigningError } from './errors';
import {
  constant,
  type AsyncAbout,
  type AsyncCertificate,
  type AsyncCertificates,
  type AsyncHashedData,
  type AsyncSignedData,
  type AsyncSigner,
  type AsyncStore,
  type CadesPluginLike,
} from './object-model';
import type { CertificateInfo } from '@/lib/signing-provider';

/**
 * A thin adapter over the CryptoPro CAdES Browser Plug-in async API (DESIGN.md "Signing"): About (plug-in and CSP
 * versions), Store (current user "My" store plus the container store, 1-based collections) and a detached CAdES-BES
 * signature with the whole chain and the GOST R 34.11-2012 256-bit hash. Large content goes through HashedData +
 * SignHash so the whole file never crosses the extension channel at once.
 */

/** Content above this many base64 characters (~7.5 MB of data) is signed through the hash path. */
export const HASH_PATH_THRESHOLD = 10 * 1024 * 1024;
/** Chunk size for HashedData.Hash (a multiple of 4 so every chunk decodes on its own). */
export const HASH_CHUNK = 4 * 1024 * 1024;

/** "CN=Петров Алексей, O=ООО «Рога», C=RU" → "Петров Алексей" (quoted values with "" escapes); the whole name without CN. */
export function commonName(distinguishedName: string): string {
  const match = /(?:^|,\s*)CN=(?:"((?:[^"]|"")*)"|([^,]*))/.exec(distinguishedName);
  const value = match ? (match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? '')) : '';
  return value.trim() || distinguishedName.trim();
}

function toIso(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

export interface CadesAdapter {
  about(): Promise<{ pluginVersion: string; cspVersion: string | null }>;
  certificates(): Promise<CertificateInfo[]>;
  sign(thumbprint: string, contentBase64: string): Promise<string>;
}

export function createCadesAdapter(plugin: CadesPluginLike, options: { hashThreshold?: number; hashChunk?: number } = {}): CadesAdapter {
  const threshold = options.hashThreshold ?? HASH_PATH_THRESHOLD;
  const chunk = options.hashChunk ?? HASH_CHUNK;
  const create = async <T>(progId: string) => (await plugin.CreateObjectAsync(progId)) as T;

  async function readCertificate(cert: AsyncCertificate): Promise<CertificateInfo> {
    const [thumbprint, subjectName, issuerName, validFrom, validTo] = await Promise.all([cert.Thumbprint, cert.SubjectName, cert.IssuerName, cert.ValidFromDate, cert.ValidToDate]);
    const hasPrivateKey = await cert.HasPrivateKey().catch(() => false);
    return {
      name: commonName(subjectName),
      thumbprint: String(thumbprint).toUpperCase(),
      validFrom: toIso(validFrom),
      validTo: toIso(validTo),
      subjectName,
      issuerName,
      hasPrivateKey,
    };
  }

  async function openStore(kind: 'my' | 'container'): Promise<AsyncStore> {
    const store = await create<AsyncStore>('CAdESCOM.Store');
    if (kind === 'my') {
      await store.Open(constant(plugin, 'CAPICOM_CURRENT_USER_STORE'), constant(plugin, 'CAPICOM_MY_STORE'), constant(plugin, 'CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED'));
    } else {
      await store.Open(constant(plugin, 'CADESCOM_CONTAINER_STORE'));
    }
    return store;
  }

  async function listStore(kind: 'my' | 'container'): Promise<CertificateInfo[]> {
    const store = await openStore(kind);
    try {
      const certs = await store.Certificates;
      const count = await certs.Count;
      const out: CertificateInfo[] = [];
      for (let i = 1; i <= count; i++) out.push(await readCertificate(await certs.Item(i)));
      return out;
    } finally {
      await store.Close().catch(() => undefined);
    }
  }

  async function findCertificate(thumbprint: string): Promise<{ cert: AsyncCertificate; close: () => Promise<void> }> {
    for (const kind of ['my', 'container'] as const) {
      let store: AsyncStore;
      try {
        store = await openStore(kind);
      } catch (error) {
        if (kind === 'container') break; // old CSP versions have no container store
        throw error;
      }
      const certs: AsyncCertificates = await store.Certificates;
      const found = await certs.Find(constant(plugin, 'CAPICOM_CERTIFICATE_FIND_SHA1_HASH'), thumbprint);
      if ((await found.Count) > 0) return { cert: await found.Item(1), close: () => store.Close().catch(() => undefined) };
      await store.Close().catch(() => undefined);
    }
    throw new SigningError('no-certificate');
  }

  return {
    async about() {
      try {
        const about = await create<AsyncAbout>('CAdESCOM.About');
        const pluginVersion = String(await about.Version);
        let cspVersion: string | null = null;
        try {
          const v = await about.CSPVersion('', 80);
          cspVersion = `${await v.MajorVersion}.${await v.MinorVersion}.${await v.BuildVersion}`;
        } catch {
          cspVersion = null;
        }
        return { pluginVersion, cspVersion };
      } catch (error) {
        throw toSigningError(error);
      }
    },

    async certificates() {
      try {
        const mine = await listStore('my');
        let container: CertificateInfo[] = [];
        try {
          container = await listStore('container');
        } catch {
          container = []; // CSP before 4.0 R2 has no container store: the "My" store is enough
        }
        const seen = new Set<string>();
        return [...mine, ...container].filter((c) => !seen.has(c.thumbprint) && seen.add(c.thumbprint));
      } catch (error) {
        throw toSigningError(error);
      }
    },

    async sign(thumbprint, contentBase64) {
      try {
        const { cert, close } = await findCertificate(thumbprint);
        try {
          const signer = await create<AsyncSigner>('CAdESCOM.CPSigner');
          await signer.propset_Certificate(cert);
          await signer.propset_Options(constant(plugin, 'CAPICOM_CERTIFICATE_INCLUDE_WHOLE_CHAIN'));
          if (signer.propset_CheckCertificate) await signer.propset_CheckCertificate(true);
          const signedData = await create<AsyncSignedData>('CAdESCOM.CadesSignedData');
          if (contentBase64.length > threshold) {
            const hashed = await create<AsyncHashedData>('CAdESCOM.HashedData');
            await hashed.propset_Algorithm(constant(plugin, 'CADESCOM_HASH_ALGORITHM_CP_GOST_3411_2012_256'));
            await hashed.propset_DataEncoding(constant(plugin, 'CADESCOM_BASE64_TO_BINARY'));
            const size = Math.max(4, chunk - (chunk % 4));
            for (let i = 0; i < contentBase64.length; i += size) await hashed.Hash(contentBase64.slice(i, i + size));
            return await signedData.SignHash(hashed, signer, constant(plugin, 'CADESCOM_CADES_BES'));
          }
          // The encoding must be set before the content (DESIGN.md "Signing").
          await signedData.propset_ContentEncoding(constant(plugin, 'CADESCOM_BASE64_TO_BINARY'));
          await signedData.propset_Content(contentBase64);
          return await signedData.SignCades(signer, constant(plugin, 'CADESCOM_CADES_BES'), true);
        } finally {
          await close();
        }
      } catch (error) {
        throw toSigningError(error);
      }
    },
  };
}
