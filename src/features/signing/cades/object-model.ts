/**
 * The part of the CryptoPro CAdES Browser Plug-in async object model the adapter uses (window.cadesplugin with
 * CreateObjectAsync; every property read and call returns a promise; collections are 1-based). Unit tests and
 * Playwright pass a fake object that implements exactly this.
 */
export interface CadesPluginLike {
  CreateObjectAsync(progId: string): Promise<unknown>;
  /** The official loader makes window.cadesplugin a promise that settles when the extension answers. */
  then?: (onFulfilled: (value: unknown) => void, onRejected: (reason: unknown) => void) => unknown;
  [constant: string]: unknown;
}

export interface AsyncCertificate {
  Thumbprint: Promise<string> | string;
  SubjectName: Promise<string> | string;
  IssuerName: Promise<string> | string;
  ValidFromDate: Promise<string | Date> | string | Date;
  ValidToDate: Promise<string | Date> | string | Date;
  HasPrivateKey(): Promise<boolean>;
}

export interface AsyncCertificates {
  Count: Promise<number> | number;
  Item(index: number): Promise<AsyncCertificate>;
  Find(findType: number, criteria: string, validOnly?: boolean): Promise<AsyncCertificates>;
}

export interface AsyncStore {
  Open(location?: number, name?: string, mode?: number): Promise<void>;
  Close(): Promise<void>;
  Certificates: Promise<AsyncCertificates> | AsyncCertificates;
}

export interface AsyncAbout {
  Version: Promise<string> | string;
  CSPVersion(provider: string, type: number): Promise<AsyncVersion>;
  CSPName?(type: number): Promise<string>;
}

export interface AsyncVersion {
  MajorVersion: Promise<number> | number;
  MinorVersion: Promise<number> | number;
  BuildVersion: Promise<number> | number;
}

export interface AsyncSigner {
  propset_Certificate(cert: AsyncCertificate): Promise<void>;
  propset_Options(options: number): Promise<void>;
  propset_CheckCertificate?(check: boolean): Promise<void>;
}

export interface AsyncSignedData {
  propset_ContentEncoding(encoding: number): Promise<void>;
  propset_Content(content: string): Promise<void>;
  SignCades(signer: AsyncSigner, type: number, detached: boolean): Promise<string>;
  SignHash(hashed: AsyncHashedData, signer: AsyncSigner, type: number): Promise<string>;
}

export interface AsyncHashedData {
  propset_Algorithm(algorithm: number): Promise<void>;
  propset_DataEncoding(encoding: number): Promise<void>;
  Hash(data: string): Promise<void>;
}

/** Constant values as defined by cadesplugin_api.js; read from the plug-in object first. */
export const CADES_DEFAULTS = {
  CAPICOM_CURRENT_USER_STORE: 2,
  CAPICOM_MY_STORE: 'My',
  CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED: 2,
  CADESCOM_CONTAINER_STORE: 100,
  CAPICOM_CERTIFICATE_FIND_SHA1_HASH: 0,
  CADESCOM_CADES_BES: 1,
  CADESCOM_BASE64_TO_BINARY: 1,
  CAPICOM_CERTIFICATE_INCLUDE_WHOLE_CHAIN: 1,
  CADESCOM_HASH_ALGORITHM_CP_GOST_3411_2012_256: 101,
} as const;

export type CadesConstant = keyof typeof CADES_DEFAULTS;

export function constant<K extends CadesConstant>(plugin: CadesPluginLike, key: K): (typeof CADES_DEFAULTS)[K] {
  const value = plugin[key];
  return (value === undefined ? CADES_DEFAULTS[key] : value) as (typeof CADES_DEFAULTS)[K];
}
