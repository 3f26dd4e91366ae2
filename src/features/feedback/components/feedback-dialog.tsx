import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ErrorOrLength } from '@/components/field-length';
import { useForm, useStore } from '@tanstack/react-form';
import {
  Alert,
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
  useBreakpointValue,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorToastText } from '@/lib/api/errors';
import { FEEDBACK_SUBJECT_MAX } from '@/lib/limits';
import { notifySuccess } from '@/components/toaster';
import { CloseIcon, FileIcon } from '@/components/icons';
import { feedbackThemesQuery } from '../api/themes';
import { FEEDBACK_FIELD_TITLES as FIELD_TITLES, useSendFeedback } from '../api/send-feedback';
import { attachmentProblems, attachmentsOfflineText, feedbackSchema, formatFileSize, validateFeedback, type FeedbackErrors, type FeedbackValues } from '../feedback-rules';
import { useOnline } from '@/lib/offline/connectivity';
import { DialogCloseX } from '@/components/dialog-close';
import { useDiscardGuard } from '@/components/discard-guard';
import { fieldErrorText } from '@/components/schema-errors';
import { MutationDialogFooter } from '@/components/form-dialog';

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
  /** Pre-selected theme; signing errors open the dialog with theme 9 (SPEC §8, §9). */
  initialTheme?: number;
  initialSubject?: string;
  initialMessage?: string;
}

/** The feedback dialog "Задать вопрос" (SPEC §2 shell, §3/§5 Feedback, §7 Support POST /messages multipart). */
export function FeedbackDialog(props: FeedbackDialogProps) {
  const { open, onClose, initialTheme, initialSubject, initialMessage } = props;
  const themes = useQuery({ ...feedbackThemesQuery(), enabled: open });
  const send = useSendFeedback();
  // Attachments are online-only: while the connection is proved absent the picker says so before a pick, not at sending.
  const online = useOnline();
  const canPick = online && !send.isPending;
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<FeedbackErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const themeRef = useRef<HTMLSelectElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const filesId = `${ids}-files`;
  const filesLabelId = `${ids}-files-label`;
  const offlineNoteId = `${ids}-files-offline`;
  const fullScreen = useBreakpointValue({ base: true, md: false }, { fallback: 'md' });

  // The caller's pre-filled values (a signing error passes theme 9 and the details) are the form's defaults.
  const prefilled = useMemo<FeedbackValues>(
    () => ({ theme: initialTheme ?? null, subject: initialSubject ?? '', message: initialMessage ?? '' }),
    [initialTheme, initialSubject, initialMessage],
  );
  const form = useForm({
    defaultValues: prefilled,
    validators: { onChange: feedbackSchema },
    onSubmitInvalid: ({ formApi }) => {
      // SPEC §5 practice: focus the first field in error.
      const failing = (key: keyof FeedbackValues) => !!fieldErrorText(formApi.getFieldMeta(key)?.errors ?? []);
      if (failing('theme')) themeRef.current?.focus();
      else if (failing('subject')) subjectRef.current?.focus();
      else messageRef.current?.focus();
    },
    onSubmit: ({ value }) => sendNow(value),
  });
  const attempted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const edited = useStore(form.store, (state) => !state.isDefaultValue);

  // Every opening starts from the pre-filled values.
  useEffect(() => {
    if (!open) return;
    form.reset(prefilled);
    setFiles([]);
    setFileErrors([]);
    setServerErrors({});
  }, [open, prefilled, form]);

  // Closing with typed text (or attached files) asks first; nothing closes while the message is being sent.
  const discard = useDiscardGuard(edited || files.length > 0, onClose);
  const requestClose = () => !send.isPending && discard.requestClose();

  // Errors show once a field was left or a send was tried (SPEC §5), a server's field error until the field changes.
  // Read from the form's schema directly: leaving an untouched field runs no change validator.
  const errors = validateFeedback(useStore(form.store, (state) => state.values));
  const shownError = (key: keyof FeedbackValues, meta: { isBlurred: boolean }) => ((meta.isBlurred || attempted) && errors[key]) || serverErrors[key];
  const change = <V,>(field: { name: keyof FeedbackValues; handleChange: (value: V) => void }, value: V) => {
    field.handleChange(value);
    setServerErrors((e) => ({ ...e, [field.name]: undefined }));
  };

  const pickFiles = (list: FileList | null) => {
    if (!list || !canPick) return;
    const picked = Array.from(list).filter((file) => !files.some((f) => f.name === file.name && f.size === file.size));
    const { accepted, problems } = attachmentProblems(picked, files.length);
    setFiles([...files, ...accepted.map((i) => picked[i]!)]);
    setFileErrors(problems);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  const sendNow = (values: FeedbackValues) =>
    send.mutate(
      { theme: values.theme!, subject: values.subject, message: values.message, attachments: files },
      {
        onSuccess: () => {
          notifySuccess('Сообщение отправлено');
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const byField: FeedbackErrors = {};
            for (const e of error.fieldErrors)
              if (e.field && e.field in FIELD_TITLES && e.field !== 'attachments') byField[e.field as keyof FeedbackValues] = e.message;
            setServerErrors(byField);
          }
        },
      },
    );


  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && requestClose()}
      size={fullScreen ? 'full' : 'lg'}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      initialFocusEl={() => (initialTheme ? subjectRef.current : themeRef.current)}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-describedby={`${ids}-note`}>
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>Задать вопрос</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text id={`${ids}-note`} fontSize="sm" color="fg.muted">
                    Опишите вопрос — специалисты поддержки ответят на адрес электронной почты из вашего профиля.
                  </Text>
                  {themes.isError && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>
                          {errorToastText(themes.error, 'Произошла ошибка при получении данных')}{' '}
                          <Button size="xs" variant="outline" onClick={() => void themes.refetch()}>
                            Повторить
                          </Button>
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  <form.Field name="theme">
                    {(field) => {
                      const error = shownError(field.name, field.state.meta);
                      const theme = field.state.value;
                      return (
                        <Field.Root required invalid={!!error}>
                          <Field.Label>
                            Тема обращения <Field.RequiredIndicator />
                          </Field.Label>
                          <NativeSelect.Root disabled={themes.isPending && !themes.isError}>
                            <NativeSelect.Field
                              ref={themeRef}
                              name={field.name}
                              value={theme ?? ''}
                              onChange={(e) => change(field, e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                              onBlur={field.handleBlur}
                            >
                              <option value="">{themes.isPending ? 'Загрузка тем…' : 'Выберите тему'}</option>
                              {themes.data?.map((t) => (
                                <option key={t.id} value={t.id}>
                                  {t.name}
                                </option>
                              ))}
                              {theme !== null && themes.data && !themes.data.some((t) => t.id === theme) && <option value={theme}>Тема №{theme}</option>}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                          <Field.ErrorText>{error}</Field.ErrorText>
                        </Field.Root>
                      );
                    }}
                  </form.Field>

                  <form.Field name="subject">
                    {(field) => {
                      const error = shownError(field.name, field.state.meta);
                      return (
                        <Field.Root required invalid={!!error}>
                          <Field.Label>
                            Тема <Field.RequiredIndicator />
                          </Field.Label>
                          <Input
                            ref={subjectRef}
                            name={field.name}
                            value={field.state.value}
                            onChange={(e) => change(field, e.currentTarget.value)}
                            onBlur={field.handleBlur}
                            autoComplete="off"
                          />
                          <ErrorOrLength error={error} value={field.state.value} max={FEEDBACK_SUBJECT_MAX} />
                        </Field.Root>
                      );
                    }}
                  </form.Field>

                  <form.Field name="message">
                    {(field) => {
                      const error = shownError(field.name, field.state.meta);
                      return (
                        <Field.Root required invalid={!!error}>
                          <Field.Label>
                            Сообщение <Field.RequiredIndicator />
                          </Field.Label>
                          <Textarea
                            ref={messageRef}
                            name={field.name}
                            rows={6}
                            autoresize
                            maxH="60dvh"
                            value={field.state.value}
                            onChange={(e) => change(field, e.currentTarget.value)}
                            onBlur={field.handleBlur}
                          />
                          <Field.ErrorText>{error}</Field.ErrorText>
                        </Field.Root>
                      );
                    }}
                  </form.Field>

                  {/* The field's id is its label's `for`: «Вложения» points at the file input and names the group. */}
                  <Field.Root
                    id={filesId}
                    ids={{ label: filesLabelId, helperText: offlineNoteId }}
                    aria-labelledby={filesLabelId}
                    invalid={fileErrors.length > 0}
                  >
                    <Field.Label>Вложения</Field.Label>
                    {!online && <Field.HelperText>{attachmentsOfflineText(files.length)}</Field.HelperText>}
                    <input
                      ref={fileInput}
                      id={filesId}
                      type="file"
                      multiple
                      hidden
                      disabled={!canPick}
                      aria-label="Прикрепить файлы"
                      onChange={(e) => pickFiles(e.currentTarget.files)}
                    />
                    {/* Offline the button stays focusable (aria-disabled), so a screen reader reaches it and hears why. */}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => canPick && fileInput.current?.click()}
                      disabled={send.isPending}
                      aria-disabled={!online || undefined}
                      aria-describedby={online ? undefined : offlineNoteId}
                    >
                      <FileIcon /> Прикрепить файлы
                    </Button>
                    {files.length > 0 && (
                      <Stack as="ul" listStyleType="none" gap="1" m="0" p="0" w="full" aria-label="Прикреплённые файлы">
                        {files.map((file, index) => (
                          <HStack as="li" key={`${file.name}-${file.size}`} justify="space-between" borderWidth="1px" borderRadius="md" px="3" py="1">
                            <Box minW="0">
                              <Text truncate fontSize="sm">
                                {file.name}
                              </Text>
                              <Text fontSize="xs" color="fg.muted">
                                {formatFileSize(file.size)}
                              </Text>
                            </Box>
                            <IconButton
                              aria-label={`Удалить файл ${file.name}`}
                              size="xs"
                              variant="ghost"
                              disabled={send.isPending}
                              onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                            >
                              <CloseIcon />
                            </IconButton>
                          </HStack>
                        ))}
                      </Stack>
                    )}
                    {fileErrors.length > 0 && (
                      <Field.ErrorText as="ul" display="block" listStyleType="none" m="0" p="0">
                        {fileErrors.map((problem) => (
                          <li key={problem}>{problem}</li>
                        ))}
                      </Field.ErrorText>
                    )}
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <MutationDialogFooter
                mutation={send}
                onCancel={requestClose}
                actionLabel="Отправить"
                loadingText="Отправка…"
              />
            </form>
            <DialogCloseX disabled={send.isPending} />
            {discard.question}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default FeedbackDialog;
