import * as v from 'valibot';

/**
 * The first message per top-level key of a valibot schema's answer: the rules files keep one validate…() for unit
 * tests and callers that want a plain { field: message } map, from the same schema the form validates with.
 */
export function firstIssues<T extends object>(schema: v.GenericSchema<T>, value: T): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const issue of v.safeParse(schema, value).issues ?? []) {
    const key = issue.path?.[0]?.key as keyof T | undefined;
    if (key !== undefined && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** The text of a TanStack Form field's first error (schema issues carry { message }, plain validators a string). */
export function fieldErrorText(errors: readonly unknown[]): string | undefined {
  for (const error of errors.flat()) {
    if (typeof error === 'string' && error) return error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  }
  return undefined;
}
