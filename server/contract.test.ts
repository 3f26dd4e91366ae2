import { contractSuite } from './contract-suite';
import { startHarness } from './contract-harness';

/** The contract suite on the embedded database (PGlite in memory). */
contractSuite(() => startHarness());
