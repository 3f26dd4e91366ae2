// Node module hooks for the proof of scripts/lazy-system-globals.mjs (registered by its `proveLazyGlobals`): a second
// copy of Chakra's files, marked by the PROOF_COPY query and handed on to every file of Chakra that copy imports, with
// the build's rewrites applied, so the app's system can be made by Chakra's own code and by the rewritten code in one
// process. Files without the mark load as they are.
import { fileURLToPath } from 'node:url';
import { PROOF_COPY, rewrite } from './lazy-system-globals.mjs';

const CHAKRA = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]/;
const marked = (url) => new URL(url).searchParams.has(PROOF_COPY);

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (context.parentURL && resolved.url.startsWith('file:') && marked(context.parentURL) && !marked(resolved.url) && CHAKRA.test(fileURLToPath(resolved.url))) {
    return { ...resolved, url: `${resolved.url}?${PROOF_COPY}` };
  }
  return resolved;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || !marked(url)) return loaded;
  const code = rewrite(String(loaded.source), fileURLToPath(url));
  return code === null ? loaded : { ...loaded, source: code };
}
