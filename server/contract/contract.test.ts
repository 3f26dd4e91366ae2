import { contractSuite } from './suite';
import { startHarness } from './harness';

/** The contract suite on the embedded database (PGlite in memory). */
contractSuite(() => startHarness());
