// What the browser tests share: the built page served from web/dist, Debian's
// Chromium driven by playwright-core, and the library's own `mancala`
// command to check the page's positions against.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDir = path.resolve(here, '..');
export const rootDir = path.resolve(webDir, '..');
export const distDir = path.join(webDir, 'dist');
export const shotsDir = path.join(webDir, 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

// Serves web/dist on a free port of localhost; resolves to its address.
export function serve() {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('web/dist is not built: run web/build first');
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const name = url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname);
    const file = path.join(distDir, path.normalize(name));
    if (!file.startsWith(distDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`no Chromium at ${candidates.join(', ')} (apt-get install chromium, or set CHROMIUM)`);
  return found;
}

export function launch() {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox'] });
}

// A page of `browser` whose console errors and uncaught exceptions are
// collected in `errors`.
export async function openPage(browser, url, viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-loaded="yes"]', { timeout: 30000 });
  return { page, errors };
}

// The page for the tests of one file: served and opened in a browser of
// its own before them, closed after them whatever happened. `session.tab`
// is the page and its console errors; `session.open(viewport)` opens
// another page of the same browser.
export function pageSession() {
  let server;
  let browser;
  const session = {
    tab: null,
    open: (viewport) => openPage(browser, server.url, viewport),
  };
  before(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    server = await serve();
    browser = await launch();
    session.tab = await openPage(browser, server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return session;
}

// The `mancala` command of this checkout (built by cargo), or $MANCALA.
export function mancalaCommand() {
  const built = path.join(rootDir, 'target', 'release', 'mancala');
  const command = process.env.MANCALA || (fs.existsSync(built) ? built : null);
  if (!command) throw new Error('no mancala command: cargo build --release --bin mancala, or set MANCALA');
  return command;
}

// The library's positions for `moves` of `game`: the start, then one after
// each move.
export function libraryPositions(game, options, moves) {
  const out = execFileSync(mancalaCommand(), ['replay', game, '--options', options], {
    input: moves.join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\n').filter((l) => l.length > 0);
}

export function games() {
  return execFileSync(mancalaCommand(), ['games'], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

// Waits until the page has finished a move (its animation and drawing).
export async function idle(page) {
  await page.waitForSelector('body[data-ready="idle"]', { timeout: 20000 });
}

// A new game of `name` with every seat human and no animation.
export async function freshGame(page, name, seats = 'human') {
  await page.selectOption('#speed', '0');
  await page.selectOption('#game', name);
  await idle(page);
  const count = await page.locator('#seats select').count();
  for (let p = 0; p < count; p++) {
    await page.selectOption(`#seat-${p}`, typeof seats === 'string' ? seats : seats[p]);
  }
  await page.click('#new');
  await idle(page);
}
