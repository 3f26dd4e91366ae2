import type { Plugin } from 'vite';

export function cssText(stylesList: unknown[]): string;
export function systemCss(): Promise<string>;
export function systemCssPlugin(): Plugin;
