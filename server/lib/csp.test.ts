import { describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { apiOrigins, cspFor, ssoCsp, widgetFrameCspFor } from './csp';
import { CSP } from '../app';
import { BROTLI_MODULE, installedNginx, nginxConfig } from '../nginx-conf';
import { freePort } from './free-port';

const SAME_ORIGIN = { apiMain: '/hosts/main', apiContest: '/hosts/contest', apiMessages: '/hosts/messages', apiSupport: '/hosts/support', widgetUrl: '/widget/project-widget.js' };
const REAL = {
  apiMain: 'https://api.example.ru',
  apiContest: 'https://contest.example.ru/base/',
  apiMessages: 'https://messages.example.ru:8443',
  apiSupport: 'https://api.example.ru/support',
  widgetUrl: 'https://widget.example.ru/project-widget.js',
};

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('the CSP built from config.json', () => {
  it('is all self when every host is a path of the app origin (the reference back end same-origin)', () => {
    expect(cspFor(SAME_ORIGIN)).toBe(CSP);
    expect(directive(CSP, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(CSP, 'script-src')).toBe("script-src 'self'");
  });

  it('lets the app connect to exactly the API origins, and load no script from elsewhere (not even the widget)', () => {
    const csp = cspFor(REAL);
    expect(apiOrigins(REAL)).toEqual(['https://api.example.ru', 'https://contest.example.ru', 'https://messages.example.ru:8443']);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.example.ru https://contest.example.ru https://messages.example.ru:8443");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it("gives the widget's sandboxed frame its script and connections, framed by the app only", () => {
    const frame = widgetFrameCspFor(REAL);
    expect(directive(frame, 'script-src')).toBe("script-src 'self' https://widget.example.ru");
    expect(directive(frame, 'connect-src')).toBe("connect-src 'self' https://widget.example.ru https://api.example.ru");
    expect(directive(frame, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(widgetFrameCspFor(SAME_ORIGIN), 'script-src')).toBe("script-src 'self'");
  });

  it('lets the sign-on form redirect to the app origins only', () => {
    expect(directive(ssoCsp(['https://cabinet.example.ru']), 'form-action')).toBe("form-action 'self' https://cabinet.example.ru");
  });
});

describe('the nginx configuration', () => {
  it('serves config.json from outside the build, caches only hashed assets, and sends the CSP on every location', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cabinet-conf-'));
    try {
      writeFileSync(path.join(dir, 'config.json'), JSON.stringify(REAL));
      const conf = nginxConfig({ root: '/srv/cabinet/dist', configFile: path.join(dir, 'config.json'), listen: '80', brotli: true });
      expect(conf).toContain(`alias ${path.join(dir, 'config.json')};`);
      expect(conf).toContain('gzip_static on;');
      expect(conf).toContain('brotli_static on;');
      expect(conf).toContain('try_files $uri /index.html;');
      const locations = conf.split('location ').slice(1);
      expect(locations.map((l) => l.split(' {')[0])).toEqual(['/assets/', '= /config.json', '= /sw.js', '= /index.html', '= /widget/frame.html', '/']);
      for (const location of locations) {
        const csp = location.startsWith('= /widget/frame.html') ? widgetFrameCspFor(REAL) : cspFor(REAL);
        expect(location).toContain(`add_header Content-Security-Policy "${csp}" always;`);
        const cache = /Cache-Control "([^"]+)"/.exec(location)![1];
        expect(cache).toBe(location.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      expect(nginxConfig({ root: 'dist', configFile: path.join(dir, 'config.json'), listen: '80', brotli: false })).not.toContain('brotli');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves HTTPS with HTTP/2 when given a certificate, and passes the back end its paths when asked', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cabinet-conf-'));
    try {
      writeFileSync(path.join(dir, 'config.json'), JSON.stringify(SAME_ORIGIN));
      const options = { root: 'dist', configFile: path.join(dir, 'config.json'), listen: '443', brotli: false };
      const tls = { cert: '/etc/ssl/cabinet.pem', key: '/etc/ssl/cabinet.key' };
      const conf = nginxConfig({ ...options, tls, proxy: 'http://127.0.0.1:8080/' });
      expect(conf).toContain('listen 443 ssl http2;');
      expect(conf).toContain('ssl_certificate /etc/ssl/cabinet.pem;');
      expect(conf).toContain('ssl_certificate_key /etc/ssl/cabinet.key;');
      const proxied = conf.split('location ').slice(1).filter((l) => l.includes('proxy_pass'));
      expect(proxied.map((l) => l.split(' {')[0])).toEqual(['/hosts/', '/sso/', '/widget/', '/files/']);
      expect(conf).not.toContain('/__test/');
      for (const location of proxied) {
        expect(location).toContain('proxy_pass http://127.0.0.1:8080;');
        expect(location).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
      }
      // The widget's frame is the build's own file, with its own policy: the exact location wins over /widget/.
      expect(conf).toContain('location = /widget/frame.html {');
      const plain = nginxConfig(options);
      expect(plain).toContain('listen 443;');
      expect(plain).not.toMatch(/ssl|http2|proxy_pass/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The installed nginx reads the configuration as written (`nginx -t`): "listen … ssl http2" and the proxy included.
  const nginx = installedNginx();
  const openssl = spawnSync('openssl', ['version']).status === 0;
  it.skipIf(!nginx || !openssl)('is accepted by the installed nginx with TLS and the proxy, which answers over HTTP/2', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cabinet-conf-'));
    chmodSync(dir, 0o755); // nginx workers (another user when started as root) read config.json here
    const port = await freePort();
    let web: ChildProcess | undefined;
    try {
      const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1']);
      expect(made.status).toBe(0);
      writeFileSync(path.join(dir, 'config.json'), JSON.stringify(SAME_ORIGIN));
      const conf = nginxConfig({
        root: 'dist',
        configFile: path.join(dir, 'config.json'),
        listen: `127.0.0.1:${port}`,
        brotli: existsSync(BROTLI_MODULE),
        tls: { cert, key },
        proxy: 'http://127.0.0.1:8080',
        standalone: dir,
        user: process.getuid?.() === 0 ? 'root' : undefined,
      });
      writeFileSync(path.join(dir, 'nginx.conf'), conf);
      const checked = spawnSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(checked.stderr).toContain('syntax is ok');
      expect(checked.status, checked.stderr).toBe(0);
      // Started, it speaks HTTP/2 over TLS and serves the deployment's config.json.
      web = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
      const answer = async () => {
        const session = connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false });
        try {
          return await new Promise<{ alpn: string | false | undefined; status: unknown; body: string }>((resolve, reject) => {
            session.on('error', reject);
            const stream = session.request({ ':path': '/config.json' });
            let body = '';
            let status: unknown;
            stream.on('response', (headers) => (status = headers[':status']));
            stream.setEncoding('utf8');
            stream.on('data', (chunk: string) => (body += chunk));
            stream.on('end', () => resolve({ alpn: session.alpnProtocol, status, body }));
            stream.on('error', reject);
          });
        } finally {
          session.close();
        }
      };
      let result: Awaited<ReturnType<typeof answer>> | undefined;
      for (let i = 0; i < 40 && !result; i++) {
        result = await answer().catch(() => undefined);
        if (!result) await new Promise((r) => setTimeout(r, 250));
      }
      expect(result).toEqual({ alpn: 'h2', status: 200, body: JSON.stringify(SAME_ORIGIN) });
    } finally {
      web?.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
