import type { Plugin } from 'vite';

export const SW_OUTBOX_FILE: string;
export function swOutboxPlugin(): Plugin;
export function buildSwOutbox(outDir: string): Promise<void>;
