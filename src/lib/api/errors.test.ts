import { describe, expect, it } from 'vitest';
import { ApiError, MALFORMED_ERROR_TEXT, TIMEOUT_ERROR_TEXT, UNEXPECTED_DATA_TEXT, classify, errorToastText, malformedError, networkError, timeoutError } from './errors';

describe('classification (SPEC §8 "Transport")', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [422, 'validation'],
    [400, 'validation'],
    [500, 'server'],
    [503, 'server'],
    [418, 'client'],
    [0, 'network'],
  ])('%i → %s', (status, kind) => {
    expect(classify(status)).toBe(kind);
  });
});

describe('error → toast text (SPEC §8: server message when present, field title appended)', () => {
  const fallback = 'Произошла ошибка при обновлении данных';

  it('shows the server message', () => {
    expect(errorToastText(new ApiError(422, { message: 'Проект уже отправлен' }), fallback)).toBe('Проект уже отправлен');
  });

  it('appends " в поле {title}" for a field error', () => {
    const error = new ApiError(422, { message: 'x', errors: [{ field: 'inn', message: 'ИНН получателя 10 символов', valueIndex: 0, groupIndex: 0 }] });
    expect(errorToastText(error, fallback, (f) => (f === 'inn' ? 'ИНН' : undefined))).toBe('ИНН получателя 10 символов в поле ИНН');
    expect(error.fieldErrors[0]).toEqual({ field: 'inn', message: 'ИНН получателя 10 символов', valueIndex: 0, groupIndex: 0 });
  });

  it('falls back to the catalogue text when the server says nothing', () => {
    expect(errorToastText(new ApiError(404, undefined), fallback)).toBe(fallback);
  });

  it('explains a server failure', () => {
    expect(errorToastText(new ApiError(502, '<html>Bad gateway</html>'.repeat(40)), fallback)).toBe(
      'Произошла ошибка при обновлении данных. Сервер временно недоступен, попробуйте позже.',
    );
  });

  it('explains a dropped connection', () => {
    expect(errorToastText(networkError(), fallback)).toMatch(/Нет соединения/);
    expect(errorToastText(new TypeError('Failed to fetch'), fallback)).toMatch(/Нет соединения/);
    expect(errorToastText(new TypeError('Load failed'), fallback)).toMatch(/Нет соединения/);
  });

  it('does not call a screen choking on damaged data a lost connection', () => {
    expect(errorToastText(new TypeError("Cannot read properties of undefined (reading 'items')"), fallback)).toBe(UNEXPECTED_DATA_TEXT);
    expect(errorToastText(timeoutError(), fallback)).toBe(TIMEOUT_ERROR_TEXT);
    expect(errorToastText(malformedError(200), fallback)).toBe(MALFORMED_ERROR_TEXT);
  });

  it('joins a bare error list (login failure returns the errors list)', () => {
    const error = new ApiError(422, [{ field: 'code', message: 'Код авторизации уже использован. Повторите вход.' }]);
    expect(error.serverMessage).toBe('Код авторизации уже использован. Повторите вход.');
  });
});
