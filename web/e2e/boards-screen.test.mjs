// The operator's screen of an event's electronic boards (issue 38, point
// 4): an over-the-board event's round is played on a simulated DGT board
// (`arbiter board-sim`) read by `arbiter board` into the board's game, with
// the players' and the arbiter's own tokens. The console's boards view, in
// English and in Chinese, shows the reader connected, the board's position
// beside the game's with the differences marked, the last readings, and
// the cases: a piece knocked over while the knight was in hand (restored
// by the player) and the bishop moved after the knight was touched,
// refused by the referee under FIDE 4.3.1. When the reader stops, the
// screen says so. Screenshots go to web/e2e/screenshots/.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { serverAndBrowserPerFile, simulatedBoard, bin, shot } from './server.mjs';

const session = serverAndBrowserPerFile();
const children = [];
after(() => { for (const child of children) child.kill('SIGTERM'); });

async function post(pathname, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(session.server.base + pathname, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = await response.json();
  assert.ok(response.ok, `${pathname}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function openScreen(url, lang, token, id) {
  const context = await session.browser.newContext({ viewport: { width: 1300, height: 1100 } });
  await context.addInitScript(([l, key, t]) => {
    localStorage.setItem('arbiter.lang', l);
    localStorage.setItem(key, t);
  }, [lang, `arbiter.tournament.${id}.arbiter`, token]);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid=boards]');
  return page;
}

test('the boards screen: the reader connected, a knocked piece restored, a refused touch with its rule, the board beside the game; in both languages', async () => {
  const created = await post('/api/tournament', {
    name: 'Boards Open', place: 'Shanghai', start_date: '2026-12-05', chief_arbiter: 'Ana Arbiter',
    system: { kind: 'dutch' }, rounds: 1, time_control: '300+0', ruleset: 'fide-standard', mode: 'over_the_board',
    tiebreaks: ['PTS'],
  });
  const id = created.id;
  const director = created.token;
  const tokens = {};
  for (const [name, rating] of [['Ann Alpha', 1900], ['Bob Beta', 1800]]) {
    const joined = await post(`/api/tournament/${id}/join`, { name, rating });
    tokens[joined.player] = joined.token;
  }
  await post(`/api/tournament/${id}/pair`, null, director);
  const published = await post(`/api/tournament/${id}/publish`, null, director);
  const game = published.games[0];
  const state = await (await fetch(`${session.server.base}/api/tournament/${id}`)).json();
  const board = state.rounds[0].boards[0];

  const pages = {
    en: await openScreen(`${session.server.base}/tournament/${id}/boards`, 'en', director, id),
    zh: await openScreen(`${session.server.base}/tournament/${id}/boards`, 'zh', director, id),
  };
  // Before any reader: the board is there, nobody connected.
  for (const page of Object.values(pages)) {
    await page.waitForSelector(`[data-testid=board-desk][data-game="${game}"] [data-testid=board-link][data-connected=false]`);
  }

  // 1. e4 e5; White lifts the knight on g1 and, holding it, knocks the
  // pawn off f2 and sets it back; then puts the knight back (touched: it
  // must move, FIDE 4.3) and plays the bishop f1-c4 and presses.
  const sim = await simulatedBoard('start\nlift e2\nplace e4 P\npress\nlift e7\nplace e5 p\npress\n'
    + 'lift g1\nlift f2\nplace f2 P\nplace g1 N\nlift f1\nplace c4 B\npress\n', children, 60000);
  const reader = spawn(bin, ['board', '--port', sim.port, '--game', `${session.server.base}/game/${game}`,
    '--white', tokens[board.white], '--black', tokens[board.black], '--arbiter', director], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(reader);

  const desk = `[data-testid=board-desk][data-game="${game}"]`;
  for (const page of Object.values(pages)) {
    await page.waitForSelector(`${desk} [data-testid=board-link][data-connected=true]`, { timeout: 30000 });
    await page.waitForSelector(`${desk} [data-case=refused] [data-testid=case-rule]`, { timeout: 30000 });
  }
  const expected = {
    en: { restored: 'restored by the player', refused: 'refused by the referee', connected: 'reader connected' },
    zh: { restored: '棋手已复原', refused: '裁判程序拒绝', connected: '读盘程序已连接' },
  };
  for (const [lang, page] of Object.entries(pages)) {
    const cases = await page.$$eval(`${desk} [data-testid=board-case]`, (xs) => xs.map((x) => ({
      kind: x.dataset.case, waiting: x.dataset.waiting === 'true', rule: x.querySelector('[data-testid=case-rule]')?.textContent,
      ruling: x.querySelector('[data-testid=case-ruling]').textContent, text: x.textContent,
    })));
    // The knocked pawn: a case the player settled by restoring it.
    const knocked = cases.find((c) => c.kind === 'disturbed');
    assert.ok(knocked, `${lang}: ${JSON.stringify(cases)}`);
    assert.ok(knocked.text.includes('f2'), JSON.stringify(knocked));
    assert.ok(knocked.ruling.includes(expected[lang].restored), JSON.stringify(knocked));
    // The bishop's move after the touched knight: refused, with its rule.
    const refused = cases.find((c) => c.kind === 'refused');
    assert.equal(refused.rule, 'FIDE 4.3.1');
    assert.ok(refused.ruling.includes(expected[lang].refused), JSON.stringify(refused));
    assert.ok(!cases.some((c) => c.waiting), `${lang}: every case has its ruling: ${JSON.stringify(cases)}`);
    assert.equal(await page.textContent(`${desk} [data-testid=board-link]`), expected[lang].connected);
    // The board has the bishop on c4, the game has it on f1: both marked
    // on the board's side, and the game's position beside it.
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} [data-testid=board-seen] .differs`).length === 2, desk, { timeout: 10000 });
    const differing = await page.$$eval(`${desk} [data-testid=board-seen] .differs`, (xs) => xs.map((x) => x.dataset.square).sort());
    assert.deepEqual(differing, ['c4', 'f1']);
    const bishopHome = await page.textContent(`${desk} [data-testid=board-game] [data-square=f1]`);
    assert.equal(bishopHome, '♗');
    const readings = await page.$$eval(`${desk} [data-testid=board-readings] li`, (xs) => xs.length);
    assert.ok(readings >= 1 && readings <= 5, String(readings));
  }
  await shot(pages.en, 'boards-01-screen-en');
  await shot(pages.zh, 'boards-02-screen-zh');

  // The reader stops: the screen says the board is no longer connected.
  reader.kill('SIGTERM');
  for (const page of Object.values(pages)) {
    await page.waitForSelector(`${desk} [data-testid=board-link][data-connected=false]`, { timeout: 15000 });
  }
  sim.child.kill('SIGTERM');
});

test('the boards screen is the arbiter\'s: another account is refused', async () => {
  const created = await post('/api/tournament', {
    name: 'Closed Boards', system: { kind: 'dutch' }, rounds: 1, time_control: '300+0', ruleset: 'fide-standard', mode: 'over_the_board', tiebreaks: ['PTS'],
  });
  const other = await post('/api/tournament', {
    name: 'Another', system: { kind: 'dutch' }, rounds: 1, time_control: '300+0', ruleset: 'fide-standard', mode: 'over_the_board', tiebreaks: ['PTS'],
  });
  const refused = await fetch(`${session.server.base}/api/tournament/${created.id}/boards`, { headers: { authorization: `Bearer ${other.token}` } });
  assert.equal(refused.status, 403);
  const mine = await fetch(`${session.server.base}/api/tournament/${created.id}/boards`, { headers: { authorization: `Bearer ${created.token}` } });
  assert.deepEqual(await mine.json(), { round: null, boards: [] });
});
