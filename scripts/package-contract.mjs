// What the build's patches of other packages share to prove that a package still does what the patch relies on
// (docs/dependency-upgrades.md): the installed package's files and version, and a check of the lines it must still hold
// that fails the build naming the patch, the package, its version and what changed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The path of a file of an installed package, from the package's folder. */
export const installedPath = (name, file) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

/** The text of a file of an installed package. */
export const readInstalled = (name, file) => readFileSync(installedPath(name, file), 'utf8');

/** The installed version of a package (read through `read`, so a test can hand in a changed package). */
export const packageVersion = (name, read = readInstalled) => JSON.parse(read(name, 'package.json')).version;

/**
 * Throws at the first entry a package no longer holds: a line missing from its file, or a pattern met another number
 * of times than `count` says. The message: `<patch>: <package> <version> changed: <what> (<why>); <todo>`.
 */
export function proveContract(patch, entries, { read = readInstalled, todo }) {
  for (const { name, file, what, lines, count } of entries) {
    const code = read(name, file);
    const missing = lines.find((line) => !code.includes(line));
    const times = count && (code.match(count[0]) ?? []).length;
    if (missing === undefined && (!count || times === count[1])) continue;
    const why = missing !== undefined ? `${file} no longer has \`${missing}\`` : `${file} has ${count[0]} ${times} times, not ${count[1]}`;
    throw new Error(`${patch}: ${name} ${packageVersion(name, read)} changed: ${what} (${why}); ${todo}`);
  }
}
