import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../../app';
import { issueToken } from '../auth';
import { loadUser } from '../users';
import { byUrgency, matchesFilters, visiblePoints, type ListQuery } from './lists';
import { matchesKind, tasksOf, type ListKind } from './model';
import type { AuthUser } from '../../lib/services';

/**
 * The task lists filter, count and page in SQL (listKind): the same answer as the rules in JavaScript (isListedFor,
 * matchesKind, matchesFilters, byUrgency) for every kind of user, list, filter and page, also after the clock moves.
 */
let server: ReferenceServer;
const PATHS: Record<ListKind, string> = {
  all: '/v2/projects/project-point',
  active: '/v2/projects/project-point/active',
  expired: '/v2/projects/project-point/expired',
  closed: '/v2/projects/project-point/closed',
  archive: '/v2/projects/project-point/archive',
};
const USERS = [1, 2, 4, 7, 8, 10, 11, 100, 101, 104, 106, 130];
const QUERIES: ListQuery[] = [
  {},
  { page: 2, pageSize: 5 },
  { pageSize: 3, page: 4 },
  { 'filter[name]': 'старт' },
  { 'filter[name]': '  СТАРТ ' },
  { 'filter[name]': 'id 30' },
  { 'filter[name]': '30' },
  { 'filter[statusCode]': 'FILLING' },
  { 'filter[statusCode]': 'COMPLETED', pageSize: 2 },
  { 'filter[projectId]': 1 },
  { 'filter[templateCode]': 'START-2026' },
];

beforeAll(async () => {
  server = await createReferenceServer({ dataDir: null });
}, 120_000);
afterAll(async () => {
  await server?.app.close();
  await server?.services.db.close();
});

async function reference(userId: number, kind: ListKind, q: ListQuery) {
  const s = server.services;
  const user = { ...(await loadUser(s, userId))!, token: 'x', impersonatedBy: null } as AuthUser;
  const now = s.clock.now();
  const points = (await visiblePoints(s, user)).filter((p) => matchesKind(p, kind, now) && matchesFilters(p, q)).sort(byUrgency);
  const perPage = Math.max(1, Number(q.pageSize ?? 20));
  const currentPage = Math.max(1, Number(q.page ?? 1));
  return {
    ids: points.slice((currentPage - 1) * perPage, currentPage * perPage).map((p) => p.id),
    _meta: { currentPage, pageCount: Math.ceil(points.length / perPage), totalCount: points.length, perPage },
    count: points.length,
  };
}

async function viaSql(userId: number, kind: ListKind, q: ListQuery) {
  const token = (await issueToken(server.services, userId)).result.token;
  const query = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const response = await server.app.inject({ method: 'GET', url: `/hosts/main${PATHS[kind]}${query ? `?${query}` : ''}`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const body = response.json() as { items: { id: number }[]; _meta: unknown };
  return { ids: body.items.map((i) => i.id), _meta: body._meta };
}

describe('task lists in SQL', () => {
  it('answer like the JavaScript rules for every user, list, filter and page', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const offsetDays of [0, 40]) {
      server.services.clock.offsetMs = offsetDays * 86_400_000;
      for (const userId of USERS) {
        for (const kind of Object.keys(PATHS) as ListKind[]) {
          for (const q of QUERIES) {
            const expected = await reference(userId, kind, q);
            const actual = await viaSql(userId, kind, q);
            expect(actual, `user ${userId} ${kind} ${JSON.stringify(q)} +${offsetDays}d`).toEqual({ ids: expected.ids, _meta: expected._meta });
            compared++;
            if (expected.ids.length) nonEmpty++;
          }
        }
      }
    }
    server.services.clock.offsetMs = 0;
    expect(compared).toBe(2 * USERS.length * 5 * QUERIES.length);
    expect(nonEmpty).toBeGreaterThan(compared / 4);
    expect(server.violations).toEqual([]);
  }, 240_000);

  it('counts like the JavaScript rules', async () => {
    for (const userId of [1, 7, 8]) {
      const token = (await issueToken(server.services, userId)).result.token;
      for (const [path, kind] of [['/v2/projects/project-point/count', 'all'], ['/v2/projects/project-point/active-count', 'active']] as const) {
        const response = await server.app.inject({ method: 'GET', url: `/hosts/main${path}`, headers: { authorization: `Bearer ${token}` } });
        expect(response.json(), `${userId} ${path}`).toEqual({ count: (await reference(userId, kind, {})).count });
      }
    }
  });

  it('read only the documents of the page', async () => {
    const token = (await issueToken(server.services, 1)).result.token;
    const seen: { sql: string; params?: unknown[] }[] = [];
    const db = server.services.db;
    const original = db.query.bind(db);
    db.query = (async (sql: string, params?: unknown[]) => {
      seen.push({ sql, params });
      return original(sql, params);
    }) as typeof db.query;
    try {
      const response = await server.app.inject({ method: 'GET', url: '/hosts/main/v2/projects/project-point?pageSize=5', headers: { authorization: `Bearer ${token}` } });
      expect(response.json().items).toHaveLength(5);
    } finally {
      db.query = original;
    }
    // Every read of task documents is the page's (LIMIT), none is the whole collection.
    const pointReads = seen.filter(({ sql, params }) => /SELECT (d\.)?data\b/.test(sql) && (sql.includes(`'points'`) || params?.[0] === 'points'));
    expect(pointReads.length).toBeGreaterThan(0);
    expect(pointReads.filter(({ sql }) => !/LIMIT 5 OFFSET 0\b/.test(sql)).map(({ sql }) => sql)).toEqual([]);
    expect(tasksOf(server.services).name).toBe('points');
  });
});
