// An electronic board end to end (issue 24): `arbiter board-sim` plays a
// scripted DGT board and clock on a pseudo-terminal, `arbiter board --port`
// reads it into a game on `arbiter serve`, and the arbiter's page, in
// English and in Chinese, shows the referee's ruling with its rule, the
// board's live position marked where it differs from the game's, and the
// clock the ruling set, and the board's battery; and a refusal (touch-move)
// reaches every page of the game, players' and spectators', in both
// languages. Screenshots go to web/e2e/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startServer, startBrowser, createGame, shot, bin, simulatedBoard as simulatedBoardOf } from './server.mjs';

let server;
let browser;
const children = [];

before(async () => {
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  for (const child of children) child.kill('SIGTERM');
  await browser?.close();
  server?.stop();
});

async function open(url, lang) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  await context.addInitScript((l) => localStorage.setItem('arbiter.lang', l), lang);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('#board cg-board');
  await page.waitForFunction(() => Boolean(document.body.dataset.plies));
  return page;
}

// The simulated board on `script`, stopped after the file's tests.
const simulatedBoard = (script) => simulatedBoardOf(script, children);

// The clock's text on the page for a colour.
const clockOf = (page, color) => page.textContent(`.player[data-color=${color}] .clock`);

test('an illegal move completed on the electronic board: the ruling with its rule, the board\'s mismatch, the clock', async () => {
  const game = await createGame(server.base, { white: 'Ann', black: 'Bob', time_control: '300+0', mode: 'over_the_board' });
  const pages = { en: await open(server.base + game.links.arbiter, 'en'), zh: await open(server.base + game.links.arbiter, 'zh') };
  // The clock starts (and with it the game); White's knight goes g1-g3,
  // which no knight can do, and White presses the clock (FIDE 7.5).
  const sim = await simulatedBoard('start\nlift g1\nplace g3 N\npress\n');
  const cli = spawn(bin, ['board', '--port', sim.port, '--game', `${server.base}/game/${game.id}`,
    '--white', game.white_token, '--black', game.black_token, '--arbiter', game.arbiter_token], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(cli);

  const ruling = '[data-testid=rulings] [data-effect=illegal_move_completed]';
  for (const page of Object.values(pages)) await page.waitForSelector(ruling, { timeout: 30000 });

  // What the referee ruled, as the server records it.
  const { rulings } = await (await fetch(`${server.base}/api/games/${game.id}/rulings`)).json();
  const said = rulings.flatMap((r) => [...(r.verdict.due || []), ...(r.verdict.consequences || [])]);
  const illegal = said.find((c) => c.effect === 'illegal_move_completed');
  const added = said.find((c) => c.effect === 'time_added');
  assert.ok(illegal && added, JSON.stringify(said));
  assert.match(illegal.ruling.rule, /^FIDE 7\.5/);
  assert.notEqual(illegal.ruling.message.en, illegal.ruling.message.zh);
  for (const [lang, page] of Object.entries(pages)) {
    const shown = await page.locator(ruling).first();
    assert.equal(await shown.locator('.rule').textContent(), illegal.ruling.rule);
    assert.ok((await shown.textContent()).includes(illegal.ruling.message[lang]), `${lang}: ${await shown.textContent()}`);
    const penalty = page.locator('[data-testid=rulings] [data-effect=time_added]').first();
    assert.equal(await penalty.locator('.rule').textContent(), added.ruling.rule);
    assert.ok((await penalty.textContent()).includes(added.ruling.message[lang]));
  }
  assert.match(illegal.ruling.message.zh, /[\u4e00-\u9fff]/);

  // The knight still stands on g3 on the board; the game has it on g1.
  for (const [lang, page] of Object.entries(pages)) {
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=eboard] .differs').length === 2, null, { timeout: 10000 });
    const differing = await page.$$eval('[data-testid=eboard] .differs', (xs) => xs.map((x) => x.dataset.square).sort());
    assert.deepEqual(differing, ['g1', 'g3']);
    assert.equal(await page.textContent('[data-testid=eboard] [data-square=g3]'), '♘');
    assert.equal(await page.textContent('[data-testid=eboard] [data-square=g1]'), '');
    const note = await page.textContent('[data-testid=eboard] .eboard-note');
    assert.match(note, lang === 'zh' ? /与对局不同.*g1 g3/ : /differs from the game on g1 g3/);
    // The simulated board is a wireless one: its battery is shown.
    const power = await page.textContent('[data-testid=eboard] .eboard-power');
    assert.equal(power, lang === 'zh' ? '棋盘电量 87 %' : 'board battery 87 %');
  }

  // FIDE 7.5.5: two minutes more for Black; White, still to move, runs.
  assert.equal(await clockOf(pages.en, 'black'), '7:00');
  const white = await clockOf(pages.en, 'white');
  assert.match(white, /^[45]:\d\d$/);
  // The DGT clock was told, and set to the referee's times.
  await sim.ended;
  const told = sim.lines.filter((l) => l.command);
  assert.ok(told.some((c) => c.command === 'clock_display' && c.text === 'ILLEGAL'), JSON.stringify(told));
  assert.ok(told.some((c) => c.command === 'clock_set_and_run' && c.right_seconds === 420 && c.run === 'left'), JSON.stringify(told));
  await shot(pages.en, 'eb-01-illegal-move-en');
  await shot(pages.zh, 'eb-02-illegal-move-zh');
});

test('touch-move on the electronic board: the knight lifted and put back, a bishop moved; the refusal on every page, the position unchanged', async () => {
  const game = await createGame(server.base, { white: 'Ann', black: 'Bob', time_control: '300+0', mode: 'over_the_board' });
  // The players' pages and two spectators', in English and in Chinese.
  const pages = {
    'white-en': await open(server.base + game.links.white, 'en'),
    'black-zh': await open(server.base + game.links.black, 'zh'),
    'spectator-en': await open(server.base + game.links.spectator, 'en'),
    'spectator-zh': await open(server.base + game.links.spectator, 'zh'),
  };
  // 1. e4 e5; White lifts the knight on g1 and puts it back (FIDE 4.3:
  // it must be moved), then plays the bishop f1-c4 and presses.
  const sim = await simulatedBoard('start\nlift e2\nplace e4 P\npress\nlift e7\nplace e5 p\npress\n'
    + 'lift g1\nplace g1 N\nlift f1\nplace c4 B\npress\n');
  const cli = spawn(bin, ['board', '--port', sim.port, '--game', `${server.base}/game/${game.id}`,
    '--white', game.white_token, '--black', game.black_token, '--arbiter', game.arbiter_token], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(cli);
  // What the server answered the board, event by event.
  const answers = [];
  createInterface({ input: cli.stdout }).on('line', (l) => answers.push(JSON.parse(l)));

  const refusal = '[data-testid=rulings] [data-testid=refusal]';
  for (const page of Object.values(pages)) {
    await page.waitForFunction((sel) => [...document.querySelectorAll(sel)]
      .some((r) => r.querySelector('.rule').textContent === 'FIDE 4.3.1'), refusal, { timeout: 30000 });
  }
  // The referee's refusal of the bishop's move, as the board heard it.
  const refused = answers.find((a) => a.event?.kind === 'release' && a.event.from === 'f1' && a.verdict?.verdict === 'rejected');
  assert.ok(refused, JSON.stringify(answers));
  const { rule, message } = refused.verdict;
  assert.equal(rule, 'FIDE 4.3.1');
  assert.match(message.zh, /[\u4e00-\u9fff]/);
  assert.notEqual(message.en, message.zh);
  for (const [name, page] of Object.entries(pages)) {
    const lang = name.endsWith('zh') ? 'zh' : 'en';
    const shown = await page.$$eval(refusal, (xs) => xs.map((x) => ({ rule: x.querySelector('.rule').textContent, text: x.textContent, who: x.querySelector('.who')?.textContent })));
    const touch = shown.find((r) => r.rule === rule);
    assert.ok(touch.text.includes(message[lang]), `${name}: ${JSON.stringify(shown)}`);
    assert.equal(touch.who, lang === 'zh' ? '白方' : 'White');
    // The position is the game's after 1. e4 e5: the bishop is home, and
    // it is still White's move.
    assert.equal(await page.evaluate(() => document.body.dataset.plies), '2');
    assert.equal(await page.evaluate(() => document.body.dataset.turn), 'white');
    assert.equal(await page.evaluate(() => window.arbiterBoard.getFen()), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR');
  }
  // The board itself still has the bishop on c4: the page marks it.
  await pages['spectator-en'].waitForFunction(() => document.querySelectorAll('[data-testid=eboard] .differs').length === 2, null, { timeout: 10000 });
  const differing = await pages['spectator-en'].$$eval('[data-testid=eboard] .differs', (xs) => xs.map((x) => x.dataset.square).sort());
  assert.deepEqual(differing, ['c4', 'f1']);
  const record = await (await fetch(`${server.base}/api/games/${game.id}`)).json();
  assert.deepEqual(JSON.stringify(record).match(/"uci":"\w+"/g), ['"uci":"e2e4"', '"uci":"e7e5"']);
  // And the clock was told.
  await sim.ended;
  assert.ok(sim.lines.some((c) => c.command === 'clock_display' && c.text === 'TOUCHED'), JSON.stringify(sim.lines));
  for (const [name, page] of Object.entries(pages)) await shot(page, `eb-03-touch-move-${name}`);
});
