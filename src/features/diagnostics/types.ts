/**
 * What the diagnostics page needs from a signing back end. The route passes the signing feature's provider, which
 * has this shape (features do not import each other).
 */
export interface DiagnosticsCertificate {
  name: string;
  thumbprint: string;
  validFrom: string;
  validTo: string;
  subjectName: string;
  issuerName: string;
}

export interface DiagnosticsStatus {
  pluginLoaded: boolean;
  pluginWorks: boolean;
  cspLoaded: boolean;
  enumerated: boolean;
  pluginVersion: string | null;
  cspVersion: string | null;
  error: string | null;
}

export interface DiagnosticsProvider {
  mode: 'plugin' | 'demo';
  demoLabel: string | null;
  status(): Promise<DiagnosticsStatus>;
  certificates(): Promise<DiagnosticsCertificate[]>;
  sign(thumbprint: string, contentBase64: string): Promise<string>;
}
