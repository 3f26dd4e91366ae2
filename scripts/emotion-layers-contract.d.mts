import type { Plugin } from 'vite';
import type { ContractEntry } from './package-contract.mjs';

export const EMOTION_CONTRACT: ContractEntry[];
export function proveEmotionContract(read?: (name: string, file: string) => string): void;
export function chakraBlockKinds(): Promise<Set<string>>;
export function proveTapeRow(kinds?: Set<string>): Promise<void>;
export function emotionLayersContract(): Plugin;
