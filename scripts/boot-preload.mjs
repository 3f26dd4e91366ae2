// Vite plugin: writes <outDir>/boot.js, a tiny classic script that index.html runs while the app's JavaScript is still
// downloading. It starts the request for /config.json (main.tsx takes its response) and adds <link rel="modulepreload">
// for the chunks of the route in the address bar, so neither waits for the main chunk to arrive and run first: two
// round trips less before the first screen (DESIGN.md budgets; README "Производительность и доступность").
import { minifySync } from 'vite';
import { projectPath } from './screen-chunks.mjs';
import { RELOAD_GUARD_MS, RELOAD_KEY } from '../src/lib/pwa/chunk-reload.ts';
import { ADMIN_BACKUP_KEY, CACHE_OWNER_KEY, EXPIRES_KEY, RENEW_MARGIN_MS, TOKEN_KEY } from '../src/lib/session.ts';
import { HIDDEN_KEY, bannerText } from '../src/features/service-message/service-message-rules.ts';
import { OFFLINE_BANNER_TEXT } from '../src/components/offline/offline-banner-text.ts';

const ROUTE_FILE = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** `_cabinet/programs.create.$code1C` → /^\/programs\/create\/[^/]+$/ (TanStack file-route naming). */
export function routePattern(routeFile) {
  const segments = routeFile
    .replace(/^_cabinet\/?/, '')
    .split('.')
    .filter((s) => s && s !== 'index');
  let rank = 0;
  const parts = segments.map((s) => {
    if (s === '$') {
      rank += 100;
      return '.*';
    }
    if (s.startsWith('$')) {
      rank += 1;
      return '[^/]+';
    }
    return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  });
  const source = parts.length === 0 ? '^/$' : `^/${parts.join('/')}$`;
  return { source, rank };
}

/**
 * Picks the frame index.html paints before the app runs (html[data-boot]): the sign-in card where the app will show it
 * (the login page, or no session kept), the cabinet's menu and header otherwise; none on the sign-in hand-over pages.
 * A cabinet screen kept by the app on its last visit (src/lib/screen-snapshot.ts: same address, same owner as the
 * persisted query cache, at most a week old) is painted instead, inert and hidden from assistive technology, before
 * #root (which stays laid out but invisible until the app's own screen replaces the picture); if the app has not
 * taken it away after 15 s, the picture goes by itself.
 */
export const BOOT_FRAME = `(function () {
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  var frame = 'cabinet';
  if (path === '/callback' || path === '/personal-account-v2-auth') frame = '';
  else if (path === '/login') frame = 'login';
  else {
    try {
      if (!localStorage.getItem('${TOKEN_KEY}')) frame = 'login';
    } catch (e) {
      frame = '';
    }
  }
  if (frame === 'cabinet') {
    try {
      var owner = localStorage.getItem('${CACHE_OWNER_KEY}');
      var raw = owner && localStorage.getItem('cabinet-snapshot:' + location.pathname + location.search);
      var shot = raw && JSON.parse(raw);
      if (shot && String(shot.owner) === owner && typeof shot.html === 'string' && Date.now() - shot.at < 7 * 864e5) {
        // Placed as the body's first child as soon as the parser has made the body, before the first paint; its style
        // after the theme's sheet (the whole head is parsed by then).
        var style = document.createElement('style');
        style.id = 'boot-snapshot-css';
        style.textContent = shot.css || '';
        var view = document.createElement('div');
        view.id = 'boot-snapshot';
        view.setAttribute('aria-hidden', 'true');
        view.inert = true;
        view.innerHTML = shot.html;
        // What the app draws above the screen as it will draw it at once, so that nothing moves when it takes the
        // picture's place: when the browser says offline, the offline strip (components/offline/offline-banner.tsx) and
        // no service message (its banner, features/service-message, is never kept and cannot be read then); when not,
        // no strip. The picture may have been kept with either.
        var offline = navigator.onLine === false;
        var main = view.querySelector('main');
        var above = view.querySelectorAll('[role="status"]');
        for (var i = 0; i < above.length; i++) {
          var text = above[i].textContent;
          if (text === '${OFFLINE_BANNER_TEXT}' || (offline && above[i].classList.contains('cab-service-banner'))) above[i].remove();
        }
        if (main && offline) {
          var strip = document.createElement('div');
          strip.className = 'cab-offline-bar';
          strip.textContent = '${OFFLINE_BANNER_TEXT}';
          main.parentNode.insertBefore(strip, main);
        }
        var place = function () {
          if (!document.body) return false;
          document.head.appendChild(style);
          document.body.insertBefore(view, document.body.firstChild);
          return true;
        };
        if (!place()) {
          var watch = new MutationObserver(function () {
            if (place()) watch.disconnect();
          });
          watch.observe(document.documentElement, { childList: true });
        }
        frame = 'snapshot';
        setTimeout(function () {
          if (document.documentElement.getAttribute('data-boot') !== 'snapshot') return;
          view.remove();
          style.remove();
          document.documentElement.setAttribute('data-boot', 'cabinet');
        }, 15000);
      }
    } catch (e) {
      // A kept screen that cannot be read is not painted: the frame below is.
    }
  }
  if (frame) document.documentElement.setAttribute('data-boot', frame);
})();
`;

/**
 * The app's entry script failing to load (its request aborted or refused) would leave the page on the frame above for
 * good, with no message: the app's own recovery (src/lib/pwa/chunk-reload.ts) is in that script. Seen once in a run
 * that opened a tab right after closing another. The page then reloads once, online, unless it did so in the last
 * minute for a chunk (the same mark and guard as the app's chunk reload, imported from it: a second failure is not
 * looped on).
 */
export const ENTRY_RECOVERY = `(function () {
  document.addEventListener('error', function (event) {
    var script = event.target;
    if (!script || script.tagName !== 'SCRIPT' || script.type !== 'module' || navigator.onLine === false) return;
    try {
      var last = Number(sessionStorage.getItem('${RELOAD_KEY}') || 0);
      if (last && Date.now() - last < ${RELOAD_GUARD_MS}) return;
      sessionStorage.setItem('${RELOAD_KEY}', String(Date.now()));
    } catch (e) {
      return;
    }
    location.reload();
  }, true);
})();
`;

/** Module preload links boot.js adds per task (see the generated script). */
export const LINKS_PER_TASK = 6;

/**
 * The calls a signed-in screen makes first, relative to the main API: every screen's (SPEC §4 guard: who is signed in;
 * SPEC §2 the service message's banner), then the screen's own data — its route loader's calls for the address as
 * typed (`at`: a pattern of path and query; `$1` in `path` is its first group). boot.js starts them as soon as the
 * config says where that API is, while the app's code is still downloading; the app's client takes each answer once
 * (src/lib/api/early-calls.ts) instead of asking again after its code has run: on a first visit the guard's call was
 * the first request after ~220 KB of script, and a screen's data came after that. The user record is asked for only
 * when the device keeps no query cache (a repeat visit reads the kept record). A call the app turns out not to make
 * (a person without access to the screen) is answered and dropped; scripts/boot-preload.test.mjs checks that each one
 * is exactly the call the app makes at its address.
 */
export const EARLY_CALLS = [
  { path: '/v1/users/info', unlessKept: true },
  // Also drawn into the frame as soon as it answers (`BANNER`).
  { path: '/v2/projects/maintance', banner: true },
  // "Мои задачи" without filters: the first page of all tasks (routes/_cabinet/tasks.index.tsx).
  { at: '^/tasks$', path: '/v2/projects/project-point?page=1&pageSize=20' },
  // The competitions and their groups (routes/_cabinet/programs.index.tsx): the filters are applied on the device.
  { at: '^/programs(\\?.*)?$', path: '/v2/projects/template/active' },
  { at: '^/programs(\\?.*)?$', path: '/v2/projects/template/groups' },
  // A project card, and its RID list on the RID tab (routes/_cabinet/projects.$id.tsx).
  { at: '^/projects/(\\d+)(\\?.*)?$', path: '/v1/projects/$1' },
  { at: '^/projects/(\\d+)\\?(.*&)?tab=rid(&.*)?$', path: '/v2/projects/rid/project/$1' },
  // A new application's questionnaire (routes/_cabinet/programs.create.$code1C.tsx, without a task's pointId).
  { at: '^/programs/create/([\\w-]+)$', path: '/v2/projects/application/$1' },
];

/** Chakra's icons the app's banner draws (@chakra-ui/react components/icons.js: WarningIcon, CloseIcon). */
export const WARNING_ICON =
  'M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z';
export const CLOSE_ICON =
  'M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z';

/**
 * The service message's banner (SPEC §2) drawn into the cabinet's frame by boot.js as soon as its early call answers,
 * before the app's code has arrived and run: on a phone the message is the largest text of most cabinet screens (the
 * largest contentful paint of /tasks, /programs and a new application's questionnaire), and it waited for ~220 KB of
 * script and the whole first render. It is the app's banner as
 * it will draw it (features/service-message/components/service-banner.tsx: Chakra's warning alert, the text cut at
 * three lines with «Подробнее», the close button), from classes of index.html's sheet, at the place the app draws it
 * (under the header, above the screen), so nothing moves when the app's own takes its place; the app's cabinet frame
 * keeps it meanwhile (features/shell/components/cabinet-frame.tsx). The same rule decides whether there is one
 * (`bannerText`, its own source put in the script), and a message the person hid on this device is not drawn. Not drawn
 * while an administrator is logged in as another user: the app draws its bar above the banner. A picture with no
 * control: in index.html's frame it is hidden from assistive technology with the rest of it; in the app's cabinet
 * frame its text is read, as the frame's own is.
 */
export const BANNER = `function (response) {
  if (!response.ok) return;
  var bannerText = ${bannerText.toString()};
  response
    .clone()
    .json()
    .then(function (data) {
      var text = bannerText(data);
      var place = document.querySelector('.boot-cabinet .boot-main');
      if (!text || !place || document.documentElement.getAttribute('data-boot') !== 'cabinet') return;
      if (localStorage.getItem('${HIDDEN_KEY}') === text || localStorage.getItem('${ADMIN_BACKUP_KEY}')) return;
      var view = document.createElement('div');
      view.className = 'boot-banner';
      view.innerHTML = '<svg viewBox="0 0 24 24"><path d="${WARNING_ICON}"/></svg><div><p></p></div><span class="boot-close"><svg viewBox="0 0 24 24"><path fill-rule="evenodd" clip-rule="evenodd" d="${CLOSE_ICON}"/></svg></span>';
      var line = view.querySelector('p');
      line.textContent = text;
      place.appendChild(view);
      if (line.scrollHeight > line.clientHeight) {
        var more = document.createElement('span');
        more.className = 'boot-more';
        more.textContent = 'Подробнее';
        line.parentNode.appendChild(more);
      }
      // In the frame index.html painted: the app's cabinet frame takes it over when it replaces that one.
      if (place.parentNode.classList.contains('boot')) window.__cabinetBoot.banner = view;
    })
    .catch(function () {});
}`;

/** The source of boot.js for a route table: [pattern, chunk files][] (exported for its test). */
export function bootScript(table) {
  return `// Generated by scripts/boot-preload.mjs: the runtime config request and the current route's chunks start early.
(function () {
  // The preload of index.html's head is taken (same request: the server says no-cache, so it is revalidated).
  var config = fetch('/config.json');
  config.catch(function () {});
  var early = {};
  window.__cabinetBoot = { config: config, early: early };
  var routes = ${table};
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  try {
    // The frame boot-frame.js chose says whether this is a cabinet address with a session kept.
    var frame = document.documentElement.getAttribute('data-boot');
    var token = localStorage.getItem('${TOKEN_KEY}');
    var expires = Number(localStorage.getItem('${EXPIRES_KEY}') || 0);
    var kept = !!localStorage.getItem('${CACHE_OWNER_KEY}');
    // Signed in on a cabinet address, with a token the app will not renew before its first call.
    if ((frame === 'cabinet' || frame === 'snapshot') && token && expires - ${RENEW_MARGIN_MS} > Date.now()) {
      var calls = ${JSON.stringify(EARLY_CALLS)};
      config
        .then(function (response) {
          return response.clone().json();
        })
        .then(function (settings) {
          for (var k = 0; k < calls.length; k++) {
            if (calls[k].unlessKept && kept) continue;
            var at = calls[k].at ? new RegExp(calls[k].at).exec(path + location.search) : [];
            if (!at) continue;
            var url = new URL(settings.apiMain + calls[k].path.replace('$1', at[1]), location.href).href;
            var auth = 'Bearer ' + token;
            var answer = fetch(url, { headers: { Authorization: auth }, cache: 'no-store' });
            answer.catch(function () {});
            // First in line: the banner reads a copy of the answer before the app takes it.
            if (calls[k].banner) answer.then(${BANNER}, function () {});
            early[url] = { auth: auth, answer: answer };
          }
        })
        .catch(function () {});
    }
  } catch (e) {
    // No storage: the app makes these calls itself.
  }
  var files = [];
  for (var i = 0; i < routes.length; i++) {
    if (new RegExp(routes[i][0]).test(path)) {
      files = routes[i][1];
      break;
    }
  }
  // A few links per task, the first ones at once: each added link costs the page some work to start its request, and
  // ~40 of them in one go were a long task on a slow phone (~30 ms, ×4 at the CPU of a mid-range one).
  (function add(from) {
    var to = Math.min(files.length, from + ${LINKS_PER_TASK});
    for (var j = from; j < to; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[j];
      document.head.appendChild(link);
    }
    if (to < files.length) setTimeout(function () { add(to); }, 0);
  })(0);
})();
`;
}

/**
 * The scripts as shipped: minified like the app's chunks (Vite's own minifier), with a line saying where they come
 * from. boot-frame.js blocks the first paint of every page and boot.js runs on every page: their comments and names
 * were a third of their gzip size (1,089 → 759 B and 3,294 → 2,822 B).
 */
function shipped(fileName, source) {
  const { code, errors } = minifySync(fileName, source, { compress: { target: 'es2020' }, mangle: true });
  if (errors?.length) throw new Error(`${fileName}: ${errors.map((e) => e.message).join('; ')}`);
  return `// Generated by scripts/boot-preload.mjs.\n${code}`;
}

/**
 * @param {{ extra?: Record<string, string[]>, cabinet?: string[] }} options
 *   extra: route file → more modules its screen imports at once (e.g. the calendar screen);
 *   cabinet: modules every route under the signed-in layout loads (layout, cabinet recipes).
 */
export function bootPreload(options = {}) {
  let root = process.cwd();
  const DEV_BOOT = "window.__cabinetBoot = { config: fetch('/config.json', { cache: 'no-cache' }), early: {} };\n";
  return {
    name: 'boot-preload',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use('/boot-frame.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(BOOT_FRAME + ENTRY_RECOVERY);
      });
      server.middlewares.use('/boot.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(DEV_BOOT);
      });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const idOf = (c) => (c.facadeModuleId ? projectPath(root, c.facadeModuleId) : null);
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [idOf(c), c]));
      // A module merged into a group chunk (scripts/screen-chunks.mjs) has no chunk of its own: the group's stands for it.
      for (const c of chunks) {
        for (const id of Object.keys(c.modules)) {
          const rel = projectPath(root, id);
          if (!byModule.has(rel)) byModule.set(rel, c);
        }
      }
      const entry = chunks.find((c) => c.isEntry);
      const loaded = new Set();
      const closure = (file, into) => {
        if (into.has(file) || loaded.has(file)) return;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
      };
      if (entry) {
        // Everything the entry imports statically is fetched with it already.
        const startup = new Set();
        closure(entry.fileName, startup);
        startup.forEach((f) => loaded.add(f));
      }
      const files = (modules) => {
        const set = new Set();
        for (const id of modules) {
          const chunk = byModule.get(id);
          if (chunk) closure(chunk.fileName, set);
        }
        return [...set].map((f) => `/${f}`);
      };
      const routes = [];
      for (const [id] of byModule) {
        const m = ROUTE_FILE.exec(id);
        if (!m || m[1] === '__root' || m[1] === '_cabinet') continue;
        const cabinet = m[1].startsWith('_cabinet/');
        const { source, rank } = routePattern(m[1]);
        routes.push({ source, rank, files: files([...(cabinet ? (options.cabinet ?? []) : []), id, ...(options.extra?.[m[1]] ?? [])]) });
      }
      // Static routes before parameters, the catch-all last (as the router ranks them).
      routes.sort((a, b) => a.rank - b.rank || b.source.length - a.source.length);
      const table = JSON.stringify(routes.map((r) => [r.source, r.files]));
      const source = bootScript(table);
      this.emitFile({ type: 'asset', fileName: 'boot.js', source: shipped('boot.js', source) });
      // A separate, tiny script that index.html runs before the body (it blocks the first paint only by its own
      // few hundred bytes; boot.js with the route table stays async).
      this.emitFile({ type: 'asset', fileName: 'boot-frame.js', source: shipped('boot-frame.js', BOOT_FRAME + ENTRY_RECOVERY) });
    },
  };
}
