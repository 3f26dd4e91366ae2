import * as v from 'valibot';
import { PROFILE_NAME_MAX, PROFILE_PLACE_MAX } from '@/lib/limits';
import { firstIssues } from '@/components/schema-errors';

/** The own-profile fields of PATCH /v1/users/{id}/update (SPEC §7); the role is never among them (SPEC §5). */
export const PROFILE_FIELDS = ['lastname', 'firstname', 'middlename', 'email', 'phone', 'work_company', 'region', 'city'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const PROFILE_LABELS: Record<ProfileField, string> = {
  lastname: 'Фамилия',
  firstname: 'Имя',
  middlename: 'Отчество',
  email: 'E-mail',
  phone: 'Телефон',
  work_company: 'Организация',
  region: 'Регион',
  city: 'Город',
};

/** SPEC §5 "Profile": surname, name, patronymic max 50; phone max 50; organisation, region, city max 200. */
export const PROFILE_MAX: Record<ProfileField, number | null> = {
  lastname: PROFILE_NAME_MAX,
  firstname: PROFILE_NAME_MAX,
  middlename: PROFILE_NAME_MAX,
  email: null,
  phone: PROFILE_NAME_MAX,
  work_company: PROFILE_PLACE_MAX,
  region: PROFILE_PLACE_MAX,
  city: PROFILE_PLACE_MAX,
};

const REQUIRED: readonly ProfileField[] = ['lastname', 'firstname'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS = /^[+\d\s()-]+$/;

export const tooLongMessage = (max: number) => `Не более ${max} символов`;

type Check = v.CheckAction<string, string>;

function fieldRules(field: ProfileField): Check[] {
  const checks: Check[] = [];
  const max = PROFILE_MAX[field];
  if (REQUIRED.includes(field)) checks.push(v.check((value) => value.trim() !== '', 'Заполните поле'));
  if (max !== null) checks.push(v.check((value) => Array.from(value.trim()).length <= max, tooLongMessage(max)));
  if (field === 'email') checks.push(v.check((value) => !value.trim() || EMAIL.test(value.trim()), 'Введите корректный E-mail'));
  if (field === 'phone') {
    checks.push(
      v.check((value) => {
        const phone = value.trim();
        const digits = phone.replace(/\D/g, '').length;
        return !phone || (PHONE_CHARS.test(phone) && digits >= 10 && digits <= 15);
      }, 'Введите корректный номер телефона'),
    );
  }
  return checks;
}

/**
 * SPEC §5 named rules: required "Заполните поле", e-mail "Введите корректный E-mail", phone "Введите корректный номер
 * телефона"; lengths per PROFILE_MAX. The drawer's form validates with this schema; the first failing rule of a field
 * is its message.
 */
export const profileSchema: v.GenericSchema<ProfileValues> = v.object(
  Object.fromEntries(PROFILE_FIELDS.map((field) => [field, v.pipe(v.string(), ...fieldRules(field))] as const)) as unknown as Record<ProfileField, v.GenericSchema<string>>,
);

export function validateProfile(values: ProfileValues): ProfileErrors {
  return firstIssues(profileSchema, values);
}

export function profileValuesOf(user: Partial<Record<ProfileField, string | null | undefined>>): ProfileValues {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, user[f] ?? ''])) as ProfileValues;
}

/** The request body: trimmed values, empty optional fields sent as null. */
export function profilePayload(values: ProfileValues): Record<ProfileField, string | null> {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, values[f].trim() || null])) as Record<ProfileField, string | null>;
}

export const isProfileChanged = (a: ProfileValues, b: ProfileValues) => PROFILE_FIELDS.some((f) => a[f].trim() !== b[f].trim());
