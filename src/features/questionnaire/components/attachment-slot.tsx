import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { DownloadIcon } from '@/components/icons';
import { errorToastText } from '@/lib/api/errors';
import { notifyError, notifySuccess } from '@/components/toaster';
import { saveBlob } from '@/lib/download';
import { deleteAttach, downloadExample, uploadAttach } from '../api/attachments';
import { acceptFile, declineFile, parseFile } from '../api/recognition';
import { EXAMPLE_FILE_TYPE_ID, type AttachmentDefinition } from '../model/definition';
import { useAttachments } from '../model/form-store';
import { slotKey } from '../model/slots';
import { acceptAttribute, acceptFiles, attachmentUploadLimits, megabytes } from '../rules/files';
import { useFormContext } from './form-context';
import type { ParsedResult } from './recognition-dialog';
import { RichText } from '@/components/rich-text';
import { FilePicker, KeptFileRow, PendingFileRow, UploadedFileRow } from './upload-parts';
import { keepsFiles, useKeptFiles } from '@/lib/offline/kept-files';
import { getOfflineDraftStore } from '@/lib/offline/draft-store';
import { isConnectionFailure } from '@/lib/offline/durable-query';
import { useOnline } from '@/lib/offline/connectivity';
import type { UploadRow } from '@/lib/offline/schema';
import { questionnaireKeys } from '../api/keys';
import { attachKey } from '../model/slots';
import { cancelKeptFile, keepPickedFile, retryKeptFile } from './keep-file';

const RecognitionDialog = lazy(() => import('./recognition-dialog'));

interface Review {
  file: File;
  fileIndex: number;
  result: ParsedResult;
  /** The kept copy the recognition was run on: it goes once the result is accepted or declined. */
  keptId?: string;
}

/**
 * One attachment of the questionnaire (SPEC §3 "Attachment definition"): a drop zone with the file type's limits,
 * an example download, and for parcelable attachments the recognition of SPEC §4 (uploading → parsing up to 15 s
 * → review → accept or decline).
 */
export function AttachmentSlot({ attachment }: { attachment: AttachmentDefinition }) {
  const { store, def, pointId, onChanged, hash } = useFormContext();
  const files = useAttachments(store, attachment.code1C);
  const kept = useKeptFiles(hash, attachment.code1C);
  const [busy, setBusy] = useState<{ name: string; text: string } | null>(null);
  const [failed, setFailed] = useState<{ name: string; message: string } | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [recognising, setRecognising] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Closing the review gives the focus to what it led to — the file accepted into the attachment, or its picker for
  // another file — not to the page start (issue 50: the dialog's opener, the disabled picker, was gone from the tab order).
  const root = useRef<HTMLDivElement>(null);
  const focusAfterReview = useRef<{ fileId: number | null } | null>(null);
  useEffect(() => {
    const after = focusAfterReview.current;
    if (review || !after || !root.current) return;
    focusAfterReview.current = null;
    const holder = root.current;
    const target = () =>
      (after.fileId !== null ? holder.querySelector<HTMLElement>(`[data-file-id="${after.fileId}"]`) : null) ??
      holder.querySelector<HTMLElement>('[data-file-picker]:not(:disabled)');
    // After the dialog's own focus return (its focus trap lets go as it unmounts).
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || !document.activeElement || !holder.contains(document.activeElement)) target()?.focus();
    });
  });
  const limits = attachmentUploadLimits(attachment.fileType);
  const example = attachment.fileTypeId === EXAMPLE_FILE_TYPE_ID;
  const target = (fileIndex: number) => ({ attachementCode: attachment.code1C, fileIndex, ...(pointId ? { pointId } : {}) });

  const choose = async (chosen: File[]) => {
    const { accepted, refusals } = acceptFiles(chosen, limits, files.length);
    setRefusal(refusals.length ? refusals.join('. ') : null);
    for (const message of refusals) notifyError(message);
    if (keepsFiles()) return keepAll(attachment.parcelable ? accepted.slice(0, 1) : accepted);
    const file = attachment.parcelable ? accepted[0] : undefined;
    if (attachment.parcelable) {
      if (file) await recognise(file);
      return;
    }
    for (const one of accepted) await upload(one);
  };

  /**
   * DESIGN.md "Attachments offline": each file is kept on the device first. An ordinary attachment is uploaded by the
   * offline layer; a parcelable one is recognised here, at once when online, else when the connection returns.
   */
  const keepAll = async (accepted: File[]) => {
    let index = files.length + kept.length;
    for (const file of accepted) {
      const row = await keepPickedFile(
        {
          hash,
          pointId: pointId ?? null,
          attachCode: attachment.code1C,
          valueIndex: index++,
          place: attachment.parcelable ? { kind: 'recognition' } : pointId ? { kind: 'server' } : { kind: 'list', key: attachKey(attachment.code1C) },
          listQueryKey: pointId ? questionnaireKeys.attachments(pointId) : null,
          file,
        },
        setRefusal,
      );
      if (row && attachment.parcelable && getOfflineDraftStore()?.connectivity.get() !== 'offline') void recogniseKept(row);
    }
  };

  /** Recognises a kept file (SPEC §4); one tab at a time per file. A lost connection leaves it waiting. */
  const recogniseKept = async (row: UploadRow) => {
    const offline = getOfflineDraftStore();
    if (!offline || recognising || review) return;
    const run = async () => {
      const file = await offline.files?.bytes(row.id);
      if (!file) return;
      setRecognising(row.id);
      setFailed(null);
      const fileIndex = files.length;
      try {
        const result = await parseFile({ ...target(fileIndex), file });
        setReview({ file, fileIndex, result, keptId: row.id });
      } catch (error) {
        if (isConnectionFailure(error)) return;
        const message = error instanceof Error && !('kind' in error) ? error.message : errorToastText(error, 'Не удалось распознать документ');
        notifyError(message);
        await offline.files?.refuse(row.id, message);
      } finally {
        setRecognising(null);
      }
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) await locks.request(`cabinet-recognise:${row.id}`, { ifAvailable: true }, (lock) => (lock ? run() : undefined));
    else await run();
  };

  // SPEC §4 offline: a file kept while there was no connection is recognised when it returns, if the person is here.
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    const returned = online && !wasOnline.current;
    wasOnline.current = online;
    if (!returned) return;
    const waiting = kept.find((row) => row.place.kind === 'recognition' && row.state === 'pending');
    if (waiting) void recogniseKept(waiting);
  });

  const upload = async (file: File) => {
    setFailed(null);
    setBusy({ name: file.name, text: 'Загрузка…' });
    try {
      const saved = await uploadAttach({ file, attachCode: attachment.code1C, valueIndex: files.length, pointId });
      store.setAttachments(attachment.code1C, [...store.getAttachments(attachment.code1C), saved]);
    } catch (error) {
      const message = errorToastText(error, 'Не удалось загрузить файл');
      notifyError(message);
      setFailed({ name: file.name, message });
    } finally {
      setBusy(null);
    }
  };

  const recognise = async (file: File) => {
    setFailed(null);
    setBusy({ name: file.name, text: 'Распознавание документа' });
    const fileIndex = files.length;
    try {
      const result = await parseFile({ ...target(fileIndex), file });
      setReview({ file, fileIndex, result });
    } catch (error) {
      // SPEC §8: an upload or parse failure marks the file as an error and shows the message in a toast.
      const message = error instanceof Error && !('kind' in error) ? error.message : errorToastText(error, 'Не удалось распознать документ');
      notifyError(message);
      setFailed({ name: file.name, message });
    } finally {
      setBusy(null);
    }
  };

  const accept = async () => {
    if (!review) return;
    try {
      await acceptFile(target(review.fileIndex));
      if (review.keptId) await getOfflineDraftStore()?.files?.forget(review.keptId);
      for (const item of review.result.items) {
        const field = def.fields.get(item.code1C);
        if (!field) continue;
        const section = def.sections.find((s) => s.fields.includes(field));
        const instance = section ? store.getInstances(section.code)[0] ?? 0 : 0;
        item.values.forEach((v, i) => {
          const slot = slotKey(field.code, instance, i);
          if (i > 0 && field.multiValue && !store.getIndexes(field.code, instance).includes(i)) store.addIndex(field.code, instance);
          onChanged(slot, v.value === null || v.value === undefined ? '' : String(v.value));
        });
      }
      if (review.result.file) store.setAttachments(attachment.code1C, [...store.getAttachments(attachment.code1C), review.result.file]);
      notifySuccess('Данные документа добавлены в анкету');
      focusAfterReview.current = { fileId: review.result.file?.id ?? null };
      setReview(null);
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось принять результаты распознавания'));
    }
  };

  const decline = async () => {
    if (!review) return;
    try {
      await declineFile(target(review.fileIndex));
      if (review.keptId) await getOfflineDraftStore()?.files?.forget(review.keptId);
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось отменить загрузку'));
    } finally {
      focusAfterReview.current = { fileId: null };
      setReview(null);
    }
  };

  const remove = async (id: number) => {
    try {
      await deleteAttach(id);
      store.setAttachments(attachment.code1C, store.getAttachments(attachment.code1C).filter((f) => f.id !== id));
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось удалить файл'));
    }
  };

  const getExample = async () => {
    try {
      const { blob, fileName } = await downloadExample(attachment.code1C);
      saveBlob(blob, fileName ?? `Образец — ${attachment.name}`);
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось скачать образец'));
    }
  };

  const hint = [limits.extensions?.join(', ').toUpperCase(), `до ${megabytes(limits.maxSize)} МБ`].filter(Boolean).join(', ');
  return (
    <Box ref={root} borderWidth="1px" borderColor="border" rounded="lg" p="4" bg="bg.subtle" data-attachment={attachment.code1C}>
      <Stack gap="3">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{attachment.name}</Text>
          {(example || attachment.parcelable) && (
            <Button size="xs" variant="ghost" onClick={getExample}>
              <DownloadIcon size={14} /> Скачать образец
            </Button>
          )}
        </HStack>
        {/* SPEC §2: an example attachment (fileTypeId 19) shows no description. */}
        {!example && attachment.description && <RichText html={attachment.description} fontSize="sm" color="fg.muted" />}
        {files.map((file) => (
          <UploadedFileRow key={file.id} file={file} onDelete={() => remove(file.id)} />
        ))}
        {busy && (
          <HStack gap="3" role="status" aria-live="polite">
            <Spinner size="sm" color="brand.solid" />
            <Text>
              {busy.text}
              {busy.text === 'Загрузка…' ? '' : ` (${busy.name})`}
            </Text>
          </HStack>
        )}
        {kept.map((row) => (
          <KeptFileRow
            key={row.id}
            row={row}
            recognising={recognising === row.id}
            onCancel={() => cancelKeptFile(row.id)}
            onRetry={() => (row.place.kind === 'recognition' ? void recogniseKept(row) : retryKeptFile(row.id))}
            onRecognise={row.place.kind === 'recognition' ? () => void recogniseKept(row) : undefined}
          />
        ))}
        {failed && <PendingFileRow name={failed.name} error={failed.message} onDismiss={() => setFailed(null)} />}
        {refusal && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {refusal}
          </Text>
        )}
        <FilePicker
          label={`${attachment.name}: выбрать файл`}
          subject={attachment.name}
          buttonText={attachment.buttonText || 'Выберите файл'}
          accept={acceptAttribute(limits)}
          multiple={!attachment.parcelable}
          zone
          disabled={!!busy || !!recognising}
          hint={hint}
          onFiles={(chosen) => void choose(chosen)}
        />
      </Stack>
      {review && (
        <Suspense fallback={null}>
          <RecognitionDialog fileName={review.file.name} result={review.result} onAccept={accept} onDecline={decline} />
        </Suspense>
      )}
    </Box>
  );
}
