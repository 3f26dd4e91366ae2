import { describe, expect, it } from 'vitest';
import { leaveMessage } from './leave-session-confirm';

describe('the sign-out warning names the files it would lose (DESIGN.md "Attachments offline")', () => {
  it('without files: the warning as before', () => {
    expect(leaveMessage('sign-out', [])).toBe('Есть неотправленные изменения: они сохранены только на этом устройстве и будут удалены при выходе. Выйти всё равно?');
  });

  it('one file, several files, and the return from «войти как»', () => {
    expect(leaveMessage('sign-out', ['Устав.pdf'])).toBe(
      'Есть неотправленные изменения: они сохранены только на этом устройстве и будут удалены при выходе. Среди них файл «Устав.pdf»: он не загружен на сервер. Выйти всё равно?',
    );
    expect(leaveMessage('sign-out', ['Устав.pdf', 'Смета.csv'])).toContain('Среди них файлы «Устав.pdf», «Смета.csv»: они не загружены на сервер. Выйти всё равно?');
    expect(leaveMessage('return', ['Устав.pdf'])).toMatch(/учётной записи\. Среди них файл «Устав\.pdf»: он не загружен на сервер\. Вернуться всё равно\?$/);
  });
});
