// What the tournament tests share: the arbiter's form and console, the
// players' registration and games in their own browsers, the pages'
// screenshots in both languages, and `arbiter standings` on the exported
// TRF, for a Swiss, a round robin or a knockout alike.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { play, shot, root, waitForMoves } from './server.mjs';

// Short games with known ends, written as the players act: UCI moves,
// `offer` (the side to act offers a draw) and `accept` (the other side
// accepts it).
export const LINES = {
  // The fool's mate.
  blackMates: ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
  // The scholar's mate.
  whiteMates: ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'],
  // Both have moved (FIDE 5.2.3), then a draw by agreement.
  agreedDraw: ['e2e4', 'e7e5', 'offer', 'accept'],
};

// A page in a fresh browser context (a person of his own), in `lang`.
export async function open(browser, url, lang = 'en', ready = 'body') {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript((l) => localStorage.setItem('arbiter.lang', l), lang);
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  await page.waitForSelector(ready);
  return page;
}

// The event as the API gives it.
export async function eventState(base, id) {
  return (await fetch(`${base}/api/tournament/${id}`)).json();
}

export async function until(what, check, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The arbiter opens an event with the console's form: `fields` by the
// form's names (a select is chosen, an input filled). Its id.
export async function createEvent(page, fields, screenshot) {
  for (const [name, value] of Object.entries(fields)) {
    const select = page.locator(`select[name=${name}]`);
    if (await select.count()) await select.selectOption(String(value));
    else await page.fill(`input[name=${name}]`, String(value));
  }
  if (screenshot) await shot(page, screenshot);
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/tournament\/\w+\/arbiter$/);
  await page.waitForSelector('[data-testid=console-join-link]');
  return new URL(page.url()).pathname.split('/')[2];
}

// Each player registers through the link in his own browser, the odd ones
// in Chinese; `each(page, i)` runs before he sends the form. The players
// as { name, number, page }.
export async function register(browser, joinLink, names, ratingOf, each = async () => {}) {
  const players = [];
  for (const [i, name] of names.entries()) {
    const page = await open(browser, joinLink, i % 2 ? 'zh' : 'en', '[data-testid=join-form]');
    await page.fill('[data-testid=reg-name]', name);
    await page.fill('[data-testid=reg-rating]', String(ratingOf(i)));
    await each(page, i);
    await page.click('[data-testid=join]');
    await page.waitForSelector('[data-testid=joined]:not([hidden])');
    players.push({ name, number: i + 1, page });
  }
  return players;
}

// The arbiter pairs round `n` in the console, then publishes it.
export async function pairAndPublish(arbiter, base, id, n) {
  await arbiter.reload();
  await arbiter.waitForSelector('[data-testid=pair]:not([disabled])');
  await arbiter.click('[data-testid=pair]');
  await arbiter.waitForSelector('[data-testid=publish]');
  await arbiter.click('[data-testid=publish]');
  return until(`round ${n} published`, async () => {
    const st = await eventState(base, id);
    return st.rounds[n - 1]?.published && st.rounds[n - 1];
  });
}

const movesShown = (page, n) => page.waitForFunction((count) =>
  [...document.querySelectorAll('[data-testid=moves] td:not(.n)')].filter((c) => c.textContent !== '…').length >= count, n);

// One act of a line on the page of the player whose act it is.
async function act(page, what) {
  if (what === 'offer') {
    await page.click('[data-testid=offer-draw]');
  } else if (what === 'accept') {
    await page.waitForSelector('[data-testid=offer]:not([hidden])');
    await page.click('[data-testid=accept-draw]');
  } else {
    await play(page, what);
  }
}

// Plays the last round, published, in the players' browsers: each player's
// home page shows his game, he opens it and plays board b's `line(b)`; the
// absent never open theirs. The round.
export async function playRound(base, id, players, { absent = new Set(), line = (b) => (b.board % 2 ? LINES.blackMates : LINES.whiteMates) } = {}) {
  const st = await eventState(base, id);
  const round = st.rounds[st.rounds.length - 1];
  const pageOf = new Map(players.map((p) => [p.number, p.page]));
  const boards = round.boards.filter((b) => !absent.has(b.white) && !absent.has(b.black));
  // Everyone present opens his game from his home page, all at once: the
  // clocks run from the publication.
  const present = round.boards.flatMap((b) => [b.white, b.black]).filter((n) => !absent.has(n));
  await Promise.all(present.map(async (n) => {
    const page = pageOf.get(n);
    await page.goto(`${base}/tournament/${id}`);
    await page.waitForSelector('[data-testid=play]');
    await page.click('[data-testid=play]');
    await page.waitForSelector('#board cg-board');
  }));
  // The first acts on every board first, then the rest: nobody waits past
  // the default time.
  const longest = Math.max(...boards.map((b) => line(b).length));
  for (let ply = 0; ply < longest; ply++) {
    for (const b of boards) {
      const acts = line(b);
      if (ply >= acts.length) continue;
      const [mover, other] = ply % 2 === 0 ? [b.white, b.black] : [b.black, b.white];
      await act(pageOf.get(mover), acts[ply]);
      // The other's page shows a move before the next act is made.
      const moves = acts.slice(0, ply + 1).filter((a) => a !== 'offer' && a !== 'accept').length;
      if (acts[ply] !== 'offer' && acts[ply] !== 'accept') await movesShown(pageOf.get(other), moves);
    }
  }
  return round;
}

// Waits until round n's results are all in; the event then.
export async function roundComplete(base, id, n, timeout) {
  return until(`round ${n} complete`, async () => {
    const st = await eventState(base, id);
    return st.rounds[n - 1]?.complete && st;
  }, timeout);
}

// Screenshots of one page in both languages: `viewers` by language.
export async function shots(base, viewers, pathname, name, ready) {
  for (const [lang, page] of Object.entries(viewers)) {
    await page.goto(base + pathname);
    await page.waitForSelector(ready);
    await shot(page, `${name}-${lang}`);
  }
}

// The console's page for viewers who are not its arbiter: his token is
// kept in their browsers too, so that they see it.
export async function lendConsole(arbiter, viewers, id) {
  const token = await arbiter.evaluate((tid) => localStorage.getItem(`arbiter.tournament.${tid}.arbiter`), id);
  for (const page of Object.values(viewers)) {
    await page.evaluate(([tid, tok]) => localStorage.setItem(`arbiter.tournament.${tid}.arbiter`, tok), [id, token]);
  }
}

export const arbiterBin = () => process.env.ARBITER_BIN || path.join(root, 'target', 'debug', 'arbiter');

// `arbiter standings` on the event's exported TRF: rank, start number and
// the tie-breaks' values, one array a player (the name, rating and
// federation it prints beside the start number left out).
export async function cliStandings(base, id, tiebreaks, format) {
  const trf = await (await fetch(`${base}/api/tournament/${id}/trf`)).text();
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-tn-'));
  const file = path.join(dir, 'event.trf');
  writeFileSync(file, trf);
  return execFileSync(arbiterBin(), ['standings', file, '--tiebreaks', tiebreaks.replace(/\s/g, ''), '--format', format], { encoding: 'utf8' })
    .trim().split('\n').slice(1).map((l) => l.split('\t')).map(([rank, start, , , , ...values]) => [rank, start, ...values]);
}

// The standings page's table: rank, start number and the tie-breaks'
// values, one array a player.
export async function pageStandings(page, base, id) {
  await page.goto(`${base}/tournament/${id}/standings`);
  await page.waitForSelector('[data-testid=standings]');
  return page.$$eval('[data-testid=standings] tbody tr', (rows) => rows.map((r) => {
    // The rating change beside the tie-breaks is no column of `arbiter standings`.
    const c = [...r.querySelectorAll('td:not([data-rating-change])')].map((td) => td.textContent);
    return [c[0], c[1], ...c.slice(6)];
  }));
}

// An event of one standard game (90 minutes each) between two rated
// players: the arbiter opens it with the console's form and does
// `inConsole(arbiter, id)` there before the players register; then it is
// paired and published, and each player is on his game's page. The
// arbiter's console page, the event's id, the board, and White's and
// Black's pages.
export async function oneGameEvent(browser, base, name, inConsole = async () => {}) {
  const arbiter = await open(browser, `${base}/tournament`, 'en', '[data-testid=create-form]');
  const id = await createEvent(arbiter, {
    name, place: 'Suzhou', start_date: '2026-12-05', end_date: '2026-12-05', chief_arbiter: 'Wang, Lei',
    federation: 'CHN', system: 'dutch', rounds: 1, time_control: '5400+30', ruleset: 'fide-standard', default_time: 3600,
  });
  await inConsole(arbiter, id);
  const joinLink = await arbiter.textContent('[data-testid=console-join-link]');
  const players = await register(browser, joinLink, ['Ivanova, Anna', 'Berg, Tomas'], (i) => 2200 - i * 100);
  const round = await pairAndPublish(arbiter, base, id, 1);
  const board = round.boards[0];
  const pageOf = new Map(players.map((p) => [p.number, p.page]));
  const [white, black] = [pageOf.get(board.white), pageOf.get(board.black)];
  for (const page of [white, black]) {
    await page.goto(`${base}/tournament/${id}`);
    await page.click('[data-testid=play]');
    await page.waitForSelector('#board cg-board');
  }
  return { arbiter, id, board, white, black };
}

// The one game of `oneGameEvent`'s `event` played to `moves` (UCI) in the
// players' browsers and resigned by White; then its arbiter screens the
// finished game from his console, and the report's table comes.
export async function playedAndScreened(base, event, moves) {
  const { arbiter, id, white, black } = event;
  for (const [ply, uci] of moves.entries()) {
    await play(ply % 2 ? black : white, uci);
    await waitForMoves(ply % 2 ? white : black, ply + 1);
  }
  await white.click('#resign');
  await roundComplete(base, id, 1);
  await arbiter.reload();
  await arbiter.waitForSelector('[data-testid=fair-play-start]:not([disabled])');
  await arbiter.click('[data-testid=fair-play-start]');
  await arbiter.waitForSelector('[data-testid=fair-play-table] tbody tr', { timeout: 120000 });
}
