// The console's fair-play card with a baseline (issue 35), against a real
// server with real Stockfish at a low node count, started with
// `--fairplay-baseline` and `--fairplay-book`: the baseline is built by
// `arbiter fairplay baseline` with the same opening book from real rated
// games (the lichess broadcast of the shared data), and the event's two
// players play the first 36 moves of one of its games, one that stays
// balanced long enough for each side to have more than the 20 moves
// scored a z-score needs. The report's table has each player's z-score,
// and its plot draws each band of the baseline at its mean with its
// spread and marks the players, where the report's figures put them on
// the plot's own axes; the facts name the baseline and the book by their
// hashes; in English and Chinese.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverAndBrowserPerFile, shot, bin, sharedData } from './server.mjs';
import { open as openIn, oneGameEvent, playedAndScreened, lendConsole } from './event.mjs';

const EVENT = sharedData('tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn');
// The event's game played (its 20th): 25 and 27 moves scored in its
// first 72 plies at 1000 nodes.
const PLAYED = 19;
const PLIES = 72;
// Games of the baseline: the first of the event's whose players are both
// rated 2000 to 2399, the two bands of the event's players (2200, 2100).
const BASELINE_GAMES = 16;

// The opening book: the played game's first 8 moves a side, as one line.
const BOOK_PLIES = 16;

const options = { args: ['--fairplay-engine', 'stockfish', '--fairplay-nodes', '1000'] };
const made = {};
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
// Before the server starts: the played game's moves, the opening book
// and the baseline built with it, which the server is given.
before(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-e2e-fairplay-'));
  const games = readFileSync(EVENT, 'utf8').trim().split(/\n\s*\n(?=\[Event )/);
  // The played game's moves, as the referee reads them: untimed (its
  // time control left out), so that each move is ruled a move made, with
  // its SAN and UCI, rather than a clock pressed.
  const game = path.join(dir, 'played.pgn');
  writeFileSync(game, `${games[PLAYED].replace(/^\[TimeControl .*\n/m, '')}\n`);
  const verdicts = execFileSync(bin, ['replay', '--from-pgn', game], { maxBuffer: 64 << 20 }).toString();
  const moves = verdicts.trim().split('\n').map((l) => JSON.parse(l))
    .flatMap((v) => (v.consequences || []).filter((c) => c.effect === 'move_made'));
  made.moves = moves.slice(0, PLIES).map((m) => m.uci);
  assert.equal(made.moves.length, PLIES);
  const line = moves.slice(0, BOOK_PLIES).map((m, i) => (i % 2 ? m.san : `${i / 2 + 1}. ${m.san}`)).join(' ');
  const book = path.join(dir, 'book.pgn');
  writeFileSync(book, `${line} *\n`);
  made.book = sha256(book);

  const elo = (g, side) => Number((g.match(new RegExp(`\\[${side}Elo "(\\d+)"\\]`)) || [])[1]);
  const inBands = (g) => ['White', 'Black'].every((side) => elo(g, side) >= 2000 && elo(g, side) < 2400);
  const chosen = games.filter((g, i) => i !== PLAYED && inBands(g)).slice(0, BASELINE_GAMES);
  assert.equal(chosen.length, BASELINE_GAMES);
  const baselineGames = path.join(dir, 'baseline-games.pgn');
  writeFileSync(baselineGames, `${chosen.join('\n\n')}\n`);
  made.baseline = path.join(dir, 'baseline.json');
  execFileSync(bin, ['fairplay', 'baseline', '--nodes', '1000', '--threads', '1', '--quiet', '--book', book, baselineGames, '-o', made.baseline]);
  made.hash = sha256(made.baseline);
  options.args.push('--fairplay-book', book, '--fairplay-baseline', made.baseline);
});
const session = serverAndBrowserPerFile(options);
const open = (url, lang, ready) => openIn(session.browser, url, lang, ready);

// The plot's scale, read from its own axes: the pixel of a rating (the
// x labels, every 200 points) and of a rate (the y labels, 0 % and 100 %).
async function axes(page) {
  const labels = await page.$$eval('[data-testid=fair-play-plot] svg > text', (ts) => ts.map((t) => ({ text: t.textContent, x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')) })));
  const ratings = labels.filter((l) => /^\d{3,4}$/.test(l.text)).map((l) => [Number(l.text), l.x]);
  const [r0, x0] = ratings[0];
  const [r1, x1] = ratings[ratings.length - 1];
  // A y label sits 4 px below its line.
  const yOf = (text) => labels.find((l) => l.text === text).y - 4;
  const [y0, y100] = [yOf('0 %'), yOf('100 %')];
  return { x: (rating) => x0 + ((rating - r0) * (x1 - x0)) / (r1 - r0), y: (rate) => y0 + rate * (y100 - y0), highest: r1 };
}

// The bands drawn: each one's rectangle and mean line.
async function drawnBands(page) {
  return page.$$eval('[data-testid=fair-play-plot] g[data-band]', (gs) => gs.map((g) => {
    const [rect, line] = [g.querySelector('rect'), g.querySelector('line')];
    const n = (el, a) => Number(el.getAttribute(a));
    return { band: g.dataset.band, left: n(rect, 'x'), right: n(rect, 'x') + n(rect, 'width'), top: n(rect, 'y'), bottom: n(rect, 'y') + n(rect, 'height'), mean: n(line, 'y1') };
  }));
}

// The players drawn: each one's dot.
async function drawnPlayers(page) {
  return page.$$eval('[data-testid=fair-play-plot] g[data-player]', (gs) => gs.map((g) => {
    const c = g.querySelector('circle');
    return { player: g.dataset.player, x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) };
  }));
}

const near = (a, b, what) => assert.ok(Math.abs(a - b) < 0.6, `${what}: ${a} drawn, ${b} expected`);

// The plot against the report: every band at its mean and spread, every
// rated player at his rating and top-1 rate.
async function assertPlot(page, report) {
  const { x, y, highest } = await axes(page);
  const bands = await drawnBands(page);
  assert.ok(report.bands.length >= 2, JSON.stringify(report.bands));
  assert.deepEqual(bands.map((b) => b.band), report.bands.map((b) => `${b.from}-${b.to}`));
  for (const [drawn, b] of bands.map((d, i) => [d, report.bands[i]])) {
    near(drawn.mean, y(b.top1_permille / 1000), `${drawn.band} mean`);
    near(drawn.top, y(b.spread_permille[1] / 1000), `${drawn.band} spread's top`);
    near(drawn.bottom, y(b.spread_permille[0] / 1000), `${drawn.band} spread's bottom`);
    assert.ok(drawn.top < drawn.mean && drawn.mean < drawn.bottom, JSON.stringify(drawn));
    if (b.to <= highest) near(drawn.right - drawn.left, x(b.to) - x(b.from), `${drawn.band} width`);
  }
  const players = await drawnPlayers(page);
  assert.deepEqual(players.map((p) => p.player).sort(), report.players.map((p) => p.player).sort());
  for (const p of report.players) {
    const dot = players.find((d) => d.player === p.player);
    near(dot.x, x(p.rating), `${p.player}'s rating`);
    near(dot.y, y(p.top1_moves / p.moves), `${p.player}'s top-1 rate`);
  }
}

// The table: each player with his z-score, and the screen's word.
async function tableRows(page) {
  return page.$$eval('[data-testid=fair-play-table] tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
}

test('with a baseline, the plot draws its bands and the players against them, and the table has each z-score', { timeout: 300000 }, async () => {
  const { base } = session.server;
  const event = await oneGameEvent(session.browser, base, 'Baseline Open');
  const { arbiter, id } = event;
  await playedAndScreened(base, event, made.moves);
  const token = await arbiter.evaluate((tid) => localStorage.getItem(`arbiter.tournament.${tid}.arbiter`), id);
  const screens = await (await fetch(`${base}/api/tournament/${id}/fairplay`, { headers: { authorization: `Bearer ${token}` } })).json();
  const report = screens.reports[screens.reports.length - 1];
  assert.equal(report.baseline, made.hash);
  assert.equal(report.book, made.book);

  // The table: each player's z-score, as the report has it.
  const rows = await tableRows(arbiter);
  assert.deepEqual(rows.map((r) => r[0]), ['Berg, Tomas', 'Ivanova, Anna']);
  for (const r of rows) {
    const p = report.players.find((q) => q.player === r[0]);
    assert.ok(p.moves >= 20 && p.z_hundredths != null, JSON.stringify(p));
    assert.equal(r[7], (p.z_hundredths / 100).toFixed(2));
    assert.match(r[8], /^(no signal|review)$/);
  }
  await assertPlot(arbiter, report);
  assert.equal(await arbiter.textContent('[data-testid=fair-play-plot] figcaption'),
    `Lines: each rating band's top-1 rate in the baseline; shaded: where 95 honest players in 100 of the band fall over ${report.bands[0].spread_moves} moves scored; dots: the event's players, red when marked for review.`);
  const setup = await arbiter.textContent('[data-testid=fair-play-setup]');
  assert.ok(setup.includes(`Baseline: SHA-256 ${made.hash}`) && setup.includes(`Not scored: the moves of the opening book (SHA-256 ${made.book})`), setup);
  const facts = await arbiter.textContent('[data-testid=fair-play-facts]');
  assert.ok(facts.includes(`Baseline: SHA-256 ${made.hash}`), facts);
  assert.ok(facts.includes(`Not scored: the moves of the opening book (SHA-256 ${made.book})`), facts);
  assert.ok(facts.includes(`reaches ${(report.threshold_z_hundredths / 100).toFixed(2)}: over the 2 players with a z-score`), facts);
  await shot(arbiter, 'fairplay-baseline-en');

  // In Chinese: the same z-scores, bands and dots.
  const zh = await open(`${base}/tournament/${id}`, 'zh');
  await lendConsole(arbiter, { zh }, id);
  await zh.goto(`${base}/tournament/${id}/arbiter`);
  await zh.waitForSelector('[data-testid=fair-play-table] tbody tr');
  assert.deepEqual((await tableRows(zh)).map((r) => r[7]), rows.map((r) => r[7]));
  await assertPlot(zh, report);
  assert.match(await zh.textContent('[data-testid=fair-play-plot] figcaption'), /^线：基线中各等级分段的首选吻合率/);
  const zhFacts = await zh.textContent('[data-testid=fair-play-facts]');
  assert.ok(zhFacts.includes(`基线：SHA-256 ${made.hash}`) && zhFacts.includes(`开局库（SHA-256 ${made.book}）`), zhFacts);
  // Before any screen too, the card names the book and the baseline the
  // next one rests on.
  assert.equal(await zh.textContent('[data-testid=fair-play-engine]'), '筛查使用 stockfish，每个局面 1000 个节点。');
  const zhSetup = await zh.textContent('[data-testid=fair-play-setup]');
  assert.ok(zhSetup.includes(`基线：SHA-256 ${made.hash}`) && zhSetup.includes(`开局库（SHA-256 ${made.book}）`), zhSetup);
  await shot(zh, 'fairplay-baseline-zh');
});
