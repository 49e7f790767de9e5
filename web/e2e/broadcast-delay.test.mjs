// The broadcast delay (issue 35) in real browsers: the arbiter sets the
// increased-protection delay of 15 minutes in the console, the two players
// play on their game pages and see every move at once, while a spectator's
// page of the same game shows none; the server's test clock moved 16
// minutes on, the spectator sees the moves older than 15 minutes and not
// the newer; the game ends in mate, and the spectator sees every move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, play, shownMoves, waitForMoves, shot } from './server.mjs';
import { open as openIn, eventState, oneGameEvent, until } from './event.mjs';

// The server reads time from the test clock, moved by POST /api/test/clock.
const session = serverAndBrowserPerFile({ env: { ARBITER_TEST_CLOCK: '1' } });
const open = (url, lang, ready) => openIn(session.browser, url, lang, ready);
const MINUTE_MS = 60000;

async function moveClock(base, minutes) {
  const r = await fetch(`${base}/api/test/clock`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ forward_ms: minutes * MINUTE_MS }),
  });
  assert.equal(r.status, 200, await r.text());
}

// The moves a page shows once `n` of them are there and the page has
// had a moment to show more (a page showing too many fails the test).
async function settled(page, n) {
  await waitForMoves(page, n);
  await page.waitForTimeout(1000);
  return shownMoves(page);
}

// The spectator's page as a reload shows it, and the same as its socket
// keeps it: `n` moves, whichever way it learnt them.
async function spectatorShows(page, n) {
  const pushed = n ? await settled(page, n) : (await page.waitForTimeout(1000), await shownMoves(page));
  await page.reload();
  await page.waitForSelector('#board cg-board');
  const loaded = n ? await settled(page, n) : (await page.waitForTimeout(1000), await shownMoves(page));
  return { pushed, loaded };
}

test('a spectator sees a game 15 minutes behind while its players are live, and a finished game whole', { timeout: 180000 }, async () => {
  const { base } = session.server;
  // 90 minutes each: the clock moved 16 minutes on flags nobody.
  const { board, white, black } = await oneGameEvent(session.browser, base, 'Protected Open', async (arbiter, id) => {
    // The console's preset is the increased protection's 15 minutes.
    await arbiter.click('[data-testid=broadcast-delay-preset]');
    assert.equal(await arbiter.inputValue('[data-testid=broadcast-delay-minutes]'), '15');
    await arbiter.click('[data-testid=broadcast-delay-set]');
    await until('the delay set', async () => (await eventState(base, id)).broadcast_delay?.minutes === 15);
  });
  const spectator = await open(`${base}/game/${board.game}`, 'en', '#board cg-board');

  // The players move and see both moves; the spectator sees none.
  await play(white, 'e2e4');
  await play(black, 'e7e5');
  // (One player reads his page in Chinese: the moves are counted.)
  for (const page of [white, black]) assert.equal((await settled(page, 2)).length, 2);
  assert.deepEqual(await spectatorShows(spectator, 0), { pushed: [], loaded: [] });
  await shot(spectator, 'delay-spectator-behind-en');

  // Sixteen minutes on, a third move: the first two are public, it is not.
  await moveClock(base, 16);
  await play(white, 'f1c4');
  assert.equal((await settled(black, 3)).length, 3);
  assert.deepEqual(await spectatorShows(spectator, 2), { pushed: ['e4', 'e5'], loaded: ['e4', 'e5'] });

  // The game ends in mate: the spectator sees it whole at once.
  for (const [page, uci] of [[black, 'b8c6'], [white, 'd1h5'], [black, 'g8f6'], [white, 'h5f7']]) await play(page, uci);
  const whole = ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'];
  assert.deepEqual(await spectatorShows(spectator, 7), { pushed: whole, loaded: whole });
  await shot(spectator, 'delay-spectator-finished-en');
});
