import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SECURITY_HEADERS, WIDGET_FRAME_PATH, cspFor, widgetFrameCspFor, type CspConfig } from './lib/csp';

/**
 * The nginx configuration of the static app (README «Развёртывание»), written from the deployment's config.json so the
 * CSP allows exactly its API origins. Debian's nginx: gzip_static is built in; brotli_static comes from the package
 * libnginx-mod-http-brotli-static (used when its module is installed). The build writes .gz and .br beside every text
 * asset (scripts/compress-dist.mjs).
 *
 *   npx tsx server/nginx-conf.ts --root /srv/cabinet/dist --config /etc/cabinet/config.json --listen 80 \
 *     > /etc/nginx/sites-enabled/cabinet.conf
 *
 * `--tls-cert FILE --tls-key FILE` serve it over HTTPS with HTTP/2; `--proxy URL` passes the reference back end's
 * same-origin paths to it (the demo deployment on one origin); `--user NAME`, with `--standalone`, the workers' user.
 *
 * `--standalone DIR` writes a whole nginx.conf whose pid, logs and temporary files live in DIR (the tests run nginx
 * with it as an ordinary process: `nginx -p DIR -c DIR/nginx.conf`).
 */

export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** The nginx binary of this machine ($NGINX, or Debian's), or undefined where nginx is not installed. */
export function installedNginx(): string | undefined {
  return [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'].find((p): p is string => !!p && existsSync(p));
}
export const MIME_TYPES = '/etc/nginx/mime.types';

export interface NginxOptions {
  /** The built app (dist/). */
  root: string;
  /** The deployment's config.json: served at /config.json, and the source of the CSP. */
  configFile: string;
  /** `listen` argument: a port or address:port. */
  listen: string;
  serverName?: string;
  /** brotli_static on (needs the module); default: when the Debian module is installed. */
  brotli?: boolean;
  /** A whole nginx.conf with its files under this directory instead of a server block for sites-enabled. */
  standalone?: string;
  /** Standalone only: the user of the worker processes when started as root (default: nginx's own, nobody). */
  user?: string;
  /** HTTPS with HTTP/2, as a real deployment serves the app: the certificate and its key (PEM files). */
  tls?: { cert: string; key: string };
  /**
   * The reference back end's address: its same-origin paths (the API hosts under /hosts/, the demo sign-on, the
   * project widget, files) are proxied to it, as in the demo deployment — the app and its hosts on one origin.
   */
  proxy?: string;
}

/**
 * The reference back end's same-origin paths (server/app.ts) besides the runtime config, which nginx serves itself.
 * Never its test controls (/__test/): a deployment does not pass them on, even when the back end has them on.
 */
const PROXIED = ['/hosts/', '/sso/', '/widget/', '/files/'];

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

export function nginxConfig(options: NginxOptions): string {
  const config = JSON.parse(readFileSync(options.configFile, 'utf8')) as CspConfig;
  const brotli = options.brotli ?? existsSync(BROTLI_MODULE);
  const root = path.resolve(options.root);
  const configFile = path.resolve(options.configFile);
  // add_header of a location replaces the server's, so every location repeats the security headers ("always": on
  // errors too).
  const securityWith = (csp: string) =>
    [...Object.entries(SECURITY_HEADERS), ['Content-Security-Policy', csp] as const]
      .map(([name, value]) => `    add_header ${name} ${quote(value)} always;`)
      .join('\n');
  const location = (match: string, cache: string, body: string, csp = cspFor(config)) =>
    `  location ${match} {\n    add_header Cache-Control ${quote(cache)} always;\n${securityWith(csp)}\n${body}\n  }`;
  // The back end sets its own security headers and policy; nginx passes them on.
  const proxied = options.proxy
    ? PROXIED.map(
        (prefix) =>
          `  location ${prefix} {\n    proxy_pass ${options.proxy!.replace(/\/+$/, '')};\n    proxy_http_version 1.1;\n` +
          '    proxy_set_header Host $http_host;\n    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n' +
          '    proxy_set_header X-Forwarded-Proto $scheme;\n  }',
      ).join('\n')
    : '';
  const tls = options.tls
    ? `\n  ssl_certificate ${path.resolve(options.tls.cert)};\n  ssl_certificate_key ${path.resolve(options.tls.key)};`
    : '';
  // "listen … ssl http2" rather than "http2 on": Debian 12's nginx 1.22 knows only this form (later ones still take it).
  const server = `server {
  listen ${options.listen}${options.tls ? ' ssl http2' : ''};${tls}
  server_name ${options.serverName ?? '_'};
  root ${root};
  index index.html;
  server_tokens off;
  charset utf-8;
  charset_types text/css application/javascript application/json application/manifest+json image/svg+xml;

  # Precompressed files written by the build: file.js.br / file.js.gz beside file.js.
  gzip_static on;
  gzip_vary on;${brotli ? '\n  brotli_static on;' : ''}

${location('/assets/', 'public, max-age=31536000, immutable', '    # Hashed file names: a missing chunk is a 404, never the app shell.\n    try_files $uri =404;')}

  # The deployment's runtime config, kept outside the build: one build serves any deployment.
${location('= /config.json', 'no-cache', `    alias ${configFile};\n    default_type application/json;`)}

  # The service worker, the shell and everything else outside /assets/ are revalidated on every load.
${location('= /sw.js', 'no-cache', '    try_files $uri =404;')}

${location('= /index.html', 'no-cache', '    try_files $uri =404;')}

  # The project widget's sandboxed frame: framed by the app itself, the widget's script and connections allowed here only.
${location(`= ${WIDGET_FRAME_PATH}`, 'no-cache', '    try_files $uri =404;', widgetFrameCspFor(config))}

  # The app's routes (/tasks/26, /calendar, …) fall back to the shell; real files are served as they are.
${location('/', 'no-cache', '    try_files $uri /index.html;')}
${proxied ? `\n  # The reference back end on the app's origin (the demo deployment).\n${proxied}\n` : ''}}
`;
  if (!options.standalone) return server;
  const dir = path.resolve(options.standalone);
  return `# Written by server/nginx-conf.ts: a whole nginx.conf for an ordinary (non-root) process.
${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}${options.user ? `user ${options.user};\n` : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include ${MIME_TYPES};
  types { application/manifest+json webmanifest; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server.replace(/^/gm, '  ').replace(/^ +$/gm, '')}}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: 'dist' },
      config: { type: 'string' },
      listen: { type: 'string', default: '80' },
      'server-name': { type: 'string' },
      brotli: { type: 'string' },
      standalone: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      proxy: { type: 'string' },
      user: { type: 'string' },
    },
  });
  const root = values.root!;
  process.stdout.write(
    nginxConfig({
      root,
      configFile: values.config ?? path.join(root, 'config.json'),
      listen: values.listen!,
      serverName: values['server-name'],
      brotli: values.brotli === undefined ? undefined : values.brotli !== 'off',
      standalone: values.standalone,
      tls: values['tls-cert'] && values['tls-key'] ? { cert: values['tls-cert'], key: values['tls-key'] } : undefined,
      proxy: values.proxy,
      user: values.user,
    }),
  );
}
