export function systemFingerprint(system: unknown, asks?: { recipes?: Record<string, unknown>; slotRecipes?: Record<string, unknown>; styles?: unknown[] }): Record<string, unknown>;
export function firstDifference(a: unknown, b: unknown, path?: string): string | null;
export function appAsks(): Promise<{ recipes: Record<string, unknown>; slotRecipes: Record<string, unknown>; styles: unknown[] }>;
