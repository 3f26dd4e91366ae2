import { Badge, Box, Button, HStack, IconButton, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { CheckIcon, CloseIcon, FileIcon } from '@/components/icons';
import { errorToastText } from '@/lib/api/errors';
import { notifyError } from '@/components/toaster';
import { displayFileName } from '@/lib/file-name';
import { saveBlob } from '@/lib/download';
import { uploadPercent, uploadProgressText } from '@/lib/upload-progress';
import { useOnline } from '@/lib/offline/connectivity';
import { useUploadProgress } from '@/lib/offline/kept-files';
import type { UploadRow } from '@/lib/offline/schema';
import { FAILING_AFTER_ATTEMPTS } from '@/lib/offline/sync-state';
import { downloadAttach } from '../api/attachments';

export interface ShownFile {
  id: number;
  fileName: string;
  isApproved?: boolean;
  managerComment?: string | null;
}

/** One uploaded file: download on click; approved files show a mark and cannot be deleted (SPEC §5). */
export function UploadedFileRow({ file, onDelete, readOnly }: { file: ShownFile; onDelete?: () => Promise<void> | void; readOnly?: boolean }) {
  const [busy, setBusy] = useState(false);
  const name = displayFileName(file.fileName);
  const download = async () => {
    try {
      saveBlob(await downloadAttach(file.id), name);
    } catch (error) {
      notifyError(errorToastText(error, 'Не удалось скачать файл'));
    }
  };
  return (
    <Stack gap="1" borderWidth="1px" borderColor="border" rounded="md" px="3" py="2" bg="bg">
      <HStack gap="2">
        <Box color="brand.fg" flexShrink={0}>
          <FileIcon size={18} />
        </Box>
        <chakra.button type="button" onClick={download} textAlign="start" flex="1" minW="0" truncate color="brand.fg" _hover={{ textDecoration: 'underline' }} aria-label={`Скачать ${name}`} title={`Скачать ${name}`} data-file-id={file.id}>
          {name}
        </chakra.button>
        {file.isApproved && (
          <Badge colorPalette="green" variant="subtle" flexShrink={0}>
            <CheckIcon size={12} /> Согласован
          </Badge>
        )}
        {onDelete && !file.isApproved && !readOnly && (
          <IconButton
            aria-label={`Удалить файл ${name}`}
            size="xs"
            variant="ghost"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onDelete();
              } finally {
                setBusy(false);
              }
            }}
          >
            <CloseIcon size={14} />
          </IconButton>
        )}
      </HStack>
      {file.managerComment && (
        <Text fontSize="sm" color="orange.fg">
          Комментарий менеджера: {file.managerComment}
        </Text>
      )}
    </Stack>
  );
}

/** A file being uploaded, or one whose upload failed (SPEC §8: the file is marked as an error). */
export function PendingFileRow({ name, error, onDismiss, busyText }: { name: string; error?: string | null; onDismiss?: () => void; busyText?: string }) {
  return (
    <HStack gap="2" borderWidth="1px" borderColor={error ? 'red.300' : 'border'} bg={error ? 'red.subtle' : 'bg'} rounded="md" px="3" py="2" role={error ? 'alert' : 'status'}>
      {error ? (
        <Box color="red.fg">
          <CloseIcon size={16} />
        </Box>
      ) : (
        <Spinner size="sm" color="brand.solid" />
      )}
      <Stack gap="0" flex="1" minW="0">
        <Text truncate>{name}</Text>
        <Text fontSize="sm" color={error ? 'red.fg' : 'fg.muted'}>
          {error ?? busyText ?? 'Загрузка…'}
        </Text>
      </Stack>
      {error && onDismiss && (
        <IconButton aria-label={`Убрать ${name}`} size="xs" variant="ghost" onClick={onDismiss}>
          <CloseIcon size={14} />
        </IconButton>
      )}
    </HStack>
  );
}

/** What a kept file's row says (DESIGN.md "Attachments offline": never "uploaded" for a file only on the device). */
export const KEPT_FILE_TEXT = {
  waitingOffline: 'Сохранён на устройстве — загрузится, когда появится соединение',
  waiting: 'Сохранён на устройстве — ожидает загрузки',
  failing: 'Файл сохранён на устройстве — загрузка повторится автоматически',
  checking: 'Проверяем…',
  recogniseOffline: 'Сохранён на устройстве — распознавание начнётся, когда появится соединение',
  recognise: 'Сохранён на устройстве — нажмите «Распознать», чтобы распознать документ',
  recognising: 'Распознавание документа',
} as const;

/**
 * A file kept on the device on its way to the server, at its field: waiting for the connection, uploading with a
 * progress bar, the percentage and the bytes («42 % — 1,3 из 3,0 МБ») and «Отменить», «Проверяем…» until the server
 * has answered, or refused with its message, «Повторить» and «Удалить».
 */
export function KeptFileRow(props: {
  row: UploadRow;
  onCancel: () => void;
  onRetry: () => void;
  /** Recognition (parcelable attachments): «Распознать» runs it now; `recognising` while it runs. */
  onRecognise?: () => void;
  recognising?: boolean;
}) {
  const { row } = props;
  const online = useOnline();
  const progress = useUploadProgress(row.id);
  const name = displayFileName(row.name);
  const refused = row.state === 'rejected';
  const recognition = row.place.kind === 'recognition';
  const sending = progress?.phase === 'sending';
  const checking = progress?.phase === 'checking' || row.state === 'uploaded';
  // Refused for now (5xx): the server's words, and the file is tried again by itself.
  const failing = !refused && !recognition && (!!row.error || row.attempts >= FAILING_AFTER_ATTEMPTS);
  const alerting = refused || failing;
  // SPEC §8: a failed upload is also said in a toast — once, when it happens (not for what an earlier visit left).
  const shownError = useRef(row.error);
  useEffect(() => {
    if (row.error && row.error !== shownError.current) notifyError(row.error);
    shownError.current = row.error;
  }, [row.error]);
  let text: string;
  if (refused) text = row.error ?? 'Сервер не принял файл';
  else if (props.recognising) text = KEPT_FILE_TEXT.recognising;
  else if (recognition) text = online ? KEPT_FILE_TEXT.recognise : KEPT_FILE_TEXT.recogniseOffline;
  else if (sending) text = uploadProgressText(progress.loaded, progress.total);
  else if (checking) text = KEPT_FILE_TEXT.checking;
  else if (!online) text = KEPT_FILE_TEXT.waitingOffline;
  else text = failing ? `${row.error ?? 'Сервер временно не принимает файл'}. ${KEPT_FILE_TEXT.failing}` : KEPT_FILE_TEXT.waiting;
  const percent = sending ? uploadPercent(progress.loaded, progress.total) : 0;
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderColor={refused ? 'red.300' : failing ? 'orange.300' : 'border'}
      bg={refused ? 'red.subtle' : failing ? 'orange.subtle' : 'bg'}
      rounded="md"
      px="3"
      py="2"
      data-testid="kept-file"
      data-state={refused ? 'rejected' : sending ? 'sending' : checking ? 'checking' : failing ? 'failing' : 'waiting'}
    >
      <HStack gap="2" align="start">
        <Box color={refused ? 'red.fg' : 'fg.muted'} flexShrink={0} pt="0.5" aria-hidden="true">
          {sending || checking || props.recognising ? <Spinner size="sm" color="brand.solid" /> : refused ? <CloseIcon size={16} /> : <FileIcon size={16} />}
        </Box>
        <Stack gap="0" flex="1" minW="0">
          <Text truncate title={name}>
            {name}
          </Text>
          <Text fontSize="sm" color={refused ? 'red.fg' : failing ? 'orange.fg' : 'fg.muted'} role={alerting ? 'alert' : 'status'} aria-live="polite">
            {text}
          </Text>
        </Stack>
      </HStack>
      {sending && (
        <Box
          role="progressbar"
          aria-label={`Загрузка файла ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          h="1.5"
          bg="bg.emphasized"
          rounded="full"
          overflow="hidden"
        >
          <Box h="full" bg="brand.solid" style={{ width: `${percent}%` }} />
        </Box>
      )}
      {!checking && !props.recognising && (
        <HStack gap="2" wrap="wrap">
          {(refused || failing) && (
            <Button size="xs" variant="outline" onClick={props.onRetry}>
              Повторить
            </Button>
          )}
          {recognition && !refused && online && props.onRecognise && (
            <Button size="xs" variant="outline" onClick={props.onRecognise}>
              Распознать
            </Button>
          )}
          <Button size="xs" variant="ghost" onClick={props.onCancel} aria-label={sending ? `Отменить загрузку файла ${name}` : `Удалить файл ${name}`}>
            {sending ? 'Отменить' : 'Удалить'}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

const COARSE_POINTER_HIDDEN = { '@media (pointer: coarse)': { display: 'none' } } as const;

/**
 * File picker: a plain button ("file" field) or a drop zone ("dropFile" field and attachments). The input is
 * labelled so assistive technology and tests can reach it.
 */
export function FilePicker(props: {
  label: string;
  /** Name of the field or attachment: the button's accessible name gets it, so a screen reader hears which one. */
  subject: string;
  buttonText: string;
  accept?: string;
  multiple: boolean;
  zone: boolean;
  disabled?: boolean;
  hint?: string;
  /** The field already holds its one file: the zone invites a replacement, not a second file. */
  replacing?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);
  const pick = () => input.current?.click();
  const hidden = (
    <input
      id={id}
      ref={input}
      type="file"
      aria-label={props.label}
      accept={props.accept}
      multiple={props.multiple}
      disabled={props.disabled}
      style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
      tabIndex={-1}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length) props.onFiles(files);
      }}
    />
  );
  if (!props.zone) {
    return (
      <Box position="relative">
        {hidden}
        <Button size="sm" variant="outline" onClick={pick} disabled={props.disabled} aria-label={`${props.buttonText}: ${props.subject}`} data-file-picker="">
          {props.buttonText}
        </Button>
        {props.hint && (
          <Text fontSize="xs" color="fg.muted" mt="1">
            {props.hint}
          </Text>
        )}
      </Box>
    );
  }
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (props.disabled) return;
    const files = [...e.dataTransfer.files];
    if (files.length) props.onFiles(files);
  };
  return (
    <Box
      position="relative"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'brand.solid' : 'border.emphasized'}
      bg={over ? 'brand.subtle' : 'bg'}
      rounded="md"
      px="4"
      py="5"
      textAlign="center"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {hidden}
      <Stack gap="2" align="center">
        {/* Issue 50: nothing is dragged on a touch screen (a coarse pointer): the button alone; a drop still works. */}
        <Text fontSize="sm" color="fg.muted" css={COARSE_POINTER_HIDDEN}>
          {props.replacing ? 'Перетащите сюда новый файл вместо загруженного или' : 'Перетащите файл сюда или'}
        </Text>
        <Button size="sm" variant="outline" onClick={pick} disabled={props.disabled} aria-label={`${props.buttonText}: ${props.subject}`} data-file-picker="">
          {props.buttonText}
        </Button>
        {props.hint && (
          <Text fontSize="xs" color="fg.muted">
            {props.hint}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
