export interface ContractEntry {
  name: string;
  file: string;
  what: string;
  lines: string[];
  count?: [RegExp, number];
}
export function installedPath(name: string, file: string): string;
export function readInstalled(name: string, file: string): string;
export function packageVersion(name: string, read?: (name: string, file: string) => string): string;
export function proveContract(patch: string, entries: ContractEntry[], options: { read?: (name: string, file: string) => string; todo: string }): void;
