/**
 * The Content Security Policy and security headers of the app's documents (README «Безопасность», «Развёртывание»).
 * One source for the reference back end and for the nginx configuration it writes (server/nginx-conf.ts), so a
 * deployment sends exactly what the tests check: no inline or foreign scripts, and connections only to the API hosts
 * named in config.json.
 */

/** What of config.json the policy depends on (src/lib/config.ts RuntimeConfig). */
export interface CspConfig {
  apiMain: string;
  apiContest: string;
  apiMessages: string;
  apiSupport: string;
  widgetUrl: string;
}

/** Headers of every answer of the app origin besides the CSP. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/** The origin of an absolute http(s) URL; null for a path on the app's own origin. */
export function originOf(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`not an http(s) URL: ${url}`);
  return parsed.origin;
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** The API origins of a config (the four hosts), without the app's own. */
export function apiOrigins(config: CspConfig): string[] {
  return unique([config.apiMain, config.apiContest, config.apiMessages, config.apiSupport].map(originOf));
}

/** The page of the project widget's sandboxed frame (public/widget/frame.html). */
export const WIDGET_FRAME_PATH = '/widget/frame.html';

/**
 * The app's CSP for a config: `connect-src` lists exactly the API origins, `script-src` is 'self' only — the project
 * widget never runs in the app's document (it has a sandboxed frame of its own, see widgetFrameCspFor). Same-origin
 * paths add nothing: with every host under /hosts/* the policy is all 'self'.
 */
export function cspFor(config: CspConfig): string {
  return policy({ connect: apiOrigins(config), scripts: [], frameAncestors: "'none'" });
}

/**
 * The policy of the widget's frame: it may be framed by the app itself, loads the widget's script and lets it connect
 * to its own origin (its config.json) and the main API. Nothing of this is granted to the app's document.
 */
export function widgetFrameCspFor(config: CspConfig): string {
  const widget = originOf(config.widgetUrl);
  return policy({ connect: unique([widget, originOf(config.apiMain)]), scripts: unique([widget]), frameAncestors: "'self'" });
}

function policy({ connect, scripts, frameAncestors }: { connect: string[]; scripts: string[]; frameAncestors: string }): string {
  const list = (extra: string[]) => ["'self'", ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(scripts)}`,
    // Chakra UI (emotion) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${list(connect)}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The policy of the demo sign-on pages (plain forms, no scripts): the form posts to itself and is redirected to the
 * app's /callback, which `form-action` must allow when the app lives on another origin.
 */
export function ssoCsp(appOrigins: string[]): string {
  return cspFor({ apiMain: '/', apiContest: '/', apiMessages: '/', apiSupport: '/', widgetUrl: '/' }).replace(
    "form-action 'self'",
    ["form-action 'self'", ...appOrigins].join(' '),
  );
}
