import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../app';
import { issueToken } from '../domains/auth';

/**
 * POST /__test/task-owner (test controls only): a grantee of a test's own, with the demo grantee's own tasks and
 * drafts copied, so the task-list tests read lists that no other test changes.
 */
let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer({ dataDir: null, testControl: true });
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await server?.services.db.close();
});

async function get<T>(userId: number, url: string): Promise<T> {
  const token = (await issueToken(server.services, userId)).result.token;
  const response = await server.app.inject({ method: 'GET', url: `/hosts/main${url}`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as T;
}

/** Two users of a test's own asked for at the same time (the ids are taken before any await). */
async function twoAtOnce(url: string): Promise<{ userId: number; login: string }[]> {
  const responses = await Promise.all([server.app.inject({ method: 'POST', url }), server.app.inject({ method: 'POST', url })]);
  return responses.map((response) => response.json() as { userId: number; login: string });
}

interface Page {
  items: { name: string; ownerId: number; projectId: number | null }[];
  _meta: { totalCount: number };
}

describe('a task owner of a test\'s own', () => {
  it('gets a new grantee per call with a copy of the demo grantee\'s own tasks and drafts, outside projects', async () => {
    const [a, b] = (await twoAtOnce('/__test/task-owner')) as [{ userId: number; login: string }, { userId: number; login: string }];
    expect(a.userId).not.toBe(b.userId);
    expect(a.login).toBe(`tasks-owner-${a.userId}`);

    const demo = await get<Page>(7, '/v2/projects/project-point?pageSize=100');
    const demoOwn = demo.items.filter((p) => p.ownerId === 7).map((p) => p.name).sort();
    for (const owner of [a.userId, b.userId]) {
      const copy = await get<Page>(owner, '/v2/projects/project-point?pageSize=100');
      // The task seed's points (other seeds add more to the demo grantee's projects): more than a page of 20.
      expect(copy._meta.totalCount).toBeGreaterThan(20);
      expect(demoOwn).toEqual(expect.arrayContaining(copy.items.map((p) => p.name)));
      expect(copy.items.every((p) => p.ownerId === owner && p.projectId === null)).toBe(true);
      for (const kind of ['active', 'expired', 'closed', 'archive']) {
        const [mine, theirs] = [await get<Page>(owner, `/v2/projects/project-point/${kind}?pageSize=100`), await get<Page>(7, `/v2/projects/project-point/${kind}?pageSize=100`)];
        expect(mine.items.length, kind).toBeGreaterThan(0);
        expect(theirs.items.map((p) => p.name), kind).toEqual(expect.arrayContaining(mine.items.map((p) => p.name)));
      }
      const me = await get<unknown>(owner, '/v1/users/info');
      expect(JSON.stringify(me)).toContain(`tasks-owner-${owner}`);
      const drafts = await get<{ name: string; pointId: number | null }[] | { items: { name: string; pointId: number | null }[] }>(owner, '/v2/projects/notes');
      const list = Array.isArray(drafts) ? drafts : drafts.items;
      expect(list.map((d) => d.name)).toContain('Заявка на конкурс «Цифровые платформы-2026»');
      const withPoint = list.find((d) => d.name === 'Отчёт по этапу 1: нейросетевая диагностика');
      expect(copy.items.some((p) => p.name === withPoint?.name)).toBe(true);
      expect(withPoint?.pointId).toEqual(expect.any(Number));
    }
  });

  it('is not there without test controls', async () => {
    const plain = await createReferenceServer({ dataDir: null });
    try {
      const response = await plain.app.inject({ method: 'POST', url: '/__test/task-owner' });
      expect(response.statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'POST', url: '/__test/applicant' })).statusCode).toBe(404);
    } finally {
      await plain.app.close();
      await plain.services.db.close();
    }
  }, 120_000);
});

describe("an applicant of a test's own (POST /__test/applicant)", () => {
  it('gets a new applicant per call, with the role «Пользователь» and nothing filed', async () => {
    const applicants = await twoAtOnce('/__test/applicant');
    expect(new Set(applicants.map((a) => a.userId)).size).toBe(2);
    for (const { userId, login } of applicants) {
      expect(login).toBe(`applicant-${userId}`);
      expect(await get<unknown>(userId, '/v1/users/info')).toMatchObject({ id: userId, username: login, groups: [8] });
      const drafts = await get<unknown[] | { items: unknown[] }>(userId, '/v2/projects/notes');
      expect(Array.isArray(drafts) ? drafts : drafts.items).toEqual([]);
    }
  });
});
