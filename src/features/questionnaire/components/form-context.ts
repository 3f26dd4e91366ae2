import { createContext, useContext } from 'react';
import type { FormDefinition } from '../model/definition';
import type { FormStore } from '../model/form-store';

/** What every part of the engine needs: the definition, the per-slot store and where the form saves to. */
export interface FormContextValue {
  def: FormDefinition;
  store: FormStore;
  /** Point being edited; undefined for a new application. */
  pointId: number | undefined;
  /** The form's draft key (SPEC §3): kept files belong to it. */
  hash: string;
  /** A field's value changed (validation, server check, ИНН lookup). */
  onChanged: (slot: string, value: unknown) => void;
  onBlurred: (slot: string) => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('Questionnaire parts must be rendered inside QuestionnaireForm');
  return value;
}
