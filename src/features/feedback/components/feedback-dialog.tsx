import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
import { attachmentProblems, formatFileSize, hasErrors, validateFeedback, type FeedbackErrors, type FeedbackValues } from '../feedback-rules';
import { DialogCloseX } from '@/components/dialog-close';

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
  const [values, setValues] = useState<FeedbackValues>({ theme: null, subject: '', message: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [touched, setTouched] = useState<Partial<Record<keyof FeedbackValues, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FeedbackErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const themeRef = useRef<HTMLSelectElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const fullScreen = useBreakpointValue({ base: true, md: false }, { fallback: 'md' });

  // Every opening starts from the caller's pre-filled values (a signing error passes theme 9 and the details).
  useEffect(() => {
    if (!open) return;
    setValues({ theme: initialTheme ?? null, subject: initialSubject ?? '', message: initialMessage ?? '' });
    setFiles([]);
    setFileErrors([]);
    setTouched({});
    setServerErrors({});
  }, [open, initialTheme, initialSubject, initialMessage]);

  const errors = validateFeedback(values);
  const shownError = (key: keyof FeedbackValues) => (touched[key] ? errors[key] : undefined) ?? serverErrors[key];

  const change = <K extends keyof FeedbackValues>(key: K, value: FeedbackValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };

  const pickFiles = (list: FileList | null) => {
    if (!list) return;
    const picked = Array.from(list).filter((file) => !files.some((f) => f.name === file.name && f.size === file.size));
    const { accepted, problems } = attachmentProblems(picked, files.length);
    setFiles([...files, ...accepted.map((i) => picked[i]!)]);
    setFileErrors(problems);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ theme: true, subject: true, message: true });
    if (hasErrors(errors)) {
      // SPEC §5 practice: focus the first field in error.
      if (errors.theme) themeRef.current?.focus();
      else if (errors.subject) subjectRef.current?.focus();
      else messageRef.current?.focus();
      return;
    }
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
  };

  const themeError = shownError('theme');
  const subjectError = shownError('subject');
  const messageError = shownError('message');

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !send.isPending && onClose()}
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
                  <Field.Root required invalid={!!themeError}>
                    <Field.Label>
                      Тема обращения <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root disabled={themes.isPending && !themes.isError}>
                      <NativeSelect.Field
                        ref={themeRef}
                        name="theme"
                        value={values.theme ?? ''}
                        onChange={(e) => change('theme', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                        onBlur={() => setTouched((t) => ({ ...t, theme: true }))}
                      >
                        <option value="">{themes.isPending ? 'Загрузка тем…' : 'Выберите тему'}</option>
                        {themes.data?.map((theme) => (
                          <option key={theme.id} value={theme.id}>
                            {theme.name}
                          </option>
                        ))}
                        {values.theme !== null && themes.data && !themes.data.some((t) => t.id === values.theme) && (
                          <option value={values.theme}>Тема №{values.theme}</option>
                        )}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{themeError}</Field.ErrorText>
                  </Field.Root>

                  <Field.Root required invalid={!!subjectError}>
                    <Field.Label>
                      Тема <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      ref={subjectRef}
                      name="subject"
                      value={values.subject}
                      onChange={(e) => change('subject', e.currentTarget.value)}
                      onBlur={() => setTouched((t) => ({ ...t, subject: true }))}
                      autoComplete="off"
                    />
                    {subjectError ? (
                      <Field.ErrorText>{subjectError}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        {values.subject.trim().length} / {FEEDBACK_SUBJECT_MAX}
                      </Field.HelperText>
                    )}
                  </Field.Root>

                  <Field.Root required invalid={!!messageError}>
                    <Field.Label>
                      Сообщение <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea
                      ref={messageRef}
                      name="message"
                      rows={6}
                      autoresize
                      maxH="60dvh"
                      value={values.message}
                      onChange={(e) => change('message', e.currentTarget.value)}
                      onBlur={() => setTouched((t) => ({ ...t, message: true }))}
                    />
                    <Field.ErrorText>{messageError}</Field.ErrorText>
                  </Field.Root>

                  <Field.Root invalid={fileErrors.length > 0}>
                    <Field.Label>Вложения</Field.Label>
                    <input
                      ref={fileInput}
                      id={`${ids}-files`}
                      type="file"
                      multiple
                      hidden
                      aria-label="Прикрепить файлы"
                      onChange={(e) => pickFiles(e.currentTarget.files)}
                    />
                    <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={send.isPending}>
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
              {send.isPaused && (
                <Text fontSize="sm" color="orange.fg" role="status" px="6">
                  Нет соединения с сервером: действие выполнится, когда связь восстановится.
                </Text>
              )}
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={send.isPending}>
                  Отмена
                </Button>
                <Button type="submit" loading={send.isPending} loadingText="Отправка…">
                  Отправить
                </Button>
              </Dialog.Footer>
            </form>
            <DialogCloseX disabled={send.isPending} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default FeedbackDialog;
