import { lazy, type ComponentType } from 'react';
import type { DataType } from '../../model/definition';
import {
  AgreeInput,
  CheckboxListInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  RadioInput,
  SelectInput,
  SelectOtherInput,
  TextInput,
  TextareaInput,
  type InputProps,
} from './inputs';

/** Issue 19: loaded when a form shows its first searchable list (field-view.tsx holds the Suspense boundary). */
const ComboboxInput = lazy(() => import('./combobox-input').then((m) => ({ default: m.ComboboxInput })));

/**
 * DESIGN.md convention 8: adding a field type is one component plus one entry here. Types that hold no typed value
 * (hidden, group, actionButton, rules) and files (file, dropFile) have their own views in field-view.tsx.
 */
export const VALUE_INPUTS: Partial<Record<DataType, ComponentType<InputProps>>> = {
  text: TextInput,
  email: TextInput,
  textarea: TextareaInput,
  number: NumberInput,
  date: DateInput,
  'datetime-local': DateTimeInput,
  select: SelectInput,
  'select-other': SelectOtherInput,
  combobox: ComboboxInput,
  radio: RadioInput,
  checkbox: CheckboxListInput,
  agree: AgreeInput,
};

/** Inputs that carry their own label (the field name is the checkbox text). */
export const SELF_LABELLED: ReadonlySet<DataType> = new Set(['agree']);
/** Inputs labelled as a group (no single control for a <label for>). */
export const GROUP_LABELLED: ReadonlySet<DataType> = new Set(['radio', 'checkbox']);
