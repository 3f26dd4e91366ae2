import { describe, expect, it } from 'vitest';
import { apiStatus } from '../lib/points';
import { XmlError, decodeSignature, parseXml, readAttorney, signingAllowed } from './signing';

const enc = (s: string) => Buffer.from(s, 'utf8');

describe('attorney XML', () => {
  it('reads the plain layout and normalises ISO dates', () => {
    const xml = '<?xml version="1.0"?><attorney signer_fio="Петров Алексей Иванович"><startDate>2026-01-01</startDate><endDate>31.12.2026</endDate></attorney>';
    expect(readAttorney(enc(xml))).toEqual({ signer_fio: 'Петров Алексей Иванович', startDate: '01.01.2026', endDate: '31.12.2026' });
  });

  it('reads the ФНС layout in windows-1251', () => {
    const xml = '<?xml version="1.0" encoding="windows-1251"?><Доверенность><СвДов ДатаВыдДов="2026-02-01" СрокДейст="2027-02-01"/><СвУпПред><Пред><ФИО Фамилия="Иванова" Имя="Ольга" Отчество="Сергеевна"/></Пред></СвУпПред></Доверенность>';
    const bytes = Buffer.from(new Uint8Array([...xml].map((ch) => {
      const code = ch.charCodeAt(0);
      if (code < 128) return code;
      if (ch === 'Ё') return 0xa8;
      if (ch === 'ё') return 0xb8;
      return code - 0x410 + 0xc0;
    })));
    expect(readAttorney(bytes)).toEqual({ signer_fio: 'Иванова Ольга Сергеевна', startDate: '01.02.2026', endDate: '01.02.2027' });
  });

  it.each([
    ['<a><b></a>', /не соответствует/],
    ['<a>', /не закрыт/],
    ['<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', /DOCTYPE/],
    ['<a x="1" x="2"/>', /повторяющийся атрибут/],
    ['<a/><b/>', /второй корневой/],
    ['просто текст', /вне корневого|нет элементов/],
    ['<a>&bogus;</a>', /неизвестная сущность/],
  ])('refuses %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlError);
    expect(() => parseXml(xml)).toThrow(message);
  });

  it('refuses an attorney without a signer', () => {
    expect(() => readAttorney(enc('<attorney><startDate>2026-01-01</startDate></attorney>'))).toThrow('в доверенности не указаны фамилия, имя и отчество представителя, который подписывает документы');
  });
});

describe('signing rule (SPEC §4)', () => {
  it.each([
    ['SIGNING_REQUIRED', true, true, true],
    ['REVIEW_WITH_SIGNING', true, true, true],
    ['IN_PROCESSING', true, true, false],
    ['SIGNING_REQUIRED', false, true, false],
    ['SIGNING_REQUIRED', true, false, false],
  ])('%s signable=%s canSign=%s → %s', (code, signable, canSign, allowed) => {
    expect(signingAllowed({ status: apiStatus(code), signable, canSign } as never)).toBe(allowed);
  });

  it('accepts base64 signatures only', () => {
    expect(decodeSignature(Buffer.from('a detached CMS signature').toString('base64')).toString()).toBe('a detached CMS signature');
    expect(() => decodeSignature('не base64')).toThrow();
    expect(() => decodeSignature('')).toThrow();
  });
});
