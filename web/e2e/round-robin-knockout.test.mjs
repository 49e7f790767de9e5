// A round robin and a knockout in real browsers against a real server, as
// the Swiss is in tournament.test.mjs. An arbiter opens a single round
// robin of four with the console's form, the players register through the
// link, every round is paired (by the Berger tables) and published in the
// console, the games are played on the game page by the players (mates
// and a draw by agreement), the crosstable shows every result and the
// final standings page equals `arbiter standings` on the exported TRF.
// Then a knockout of four with match rules (two games, two rapid games,
// Armageddon): one semi-final is won in its main games, the other is level
// after them, level after the rapid games too, and decided by Armageddon,
// all played in the browser; the bracket shows the match scores, who went
// through and by which games, to the winner. Screenshots of every page in
// English and Chinese go to web/e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, shot } from './server.mjs';
import {
  LINES, open, eventState, register, createEvent, pairAndPublish, playRound, roundComplete,
  shots, lendConsole, cliStandings, pageStandings,
} from './event.mjs';

const session = serverAndBrowserPerFile();

// What a line ends in, as the event records it.
const RESULT = new Map([[LINES.whiteMates, 'white_wins'], [LINES.blackMates, 'black_wins'], [LINES.agreedDraw, 'draw']]);
// A result as the crosstable writes it, for White and for Black.
const CELL = { white_wins: ['1', '0'], black_wins: ['0', '1'], draw: ['½', '½'] };

// The Berger tables for four players (FIDE Handbook C.05, Annex 1), by
// start number: White, Black on each board.
const BERGER_4 = [
  [[1, 4], [2, 3]],
  [[4, 3], [1, 2]],
  [[2, 4], [3, 1]],
];

test('an arbiter runs a round robin of four in the browser: Berger pairings, a full crosstable, and standings equal to arbiter standings on its TRF', { timeout: 600000 }, async () => {
  const base = session.server.base;
  const TIEBREAKS = 'PTS, DE, WIN, SB';
  const arbiter = await open(session.browser, `${base}/tournament`, 'en', '[data-testid=create-form]');
  const id = await createEvent(arbiter, {
    name: 'Club Round Robin', place: 'Hangzhou', start_date: '2026-12-02', end_date: '2026-12-02', chief_arbiter: 'Li, Na',
    system: 'rr1', rounds: 3, time_control: '300+3', ruleset: 'fide-blitz', tiebreaks: TIEBREAKS,
  }, 'rr-create-en');
  const joinLink = await arbiter.textContent('[data-testid=console-join-link]');
  const names = ['Alekseeva, Olga', 'Brandt, Jonas', 'Cheng, Hui', 'Dias, Marta'];
  const players = await register(session.browser, joinLink, names, (i) => 2300 - i * 50);
  let st = await eventState(base, id);
  assert.equal(st.settings.system.kind, 'round_robin');
  // Start numbers by rating: the order of registration here.
  const byStart = new Map(st.players.map((p) => [p.start_no, p.id]));
  assert.deepEqual([...byStart.keys()].sort(), [1, 2, 3, 4]);

  // Each round: paired as the tables say, published, played; one draw by
  // agreement in rounds 1 and 3, mates elsewhere.
  const endings = [
    [LINES.whiteMates, LINES.agreedDraw],
    [LINES.blackMates, LINES.whiteMates],
    [LINES.agreedDraw, LINES.blackMates],
  ];
  for (const [r, table] of BERGER_4.entries()) {
    const n = r + 1;
    const round = await pairAndPublish(arbiter, base, id, n);
    assert.deepEqual(round.boards.map((b) => [b.white, b.black]), table.map(([w, b]) => [byStart.get(w), byStart.get(b)]), `round ${n}`);
    assert.equal(round.bye, null);
    if (n === 1) await shot(arbiter, 'rr-console-published-en');
    await playRound(base, id, players, { line: (b) => endings[r][b.board - 1] });
    st = await roundComplete(base, id, n);
    for (const b of st.rounds[r].boards) {
      assert.equal(b.source.kind, 'game', 'the result came from the game');
      assert.equal(b.result, RESULT.get(endings[r][b.board - 1]), `round ${n} board ${b.board}`);
    }
  }
  assert.equal(st.status, 'finished');
  assert.equal(st.next.can_pair, false, 'a round past the last is not paired');

  // The crosstable shows every result, each from both sides.
  const viewer = await open(session.browser, `${base}/tournament/${id}/crosstable`, 'en', '[data-testid=crosstable]');
  await viewer.reload();
  await viewer.waitForSelector('[data-testid=crosstable]');
  const grid = await viewer.$$eval('[data-testid=crosstable] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
  const place = new Map(st.standings.rows.map((row, i) => [row.player, i]));
  const cell = (me, opponent) => grid[place.get(me)][2 + place.get(opponent)];
  for (const round of st.rounds) {
    for (const b of round.boards) {
      assert.equal(cell(b.white, b.black), CELL[b.result][0], `round ${round.number}: White against Black`);
      assert.equal(cell(b.black, b.white), CELL[b.result][1], `round ${round.number}: Black against White`);
    }
  }
  for (const p of st.players) assert.equal(cell(p.id, p.id), '', 'no one meets himself');

  // The final standings page equals `arbiter standings` on the exported TRF.
  const cli = await cliStandings(base, id, TIEBREAKS, 'round-robin');
  assert.deepEqual(await pageStandings(viewer, base, id), cli);
  assert.equal(cli.length, 4);
  assert.match(await viewer.textContent('h2'), /after round 3/);

  // Every page, in English and Chinese.
  const viewers = { en: viewer, zh: await open(session.browser, `${base}/tournament`, 'zh') };
  await shots(base, viewers, `/tournament/${id}`, 'rr-home', '[data-testid=players]');
  for (const n of [1, 2, 3]) await shots(base, viewers, `/tournament/${id}/pairings/${n}`, `rr-pairings-${n}`, '[data-testid=pairings]');
  await shots(base, viewers, `/tournament/${id}/crosstable`, 'rr-crosstable', '[data-testid=crosstable]');
  await shots(base, viewers, `/tournament/${id}/standings`, 'rr-standings', '[data-testid=standings]');
  await lendConsole(arbiter, viewers, id);
  await shots(base, viewers, `/tournament/${id}/arbiter`, 'rr-console', '[data-testid=console-players]');
  await viewers.zh.goto(`${base}/tournament/${id}/crosstable`);
  await viewers.zh.waitForSelector('[data-testid=crosstable]');
  assert.match(await viewers.zh.textContent('h2'), /[\u4e00-\u9fff]/, 'the Chinese crosstable speaks Chinese');
});

// A match of the bracket as the API gives it: knockout round r, match m
// (from 1).
const match = (st, r, m) => st.knockout.rounds[r - 1].matches[m - 1];

test('an arbiter runs a knockout of four in the browser: a match decided in its main games, one by rapid games and Armageddon, the bracket to the winner', { timeout: 600000 }, async () => {
  const base = session.server.base;
  const arbiter = await open(session.browser, `${base}/tournament`, 'en', '[data-testid=create-form]');
  const id = await createEvent(arbiter, {
    name: 'Hall Cup', place: 'Suzhou', start_date: '2026-12-03', end_date: '2026-12-03', chief_arbiter: 'Wang, Lei',
    system: 'knockout', rounds: 2, time_control: '5400+30', ruleset: 'fide-standard', tiebreaks: 'PTS',
    match_games: 2, match_tiebreaks: 'rapid 2 900+10, armageddon 1 300/240',
  }, 'ko-create-en');
  let st = await eventState(base, id);
  assert.deepEqual(st.settings.knockout, {
    games: 2,
    tiebreaks: [
      { tempo: 'rapid', games: 2, time_control: '900+10' },
      { tempo: 'armageddon', games: 1, time_control: '300', black_time_control: '240' },
    ],
  });
  const joinLink = await arbiter.textContent('[data-testid=console-join-link]');
  // Seeds by rating: seed n registers n-th.
  const players = await register(session.browser, joinLink, ['Seed, One', 'Seed, Two', 'Seed, Three', 'Seed, Four'], (i) => 2600 - i * 100);
  st = await eventState(base, id);
  const seed = new Map(st.players.map((p) => [p.start_no, p.id]));
  const pairs = (round) => round.boards.map((b) => [b.white, b.black]);
  const seeds = (list) => list.map(([w, b]) => [seed.get(w), seed.get(b)]);

  // Plays the next game of the level matches: pairs it in the console,
  // checks its boards (by seed), plays `lines` board by board; the event.
  let n = 0;
  async function game(boards, lines) {
    n += 1;
    const round = await pairAndPublish(arbiter, base, id, n);
    assert.deepEqual(pairs(round), seeds(boards), `game round ${n}`);
    await playRound(base, id, players, { line: (b) => lines[b.board - 1] });
    return roundComplete(base, id, n);
  }

  // The semi-finals' first games: by seed in bracket order, the higher
  // seed with White, at the event's clocks. Both higher seeds win.
  st = await game([[1, 4], [2, 3]], [LINES.whiteMates, LINES.whiteMates]);
  const firstGame = await (await fetch(`${base}/api/games/${st.rounds[0].boards[0].game}`)).json();
  assert.equal(firstGame.head.time_control, '5400+30');
  // Second games, colours reversed: seed 1 wins again and is through;
  // seed 3 levels the other match.
  st = await game([[4, 1], [3, 2]], [LINES.blackMates, LINES.whiteMates]);
  assert.equal(match(st, 1, 1).winner, seed.get(1));
  assert.deepEqual(match(st, 1, 1).score, [2, 0]);
  assert.equal(match(st, 1, 1).decided_by, 'standard');
  assert.equal(match(st, 1, 2).winner, null);
  assert.deepEqual(match(st, 1, 2).score, [1, 1]);
  assert.equal(match(st, 1, 2).next_stage, 'rapid');
  await shot(arbiter, 'ko-console-level-en');

  // The rapid games, at the rapid clocks and rules: one each.
  st = await game([[2, 3]], [LINES.whiteMates]);
  const rapid = await (await fetch(`${base}/api/games/${st.rounds[2].boards[0].game}`)).json();
  assert.equal(rapid.head.time_control, '900+10');
  assert.equal(rapid.head.ruleset, 'fide-rapid');
  st = await game([[3, 2]], [LINES.whiteMates]);
  assert.deepEqual(match(st, 1, 2).score, [2, 2]);
  assert.equal(match(st, 1, 2).next_stage, 'armageddon');

  // Armageddon, White 5 minutes, Black 4: Black mates and goes through.
  st = await game([[2, 3]], [LINES.blackMates]);
  const armageddon = await (await fetch(`${base}/api/games/${st.rounds[4].boards[0].game}`)).json();
  assert.equal(armageddon.head.time_control, '300');
  assert.equal(match(st, 1, 2).winner, seed.get(3));
  assert.equal(match(st, 1, 2).decided_by, 'armageddon');
  assert.deepEqual(match(st, 1, 2).score, [2, 3]);
  // The final is known: seed 1 against seed 3.
  assert.deepEqual([match(st, 2, 1).first, match(st, 2, 1).second], [seed.get(1), seed.get(3)]);

  // The final, won by seed 1 in its two main games.
  st = await game([[1, 3]], [LINES.whiteMates]);
  st = await game([[3, 1]], [LINES.blackMates]);
  assert.equal(st.knockout.winner, seed.get(1));
  assert.deepEqual(match(st, 2, 1).score, [2, 0]);
  assert.equal(st.status, 'finished');
  assert.equal(st.rounds.length, 7, 'every game of every match is a round');

  // The bracket: each match's score, who went through and by which games,
  // and the winner.
  const viewer = await open(session.browser, `${base}/tournament/${id}/standings`, 'en', '[data-testid=bracket]');
  const name = (s) => st.players.find((p) => p.id === seed.get(s)).name;
  const bracket = await viewer.$$eval('[data-testid=bracket] [data-testid=match]', (rows) => rows.map((r) => ({
    cells: [...r.querySelectorAll('td')].map((td) => td.textContent),
    through: [...r.querySelectorAll('td.through')].map((td) => td.textContent),
  })));
  assert.deepEqual(bracket, [
    { cells: [name(1), '2–0', name(4), `through: ${name(1)} (main games)`], through: [name(1)] },
    { cells: [name(2), '2–3', name(3), `through: ${name(3)} (Armageddon)`], through: [name(3)] },
    { cells: [name(1), '2–0', name(3), `through: ${name(1)} (main games)`], through: [name(1)] },
  ]);
  assert.match(await viewer.textContent('[data-testid=bracket]'), new RegExp(`Winner: ${name(1)}`));
  // Below it, the points of every game, not "standings after round 7".
  assert.equal(await viewer.textContent('[data-testid=standings-heading]'), 'Points of every game (7 rounds of games)');

  // Every page, in English and Chinese: the bracket is on the standings.
  const viewers = { en: viewer, zh: await open(session.browser, `${base}/tournament`, 'zh') };
  await shots(base, viewers, `/tournament/${id}/standings`, 'ko-bracket', '[data-testid=bracket]');
  await shots(base, viewers, `/tournament/${id}`, 'ko-home', '[data-testid=players]');
  for (const r of [1, 2, 5, 7]) await shots(base, viewers, `/tournament/${id}/pairings/${r}`, `ko-pairings-${r}`, '[data-testid=pairings]');
  await shots(base, viewers, `/tournament/${id}/crosstable`, 'ko-crosstable', '[data-testid=crosstable]');
  await lendConsole(arbiter, viewers, id);
  await shots(base, viewers, `/tournament/${id}/arbiter`, 'ko-console', '[data-testid=console-players]');
  await viewers.zh.goto(`${base}/tournament/${id}/standings`);
  await viewers.zh.waitForSelector('[data-testid=bracket]');
  assert.match(await viewers.zh.textContent('[data-testid=bracket]'), new RegExp(`冠军：${name(1)}`));
  assert.match(await viewers.zh.textContent('[data-testid=bracket]'), new RegExp(`晋级：${name(3)}（阿马格登决胜局）`));
});
