// A whole Swiss in real browsers against a real server: an arbiter opens a
// 7-player Swiss of 3 rounds with the console's form, the players register
// through the event's link, each round is paired and published by the
// arbiter, the games are played on the game page by the players (one has
// the bye each round), results enter the standings, round 2 carries a
// pairing changed by hand (FIDE mode refuses it, naming its rule, until
// the arbiter leaves the mode with his reason) that the pairings page
// shows as such, a player
// who does not come loses by default (FIDE 6.7.1, ruled by the referee),
// and the final standings page equals `arbiter standings` on the exported
// TRF; the console's rating report is the TRF FIDE's rating officers
// take. Screenshots of every page in English and Chinese go to
// web/e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, shot } from './server.mjs';
import {
  open as openIn, eventState, until, register, createEvent, playRound as playIn, shots as shotsIn,
  lendConsole, cliStandings, pageStandings, pairAndPublish, roundComplete,
} from './event.mjs';

// The default time (FIDE 6.7.1) of the event: short, so that the no-show
// is ruled within the test, long enough for a browser to make a first move.
const DEFAULT_TIME_S = 30;
const TIEBREAKS = 'PTS, BH/C1, BH, SB';

const session = serverAndBrowserPerFile();

const open = (url, lang, ready) => openIn(session.browser, url, lang, ready);
const state = (id) => eventState(session.server.base, id);
const playRound = (id, players, absent) => playIn(session.server.base, id, players, { absent });
const shots = (viewers, pathname, name, ready) => shotsIn(session.server.base, viewers, pathname, `tn-${name}`, ready);

test('an arbiter runs a 7-player Swiss of 3 rounds in the browser, and its standings equal arbiter standings on its TRF', { timeout: 600000 }, async () => {
  // The arbiter opens the event with the form.
  const arbiter = await open(`${session.server.base}/tournament`, 'en', '[data-testid=create-form]');
  const id = await createEvent(arbiter, {
    name: 'Hall Swiss', place: 'Suzhou', start_date: '2026-12-02', end_date: '2026-12-02', chief_arbiter: 'Wang, Lei', federation: 'CHN',
    system: 'dutch', rounds: 3, time_control: '300+3', ruleset: 'fide-blitz', tiebreaks: TIEBREAKS, default_time: DEFAULT_TIME_S,
  }, 'tn-create-en');
  const joinLink = await arbiter.textContent('[data-testid=console-join-link]');
  assert.equal(joinLink, `${session.server.base}/tournament/${id}/join`);
  let st = await state(id);
  assert.equal(st.settings.default_time_ms, DEFAULT_TIME_S * 1000);
  assert.deepEqual(st.settings.tiebreaks, ['PTS', 'BH/C1', 'BH', 'SB']);

  // Seven players register through the link, each in his own browser.
  const names = ['Ivanova, Anna', 'Berg, Tomas', 'Chen, Yu', 'Duarte, Rui', 'Ekman, Sara', 'Fischer, Lena', 'Gao, Ming'];
  const players = await register(session.browser, joinLink, names, (i) => 2400 - i * 100, async (page, i) => {
    if (i === 0) await shot(page, 'tn-join-en');
    if (i === 1) await shot(page, 'tn-join-zh');
  });
  for (const p of players) assert.match(await p.page.textContent('[data-testid=my-link]'), new RegExp(`/tournament/${id}#\\w+`));
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
  const viewer = await open(`${session.server.base}/tournament/${id}/standings`, 'en', '[data-testid=standings]');
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
  // FIDE mode, every new event's, refuses it with the rule's warning.
  await arbiter.waitForSelector('#error:not([hidden])');
  assert.match(await arbiter.textContent('#error'), /C\.04\.2 1\.5, VCL\.07/);
  assert.equal((await state(id)).rounds[1].changes.length, 0);
  // The arbiter leaves FIDE mode with his reason; the console says so.
  assert.equal(st.fide_mode.on, true);
  await arbiter.fill('[data-testid=fide-mode-reason]', 'colours by the tournament regulations');
  await arbiter.click('[data-testid=leave-fide-mode]');
  await arbiter.waitForSelector('[data-testid=fide-mode-state]:has-text("FIDE mode left after round 2")');
  await shot(arbiter, 'tn-console-fide-mode-left-en');
  st = await state(id);
  assert.deepEqual([st.fide_mode.on, st.fide_mode.left.after_round], [false, 2]);
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
  await viewer.goto(`${session.server.base}/tournament/${id}/pairings/2`);
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
  await viewer.goto(`${session.server.base}/tournament/${id}/pairings/2`);
  await viewer.waitForSelector('[data-testid=pairings]');
  assert.equal(await viewer.textContent('[data-testid=pairings] tr[data-board="3"] [data-testid=result]'), '− – +');

  // Round 3, played to its end.
  await pairAndPublish(arbiter, session.server.base, id, 3);
  await playRound(id, players);
  st = await roundComplete(session.server.base, id, 3);
  assert.equal(st.status, 'finished');

  // The final standings page equals `arbiter standings` on the exported TRF.
  const cli = await cliStandings(session.server.base, id, TIEBREAKS, 'swiss');
  const page = await pageStandings(viewer, session.server.base, id);
  assert.equal(page.length, 7);
  assert.deepEqual(page, cli);
  assert.match(await viewer.textContent('h2'), /after round 3/);
  // The TRF records that FIDE mode was left; the console's rating report
  // has every record a rating officer requires, the rounds dated.
  const trf = await (await fetch(`${session.server.base}/api/tournament/${id}/trf`)).text();
  assert.match(trf, /^NFM not in FIDE mode: left after round 2 by /m);
  await arbiter.reload();
  const reportLink = await arbiter.getAttribute('[data-testid=rating-report]', 'href');
  const report = await (await fetch(session.server.base + reportLink)).text();
  for (const code of ['012', '022', '032', '042', '052', '062', '072', '102', '132', '162']) {
    assert.match(report, new RegExp(`^${code} `, 'm'), `record ${code} in the rating report`);
  }
  assert.match(report, /^032 CHN$/m);

  // Every page, in English and Chinese.
  const viewers = { en: viewer, zh: await open(`${session.server.base}/tournament`, 'zh') };
  const someone = st.standings.rows[0].player;
  await shots(viewers, '/tournament', 'list', '[data-testid=create-form]');
  await shots(viewers, `/tournament/${id}`, 'home', '[data-testid=players]');
  for (const n of [1, 2, 3]) await shots(viewers, `/tournament/${id}/pairings/${n}`, `pairings-${n}`, '[data-testid=pairings]');
  await shots(viewers, `/tournament/${id}/standings`, 'standings', '[data-testid=standings]');
  await shots(viewers, `/tournament/${id}/crosstable`, 'crosstable', '[data-testid=crosstable]');
  await shots(viewers, `/tournament/${id}/player/${someone}`, 'player', '[data-testid=player-games]');
  // Finished, the event takes no more entries: its join page says so.
  await shots(viewers, `/tournament/${id}/join`, 'join-closed', '[data-testid=join-closed]');
  assert.equal(await viewers.zh.textContent('[data-testid=join-closed]'), '比赛已结束：各轮均已赛完，成绩均已录入');
  // The console, with the arbiter's token kept in each language's browser.
  await lendConsole(arbiter, viewers, id);
  await shots(viewers, `/tournament/${id}/arbiter`, 'console', '[data-testid=console-players]');
  // Finished, the event takes no more entries: the console offers none.
  assert.equal(await viewer.locator('[data-testid=add-player]').count(), 0);
  assert.equal(await viewer.locator('[data-testid=console-join-link]').count(), 0);
  // The Chinese pages speak Chinese.
  await viewers.zh.goto(`${session.server.base}/tournament/${id}/standings`);
  await viewers.zh.waitForSelector('[data-testid=standings]');
  assert.match(await viewers.zh.textContent('h2'), /第 3 轮后排名/);
  // The printed wall sheet: the standings without the page's chrome.
  await viewer.emulateMedia({ media: 'print' });
  await viewer.goto(`${session.server.base}/tournament/${id}/standings`);
  await viewer.waitForSelector('[data-testid=standings]');
  assert.equal(await viewer.isVisible('header.top'), false);
  assert.equal(await viewer.isVisible('[data-testid=standings]'), true);
  await shot(viewer, 'tn-standings-print');
  // A player's home shows his own game link once he has one.
  const livePlayer = players[0].page;
  await livePlayer.goto(`${session.server.base}/tournament/${id}`);
  await livePlayer.waitForSelector('[data-testid=my-game]');
});
