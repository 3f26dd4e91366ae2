import type { Plugin } from 'vite';

export function takeTokensFromSnapshot(code: string): string;
export function encodeToken(token: unknown, formatCssVar: unknown, prefix: string): unknown[];
export function encodeTokens(dictionary: unknown): unknown[];
export function tokensModule(entries: unknown[], names: string[]): string;
export const CHAKRA: string;
export function compareDictionaries(expected: unknown, actual: unknown): void;
export function proveTokenSnapshot(input: { expected: unknown; runtimeConfig: unknown; entries: unknown[]; rewrite?: (code: string) => string }): Promise<void>;
/** Every Vite plugin the theme module needs when the build loads it (default: none). */
export function tokenSnapshotPlugin(options?: { themePlugins?: Plugin[] }): Plugin;
