// The arbiter's fair-play screen in the console (issue 35), against a real
// server with real Stockfish at a low node count: two rated players play a
// Ruy Lopez of 15 moves each in their browsers and White resigns; the
// arbiter screens the finished games from the console; the report comes
// into the console as a table (each player's games, moves scored, match
// rates, ACPL, z and the screen's word) and a plot of match rate against
// rating with the players marked, with what reproduces it; in English and
// Chinese, and never in the words of a verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, shot } from './server.mjs';
import { open as openIn, oneGameEvent, playedAndScreened, lendConsole } from './event.mjs';

const session = serverAndBrowserPerFile({ args: ['--fairplay-engine', 'stockfish', '--fairplay-nodes', '1000'] });
const open = (url, lang, ready) => openIn(session.browser, url, lang, ready);

// The Closed Ruy Lopez, 15 moves each.
const RUY_LOPEZ = ('e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 '
  + 'h2h3 c6a5 b3c2 c7c5 d2d4 d8c7 b1d2 c5d4 c3d4 a5c6 d2b3 a6a5 c1e3 a5a4').split(' ');

// Words a screen never says.
const VERDICTS = /cheat|guilt|innocen|fraud|作弊|有罪|无辜/i;

test('the arbiter screens the finished games from the console and reads the report as a table and a plot', { timeout: 300000 }, async () => {
  const { base } = session.server;
  const { arbiter, id, white, black } = await oneGameEvent(session.browser, base, 'Screened Open', async (page) => {
    // The server's engine is named; with no finished game, nothing to screen.
    await page.waitForSelector('[data-testid=fair-play-engine]');
    assert.equal(await page.textContent('[data-testid=fair-play-engine]'), 'Screens run with stockfish, 1000 nodes a position.');
    // What the screen will leave out and measure against, before it runs.
    const setup = await page.$$eval('[data-testid=fair-play-setup] li', (lis) => lis.map((li) => li.textContent));
    assert.match(setup[0], /^Not scored: each side's first 8 moves \(book\), positions beyond ±3\.00/);
    assert.match(setup[1], /^No baseline/);
    await page.click('[data-testid=fair-play-start]');
    await page.waitForSelector('[data-testid=fair-play-error]');
    assert.equal(await page.textContent('[data-testid=fair-play-error]'), 'the event has no finished game to screen');
  });
  // The game is played; the arbiter screens it; the report comes.
  await playedAndScreened(base, { arbiter, id, white, black }, RUY_LOPEZ);
  const rows = await arbiter.$$eval('[data-testid=fair-play-table] tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows.map((r) => [r[0], r[1], r[2]]), [['Berg, Tomas', '2100', '1'], ['Ivanova, Anna', '2200', '1']]);
  for (const r of rows) {
    // 15 moves each, 8 of them book: at most 7 scored.
    const scored = Number(r[3]);
    assert.ok(scored >= 1 && scored <= 7, `${r}`);
    assert.match(r[4], /^\d+\.\d\s%$/);
    assert.match(r[5], /^\d+\.\d\s%$/);
    // No baseline: no z-score, nobody marked.
    assert.equal(r[7], '–');
    assert.match(r[8], /^no z-score/);
  }
  // The plot marks both players, at their ratings.
  const dots = await arbiter.$$eval('[data-testid=fair-play-plot] svg g[data-player]', (gs) => gs.map((g) => g.dataset.player));
  assert.deepEqual(dots.sort(), ['Berg, Tomas', 'Ivanova, Anna']);
  const facts = await arbiter.textContent('[data-testid=fair-play-facts]');
  assert.match(facts, /Engine: Stockfish[^,]*, 1000 nodes a position, 3 lines/);
  assert.match(facts, /first 8 moves \(book\)/);
  assert.match(facts, /No baseline/);
  assert.doesNotMatch(await arbiter.textContent('[data-testid=fair-play]'), VERDICTS);
  await shot(arbiter, 'fairplay-console-en');

  // The same report in Chinese.
  const zh = await open(`${base}/tournament/${id}`, 'zh');
  await lendConsole(arbiter, { zh }, id);
  await zh.goto(`${base}/tournament/${id}/arbiter`);
  await zh.waitForSelector('[data-testid=fair-play-table] tbody tr');
  assert.equal(await zh.textContent('[data-testid=fair-play] h2'), '公平竞赛');
  assert.match(await zh.textContent('[data-testid=fair-play-facts]'), /引擎/);
  assert.doesNotMatch(await zh.textContent('[data-testid=fair-play]'), VERDICTS);
  await shot(zh, 'fairplay-console-zh');
});
