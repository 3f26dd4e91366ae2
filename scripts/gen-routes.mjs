// Regenerates src/route-tree.gen.ts from src/routes (the same generator the Vite router plugin runs),
// so `tsc` on a fresh checkout sees exactly the committed route files.
import { Generator, getConfig } from '@tanstack/router-generator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const config = getConfig({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/route-tree.gen.ts' }, root);
await new Generator({ config, root }).run();
console.log('route tree generated');
