/**
 * A fake CryptoPro CAdES Browser Plug-in object model for tests: unit tests call it with a target object, Playwright
 * passes it to `page.addInitScript(installFakeCadesPlugin, options)` so it runs before the app. It is self-contained
 * (no imports, no outer variables) because Playwright serialises the function's source.
 */
export interface FakeCertificate {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  thumbprint: string;
  hasPrivateKey?: boolean;
  /** Only in the container store (a token), not in "My". */
  containerOnly?: boolean;
  /** SignCades / SignHash with this certificate throws this message (e.g. "… (0x800B010A)"). */
  signError?: string;
}

export interface FakeCadesOptions {
  certificates: FakeCertificate[];
  pluginVersion?: string;
  /** null: the crypto-provider is missing (CSPVersion throws). */
  cspVersion?: [number, number, number] | null;
  /** Store.Open throws this message. */
  storeError?: string;
  /** window.cadesplugin rejects with this message (extension not answering). */
  rejectLoad?: string;
  /** Milliseconds each signature takes (lets a test see the progress texts). */
  signDelayMs?: number;
}

export interface FakeCadesRecord {
  signatures: { thumbprint: string; mode: 'content' | 'hash'; detached: boolean; length: number; options: number; encoding: number | null }[];
  calls: string[];
}

export function installFakeCadesPlugin(options: FakeCadesOptions, target?: Record<string, unknown>): void {
  const root = (target ?? (globalThis as unknown as Record<string, unknown>)) as Record<string, unknown>;
  const record: FakeCadesRecord = { signatures: [], calls: [] };
  root.__fakeCades = record;
  const fail = (message: string) => Promise.reject(new Error(message));
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  function certificateObject(c: FakeCertificate) {
    return {
      Thumbprint: Promise.resolve(c.thumbprint),
      SubjectName: Promise.resolve(c.subject),
      IssuerName: Promise.resolve(c.issuer),
      ValidFromDate: Promise.resolve(c.validFrom),
      ValidToDate: Promise.resolve(c.validTo),
      HasPrivateKey: () => Promise.resolve(c.hasPrivateKey !== false),
      __fake: c,
    };
  }

  function collection(list: FakeCertificate[]): unknown {
    return {
      Count: Promise.resolve(list.length),
      Item: (i: number) => (i >= 1 && i <= list.length ? Promise.resolve(certificateObject(list[i - 1]!)) : fail('Индекс вне диапазона (0x80070057)')),
      Find: (type: number, criteria: string) => {
        record.calls.push(`Find:${type}`);
        return Promise.resolve(collection(list.filter((c) => c.thumbprint.toUpperCase() === String(criteria).toUpperCase())));
      },
    };
  }

  function store() {
    let opened: FakeCertificate[] | null = null;
    return {
      Open: (location?: number) => {
        record.calls.push(`Store.Open:${location ?? ''}`);
        if (options.storeError) return fail(options.storeError);
        opened = location === 100 ? options.certificates : options.certificates.filter((c) => !c.containerOnly);
        return Promise.resolve();
      },
      Close: () => Promise.resolve(),
      get Certificates() {
        return opened ? Promise.resolve(collection(opened)) : fail('Хранилище не открыто (0x80070005)');
      },
    };
  }

  function signer() {
    const state: { cert: { __fake: FakeCertificate } | null; options: number } = { cert: null, options: 0 };
    return {
      __state: state,
      propset_Certificate: (cert: { __fake: FakeCertificate }) => ((state.cert = cert), Promise.resolve()),
      propset_Options: (value: number) => ((state.options = value), Promise.resolve()),
      propset_CheckCertificate: () => Promise.resolve(),
    };
  }

  function fakeSignature(thumbprint: string, payload: string): string {
    let h = 2166136261;
    for (let i = 0; i < payload.length; i++) h = Math.imul(h ^ payload.charCodeAt(i), 16777619) >>> 0;
    return btoa(`FAKE-CADES-BES|${thumbprint}|${payload.length}|${h.toString(16)}|detached`);
  }

  function signedData() {
    const state: { encoding: number | null; content: string | null } = { encoding: null, content: null };
    const sign = async (s: ReturnType<typeof signer>, mode: 'content' | 'hash', payload: string, detached: boolean) => {
      const cert = s.__state.cert?.__fake;
      if (!cert) throw new Error('Не задан сертификат подписанта (0x80070057)');
      if (options.signDelayMs) await wait(options.signDelayMs);
      if (cert.signError) throw new Error(cert.signError);
      record.signatures.push({ thumbprint: cert.thumbprint, mode, detached, length: payload.length, options: s.__state.options, encoding: state.encoding });
      return fakeSignature(cert.thumbprint, payload);
    };
    return {
      propset_ContentEncoding: (value: number) => ((state.encoding = value), Promise.resolve()),
      propset_Content: (value: string) => {
        if (state.encoding === null) return fail('Кодировка содержимого не задана до содержимого (0x80070057)');
        state.content = value;
        return Promise.resolve();
      },
      SignCades: (s: ReturnType<typeof signer>, type: number, detached: boolean) => {
        if (type !== 1) return fail('Неверный тип подписи (0x80070057)');
        return sign(s, 'content', state.content ?? '', detached);
      },
      SignHash: (hashed: { __state: { data: string; algorithm: number | null } }, s: ReturnType<typeof signer>, type: number) => {
        if (type !== 1) return fail('Неверный тип подписи (0x80070057)');
        if (hashed.__state.algorithm !== 101) return fail('Неверный алгоритм хэширования (0x80090008)');
        return sign(s, 'hash', hashed.__state.data, true);
      },
    };
  }

  function hashedData() {
    const state = { data: '', algorithm: null as number | null, encoding: null as number | null };
    return {
      __state: state,
      propset_Algorithm: (value: number) => ((state.algorithm = value), Promise.resolve()),
      propset_DataEncoding: (value: number) => ((state.encoding = value), Promise.resolve()),
      Hash: (chunk: string) => {
        record.calls.push(`Hash:${chunk.length}`);
        state.data += chunk;
        return Promise.resolve();
      },
    };
  }

  function about() {
    return {
      Version: Promise.resolve(options.pluginVersion ?? '2.0.15000'),
      CSPVersion: () => {
        const v = options.cspVersion === undefined ? [5, 0, 12500] : options.cspVersion;
        if (!v) return fail('Не удается найти поставщика (0x80090017)');
        return Promise.resolve({ MajorVersion: Promise.resolve(v[0]), MinorVersion: Promise.resolve(v[1]), BuildVersion: Promise.resolve(v[2]) });
      },
    };
  }

  const loaded = options.rejectLoad ? Promise.reject(new Error(options.rejectLoad)) : Promise.resolve();
  loaded.catch(() => undefined);
  const plugin: Record<string, unknown> = {
    then: (ok: (v: unknown) => void, ko: (e: unknown) => void) => loaded.then(() => ok(undefined), ko),
    CreateObjectAsync: (progId: string) => {
      record.calls.push(`Create:${progId}`);
      switch (progId) {
        case 'CAdESCOM.About':
          return Promise.resolve(about());
        case 'CAdESCOM.Store':
          return Promise.resolve(store());
        case 'CAdESCOM.CPSigner':
          return Promise.resolve(signer());
        case 'CAdESCOM.CadesSignedData':
          return Promise.resolve(signedData());
        case 'CAdESCOM.HashedData':
          return Promise.resolve(hashedData());
        default:
          return fail(`Неизвестный объект ${progId} (0x80040154)`);
      }
    },
    CAPICOM_CURRENT_USER_STORE: 2,
    CAPICOM_MY_STORE: 'My',
    CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED: 2,
    CADESCOM_CONTAINER_STORE: 100,
    CAPICOM_CERTIFICATE_FIND_SHA1_HASH: 0,
    CADESCOM_CADES_BES: 1,
    CADESCOM_BASE64_TO_BINARY: 1,
    CAPICOM_CERTIFICATE_INCLUDE_WHOLE_CHAIN: 1,
    CADESCOM_HASH_ALGORITHM_CP_GOST_3411_2012_256: 101,
  };
  root.cadesplugin = plugin;
}
