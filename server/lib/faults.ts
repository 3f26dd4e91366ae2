/**
 * Fault injection of the reference back end (DESIGN.md "Reference back end": per-route errors, delays, malformed
 * bodies). Tests set faults through POST /__test/faults (TEST_CONTROL=1 only); the router applies the first fault
 * whose `match` fits a request. Mutations change the real handler's answer, so a screen sees its own data broken.
 */

/** How a successful JSON answer is damaged. */
export type FaultMutation = 'drop-fields' | 'wrong-types' | 'empty-list' | 'huge-list';
export const FAULT_MUTATIONS: readonly FaultMutation[] = ['drop-fields', 'wrong-types', 'empty-list', 'huge-list'];

export interface Fault {
  /** operationId, or a substring of the request path. */
  match: string;
  method?: string;
  /** Answer with this status and an error body instead of calling the handler. */
  status?: number;
  /** Answer this many milliseconds late (a slow server). */
  delayMs?: number;
  /** Answer 200 with a truncated JSON body. */
  malformed?: boolean;
  /** Never answer in time: hold the request until the client gives up (or holdMs passes, then 504). */
  timeout?: boolean;
  holdMs?: number;
  /** Damage the handler's successful JSON answer (never validated against the spec, never a contract violation). */
  mutate?: FaultMutation;
  /** huge-list: how many items the list gets (default HUGE_LIST_COUNT). */
  count?: number;
  /** Only requests whose JSON body contains this text (one poisoned value among good ones). */
  bodyIncludes?: string;
  /**
   * The lost answer: the request is read and handled in full (its changes stay), then the connection is closed
   * without a byte of the answer, whatever it was.
   */
  dropAfterHandler?: boolean;
  /**
   * No network: the connection is closed as the request arrives, before anything is handled. For clients that
   * Playwright's context.setOffline does not reach (a service worker's own requests), scoped by token.
   */
  unreachable?: boolean;
  /** A slow line: the file parts of a multipart body are read at most this many bytes per second (TCP back-pressure). */
  uploadBytesPerSecond?: number;
  /** How many requests it applies to; unlimited when absent. */
  times?: number;
  /**
   * Only requests with this bearer token (a test's own sign-in): tests running in parallel against one server keep
   * their faults apart. Set by POST /__test/faults?token=….
   */
  token?: string;
}

export const HUGE_LIST_COUNT = 5_000;
export const DEFAULT_HOLD_MS = 120_000;
export const MALFORMED_BODY = '{"items": [ {"broken": ';

/** Validates the body of POST /__test/faults; throws an Error naming the bad entry. */
export function parseFaults(raw: unknown): Fault[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new Error('faults: expected an array');
  return raw.map((entry, i) => {
    if (!entry || typeof entry !== 'object') throw new Error(`faults[${i}]: expected an object`);
    const f = entry as Record<string, unknown>;
    if (typeof f.match !== 'string' || !f.match) throw new Error(`faults[${i}].match: expected a non-empty string`);
    for (const key of ['status', 'delayMs', 'holdMs', 'count', 'times'] as const) {
      if (f[key] !== undefined && (typeof f[key] !== 'number' || !Number.isFinite(f[key]) || (f[key] as number) < 0)) {
        throw new Error(`faults[${i}].${key}: expected a non-negative number`);
      }
    }
    if (f.uploadBytesPerSecond !== undefined && (typeof f.uploadBytesPerSecond !== 'number' || !Number.isFinite(f.uploadBytesPerSecond) || f.uploadBytesPerSecond <= 0)) {
      throw new Error(`faults[${i}].uploadBytesPerSecond: expected a positive number`);
    }
    for (const key of ['malformed', 'timeout', 'dropAfterHandler', 'unreachable'] as const) {
      if (f[key] !== undefined && typeof f[key] !== 'boolean') throw new Error(`faults[${i}].${key}: expected a boolean`);
    }
    if (f.mutate !== undefined && !FAULT_MUTATIONS.includes(f.mutate as FaultMutation)) {
      throw new Error(`faults[${i}].mutate: expected one of ${FAULT_MUTATIONS.join(', ')}`);
    }
    for (const key of ['method', 'token', 'bodyIncludes'] as const) {
      if (f[key] !== undefined && typeof f[key] !== 'string') throw new Error(`faults[${i}].${key}: expected a string`);
    }
    return { ...(f as unknown as Fault) };
  });
}

/** The first fault for a request; a fault with `times` is used up after that many requests. */
export function takeFault(
  faults: Fault[],
  operationId: string,
  method: string,
  url: string,
  token: string | null = null,
  body?: () => string,
): Fault | undefined {
  const index = faults.findIndex(
    (f) =>
      (f.match === operationId || url.includes(f.match)) &&
      (!f.method || f.method.toUpperCase() === method.toUpperCase()) &&
      (f.token === undefined || f.token === token) &&
      // Faults for one value apply once the body is read (body given); the others as the request arrives.
      (body === undefined ? f.bodyIncludes === undefined : f.bodyIncludes !== undefined && body().includes(f.bodyIncludes)),
  );
  if (index < 0) return undefined;
  const fault = faults[index]!;
  if (fault.times !== undefined) {
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(index, 1);
  }
  return fault;
}

/** Fault `timeout`: no answer until the client aborts (its own time-out closes the connection) or holdMs passes. */
export function holdUntilClientGone(response: Pick<NodeJS.EventEmitter, 'once' | 'off'>, holdMs: number): Promise<'closed' | 'held'> {
  return new Promise((resolve) => {
    const onClose = () => finish('closed');
    const timer = setTimeout(() => finish('held'), holdMs);
    response.once('close', onClose);
    function finish(how: 'closed' | 'held') {
      clearTimeout(timer);
      response.off('close', onClose);
      resolve(how);
    }
  });
}

/**
 * Fault `uploadBytesPerSecond`: one line for all the file parts of a request. `take` waits until the bytes read so far
 * are due at that rate, so the reader stops pulling from the socket and the client's upload waits on back-pressure.
 */
export function slowLine(bytesPerSecond: number, now: () => number = Date.now) {
  const started = now();
  let bytes = 0;
  return {
    async take(count: number): Promise<void> {
      bytes += count;
      const wait = started + (bytes / bytesPerSecond) * 1000 - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    },
  };
}
export type SlowLine = ReturnType<typeof slowLine>;

/**
 * POST /__test/faults: the posted faults replace those of the same scope only — a token's faults (?token=…) or the
 * unscoped ones — so one test's faults never wipe another's. DELETE clears one scope the same way.
 */
export function replaceFaults(faults: Fault[], next: Fault[], token: string | undefined): void {
  const kept = faults.filter((f) => f.token !== token);
  faults.splice(0, faults.length, ...kept, ...next.map((f) => (token === undefined ? f : { ...f, token })));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function mutateBody(body: unknown, mutation: FaultMutation, count = HUGE_LIST_COUNT): unknown {
  const json = JSON.parse(JSON.stringify(body ?? null)) as Json;
  switch (mutation) {
    case 'drop-fields':
      return dropFields(json);
    case 'wrong-types':
      return wrongTypes(json);
    case 'empty-list':
      return emptyLists(json);
    case 'huge-list':
      return hugeList(json, count);
  }
}

const isObject = (v: Json): v is { [key: string]: Json } => !!v && typeof v === 'object' && !Array.isArray(v);

function holdsList(v: Json): boolean {
  if (Array.isArray(v)) return true;
  return isObject(v) && Object.values(v).some(holdsList);
}

/**
 * Missing fields: every property that is not on the way to a list is removed at every depth — scalars, nested objects
 * (a status, a project) — so the envelope and the lists stay, and each list item arrives with its fields gone.
 */
function dropFields(v: Json): Json {
  if (Array.isArray(v)) return v.map(dropFields);
  if (!isObject(v)) return v;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(v)) if (holdsList(value)) out[key] = dropFields(value);
  return out;
}

/** Wrong types: every scalar becomes another type (text ↔ number, flags become text, null becomes a number). */
function wrongTypes(v: Json): Json {
  if (Array.isArray(v)) return v.map(wrongTypes);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, value]) => [k, wrongTypes(value)]));
  if (typeof v === 'string') return v.length + 404;
  if (typeof v === 'number') return `не число ${v}`;
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  return 0;
}

/** Empty lists: every array at every depth is emptied. */
function emptyLists(v: Json): Json {
  if (Array.isArray(v)) return [];
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, value]) => [k, emptyLists(value)]));
  return v;
}

/**
 * Huge list: the first non-empty list (breadth-first: the screen's main list) is repeated up to `count` items;
 * copies get distinct numeric ids so they stay distinct rows.
 */
function hugeList(root: Json, count: number): Json {
  const queue: Json[] = [root];
  while (queue.length) {
    const v = queue.shift()!;
    if (Array.isArray(v)) {
      if (v.length > 0) {
        const original = v.slice();
        for (let i = original.length; i < count; i++) {
          const copy = JSON.parse(JSON.stringify(original[i % original.length])) as Json;
          if (isObject(copy) && typeof copy.id === 'number') copy.id = copy.id + Math.floor(i / original.length) * 1_000_000;
          v.push(copy);
        }
        return root;
      }
    } else if (isObject(v)) {
      queue.push(...Object.values(v));
    }
  }
  return root;
}
