// Starts a real `arbiter serve` on a fresh database and a free port, and a
// Debian Chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const screenshots = path.join(here, 'screenshots');
// The `arbiter` the tests run.
export const bin = process.env.ARBITER_BIN || path.join(root, 'target', 'debug', 'arbiter');
mkdirSync(screenshots, { recursive: true });

// A file of the shared test data, read in place (as crates/testdata finds
// it): under $ARBITER_DATA, or shared/data in a folder above the repository.
export function sharedData(relative) {
  let dir = process.env.ARBITER_DATA;
  for (let up = root; !dir; up = path.dirname(up)) {
    if (existsSync(path.join(up, 'shared', 'data', 'SOURCES.md'))) dir = path.join(up, 'shared', 'data');
    else if (path.dirname(up) === up) throw new Error('no shared test data: set ARBITER_DATA');
  }
  return path.join(dir, relative);
}

// `env`: variables added to the server's environment (the test clock's).
// `args`: options added to `arbiter serve`'s.
export async function startServer({ env = {}, args = [] } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-e2e-'));
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', path.join(dir, 'arbiter.db'), '--rate-limit', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env },
  });
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`arbiter serve exited with ${code}`)));
  });
  const base = line.replace('arbiter: serving on ', '').replace(/\/$/, '');
  return { base, stop: () => child.kill('SIGTERM') };
}

export async function startBrowser() {
  // playwright-core launches Chromium on a fresh temporary profile
  // (its own --user-data-dir) every time.
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// One server and one browser for a whole test file: started before its first
// test and stopped after its last. Read them as `session.server` and
// `session.browser` from inside the tests.
export function serverAndBrowserPerFile(options) {
  const session = {};
  before(async () => {
    session.server = await startServer(options);
    session.browser = await startBrowser();
  });
  after(async () => {
    await session.browser?.close();
    session.server?.stop();
  });
  return session;
}

export async function createGame(base, body) {
  const response = await fetch(`${base}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return response.json();
}

// Clicks a square of the chessground board, whichever way it is turned.
export async function clickSquare(page, square) {
  const board = await page.locator('#board cg-board').boundingBox();
  const orientation = (await page.locator('#board .cg-wrap, #board').first().getAttribute('class')).includes('orientation-black') ? 'black' : 'white';
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = board.width / 8;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  await page.mouse.click(board.x + (col + 0.5) * size, board.y + (row + 0.5) * size);
}

// The moves shown in the page's move list.
export async function shownMoves(page) {
  return page.$$eval('[data-testid=moves] td:not(.n)', (cells) => cells.map((c) => c.textContent).filter((t) => t !== '…'));
}

export async function waitForMoves(page, n) {
  await page.waitForFunction((count) => [...document.querySelectorAll('[data-testid=moves] td:not(.n)')]
    .filter((c) => c.textContent !== '…').length >= count, n, { timeout: 10000 });
}

// Plays a UCI move by clicking its two squares on a player's page.
export async function play(page, uci) {
  // Wait until the page knows it is this player's turn.
  await page.waitForFunction(() => {
    const role = document.querySelector('[data-testid=role]').className;
    return document.body.dataset.status === 'started' && role.includes(`role-${document.body.dataset.turn}`);
  }, null, { timeout: 10000 });
  await clickSquare(page, uci.slice(0, 2));
  await clickSquare(page, uci.slice(2, 4));
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

// Starts `arbiter board-sim` on `script` (docs/eboard.md), lingering
// `lingerMs` after its last step, and adds it to `children` (stopped after
// the file's tests): its port, every line it printed after it (the
// commands the clock was given), the process, and a promise of its end.
export async function simulatedBoard(script, children, lingerMs = 4000) {
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-e2e-board-'));
  const file = path.join(dir, 'scenario.txt');
  writeFileSync(file, script);
  const child = spawn(bin, ['board-sim', '--script', file, '--linger-ms', String(lingerMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines = [];
  const rl = createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    rl.on('line', (l) => {
      const v = JSON.parse(l);
      if (v.port) resolve(v.port); else lines.push(v);
    });
    child.once('exit', (code) => reject(new Error(`arbiter board-sim exited with ${code}`)));
  });
  const ended = new Promise((resolve) => child.once('exit', resolve));
  return { port, lines, child, ended };
}
