import type { Plugin } from 'vite';

export function cssText(stylesList: unknown[]): string;
export function systemCss(): Promise<string>;
export function systemCssPlugin(): Plugin;
export const PROVIDER_CONTRACT: import('./package-contract.mjs').ContractEntry[];
export function proveProviderContract(read?: (name: string, file: string) => string): void;
