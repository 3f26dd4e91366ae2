import type { Services } from '../lib/services';
import { seedUsers } from './users';

/** Deterministic Russian demo data (npm run demo:reset re-runs it). */
export async function seedAll(s: Services) {
  await s.db.truncateAll();
  await seedUsers(s);
  await s.collection<{ id: string; switch: number; message: string }>('settings').put({
    id: 'maintance',
    switch: 1,
    message: 'Плановые технические работы на портале: 30 ноября с 22:00 до 23:59 (МСК). Сохраняйте черновики заранее.',
  });
}
