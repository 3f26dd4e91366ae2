/** `findIndex(range, (x) => …)`: the calendar passes an array and a function only. */
export default function findIndex<T>(array: readonly T[], predicate: (value: T, index: number) => unknown): number {
  return array.findIndex(predicate);
}
