import { describe, expect, it } from 'vitest';
import { pluralRu } from '../plural';
import { pendingText, saveStateText } from './save-state';

describe('save-state texts (DESIGN.md "Offline drafts")', () => {
  it.each([
    [1, '1 изменение ожидает отправки'],
    [2, '2 изменения ожидают отправки'],
    [4, '4 изменения ожидают отправки'],
    [5, '5 изменений ожидают отправки'],
    [11, '11 изменений ожидают отправки'],
    [12, '12 изменений ожидают отправки'],
    [14, '14 изменений ожидают отправки'],
    [21, '21 изменение ожидает отправки'],
    [22, '22 изменения ожидают отправки'],
    [25, '25 изменений ожидают отправки'],
    [101, '101 изменение ожидает отправки'],
    [111, '111 изменений ожидают отправки'],
    [1000, '1000 изменений ожидают отправки'],
  ])('%i → %s', (count, text) => {
    expect(pendingText(count)).toBe(text);
  });

  it('picks the plural form', () => {
    expect([0, 1, 2, 5, 13, 23].map((n) => pluralRu(n, 'a', 'b', 'c'))).toEqual(['c', 'a', 'b', 'c', 'c', 'b']);
  });

  it.each([
    ['saved', 0, 'Все изменения сохранены'],
    ['saving', 3, 'Сохранение…'],
    ['pending', 3, '3 изменения ожидают отправки'],
    ['offline', 7, 'Нет соединения — изменения сохранены на устройстве'],
  ] as const)('%s', (status, pending, text) => {
    expect(saveStateText({ status, pending })).toBe(text);
  });
});
