import type { Services } from '../lib/services';
import { seedUsers } from './users';
import { seedCompetitions } from '../domains/competitions';
import { seedQuestionnaire } from '../domains/questionnaire/seed';
import { seedTasks } from '../domains/tasks/seed';
import { seedSigning } from '../domains/signing';
import { seedProjects } from '../domains/projects/seed';
import { seedRid } from '../domains/rid';
import { seedCalendar } from '../domains/calendar';
import { seedMessages } from '../domains/messages';
import { seedSupport } from '../domains/support';
import { seedContest } from '../domains/contest/seed';
import { seedReports } from '../domains/reports/seed';
import { seedProjectsV1 } from '../domains/projects-v1/seed';

/** Deterministic Russian demo data (npm run demo:reset re-runs it). */
export async function seedAll(s: Services) {
  await s.db.truncateAll();
  await seedUsers(s);
  // Order matters: competitions and templates first, then points, projects and what refers to them.
  await seedCompetitions(s);
  await seedQuestionnaire(s);
  await seedTasks(s);
  await seedSigning(s);
  await seedProjects(s);
  await seedRid(s);
  await seedCalendar(s);
  await seedMessages(s);
  await seedSupport(s);
  await seedContest(s);
  await seedReports(s);
  await seedProjectsV1(s);
  await s.collection<{ id: string; switch: number; message: string }>('settings').put({
    id: 'maintance',
    switch: 1,
    message: 'Плановые технические работы на портале: 30 ноября с 22:00 до 23:59 (МСК). Сохраняйте черновики заранее.',
  });
}
