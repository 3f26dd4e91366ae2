import { Box, Button, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { Suspense, memo, useCallback, useEffect, useRef } from 'react';
import { CloseIcon } from '@/components/icons';
import { isFileField, type FieldDef } from '../model/definition';
import { useIndexes, useSlotMeta, useSlotValue } from '../model/form-store';
import { slotKey } from '../model/slots';
import { ActionButtonField } from './action-button-field';
import { FileFieldView } from './file-field';
import { countRender, FieldMarks, GroupName } from './field-marks';
import { useFormContext } from './form-context';
import { GROUP_LABELLED, SELF_LABELLED, VALUE_INPUTS } from './fields/registry';
import { PlainField } from '@/components/plain-field';
import { RichText } from '@/components/rich-text';
import { FailingEditNotice, useFailingEdit, useRejectedMessage } from '@/components/offline/save-state-views';

/** The input of one slot: the only component that re-renders when the user types into it. */
const SlotInput = memo(function SlotInput({ field, slot, invalid }: { field: FieldDef; slot: string; invalid: boolean }) {
  countRender();
  const { store, onChanged, onBlurred } = useFormContext();
  const value = useSlotValue(store, slot);
  const change = useCallback((next: unknown) => onChanged(slot, next), [onChanged, slot]);
  const blur = useCallback(() => onBlurred(slot), [onBlurred, slot]);
  const Input = VALUE_INPUTS[field.dataType];
  if (!Input) return null;
  // A lazily loaded input (the searchable list) shows a field-sized frame for the moment its code arrives.
  return (
    <Suspense fallback={<div className="cab-input-pending" aria-busy="true" />}>
      <Input field={field} value={value} invalid={invalid} readOnly={field.readOnly} onChange={change} onBlur={blur} />
    </Suspense>
  );
});

/** One value slot of one field: label, input, help and messages. Re-renders only when its messages change. */
export const SlotField = memo(function SlotField({ field, slot, label, position = 0, onRemove }: { field: FieldDef; slot: string; label: boolean; position?: number; onRemove?: () => void }) {
  countRender();
  const { store } = useFormContext();
  const meta = useSlotMeta(store, slot);
  const target = store.draftTarget;
  // DESIGN.md "Offline drafts": a draft write the server refused (4xx) shows its message at the field.
  const rejected = useRejectedMessage(target?.hash ?? null, slot, target?.store);
  // An edit the server keeps refusing (5xx): said at the field with «Повторить»; the other fields keep saving.
  const failing = useFailingEdit(target?.hash ?? null, slot, target?.store);
  if (!VALUE_INPUTS[field.dataType]) return null;
  const message = meta.error ?? meta.remote ?? rejected;
  const showLabel = label && !SELF_LABELLED.has(field.dataType);
  // Issue 19: plain parts drawn by the theme's classes (components/plain-field.tsx), not Chakra components: a form
  // renders this for every one of up to 300 fields.
  return (
    <PlainField.Root invalid={!!message} required={field.required} readOnly={field.readOnly} data-slot={slot}>
      {showLabel &&
        (GROUP_LABELLED.has(field.dataType) ? (
          <GroupName field={field} />
        ) : (
          <PlainField.Label>
            {field.name}
            <PlainField.RequiredIndicator />
          </PlainField.Label>
        ))}
      {!label && (
        <PlainField.Label className="cab-sr-only">
          {field.name} — значение {position + 1}
        </PlainField.Label>
      )}
      <div className="cab-field-row">
        <div className="cab-grow">
          <SlotInput field={field} slot={slot} invalid={!!message} />
        </div>
        {onRemove && !field.readOnly && (
          <IconButton aria-label={`Удалить значение поля «${field.name}»`} variant="ghost" size="sm" onClick={onRemove}>
            <CloseIcon size={16} />
          </IconButton>
        )}
      </div>
      {label && field.description && <RichText html={field.description} className="cab-field-description" />}
      {label && field.note && <PlainField.HelperText>{field.note}</PlainField.HelperText>}
      {message && <PlainField.ErrorText>{message}</PlainField.ErrorText>}
      {!message && failing && target && <FailingEditNotice hash={target.hash} field={slot} store={target.store} />}
      {(!message || meta.warning) && !failing && meta.hint && (
        <p className="cab-hint" data-tone={meta.warning ? 'warning' : undefined}>
          {meta.hint}
        </p>
      )}
      {label && <FieldMarks field={field} />}
    </PlainField.Root>
  );
});

/** SPEC §3 types 14 / 15: several values; type 15 has no "Добавить" button. */
function MultiValueField({ field, instance }: { field: FieldDef; instance: number }) {
  const { store } = useFormContext();
  const indexes = useIndexes(store, field.code, instance);
  const values = useRef<HTMLDivElement>(null);
  // The removed value took its «Удалить» button with it: the focus goes to the value now in its place (or the one
  // before it, when it was the last), not to the page start (WCAG 2.4.3, issue 50).
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const position = focusAt.current;
    if (position === null) return;
    focusAt.current = null;
    const slots = values.current?.querySelectorAll<HTMLElement>('[data-slot]') ?? [];
    slots[Math.min(position, slots.length - 1)]?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [indexes]);
  const remove = (index: number, position: number) => {
    focusAt.current = position;
    store.removeIndex(field.code, instance, index);
  };
  return (
    <Stack ref={values} gap="2" role="group" aria-label={field.name}>
      {indexes.map((index, position) => (
        <SlotField
          key={index}
          field={field}
          slot={slotKey(field.code, instance, index)}
          label={position === 0}
          position={position}
          onRemove={indexes.length > 1 ? () => remove(index, position) : undefined}
        />
      ))}
      {field.addButton && !field.readOnly && (
        <Button size="sm" variant="outline" alignSelf="start" onClick={() => store.addIndex(field.code, instance)}>
          Добавить значение
        </Button>
      )}
    </Stack>
  );
}

/** SPEC §5 "group": a sub-heading inside a section. */
function GroupHeading({ field }: { field: FieldDef }) {
  return (
    <Box pt="2">
      <Heading as="h4" size="sm">
        {field.name}
      </Heading>
      {field.description && <RichText html={field.description} fontSize="sm" color="fg.muted" mt="1" />}
    </Box>
  );
}

/** SPEC §5 "rules": text the applicant reads (no value of its own). */
function RulesBlock({ field }: { field: FieldDef }) {
  const html = field.description ?? field.defaultValue ?? '';
  return (
    <Box>
      <Text fontWeight="medium" fontSize="sm" mb="1">
        {field.name}
      </Text>
      <RichText html={html} borderWidth="1px" borderColor="border" rounded="md" bg="bg" p="3" maxH="48" overflowY="auto" fontSize="sm" tabIndex={0} role="region" aria-label={field.name} />
    </Box>
  );
}

/** Dispatches one field of one group instance to its view. */
export const FieldView = memo(function FieldView({ field, instance }: { field: FieldDef; instance: number }) {
  switch (field.dataType) {
    case 'hidden':
      return null; // the value (default) is kept in the store and saved, nothing is shown
    case 'group':
      return <GroupHeading field={field} />;
    case 'rules':
      return <RulesBlock field={field} />;
    case 'actionButton':
      return <ActionButtonField field={field} />;
    default:
      if (isFileField(field)) return <FileFieldView field={field} instance={instance} />;
      if (field.multiValue) return <MultiValueField field={field} instance={instance} />;
      return <SlotField field={field} slot={slotKey(field.code, instance, 0)} label />;
  }
});
