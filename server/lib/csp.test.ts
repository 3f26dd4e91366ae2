import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiOrigins, cspFor, ssoCsp, widgetFrameCspFor } from './csp';
import { CSP } from '../app';
import { nginxConfig } from '../nginx-conf';

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
});
