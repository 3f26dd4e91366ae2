import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Db } from './db';

/** Uploaded files (bytea) on the embedded database: the bytes that went in come back, fast enough for 100 MB. */
describe('bytea on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await Db.open(null);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  const store = (id: number, content: Uint8Array) =>
    db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [id, `f${id}.pdf`, 'application/pdf', content.length, content, 0]);
  const read = async (id: number) => (await db.one<{ content: Uint8Array }>('SELECT content FROM files WHERE id = $1', [id]))!.content;

  it('reads back every byte value, an empty file, a view into a larger buffer and 8 MB, as a Buffer', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const backing = randomBytes(1_000);
    const cases: Uint8Array[] = [every, Buffer.alloc(0), new Uint8Array(backing.buffer, backing.byteOffset + 100, 300), randomBytes(8 * 1_048_576)];
    for (const [i, content] of cases.entries()) await store(i + 1, content);
    for (const [i, content] of cases.entries()) {
      const back = await read(i + 1);
      expect(Buffer.isBuffer(back)).toBe(true);
      expect(Buffer.compare(back, Buffer.from(content.buffer, content.byteOffset, content.byteLength))).toBe(0);
    }
  });

  it('refuses a value that is not bytes for a bytea column', async () => {
    await expect(store(99, 'не байты' as unknown as Uint8Array)).rejects.toThrow(/bytea/);
  });
});
