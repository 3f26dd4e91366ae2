import { afterAll, beforeAll, describe, it } from 'vitest';
import { contractSuite } from './suite';
import { startHarness } from './harness';
import { postgresMissing, startPostgres, type TestPostgres } from '../lib/test-postgres';

/**
 * The contract suite on a PostgreSQL server (DATABASE_URL): Debian's PostgreSQL started for this file on a temporary
 * cluster. Skipped, with the reason, only where the server binaries are absent.
 */
const missing = postgresMissing();
let server: TestPostgres | undefined;

if (missing) {
  describe('contract suite on a PostgreSQL server', () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
  console.warn(`Contract suite on PostgreSQL skipped: ${missing}`);
} else {
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);
  contractSuite(async () => startHarness({ databaseUrl: await server!.createDatabase('contract') }));
}
