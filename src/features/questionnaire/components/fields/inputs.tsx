import { Stack } from '@chakra-ui/react';
import { PlainField } from '@/components/plain-field';
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { optionValue, type FieldDef } from '../../model/definition';
import { DATE_PLACEHOLDER, DATETIME_PLACEHOLDER, dateFormatOf, maskDate, maskDateTime } from '../../rules/dates';
import {
  OTHER_OPTION,
  PHONE_MASK,
  composeSelectOther,
  formatPhone,
  isBlockedNumberKey,
  parseCheckboxValue,
  parseSelectOther,
  sanitizeNumber,
  toggleCheckboxValue,
  withUrlPrefix,
} from '../../rules/input-behaviour';

/** Props every value input of the registry receives (one slot of one field). */
export interface InputProps {
  field: FieldDef;
  value: unknown;
  invalid: boolean;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

export const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const hasRule = (field: FieldDef, name: string) => field.rules.some((r) => r.name === name);

/** text, email, url (type 6), phone (validator "phone"), ИНН (type 12): one-line inputs with their input behaviour. */
export function TextInput({ field, value, readOnly, onChange, onBlur }: InputProps) {
  const phone = hasRule(field, 'phone');
  const url = hasRule(field, 'url');
  const email = field.dataType === 'email' || hasRule(field, 'email');
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    // SPEC §5: phone mask +7 (###) ###-##-##; url gets https:// when no http prefix is typed.
    onChange(phone ? formatPhone(raw) : url ? withUrlPrefix(raw) : raw);
  };
  return (
    <PlainField.Input
      type={phone ? 'tel' : url ? 'url' : email ? 'email' : 'text'}
      inputMode={phone ? 'tel' : field.typeId === 12 ? 'numeric' : undefined}
      autoComplete={phone ? 'tel' : email ? 'email' : 'off'}
      placeholder={phone ? PHONE_MASK : url ? 'https://' : undefined}
      value={str(value)}
      readOnly={readOnly}
      onChange={change}
      onBlur={onBlur}
    />
  );
}

export function TextareaInput({ value, readOnly, onChange, onBlur }: InputProps) {
  return <PlainField.Textarea value={str(value)} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} autoresize className="cab-textarea-tall" />;
}

/** SPEC §5: a number field blocks + - e . and space. */
export function NumberInput({ value, readOnly, onChange, onBlur }: InputProps) {
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedNumberKey(e.key)) e.preventDefault();
  };
  return (
    <PlainField.Input
      type="text"
      inputMode="numeric"
      value={str(value)}
      readOnly={readOnly}
      onKeyDown={keyDown}
      onChange={(e) => onChange(sanitizeNumber(e.target.value))}
      onBlur={onBlur}
    />
  );
}

/** SPEC §5: dates typed as dd.MM.yyyy, MM.yyyy or yyyy (the field's format), stored DD.MM.YYYY. */
export function DateInput({ field, value, readOnly, onChange, onBlur }: InputProps) {
  const format = dateFormatOf(field.formatHint);
  return (
    <PlainField.Input
      type="text"
      inputMode="numeric"
      placeholder={DATE_PLACEHOLDER[format]}
      className="cab-width-date"
      value={str(value)}
      readOnly={readOnly}
      onChange={(e) => onChange(maskDate(e.target.value, format))}
      onBlur={onBlur}
    />
  );
}

/**
 * datetime-local: one Russian input «ДД.ММ.ГГГГ ЧЧ:ММ» (the native picker speaks the browser's language); what is
 * typed is stored as DD.MM.YYYY HH:mm:ss, a time field as DD.MM.YYYY, HH:mm:ss (SPEC §5).
 */
export function DateTimeInput({ value, readOnly, onChange, onBlur }: InputProps) {
  return (
    <PlainField.Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATETIME_PLACEHOLDER}
      className="cab-width-datetime"
      value={str(value)}
      readOnly={readOnly}
      onChange={(e) => onChange(maskDateTime(e.target.value))}
      onBlur={onBlur}
    />
  );
}

export function SelectInput({ field, value, readOnly, onChange, onBlur }: InputProps) {
  return (
    <PlainField.Select readOnly={readOnly} value={str(value)} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
      <option value="">Выберите значение</option>
      {field.options.map((o) => (
        <option key={String(o.id)} value={optionValue(o)} disabled={o.disable === 'Y'}>
          {o.name}
        </option>
      ))}
    </PlainField.Select>
  );
}

/** SPEC §5: choosing "Другое" opens a free text input; the text is what is stored. */
export function SelectOtherInput({ field, value, readOnly, onChange, onBlur }: InputProps) {
  const values = field.options.map(optionValue);
  const parsed = parseSelectOther(str(value), values);
  const [otherChosen, setOtherChosen] = useState(parsed.choice === OTHER_OPTION);
  const choice = otherChosen ? OTHER_OPTION : parsed.choice;
  const hasOtherOption = values.includes(OTHER_OPTION);
  // The field's id (and its <label>) belong to the select: the own-value input has an id and a name of its own.
  const otherId = useId();
  return (
    <Stack gap="2">
      <PlainField.Select
        readOnly={readOnly}
        value={choice}
        onBlur={onBlur}
        onChange={(e) => {
          const next = e.target.value;
          setOtherChosen(next === OTHER_OPTION);
          onChange(composeSelectOther(next, next === OTHER_OPTION ? parsed.other : ''));
        }}
      >
        <option value="">Выберите значение</option>
        {field.options.map((o) => (
          <option key={String(o.id)} value={optionValue(o)} disabled={o.disable === 'Y'}>
            {o.name}
          </option>
        ))}
        {!hasOtherOption && <option value={OTHER_OPTION}>{OTHER_OPTION}</option>}
      </PlainField.Select>
      {choice === OTHER_OPTION && (
        <PlainField.Input
          id={otherId}
          aria-label={`${field.name}: свой вариант`}
          placeholder="Укажите свой вариант"
          value={parsed.other}
          readOnly={readOnly}
          autoFocus={!readOnly && parsed.other === ''}
          onChange={(e) => onChange(composeSelectOther(OTHER_OPTION, e.target.value))}
          onBlur={onBlur}
        />
      )}
    </Stack>
  );
}

export function RadioInput({ field, value, invalid, readOnly, onChange, onBlur }: InputProps) {
  const current = str(value);
  // One name per group: the browser's radio group (arrow keys move and choose, Tab enters at the chosen one).
  const name = useId();
  return (
    <div role="radiogroup" aria-label={field.name} aria-required={field.required || undefined} aria-readonly={readOnly || undefined} className="cab-choices">
      {field.options.map((o) => {
        const v = optionValue(o);
        return (
          <PlainField.Choice
            key={String(o.id)}
            type="radio"
            name={name}
            value={v}
            label={o.name}
            checked={current === v}
            disabled={o.disable === 'Y'}
            invalid={invalid}
            readOnly={readOnly}
            onChange={() => onChange(v)}
            onBlur={onBlur}
          />
        );
      })}
    </div>
  );
}

/** SPEC §3: checkbox values are stored as JSON (an array of the ticked options). */
export function CheckboxListInput({ field, value, invalid, readOnly, onChange, onBlur }: InputProps) {
  const ticked = parseCheckboxValue(value);
  return (
    <div role="group" aria-label={field.name} className="cab-choices">
      {field.options.map((o) => {
        const v = optionValue(o);
        return (
          <PlainField.Choice
            key={String(o.id)}
            type="checkbox"
            label={o.name}
            checked={ticked.includes(v)}
            disabled={o.disable === 'Y'}
            invalid={invalid}
            readOnly={readOnly}
            onChange={(e) => onChange(toggleCheckboxValue(value, v, e.target.checked))}
            onBlur={onBlur}
          />
        );
      })}
    </div>
  );
}

/** Agreement checkbox (type 16 / "agree"): "Y" when ticked. Its label is the field name. */
export function AgreeInput({ field, value, invalid, readOnly, onChange, onBlur }: InputProps) {
  return (
    <PlainField.Choice
      type="checkbox"
      alignTop
      required={field.required}
      label={
        <>
          {field.name}
          {field.required && (
            <span className="cab-required-star" aria-hidden="true">
              *
            </span>
          )}
        </>
      }
      checked={value === 'Y'}
      invalid={invalid}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.checked ? 'Y' : '')}
      onBlur={onBlur}
    />
  );
}
