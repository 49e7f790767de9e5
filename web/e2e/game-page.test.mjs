// The game page as players, spectators and arbiters expect it (issue 25):
// a missing game, rulings from the record, draw offers on the record, the
// arbiter's tools after the end, reloads, the lobby, phones, sounds, the
// board's tools, rematches, premoves, custom time controls. Screenshots of
// each go to web/e2e/screenshots/ (git-ignored).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, createGame, play, clickSquare, waitForMoves, shownMoves, shot } from './server.mjs';

const session = serverAndBrowserPerFile();

const DESKTOP = { width: 1200, height: 860 };
const PHONE = { width: 390, height: 844 };

async function open(url, { lang = 'en', ready = '#board cg-board', viewport = DESKTOP, muted = false, clipboard = false } = {}) {
  const context = await session.browser.newContext({ viewport, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.base });
  await context.addInitScript(([l, m]) => {
    if (!sessionStorage.getItem('arbiter.test.init')) {
      sessionStorage.setItem('arbiter.test.init', '1');
      localStorage.setItem('arbiter.lang', l);
      localStorage.setItem('arbiter.muted', m ? '1' : '0');
    }
  }, [lang, muted]);
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  await page.waitForSelector(ready);
  return page;
}

// Both players at the board, the game started.
async function seated(links, options = {}) {
  const white = await open(session.server.base + links.white, options);
  const black = await open(session.server.base + links.black, options);
  for (const page of [white, black]) {
    await page.waitForFunction(() => document.querySelector('[data-testid=role]').className.includes('role-'));
  }
  return { white, black };
}

async function playAll(pages, moves, watcher) {
  for (const [i, uci] of moves.entries()) {
    const page = i % 2 === 0 ? pages.white : pages.black;
    const before = Number(await watcher.evaluate(() => document.body.dataset.plies || 0));
    await play(page, uci);
    await waitForMoves(watcher, before + 1);
  }
}

const bodyData = (page, key) => page.evaluate((k) => document.body.dataset[k], key);
const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('an unknown game says "no such game" and stops, not a board reconnecting', async () => {
  const page = await open(`${session.server.base}/game/NoSuchGame1`, { ready: '[data-testid=missing]:not([hidden])' });
  assert.equal((await page.textContent('[data-testid=missing] h1')).trim(), 'No such game.');
  await page.waitForTimeout(2500);
  assert.equal(await page.isVisible('#banner'), false, 'no "Reconnecting…" banner');
  assert.equal(await page.isVisible('#board'), false);
  for (const gone of ['#sheet-link', '#pgn-link', '[data-testid=role]']) assert.equal(await page.isVisible(gone), false, gone);
  assert.equal(await bodyData(page, 'status'), 'missing');
  await shot(page, 'gp-01-missing-desktop');
  const zh = await open(`${session.server.base}/game/NoSuchGame2`, { lang: 'zh', ready: '[data-testid=missing]:not([hidden])', viewport: PHONE });
  assert.equal((await zh.textContent('[data-testid=missing] h1')).trim(), '没有这局棋。');
  assert.ok(await fits(zh));
  await shot(zh, 'gp-01-missing-phone-zh');
});

test('rulings come from the record: a late spectator and a reload see them all, routine folded, decisions standing out', async () => {
  const game = await createGame(session.server.base, { white: 'Ann', black: 'Bob', time_control: '600+5', ruleset: 'fide-rapid' });
  const pages = await seated(game.links);
  await playAll(pages, ['e2e4', 'e7e5'], pages.white);
  // White offers in White's own turn; Black declines.
  await pages.white.click('[data-testid=offer-draw]');
  await pages.black.waitForSelector('[data-testid=offer]:not([hidden])');
  await pages.black.click('[data-testid=decline-draw]');
  await pages.black.waitForSelector('[data-testid=offer]', { state: 'hidden' });
  await playAll(pages, ['g1f3', 'b8c6'], pages.white);

  // A spectator who comes now sees the offer and its refusal.
  const late = await open(`${session.server.base}/game/${game.id}`);
  await late.waitForSelector('[data-testid=rulings] [data-effect=draw_offered]');
  const offered = await late.textContent('[data-testid=rulings] [data-effect=draw_offered]');
  assert.match(offered, /FIDE 9\.1\.2\.1/);
  assert.match(await late.textContent('[data-testid=rulings] [data-effect=offer_ended]'), /declined/);
  // The four moves' clock presses are folded into one line each side of the offer.
  const folds = await late.$$eval('[data-testid=rulings] details.routine', (ds) => ds.map((d) => ({ open: d.open, text: d.querySelector('summary').textContent })));
  assert.ok(folds.length >= 2, JSON.stringify(folds));
  assert.ok(folds.every((f) => !f.open));
  assert.ok(folds.some((f) => /2 moves played/.test(f.text)), JSON.stringify(folds));
  // No clock press stands among the decisions.
  assert.equal(await late.$$eval('[data-testid=rulings] > .ruling', (rs) => rs.filter((r) => /clock pressed/.test(r.textContent)).length), 0);

  // Black reloads: the rulings are still there.
  await pages.black.reload();
  await pages.black.waitForSelector('[data-testid=rulings] [data-effect=draw_offered]');
  assert.equal(await pages.black.textContent('[data-testid=rulings] [data-effect=draw_offered]'), offered);
  assert.equal(await pages.black.textContent('[data-testid=rulings] [data-effect=offer_ended]'),
    await late.textContent('[data-testid=rulings] [data-effect=offer_ended]'));
  // What the API gives the page is the referee's verdict on every stored event.
  const { rulings } = await (await fetch(`${session.server.base}/api/games/${game.id}/rulings`)).json();
  // Black's reload may be on the record as leaving and coming back
  // (FIDE 11.2.3: the referee notes a player's absence), always as a pair.
  const presence = new Set(['player_left', 'player_returned']);
  const kinds = rulings.map((r) => r.kind);
  assert.deepEqual(kinds.filter((k) => !presence.has(k)), ['start', 'move', 'move', 'offer_draw', 'decline_draw', 'move', 'move']);
  const away = kinds.filter((k) => presence.has(k));
  assert.ok(away.every((k, i) => k === (i % 2 === 0 ? 'player_left' : 'player_returned')), JSON.stringify(away));
  assert.ok(rulings.every((r) => r.verdict.verdict === 'accepted'));
  await shot(late, 'gp-02-rulings-late-spectator');
});

test('a draw offer is marked (=) in the move list, on the scoresheet and in the PGN', async () => {
  const game = await createGame(session.server.base, { white: 'Cleo', black: 'Dan', time_control: '600+5', ruleset: 'fide-rapid' });
  const pages = await seated(game.links);
  // No draw offer before both have moved (FIDE 5.2.3).
  await playAll(pages, ['d2d4', 'd7d5', 'g1f3'], pages.white);
  // White offers on Black's time: noted after White's move, Nf3.
  await pages.white.click('[data-testid=offer-draw]');
  await pages.black.waitForSelector('[data-testid=offer]:not([hidden])');
  await pages.white.waitForFunction(() => document.querySelector('[data-testid=moves]').textContent.includes('Nf3 (=)'));
  // Black moves instead of answering (a refusal), offering in turn with the move.
  await pages.black.check('#offer-with-move');
  await play(pages.black, 'e7e6');
  await waitForMoves(pages.white, 4);
  await pages.white.waitForFunction(() => document.querySelector('[data-testid=moves]').textContent.includes('e6 (=)'));
  assert.deepEqual(await shownMoves(pages.white), ['d4', 'd5', 'Nf3 (=)', 'e6 (=)']);
  const sheet = await open(`${session.server.base}/game/${game.id}/scoresheet`, { ready: '[data-testid=sheet-moves]' });
  const cells = await sheet.$$eval('[data-testid=sheet-moves] tbody td:not(.n)', (cs) => cs.map((c) => c.firstChild.textContent));
  assert.deepEqual(cells, ['d4', 'd5', 'Nf3 (=)', 'e6 (=)']);
  const pgn = await (await fetch(`${session.server.base}/api/games/${game.id}/pgn`)).text();
  assert.match(pgn.replace(/\n/g, ' '), /1\. d4 \{\[%clk [0-9:.]+\]\} 1\.\.\. d5 \{\[%clk [0-9:.]+\]\} 2\. Nf3 \{\[%clk [0-9:.]+\] \(=\)\} 2\.\.\. e6 \{\[%clk [0-9:.]+\] \(=\)\}/);
  await shot(sheet, 'gp-03-scoresheet-offer');
});

test('the arbiter\'s tools are disabled once the game is over', async () => {
  const game = await createGame(session.server.base, { white: 'Eve', black: 'Fay', time_control: '600+5', ruleset: 'fide-rapid', mode: 'over_the_board' });
  const arbiter = await open(session.server.base + game.links.arbiter);
  await arbiter.waitForSelector('[data-testid=arbiter-tools]:not([hidden])');
  assert.equal(await arbiter.isEnabled('[data-testid=arbiter-start]'), true);
  await arbiter.click('[data-testid=arbiter-start]');
  await arbiter.waitForFunction(() => document.body.dataset.status === 'started');
  assert.equal(await arbiter.isEnabled('#a-flag'), true);
  await arbiter.fill('[data-testid=declare-reason]', 'both players agreed in the hall');
  await arbiter.selectOption('[data-testid=declare-result]', '1/2-1/2');
  await arbiter.click('[data-testid=declare-submit]');
  await arbiter.waitForSelector('[data-testid=result]');
  await arbiter.click('[data-testid=over-close]');
  const enabled = await arbiter.$$eval('[data-testid=arbiter-tools] button, [data-testid=arbiter-tools] input, [data-testid=arbiter-tools] select', (xs) => xs.filter((x) => !x.disabled).map((x) => x.id || x.textContent));
  assert.deepEqual(enabled, []);
  await shot(arbiter, 'gp-04-arbiter-over');
});

test('a player\'s reload never leaves "has left the board" standing; presence and spectators are shown', async () => {
  const game = await createGame(session.server.base, { white: 'Gus', black: 'Hal', time_control: '600+5', ruleset: 'fide-rapid' });
  const pages = await seated(game.links);
  await pages.white.waitForSelector('[data-testid=presence-black][data-here=yes]');
  assert.equal(await pages.white.getAttribute('[data-testid=spectators]', 'data-count'), '0');
  const spectator = await open(`${session.server.base}/game/${game.id}`);
  await pages.white.waitForSelector('[data-testid=spectators][data-count="1"]');
  assert.equal(await pages.white.textContent('[data-testid=spectators]'), '1 spectator');
  await spectator.waitForSelector('[data-testid=presence-white][data-here=yes]');

  // Black reloads: White is not told Black left, or is told Black is back.
  for (let i = 0; i < 2; i++) {
    await pages.black.reload();
    await pages.black.waitForFunction(() => document.querySelector('[data-testid=role]').className.includes('role-black'));
  }
  await pages.white.waitForSelector('[data-testid=presence-black][data-here=yes]');
  await pages.white.waitForTimeout(3500);
  const notices = await pages.white.evaluate(() => window.arbiterPage.notices.map((n) => n.key));
  assert.ok(notices.lastIndexOf('gone') <= notices.lastIndexOf('back'), JSON.stringify(notices));

  // Black closes the page for good: White is told, then told again on return.
  await pages.black.context().close();
  await pages.white.waitForSelector('[data-testid=presence-black][data-here=no]');
  await pages.white.waitForFunction(() => window.arbiterPage.notices.some((n) => n.key === 'gone'), null, { timeout: 8000 });
  assert.match(await pages.white.textContent('[data-testid=toast]'), /Black has left the board/);
  const back = await open(session.server.base + game.links.black);
  await pages.white.waitForFunction(() => window.arbiterPage.notices.at(-1).key === 'back', null, { timeout: 8000 });
  assert.match(await pages.white.textContent('[data-testid=toast]'), /Black is back/);
  await back.waitForSelector('[data-testid=spectators][data-count="1"]');
});

test('the lobby tells waiting games from those being played, and refreshes its list', async () => {
  const waiting = await createGame(session.server.base, { white: 'Ivy', black: 'Jon', time_control: '600+5', mode: 'over_the_board' });
  const lobby = await open(`${session.server.base}/`, { ready: 'form#create' });
  await lobby.waitForSelector(`li[data-id="${waiting.id}"]`);
  assert.equal(await lobby.getAttribute(`li[data-id="${waiting.id}"]`, 'data-status'), 'created');
  assert.equal(await lobby.textContent(`li[data-id="${waiting.id}"] [data-testid=game-status]`), 'waiting for players');
  // A game made elsewhere, then started by its arbiter, shows up without a reload.
  const later = await createGame(session.server.base, { white: 'Kim', black: 'Lou', time_control: '600+5', mode: 'over_the_board' });
  await lobby.waitForSelector(`li[data-id="${later.id}"][data-status=created]`, { timeout: 12000 });
  await fetch(`${session.server.base}/api/games/${later.id}/events`, {
    method: 'POST', headers: { authorization: `Bearer ${later.arbiter_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'start' }),
  });
  await lobby.waitForSelector(`li[data-id="${later.id}"][data-status=started]`, { timeout: 12000 });
  assert.equal(await lobby.textContent(`li[data-id="${later.id}"] [data-testid=game-status]`), 'playing');
  await shot(lobby, 'gp-05-lobby');
});

test('a custom time control in the lobby, periods included', async () => {
  const lobby = await open(`${session.server.base}/`, { ready: 'form#create' });
  assert.equal(await lobby.isVisible('[data-testid=custom-time-control]'), false);
  await lobby.selectOption('[data-testid=time-control]', 'custom');
  await lobby.fill('[data-testid=custom-time-control]', '40/5400+30:1800+30');
  assert.equal(await lobby.textContent('[data-testid=custom-reading]'), '40 moves in 90 min + 30 s a move, then 30 min + 30 s a move');
  await lobby.fill('input[name=white]', 'Max');
  await lobby.fill('input[name=black]', 'Nia');
  await shot(lobby, 'gp-06-lobby-custom');
  await lobby.click('button[type=submit]');
  const url = new URL(await lobby.textContent('[data-testid=link-spectator]'));
  const view = await (await fetch(`${session.server.base}/api${url.pathname.replace('/game/', '/games/')}`)).json();
  assert.equal(view.head.time_control, '40/5400+30:1800+30');
  // A time control the referee cannot read is refused with its reason.
  await lobby.fill('[data-testid=custom-time-control]', '40/abc');
  await lobby.click('button[type=submit]');
  await lobby.waitForSelector('[data-testid=create-error]:not([hidden])');
  assert.match(await lobby.textContent('[data-testid=create-error]'), /time control/);
  // In Chinese.
  await lobby.click('[data-lang-switch]');
  await lobby.fill('[data-testid=custom-time-control]', '900+10');
  assert.equal(await lobby.textContent('[data-testid=custom-reading]'), '15 分钟 每步加 10 秒');
  // The rulesets are named in the page's language; names typed stay.
  assert.equal(await lobby.textContent('select[name=ruleset] option[value=classic]'), '经典规则');
  assert.equal(await lobby.textContent('select[name=ruleset] option[value=fide-blitz]'), 'FIDE 超快棋');
  assert.equal(await lobby.inputValue('input[name=white]'), 'Max');
  // The default names are the sides' names in the page's language, until
  // someone types others.
  const zh = await open(`${session.server.base}/`, { ready: 'form#create', lang: 'zh' });
  await zh.waitForFunction(() => document.querySelector('input[name=white]').value !== '');
  assert.equal(await zh.inputValue('input[name=white]'), '白方');
  assert.equal(await zh.inputValue('input[name=black]'), '黑方');
  assert.equal(await zh.title(), '裁判');
  await zh.fill('input[name=black]', 'Bo');
  await zh.click('[data-lang-switch]');
  assert.equal(await zh.inputValue('input[name=white]'), 'White');
  assert.equal(await zh.inputValue('input[name=black]'), 'Bo');
  assert.equal(await zh.title(), 'Arbiter');
  await zh.context().close();
});

test('the phone layout does not overflow, and the pages have a favicon', async () => {
  const game = await createGame(session.server.base, { white: 'Olga Petrovna Ivanova', black: 'Pablo Rodríguez García', time_control: '40/5400+30:1800+30', ruleset: 'fide-standard', event: 'Club championship', round: '4' });
  const white = await open(session.server.base + game.links.white, { viewport: PHONE });
  const black = await open(session.server.base + game.links.black, { viewport: PHONE, lang: 'zh' });
  await playAll({ white, black }, ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4'], white);
  for (const page of [white, black]) assert.ok(await fits(page), 'game page fits a phone');
  const board = await white.locator('#board').boundingBox();
  assert.ok(board.width <= PHONE.width && board.width > 300, JSON.stringify(board));
  await shot(white, 'gp-07-phone-white');
  await shot(black, 'gp-07-phone-black-zh');
  const arbiter = await open(session.server.base + game.links.arbiter, { viewport: PHONE });
  assert.ok(await fits(arbiter));
  await shot(arbiter, 'gp-07-phone-arbiter');
  for (const [name, path, ready] of [['lobby', '/', 'form#create'], ['scoresheet', `/game/${game.id}/scoresheet`, '[data-testid=sheet-moves]']]) {
    const page = await open(session.server.base + path, { viewport: PHONE, ready });
    assert.ok(await fits(page), path);
    assert.equal(await page.getAttribute('link[rel=icon]', 'href'), '/assets/favicon.svg');
    await shot(page, `gp-07-phone-${name}`);
  }
  for (const path of ['/favicon.ico', '/assets/favicon.svg']) {
    const response = await fetch(session.server.base + path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get('content-type'), 'image/svg+xml');
    assert.match(await response.text(), /<svg/);
  }
});

test('move sounds with a mute switch, flipping, stepping through the moves while the game goes on, material', async () => {
  const game = await createGame(session.server.base, { white: 'Quin', black: 'Rita', time_control: '600+5', ruleset: 'fide-rapid' });
  const pages = await seated(game.links);
  const { white, black } = pages;
  await playAll(pages, ['e2e4', 'd7d5', 'e4d5', 'g8f6'], white);
  // Sounds: a move, a capture.
  const sounds = await white.evaluate(() => [...window.arbiterPage.sounds]);
  assert.deepEqual(sounds.slice(0, 3), ['move', 'move', 'capture'], JSON.stringify(sounds));
  // White is a pawn up.
  assert.equal(await white.textContent('[data-testid=material-bottom]'), '♟+1');
  assert.equal(await white.textContent('[data-testid=material-top]'), '');
  // Mute: no more sounds, and it is remembered.
  assert.equal(await white.getAttribute('[data-testid=mute]', 'data-muted'), 'no');
  await white.click('[data-testid=mute]');
  assert.equal(await white.getAttribute('[data-testid=mute]', 'data-muted'), 'yes');
  assert.equal(await white.getAttribute('[data-testid=mute]', 'title'), 'Turn move sounds on');
  const heard = await white.evaluate(() => window.arbiterPage.sounds.length);
  await playAll(pages, ['d2d4'], black);
  await white.waitForTimeout(200);
  assert.equal(await white.evaluate(() => window.arbiterPage.sounds.length), heard);
  assert.equal(await white.evaluate(() => localStorage.getItem('arbiter.muted')), '1');

  // Flip: White's page turns Black to the bottom.
  assert.equal(await bodyData(white, 'orientation'), 'white');
  await white.click('[data-testid=flip]');
  assert.equal(await bodyData(white, 'orientation'), 'black');
  assert.equal(await white.getAttribute('#player-bottom', 'data-color'), 'black');
  await shot(white, 'gp-08-flipped');
  await white.click('[data-testid=flip]');

  // Stepping back with the arrow keys, and by clicking a move.
  await white.keyboard.press('ArrowLeft');
  await white.keyboard.press('ArrowLeft');
  assert.equal(await bodyData(white, 'shown'), '3');
  // Back at move 3 (exd5), White is still a pawn up; at move 2, even.
  assert.equal(await white.textContent('[data-testid=material-bottom]'), '♟+1');
  await white.click('[data-testid=moves] td[data-ply="2"]');
  assert.equal(await bodyData(white, 'shown'), '2');
  assert.equal(await white.textContent('[data-testid=material-bottom]'), '');
  assert.equal(await white.evaluate(() => window.arbiterBoard.getFen()), 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR');
  assert.match(await white.textContent('[data-testid=browsing]'), /Move 2 of 5/);
  // The game goes on meanwhile: Black moves; White's page stays where it is.
  await play(black, 'f6d5');
  await waitForMoves(white, 6);
  assert.equal(await bodyData(white, 'shown'), '2');
  assert.equal(await bodyData(white, 'plies'), '6');
  await shot(white, 'gp-08-browsing');
  await white.keyboard.press('ArrowUp');
  assert.equal(await bodyData(white, 'shown'), '0');
  await white.keyboard.press('End');
  assert.equal(await bodyData(white, 'shown'), '6');
  assert.equal(await white.isVisible('[data-testid=browsing]'), false);
  // Material is even again after Nxd5.
  assert.equal(await white.textContent('[data-testid=material-bottom]'), '');
  // And White can move again at the live position.
  await play(white, 'c2c4');
  await waitForMoves(black, 7);
});

// The clipboard's text once it holds `wanted`, or after 5 s: copying the
// PGN fetches it first, so it lands some time after the click. (Playwright's
// waitForFunction does not await a promise its predicate returns: a
// pending readText() counts as true at once.)
async function clipboardHolding(page, wanted) {
  for (let tries = 0; ; tries++) {
    const text = await page.evaluate(() => navigator.clipboard.readText());
    if (text.includes(wanted) || tries >= 100) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('copy FEN and PGN', async () => {
  const game = await createGame(session.server.base, { white: 'Sam', black: 'Tia', time_control: '600+5', ruleset: 'fide-rapid' });
  const white = await open(session.server.base + game.links.white, { clipboard: true });
  const black = await open(session.server.base + game.links.black);
  await playAll({ white, black }, ['g1f3', 'g8f6'], white);
  await white.click('[data-testid=copy-fen]');
  const view = await (await fetch(`${session.server.base}/api/games/${game.id}`)).json();
  assert.equal(await white.evaluate(() => navigator.clipboard.readText()), view.fen);
  await white.click('[data-testid=copy-pgn]');
  const pgn = await clipboardHolding(white, '[White "Sam"]');
  assert.match(pgn, /1\. Nf3 \{\[%clk [0-9:.]+\]\} 1\.\.\. Nf6/);
  // Stepped back, the FEN copied is the position shown.
  await white.keyboard.press('Home');
  await white.click('[data-testid=copy-fen]');
  assert.equal(await white.evaluate(() => navigator.clipboard.readText()), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
});

test('premoves online; none over the board', async () => {
  const game = await createGame(session.server.base, { white: 'Uma', black: 'Vic', time_control: '600+5', ruleset: 'fide-rapid' });
  const { white, black } = await seated(game.links);
  await white.waitForFunction(() => document.body.dataset.status === 'started');
  // Black premoves e7e5 while White thinks; White's e4 sets it off.
  await black.waitForFunction(() => window.arbiterBoard.state.premovable.enabled);
  await clickSquare(black, 'e7');
  await clickSquare(black, 'e5');
  assert.deepEqual(await black.evaluate(() => window.arbiterBoard.state.premovable.current), ['e7', 'e5']);
  await shot(black, 'gp-09-premove');
  await play(white, 'e2e4');
  await waitForMoves(white, 2);
  assert.deepEqual(await shownMoves(white), ['e4', 'e5']);

  const otb = await createGame(session.server.base, { white: 'Wes', black: 'Xia', time_control: '600+5', ruleset: 'fide-rapid', mode: 'over_the_board' });
  const arbiter = await open(session.server.base + otb.links.arbiter);
  const seats = await seated(otb.links);
  await arbiter.click('[data-testid=arbiter-start]');
  await seats.black.waitForFunction(() => document.body.dataset.status === 'started');
  assert.equal(await seats.black.evaluate(() => window.arbiterBoard.state.premovable.enabled), false);
  await clickSquare(seats.black, 'e7');
  await clickSquare(seats.black, 'e5');
  assert.equal(await seats.black.evaluate(() => window.arbiterBoard.state.premovable.current ?? null), null);
  await play(seats.white, 'e2e4');
  await waitForMoves(seats.black, 1);
  await seats.black.waitForTimeout(300);
  assert.equal(await bodyData(seats.black, 'plies'), '1');
});

test('a game-over dialog with a rematch, colours reversed, each player on their new seat', async () => {
  const game = await createGame(session.server.base, { white: 'Yan', black: 'Zoe', time_control: '180+2', ruleset: 'fide-blitz' });
  const pages = await seated(game.links);
  const spectator = await open(`${session.server.base}/game/${game.id}`);
  await playAll(pages, ['f2f3', 'e7e5', 'g2g4', 'd8h4'], spectator);
  for (const page of [pages.white, pages.black, spectator]) {
    await page.waitForSelector('[data-testid=over-dialog][open]');
    assert.equal(await page.textContent('#over-result'), '0-1');
  }
  assert.match(await pages.white.textContent('#over-why'), /FIDE 5\.1\.1/);
  assert.equal(await spectator.isVisible('[data-testid=rematch]'), false);
  assert.ok((await pages.white.evaluate(() => window.arbiterPage.sounds)).includes('end'));
  await shot(pages.white, 'gp-10-game-over-desktop');
  await pages.white.click('[data-testid=rematch]');
  await pages.black.waitForFunction(() => document.querySelector('[data-testid=rematch-note]').textContent.includes('White offers a rematch'));
  assert.equal(await pages.black.textContent('[data-testid=rematch]'), 'Accept the rematch');
  await shot(pages.black, 'gp-10-rematch-offered');
  await pages.black.click('[data-testid=rematch]');
  // Everybody goes to the new game; Zoe now has White, Yan Black.
  for (const page of [pages.white, pages.black, spectator]) {
    await page.waitForURL((u) => !u.pathname.includes(game.id), { timeout: 10000 });
    await page.waitForSelector('#board cg-board');
  }
  await pages.black.waitForFunction(() => document.querySelector('[data-testid=role]').className.includes('role-white'));
  await pages.white.waitForFunction(() => document.querySelector('[data-testid=role]').className.includes('role-black'));
  const newId = new URL(pages.white.url()).pathname.split('/')[2];
  assert.equal(new URL(spectator.url()).pathname, `/game/${newId}`);
  const view = await (await fetch(`${session.server.base}/api/games/${newId}`)).json();
  assert.equal(view.head.white, 'Zoe');
  assert.equal(view.head.black, 'Yan');
  assert.equal(view.head.time_control, '180+2');
  await play(pages.black, 'e2e4');
  await waitForMoves(pages.white, 1);
});

test('the game page at desktop and phone widths, in English and Chinese', async () => {
  const game = await createGame(session.server.base, { white: '李伟', black: 'Hikaru', time_control: '300+3', ruleset: 'fide-blitz', event: '俱乐部赛', round: '2' });
  for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    for (const lang of ['en', 'zh']) {
      const page = await open(`${session.server.base}${game.links.white}`, { viewport, lang });
      await page.waitForFunction(() => document.querySelector('[data-testid=role]').textContent.length > 0);
      assert.ok(await fits(page), `${name} ${lang}`);
      const flip = await page.getAttribute('[data-testid=flip]', 'title');
      assert.equal(flip, lang === 'zh' ? '翻转棋盘' : 'Flip the board');
      assert.equal(await page.textContent('[data-testid=copy-pgn]'), lang === 'zh' ? '复制 PGN' : 'Copy PGN');
      // The head's round and ruleset, the player's own name and the title
      // are the catalogue's words too.
      await page.waitForFunction(() => document.body.dataset.status);
      assert.equal(await page.textContent('#event'), lang === 'zh' ? '俱乐部赛 · 第 2 轮 · 300+3 · FIDE 超快棋' : '俱乐部赛 · Round 2 · 300+3 · FIDE blitz');
      assert.equal(await page.textContent('#player-bottom .name'), lang === 'zh' ? '李伟（你）' : '李伟 (you)');
      assert.equal(await page.title(), lang === 'zh' ? '李伟 – Hikaru · 裁判' : '李伟 – Hikaru · Arbiter');
      await shot(page, `gp-11-${name}-${lang}`);
      await page.context().close();
    }
  }
});

// The proof of a game's last record, once a signed checkpoint holds it:
// the index of that record's leaf in the log.
async function provedIndex(base, id) {
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${base}/api/games/${id}/proof`);
    if (response.status === 200) {
      const index = (await response.text()).split('\n').find((l) => l.startsWith('index '));
      return Number(index.slice('index '.length));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no proof of game ${id}`);
}

test('a move accepted shows its receipt: the size of the signed log that holds it, and a link to the game\'s proof', async () => {
  const game = await createGame(session.server.base, { white: 'Ann', black: 'Bob', time_control: '600+5' });
  const pages = await seated(game.links);
  assert.equal(await pages.white.isVisible('[data-testid=receipt]'), false, 'no receipt before an act');
  await play(pages.white, 'e2e4');
  await pages.white.waitForSelector('[data-testid=receipt]:not([hidden])');
  // The size the receipt names is the tree's just after the move's leaf:
  // the move is the game's last record, whose proof names its leaf.
  const size = (await provedIndex(session.server.base, game.id)) + 1;
  assert.equal((await pages.white.textContent('#receipt-text')).trim(),
    `Receipt: your last accepted action is in the signed log, which holds ${size} records then.`);
  const href = await pages.white.getAttribute('[data-testid=proof-link]', 'href');
  assert.equal(href, `/api/games/${game.id}/proof`);
  assert.equal((await pages.white.textContent('[data-testid=proof-link]')).trim(), 'The game\'s proof');
  const proof = await fetch(session.server.base + href);
  assert.equal(proof.status, 200);
  assert.ok((await proof.text()).startsWith('c2sp.org/tlog-proof@v1\n'));
  // The opponent has acted on nothing: no receipt on his page.
  await waitForMoves(pages.black, 1);
  assert.equal(await pages.black.isVisible('[data-testid=receipt]'), false);
  // In Chinese, from the same catalogue keys.
  await pages.white.click('[data-testid=lang]');
  await pages.white.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
  assert.equal((await pages.white.textContent('#receipt-text')).trim(),
    `回执：你最近被接受的操作已记入签名日志，当时日志共有 ${size} 条记录。`);
  assert.equal((await pages.white.textContent('[data-testid=proof-link]')).trim(), '本局的证明');
  await shot(pages.white, 'gp-12-receipt-zh');
  for (const page of [pages.white, pages.black]) await page.context().close();
});
