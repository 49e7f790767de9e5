// A whole Swiss in real browsers against a real server: an arbiter opens a
// 7-player Swiss of 3 rounds with the console's form, the players register
// through the event's link, each round is paired and published by the
// arbiter, the games are played on the game page by the players (one has
// the bye each round), results enter the standings, round 2 carries a
// pairing changed by hand that the pairings page shows as such, a player
// who does not come loses by default (FIDE 6.7.1, ruled by the referee),
// and the final standings page equals `arbiter standings` on the exported
// TRF. Screenshots of every page in English and Chinese go to
// web/e2e/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, startBrowser, play, shot, root } from './server.mjs';

// The default time (FIDE 6.7.1) of the event: short, so that the no-show
// is ruled within the test, long enough for a browser to make a first move.
const DEFAULT_TIME_S = 30;
const TIEBREAKS = 'PTS, BH/C1, BH, SB';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

async function open(url, lang = 'en', ready = 'body') {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('arbiter.lang', l), lang);
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  await page.waitForSelector(ready);
  return page;
}

const state = async (id) => (await fetch(`${server.base}/api/tournament/${id}`)).json();

async function until(what, check, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Short games with known ends: the fool's mate (0-1), the scholar's mate
// (1-0).
const GAMES = [
  ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
  ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'],
];

// Plays a published round in the players' browsers: each player's home
// page shows his game, he opens it and plays; the absent never open theirs.
async function playRound(id, players, absent = new Set()) {
  const st = await state(id);
  const round = st.rounds[st.rounds.length - 1];
  const pageOf = new Map(players.map((p) => [p.number, p.page]));
  const boards = round.boards.filter((b) => !absent.has(b.white) && !absent.has(b.black));
  // Everyone present opens his game from his home page, all at once: the
  // clocks run from the publication.
  const present = round.boards.flatMap((b) => [b.white, b.black]).filter((n) => !absent.has(n));
  await Promise.all(present.map(async (n) => {
    const page = pageOf.get(n);
    await page.goto(`${server.base}/tournament/${id}`);
    await page.waitForSelector('[data-testid=play]');
    await page.click('[data-testid=play]');
    await page.waitForSelector('#board cg-board');
  }));
  // The first moves on every board first, then the rest: nobody waits past
  // the default time.
  const line = (b) => GAMES[(b.board - 1) % GAMES.length];
  const longest = Math.max(...boards.map((b) => line(b).length));
  for (let ply = 0; ply < longest; ply++) {
    for (const b of boards) {
      const moves = line(b);
      if (ply >= moves.length) continue;
      await play(pageOf.get(ply % 2 === 0 ? b.white : b.black), moves[ply]);
      // The mover's page shows the move before the next is made.
      await pageOf.get(ply % 2 === 0 ? b.black : b.white).waitForFunction((n) =>
        [...document.querySelectorAll('[data-testid=moves] td:not(.n)')].filter((c) => c.textContent !== '…').length >= n, ply + 1);
    }
  }
  return round;
}

// Screenshots of one page in both languages.
async function shots(viewers, pathname, name, ready) {
  for (const [lang, page] of Object.entries(viewers)) {
    await page.goto(server.base + pathname);
    await page.waitForSelector(ready);
    await shot(page, `tn-${name}-${lang}`);
  }
}

test('an arbiter runs a 7-player Swiss of 3 rounds in the browser, and its standings equal arbiter standings on its TRF', { timeout: 600000 }, async () => {
  // The arbiter opens the event with the form.
  const arbiter = await open(`${server.base}/tournament`, 'en', '[data-testid=create-form]');
  await arbiter.fill('input[name=name]', 'Hall Swiss');
  await arbiter.fill('input[name=place]', 'Suzhou');
  await arbiter.fill('input[name=start_date]', '2026-12-02');
  await arbiter.fill('input[name=end_date]', '2026-12-02');
  await arbiter.fill('input[name=chief_arbiter]', 'Wang, Lei');
  await arbiter.selectOption('select[name=system]', 'dutch');
  await arbiter.fill('input[name=rounds]', '3');
  await arbiter.fill('input[name=time_control]', '300+3');
  await arbiter.selectOption('select[name=ruleset]', 'fide-blitz');
  await arbiter.fill('input[name=tiebreaks]', TIEBREAKS);
  await arbiter.fill('input[name=default_time]', String(DEFAULT_TIME_S));
  await shot(arbiter, 'tn-create-en');
  await arbiter.click('[data-testid=create]');
  await arbiter.waitForURL(/\/tournament\/\w+\/arbiter$/);
  const id = new URL(arbiter.url()).pathname.split('/')[2];
  await arbiter.waitForSelector('[data-testid=console-join-link]');
  const joinLink = await arbiter.textContent('[data-testid=console-join-link]');
  assert.equal(joinLink, `${server.base}/tournament/${id}/join`);
  let st = await state(id);
  assert.equal(st.settings.default_time_ms, DEFAULT_TIME_S * 1000);
  assert.deepEqual(st.settings.tiebreaks, ['PTS', 'BH/C1', 'BH', 'SB']);

  // Seven players register through the link, each in his own browser.
  const names = ['Ivanova, Anna', 'Berg, Tomas', 'Chen, Yu', 'Duarte, Rui', 'Ekman, Sara', 'Fischer, Lena', 'Gao, Ming'];
  const players = [];
  for (const [i, name] of names.entries()) {
    const page = await open(joinLink, i % 2 ? 'zh' : 'en', '[data-testid=join-form]');
    await page.fill('[data-testid=reg-name]', name);
    await page.fill('[data-testid=reg-rating]', String(2400 - i * 100));
    if (i === 0) await shot(page, 'tn-join-en');
    if (i === 1) await shot(page, 'tn-join-zh');
    await page.click('[data-testid=join]');
    await page.waitForSelector('[data-testid=joined]:not([hidden])');
    assert.match(await page.textContent('[data-testid=my-link]'), new RegExp(`/tournament/${id}#\\w+`));
    players.push({ name, number: i + 1, page });
  }
  st = await state(id);
  assert.deepEqual(st.players.map((p) => p.name), names);
  assert.ok(st.players.every((p) => p.account), 'each registered player has an account');

  // Round 1: paired and published from the console.
  await arbiter.reload();
  await arbiter.click('[data-testid=pair]');
  await arbiter.waitForSelector('[data-testid=publish]');
  st = await state(id);
  assert.equal(st.rounds[0].boards.length, 3);
  const bye1 = st.rounds[0].bye;
  assert.ok(bye1, 'seven players: one has the pairing-allocated bye');
  await shot(arbiter, 'tn-console-paired-en');
  await arbiter.click('[data-testid=publish]');
  await until('round 1 published', async () => (await state(id)).rounds[0].published);
  const round1 = await playRound(id, players);
  st = await until('round 1 complete', async () => { const s = await state(id); return s.rounds[0].complete && s; });
  // The results came from the games, as the referee ended them.
  for (const b of st.rounds[0].boards) {
    assert.equal(b.source.kind, 'game');
    assert.equal(b.result, (b.board - 1) % 2 === 0 ? 'black_wins' : 'white_wins');
  }
  assert.equal(round1.bye, bye1);
  // They flow into the standings page.
  const viewer = await open(`${server.base}/tournament/${id}/standings`, 'en', '[data-testid=standings]');
  const byePoints = await viewer.textContent(`[data-testid=standings] tr[data-player="${bye1}"] td:nth-child(7)`);
  assert.equal(byePoints, '1', 'the pairing-allocated bye scores a win');
  const winners = st.rounds[0].boards.map((b) => (b.result === 'white_wins' ? b.white : b.black));
  for (const w of winners) {
    assert.equal(await viewer.textContent(`[data-testid=standings] tr[data-player="${w}"] td:nth-child(7)`), '1');
  }

  // Round 2: paired, then board 1's colours changed by hand, with the reason.
  await arbiter.reload();
  await arbiter.waitForSelector('[data-testid=pair]:not([disabled])');
  await arbiter.click('[data-testid=pair]');
  await arbiter.waitForSelector('[data-testid=change-pairing]');
  st = await state(id);
  const engine = st.rounds[1].boards[0];
  await arbiter.selectOption('select[name=w1]', String(engine.black));
  await arbiter.selectOption('select[name=b1]', String(engine.white));
  await arbiter.fill('[data-testid=change-reason]', 'colours by the tournament regulations');
  await arbiter.click('[data-testid=save-change]');
  st = await until('the change', async () => { const s = await state(id); return s.rounds[1].changes.length && s; });
  assert.equal(st.rounds[1].boards[0].white, engine.black);
  assert.equal(st.rounds[1].changes[0].by, st.arbiter);
  await arbiter.click('[data-testid=publish]');
  await until('round 2 published', async () => (await state(id)).rounds[1].published);
  // The pairings page shows the change as a change by hand.
  await viewer.goto(`${server.base}/tournament/${id}/pairings/2`);
  await viewer.waitForSelector('[data-testid=manual-change]');
  assert.match(await viewer.textContent('[data-testid=manual-change]'), /colours by the tournament regulations/);
  assert.equal(await viewer.textContent('[data-testid=pairings] tr[data-board="1"] [data-testid=manual-board]'), 'changed by hand');
  // Board 3's White does not come: the referee rules the default.
  const noShow = st.rounds[1].boards[2].white;
  await playRound(id, players, new Set([noShow]));
  st = await until('round 2 complete', async () => { const s = await state(id); return s.rounds[1].complete && s; }, (DEFAULT_TIME_S + 30) * 1000);
  const defaulted = st.rounds[1].boards[2];
  assert.equal(defaulted.result, 'black_wins_by_forfeit');
  assert.equal(defaulted.source.kind, 'game', 'the referee, not the arbiter, ruled the default');
  await viewer.goto(`${server.base}/tournament/${id}/pairings/2`);
  await viewer.waitForSelector('[data-testid=pairings]');
  assert.equal(await viewer.textContent('[data-testid=pairings] tr[data-board="3"] [data-testid=result]'), '− – +');

  // Round 3, played to its end.
  await arbiter.reload();
  await arbiter.waitForSelector('[data-testid=pair]:not([disabled])');
  await arbiter.click('[data-testid=pair]');
  await arbiter.waitForSelector('[data-testid=publish]');
  await arbiter.click('[data-testid=publish]');
  await until('round 3 published', async () => (await state(id)).rounds[2].published);
  await playRound(id, players);
  st = await until('round 3 complete', async () => { const s = await state(id); return s.rounds[2].complete && s; });
  assert.equal(st.status, 'finished');

  // The final standings page equals `arbiter standings` on the exported TRF.
  const trf = await (await fetch(`${server.base}/api/tournament/${id}/trf`)).text();
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-tn-'));
  const file = path.join(dir, 'event.trf');
  writeFileSync(file, trf);
  const bin = process.env.ARBITER_BIN || path.join(root, 'target', 'debug', 'arbiter');
  const cli = execFileSync(bin, ['standings', file, '--tiebreaks', 'PTS,BH/C1,BH,SB', '--format', 'swiss'], { encoding: 'utf8' })
    .trim().split('\n').slice(1).map((l) => l.split('\t'));
  await viewer.goto(`${server.base}/tournament/${id}/standings`);
  await viewer.waitForSelector('[data-testid=standings]');
  const page = await viewer.$$eval('[data-testid=standings] tbody tr', (rows) => rows.map((r) => {
    const c = [...r.querySelectorAll('td')].map((td) => td.textContent);
    return [c[0], c[1], ...c.slice(6)];
  }));
  assert.equal(page.length, 7);
  assert.deepEqual(page, cli);
  assert.match(await viewer.textContent('h2'), /after round 3/);

  // Every page, in English and Chinese.
  const viewers = { en: viewer, zh: await open(`${server.base}/tournament`, 'zh') };
  const someone = st.standings.rows[0].player;
  await shots(viewers, '/tournament', 'list', '[data-testid=create-form]');
  await shots(viewers, `/tournament/${id}`, 'home', '[data-testid=players]');
  for (const n of [1, 2, 3]) await shots(viewers, `/tournament/${id}/pairings/${n}`, `pairings-${n}`, '[data-testid=pairings]');
  await shots(viewers, `/tournament/${id}/standings`, 'standings', '[data-testid=standings]');
  await shots(viewers, `/tournament/${id}/crosstable`, 'crosstable', '[data-testid=crosstable]');
  await shots(viewers, `/tournament/${id}/player/${someone}`, 'player', '[data-testid=player-games]');
  await shots(viewers, `/tournament/${id}/join`, 'join-form', '[data-testid=join-form]');
  // The console, with the arbiter's token kept in each language's browser.
  const token = await arbiter.evaluate((tid) => localStorage.getItem(`arbiter.tournament.${tid}.arbiter`), id);
  for (const page of Object.values(viewers)) await page.evaluate(([tid, tok]) => localStorage.setItem(`arbiter.tournament.${tid}.arbiter`, tok), [id, token]);
  await shots(viewers, `/tournament/${id}/arbiter`, 'console', '[data-testid=console-join-link]');
  // The Chinese pages speak Chinese.
  await viewers.zh.goto(`${server.base}/tournament/${id}/standings`);
  await viewers.zh.waitForSelector('[data-testid=standings]');
  assert.match(await viewers.zh.textContent('h2'), /第 3 轮后排名/);
  // The printed wall sheet: the standings without the page's chrome.
  await viewer.emulateMedia({ media: 'print' });
  await viewer.goto(`${server.base}/tournament/${id}/standings`);
  await viewer.waitForSelector('[data-testid=standings]');
  assert.equal(await viewer.isVisible('header.top'), false);
  assert.equal(await viewer.isVisible('[data-testid=standings]'), true);
  await shot(viewer, 'tn-standings-print');
  // A player's home shows his own game link once he has one.
  const livePlayer = players[0].page;
  await livePlayer.goto(`${server.base}/tournament/${id}`);
  await livePlayer.waitForSelector('[data-testid=my-game]');
});
