// The operator's screen of an event's electronic boards (the console's
// "boards" view): for each board of the round being played, whether its
// reader is connected, the board's live position beside the game's with
// the differences marked, the last readings, and the cases the board left
// to the arbiter with the ruling each got. Read from
// /api/tournament/ID/boards, every REFRESH_MS.
import { t, said, el } from './i18n.js';
import { boardGrid } from './eboard.js';

const REFRESH_MS = 1500;

// The arbiter's events a case is most often ruled by, by their page
// names; any other by the log's name of its kind.
function eventName(kind) {
  switch (kind) {
    case 'pieces_displaced': return t('piecesDisplaced');
    case 'board_turned': return t('boardTurned');
    case 'colours_reversed': return t('coloursReversed');
    default: return kind;
  }
}

function timeOf(unixMs) {
  return new Date(unixMs).toLocaleTimeString();
}

function noticeText(n) {
  switch (n.kind) {
    case 'turned_round': return t('tnCaseTurnedRound');
    case 'unreadable': return t('tnCaseUnreadable', { squares: n.differences.join(' ') });
    case 'disturbed': return t('tnCaseDisturbed', { squares: n.squares.join(' ') });
    case 'restored': return t('tnCaseRestoredNotice');
    case 'lifted_again': return t('tnCaseLiftedAgain', { square: n.square, set_down: n.set_down });
    default: return n.kind;
  }
}

function rulingText(ruling) {
  if (!ruling) return t('tnCaseWaiting');
  if (ruling.by === 'referee') return t('tnCaseRefusedByReferee');
  if (ruling.by === 'restored') return t('tnCaseRestored');
  return t('tnCaseRuledBy', { event: eventName(ruling.event) });
}

function caseItem(c) {
  const item = el('li', { 'data-testid': 'board-case', 'data-case': c.case === 'notice' ? c.notice.kind : 'refused',
    'data-waiting': c.ruling ? null : 'true', class: c.ruling ? 'ruled' : 'waiting' },
  el('span', { class: 'when', text: timeOf(c.at_unix_ms) + ' ' }));
  if (c.case === 'notice') {
    item.append(el('span', { class: 'what', text: noticeText(c.notice) }));
  } else {
    const message = c.verdict.message;
    item.append(el('span', { class: 'what', text: t('tnCaseRefusedAct', { event: c.event }) + ' ' }),
      el('span', { class: 'rule', 'data-testid': 'case-rule', text: c.verdict.rule ?? '' }),
      message ? el('span', { class: 'why', text: ' ' + said(message) }) : null);
  }
  item.append(el('span', { class: 'ruling', 'data-testid': 'case-ruling', text: ' — ' + rulingText(c.ruling) }));
  return item;
}

function boardCard(b) {
  const desk = b.desk;
  const card = el('section', { class: 'card wide board-desk', 'data-testid': 'board-desk', 'data-board': b.board, 'data-game': b.game },
    el('h2', {}, el('a', { href: `/game/${b.game}`, text: t('tnBoardNo', { board: b.board }) }), ` ${b.white} – ${b.black}`));
  if (!desk) {
    card.append(el('p', { class: 'meta', text: t('tnBoardUnknown') }));
    return card;
  }
  card.append(el('p', { class: desk.connected ? 'connected' : 'disconnected', 'data-testid': 'board-link',
    'data-connected': String(desk.connected), text: desk.connected ? t('tnBoardConnected') : t('tnBoardDisconnected') }));
  const last = desk.readings.at(-1);
  const gameBoard = desk.game_fen.split(' ')[0];
  const pair = el('div', { class: 'board-pair', style: 'display:flex;gap:1.5em;flex-wrap:wrap' },
    el('figure', { 'data-testid': 'board-seen', style: 'margin:0' }, el('figcaption', { text: t('tnBoardOnBoard') }),
      last ? boardGrid(last.fen, new Set(last.differences), new Set(last.disturbed ?? [])) : el('p', { class: 'meta', text: t('tnBoardNoReading') })),
    el('figure', { 'data-testid': 'board-game', style: 'margin:0' }, el('figcaption', { text: t('tnBoardInGame') }), boardGrid(gameBoard)));
  card.append(pair);
  if (last) {
    card.append(el('p', { 'data-testid': 'board-differences', text: last.differences.length
      ? t('eboardDiffer', { squares: last.differences.join(' ') }) : t('eboardSame') }));
  }
  card.append(el('h3', { text: t('tnBoardReadings') }),
    el('ol', { class: 'readings', 'data-testid': 'board-readings' }, ...desk.readings.slice().reverse().map((r) =>
      el('li', { text: `${timeOf(r.at_unix_ms)} ${r.fen}${r.differences.length ? ' ≠ ' + r.differences.join(' ') : ''}` }))));
  const cases = desk.cases.slice().reverse();
  card.append(el('h3', { text: t('tnBoardCases') }),
    cases.length ? el('ul', { class: 'cases', 'data-testid': 'board-cases' }, ...cases.map(caseItem))
      : el('p', { class: 'meta', text: t('tnBoardNoCases') }));
  return card;
}

// Shows the screen in `root`, refreshed until the page goes; `fetchBoards`
// answers /api/tournament/ID/boards.
export function showBoardsScreen(root, fetchBoards) {
  async function refresh() {
    let answer;
    try { answer = await fetchBoards(); } catch (e) { root.replaceChildren(el('p', { class: 'error', text: e.message })); return; }
    if (answer.round == null) {
      root.replaceChildren(el('section', { class: 'card' }, el('p', { class: 'meta', text: t('tnBoardsNone') })));
      return;
    }
    root.replaceChildren(el('section', { class: 'card wide' }, el('h2', { 'data-testid': 'boards-title', text: t('tnBoardsTitle', { round: answer.round }) })),
      el('div', { class: 'tgrid' }, ...answer.boards.map(boardCard)));
  }
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
}
