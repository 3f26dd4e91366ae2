import type { Plugin } from 'vite';

export const APP_LOCALE: string;
export const localeDirModule: string;
export function localeDir(): Plugin;
