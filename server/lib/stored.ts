/** Stored records keep bookkeeping fields under a leading underscore (`_templateCode`, `_ownerId`); answers leave them out. */
export type Public<T> = Omit<T, `_${string}`>;

/** The record without its private fields; a loosely typed (any) record stays loosely typed. */
export function withoutPrivate<T>(record: T): 0 extends 1 & T ? T : Public<T> {
  return Object.fromEntries(Object.entries(record as object).filter(([k]) => !k.startsWith('_'))) as 0 extends 1 & T ? T : Public<T>;
}
