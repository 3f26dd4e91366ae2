#!/usr/bin/env node
/**
 * Draws the PWA icons from public/icons/favicon.svg and takes the manifest screenshots from a running app.
 *
 *   node scripts/make-pwa-assets.mjs icons                 → public/icons/icon-192.png, icon-512.png, icon-maskable-*.png
 *   node scripts/make-pwa-assets.mjs screenshots <baseUrl>  → public/icons/screenshots/desktop.jpg, phone.jpg
 *
 * Screenshots sign in as the demo grantee through the reference back end's demo sign-on, so <baseUrl> must be the
 * reference server serving a build (e.g. http://127.0.0.1:8080). JPEG keeps them small; they are not precached.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = path.join(root, 'public', 'icons');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run'];

const svg = readFileSync(path.join(iconsDir, 'favicon.svg'), 'utf8');

/** The emblem without its rounded tile, for the maskable icon (full-bleed background, emblem inside the safe zone). */
function maskableSvg() {
  const inner = svg
    .replace(/<svg[^>]*>/, '')
    .replace('</svg>', '')
    .replace(/<rect width="512" height="512" rx="112" fill="#1f4fa3"\/>/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#1f4fa3"/>
  <g transform="translate(256 256) scale(0.72) translate(-256 -256)">${inner}</g>
</svg>`;
}

async function renderPng(page, markup, size, file) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${markup.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.locator('svg').screenshot({ path: file, omitBackground: true });
  console.log('wrote', path.relative(root, file));
}

async function icons() {
  const browser = await chromium.launch({ executablePath, args: launchArgs });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await renderPng(page, svg, 192, path.join(iconsDir, 'icon-192.png'));
  await renderPng(page, svg, 512, path.join(iconsDir, 'icon-512.png'));
  await renderPng(page, maskableSvg(), 192, path.join(iconsDir, 'icon-maskable-192.png'));
  await renderPng(page, maskableSvg(), 512, path.join(iconsDir, 'icon-maskable-512.png'));
  await browser.close();
}

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('button', { name: /Петров Алексей Иванович/ }).first().click();
  await page.waitForURL((url) => !/^\/(login|callback|sso)/.test(url.pathname));
}

async function screenshots(baseUrl, route) {
  const out = path.join(iconsDir, 'screenshots');
  await mkdir(out, { recursive: true });
  const browser = await chromium.launch({ executablePath, args: launchArgs });
  const shots = [
    { name: 'desktop.jpg', viewport: { width: 1280, height: 800 }, isMobile: false },
    { name: 'phone.jpg', viewport: { width: 390, height: 844 }, isMobile: true },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: shot.viewport, isMobile: shot.isMobile, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    const page = await context.newPage();
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}${route}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, shot.name), type: 'jpeg', quality: 70 });
    console.log('wrote', path.relative(root, path.join(out, shot.name)));
    await context.close();
  }
  await browser.close();
}

const [command, baseUrl, route = '/programs'] = process.argv.slice(2);
if (command === 'icons') await icons();
else if (command === 'screenshots' && baseUrl) await screenshots(baseUrl.replace(/\/$/, ''), route);
else {
  console.error('usage: make-pwa-assets.mjs icons | screenshots <baseUrl> [route]');
  process.exit(1);
}
