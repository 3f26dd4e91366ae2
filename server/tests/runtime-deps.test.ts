import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/spec';

/**
 * Production install of the reference back end (README «Развёртывание»): `npm ci --omit=dev && npm run serve` on a
 * built dist/. Every package the server loads at run time — followed through its imports from server/main.ts and
 * server/nginx-conf.ts, into src/ where it reaches — and the runner of `npm run serve` must be a dependency, not a
 * devDependency.
 */
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[\s\S]*?\s+from\s+)?'([^']+)'/g;
const DYNAMIC = /(?:import|require\.resolve)\(\s*'([^']+)'/g;

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(ts|tsx|mjs|js)$/.test(candidate)) return candidate;
  }
  return null;
}

function runtimePackages(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of [...source.matchAll(IMPORT), ...source.matchAll(DYNAMIC)]) {
      const spec = match[1]!;
      if (spec.startsWith('node:')) continue;
      if (spec.startsWith('.')) {
        const local = resolveLocal(file, spec);
        if (local) queue.push(local);
        continue;
      }
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      packages.set(name, path.relative(ROOT, file));
    }
  }
  return packages;
}

describe('production install', () => {
  it('has every package the server loads at run time among the dependencies', () => {
    const used = runtimePackages([path.join(ROOT, 'server/main.ts'), path.join(ROOT, 'server/nginx-conf.ts')]);
    expect(used.size).toBeGreaterThan(5);
    for (const name of ['fastify', 'pg', '@electric-sql/pglite', '@fastify/cors']) expect([...used.keys()]).toContain(name);
    const notInstalled = [...used].filter(([name]) => !pkg.dependencies[name]).map(([name, file]) => `${name} (${file})`);
    expect(notInstalled).toEqual([]);
  });

  it('runs `npm run serve` and `npm run demo:reset` with a runner that is a dependency', () => {
    for (const script of ['serve', 'demo:reset']) {
      const runner = pkg.scripts[script]!.split(' ')[0]!;
      expect(pkg.dependencies[runner], `${script}: ${pkg.scripts[script]}`).toBeTruthy();
    }
  });
});
