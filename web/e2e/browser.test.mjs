// Real browsers against a real server: two people play in two browser
// contexts while a spectator watches; claims, flags, the arbiter's chair,
// the Chinese page, the scoresheet. Screenshots go to web/e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, createGame, play, waitForMoves, shownMoves, shot } from './server.mjs';
import { open as openPage } from './event.mjs';

const session = serverAndBrowserPerFile();

// A player's page in a fresh browser context, once the board is drawn.
const open = (url, lang = 'en', ready = '#board cg-board') => openPage(session.browser, url, lang, ready);

async function seats(links) {
  const white = await open(session.server.base + links.white);
  const black = await open(session.server.base + links.black);
  await white.waitForFunction(() => document.querySelector('[data-testid=role]').textContent.length > 0);
  return { white, black };
}

test('two players mate through the web page, a draw offer declined, a spectator sees every move', async () => {
  // The game is made with the lobby's form, as a person would.
  const lobby = await open(session.server.base + '/', 'en', 'form#create');
  await lobby.fill('input[name=white]', 'Magnus');
  await lobby.fill('input[name=black]', 'Hikaru');
  await lobby.fill('input[name=event]', 'Club night');
  await lobby.fill('input[name=site]', 'Oslo');
  await lobby.fill('input[name=round]', '1');
  await lobby.click('button[type=submit]');
  const link = async (who) => new URL(await lobby.textContent(`[data-testid=link-${who}]`));
  const links = { white: (await link('white')).pathname + (await link('white')).hash, black: (await link('black')).pathname + (await link('black')).hash };
  const spectatorUrl = (await link('spectator')).href;
  await shot(lobby, '01-lobby');

  const spectator = await open(spectatorUrl);
  const { white, black } = await seats(links);
  assert.equal(await white.textContent('[data-testid=role]'), 'You play White');
  assert.equal(await spectator.textContent('[data-testid=role]'), 'Spectator');

  const moves = [[white, 'e2e4'], [black, 'e7e5'], [white, 'f1c4'], [black, 'b8c6'], [white, 'd1h5'], [black, 'g8f6'], [white, 'h5f7']];
  for (const [i, [page, uci]] of moves.entries()) {
    await play(page, uci);
    await waitForMoves(spectator, i + 1);
    if (i === 2) {
      // White offers a draw after Bc4; Black declines it.
      await white.click('[data-testid=offer-draw]');
      await black.waitForSelector('[data-testid=offer]:not([hidden])');
      await shot(black, '02-draw-offered');
      await black.click('[data-testid=decline-draw]');
      await black.waitForSelector('[data-testid=offer]', { state: 'hidden' });
      await white.waitForFunction(() => document.querySelector('[data-testid=rulings]').textContent.includes('FIDE 9.1'));
    }
  }
  for (const page of [white, black, spectator]) {
    await page.waitForSelector('[data-testid=result]');
    assert.equal(await page.textContent('[data-testid=result]'), '1-0');
  }
  // White's offer on Black's time is noted with White's move (FIDE 9.1.2.2).
  assert.deepEqual(await shownMoves(spectator), ['e4', 'e5', 'Bc4 (=)', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']);
  assert.match(await spectator.textContent('[data-testid=status]'), /FIDE 5\.1\.1/);
  await shot(white, '03-mate-white');
  await shot(spectator, '04-mate-spectator');

  // The printable scoresheet, and the PGN.
  const id = links.white.split('/')[2].split('#')[0];
  const sheetPage = await open(`${session.server.base}/game/${id}/scoresheet`, 'en', '[data-testid=sheet-result]');
  const sheetText = await sheetPage.textContent('[data-testid=sheet]');
  for (const expected of ['Magnus', 'Hikaru', 'Oslo', 'Club night', 'Qxf7#', '1-0']) assert.ok(sheetText.includes(expected), expected);
  await shot(sheetPage, '05-scoresheet');
  const pgn = await (await fetch(`${session.server.base}/api/games/${id}/pgn`)).text();
  assert.match(pgn, /4\. Qxf7#/);
  assert.match(pgn, /\[Result "1-0"\]/);
});

test('a threefold repetition claimed with a declared move', async () => {
  const game = await createGame(session.server.base, { white: 'Ann', black: 'Bob', time_control: '600+5', ruleset: 'fide-rapid' });
  const { white, black } = await seats(game.links);
  const shuffle = [[white, 'g1f3'], [black, 'g8f6'], [white, 'f3g1'], [black, 'f6g8'], [white, 'g1f3'], [black, 'g8f6'], [white, 'f3g1']];
  for (const [i, [page, uci]] of shuffle.entries()) {
    await play(page, uci);
    await waitForMoves(white, i + 1);
  }
  // Black writes Ng8 down and claims: the position would stand a third time.
  await black.click('[data-testid=claim-draw]');
  await black.selectOption('[data-testid=claim-kind]', 'threefold');
  await black.fill('[data-testid=claim-move]', 'Ng8');
  await shot(black, '06-claim-form');
  await black.click('[data-testid=claim-submit]');
  await white.waitForSelector('[data-testid=result]');
  assert.equal(await white.textContent('[data-testid=result]'), '1/2-1/2');
  assert.match(await white.textContent('[data-testid=status]'), /FIDE 9\.2/);
  await shot(white, '07-threefold');
});

test('a flag falls with nobody moving', async () => {
  const game = await createGame(session.server.base, { white: 'Slow', black: 'Slower', time_control: '4+0', ruleset: 'fide-blitz' });
  const { white, black } = await seats(game.links);
  await play(white, 'e2e4');
  await waitForMoves(black, 1);
  // Black's four seconds run out; nobody touches anything.
  await black.waitForSelector('[data-testid=result]', { timeout: 10000 });
  assert.equal(await black.textContent('[data-testid=result]'), '1-0');
  assert.match(await black.textContent('[data-testid=status]'), /FIDE 6\.9/);
  assert.equal(await black.textContent('[data-testid=clock-bottom]'), '0.0');
  await shot(black, '08-flag');
});

test('the page in Chinese shows Chinese notation, and the arbiter declares a result', async () => {
  const game = await createGame(session.server.base, { white: '李伟', black: '王芳', time_control: '900+10', ruleset: 'classic', event: '俱乐部赛', site: '北京' });
  const white = await open(session.server.base + game.links.white, 'zh');
  const black = await open(session.server.base + game.links.black, 'en');
  const arbiter = await open(session.server.base + game.links.arbiter, 'zh');
  for (const [i, [page, uci]] of [[white, 'g1f3'], [black, 'd7d5'], [white, 'e2e4'], [black, 'd5e4']].entries()) {
    await play(page, uci);
    await waitForMoves(arbiter, i + 1);
  }
  const view = await (await fetch(`${session.server.base}/api/games/${game.id}`)).json();
  const chinese = view.moves.map((m) => m.chinese);
  assert.equal(chinese[0], '马f3');
  assert.deepEqual(await shownMoves(white), chinese);
  assert.equal(await white.textContent('[data-testid=role]'), '你执白');
  // The switch turns the other page to Chinese too.
  await black.click('[data-testid=lang]');
  assert.deepEqual(await shownMoves(black), chinese);
  await shot(white, '09-chinese');
  await arbiter.selectOption('[data-testid=declare-result]', '0-1');
  await arbiter.fill('[data-testid=declare-rule]', 'FIDE 11.3');
  await arbiter.fill('[data-testid=declare-reason]', '白方使用手机');
  await arbiter.click('[data-testid=declare-submit]');
  await white.waitForSelector('[data-testid=result]');
  assert.equal(await white.textContent('[data-testid=result]'), '0-1');
  assert.match(await white.textContent('[data-testid=status]'), /裁判员判定/);
  await shot(arbiter, '10-arbiter');
});
