import { pluralRu } from '@/lib/plural';
import { useSyncExternalStore } from 'react';
import { isEmptyValue } from '../rules/validators';
import { isDecorative, isFileField, type FieldDef, type FormDefinition } from './definition';
import { CHANGED, type FormStore } from './form-store';
import { indexKey, slotKey, type FormState } from './slots';

/** Required fields filled, of all required fields a person can fill (issue 17: «Заполнено 18 из 27 обязательных полей»). */
export interface Progress {
  filled: number;
  required: number;
}

export interface FormProgress extends Progress {
  sections: Map<string, Progress>;
}

/** A field counts when it is required and the person can fill it (hidden, read-only and approved fields cannot). */
const counts = (field: FieldDef) => field.required && !field.readOnly && !isDecorative(field) && field.dataType !== 'hidden';

function isFilled(field: FieldDef, state: FormState, instance: number): boolean {
  const indexes = isFileField(field) || field.multiValue ? state.valueIndexes.get(indexKey(field.code, instance)) ?? [0] : [0];
  return indexes.some((i) => !isEmptyValue(field.dataType, state.values.get(slotKey(field.code, instance, i))));
}

/** Pure count over every group instance: O(fields), no rendering. */
export function formProgress(def: FormDefinition, state: FormState): FormProgress {
  const sections = new Map<string, Progress>();
  let filled = 0;
  let required = 0;
  for (const section of def.sections) {
    const own: Progress = { filled: 0, required: 0 };
    for (const instance of state.groups.get(section.code) ?? [0]) {
      for (const field of section.fields) {
        if (!counts(field)) continue;
        own.required += 1;
        if (isFilled(field, state, instance)) own.filled += 1;
      }
    }
    sections.set(section.code, own);
    filled += own.filled;
    required += own.required;
  }
  return { filled, required, sections };
}

const cache = new WeakMap<FormStore, { version: number; progress: FormProgress }>();

/** The progress of the form, computed once per change however many views show it. */
function progressOf(store: FormStore, def: FormDefinition): FormProgress {
  const cached = cache.get(store);
  if (cached && cached.version === store.version) return cached.progress;
  const progress = formProgress(def, store.state);
  cache.set(store, { version: store.version, progress });
  return progress;
}

/**
 * "filled/required" of the whole form or of one section. A keystroke re-renders a progress view only when its
 * numbers change (the snapshot is a string), never the fields.
 */
export function useProgress(store: FormStore, def: FormDefinition, section?: string): Progress {
  const snapshot = useSyncExternalStore(
    (l) => store.subscribe(CHANGED, l),
    () => {
      const p = progressOf(store, def);
      const own = section ? p.sections.get(section) ?? { filled: 0, required: 0 } : p;
      return `${own.filled}/${own.required}`;
    },
  );
  const [filled, required] = snapshot.split('/').map(Number);
  return { filled: filled ?? 0, required: required ?? 0 };
}

/** «Заполнено 18 из 27 обязательных полей» (genitive after «из»: 1, 21 … → «обязательного поля»). */
export function progressText({ filled, required }: Progress): string {
  return `Заполнено ${filled} из ${required} ${pluralRu(required, 'обязательного поля', 'обязательных полей', 'обязательных полей')}`;
}
