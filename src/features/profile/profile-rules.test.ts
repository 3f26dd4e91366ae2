import { describe, expect, it } from 'vitest';
import { isProfileChanged, profilePayload, profileValuesOf, tooLongMessage, validateProfile, type ProfileValues } from './profile-rules';

const valid: ProfileValues = {
  lastname: 'Петров',
  firstname: 'Алексей',
  middlename: 'Иванович',
  email: 'grantee@demo.grants.example.ru',
  phone: '+7 (913) 259-11-59',
  work_company: 'ООО «НейроТех»',
  region: 'Новосибирская область',
  city: 'Новосибирск',
};

describe('validateProfile (SPEC §5 "Profile")', () => {
  it.each<[string, Partial<ProfileValues>, Record<string, string>]>([
    ['a complete profile', {}, {}],
    ['optional fields may be empty', { middlename: '', email: '', phone: '', work_company: '', region: '', city: '' }, {}],
    ['surname of 50', { lastname: 'ф'.repeat(50) }, {}],
    ['surname of 51', { lastname: 'ф'.repeat(51) }, { lastname: tooLongMessage(50) }],
    ['name of 51', { firstname: 'и'.repeat(51) }, { firstname: tooLongMessage(50) }],
    ['patronymic of 51', { middlename: 'о'.repeat(51) }, { middlename: tooLongMessage(50) }],
    ['phone of 51', { phone: '1'.repeat(51) }, { phone: tooLongMessage(50) }],
    ['company of 200', { work_company: 'к'.repeat(200) }, {}],
    ['company of 201', { work_company: 'к'.repeat(201) }, { work_company: tooLongMessage(200) }],
    ['region of 201', { region: 'р'.repeat(201) }, { region: tooLongMessage(200) }],
    ['city of 201', { city: 'г'.repeat(201) }, { city: tooLongMessage(200) }],
    ['surname required', { lastname: '  ' }, { lastname: 'Заполните поле' }],
    ['name required', { firstname: '' }, { firstname: 'Заполните поле' }],
    ['bad e-mail', { email: 'petrov@' }, { email: 'Введите корректный E-mail' }],
    ['phone with letters', { phone: '+7 abc 123 45 67' }, { phone: 'Введите корректный номер телефона' }],
    ['phone too short', { phone: '12-34' }, { phone: 'Введите корректный номер телефона' }],
    ['plain digits phone', { phone: '89132591159' }, {}],
    ['spaces around are ignored for the length', { lastname: ` ${'ф'.repeat(50)} ` }, {}],
  ])('%s', (_name, change, expected) => {
    expect(validateProfile({ ...valid, ...change })).toEqual(expected);
  });
});

describe('profile values and payload', () => {
  it('fills missing values with empty strings and sends empty ones as null', () => {
    const values = profileValuesOf({ lastname: 'Иванова', firstname: 'Ольга', middlename: null });
    expect(values.middlename).toBe('');
    expect(values.city).toBe('');
    expect(profilePayload({ ...values, city: '  Казань ' })).toMatchObject({ lastname: 'Иванова', middlename: null, city: 'Казань' });
    expect(Object.keys(profilePayload(values))).not.toContain('role');
  });
  it('detects changes ignoring surrounding spaces', () => {
    expect(isProfileChanged(valid, { ...valid, city: ' Новосибирск ' })).toBe(false);
    expect(isProfileChanged(valid, { ...valid, city: 'Томск' })).toBe(true);
  });
});
