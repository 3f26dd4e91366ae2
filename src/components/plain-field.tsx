import { Field, useField, useFieldContext } from '@ark-ui/react/field';
import { forwardRef, type ComponentProps, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

/**
 * Form field parts for forms with many fields (the questionnaire: up to 300). They keep Ark's field behaviour that
 * Chakra's `Field`, `Input` and `NativeSelect` are built on (the label bound to its input, help and error text in
 * `aria-describedby` by the error and help texts, `aria-invalid`, `required`), but are drawn by the theme's classes of
 * app/hot-styles.ts (Chakra's own recipes resolved at build time) instead of resolving a recipe per instance.
 * Chakra inputs placed inside (text area, radios, the searchable list) read the same field context.
 */
const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type RootProps = Omit<ComponentProps<typeof Field.Root>, 'ref' | 'target'>;

/**
 * Ark's field root, without the role "group" Ark gives it (issue 50): a group with no name of its own was one more
 * stop for a screen reader at each of the form's fields; the field's label names its input already.
 */
function Root({ className, id, ids, invalid, required, readOnly, disabled, ...props }: RootProps) {
  const field = useField({ id, ids, invalid, required, readOnly, disabled });
  // Ark's field state as Field.Root passes it on, its root ref too (Ark watches the root for the help and error texts).
  // eslint-disable-next-line react-hooks/refs -- the ref object is handed to React as a ref, not read during render
  return <Field.RootProvider value={{ ...field, getRootProps: () => ({ ...field.getRootProps(), role: undefined }) }} ref={field.refs.rootRef} className={cx('cab-field', className)} {...props} />;
}

function Label({ className, ...props }: ComponentProps<typeof Field.Label>) {
  return <Field.Label className={cx('cab-field-label', className)} {...props} />;
}

/** The star of a required field, hidden from screen readers (the input says `required`), as Chakra's indicator. */
function RequiredIndicator() {
  const field = useFieldContext();
  if (!field?.required) return null;
  return (
    <span aria-hidden="true" className="cab-field-required">
      *
    </span>
  );
}

function HelperText({ className, ...props }: ComponentProps<typeof Field.HelperText>) {
  return <Field.HelperText className={cx('cab-field-helper', className)} {...props} />;
}

/** Shown only while the field is invalid (Ark's rule), announced politely. */
function ErrorText({ className, ...props }: ComponentProps<typeof Field.ErrorText>) {
  return <Field.ErrorText className={cx('cab-field-error', className)} {...props} />;
}

/** A field's surface: white, or grey when it cannot be changed (Chakra's `bg` of the questionnaire inputs). */
const surface = (readOnly?: boolean) => (readOnly ? 'cab-surface-muted' : 'cab-surface');

const Input = forwardRef<HTMLInputElement, ComponentProps<typeof Field.Input>>(function Input({ className, readOnly, ...props }, ref) {
  return <Field.Input ref={ref} readOnly={readOnly} className={cx('cab-input', surface(readOnly), className)} {...props} />;
});

/**
 * Issue 19: a text area that grows with its text is sized by the browser where it can (`field-sizing: content`:
 * Chromium, so Android phones and desktops). Ark's `autoresize` script sets each area's height to auto and reads it back
 * in an animation frame, on mount and on every size change: with the questionnaire's many areas that was one forced
 * layout of the form per area in a single frame. Other browsers keep the script.
 */
export const growsByCss = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

const Textarea = forwardRef<HTMLTextAreaElement, ComponentProps<typeof Field.Textarea>>(function Textarea({ className, readOnly, autoresize, ...props }, ref) {
  const grows = autoresize && growsByCss;
  return (
    <Field.Textarea
      ref={ref}
      readOnly={readOnly}
      className={cx('cab-textarea', surface(readOnly), grows && 'cab-textarea-grow', className)}
      autoresize={autoresize && !grows}
      {...props}
    />
  );
});

/** Chakra's `NativeSelect` (root, select, chevron): disabled while the field cannot be changed. */
function Select({ readOnly, children, ...props }: Omit<ComponentProps<typeof Field.Select>, 'disabled'> & { readOnly?: boolean; children: ReactNode }) {
  const field = useFieldContext();
  const invalid = field?.invalid ? '' : undefined;
  const disabled = readOnly ? '' : undefined;
  return (
    <div className="cab-select">
      <Field.Select className={cx('cab-select-field', surface(readOnly))} disabled={readOnly} {...props}>
        {children}
      </Field.Select>
      <div className="cab-select-indicator" data-disabled={disabled} data-invalid={invalid}>
        <ChevronDownIcon aria-hidden="true" />
      </div>
    </div>
  );
}

type ChoiceProps = Omit<ComponentProps<'input'>, 'type' | 'className' | 'children' | 'readOnly'> & {
  type: 'checkbox' | 'radio';
  label: ReactNode;
  invalid?: boolean;
  readOnly?: boolean;
  /** The control at the first line of a long label (the agreement), not in the middle of it. */
  alignTop?: boolean;
};

/**
 * Issue 19: a checkbox or radio of a questionnaire field is the browser's own input, drawn by Chakra's checkmark and
 * radiomark recipes (resolved at build time, app/hot-styles.ts). Chakra's `Checkbox` and `RadioGroup` ran an Ark state
 * machine per box and per group, with its code in the form's first load (13.9 KiB gzip with zag's machine), each set
 * from its effects right after the form's first screen: renders at default priority, outside the form's background
 * render. The native input keeps what a person relies on:
 * the label toggles it, Space ticks, the arrow keys move and choose within a radio group (its `name`), the focus ring
 * is on the box itself. A read-only box keeps the focus and says so (`aria-readonly`, on the group for radios) but does
 * not change: whatever a click, Space or an arrow key did, the value stays the controlled one.
 */
const ignore = () => {};

function Choice({ type, label, invalid, readOnly, alignTop, checked, disabled, onChange, ...props }: ChoiceProps) {
  const field = useFieldContext();
  const radio = type === 'radio';
  return (
    <label className={cx(radio ? 'cab-radio' : 'cab-check', alignTop && 'cab-check-top')} data-disabled={disabled ? '' : undefined}>
      <input
        type={type}
        className={radio ? 'cab-radiomark' : 'cab-checkmark'}
        checked={checked}
        disabled={disabled}
        data-state={checked ? 'checked' : 'unchecked'}
        aria-invalid={invalid || undefined}
        aria-readonly={(readOnly && !radio) || undefined}
        // As Ark's field puts on its inputs (Ark UI 5.40): described by the error text while invalid, then the help text.
        aria-describedby={field?.ariaDescribedby}
        // A read-only box ignores the change: React puts the controlled value back (for a radio, its whole group).
        onChange={readOnly ? ignore : onChange}
        {...props}
      />
      <span className={radio ? undefined : 'cab-check-label'} data-disabled={disabled ? '' : undefined}>
        {label}
      </span>
    </label>
  );
}

export const PlainField = { Root, Label, RequiredIndicator, HelperText, ErrorText, Input, Textarea, Select, Choice };
