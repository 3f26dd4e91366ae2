import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PausedActionNotice } from '@/components/offline/paused-action-notice';
import { useForm, useStore } from '@tanstack/react-form';
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  Field,
  HStack,
  Heading,
  Input,
  Portal,
  Separator,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { ApiError } from '@/lib/api/errors';
import { notifySuccess } from '@/components/toaster';
import { useToastClearance, useToastSideClearance } from '@/components/use-toast-clearance';
import { useDiscardGuard } from '@/components/discard-guard';
import { fieldErrorText } from '@/components/schema-errors';
import { useUpdateProfile } from '../api/update-profile';
import {
  PROFILE_FIELDS,
  PROFILE_LABELS,
  PROFILE_MAX,
  isProfileChanged,
  profilePayload,
  profileSchema,
  profileValuesOf,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../profile-rules';
import type { ProfileUser } from '../api/types';

export interface UserDataDrawerProps {
  open: boolean;
  onClose: () => void;
  user: ProfileUser;
  roleNames: string[];
  /** Called with what the server saved, so the shell can show the new name at once. */
  onSaved?: (saved: ReturnType<typeof profilePayload>) => void;
  /** Further sections (notification settings), composed by the route. */
  children?: ReactNode;
  /** SPEC §5 phone mask (+7 (###) ###-##-##), the questionnaire's, handed in by the route. */
  phoneMask?: { placeholder: string; format: (typed: string) => string };
}

const INPUT_TYPES: Partial<Record<ProfileField, string>> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Record<ProfileField, string> = {
  lastname: 'family-name',
  firstname: 'given-name',
  middlename: 'additional-name',
  email: 'email',
  phone: 'tel',
  work_company: 'organization',
  region: 'address-level1',
  city: 'address-level2',
};

/** The user-data drawer opened from the avatar (SPEC §2): own profile (SPEC §5 limits, role not editable). */
export function UserDataDrawer(props: UserDataDrawerProps) {
  const { open, user } = props;
  const initial = useMemo(() => profileValuesOf(user), [user]);
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});
  const update = useUpdateProfile();
  // What the server has: the form's defaults, the changes are measured against it.
  const [saved, setSaved] = useState(initial);
  const form = useForm({
    defaultValues: saved,
    validators: { onChange: profileSchema },
    onSubmitInvalid: ({ formApi }) => {
      const first = PROFILE_FIELDS.find((f) => fieldErrorText(formApi.getFieldMeta(f)?.errors ?? []));
      if (first) refs.current[first]?.focus();
    },
    onSubmit: ({ value }) => save(value),
  });
  const values = useStore(form.store, (state) => state.values);
  const refs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  const content = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  useToastSideClearance(content, open);
  useToastClearance(buttons, open);

  // Every opening starts from the saved profile.
  useEffect(() => {
    if (!open) return;
    setSaved(initial);
    form.reset(initial);
    setServerErrors({});
  }, [open, initial, form]);

  // A field's error shows once it was typed in (or a save was tried); a server's field error until it changes.
  const shown = (field: ProfileField, meta: { isTouched: boolean; errors: unknown[] }) =>
    (meta.isTouched ? fieldErrorText(meta.errors) : undefined) ?? serverErrors[field];
  const changed = isProfileChanged(values, saved);

  // Closing (Esc, ✕, overlay) with unsaved changes asks first.
  const discard = useDiscardGuard(changed, props.onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  const save = (values: ProfileValues) =>
    update.mutate(
      { userId: user.id, values },
      {
        onSuccess: () => {
          notifySuccess('Данные успешно обновлены');
          // What was saved is the form's new starting point (nothing left to lose on closing).
          setSaved(values);
          form.reset(values);
          props.onSaved?.(profilePayload(values));
        },
        onError: (error) => {
          const byField: ProfileErrors = {};
          if (error instanceof ApiError) {
            for (const e of error.fieldErrors) {
              const field = e.field?.replace(/^body\//, '') as ProfileField | undefined;
              if (field && (PROFILE_FIELDS as readonly string[]).includes(field)) byField[field] = e.message;
            }
          }
          // The SPEC §8 failure toast comes from the query client (the hook's meta).
          setServerErrors(byField);
        },
      },
    );

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => !e.open && discard.requestClose()}
      placement="end"
      size={{ base: 'full', sm: 'md' }}
      // On the heading, not the first field: focusing «Фамилия» selected it and raised a phone's keyboard (issue 50).
      initialFocusEl={() => title.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content ref={content}>
            <Drawer.Header>
              <Drawer.Title ref={title} tabIndex={-1}>
                Данные пользователя
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6">
                <chakra.form onSubmit={submit} noValidate aria-labelledby="profile-title">
                  <Stack gap="4">
                    <Heading as="h3" size="sm" id="profile-title">
                      Профиль
                    </Heading>
                    <Box>
                      <Text fontSize="sm" fontWeight="medium" mb="1">
                        Роль
                      </Text>
                      <HStack wrap="wrap" gap="1" role="group" aria-label="Роль (не редактируется)">
                        {props.roleNames.length ? (
                          props.roleNames.map((name) => (
                            <Badge key={name} colorPalette="brand">
                              {name}
                            </Badge>
                          ))
                        ) : (
                          <Text color="fg.muted">нет группы</Text>
                        )}
                      </HStack>
                      <Text fontSize="xs" color="fg.muted" mt="1">
                        Роль назначает администратор портала.
                      </Text>
                    </Box>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      {PROFILE_FIELDS.map((field) => (
                        <form.Field key={field} name={field}>
                          {(api) => {
                            const error = shown(field, api.state.meta);
                            const max = PROFILE_MAX[field];
                            const required = field === 'lastname' || field === 'firstname';
                            const value = api.state.value;
                            return (
                              <Field.Root
                                key={field}
                                invalid={!!error}
                                required={required}
                                gridColumn={field === 'work_company' ? { md: 'span 2' } : undefined}
                              >
                                <Field.Label>
                                  {PROFILE_LABELS[field]} {required && <Field.RequiredIndicator />}
                                </Field.Label>
                                <Input
                                  ref={(el) => {
                                    refs.current[field] = el;
                                  }}
                                  name={field}
                                  type={INPUT_TYPES[field] ?? 'text'}
                                  autoComplete={AUTOCOMPLETE[field]}
                                  placeholder={field === 'phone' ? props.phoneMask?.placeholder : undefined}
                                  inputMode={field === 'phone' ? 'tel' : undefined}
                                  value={value}
                                  onChange={(e) => {
                                    const typed = e.currentTarget.value;
                                    api.handleChange(field === 'phone' && props.phoneMask ? props.phoneMask.format(typed) : typed);
                                    setServerErrors((s) => ({ ...s, [field]: undefined }));
                                  }}
                                  onBlur={api.handleBlur}
                                />
                                {error ? (
                                  <Field.ErrorText>{error}</Field.ErrorText>
                                ) : (
                                  max !== null &&
                                  value.length > max * 0.8 && <Field.HelperText>{`${value.trim().length} / ${max}`}</Field.HelperText>
                                )}
                              </Field.Root>
                            );
                          }}
                        </form.Field>
                      ))}
                    </SimpleGrid>
                    <PausedActionNotice paused={update.isPaused} />
                    {/* Kept in view at the bottom of the drawer while the form is, with toasts above it (phones). */}
                    <HStack ref={buttons} gap="2" justify="flex-end" wrap="wrap" position="sticky" bottom="0" bg="bg" py="2" zIndex="1">
                      <Button
                        variant="outline"
                        disabled={!changed || update.isPending}
                        onClick={() => {
                          form.reset(saved);
                          setServerErrors({});
                        }}
                      >
                        Отменить изменения
                      </Button>
                      <Button type="submit" loading={update.isPending} disabled={!changed}>
                        Сохранить
                      </Button>
                    </HStack>
                  </Stack>
                </chakra.form>
                {props.children && (
                  <>
                    <Separator />
                    {props.children}
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Drawer.CloseTrigger>
            {discard.question}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export default UserDataDrawer;
