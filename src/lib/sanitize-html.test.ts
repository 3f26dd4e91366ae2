// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlText, loadSanitizer, sanitizeHtml } from './sanitize-html';

beforeAll(async () => {
  await loadSanitizer();
});

describe('htmlText (before the sanitiser is loaded)', () => {
  it('keeps the text only: no element, handler or script of the HTML reaches the page', () => {
    const text = htmlText('<p>Текст <img src=x onerror="window.__ran=1"><script>window.__ran=1</script><b>жирный</b></p>');
    expect(text).toBe('Текст window.__ran=1жирный');
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });
});

describe('sanitizeHtml (rich text from the server)', () => {
  it('keeps safe formatting and safe links, opening them in a new tab', () => {
    const clean = sanitizeHtml('<p><strong>Важно</strong> и <em>курсив</em> <a href="https://example.org/x">ссылка</a></p><ul><li>пункт</li></ul>');
    expect(clean).toContain('<strong>Важно</strong>');
    expect(clean).toContain('<em>курсив</em>');
    expect(clean).toContain('<ul><li>пункт</li></ul>');
    expect(clean).toContain('href="https://example.org/x"');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('target="_blank"');
  });

  it.each([
    ['<img src=x onerror="alert(1)">', /onerror|alert/],
    ['<img src="x"onerror=alert(1)>', /onerror|alert/],
    ['<svg><g/onload=alert(1)></svg>', /onload|alert/],
    ['<script>alert(1)</script>', /script|alert/],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', /iframe|srcdoc/],
    ['<a href="javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<a href="&#106;avascript:alert(1)">x</a>', /javascript|href/i],
    ['<a href=" javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:|script/],
    ['<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
    ['<form action="javascript:alert(1)"><button>go</button></form>', /form|button|javascript/],
    ['<object data="x"></object><embed src="x">', /object|embed/],
    ['<p style="position:fixed;inset:0">x</p>', /style|fixed/],
    ['<style>body{display:none}</style>', /style|display/],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', /onerror|alert/],
    ['<p data-x="1" data-removed-onclick="a">x</p>', /data-/],
    ['<base href="https://evil.example/">', /base|evil/],
    ['<svg><circle r="40"></circle></svg>', /svg|circle/],
    ['<math><mi>x</mi></math>', /math|<mi/],
  ])('defuses %s', (dirty, forbidden) => {
    expect(sanitizeHtml(dirty)).not.toMatch(forbidden);
  });

  it('keeps text around what it removes, and relative and mail links', () => {
    expect(sanitizeHtml('до <script>x</script>после')).toBe('до после');
    expect(sanitizeHtml('<a href="/docs/a.pdf">a</a>')).toContain('href="/docs/a.pdf"');
    expect(sanitizeHtml('<a href="mailto:a@b.ru">a</a>')).toContain('href="mailto:a@b.ru"');
    expect(sanitizeHtml('<a href="//evil.example/">a</a>')).not.toContain('evil');
  });

  it('leaves plain text mentioning "onclick=" readable', () => {
    expect(sanitizeHtml('Атрибут onclick= в тексте')).toBe('Атрибут onclick= в тексте');
    expect(sanitizeHtml('<p title="a > b">x onload=1</p>')).toBe('<p title="a &gt; b">x onload=1</p>');
  });
});
