import type { Plugin } from 'vite';

export function takeTokensFromSnapshot(code: string): string;
export function encodeToken(token: unknown, formatCssVar: unknown, prefix: string): unknown[];
export function encodeTokens(dictionary: unknown): unknown[];
export function tokensModule(entries: unknown[], names: string[]): string;
export function tokenSnapshotPlugin(): Plugin;
