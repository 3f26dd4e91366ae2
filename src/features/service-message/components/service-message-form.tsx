import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Field, Stack, Switch, Text, Textarea, chakra } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { notifySuccess } from '@/components/toaster';
import { serviceMessageQuery } from '../api/queries';
import { useSaveServiceMessage } from '../api/save-service-message';
import { SERVICE_MESSAGE_MAX, canSave, validateServiceMessage, type ServiceMessageValues } from '../service-message-rules';

/** /service-message — the administrator's form for the shell banner (SPEC §2, §5, §8). */
export function ServiceMessageForm() {
  const { data } = useSuspenseQuery(serviceMessageQuery());
  const save = useSaveServiceMessage();
  const [values, setValues] = useState<ServiceMessageValues>(() => ({ switch: Number(data.switch) === 1 ? 1 : 0, message: data.message ?? '' }));
  const [touched, setTouched] = useState(false);
  // A second click can arrive before React re-renders with the pending state: this flag stops it synchronously.
  const inFlight = useRef(false);

  // A newer server value (another administrator, a refetch) replaces an untouched form.
  useEffect(() => {
    if (!touched) setValues({ switch: Number(data.switch) === 1 ? 1 : 0, message: data.message ?? '' });
  }, [data, touched]);

  const error = validateServiceMessage(values).message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (inFlight.current || !canSave(values, save.isPending)) return;
    inFlight.current = true;
    save.mutate(values, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: () => {
        notifySuccess('Данные успешно сохранены');
        setTouched(false);
      },
    });
  };

  return (
    <chakra.form onSubmit={submit} noValidate bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} maxW="3xl">
      <Stack gap="5">
        <Text color="fg.muted">
          Сообщение показывается баннером над содержимым каждой страницы личного кабинета у всех пользователей, пока включён переключатель «Показать».
        </Text>
        <Switch.Root
          checked={values.switch === 1}
          onCheckedChange={(e) => setValues((v) => ({ ...v, switch: e.checked ? 1 : 0 }))}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Показать</Switch.Label>
        </Switch.Root>
        <Field.Root required invalid={touched && !!error}>
          <Field.Label>
            Сообщение <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="message"
            rows={4}
            autoresize
            value={values.message}
            onChange={(e) => {
              const message = e.currentTarget.value;
              setValues((v) => ({ ...v, message }));
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
          />
          {touched && error ? (
            <Field.ErrorText>{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {values.message.trim().length} / {SERVICE_MESSAGE_MAX}
            </Field.HelperText>
          )}
        </Field.Root>
        {values.switch === 1 && !error && (
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              Так баннер увидят пользователи:
            </Text>
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description whiteSpace="pre-line">{values.message.trim()}</Alert.Description>
            </Alert.Root>
          </Stack>
        )}
        {save.isPaused && (
          <Text fontSize="sm" color="orange.fg" role="status">
            Нет соединения с сервером: действие выполнится, когда связь восстановится.
          </Text>
        )}
        <Box>
          <Button type="submit" disabled={!canSave(values, save.isPending)} loading={save.isPending} loadingText="Сохранение…">
            Сохранить
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
