import { Field, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { errorToastText } from '@/lib/api/errors';
import { notifyError } from '@/components/toaster';
import { deleteAttach, uploadAttach } from '../api/attachments';
import type { FieldDef } from '../model/definition';
import { useIndexes, useSlotMeta } from '../model/form-store';
import { slotKey, type FileRef } from '../model/slots';
import { acceptAttribute, acceptFiles, fieldUploadLimits, megabytes } from '../rules/files';
import { countRender, FieldMarks, GroupName } from './field-marks';
import { useFormContext } from './form-context';
import { FilePicker, KeptFileRow, PendingFileRow, UploadedFileRow } from './upload-parts';
import { RichText } from '@/components/rich-text';
import { keepsFiles, useKeptFiles } from '@/lib/offline/kept-files';
import { parseSlotKey } from '../model/slots';
import { cancelKeptFile, keepPickedFile, nextValueIndex, retryKeptFile } from './keep-file';

interface Pending {
  key: number;
  name: string;
  error: string | null;
}

let pendingSeq = 0;

/** SPEC §5 "file" (button, 100 MB) and "dropFile" (drop zone, 20 MB) fields; one file per value index. */
export function FileFieldView({ field, instance }: { field: FieldDef; instance: number }) {
  countRender();
  const { store, pointId, onChanged, hash } = useFormContext();
  const indexes = useIndexes(store, field.code, instance);
  // Files picked for this field and instance, kept on the device until the server lists them (DESIGN.md "Attachments offline").
  const keptOfField = useKeptFiles(hash, field.code);
  const kept = keptOfField.filter((row) => row.place.kind === 'slot' && parseSlotKey(row.place.key)?.groupIndex === instance);
  const firstSlot = slotKey(field.code, instance, 0);
  const meta = useSlotMeta(store, firstSlot);
  const [pending, setPending] = useState<Pending[]>([]);
  const limits = fieldUploadLimits(field.dataType === 'dropFile' ? 'dropFile' : 'file', field.validator, field.multiple);
  const files = indexes
    .map((index) => ({ index, ref: store.getValue(slotKey(field.code, instance, index)) as FileRef | undefined }))
    .filter((f): f is { index: number; ref: FileRef } => !!f.ref && typeof f.ref === 'object');

  // An upload hides the picker of a single-file field and a deletion removes its own button: the focus would fall to
  // <body>. It stays in the field instead, on its first button (WCAG 2.4.3).
  const root = useRef<HTMLDivElement>(null);
  const keepFocus = useRef(false);
  const holdFocus = () => {
    if (root.current?.contains(document.activeElement)) keepFocus.current = true;
  };
  useEffect(() => {
    if (!keepFocus.current || !root.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (!root.current.contains(active)) keepFocus.current = false;
      return;
    }
    keepFocus.current = false;
    root.current.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  });

  // Issue 17: a refused file is explained under the field as well as in the toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const zone = field.dataType === 'dropFile';
  const full = limits.single && files.length + kept.length > 0;
  // A single-file field with its file offers to replace it (unless the file is approved: it cannot be deleted).
  const replaceable = full && files.length <= 1 && !files[0]?.ref.isApproved;

  /** Keeps each accepted file on the device for its own value index; the offline layer uploads it (and replaces). */
  const keep = async (chosen: File[]) => {
    const replacing = replaceable ? files[0] ?? null : null;
    // A single-file field's new file takes the place of the one shown, uploaded or still waiting.
    const { accepted, refusals } = acceptFiles(chosen, limits, limits.single ? 0 : files.length + kept.length);
    setRefusal(refusals.length ? refusals.join('. ') : null);
    for (const message of refusals) notifyError(message);
    if (limits.single && accepted.length) for (const row of kept) cancelKeptFile(row.id);
    const keptNow = limits.single ? [] : [...kept];
    for (const file of accepted) {
      const taken = store.getIndexes(field.code, instance).filter((i) => store.getValue(slotKey(field.code, instance, i)));
      const valueIndex = nextValueIndex(taken, keptNow);
      const row = await keepPickedFile(
        {
          hash,
          pointId: pointId ?? null,
          attachCode: field.code,
          valueIndex,
          place: {
            kind: 'slot',
            key: slotKey(field.code, instance, valueIndex),
            replaces: replacing ? { key: slotKey(field.code, instance, replacing.index), fileId: replacing.ref.id } : null,
          },
          file,
        },
        setRefusal,
      );
      if (row) keptNow.push(row);
    }
    // A kept file satisfies «required» for now: the error under the field goes (submit waits for the upload).
    if (keptNow.length && meta.error) store.setMeta(firstSlot, { error: null });
  };

  const upload = async (chosen: File[]) => {
    if (keepsFiles()) return keep(chosen);
    // A single-file field takes one file (a second replaces the first); format and size are checked before sending.
    const replacing = replaceable ? files[0]! : null;
    const { accepted, refusals } = acceptFiles(chosen, limits, replacing ? 0 : files.length + pending.filter((p) => !p.error).length);
    setRefusal(refusals.length ? refusals.join('. ') : null);
    for (const message of refusals) notifyError(message);
    for (const file of accepted) {
      const key = ++pendingSeq;
      setPending((list) => [...list, { key, name: file.name, error: null }]);
      try {
        const taken = store.getIndexes(field.code, instance).filter((i) => store.getValue(slotKey(field.code, instance, i)));
        const valueIndex = taken.length ? Math.max(...taken) + 1 : 0;
        const saved = await uploadAttach({ file, attachCode: field.code, valueIndex, pointId });
        holdFocus();
        store.appendValue(field.code, instance, { id: saved.id, fileName: saved.fileName, isApproved: saved.isApproved ?? false } satisfies FileRef);
        setPending((list) => list.filter((p) => p.key !== key));
        if (replacing) {
          store.removeIndex(field.code, instance, replacing.index);
          // The old file is no longer part of the form; a failed delete on the server leaves only an orphan upload.
          void deleteAttach(replacing.ref.id).catch((error: unknown) => console.warn('replaced file not deleted', error));
        }
        onChanged(firstSlot, store.getValue(firstSlot));
      } catch (error) {
        const message = errorToastText(error, 'Не удалось загрузить файл');
        notifyError(message);
        setPending((list) => list.map((p) => (p.key === key ? { ...p, error: message } : p)));
      }
    }
  };

  const remove = async (index: number, ref: FileRef) => {
    try {
      await deleteAttach(ref.id);
      holdFocus();
      store.removeIndex(field.code, instance, index);
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось удалить файл'));
    }
  };

  const hint = [limits.extensions ? limits.extensions.join(', ').toUpperCase() : null, `до ${megabytes(limits.maxSize)} МБ`].filter(Boolean).join(', ');
  return (
    <Field.Root ref={root} invalid={!!meta.error} required={field.required} data-slot={firstSlot} aria-label={field.name}>
      <GroupName field={field} />
      <Stack gap="2" w="full">
        {files.map(({ index, ref }) => (
          <UploadedFileRow key={index} file={ref} readOnly={field.readOnly} onDelete={() => remove(index, ref)} />
        ))}
        {kept.map((row) => (
          <KeptFileRow key={row.id} row={row} onCancel={() => cancelKeptFile(row.id)} onRetry={() => retryKeptFile(row.id)} />
        ))}
        {pending.map((p) => (
          <PendingFileRow key={p.key} name={p.name} error={p.error} onDismiss={() => setPending((list) => list.filter((x) => x.key !== p.key))} />
        ))}
        {!field.readOnly && (!full || replaceable) && (
          <FilePicker
            label={`${field.name}: выбрать файл`}
            subject={field.name}
            buttonText={full ? 'Заменить файл' : 'Выберите файл'}
            replacing={full}
            accept={acceptAttribute(limits)}
            multiple={!limits.single}
            zone={zone}
            hint={field.note ? undefined : hint}
            onFiles={(chosen) => void upload(chosen)}
          />
        )}
      </Stack>
      {field.description && <RichText html={field.description} fontSize="sm" color="fg.muted" />}
      {field.note && <Field.HelperText>{field.note}</Field.HelperText>}
      {meta.error && <Field.ErrorText>{meta.error}</Field.ErrorText>}
      {refusal && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {refusal}
        </Text>
      )}
      <FieldMarks field={field} />
    </Field.Root>
  );
}
