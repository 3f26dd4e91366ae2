import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { useUpdateProfile } from '../api/update-profile';
import {
  PROFILE_FIELDS,
  PROFILE_LABELS,
  PROFILE_MAX,
  isProfileChanged,
  profilePayload,
  profileValuesOf,
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../profile-rules';

export interface ProfileUser {
  id: number;
  lastname?: string | null;
  firstname?: string | null;
  middlename?: string | null;
  email?: string | null;
  phone?: string | null;
  work_company?: string | null;
  region?: string | null;
  city?: string | null;
}

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
  const initial = profileValuesOf(user);
  const [values, setValues] = useState<ProfileValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});
  const update = useUpdateProfile();
  const refs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  const content = useRef<HTMLDivElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  useToastSideClearance(content, open);
  useToastClearance(buttons, open);

  // Every opening starts from the saved profile.
  useEffect(() => {
    if (!open) return;
    setValues(profileValuesOf(user));
    setTouched({});
    setServerErrors({});
  }, [open, user]);

  const errors = validateProfile(values);
  const shown = (field: ProfileField) => (touched[field] ? errors[field] : undefined) ?? serverErrors[field];
  const changed = isProfileChanged(values, initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, true])));
    const first = PROFILE_FIELDS.find((f) => errors[f]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    update.mutate(
      { userId: user.id, values },
      {
        onSuccess: () => {
          notifySuccess('Данные успешно обновлены');
          setTouched({});
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
  };

  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && props.onClose()} placement="end" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content ref={content}>
            <Drawer.Header>
              <Drawer.Title>Данные пользователя</Drawer.Title>
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
                      <HStack wrap="wrap" gap="1" aria-label="Роль (не редактируется)">
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
                      {PROFILE_FIELDS.map((field) => {
                        const error = shown(field);
                        const max = PROFILE_MAX[field];
                        const required = field === 'lastname' || field === 'firstname';
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
                              value={values[field]}
                              onChange={(e) => {
                                const typed = e.currentTarget.value;
                                const value = field === 'phone' && props.phoneMask ? props.phoneMask.format(typed) : typed;
                                setValues((v) => ({ ...v, [field]: value }));
                                setTouched((t) => ({ ...t, [field]: true }));
                                setServerErrors((s) => ({ ...s, [field]: undefined }));
                              }}
                            />
                            {error ? (
                              <Field.ErrorText>{error}</Field.ErrorText>
                            ) : (
                              max !== null &&
                              values[field].length > max * 0.8 && <Field.HelperText>{`${values[field].trim().length} / ${max}`}</Field.HelperText>
                            )}
                          </Field.Root>
                        );
                      })}
                    </SimpleGrid>
                    {update.isPaused && (
                      <Text fontSize="sm" color="orange.fg" role="status">
                        Нет соединения с сервером: действие выполнится, когда связь восстановится.
                      </Text>
                    )}
                    {/* Kept in view at the bottom of the drawer while the form is, with toasts above it (phones). */}
                    <HStack ref={buttons} gap="2" justify="flex-end" wrap="wrap" position="sticky" bottom="0" bg="bg" py="2" zIndex="1">
                      <Button
                        variant="outline"
                        disabled={!changed || update.isPending}
                        onClick={() => {
                          setValues(initial);
                          setTouched({});
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
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export default UserDataDrawer;
