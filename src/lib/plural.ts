/** The language's own plural rules (CLDR through Intl), not a hand-written copy of them. */
const rules = new Intl.PluralRules('ru');

/**
 * Russian plural form: 1 изменение, 2 изменения, 5 изменений, 11 изменений, 21 изменение, 22 изменения. Fractions
 * (CLDR "other") take the genitive singular, like «few»: 1,5 изменения.
 */
export function pluralRu(count: number, one: string, few: string, many: string): string {
  const category = rules.select(count);
  if (category === 'one') return one;
  if (category === 'many') return many;
  return few;
}
