// The game page: the board (chessground), clocks, record, offers, claims,
// rulings, the arbiter's tools. The server decides everything: this page
// only shows its views and sends what the person does.
import { Chessground } from './vendor/chessground.min.js';
import { applyStrings, t, tn, said, sideName, rulesetName, moveText, clockText, el } from './i18n.js';
import { positions, material } from './replay.js';
import * as sound from './sound.js';

const id = location.pathname.split('/')[2];
const token = decodeURIComponent(location.hash.slice(1));
const $ = (x) => document.getElementById(x);

let view = null;         // the whole view, moves included
let receivedAt = 0;      // performance.now() when `view.clock` arrived
let role = 'spectator';
let socket = null;
let nextId = 1;
const pending = new Map();
let pendingPromotion = null;
// The record's rulings by event number, and the refusals of this page's
// own actions (which are not part of the record).
const recorded = new Map();
const refusals = [];
let presence = { white: false, black: false, spectators: 0 };
let flipped = false;
let cursor = null;        // the ply shown while stepping through; null: the game now
let boardsCache = null;   // positions of the record, made when first needed
let rematch = { offeredBy: null, asked: false };
let overShown = false;    // the game-over dialog has been shown for this game
let goneTimer = { white: null, black: null };
// The receipt of this page's last accepted act: the size of the signed
// log's tree once it was in (every checkpoint this large includes it).
let receipt = null;

// What the page did, for people and tests who want to check it.
const notices = [];
window.arbiterPage = { notices, sounds: sound.played };

const myColor = () => (role === 'white' || role === 'black' ? role : null);
const online = () => view && view.head.mode === 'online';
const ground = window.arbiterBoard = Chessground($('board'), {
  coordinates: true,
  animation: { duration: 180 },
  premovable: { enabled: false },
  movable: { free: false, showDests: true, events: { after: onBoardMove } },
  draggable: { showGhost: true },
});

$('sheet-link').href = `/game/${id}/scoresheet`;
$('pgn-link').href = `/api/games/${id}/pgn`;
$('proof-link').href = `/api/games/${id}/proof`;

// An unknown game says so once, instead of a board that keeps reconnecting.
async function start() {
  let response;
  try { response = await fetch(`/api/games/${encodeURIComponent(id || '')}`); } catch { response = null; }
  if (response && response.status === 404) { showMissing(); return; }
  connect();
}

function showMissing() {
  $('game').hidden = true;
  $('missing').hidden = false;
  // Nothing to link to, nobody's seat.
  for (const x of ['role', 'watchers', 'sheet-link', 'pgn-link']) $(x).hidden = true;
  document.body.dataset.status = 'missing';
  document.title = `${t('notFound')} · ${t('title')}`;
}

let everOpened = false;
function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws`);
  socket.onopen = () => {
    everOpened = true;
    $('banner').hidden = true;
    if (token) socket.send(JSON.stringify({ type: 'auth', token }));
  };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
  socket.onclose = () => {
    $('banner').textContent = t('connection');
    $('banner').hidden = false;
    // Refused at once: perhaps the game is gone; ask before trying again.
    setTimeout(everOpened ? connect : start, 1000);
  };
}

function receive(msg) {
  switch (msg.type) {
    case 'full': {
      const before = view;
      view = msg.view; receivedAt = performance.now(); boardsCache = null;
      loadRulings();
      render();
      if (before && before.status !== 'over' && view.status === 'over') gameEnded();
      break;
    }
    case 'update': {
      const before = view;
      const moves = view.moves.slice(0, msg.view.moves_from).concat(msg.view.moves);
      // An update leaves out the head, which never changes.
      view = { ...view, ...msg.view, moves, moves_from: 0 }; receivedAt = performance.now();
      if (msg.view.moves.length) boardsCache = null;
      if (msg.view.ruled) recorded.set(view.seq - 1, { seq: view.seq - 1, at_ms: view.at_ms, plies: moves.length, ...msg.view.ruled });
      if (moves.length > before.moves.length) moveSound(moves[moves.length - 1]);
      render();
      if (moves.length > before.moves.length) tryPremove();
      if (before.status !== 'over' && view.status === 'over') gameEnded();
      break;
    }
    case 'role':
      role = msg.role; render(); break;
    case 'verdict': {
      const done = pending.get(msg.id); pending.delete(msg.id);
      if (msg.error) toast(msg.error, null, true);
      else if (msg.verdict.verdict === 'rejected') refused(msg.verdict, null);
      if (msg.tree_size != null) { receipt = msg.tree_size; renderReceipt(); }
      if (done) done(msg);
      break;
    }
    case 'refused':
      // An act relayed for a seat (an electronic board's) that the referee
      // refused: everybody at the game hears of it, the player at the
      // board included, as this page hears of its own.
      refused(msg.verdict, msg.actor); break;
    case 'chat':
      $('chat-lines').append(el('div', {}, el('b', { text: msg.line.username }), msg.line.text));
      $('chat-lines').scrollTop = 1e9; break;
    case 'gone':
      playerGone(msg.color, msg.gone); break;
    case 'board':
      // What an electronic board shows is eboard.js's to draw.
      window.dispatchEvent(new CustomEvent('arbiter:board', { detail: msg })); break;
    case 'presence':
      presence = msg; renderPresence(); break;
    case 'rematch':
      if (msg.link) { location.assign(msg.link); break; }
      rematch.offeredBy = msg.offered_by;
      if (msg.offered_by !== myColor()) { sound.play('notify'); notice('rematchOffered', msg.offered_by, t('rematchOffered', { side: sideName(msg.offered_by) })); }
      renderOver(); break;
    case 'error':
      toast(msg.error, null, true); break;
  }
}

// A refusal: shown at once, and kept among the rulings while the page is
// open (a refused event is not part of the record).
function refused(verdict, actor) {
  toast(said(verdict.message), verdict.rule, true);
  refusals.push({ at: Date.now(), rule: verdict.rule, message: verdict.message, actor });
  renderRulings();
  if (view) renderBoard();
}

// A player's every connection closed, or one came back. A reload closes
// and reopens within a moment: the departure is told only if it lasts.
function playerGone(color, gone) {
  if (color === myColor()) return;
  clearTimeout(goneTimer[color]);
  if (gone) {
    goneTimer[color] = setTimeout(() => { goneTimer[color] = null; notice('gone', color, t('gone', { side: sideName(color) })); }, 3000);
  } else if (notices.some((n) => n.key === 'gone' && n.color === color && !n.answered)) {
    for (const n of notices) if (n.key === 'gone' && n.color === color) n.answered = true;
    notice('back', color, t('back', { side: sideName(color) }));
  }
}

// A notice is kept under its catalogue key, for tests to find, and shown.
function notice(key, color, text) {
  notices.push({ key, color, at: Date.now() });
  toast(text, null, false);
}

function act(event, done) {
  if (!socket || socket.readyState !== 1) return;
  const reqId = nextId++;
  if (done) pending.set(reqId, done);
  socket.send(JSON.stringify({ type: 'act', id: reqId, event }));
}

async function loadRulings() {
  try {
    const response = await fetch(`/api/games/${id}/rulings`);
    if (!response.ok) return;
    const { rulings } = await response.json();
    for (const r of rulings) recorded.set(r.seq, r);
    renderRulings();
  } catch { /* shown again with the next update */ }
}

let toastTimer = null;
function toast(text, rule, bad) {
  if (!text) return;
  document.querySelector('.toast')?.remove();
  const box = el('div', { class: 'toast' + (bad ? ' bad' : ''), 'data-testid': 'toast' },
    rule ? el('span', { class: 'rule', text: rule }) : null, text);
  document.body.append(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.remove(), 5000);
}

function destsMap() {
  const map = new Map();
  for (const [from, tos] of Object.entries(view.dests || {})) map.set(from, tos);
  return map;
}

function boards() {
  if (!boardsCache) boardsCache = positions(view.head.fen, view.moves);
  return boardsCache;
}

// The ply shown: the last one unless stepping back through the record.
const shownPly = () => (cursor == null ? view.moves.length : cursor);
const browsing = () => cursor != null && cursor < view.moves.length;

function orientation() {
  const base = myColor() === 'black' ? 'black' : 'white';
  return flipped ? (base === 'white' ? 'black' : 'white') : base;
}

function renderBoard() {
  const mine = myColor();
  const playing = view.status === 'started';
  const live = !browsing();
  const canMove = mine && playing && live && view.turn === mine;
  if (live) {
    ground.set({
      fen: view.fen,
      orientation: orientation(),
      turnColor: view.turn,
      check: view.check ? view.turn : false,
      lastMove: view.last_move || undefined,
      // Premoves online only: over the board there are none (a move is
      // made on the player's own time).
      premovable: { enabled: !!(mine && playing && online()) },
      // Spectators simply get no movable colour: chessground's viewOnly
      // would leave the board unbound after a later change of orientation.
      movable: { color: mine && playing ? mine : undefined, dests: canMove ? destsMap() : new Map() },
    });
  } else {
    const ply = view.moves[cursor - 1];
    const pos = boards()[cursor];
    ground.cancelPremove();
    ground.set({
      fen: pos.fen,
      orientation: orientation(),
      turnColor: ply ? (ply.side === 'white' ? 'black' : 'white') : 'white',
      check: ply && /[+#]$/.test(ply.san) ? (ply.side === 'white' ? 'black' : 'white') : false,
      lastMove: ply ? [ply.uci.slice(0, 2), ply.uci.slice(2, 4)] : undefined,
      premovable: { enabled: false },
      movable: { color: undefined, dests: new Map() },
    });
  }
  document.body.dataset.orientation = orientation();
  document.body.dataset.shown = String(shownPly());
}

function moveSound(ply) {
  if (view.status === 'over') return; // the ending has its own sound
  if (/[+#]$/.test(ply.san)) sound.play('check');
  else if (ply.san.includes('x')) sound.play('capture');
  else sound.play('move');
}

// After the opponent's move, a premove waiting on the board is played.
function tryPremove() {
  if (myColor() && view.status === 'started' && view.turn === myColor() && !browsing()) ground.playPremove();
}

function onBoardMove(orig, dest) {
  const piece = ground.state.pieces.get(dest);
  if (piece && piece.role === 'pawn' && (dest[1] === '8' || dest[1] === '1')) {
    askPromotion(orig, dest);
    return;
  }
  sendMove(orig + dest);
}

function sendMove(uci) {
  const offer = $('offer-with-move').checked;
  $('offer-with-move').checked = false;
  act({ kind: 'move', move: uci, offer_draw: offer });
}

function askPromotion(orig, dest) {
  const color = myColor();
  pendingPromotion = { orig, dest };
  const row = $('promotion-row');
  const choices = [['q', 'queen', t('queen')], ['r', 'rook', t('rook')], ['b', 'bishop', t('bishop')], ['n', 'knight', t('knight')]];
  row.replaceChildren(...choices.map(([letter, name, title]) => {
    const b = el('button', { type: 'button', title, 'data-testid': `promote-${letter}` });
    // Inside a .cg-wrap so that chessground's piece set draws it.
    b.append(el('div', { class: 'cg-wrap promo-piece' }, el('piece', { class: `${name} ${color}` })));
    b.onclick = () => { $('promotion').hidden = true; pendingPromotion = null; sendMove(orig + dest + letter); };
    return b;
  }));
  $('promotion').hidden = false;
}
$('promotion-cancel').onclick = () => { $('promotion').hidden = true; pendingPromotion = null; renderBoard(); };

function renderPlayers() {
  const bottom = orientation();
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [slot, color] of [['player-top', top], ['player-bottom', bottom]]) {
    const box = $(slot);
    const name = box.querySelector('.name');
    const shown = myColor() === color ? t('nameYou', { name: view.head[color] }) : view.head[color];
    name.replaceChildren(
      el('span', { class: `dot ${color}` }),
      el('span', { text: shown }),
      el('span', { class: 'presence', 'data-testid': `presence-${color}` }));
    box.dataset.color = color;
  }
  renderPresence();
  renderMaterial();
}

function renderPresence() {
  for (const color of ['white', 'black']) {
    const mark = document.querySelector(`[data-testid=presence-${color}]`);
    if (!mark) continue;
    const here = presence[color];
    mark.className = 'presence' + (here ? ' here' : '');
    mark.title = here ? t('present') : t('absent');
    mark.dataset.here = here ? 'yes' : 'no';
  }
  const w = $('watchers');
  w.hidden = !view;
  w.textContent = tn('watching', presence.spectators);
  w.dataset.count = String(presence.spectators);
}

// What each side is up, in pieces and points, on the board shown.
function renderMaterial() {
  const board = boards()[shownPly()].board;
  const { up, points } = material(board);
  for (const slot of ['player-top', 'player-bottom']) {
    const box = $(slot);
    const color = box.dataset.color;
    const score = color === 'white' ? points : -points;
    const taken = up[color].map((role) => el('span', { class: `taken ${role}`, text: GLYPH[role] }));
    if (score > 0) taken.push(el('span', { class: 'plus', text: `+${score}` }));
    box.querySelector('.material').replaceChildren(...taken);
  }
}
const GLYPH = { queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };

function renderClocks() {
  if (!view) return;
  for (const slot of ['player-top', 'player-bottom']) {
    const box = $(slot);
    const color = box.dataset.color;
    const clock = box.querySelector('.clock');
    if (!view.clock.timed) { clock.textContent = '∞'; clock.className = 'clock'; continue; }
    let ms = color === 'white' ? view.clock.white_ms : view.clock.black_ms;
    const running = view.status === 'started' && view.clock.running === color;
    if (running) ms -= performance.now() - receivedAt;
    clock.textContent = clockText(ms);
    clock.className = 'clock' + (running ? ' running' : '') + (running && ms < 20000 ? ' low' : '');
  }
}
setInterval(renderClocks, 100);

function rematchButton() {
  const mine = myColor();
  if (!mine || view.status !== 'over') return null;
  const theirs = rematch.offeredBy && rematch.offeredBy !== mine;
  const b = el('button', { type: 'button', class: theirs ? 'good' : '', 'data-testid': 'rematch-inline',
    text: theirs ? t('acceptRematch') : rematch.asked ? t('rematchSent') : t('rematch') });
  b.disabled = rematch.asked && !theirs;
  b.onclick = askRematch;
  return b;
}

function renderStatus() {
  const box = $('status');
  if (view.status === 'over') {
    const o = view.outcome;
    // replaceChildren would write a null out as the word "null".
    box.replaceChildren(...[el('div', { class: 'result', text: view.result, 'data-testid': 'result' }),
      o ? el('div', { class: 'why' }, el('b', { text: o.ruling.rule + ' ' }), said(o.ruling.message)) : null,
      rematchButton()].filter(Boolean));
  } else if (view.status === 'created') {
    box.replaceChildren(el('div', { text: t('waiting') }));
  } else {
    box.replaceChildren(el('div', { text: t('toMove', { side: sideName(view.turn) }) + (view.check ? ' ' + t('check') : '') }));
  }
}

function renderOffer() {
  const by = view.pending_offer;
  const box = $('offer');
  box.hidden = !by || view.status !== 'started';
  if (box.hidden) return;
  $('offer-text').textContent = t('drawOffered', { side: sideName(by) });
  const answer = myColor() && myColor() !== by;
  $('accept').hidden = !answer; $('decline').hidden = !answer;
}

function renderMoves() {
  const rows = [];
  // Moves are numbered from the starting position's move number.
  const startFen = view.head.fen;
  let number = startFen ? Number(startFen.split(' ')[5]) || 1 : 1;
  const plies = view.moves;
  const shown = shownPly();
  let row = null;
  plies.forEach((p, i) => {
    const text = moveText(p) + (p.offered_draw ? ' (=)' : '');
    const cell = el('td', { class: 'mv' + (browsing() && i === shown - 1 ? ' shown' : '') + (i === plies.length - 1 ? ' last' : ''),
      text, 'data-ply': String(i + 1), onclick: () => goTo(i + 1) });
    if (p.side === 'white' || !row) {
      row = el('tr', {}, el('td', { class: 'n', text: `${number}.` }));
      if (p.side === 'black') row.append(el('td', { text: '…' }));
      rows.push(row);
    }
    row.append(cell);
    if (p.side === 'black') { number += 1; row = null; }
  });
  $('moves').replaceChildren(...rows);
  const box = $('moves-card');
  box.hidden = !plies.length;
  const b = $('browsing');
  b.hidden = !browsing();
  if (browsing()) {
    b.replaceChildren(el('span', { text: t('browsing', { shown, total: plies.length }) }),
      el('button', { type: 'button', text: t('backToLive'), onclick: () => goTo(null) }));
    box.querySelector('.shown')?.scrollIntoView({ block: 'nearest' });
  } else {
    box.scrollTop = 1e9;
  }
}

// Stepping through the record: `ply` moves in (0: the start), or null for
// the game as it stands.
function goTo(ply) {
  if (!view) return;
  if (ply != null) ply = Math.max(0, Math.min(view.moves.length, ply));
  cursor = ply == null || ply === view.moves.length ? null : ply;
  renderBoard(); renderMaterial(); renderMoves();
  if (!browsing()) tryPremove();
}
$('nav-first').onclick = () => goTo(0);
$('nav-prev').onclick = () => goTo(shownPly() - 1);
$('nav-next').onclick = () => goTo(shownPly() + 1);
$('nav-last').onclick = () => goTo(null);
document.addEventListener('keydown', (e) => {
  if (!view || e.target.closest('input, select, textarea') || e.altKey || e.ctrlKey || e.metaKey) return;
  const to = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, ArrowUp: 0, Home: 0, ArrowDown: null, End: null }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  goTo(to);
});

$('flip').onclick = () => { flipped = !flipped; if (view) { renderBoard(); renderPlayers(); renderClocks(); } };

function renderMute() {
  const m = sound.muted();
  $('mute').classList.toggle('muted', m);
  $('mute').dataset.muted = m ? 'yes' : 'no';
  $('mute').title = m ? t('unmute') : t('mute');
  $('mute').setAttribute('aria-pressed', m ? 'true' : 'false');
}
$('mute').onclick = () => { sound.setMuted(!sound.muted()); renderMute(); };

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t('copiedWhat', { what: button.textContent }), null, false);
  } catch { toast(text, null, false); }
}
$('copy-fen').onclick = () => view && copy(browsing() ? boards()[cursor].fen : view.fen, $('copy-fen'));
$('copy-pgn').onclick = async () => {
  const response = await fetch(`/api/games/${id}/pgn`);
  if (response.ok) copy(await response.text(), $('copy-pgn'));
};

// Routine entries (moves and clock presses) are folded together; the
// decisions (offers, claims, penalties, the end) stand out.
const ROUTINE = new Set(['move_made', 'clock_pressed', 'adjusted', 'touched', 'clock_started']);
const DECISION = new Set(['game_over', 'claim_refused', 'takeback_refused', 'illegal_move_completed', 'position_restored', 'increment_granted', 'time_added', 'illegal_move_stands']);

function consequences(entry) {
  const v = entry.verdict;
  return [...(v.due || []), ...(v.consequences || [])];
}

// Who acted, and after which move: "White · after 12… Nf6".
function whoAndWhen(entry) {
  const who = entry.actor === 'arbiter' ? t('arbiter') : sideName(entry.actor);
  const plies = entry.plies;
  if (!plies || !view) return who;
  const p = view.moves[plies - 1];
  if (!p) return who;
  const start = view.head.fen ? Number(view.head.fen.split(' ')[5]) || 1 : 1;
  const firstBlack = view.head.fen && view.head.fen.split(' ')[1] === 'b';
  const index = plies - 1 + (firstBlack ? 1 : 0);
  const number = start + Math.floor(index / 2);
  const san = moveText(p);
  return `${who} · ${t('afterMove', { move: `${number}${p.side === 'white' ? '.' : '…'} ${san}` })}`;
}

function renderRulings() {
  const box = $('rulings');
  const items = [];
  const entries = [...recorded.values()].sort((a, b) => a.seq - b.seq);
  let folded = [];
  const fold = () => {
    if (!folded.length) return;
    const moves = folded.filter((c) => c.effect === 'clock_pressed' || c.effect === 'move_made').length;
    items.push(el('details', { class: 'routine', 'data-testid': 'routine' },
      el('summary', { text: (moves ? tn('routineMoves', moves) : tn('routineEntries', folded.length)) }),
      ...folded.map((c) => el('div', { class: 'ruling' }, el('span', { class: 'rule', text: c.ruling.rule }), said(c.ruling.message)))));
    folded = [];
  };
  for (const entry of entries) {
    for (const c of consequences(entry)) {
      const routine = ROUTINE.has(c.effect) && !(c.effect === 'touched' && c.obligation);
      if (routine) { folded.push(c); continue; }
      fold();
      const cls = 'ruling notable' + (DECISION.has(c.effect) ? ' decision' : '') + (c.effect === 'game_over' ? ' final' : '');
      items.push(el('div', { class: cls, 'data-effect': c.effect },
        el('span', { class: 'rule', text: c.ruling.rule }), said(c.ruling.message),
        el('span', { class: 'who', text: whoAndWhen(entry) })));
    }
  }
  fold();
  for (const r of refusals) {
    const who = r.actor ? el('span', { class: 'who', text: r.actor === 'arbiter' ? t('arbiter') : sideName(r.actor) }) : null;
    items.push(el('div', { class: 'ruling rejected', 'data-testid': 'refusal' },
      el('span', { class: 'rule', text: r.rule }), said(r.message), who));
  }
  // The newest first.
  items.reverse();
  box.replaceChildren(el('h2', { text: t('rulings') }), ...(items.length ? items : [el('div', { class: 'none', text: t('noRulings') })]));
}

function renderActions() {
  const mine = myColor();
  const playing = view.status === 'started';
  const over = view.status === 'over';
  $('actions').hidden = !(mine && playing);
  $('claim-flag').hidden = view.head.flag_call !== 'claim';
  $('claim').hidden = $('claim').hidden || !(mine && playing);
  $('arbiter-tools').hidden = role !== 'arbiter';
  // The arbiter's tools act on a game in progress; once it is over there
  // is nothing left to rule on.
  for (const b of $('arbiter-tools').querySelectorAll('button, input, select')) b.disabled = over;
  $('a-start').disabled = view.status !== 'created';
  $('arbiter-tools').classList.toggle('over', over);
  const r = $('role');
  r.textContent = { white: t('role_white'), black: t('role_black'), arbiter: t('role_arbiter') }[role] ?? t('role_spectator');
  r.className = `pill role-${role}`;
}

function gameEnded() {
  sound.play('end');
  if (!overShown) { overShown = true; renderOver(); $('over').showModal(); }
}

function renderOver() {
  if (!view || view.status !== 'over') return;
  const o = view.outcome;
  $('over-result').textContent = view.result;
  $('over-why').replaceChildren(...(o ? [el('b', { text: o.ruling.rule + ' ' }), said(o.ruling.message)] : []));
  const mine = myColor();
  const theirs = rematch.offeredBy && rematch.offeredBy !== mine;
  $('rematch').hidden = !mine;
  $('rematch').textContent = theirs ? t('acceptRematch') : rematch.asked ? t('rematchSent') : t('rematch');
  $('rematch').disabled = !!(rematch.asked && !theirs);
  $('over-rematch-note').textContent = rematch.offeredBy ? t('rematchOffered', { side: sideName(rematch.offeredBy) }) : '';
  renderStatus();
}

function askRematch() {
  if (!socket || socket.readyState !== 1) return;
  rematch.asked = true;
  socket.send(JSON.stringify({ type: 'rematch' }));
  renderOver();
}
$('rematch').onclick = askRematch;
$('over-close').onclick = () => $('over').close();

function render() {
  if (!view) return;
  applyStrings(render);
  const h = view.head;
  $('event').textContent = [h.event, h.round && t('roundNumber', { round: h.round }), h.time_control, h.ruleset && rulesetName(h.ruleset)].filter(Boolean).join(' · ');
  document.title = `${h.white} – ${h.black} · ${t('title')}`;
  // What the page shows, for scripts and tests: whose turn, how many moves.
  Object.assign(document.body.dataset, { status: view.status, turn: view.turn, plies: String(view.moves.length) });
  if (cursor != null && cursor >= view.moves.length) cursor = null;
  renderBoard(); renderPlayers(); renderClocks(); renderStatus(); renderOffer(); renderMoves(); renderRulings(); renderActions();
  renderMute(); renderReceipt();
  if ($('over').open) renderOver();
}

function renderReceipt() {
  $('receipt').hidden = receipt == null;
  if (receipt != null) $('receipt-text').textContent = t('receipt', { size: receipt });
}

$('offer-draw').onclick = () => act({ kind: 'offer_draw' });
$('accept').onclick = () => act({ kind: 'accept_draw' });
$('decline').onclick = () => act({ kind: 'decline_draw' });
$('resign').onclick = () => { if (confirm(t('confirmResign'))) act({ kind: 'resign' }); };
$('claim-flag').onclick = () => act({ kind: 'claim_flag' });
$('request-increment').onclick = () => act({ kind: 'request_increment' });
$('claim-draw').onclick = () => { $('claim').hidden = false; $('claim-move').focus(); };
$('claim-cancel').onclick = () => { $('claim').hidden = true; };
$('claim').onsubmit = (e) => {
  e.preventDefault();
  const move = $('claim-move').value.trim();
  act({ kind: 'claim_draw', claim: $('claim-kind').value, ...(move ? { move } : {}) });
  $('claim').hidden = true; $('claim-move').value = '';
};
$('a-start').onclick = () => act({ kind: 'start' });
$('a-flag').onclick = () => act({ kind: 'claim_flag' });
$('a-illegal').onclick = () => act({ kind: 'claim_illegal_move' });
$('a-increment').onclick = () => act({ kind: 'grant_increment' });
$('a-colours').onclick = () => act({ kind: 'colours_reversed' });
$('a-board').onclick = () => act({ kind: 'board_turned' });
$('declare').onsubmit = (e) => {
  e.preventDefault();
  act({ kind: 'declare_result', result: $('d-result').value, rule: $('d-rule').value.trim(), reason: $('d-reason').value.trim() });
};
$('chat').onsubmit = (e) => {
  e.preventDefault();
  const text = $('chat-text').value.trim();
  if (text && socket) socket.send(JSON.stringify({ type: 'chat', text }));
  $('chat-text').value = '';
};

applyStrings(render);
renderMute();
start();
