// Vite plugin (issue 19): Chakra's anatomy module declares the parts of every component it has, at the top of the
// module — `const menuAnatomy = menuAnatomy$1.extendWith(…)`, `createAnatomy("alert").parts(…)` — and Ark UI and Zag
// do the same for theirs. A bundler must keep a call it cannot prove free of side effects, so the first screen carried
// the anatomy of the colour picker, the date picker, the rating group and ~15 more components the app never shows
// (~3 KiB gzip on /login). These calls only build objects: this transform marks them `/*#__PURE__*/`, so an anatomy
// nobody reads is dropped with the module that declares it.
//
// Proved, or the build fails naming the package, the file and what changed (DESIGN.md "Patches of other packages"):
// - every module it reads is made of imports, exports and top-level declarations only, each declaration an alias or
//   an anatomy call — `createAnatomy("name")` (imported from @zag-js/anatomy or Ark's re-export of it), then
//   `.parts(…)` (on a fresh one only: a second `.parts` throws), `.extendWith(…)`, `.omit(…)`, `.rename(…)`, `.build()`,
//   or those methods on an anatomy imported from Zag or Ark — with string literals as its only arguments and its result
//   only assigned to the declared name; only those calls are marked;
// - `createAnatomy` itself, in each copy of @zag-js/anatomy these modules import, only builds objects: no code runs when
//   the module loads, its functions write nothing but their own locals and read no global but Object, Set and Error;
// - a build finds at least the anatomy modules it found when this was written (MINIMUM): a rename of the files would
//   otherwise make this a silent no-op.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAst } from 'vite';

// Their ES modules (Zag's .js files are CommonJS, which an ES build of the app does not load).
const ANATOMY_MODULE = /[\\/]node_modules[\\/]@(?:(?:chakra-ui[\\/]react[\\/]dist[\\/]esm|ark-ui[\\/]react[\\/]dist)[\\/](?:.*[\\/])?[\w.-]*anatomy\.js|zag-js[\\/][\w-]+[\\/]dist[\\/](?:.*[\\/])?[\w.-]*anatomy\.mjs)$/;
/** Where `createAnatomy` comes from, and where an anatomy object may be imported from. */
const CREATE_SOURCES = new Set(['@zag-js/anatomy', '@ark-ui/react/anatomy']);
const ANATOMY_SOURCE = /^(?:@zag-js\/[\w-]+|@ark-ui\/react(?:\/[\w-]+)?)$/;
/** The anatomy's methods (@zag-js/anatomy create-anatomy): how many string arguments each takes. */
const METHODS = { parts: [1, Infinity], extendWith: [1, Infinity], omit: [1, Infinity], rename: [1, 1], build: [0, 0] };
/**
 * Anatomy modules a production build of the app marks, by package (`npm run build` with Chakra 3.38, Ark 5.40, Zag
 * 1.47): fewer means a file was renamed or moved and the transform no longer applies. Zag's count is for all @zag-js/*.
 */
export const MINIMUM = { '@chakra-ui/react': 1, '@ark-ui/react': 12, '@zag-js': 48 };

// Proofs already made in this process (the build and its planning build read the same files): by code, and by the
// @zag-js/anatomy directory.
const PROVED = (globalThis[Symbol.for('pure-anatomy:proved')] ??= new Map());

/** The package of a file in node_modules and the file's path in it. */
export function packageOf(id) {
  const match = /^(.*[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/.exec(id.split('?')[0]);
  return match ? { name: match[2].replace(/\\/g, '/'), file: match[3].replace(/\\/g, '/'), dir: match[1] + match[2] } : { name: '(not a package)', file: id, dir: '' };
}

const snippet = (code, node) => {
  const text = code.slice(node.start, node.end).replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};
const isString = (node) => node.type === 'Literal' && typeof node.value === 'string';

/**
 * The positions to mark in an anatomy module's code, after proving each is an anatomy call of literal strings whose
 * result is only assigned to a top-level name. Throws naming the package, the file and the first statement that is not.
 */
export function anatomyMarks(code, id) {
  const { name, file } = packageOf(id);
  const refuse = (what) => new Error(`pure-anatomy: ${name} ${file}: ${what}; update scripts/pure-anatomy.mjs`);
  let ast;
  try {
    ast = parseAst(code);
  } catch (error) {
    throw refuse(`cannot be parsed (${error.message})`);
  }
  const creators = new Set();
  const anatomies = new Set();
  const marks = [];

  /** 'anatomy' (fresh: without parts yet) or 'parts' for an anatomy call; a string saying why not otherwise. */
  function kindOf(node) {
    if (node.type !== 'CallExpression' || node.optional) return { why: 'not a call' };
    if (node.arguments.some((arg) => !isString(arg) && !(arg.type === 'ArrayExpression' && arg.elements.every((el) => el && isString(el))))) {
      return { why: `an argument that is not a string literal (${snippet(code, node)})` };
    }
    const { callee } = node;
    if (callee.type === 'Identifier') {
      if (!creators.has(callee.name)) return { why: `a call of ${callee.name}, not of createAnatomy from @zag-js/anatomy` };
      const [label, partsList] = node.arguments;
      if (!label || !isString(label) || node.arguments.length > 2 || (partsList && partsList.type !== 'ArrayExpression')) {
        return { why: `createAnatomy called otherwise than with a name and a list of parts (${snippet(code, node)})` };
      }
      return { kind: 'anatomy', fresh: !partsList || partsList.elements.length === 0 };
    }
    if (callee.type !== 'MemberExpression' || callee.computed || callee.optional || callee.property.type !== 'Identifier') {
      return { why: `a call that is not an anatomy method (${snippet(code, node)})` };
    }
    const method = callee.property.name;
    const arity = METHODS[method];
    if (!arity) return { why: `.${method}(), not one of the anatomy's own methods (${Object.keys(METHODS).join(', ')})` };
    if (node.arguments.length < arity[0] || node.arguments.length > arity[1] || !node.arguments.every(isString)) {
      return { why: `.${method}() with other arguments than ${arity[1] === 0 ? 'none' : 'string literals'} (${snippet(code, node)})` };
    }
    let receiver;
    if (callee.object.type === 'Identifier') {
      if (!anatomies.has(callee.object.name)) return { why: `.${method}() of ${callee.object.name}, not an anatomy imported from Zag or Ark or declared here` };
      receiver = { kind: 'anatomy', fresh: false };
    } else {
      receiver = kindOf(callee.object);
      if (receiver.why) return receiver;
    }
    if (receiver.kind !== 'anatomy') return { why: `.${method}() of built parts (${snippet(code, node)})` };
    // `.parts` throws on an anatomy that has parts already: a call that would throw is not one to drop.
    if (method === 'parts' && !receiver.fresh) return { why: `.parts() of an anatomy that may have parts already (${snippet(code, node)})` };
    return method === 'build' ? { kind: 'parts' } : { kind: 'anatomy', fresh: method === 'rename' ? receiver.fresh : false };
  }

  function declare(declaration) {
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier') return refuse(`a declaration that is not of one name (${snippet(code, declarator)})`);
      const { init } = declarator;
      if (!init) return refuse(`a declaration without a value (${snippet(code, declarator)})`);
      if (init.type === 'Identifier') {
        if (anatomies.has(init.name)) anatomies.add(declarator.id.name);
        continue;
      }
      const kind = kindOf(init);
      if (kind.why) return refuse(`${declarator.id.name} is not declared by an anatomy call: ${kind.why}`);
      if (kind.kind === 'anatomy') anatomies.add(declarator.id.name);
      marks.push(init.start);
    }
    return null;
  }

  for (const statement of ast.body) {
    let problem = null;
    switch (statement.type) {
      case 'ImportDeclaration':
        for (const specifier of statement.specifiers) {
          const imported = specifier.imported?.name ?? specifier.imported?.value;
          if (specifier.type !== 'ImportSpecifier') continue;
          if (imported === 'createAnatomy' && CREATE_SOURCES.has(statement.source.value)) creators.add(specifier.local.name);
          else if (/anatomy$/i.test(imported) && ANATOMY_SOURCE.test(statement.source.value)) anatomies.add(specifier.local.name);
        }
        break;
      case 'ExportAllDeclaration':
        break;
      case 'ExportNamedDeclaration':
        if (statement.declaration) {
          problem = statement.declaration.type === 'VariableDeclaration' ? declare(statement.declaration) : refuse(`an exported ${statement.declaration.type} (${snippet(code, statement)})`);
        }
        break;
      case 'VariableDeclaration':
        problem = declare(statement);
        break;
      case 'ExpressionStatement': {
        // A directive, or an anatomy call whose result is dropped (Ark's toggle: `toggleAnatomy.build();`), left as it is.
        if (typeof statement.directive === 'string') break;
        const kind = kindOf(statement.expression);
        if (kind.why) problem = refuse(`code that runs on import: ${kind.why === 'not a call' ? snippet(code, statement) : kind.why}`);
        break;
      }
      default:
        problem = refuse(`a ${statement.type} besides imports, exports and anatomy declarations (${snippet(code, statement)})`);
    }
    if (problem) throw problem;
  }
  return marks;
}

/** The module's code with each anatomy-building declaration marked pure (throws as `anatomyMarks`). */
export function markAnatomyPure(code, id = '/node_modules/@chakra-ui/react/dist/esm/anatomy.js') {
  const marks = anatomyMarks(code, id);
  let out = '';
  let at = 0;
  for (const mark of marks) {
    out += code.slice(at, mark) + '/*#__PURE__*/ ';
    at = mark;
  }
  return out + code.slice(at);
}

const GLOBALS = new Set(['Object', 'Set', 'Error', 'undefined']);
/** Global functions an object-building module may call, and whether the first argument must be the caller's own. */
const GLOBAL_CALLS = { 'Object.assign': true, 'Object.keys': false, 'Object.values': false, 'Object.entries': false, 'Object.fromEntries': false };
const FUNCTION = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

function patternNames(pattern, into) {
  if (!pattern) return into;
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, into);
      break;
    case 'RestElement':
      patternNames(pattern.argument, into);
      break;
    case 'ArrayPattern':
      pattern.elements.forEach((el) => patternNames(el, into));
      break;
    case 'ObjectPattern':
      pattern.properties.forEach((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value, into));
      break;
  }
  return into;
}

/** Names a function declares: its parameters and the declarations in its body, not in nested functions. */
function localsOf(fn) {
  const names = new Set();
  fn.params.forEach((param) => patternNames(param, names));
  if (fn.id) names.add(fn.id.name);
  (function walk(node) {
    if (!node || typeof node.type !== 'string') return;
    if (node !== fn && FUNCTION.has(node.type)) {
      if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
      return;
    }
    if (node.type === 'VariableDeclarator') patternNames(node.id, names);
    if (node.type === 'CatchClause') patternNames(node.param, names);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value.type === 'string') walk(value);
    }
  })(fn.body);
  return names;
}

const rootOf = (node) => {
  while (node.type === 'MemberExpression') node = node.object;
  return node;
};

/**
 * Proves a module of @zag-js/anatomy only builds objects. Returns the relative modules it imports (to prove too);
 * throws naming the package, the file and the first thing that is not object building.
 */
export function proveObjectBuilding(code, id) {
  const { name, file } = packageOf(id);
  const refuse = (what, node) => new Error(`pure-anatomy: ${name} ${file}: createAnatomy is no longer plain object building: ${what}${node ? ` (${snippet(code, node)})` : ''}; update scripts/pure-anatomy.mjs`);
  const ast = parseAst(code);
  const follow = [];
  const moduleNames = new Set();
  for (const statement of ast.body) {
    if (statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration' || (statement.type === 'ExportNamedDeclaration' && !statement.declaration)) {
      if (statement.source) {
        if (!statement.source.value.startsWith('.')) throw refuse(`an import of ${statement.source.value}`, statement);
        follow.push(statement.source.value);
      }
      if (statement.type === 'ImportDeclaration') statement.specifiers.forEach((s) => moduleNames.add(s.local.name));
    } else if (statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration') {
      if (statement.type === 'FunctionDeclaration') moduleNames.add(statement.id.name);
      for (const declarator of statement.declarations ?? []) {
        patternNames(declarator.id, moduleNames);
        if (declarator.init && !FUNCTION.has(declarator.init.type) && declarator.init.type !== 'Literal') throw refuse('code that runs on import', declarator);
      }
    } else if (!(statement.type === 'ExpressionStatement' && statement.directive)) {
      throw refuse('code that runs on import', statement);
    }
  }
  const scopes = [moduleNames];
  const declared = (n) => GLOBALS.has(n) || scopes.some((scope) => scope.has(n));
  const local = (n) => scopes.slice(1).some((scope) => scope.has(n));

  function walk(node, parent, key) {
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTION.has(node.type)) scopes.push(localsOf(node));
    switch (node.type) {
      case 'Identifier': {
        const notReference =
          (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
          (parent?.type === 'Property' && key === 'key' && !parent.computed) ||
          (parent?.type === 'ExportSpecifier') ||
          (parent?.type === 'ImportSpecifier');
        if (!notReference && !declared(node.name)) throw refuse(`it reads ${node.name}, a global`, node);
        break;
      }
      case 'ThisExpression':
      case 'ImportExpression':
      case 'AwaitExpression':
      case 'YieldExpression':
      case 'MetaProperty':
      case 'TaggedTemplateExpression':
        throw refuse(`a ${node.type}`, node);
      case 'AssignmentExpression':
      case 'UpdateExpression': {
        const target = rootOf(node.type === 'UpdateExpression' ? node.argument : node.left);
        if (target.type !== 'Identifier' || !local(target.name)) throw refuse('it writes what is not its own', node);
        break;
      }
      case 'UnaryExpression':
        if (node.operator === 'delete') throw refuse('a delete', node);
        break;
      case 'CallExpression':
      case 'NewExpression': {
        const { callee } = node;
        const root = rootOf(callee);
        if (root.type === 'Identifier' && GLOBALS.has(root.name) && !scopes.some((scope) => scope.has(root.name))) {
          const called = callee.type === 'MemberExpression' && !callee.computed ? `${root.name}.${callee.property.name}` : root.name;
          const ownFirst = GLOBAL_CALLS[called];
          if (callee.type === 'MemberExpression' ? ownFirst === undefined : node.type !== 'NewExpression') throw refuse(`a call of ${called}`, node);
          if (ownFirst && !(node.arguments[0]?.type === 'ObjectExpression' || (node.arguments[0]?.type === 'Identifier' && local(node.arguments[0].name)))) {
            throw refuse(`${called} on what is not its own`, node);
          }
        }
        break;
      }
    }
    for (const [childKey, value] of Object.entries(node)) {
      if (childKey === 'type' || childKey === 'start' || childKey === 'end') continue;
      if (Array.isArray(value)) value.forEach((child) => walk(child, node, childKey));
      else if (value && typeof value.type === 'string') walk(value, node, childKey);
    }
    if (FUNCTION.has(node.type)) scopes.pop();
  }
  for (const statement of ast.body) if (statement.type !== 'ImportDeclaration' && !statement.source) walk(statement, null, null);
  return follow;
}

/** Proves every ESM module of the @zag-js/anatomy package in `dir`, from its "import" entry along its relative imports. */
export function proveCreateAnatomy(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const entry = pkg.exports?.['.']?.import?.default ?? pkg.exports?.['.']?.import ?? pkg.module;
  if (typeof entry !== 'string') throw new Error(`pure-anatomy: @zag-js/anatomy ${pkg.version}: no ES module entry in its package.json; update scripts/pure-anatomy.mjs`);
  const seen = new Set();
  const queue = [path.join(dir, entry)];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of proveObjectBuilding(readFileSync(file, 'utf8'), file)) queue.push(path.join(path.dirname(file), next));
  }
  const code = [...seen].map((file) => readFileSync(file, 'utf8')).join('\n');
  if (!/\bcreateAnatomy\b/.test(code)) throw new Error(`pure-anatomy: @zag-js/anatomy ${pkg.version}: createAnatomy is not in its ES modules; update scripts/pure-anatomy.mjs`);
  return [...seen];
}

/** The @zag-js/anatomy package a module in node_modules resolves, as a directory. */
function zagAnatomyOf(id) {
  try {
    return path.dirname(createRequire(id).resolve('@zag-js/anatomy/package.json'));
  } catch (error) {
    const { name, file } = packageOf(id);
    throw new Error(`pure-anatomy: ${name} ${file}: @zag-js/anatomy, where createAnatomy comes from, is not found from it (${error.message}); update scripts/pure-anatomy.mjs`, { cause: error });
  }
}

/** Counts marked modules by package (Zag's together) and fails below `minimum`. */
export function checkCounts(counts, minimum = MINIMUM) {
  const short = Object.entries(minimum).filter(([name, least]) => (counts[name] ?? 0) < least);
  if (short.length) {
    throw new Error(
      `pure-anatomy: ${short.map(([name, least]) => `${name}: ${counts[name] ?? 0} anatomy modules marked, at least ${least} expected`).join('; ')} — its anatomy files were renamed or moved, or the app no longer imports them; update scripts/pure-anatomy.mjs`,
    );
  }
}

export function pureAnatomy({ minimum = MINIMUM } = {}) {
  let counts = {};
  let command = 'build';
  return {
    name: 'pure-anatomy',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      counts = {};
    },
    transform(code, id) {
      // @zag-js/anatomy's own create-anatomy.mjs is not an anatomy declaration: proved below instead.
      if (!ANATOMY_MODULE.test(id.split('?')[0]) || packageOf(id).name === '@zag-js/anatomy') return null;
      const file = id.split('?')[0];
      let marked = PROVED.get(`${file}\0${code}`);
      if (marked === undefined) {
        marked = markAnatomyPure(code, id);
        PROVED.set(`${file}\0${code}`, marked);
      }
      if (marked === code) return null;
      const { name } = packageOf(id);
      // The copy of @zag-js/anatomy a module that calls createAnatomy gets (an anatomy imported from Zag or Ark was made by
      // one that does).
      if (/\bcreateAnatomy\b/.test(code)) {
        const dir = zagAnatomyOf(file);
        if (!PROVED.has(dir)) {
          proveCreateAnatomy(dir);
          PROVED.set(dir, true);
        }
      }
      const key = name.startsWith('@zag-js/') ? '@zag-js' : name;
      counts[key] = (counts[key] ?? 0) + 1;
      return { code: marked, map: null };
    },
    buildEnd(error) {
      if (error || command !== 'build' || this.meta?.watchMode) return;
      checkCounts(counts, minimum);
    },
  };
}
