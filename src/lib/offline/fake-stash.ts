import { ApiError } from '../api/errors';
import type { ServerDraft } from './outbox';
import type { OutboxRow } from './schema';
import type { StashTransport } from './transport';

/**
 * Test double of the reference back end's stash (server/domains/stash.ts): the same opId idempotency and seq ordering,
 * plus switches for the failures the outbox must survive. Used by the unit tests and the outbox benchmark only.
 */
interface Field {
  value: unknown;
  deleted: boolean;
  seq: number | null;
}

export type FakeFailure = { status: number; message?: string } | 'network' | { delayMs: number };

export class FakeStashServer {
  readonly drafts = new Map<string, Map<string, Field>>();
  readonly ops = new Set<string>();
  /** Every request, in arrival order. */
  readonly log: { kind: string; hash: string; field: string; opId?: string; seq?: number; status: number }[] = [];
  /** Accepted writes per field, to check that no stale write was ever accepted. */
  readonly accepted: { hash: string; field: string; seq: number | null }[] = [];
  offline = false;
  userId = 7;
  /** Failures applied to the next writes, in order. */
  failures: FakeFailure[] = [];
  /** A value this server keeps refusing (answers the status for every write of it), like one poisoned edit. */
  refuse?: (row: OutboxRow) => number | null;
  /** Called on every write: may add failures or delays on the fly. */
  onWrite?: (row: OutboxRow) => void;
  writeDelayMs = 0;
  concurrent = 0;
  maxConcurrent = 0;

  private field(hash: string, field: string): Field | undefined {
    return this.drafts.get(hash)?.get(field);
  }

  values(hash: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [field, f] of this.drafts.get(hash) ?? []) if (field !== '' && !f.deleted) out[field] = f.value;
    return out;
  }

  writes(): number {
    return this.log.filter((l) => l.kind !== 'get' && l.kind !== 'whoami').length;
  }

  private lastSeq(hash: string, field: string): number | null {
    const seqs = [this.field(hash, field)?.seq, this.field(hash, '')?.seq].filter((s): s is number => typeof s === 'number');
    return seqs.length ? Math.max(...seqs) : null;
  }

  apply(row: OutboxRow): number {
    if (row.opId && this.ops.has(row.opId)) return 200;
    const last = this.lastSeq(row.hash, row.kind === 'clear' ? '' : row.field);
    if (last !== null && row.seq <= last) return 409;
    let draft = this.drafts.get(row.hash);
    if (!draft) this.drafts.set(row.hash, (draft = new Map()));
    if (row.kind === 'clear') {
      for (const [field, f] of draft) if (field !== '' && (f.seq === null || f.seq < row.seq)) draft.delete(field);
      draft.set('', { value: null, deleted: true, seq: row.seq });
    } else {
      draft.set(row.field, { value: row.value, deleted: row.kind === 'delete', seq: row.seq });
    }
    this.ops.add(row.opId);
    this.accepted.push({ hash: row.hash, field: row.field, seq: row.seq });
    return 200;
  }

  transport(): StashTransport {
    return {
      get: async (hash): Promise<ServerDraft> => {
        if (this.offline) throw new ApiError(0, null);
        this.log.push({ kind: 'get', hash, field: '', status: 200 });
        const seqs: Record<string, number> = {};
        for (const [field, f] of this.drafts.get(hash) ?? []) if (field !== '' && !f.deleted && f.seq !== null) seqs[field] = f.seq;
        return { values: this.values(hash), seqs };
      },
      write: async (row, signal) => {
        this.concurrent++;
        this.maxConcurrent = Math.max(this.maxConcurrent, this.concurrent);
        try {
          this.onWrite?.(row);
          if (this.offline) throw new ApiError(0, null);
          const failure = this.failures.shift();
          const delay = (failure && typeof failure === 'object' && 'delayMs' in failure ? failure.delayMs : 0) + this.writeDelayMs;
          if (delay) {
            await new Promise<void>((resolve, reject) => {
              const timer = setTimeout(resolve, delay);
              signal?.addEventListener('abort', () => {
                clearTimeout(timer);
                // The request left: the server still applies it later (a slow answer, not a lost one).
                setTimeout(() => this.apply(row), delay);
                reject(new ApiError(0, null));
              });
            });
          }
          if (failure === 'network') throw new ApiError(0, null);
          const refused = this.refuse?.(row);
          if (refused) {
            this.log.push({ kind: row.kind, hash: row.hash, field: row.field, opId: row.opId, seq: row.seq, status: refused });
            throw new ApiError(refused, { message: 'Внутренняя ошибка сервера' });
          }
          if (failure && typeof failure === 'object' && 'status' in failure) {
            this.log.push({ kind: row.kind, hash: row.hash, field: row.field, opId: row.opId, seq: row.seq, status: failure.status });
            throw new ApiError(failure.status, { message: failure.message ?? 'Ошибка', errors: failure.message ? [{ field: row.field, message: failure.message }] : undefined });
          }
          const status = this.apply(row);
          this.log.push({ kind: row.kind, hash: row.hash, field: row.field, opId: row.opId, seq: row.seq, status });
          if (status !== 200) throw new ApiError(status, { message: 'В черновике уже сохранено более новое значение этого поля' });
        } finally {
          this.concurrent--;
        }
      },
      whoAmI: async () => {
        if (this.offline) throw new ApiError(0, null);
        this.log.push({ kind: 'whoami', hash: '', field: '', status: 200 });
        return this.userId;
      },
    };
  }
}
