import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useForm, useStore } from '@tanstack/react-form';
import { Alert, Box, Button, Field, Stack, Switch, Text, Textarea, chakra } from '@chakra-ui/react';
import { PausedActionNotice } from '@/components/offline/paused-action-notice';
import { ErrorOrLength } from '@/components/field-length';
import { useSuspenseQuery } from '@tanstack/react-query';
import { notifySuccess } from '@/components/toaster';
import { serviceMessageQuery } from '../api/queries';
import { useSaveServiceMessage } from '../api/save-service-message';
import { SERVICE_MESSAGE_MAX, type ServiceMessageValues } from '../service-message-rules';
import { canSave, serviceMessageSchema, validateServiceMessage } from '../service-message-form-rules';

/** /service-message — the administrator's form for the shell banner (SPEC §2, §5, §8). */
export function ServiceMessageForm() {
  const { data } = useSuspenseQuery(serviceMessageQuery());
  const save = useSaveServiceMessage();
  // A second click can arrive before React re-renders with the pending state: this flag stops it synchronously.
  const inFlight = useRef(false);
  // The server's value is the form's default: a newer one (another administrator, a refetch) replaces an untouched
  // form (TanStack Form updates untouched values when the defaults change).
  const saved = useMemo<ServiceMessageValues>(() => ({ switch: Number(data.switch) === 1 ? 1 : 0, message: data.message ?? '' }), [data]);
  // What the server holds, also for a submit already on its way when a save lands (read in onSubmit, not rendered).
  const lastSaved = useRef(saved);
  useEffect(() => {
    lastSaved.current = saved;
  }, [saved]);
  const form = useForm({
    defaultValues: saved,
    validators: { onChange: serviceMessageSchema },
    onSubmit: ({ value }) => {
      if (inFlight.current || !canSave(value, save.isPending, lastSaved.current)) return;
      inFlight.current = true;
      save.mutate(value, {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: () => {
          lastSaved.current = value;
          notifySuccess('Данные успешно сохранены');
          form.reset(value);
        },
      });
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const attempted = useStore(form.store, (state) => state.submissionAttempts > 0);

  const error = validateServiceMessage(values).message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    void form.handleSubmit();
  };

  return (
    <chakra.form onSubmit={submit} noValidate bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} maxW="3xl">
      <Stack gap="5">
        <Text color="fg.muted">
          Сообщение показывается баннером над содержимым каждой страницы личного кабинета у всех пользователей, пока включён переключатель «Показать».
        </Text>
        <form.Field name="switch">
          {(field) => (
            <Switch.Root checked={field.state.value === 1} onCheckedChange={(e) => field.handleChange(e.checked ? 1 : 0)} colorPalette="brand">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Показать</Switch.Label>
            </Switch.Root>
          )}
        </form.Field>
        <form.Field name="message">
          {(field) => {
            // Shown once the field was typed in or left (a blur runs no change validator: the rule is read directly).
            const shown = field.state.meta.isTouched || attempted ? error : undefined;
            return (
              <Field.Root required invalid={!!shown}>
                <Field.Label>
                  Сообщение <Field.RequiredIndicator />
                </Field.Label>
                <Textarea
                  name={field.name}
                  rows={4}
                  autoresize
                  value={field.state.value}
                  onChange={(e) => field.handleChange(e.currentTarget.value)}
                  onBlur={field.handleBlur}
                />
                <ErrorOrLength error={shown} value={field.state.value} max={SERVICE_MESSAGE_MAX} />
              </Field.Root>
            );
          }}
        </form.Field>
        {values.switch === 1 && !error && (
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              Так баннер увидят пользователи:
            </Text>
            <Alert.Root status="warning">
              <Alert.Indicator aria-hidden="true" />
              <Alert.Description whiteSpace="pre-line">{values.message.trim()}</Alert.Description>
            </Alert.Root>
          </Stack>
        )}
        <PausedActionNotice paused={save.isPaused} />
        <Box>
          <Button type="submit" disabled={!canSave(values, save.isPending, saved)} loading={save.isPending} loadingText="Сохранение…">
            Сохранить
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
