// Versions that must move together (docs/dependency-upgrades.md), checked first by `npm test`: Chakra UI pins Ark UI
// exactly and Ark pins every Zag package exactly, so the app's own pins must be those same versions — a Chakra pin
// relaxed alone installs a second Ark and 77 Zag packages (31 modules bundled twice, the questionnaire +3.7 KiB) and the
// region combobox lost its label. `npm install` without `--save-exact` writes a caret: that fails here too.
// Usage: node scripts/check-deps.mjs (reads package.json, package-lock.json and the installed packages).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Packages pinned exactly, and moved only together. */
export const LOCKSTEP = /^(@chakra-ui\/react|@ark-ui\/react|@zag-js\/.+)$/;
const EXACT = /^\d+\.\d+\.\d+$/;

/**
 * The problems, each a sentence: `pkg` is package.json, `lock` package-lock.json (v3), `manifestOf(name)` the
 * package.json of an installed package at the top of node_modules.
 */
export function lockstepProblems(pkg, lock, manifestOf) {
  const problems = [];
  const pins = { ...pkg.dependencies, ...pkg.devDependencies };
  const ours = Object.entries(pins).filter(([name]) => LOCKSTEP.test(name));
  for (const [name, range] of ours) {
    if (!EXACT.test(range)) problems.push(`${name} is pinned as "${range}" in package.json: pin it exactly (npm install --save-exact ${name}@<version>)`);
  }
  const chakra = manifestOf('@chakra-ui/react');
  const ark = manifestOf('@ark-ui/react');
  const arkWanted = chakra.dependencies?.['@ark-ui/react'];
  if (arkWanted && pins['@ark-ui/react'] !== arkWanted) {
    problems.push(`@chakra-ui/react ${chakra.version} depends on @ark-ui/react ${arkWanted}, package.json pins ${pins['@ark-ui/react']}: move them together`);
  }
  if (arkWanted && ark.version !== arkWanted) problems.push(`@ark-ui/react ${ark.version} is installed, @chakra-ui/react ${chakra.version} wants ${arkWanted}: run npm ci`);
  const zagWanted = Object.entries(ark.dependencies ?? {}).filter(([name]) => name.startsWith('@zag-js/'));
  const zagVersions = new Set(zagWanted.map(([, v]) => v));
  if (zagVersions.size > 1) problems.push(`@ark-ui/react ${ark.version} depends on several Zag versions (${[...zagVersions].join(', ')})`);
  const zag = [...zagVersions][0];
  for (const [name, range] of ours.filter(([n]) => n.startsWith('@zag-js/'))) {
    if (zag && range !== zag) problems.push(`${name} is pinned at ${range}, @ark-ui/react ${ark.version} uses Zag ${zag}: pin ${name}@${zag}`);
  }
  // One copy of each: a nested node_modules/…/node_modules/@zag-js/x (or @ark-ui/react) is a second copy in the bundle.
  for (const key of Object.keys(lock.packages ?? {})) {
    const name = key.split('node_modules/').pop();
    if (LOCKSTEP.test(name) && key !== `node_modules/${name}`) {
      problems.push(`package-lock.json holds a second copy of ${name} (${lock.packages[key].version}) at ${key}`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  const problems = lockstepProblems(read('package.json'), read('package-lock.json'), (name) => read(`node_modules/${name}/package.json`));
  if (problems.length) {
    console.error(`Chakra UI, Ark UI and Zag must move together (docs/dependency-upgrades.md):\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exit(1);
  }
  const chakra = read('node_modules/@chakra-ui/react/package.json');
  console.log(`Chakra UI ${chakra.version}, Ark UI ${chakra.dependencies['@ark-ui/react']}, Zag ${read('node_modules/@ark-ui/react/package.json').dependencies['@zag-js/dialog']}: pinned together, one copy each.`);
}
