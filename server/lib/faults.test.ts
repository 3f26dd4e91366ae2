import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Db } from './db';
import { createServices, type Services } from './services';
import { routerHandlers } from './operations';
import { registerOpenApi, type ContractViolation } from './router';
import { EventEmitter } from 'node:events';
import { MALFORMED_BODY, holdUntilClientGone, mutateBody, parseFaults, replaceFaults, slowLine, takeFault, type Fault } from './faults';
import { seedUsers } from '../seed/users';
import { authenticator, issueToken } from '../domains/auth';
import { stashHandlers } from '../domains/stash';

const LIST = {
  items: [
    { id: 1, name: 'Первый', done: false, status: { id: 3, name: 'Новая' }, files: [{ name: 'a.pdf' }], note: null },
    { id: 2, name: 'Второй', done: true, status: { id: 4, name: 'Готово' }, files: [], note: 'x' },
  ],
  total: 2,
};

describe('fault mutations', () => {
  it('drop-fields keeps the envelope and the lists and removes every other field at every depth', () => {
    expect(mutateBody(LIST, 'drop-fields')).toEqual({ items: [{ files: [{}] }, { files: [] }] });
    expect(mutateBody({ result: { id: 5, name: 'Проект', tasks: [{ id: 1 }] } }, 'drop-fields')).toEqual({ result: { tasks: [{}] } });
    expect(mutateBody({ result: { id: 5, name: 'Проект' } }, 'drop-fields')).toEqual({});
  });

  it('wrong-types gives every scalar another type and keeps the shape', () => {
    const out = mutateBody(LIST, 'wrong-types') as typeof LIST;
    const first = out.items[0]!;
    expect(typeof first.id).toBe('string');
    expect(typeof first.name).toBe('number');
    expect(first.done).toBe('нет');
    expect(typeof first.status.name).toBe('number');
    expect(first.note).toBe(0);
    expect(typeof out.total).toBe('string');
    expect(out.items).toHaveLength(2);
  });

  it('empty-list empties every list, also nested ones, and leaves the rest', () => {
    expect(mutateBody({ result: { id: 1, tasks: [1, 2], groups: [{ rows: [1] }] } }, 'empty-list')).toEqual({
      result: { id: 1, tasks: [], groups: [] },
    });
  });

  it('huge-list repeats the main list (breadth-first) to the count with distinct ids, nested lists untouched', () => {
    const out = mutateBody(LIST, 'huge-list', 5000) as typeof LIST;
    expect(out.items).toHaveLength(5000);
    expect(new Set(out.items.map((i) => i.id)).size).toBe(5000);
    expect(out.items[4999]!.files).toEqual(out.items[1]!.files);
    expect(out.total).toBe(2);
    expect(mutateBody({ a: [], b: { c: ['x'] } }, 'huge-list', 3)).toEqual({ a: [], b: { c: ['x', 'x', 'x'] } });
  });

  it('does not change the handler object it was given', () => {
    const before = JSON.stringify(LIST);
    mutateBody(LIST, 'drop-fields');
    mutateBody(LIST, 'huge-list', 10);
    expect(JSON.stringify(LIST)).toBe(before);
  });
});

describe('fault list', () => {
  it('validates what tests send', () => {
    expect(parseFaults(undefined)).toEqual([]);
    expect(parseFaults([{ match: 'getTasks', mutate: 'huge-list', count: 10 }])).toEqual([{ match: 'getTasks', mutate: 'huge-list', count: 10 }]);
    expect(() => parseFaults({ match: 'x' })).toThrow(/array/);
    expect(() => parseFaults([{ status: 500 }])).toThrow(/match/);
    expect(() => parseFaults([{ match: 'x', mutate: 'shuffle' }])).toThrow(/mutate/);
    expect(() => parseFaults([{ match: 'x', delayMs: -1 }])).toThrow(/delayMs/);
  });

  it('validates the lost answer and the slow line', () => {
    const upload = [{ match: 'attachUpload', dropAfterHandler: true, times: 1 }, { match: 'attachUpload', uploadBytesPerSecond: 200_000 }];
    expect(parseFaults(upload)).toEqual(upload);
    expect(() => parseFaults([{ match: 'x', dropAfterHandler: 'yes' }])).toThrow(/faults\[0\]\.dropAfterHandler: expected a boolean/);
    expect(() => parseFaults([{ match: 'x', timeout: 1 }])).toThrow(/timeout: expected a boolean/);
    for (const bad of [0, -5, '200000', Infinity]) {
      expect(() => parseFaults([{ match: 'x', uploadBytesPerSecond: bad }])).toThrow(/uploadBytesPerSecond: expected a positive number/);
    }
  });

  it('matches by operationId or path part and method, and uses up a counted fault', () => {
    const faults: Fault[] = [{ match: 'stashSet', method: 'post', status: 500, times: 2 }, { match: '/v2/stash', status: 503 }];
    expect(takeFault(faults, 'stashGet', 'GET', '/hosts/main/v2/stash?hash=1')?.status).toBe(503);
    expect(takeFault(faults, 'stashSet', 'POST', '/hosts/main/v2/stash')?.status).toBe(500);
    expect(takeFault(faults, 'stashSet', 'POST', '/hosts/main/v2/stash')?.status).toBe(500);
    expect(faults).toHaveLength(1);
    expect(takeFault(faults, 'stashSet', 'POST', '/hosts/main/v2/stash')?.status).toBe(503);
    expect(takeFault(faults, 'getUser', 'GET', '/hosts/main/v1/users/info')).toBeUndefined();
  });

  it('keeps the faults of parallel tests apart by token', () => {
    const faults: Fault[] = [];
    replaceFaults(faults, [{ match: 'stashGet', status: 500 }], 'token-a');
    replaceFaults(faults, [{ match: 'stashGet', status: 503 }], 'token-b');
    replaceFaults(faults, [{ match: 'usersInfo', status: 502 }], undefined);
    expect(takeFault(faults, 'stashGet', 'GET', '/v2/stash', 'token-a')?.status).toBe(500);
    expect(takeFault(faults, 'stashGet', 'GET', '/v2/stash', 'token-b')?.status).toBe(503);
    expect(takeFault(faults, 'stashGet', 'GET', '/v2/stash', 'token-c')).toBeUndefined();
    expect(takeFault(faults, 'usersInfo', 'GET', '/v1/users/info', 'token-c')?.status).toBe(502);
    // A test replacing or clearing its own faults leaves the others'.
    replaceFaults(faults, [], 'token-a');
    replaceFaults(faults, [], undefined);
    expect(faults).toEqual([{ match: 'stashGet', status: 503, token: 'token-b' }]);
  });
});

describe('time-out hold', () => {
  it('ends as soon as the client closes the connection, else after the hold', async () => {
    const response = new EventEmitter();
    const started = Date.now();
    const held = holdUntilClientGone(response, 10_000);
    setTimeout(() => response.emit('close'), 30);
    expect(await held).toBe('closed');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.listenerCount('close')).toBe(0);
    expect(await holdUntilClientGone(new EventEmitter(), 20)).toBe('held');
  });
});

describe('slow line', () => {
  it('lets bytes through no faster than its rate, counted from its start over all parts', async () => {
    const line = slowLine(20_000);
    const started = Date.now();
    await line.take(2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    await line.take(4_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('does not wait for bytes already due', async () => {
    let now = 0;
    const line = slowLine(1_000, () => now);
    now = 5_000;
    const started = Date.now();
    await line.take(4_000);
    expect(Date.now() - started).toBeLessThan(50);
  });
});

/** Through the spec-validating router with the stash handlers only (fast): what a client receives for each fault. */
describe('faults in the router', () => {
  let app: FastifyInstance;
  let services: Services;
  let token = '';
  const violations: ContractViolation[] = [];
  const faults: Fault[] = [];
  const HASH = '7questionnaireFAULTS';

  beforeAll(async () => {
    const db = await Db.open(null);
    services = createServices(db, { tokenTtlSeconds: 3600 });
    await seedUsers(services);
    app = Fastify();
    registerOpenApi(app, { handlers: routerHandlers(stashHandlers(services)), authenticate: authenticator(services), faults, violations, missing: [] });
    await app.ready();
    token = (await issueToken(services, 7)).result.token;
    for (const [field, value] of Object.entries({ a: 'текст', b: 2, c: [{ value: 'x' }] })) {
      await app.inject({ method: 'POST', url: '/hosts/main/v2/stash', headers: { authorization: `Bearer ${token}` }, payload: { hash: HASH, field, value } });
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await services?.db.close();
  });

  const get = () => app.inject({ method: 'GET', url: `/hosts/main/v2/stash?hash=${HASH}`, headers: { authorization: `Bearer ${token}` } });
  const use = (...next: Fault[]) => faults.splice(0, faults.length, ...next);

  it('answers a status fault with an error body, and a malformed one with a truncated JSON body', async () => {
    use({ match: '/v2/stash', status: 500, times: 1 }, { match: '/v2/stash', malformed: true, times: 1 });
    const failed = await get();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ message: expect.stringMatching(/имитация сбоя/) });
    const malformed = await get();
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toBe(MALFORMED_BODY);
    expect(() => JSON.parse(malformed.body)).toThrow();
    expect((await get()).json()).toMatchObject({ values: { a: 'текст', b: 2 } });
  });

  it('sends the handler answer damaged, marked, and never records it as a contract violation', async () => {
    use({ match: '/v2/stash', method: 'GET', mutate: 'wrong-types', times: 1 }, { match: '/v2/stash', method: 'GET', mutate: 'drop-fields', times: 1 });
    const wrong = await get();
    expect(wrong.statusCode).toBe(200);
    expect(wrong.headers['x-fault']).toBe('wrong-types');
    const body = wrong.json() as { hash: unknown; values: Record<string, unknown> };
    expect(typeof body.hash).toBe('number');
    expect(body.values.b).toBe('не число 2');
    const dropped = await get();
    expect(dropped.json()).toEqual({ values: { c: [{}] } });
    expect(violations).toEqual([]);
  });

  it('delays a slow answer and holds a time-out until the hold ends (or the client leaves) with 504', async () => {
    use({ match: '/v2/stash', delayMs: 150, times: 1 }, { match: '/v2/stash', timeout: true, holdMs: 200, times: 1 });
    let started = Date.now();
    expect((await get()).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    started = Date.now();
    const held = await get();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(held.statusCode).toBe(504);
    expect(faults).toEqual([]);
  });

  it('leaves error answers of the handler as they are under a mutation', async () => {
    use({ match: '/v2/stash', mutate: 'huge-list' });
    const bad = await app.inject({ method: 'GET', url: '/hosts/main/v2/stash', headers: { authorization: `Bearer ${token}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-fault']).toBeUndefined();
    use();
  });
});

describe('a fault for one poisoned value', () => {
  it('applies only to requests whose body contains the text', () => {
    const faults = parseFaults([{ match: 'stash', status: 500, bodyIncludes: 'ЯД' }]);
    expect(takeFault(faults, 'stashWrite', 'POST', '/v2/stash', null, () => JSON.stringify({ value: 'хорошо' }))).toBeUndefined();
    expect(takeFault(faults, 'stashWrite', 'POST', '/v2/stash', null, () => JSON.stringify({ value: 'ЯД' }))?.status).toBe(500);
  });
});
