// The game page: the board (chessground), clocks, record, offers, claims,
// rulings, the arbiter's tools. The server decides everything: this page
// only shows its views and sends what the person does.
import { Chessground } from './vendor/chessground.min.js';
import { applyStrings, t, said, sideName, clockText, el, lang } from './i18n.js';

const id = location.pathname.split('/')[2];
const token = decodeURIComponent(location.hash.slice(1));
const $ = (x) => document.getElementById(x);

let view = null;         // the whole view, moves included
let receivedAt = 0;      // performance.now() when `view.clock` arrived
let role = 'spectator';
let socket = null;
let nextId = 1;
const pending = new Map();
const rulings = [];
let pendingPromotion = null;

const myColor = () => (role === 'white' || role === 'black' ? role : null);
const ground = window.arbiterBoard = Chessground($('board'), {
  coordinates: true,
  animation: { duration: 180 },
  premovable: { enabled: false },
  movable: { free: false, showDests: true, events: { after: onBoardMove } },
  draggable: { showGhost: true },
});

$('sheet-link').href = `/game/${id}/scoresheet`;
$('pgn-link').href = `/api/games/${id}/pgn`;

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws`);
  socket.onopen = () => {
    $('banner').hidden = true;
    if (token) socket.send(JSON.stringify({ type: 'auth', token }));
  };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
  socket.onclose = () => {
    $('banner').textContent = t('connection');
    $('banner').hidden = false;
    setTimeout(connect, 1000);
  };
}

function receive(msg) {
  switch (msg.type) {
    case 'full':
      view = msg.view; receivedAt = performance.now(); render(); break;
    case 'update': {
      const moves = view.moves.slice(0, msg.view.moves_from).concat(msg.view.moves);
      // An update leaves out the head, which never changes.
      view = { ...view, ...msg.view, moves, moves_from: 0 }; receivedAt = performance.now();
      if (msg.view.ruled) noteRuling(msg.view.ruled);
      render(); break;
    }
    case 'role':
      role = msg.role; render(); break;
    case 'verdict': {
      const done = pending.get(msg.id); pending.delete(msg.id);
      if (msg.error) toast(msg.error, null, true);
      else if (msg.verdict.verdict === 'rejected') {
        toast(said(msg.verdict.message), msg.verdict.rule, true);
        rulings.unshift({ rule: msg.verdict.rule, message: msg.verdict.message, rejected: true });
        renderRulings();
        if (view) renderBoard();
      }
      if (done) done(msg);
      break;
    }
    case 'chat':
      $('chat-lines').append(el('div', {}, el('b', { text: msg.line.username }), msg.line.text));
      $('chat-lines').scrollTop = 1e9; break;
    case 'gone':
      if (msg.color !== myColor()) toast(msg.gone ? t('gone', sideName(msg.color)) : '', null, false);
      break;
  }
}

function act(event, done) {
  if (!socket || socket.readyState !== 1) return;
  const reqId = nextId++;
  if (done) pending.set(reqId, done);
  socket.send(JSON.stringify({ type: 'act', id: reqId, event }));
}

function noteRuling(ruled) {
  const all = [...(ruled.verdict.due || []), ...(ruled.verdict.consequences || [])];
  for (const c of all) rulings.unshift({ rule: c.ruling.rule, message: c.ruling.message });
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

function renderBoard() {
  const mine = myColor();
  const canMove = mine && view.status === 'started' && view.turn === mine;
  ground.set({
    fen: view.fen,
    orientation: mine === 'black' ? 'black' : 'white',
    turnColor: view.turn,
    check: view.check ? view.turn : false,
    lastMove: view.last_move || undefined,
    // Spectators simply get no movable colour: chessground's viewOnly would
    // leave the board unbound after a later change of orientation.
    movable: { color: canMove ? mine : undefined, dests: canMove ? destsMap() : new Map() },
  });
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
  row.replaceChildren(...[['q', 'queen'], ['r', 'rook'], ['b', 'bishop'], ['n', 'knight']].map(([letter, name]) => {
    const b = el('button', { type: 'button', title: t(name), 'data-testid': `promote-${letter}` });
    // Inside a .cg-wrap so that chessground's piece set draws it.
    b.append(el('div', { class: 'cg-wrap promo-piece' }, el('piece', { class: `${name} ${color}` })));
    b.onclick = () => { $('promotion').hidden = true; pendingPromotion = null; sendMove(orig + dest + letter); };
    return b;
  }));
  $('promotion').hidden = false;
}
$('promotion-cancel').onclick = () => { $('promotion').hidden = true; pendingPromotion = null; renderBoard(); };

function renderPlayers() {
  const bottom = myColor() === 'black' ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [slot, color] of [['player-top', top], ['player-bottom', bottom]]) {
    const box = $(slot);
    const name = box.querySelector('.name');
    const you = myColor() === color ? ` (${t('you')})` : '';
    name.replaceChildren(el('span', { class: `dot ${color}` }), el('span', { text: view.head[color] + you }));
    box.dataset.color = color;
  }
}

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

function renderStatus() {
  const box = $('status');
  if (view.status === 'over') {
    const o = view.outcome;
    box.replaceChildren(el('div', { class: 'result', text: view.result, 'data-testid': 'result' }),
      o ? el('div', { class: 'why' }, el('b', { text: o.ruling.rule + ' ' }), said(o.ruling.message)) : null);
  } else if (view.status === 'created') {
    box.replaceChildren(el('div', { text: t('waiting') }));
  } else {
    box.replaceChildren(el('div', { text: t('toMove', sideName(view.turn)) + (view.check ? ' ' + t('check') : '') }));
  }
}

function renderOffer() {
  const by = view.pending_offer;
  const box = $('offer');
  box.hidden = !by || view.status !== 'started';
  if (box.hidden) return;
  $('offer-text').textContent = t('drawOffered', sideName(by));
  const answer = myColor() && myColor() !== by;
  $('accept').hidden = !answer; $('decline').hidden = !answer;
}

function renderMoves() {
  const rows = [];
  const zh = lang() === 'zh';
  // Moves are numbered from the starting position's move number.
  const startFen = view.head.fen;
  let number = startFen ? Number(startFen.split(' ')[5]) || 1 : 1;
  const plies = view.moves;
  let row = null;
  plies.forEach((p, i) => {
    const text = (zh ? p.chinese : p.san) + (p.offered_draw ? ' (=)' : '');
    const cell = el('td', { class: i === plies.length - 1 ? 'last' : '', text });
    if (p.side === 'white' || !row) {
      row = el('tr', {}, el('td', { class: 'n', text: `${number}.` }));
      if (p.side === 'black') row.append(el('td', { text: '…' }));
      rows.push(row);
    }
    row.append(cell);
    if (p.side === 'black') { number += 1; row = null; }
  });
  $('moves').replaceChildren(...rows);
  $('moves').parentElement.scrollTop = 1e9;
}

function renderRulings() {
  const box = $('rulings');
  box.replaceChildren(el('h2', { text: t('rulings') }), ...rulings.slice(0, 40).map((r) =>
    el('div', { class: 'ruling' + (r.rejected ? ' rejected' : '') }, el('span', { class: 'rule', text: r.rule }), said(r.message))));
}

function renderActions() {
  const mine = myColor();
  const playing = view.status === 'started';
  $('actions').hidden = !(mine && playing);
  $('claim-flag').hidden = view.head.flag_call !== 'claim';
  $('claim').hidden = $('claim').hidden || !(mine && playing);
  $('arbiter-tools').hidden = role !== 'arbiter';
  $('a-start').disabled = view.status !== 'created';
  const r = $('role');
  r.textContent = t(`role_${role}`);
  r.className = `pill role-${role}`;
}

function render() {
  if (!view) return;
  applyStrings(render);
  const h = view.head;
  $('event').textContent = [h.event, h.round && `${t('round')} ${h.round}`, h.time_control, h.ruleset].filter(Boolean).join(' · ');
  document.title = `${h.white} – ${h.black} · Arbiter`;
  // What the page shows, for scripts and tests: whose turn, how many moves.
  Object.assign(document.body.dataset, { status: view.status, turn: view.turn, plies: String(view.moves.length) });
  renderBoard(); renderPlayers(); renderClocks(); renderStatus(); renderOffer(); renderMoves(); renderRulings(); renderActions();
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
connect();
