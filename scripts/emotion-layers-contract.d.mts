import type { Plugin } from 'vite';

export const EMOTION_CONTRACT: [name: string, file: string, needle: string, what: string][];
export function proveEmotionContract(read?: (name: string, file: string) => string): void;
export function chakraBlockKinds(): Promise<Set<string>>;
export function proveTapeRow(kinds?: Set<string>): Promise<void>;
export function emotionLayersContract(): Plugin;
