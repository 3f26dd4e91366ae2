import * as v from 'valibot';

/**
 * Building blocks of the routes' search schemas (valibot, read through the router's valibot adapter). A URL value is
 * a string or, after the router's own JSON parsing, a number; anything unexpected falls back instead of failing the
 * route (DESIGN.md convention 2). Kept few and small: every route's schema is part of the first-load bundle, so the schemas use a handful of valibot's
 * functions (check rather than integer/minValue/regex…).
 */

/** An integer within [min, max], from 3 or '3'. */
export const intParam = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(Number),
    v.check((n) => Number.isInteger(n) && n >= min && n <= max),
  );

/** Text cut to `max` characters; a number counts as its digits. */
export const textParam = (max: number) => v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.transform((text) => text.slice(0, max)));

/** An optional key: a bad value is left out (undefined) rather than failing the route. */
export const optionalParam = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/** A key with a default: missing or bad, it reads as `fallback` (and links may leave it out). */
export const defaultParam = <S extends v.GenericSchema>(schema: S, fallback: v.InferOutput<S>) => v.fallback(v.optional(schema, fallback), fallback);
