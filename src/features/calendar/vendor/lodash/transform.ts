/**
 * lodash's `transform` for what the calendar passes: an array or a plain object, an iteratee (accumulator, value, key)
 * that may return false to stop, and a start accumulator.
 */
export default function transform<A, V>(
  collection: readonly V[] | Record<string, V>,
  iteratee: (accumulator: A, value: V, key: number | string, collection: unknown) => unknown,
  accumulator: A,
): A {
  const entries: [number | string, V][] = Array.isArray(collection) ? collection.map((value, index) => [index, value]) : Object.entries(collection);
  for (const [key, value] of entries) if (iteratee(accumulator, value, key, collection) === false) break;
  return accumulator;
}
