import { conflict, forbidden, unprocessable } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import type { AuthUser, Services } from '../lib/services';
import type { Json } from '../lib/spec';

/**
 * The draft store (SPEC §7 "Stash (draft store): GET v2/stash by hash; POST {field, value, hash}; DELETE a field;
 * clear by hash") with the ordering rules of openapi/main.yaml for the offline outbox:
 * - a repeated `opId` is idempotent (200, nothing changes);
 * - a write whose `seq` is not greater than the last accepted `seq` of the field — or of the last clear of the hash — is
 *   refused with 409 (a newer value is already stored);
 * - writes without `seq` always apply.
 * Storage: table `stash` (one row per hash and field). A deleted field keeps a tombstone row (value SQL NULL) so that
 * its seq still orders later writes; a clear keeps its seq in the row with the empty field name (field names are
 * never empty in requests). Table `stash_ops` remembers accepted operation ids.
 */
const CLEAR_ROW = '';
/** A draft value above this size is refused (422): a draft holds form fields, not files. */
export const STASH_VALUE_MAX_CHARS = 1_000_000;

interface StashRow {
  field: string;
  value: Json;
  is_deleted: boolean;
  seq: string | number | null;
  user_id: number;
  updated_at: string | number;
}

type Tx = { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> };

export function stashHandlers(s: Services): OperationHandlers {
  const now = () => s.clock.now();
  const iso = (ms: string | number | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
  const toSeq = (seq: unknown): number | null => (seq === null || seq === undefined ? null : Number(seq));

  /** SPEC §3: the key is user id + "questionnaire" + code1C or id — a key of another user is refused. */
  async function assertOwner(tx: Tx, user: AuthUser, hash: string) {
    const scoped = /^(\d+)questionnaire/.exec(hash);
    if (scoped && Number(scoped[1]) !== user.id) throw forbidden('Черновик принадлежит другому пользователю');
    const { rows } = await tx.query<{ user_id: number }>('SELECT user_id FROM stash WHERE hash = $1 AND user_id <> $2 LIMIT 1', [hash, user.id]);
    if (rows.length) throw forbidden('Черновик принадлежит другому пользователю');
  }

  /** Last accepted seq that orders a write to `field`: its own and the hash's last clear. */
  async function lastSeq(tx: Tx, hash: string, field: string | null): Promise<number | null> {
    const { rows } = await tx.query<{ seq: string | number | null }>(
      'SELECT max(seq) AS seq FROM stash WHERE hash = $1 AND (field = $2 OR field = $3)',
      [hash, CLEAR_ROW, field ?? CLEAR_ROW],
    );
    return toSeq(rows[0]?.seq);
  }

  async function seenOp(tx: Tx, hash: string, opId: string | undefined): Promise<boolean> {
    if (!opId) return false;
    const { rows } = await tx.query<{ hash: string }>('SELECT hash FROM stash_ops WHERE op_id = $1', [opId]);
    if (!rows.length) return false;
    if (rows[0]!.hash !== hash) throw conflict('Идентификатор операции уже использован для другого черновика');
    return true;
  }

  async function result(tx: Tx, hash: string, field: string | null, opId: string | undefined) {
    const { rows } = await tx.query<{ seq: string | number | null; updated_at: string | number | null }>(
      'SELECT seq, updated_at FROM stash WHERE hash = $1 AND field = $2',
      [hash, field ?? CLEAR_ROW],
    );
    return { success: true, hash, field, opId: opId ?? null, seq: toSeq(rows[0]?.seq), updatedAt: iso(rows[0]?.updated_at) };
  }

  type WriteInput = { user: AuthUser; hash: string; field: string | null; opId?: string; seq?: number };

  /**
   * One write under a transaction: idempotency first, then ordering, then the change itself. Writers of one draft take
   * turns (a transaction-scoped advisory lock on the hash): on a PostgreSQL server shared by several processes two
   * writes could otherwise both read the same last seq and the older one overwrite the newer, or both accept one opId.
   * Operation ids are unique across drafts, so the id is locked too (an opId reused for another draft gets its 409).
   */
  function write(input: WriteInput, apply: (tx: Tx, seq: number | null) => Promise<void>) {
    return s.db.pg.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stash:${input.hash}`]);
      if (input.opId) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stash-op:${input.opId}`]);
      await assertOwner(tx, input.user, input.hash);
      if (await seenOp(tx, input.hash, input.opId)) return result(tx, input.hash, input.field, input.opId);
      const seq = input.seq ?? null;
      if (seq !== null) {
        const last = await lastSeq(tx, input.hash, input.field);
        if (last !== null && seq <= last) throw conflict('В черновике уже сохранено более новое значение этого поля');
      }
      await apply(tx, seq);
      if (input.opId) {
        await tx.query('INSERT INTO stash_ops (op_id, hash, accepted_at) VALUES ($1, $2, $3)', [input.opId, input.hash, now()]);
      }
      return result(tx, input.hash, input.field, input.opId);
    });
  }

  function upsert(tx: Tx, input: WriteInput, seq: number | null, valueJson: string | null) {
    return tx.query(
      `INSERT INTO stash (hash, field, value, seq, op_id, user_id, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
       ON CONFLICT (hash, field) DO UPDATE SET value = EXCLUDED.value, seq = COALESCE(EXCLUDED.seq, stash.seq),
         op_id = EXCLUDED.op_id, user_id = EXCLUDED.user_id, updated_at = EXCLUDED.updated_at`,
      [input.hash, input.field ?? CLEAR_ROW, valueJson, seq, input.opId ?? null, input.user.id, now()],
    );
  }

  return {
    async stashGet({ query, user }) {
      const hash = String(query.hash);
      return s.db.pg.transaction(async (tx) => {
        await assertOwner(tx, user, hash);
        const { rows } = await tx.query<StashRow>(
          'SELECT field, value, value IS NULL AS is_deleted, seq, user_id, updated_at FROM stash WHERE hash = $1 ORDER BY field',
          [hash],
        );
        const values: Record<string, Json> = {};
        const seqs: Record<string, number> = {};
        let updatedAt: number | null = null;
        for (const row of rows) {
          updatedAt = Math.max(updatedAt ?? 0, Number(row.updated_at));
          if (row.field === CLEAR_ROW || row.is_deleted) continue;
          values[row.field] = row.value;
          if (row.seq !== null) seqs[row.field] = Number(row.seq);
        }
        return { hash, values, seqs, updatedAt: iso(updatedAt) };
      });
    },

    async stashSetField({ body, user }) {
      const input: WriteInput = { user: user, hash: body.hash, field: body.field, opId: body.opId, seq: body.seq };
      const valueJson = JSON.stringify(body.value ?? null);
      if (valueJson.length > STASH_VALUE_MAX_CHARS) {
        throw unprocessable([{ field: body.field, message: 'Значение поля слишком большое для черновика (более 1 000 000 символов)' }]);
      }
      return write(input, (tx, seq) => upsert(tx, input, seq, valueJson).then(() => undefined));
    },

    async stashDeleteField({ query, user }) {
      const input: WriteInput = {
        user: user,
        hash: String(query.hash),
        field: String(query.field),
        opId: query.opId === undefined ? undefined : String(query.opId),
        seq: query.seq === undefined ? undefined : Number(query.seq),
      };
      // The tombstone keeps the field's seq, so a delayed older write of the field is still refused.
      return write(input, (tx, seq) => upsert(tx, input, seq, null).then(() => undefined));
    },

    async stashClear({ body, user }) {
      const input: WriteInput = { user: user, hash: body.hash, field: null, opId: body.opId, seq: body.seq };
      return write(input, async (tx, seq) => {
        // Fields written by newer operations than this clear survive it.
        if (seq === null) await tx.query('DELETE FROM stash WHERE hash = $1 AND field <> $2', [input.hash, CLEAR_ROW]);
        else await tx.query('DELETE FROM stash WHERE hash = $1 AND field <> $2 AND (seq IS NULL OR seq < $3)', [input.hash, CLEAR_ROW, seq]);
        await upsert(tx, input, seq, null);
      });
    },
  };
}
