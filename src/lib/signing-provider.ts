/** A certificate as the cabinet shows it (SPEC §3 "Certificate": name, thumbprint, validFrom, validTo, subjectName, issuerName). */
export interface CertificateInfo {
  name: string;
  thumbprint: string;
  /** ISO 8601. */
  validFrom: string;
  validTo: string;
  subjectName: string;
  issuerName: string;
  hasPrivateKey: boolean;
}

/** What the diagnostics page and the signing dialog ask of a signing back end (the plug-in or the demo store). */
export interface ProviderStatus {
  pluginLoaded: boolean;
  pluginWorks: boolean;
  cspLoaded: boolean;
  enumerated: boolean;
  pluginVersion: string | null;
  cspVersion: string | null;
  /** The first failure, as a clear message. */
  error: string | null;
}

export interface SigningProvider {
  mode: 'plugin' | 'demo';
  /** Shown wherever the demo store is used (DESIGN.md "Signing"). */
  demoLabel: string | null;
  status(): Promise<ProviderStatus>;
  certificates(): Promise<CertificateInfo[]>;
  /** Detached CAdES-BES of base64 content, whole chain, GOST R 34.11-2012 256 (SPEC §7, §9). */
  sign(thumbprint: string, contentBase64: string): Promise<string>;
}
