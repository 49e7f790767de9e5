// The tournament pages, one script for every view of an event, read from
// the address: /tournament (the events and the form that opens one),
// /tournament/ID (home: players, rounds, live boards), …/pairings/N,
// …/standings, …/crosstable, …/player/N (a player's card), …/it3 (the
// tournament report for FIDE), …/it1/N/TITLE (a norm's certificate),
// …/join (the registration link) and …/arbiter (the arbiter's console).
// Everything comes from /api/tournament; the server decides, the page only
// shows and asks.
import { applyStrings, t, say, el, clockText, rulesetName, problemText, lang } from './i18n.js';
import { titleName, ratingChangeCell, ratingFacts, normsTable } from './fide-reports.js';
import { showBoardsScreen } from './boards-screen.js';
import { fairPlayCard } from './fairplay.js';

const REFRESH_MS = 2000;
const $ = (x) => document.getElementById(x);
const parts = location.pathname.split('/').filter(Boolean);
const id = parts[1];
const view = parts[2] || (id ? 'home' : 'list');
const arg = parts[3];

let state = null;
let dirty = false; // the arbiter is editing a form: no re-render under him

// The console's own secret link, when the page was opened by it (as
// right after the event was made): shown once, for the arbiter to keep,
// since his token is otherwise only in this browser's storage.
let consoleLinkToKeep = '';

// A token comes in the address's fragment once (a link), then is kept.
function keptToken(kind) {
  const key = `arbiter.tournament.${id}.${kind}`;
  const fromLink = decodeURIComponent(location.hash.slice(1));
  if (fromLink) {
    localStorage.setItem(key, fromLink);
    if (kind === 'arbiter') consoleLinkToKeep = location.origin + location.pathname + location.hash;
    history.replaceState(null, '', location.pathname);
  }
  return localStorage.getItem(key) || '';
}
const arbiterToken = view === 'arbiter' ? keptToken('arbiter') : (id ? localStorage.getItem(`arbiter.tournament.${id}.arbiter`) || '' : '');
const playerToken = view === 'home' ? keptToken('player') : (id ? localStorage.getItem(`arbiter.tournament.${id}.player`) || '' : '');
const myAccount = () => (id ? localStorage.getItem(`arbiter.tournament.${id}.account`) || '' : '');

function showError(text) {
  $('error').hidden = !text;
  $('error').textContent = text || '';
}

async function api(path, { method = 'GET', body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch { json = text; }
  if (!response.ok) throw new Error(problemText(json, response.status));
  return json;
}

// An act of the arbiter's (or a player's): its answer, or its refusal
// shown; the state is read again either way.
async function act(path, body, token = arbiterToken) {
  try {
    const answer = await api(`/api/tournament/${id}/${path}`, { method: 'POST', body, token });
    showError('');
    dirty = false;
    await load(true);
    return answer;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

const player = (n) => state.players.find((p) => p.id === n);
const playerName = (n) => (player(n) ? player(n).name : '');
const link = (path, text, attrs = {}) => el('a', { href: `/tournament/${id}${path}`, ...attrs }, text);
const playerLink = (n) => link(`/player/${n}`, playerName(n), { 'data-player': n });

// A board's result as a wall sheet writes it: forfeits as + and −.
function scoreText(result) {
  return {
    white_wins: '1 – 0', draw: '½ – ½', black_wins: '0 – 1',
    white_wins_by_forfeit: '+ – −', black_wins_by_forfeit: '− – +', double_forfeit: '− – −',
    white_half_black_zero: '½ – 0', white_zero_black_half: '0 – ½', double_loss: '0 – 0',
  }[result] || '';
}

function systemName(system) {
  if (system.kind === 'round_robin') return system.cycles === 2 ? t('tnDoubleRoundRobin') : t('tnRoundRobin');
  if (system.kind === 'knockout') return t('tnKnockout');
  return t('tnDutch');
}

function statusName(status) {
  return { created: t('tnStatusCreated'), started: t('tnStatusStarted'), finished: t('tnStatusFinished') }[status] || status;
}

// ---- The event's head and its tabs -------------------------------------

function renderHead() {
  const s = state.settings;
  $('head').hidden = false;
  $('event-name').textContent = s.name;
  document.title = `${s.name} · ${t('tnTitle')}`;
  const facts = [s.place, [s.start_date, s.end_date].filter(Boolean).join(' – '), systemName(s.system),
    t('tnRoundsOf', { paired: state.rounds.length, rounds: state.rounds_planned ?? s.rounds }),
    s.time_control, rulesetName(s.ruleset), s.mode === 'online' ? t('online') : t('otb'),
    s.chief_arbiter ? t('tnChiefArbiterIs', { name: s.chief_arbiter }) : '', statusName(state.status)];
  $('event-facts').textContent = facts.filter(Boolean).join(' · ');
  const last = state.rounds.length;
  const tabs = [
    ['home', '', t('tnHome')],
    ['pairings', last ? `/pairings/${last}` : '/pairings', t('tnPairings')],
    ['standings', '/standings', t('tnStandings')],
    ['crosstable', '/crosstable', t('tnCrosstable')],
    ['it3', '/it3', t('tnIt3')],
    ['join', '/join', t('tnRegister')],
    ['arbiter', '/arbiter', t('tnConsole')],
  ];
  $('tabs').replaceChildren(...tabs.map(([name, path, text]) => link(path, text, {
    class: name === view ? 'tab current' : 'tab', 'data-testid': `tab-${name}`,
  })));
}

function table(headers, rows, attrs = {}) {
  return el('table', { class: 'tn-sheet', ...attrs },
    el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', { text: h })))),
    el('tbody', {}, ...rows));
}

function printButton() {
  return el('button', { type: 'button', class: 'no-print', text: t('tnPrint'), onclick: () => window.print() });
}

// ---- Home ---------------------------------------------------------------

function renderHome() {
  const players = [...state.players].sort((a, b) => a.start_no - b.start_no);
  const rows = players.map((p) => el('tr', { 'data-player': p.id },
    el('td', { text: p.start_no }), el('td', { class: 'title', text: titleName(p.title) }),
    el('td', {}, playerLink(p.id), p.withdrawn_after != null ? el('span', { class: 'pill', text: t('tnWithdrawn') }) : null),
    el('td', { text: p.rating || '' }), el('td', { text: p.federation }), el('td', { class: 'num', text: p.points ?? '0' })));
  const playersCard = el('section', { class: 'card' }, el('h2', { text: t('tnPlayers') }),
    rows.length ? table(['#', '', t('tnName'), t('tnRating'), t('tnFederation'), t('tnPoints')], rows, { 'data-testid': 'players' })
      : el('p', { class: 'meta', text: t('tnNoPlayers') }),
    state.lots_drawn ? el('p', { class: 'meta', 'data-testid': 'drawn-by-lot', text: t('tnDrawnByLot') }) : null,
    el('p', { class: 'meta' }, t('tnJoinHere'), ' ', el('a', { href: state.links.join, 'data-testid': 'join-link' }, location.origin + state.links.join)));
  const roundsCard = el('section', { class: 'card' }, el('h2', { text: t('tnRounds') }),
    state.rounds.length ? el('ul', { class: 'rounds' }, ...state.rounds.map((r) => el('li', {},
      link(`/pairings/${r.number}`, t('tnRoundN', { n: r.number })), ' ',
      el('span', { class: 'meta', text: r.complete ? t('tnRoundComplete') : r.published ? t('tnRoundPlaying') : t('tnRoundPaired') }))))
      : el('p', { class: 'meta', text: t('tnNoRounds') }));
  const live = el('section', { class: 'card wide' }, el('h2', { text: t('tnLiveBoards') }), liveBoards());
  const mine = myGame();
  $('view').replaceChildren(el('div', { class: 'tgrid' }, ...(mine ? [mine] : []), live, playersCard, roundsCard));
  refreshClocks();
}

// The player's own game in the round being played, from his token.
function myGame() {
  const me = state.players.find((p) => p.account && p.account === myAccount());
  if (!me) return null;
  const round = state.rounds[state.rounds.length - 1];
  const card = el('section', { class: 'card wide mine', 'data-testid': 'my-game' }, el('h2', { text: t('tnYou', { name: me.name }) }));
  if (!round || !round.published) { card.append(el('p', { class: 'meta', text: t('tnNoGameYet') })); return card; }
  const board = round.boards.find((b) => b.white === me.id || b.black === me.id);
  if (!board) { card.append(el('p', { text: round.bye === me.id ? t('tnYouHaveBye') : t('tnNotPaired') })); return card; }
  const opponent = board.white === me.id ? board.black : board.white;
  card.append(el('p', {}, t('tnYourGame', { round: round.number, board: board.board, opponent: playerName(opponent) }), ' ',
    el('a', { class: 'button primary', href: `/game/${board.game}#${playerToken}`, 'data-testid': 'play', text: t('tnPlay') })));
  return card;
}

function liveBoards() {
  const round = [...state.rounds].reverse().find((r) => r.published);
  if (!round) return el('p', { class: 'meta', text: t('tnNoLiveBoards') });
  return el('div', { class: 'live' }, el('p', { class: 'meta', text: t('tnRoundN', { n: round.number }) }),
    ...round.boards.map((b) => el('a', { class: 'live-board', href: `/game/${b.game}`, 'data-game': b.game, 'data-testid': 'live-board' },
      el('span', { class: 'bd', text: b.board }),
      el('span', { class: 'who' }, el('b', { text: playerName(b.white) }), el('span', { class: 'clock', 'data-side': 'white' })),
      el('span', { class: 'res', text: scoreText(b.result) || '*' }),
      el('span', { class: 'who' }, el('b', { text: playerName(b.black) }), el('span', { class: 'clock', 'data-side': 'black' })))),
    round.bye ? el('p', { class: 'meta', text: t('tnByeIs', { name: playerName(round.bye) }) }) : null);
}

async function refreshClocks() {
  for (const a of document.querySelectorAll('.live-board[data-game]')) {
    try {
      const g = await api(`/api/games/${a.dataset.game}`);
      for (const side of ['white', 'black']) {
        const c = a.querySelector(`.clock[data-side=${side}]`);
        if (!g.clock || !g.clock.timed) { c.textContent = ''; continue; }
        c.textContent = clockText(side === 'white' ? g.clock.white_ms : g.clock.black_ms);
        c.classList.toggle('running', g.status === 'started' && g.clock.running === side);
      }
    } catch { /* the board keeps its last reading */ }
  }
}

// ---- Pairings -------------------------------------------------------------

// A player's points before round n, from his crosstable cells and the
// event's points, as a pairings sheet shows them.
function pointsBefore(n, round) {
  const p = state.settings.points;
  const scores = { 1: p.win, W: p.win, '+': p.forfeit_win, F: p.full_point_bye, U: p.pairing_allocated_bye,
    '=': p.draw, D: p.draw, H: p.half_point_bye, 0: p.loss, L: p.loss, '-': p.forfeit_loss, Z: p.zero_point_bye };
  const row = state.crosstable.find((c) => c.player === n);
  const sum = (row ? row.rounds.slice(0, round - 1) : []).reduce((total, c) => total + (scores[c.code] ?? 0), 0);
  return String(Math.round(sum * 10) / 10);
}

// The boards that differ from the engine's pairing (before the first
// change by hand).
function changedBoards(round) {
  if (!round.changes.length) return new Set();
  const before = round.changes[0].before.map((b) => `${b.white}-${b.black}`);
  return new Set(round.boards.filter((b) => !before.includes(`${b.white}-${b.black}`)).map((b) => b.board));
}

function renderPairings() {
  const n = Number(arg) || state.rounds.length;
  const round = state.rounds[n - 1];
  const chooser = el('nav', { class: 'rounds-nav no-print' }, ...state.rounds.map((r) => link(`/pairings/${r.number}`, t('tnRoundN', { n: r.number }), { class: r.number === n ? 'tab current' : 'tab' })));
  if (!round) { $('view').replaceChildren(el('section', { class: 'card' }, el('p', { class: 'meta', text: t('tnNoRounds') }))); return; }
  const changed = changedBoards(round);
  const points = (p) => pointsBefore(p, n);
  const rows = round.boards.map((b) => el('tr', { 'data-board': b.board, class: changed.has(b.board) ? 'manual' : '' },
    el('td', { text: b.board }),
    el('td', {}, playerLink(b.white), el('span', { class: 'meta', text: ` (${points(b.white)})` })),
    el('td', { class: 'res', 'data-testid': 'result', text: scoreText(b.result) }),
    el('td', {}, playerLink(b.black), el('span', { class: 'meta', text: ` (${points(b.black)})` })),
    el('td', {}, changed.has(b.board) ? el('span', { class: 'pill manual', 'data-testid': 'manual-board', text: t('tnChangedByHand') }) : null,
      b.game ? el('a', { class: 'no-print', href: `/game/${b.game}`, text: t('tnWatch') }) : null)));
  const card = el('section', { class: 'card wide printable' },
    el('h2', { text: t('tnPairingsOfRound', { n }) }),
    table([t('tnBoard'), t('white'), t('tnResult'), t('black'), ''], rows, { 'data-testid': 'pairings' }),
    round.bye ? el('p', { 'data-testid': 'bye', text: t('tnByeIs', { name: playerName(round.bye) }) }) : null,
    state.lots_drawn ? el('p', { class: 'meta', 'data-testid': 'drawn-by-lot', text: t('tnDrawnByLot') }) : null,
    ...state.players.filter((p) => p.byes.some((b) => b.round === n)).map((p) => el('p', { class: 'meta', text: t('tnRequestedBye', { name: p.name }) })),
    round.changes.length ? el('div', { class: 'changes', 'data-testid': 'manual-changes' },
      el('h2', { text: t('tnManualChanges') }),
      ...round.changes.map((c) => el('p', { 'data-testid': 'manual-change' },
        t('tnChangeBy', { by: c.by, reason: c.reason, at: new Date(c.at_ms).toLocaleString(say('language-tag')) }), ' ',
        el('span', { class: 'meta', text: t('tnBefore', { boards: c.before.map((b) => `${playerName(b.white)} – ${playerName(b.black)}`).join('; ') }) }))))
      : el('p', { class: 'meta', text: t('tnPairedBy', { by: round.paired_by }) }),
    printButton());
  $('view').replaceChildren(chooser, card);
}

// ---- Standings and crosstable -------------------------------------------

function renderStandings() {
  const st = state.standings;
  const rows = st.rows.map((r) => {
    const p = player(r.player);
    return el('tr', { 'data-player': r.player },
      el('td', { text: r.rank }), el('td', { text: r.start_no }), el('td', { class: 'title', text: titleName(p.title) }),
      el('td', {}, playerLink(r.player)), el('td', { text: p.rating || '' }), el('td', { text: p.federation }),
      ...r.values.map((v) => el('td', { class: 'num', text: v ?? '' })),
      el('td', { class: 'num', 'data-rating-change': '', text: ratingChangeCell(p) }));
  });
  // A knockout ranks by its bracket; its points count every game of
  // every match, each game a round of the event.
  const heading = state.knockout ? t('tnKnockoutPoints', { n: st.after_round }) : t('tnStandingsAfter', { n: st.after_round });
  const points = el('section', { class: 'card wide printable' },
    el('h2', { text: heading, 'data-testid': 'standings-heading' }),
    table([t('tnRank'), '#', '', t('tnName'), t('tnRating'), t('tnFederation'), ...st.tiebreaks, t('tnRatingChange')], rows, { 'data-testid': 'standings' }),
    printButton());
  $('view').replaceChildren(...(state.knockout ? [renderBracket(state.knockout), points] : [points]));
}

// A knockout's bracket: each round's matches with their score, who went
// through and the stage that decided it.
function renderBracket(ko) {
  const tempo = (x) => ({
    standard: () => t('tnTempoStandard'), rapid: () => t('tnTempoRapid'),
    blitz: () => t('tnTempoBlitz'), armageddon: () => t('tnTempoArmageddon'), lot: () => t('tnByLot'),
  }[x] || (() => x))();
  const points = (x) => String(x).replace('.5', '½').replace(/^0½$/, '½');
  const rounds = ko.rounds.map((r) => el('div', { class: 'bracket-round' },
    el('h3', { text: t('tnKnockoutRound', { n: r.number }) }),
    table([t('tnName'), '', t('tnName'), ''], r.matches.map((m) => el('tr', { 'data-testid': 'match' },
      el('td', { class: m.winner === m.first ? 'through' : '' }, playerLink(m.first)),
      el('td', { class: 'num', text: m.second == null ? '' : `${points(m.score[0])}–${points(m.score[1])}` }),
      el('td', { class: m.winner != null && m.winner === m.second ? 'through' : '' }, m.second == null ? t('tnByeThrough') : playerLink(m.second)),
      el('td', { class: 'meta', text: m.winner != null ? t('tnThrough', { name: playerName(m.winner), stage: tempo(m.decided_by) }) : (m.next_stage ? tempo(m.next_stage) : '') }))))));
  return el('section', { class: 'card wide printable', 'data-testid': 'bracket' },
    el('h2', { text: t('tnBracket') }),
    ko.winner != null ? el('p', { text: t('tnKnockoutWinner', { name: playerName(ko.winner) }) }) : null,
    ...rounds);
}

function renderCrosstable() {
  const st = state.standings;
  const orderOf = new Map(st.rows.map((r, i) => [r.player, i + 1]));
  const cells = new Map(state.crosstable.map((c) => [c.player, c.rounds]));
  const roundRobin = state.settings.system.kind === 'round_robin';
  let headers;
  let rows;
  if (roundRobin) {
    // The round-robin form: each player against each, in rank order.
    headers = [t('tnRank'), t('tnName'), ...st.rows.map((_, i) => String(i + 1)), t('tnPoints'), t('tnRatingChange')];
    rows = st.rows.map((r) => {
      const mine = cells.get(r.player) || [];
      return el('tr', { 'data-player': r.player }, el('td', { text: r.rank }), el('td', {}, playerLink(r.player)),
        ...st.rows.map((o) => {
          if (o.player === r.player) return el('td', { class: 'self' });
          const met = mine.filter((c) => c.opponent === o.player).map((c) => ({ 1: '1', 0: '0', '=': '½', '+': '+', '-': '−' }[c.code] || c.code));
          return el('td', { class: 'num', text: met.join(' ') });
        }), el('td', { class: 'num', text: r.values[0] ?? '' }),
        el('td', { class: 'num', 'data-rating-change': '', text: ratingChangeCell(player(r.player)) }));
    });
  } else {
    // The Swiss form: each round's opponent (by rank), colour and result.
    const rounds = state.rounds.length;
    headers = [t('tnRank'), t('tnName'), t('tnRating'), ...Array.from({ length: rounds }, (_, i) => t('tnRoundShort', { n: i + 1 })), ...st.tiebreaks, t('tnRatingChange')];
    rows = st.rows.map((r) => {
      const mine = cells.get(r.player) || [];
      return el('tr', { 'data-player': r.player }, el('td', { text: r.rank }), el('td', {}, playerLink(r.player)), el('td', { text: player(r.player).rating || '' }),
        ...Array.from({ length: rounds }, (_, i) => {
          const c = mine[i];
          if (!c || c.code === ' ') return el('td', {});
          const opp = c.opponent ? orderOf.get(c.opponent) : '';
          return el('td', { class: 'num', title: c.opponent ? playerName(c.opponent) : '', text: `${opp}${c.colour || ''}${c.code}` });
        }), ...r.values.map((v) => el('td', { class: 'num', text: v ?? '' })),
        el('td', { class: 'num', 'data-rating-change': '', text: ratingChangeCell(player(r.player)) }));
    });
  }
  $('view').replaceChildren(el('section', { class: 'card wide printable' },
    el('h2', { text: roundRobin ? t('tnCrosstableRoundRobin') : t('tnCrosstableSwiss') }),
    table(headers, rows, { 'data-testid': 'crosstable' }), printButton()));
}

// ---- A player's card --------------------------------------------------------

function renderPlayer() {
  const p = player(Number(arg));
  if (!p) { showError(t('tnNoSuchPlayer')); return; }
  const games = [];
  for (const r of state.rounds) {
    const b = r.boards.find((x) => x.white === p.id || x.black === p.id);
    if (b) {
      const white = b.white === p.id;
      const opponent = white ? b.black : b.white;
      games.push(el('tr', {}, el('td', { text: r.number }), el('td', { text: white ? t('white') : t('black') }),
        el('td', {}, playerLink(opponent)), el('td', { text: player(opponent).rating || '' }),
        el('td', { class: 'res', text: scoreText(b.result) }),
        el('td', {}, b.game ? el('a', { href: `/game/${b.game}`, text: t('tnWatch') }) : null)));
    } else if (r.bye === p.id) {
      games.push(el('tr', {}, el('td', { text: r.number }), el('td', { colspan: 5, text: t('tnPairingBye') })));
    } else if (p.byes.some((x) => x.round === r.number)) {
      games.push(el('tr', {}, el('td', { text: r.number }), el('td', { colspan: 5, text: t('tnRequestedByeShort') })));
    }
  }
  const facts = [[t('tnStartNo'), p.start_no], [t('tnRating'), p.rating || '–'], [t('tnFederation'), p.federation || '–'],
    [t('tnFideId'), p.fide_id || '–'], [t('tnTitleField'), titleName(p.title) || '–'], [t('tnPoints'), p.points ?? '0'],
    [t('tnPerformance'), p.performance ?? '–'], ...ratingFacts(p)];
  $('view').replaceChildren(el('section', { class: 'card wide', 'data-testid': 'player-card' },
    el('h2', { text: p.name }),
    el('dl', { class: 'facts' }, ...facts.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v, 'data-fact': k })])),
    p.withdrawn_after != null ? el('p', { class: 'meta', text: t('tnWithdrawnAfter', { n: p.withdrawn_after }) }) : null,
    table([t('tnRound'), t('tnColour'), t('tnOpponent'), t('tnRating'), t('tnResult'), ''], games, { 'data-testid': 'player-games' })),
  normsTable(p, { table, link }) || '');
}

// ---- The forms FIDE takes: a norm's certificate, the tournament report -----

// The forms are laid out by the server (crates/server/src/forms.rs) from
// the tournament crate's facts: the same HTML `arbiter norms --it1/--it3`
// writes, in the reader's language.
async function renderForm(path) {
  const language = lang();
  const response = await fetch(`/api/tournament/${id}/${path}?lang=${language}`);
  const text = await response.text();
  if (!response.ok) {
    let body = text;
    try { body = JSON.parse(text); } catch { /* not a problem document */ }
    showError(problemText(body, response.status));
    return;
  }
  // A language switched meanwhile has fetched the form again.
  if (language !== lang()) return;
  const form = document.createElement('template');
  form.innerHTML = text;
  $('view').replaceChildren(form.content, printButton());
}

function renderIt1() {
  renderForm(`it1/${arg}/${encodeURIComponent(parts[4] || '')}`);
}

function renderIt3() {
  renderForm('it3');
}

// ---- Registration -----------------------------------------------------------

function registrationFields() {
  return [
    el('label', {}, el('span', { text: t('tnName') }), el('input', { name: 'name', required: true, maxlength: 100, 'data-testid': 'reg-name' })),
    el('label', {}, el('span', { text: t('tnRating') }), el('input', { name: 'rating', type: 'number', min: 0, max: 3500, 'data-testid': 'reg-rating' })),
    el('label', {}, el('span', { text: t('tnFederation') }), el('input', { name: 'federation', maxlength: 3 })),
    el('label', {}, el('span', { text: t('tnFideId') }), el('input', { name: 'fide_id', type: 'number', min: 0 })),
    el('label', {}, el('span', { text: t('tnTitleField') }), el('input', { name: 'title', maxlength: 3 })),
    // Sex for the WGM and WIM norms; the birth date for a junior's K (40).
    el('label', {}, el('span', { text: t('tnSex') }), el('select', { name: 'sex' }, el('option', { value: '', text: '–' }),
      el('option', { value: 'm', text: t('tnSexMan') }), el('option', { value: 'w', text: t('tnSexWoman') }))),
    el('label', {}, el('span', { text: t('tnBirthDate') }), el('input', { name: 'birth_date', type: 'date' })),
  ];
}

function registration(form) {
  const d = Object.fromEntries(new FormData(form));
  const r = { name: d.name.trim(), rating: Number(d.rating) || 0, federation: d.federation || '' };
  if (d.fide_id) r.fide_id = Number(d.fide_id);
  if (d.title) r.title = d.title;
  if (d.sex) r.sex = d.sex;
  if (d.birth_date) r.birth_date = d.birth_date;
  return r;
}

// The entry code the registration link carries (`?code=`), if any.
const linkCode = new URLSearchParams(location.search).get('code') || '';

// Why the event takes no more entries, in the referee's words; null
// while it takes them.
function entriesClosed() {
  if (state.status === 'finished') return say('tournament-finished');
  if (state.settings.system.kind !== 'dutch' && state.rounds.length) return say('tournament-registration-closed');
  return null;
}

function renderJoin() {
  // An event that takes no more entries says why, and so does one that
  // admits only the accounts on its list: the form makes an account for
  // whoever fills it, which no list names.
  const closed = entriesClosed() || (state.settings.allowed_accounts?.length ? say('tournament-allow-list-needs-account') : null);
  if (closed) {
    $('view').replaceChildren(el('section', { class: 'card' }, el('h2', { text: t('tnRegister') }),
      el('p', { 'data-testid': 'join-closed', text: closed })));
    return;
  }
  // An event with an entry code asks it of whoever came without it.
  const askCode = state.entry_code_required && !linkCode;
  const form = el('form', { class: 'create', 'data-testid': 'join-form' }, ...registrationFields(),
    ...(askCode ? [el('label', {}, el('span', { text: t('tnEntryCode') }), el('input', { name: 'entry_code', required: true, maxlength: 100, 'data-testid': 'reg-entry-code' }))] : []),
    el('div', { class: 'wide' }, el('button', { class: 'primary', type: 'submit', text: t('tnRegisterMe'), 'data-testid': 'join' })));
  const done = el('div', { hidden: true, 'data-testid': 'joined' });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const body = registration(form);
      const code = linkCode || new FormData(form).get('entry_code');
      if (code) body.entry_code = code;
      const answer = await api(`/api/tournament/${id}/join`, { method: 'POST', body });
      showError('');
      if (answer.token) localStorage.setItem(`arbiter.tournament.${id}.player`, answer.token);
      localStorage.setItem(`arbiter.tournament.${id}.account`, answer.account);
      form.hidden = true;
      done.hidden = false;
      done.replaceChildren(el('p', { text: t('tnRegistered', { n: answer.player }) }),
        answer.link ? el('p', { class: 'meta' }, t('tnKeepLink'), ' ', el('code', { 'data-testid': 'my-link', text: location.origin + answer.link })) : null,
        link('', t('tnToEvent'), { class: 'button primary', 'data-testid': 'to-event' }));
    } catch (err) { showError(err.message); }
  });
  $('view').replaceChildren(el('section', { class: 'card' }, el('h2', { text: t('tnRegister') }), form, done));
}

// ---- The arbiter's console --------------------------------------------------

function playerSelect(name, { empty = false, only } = {}) {
  const list = [...state.players].sort((a, b) => a.start_no - b.start_no).filter((p) => !only || only(p));
  return el('select', { name },
    ...(empty ? [el('option', { value: '', text: '–' })] : []),
    ...list.map((p) => el('option', { value: p.id, text: `${p.start_no}. ${p.name}` })));
}

// The usual results, then the unusual ones an arbiter may have to give
// (VCL.13: ½-0, 0-½, a game both lose) in a Swiss or a round robin; a
// knockout game must decide its match. Forfeits have their own form.
function resultSelect(name = 'result') {
  const usual = [['white_wins', '1 – 0'], ['draw', '½ – ½'], ['black_wins', '0 – 1']];
  const unusual = [['white_half_black_zero', '½ – 0'], ['white_zero_black_half', '0 – ½'], ['double_loss', '0 – 0']];
  const knockout = state.settings.system.kind === 'knockout';
  return el('select', { name },
    ...[...usual, ...(knockout ? [] : unusual)].map(([v, text]) => el('option', { value: v, text })));
}

function formOf(testid, children, onsubmit) {
  const form = el('form', { class: 'inline', 'data-testid': testid }, ...children);
  form.addEventListener('input', () => { dirty = true; });
  form.addEventListener('submit', async (e) => { e.preventDefault(); await onsubmit(Object.fromEntries(new FormData(form)), form); });
  return form;
}

function consoleRegistration() {
  const add = formOf('add-player', [...registrationFields(), el('button', { type: 'submit', text: t('tnAddPlayer') })],
    async (_, form) => { if (await act('players', registration(form))) form.reset(); });
  add.classList.add('create');
  const imp = formOf('import', [
    el('select', { name: 'format' }, el('option', { value: 'csv', text: 'CSV' }), el('option', { value: 'trf', text: 'TRF' })),
    el('textarea', { name: 'text', rows: 4, placeholder: 'name,rating,federation,fide_id,title' }),
    el('button', { type: 'submit', text: t('tnImport') })], async (d) => act('import', { format: d.format, text: d.text }));
  return el('section', { class: 'card' }, el('h2', { text: t('tnRegistration') }),
    el('p', { class: 'meta' }, t('tnJoinHere'), ' ', el('code', { 'data-testid': 'console-join-link', text: location.origin + state.links.join })),
    state.settings.entry_code ? el('p', { class: 'meta', 'data-testid': 'console-entry-code', text: t('tnEntryCodeIs', { code: state.settings.entry_code }) }) : null,
    add, el('h2', { text: t('tnImportPlayers') }), imp);
}

function consolePlayers() {
  // A finished event takes no more withdrawals or byes; only a Swiss
  // takes byes, for a round still to pair, of a player still in.
  const over = state.status === 'finished';
  const next = state.rounds.length + 1;
  const planned = state.rounds_planned ?? state.settings.rounds;
  const byeTakers = state.players.filter((p) => p.withdrawn_after == null);
  const byes = !over && state.settings.system.kind === 'dutch' && next <= planned && byeTakers.length > 0;
  const rows = [...state.players].sort((a, b) => a.start_no - b.start_no).map((p) => el('tr', {},
    el('td', { text: p.start_no }), el('td', { text: p.name }), el('td', { text: p.rating || '' }),
    el('td', { text: p.byes.map((b) => t('tnByeInRound', { n: b.round })).join(', ') }),
    el('td', {}, p.withdrawn_after != null ? el('span', { class: 'pill', text: t('tnWithdrawn') })
      : over ? null : el('button', { type: 'button', class: 'danger', text: t('tnWithdraw'), 'data-testid': `withdraw-${p.id}`, onclick: () => act('withdraw', { player: p.id }) }))));
  const bye = !byes ? null : formOf('bye', [playerSelect('player', { only: (p) => p.withdrawn_after == null }),
    el('input', { name: 'round', type: 'number', min: next, max: planned, value: next, 'aria-label': t('tnRound') }),
    // FIDE mode refuses a full-point bye (C.04.A, VCL.05): not offered.
    el('select', { name: 'kind' }, el('option', { value: 'half', text: t('tnByeHalf') }), el('option', { value: 'zero', text: t('tnByeZero') }),
      state.fide_mode.on ? null : el('option', { value: 'full', text: t('tnByeFull') })),
    el('button', { type: 'submit', text: t('tnRequestBye') })], (d) => act('bye', { player: Number(d.player), round: Number(d.round), kind: d.kind }));
  return el('section', { class: 'card' }, el('h2', { text: t('tnPlayers') }),
    rows.length ? table(['#', t('tnName'), t('tnRating'), t('tnByes'), ''], rows, { 'data-testid': 'console-players' })
      : el('p', { class: 'meta', 'data-testid': 'console-players', text: t('tnNoPlayers') }), bye);
}

function pairingEditor(round) {
  const editor = formOf('change-pairing', [
    ...round.boards.map((b) => el('div', { class: 'edit-board', 'data-board': b.board }, el('b', { text: `${b.board}.` }),
      selected(playerSelect(`w${b.board}`), b.white), el('span', { text: '–' }), selected(playerSelect(`b${b.board}`), b.black))),
    el('label', {}, el('span', { text: t('tnBye') }), selected(playerSelect('bye', { empty: true }), round.bye ?? '')),
    el('input', { name: 'reason', required: true, maxlength: 100, placeholder: t('tnReason'), 'data-testid': 'change-reason', 'aria-label': t('tnReason') }),
    el('button', { type: 'submit', text: t('tnSaveChange'), 'data-testid': 'save-change' })], (d) => act('pairing', {
    round: round.number,
    boards: round.boards.map((b) => ({ white: Number(d[`w${b.board}`]), black: Number(d[`b${b.board}`]) })),
    bye: d.bye ? Number(d.bye) : null,
    reason: d.reason,
  }));
  return editor;
}

function selected(select, value) { select.value = String(value); return select; }

function boardActs(round, b) {
  if (!b.result) {
    return [
      formOf(`enter-${round.number}-${b.board}`, [resultSelect(), el('button', { type: 'submit', text: t('tnEnterResult') })],
        (d) => act('result', { round: round.number, board: b.board, result: d.result })),
      formOf(`forfeit-${round.number}-${b.board}`, [el('select', { name: 'absent' },
        el('option', { value: 'white', text: t('tnAbsentWhite') }), el('option', { value: 'black', text: t('tnAbsentBlack') }), el('option', { value: 'both', text: t('tnAbsentBoth') })),
      el('button', { type: 'submit', text: t('tnForfeit') })], (d) => act('forfeit', { round: round.number, board: b.board, absent: d.absent })),
    ];
  }
  return [formOf(`correct-${round.number}-${b.board}`, [resultSelect(), el('input', { name: 'reason', required: true, placeholder: t('tnReason'), 'aria-label': t('tnReason') }),
    el('button', { type: 'submit', text: t('tnCorrect') })], (d) => act('correct', { round: round.number, board: b.board, result: d.result, reason: d.reason }))];
}

function consoleRounds() {
  const next = state.rounds.length + 1;
  const last = state.rounds[state.rounds.length - 1];
  const card = el('section', { class: 'card wide' }, el('h2', { text: t('tnRounds') }));
  const allPaired = state.rounds.length >= (state.rounds_planned ?? state.settings.rounds);
  if (state.settings.pairing_numbers === 'by_lot' && !state.rounds.length) card.append(el('div', { class: 'controls' },
    el('button', { type: 'button', 'data-testid': 'draw-lots', text: t('tnDrawLots'), onclick: () => act('lots') }),
    el('span', { class: 'meta', text: state.lots_drawn ? t('tnDrawnByLot') : t('tnLotsAtRoundOne') })));
  // A knockout match level after every stage its rules have: the
  // regulations decide it by lot.
  const level = state.knockout?.rounds.at(-1)?.matches.some((m) => m.undecided);
  if (level) card.append(el('div', { class: 'controls' },
    el('button', { type: 'button', 'data-testid': 'draw-lots', text: t('tnDrawLots'), onclick: () => act('lots') }),
    el('span', { class: 'meta', text: t('tnLevelMatchByLot') })));
  if (!allPaired) card.append(el('div', { class: 'controls' },
    el('button', { type: 'button', class: 'primary', disabled: !state.next.can_pair, 'data-testid': 'pair', text: t('tnPairRound', { n: next }), onclick: () => act('pair') }),
    state.next.can_pair ? null : el('span', { class: 'meta', 'data-testid': 'why-not', text: state.next.why })));
  if (last && !last.published) {
    card.append(el('h2', { text: t('tnRoundPairedNotPublished', { n: last.number }) }), pairingEditor(last),
      el('button', { type: 'button', class: 'primary', 'data-testid': 'publish', text: t('tnPublish', { n: last.number }), onclick: () => act('publish') }));
  }
  for (const r of [...state.rounds].reverse().filter((x) => x.published)) {
    card.append(el('h2', { text: t('tnRoundN', { n: r.number }) }),
      table([t('tnBoard'), t('white'), t('tnResult'), t('black'), ''], r.boards.map((b) => el('tr', { 'data-board': b.board, 'data-round': r.number },
        el('td', { text: b.board }), el('td', { text: playerName(b.white) }), el('td', { class: 'res', text: scoreText(b.result) }),
        el('td', { text: playerName(b.black) }), el('td', { class: 'acts' }, ...boardActs(r, b))))));
  }
  return card;
}

function renderConsole() {
  if (!arbiterToken) {
    $('view').replaceChildren(el('section', { class: 'card' }, el('p', { text: t('tnNotArbiter') })));
    return;
  }
  const exports = el('section', { class: 'card' }, el('h2', { text: t('tnExports') }),
    el('p', {}, el('a', { href: `/api/tournament/${id}/trf`, 'data-testid': 'trf', text: t('tnTrf') })),
    el('p', {}, el('a', { href: state.links.rating_report, 'data-testid': 'rating-report', text: t('tnRatingReport') })),
    el('p', {}, link(`/pairings/${state.rounds.length || 1}`, t('tnPrintPairings'))),
    el('p', {}, link('/standings', t('tnPrintStandings'))),
    el('p', {}, link('/boards', t('tnBoards'), { 'data-testid': 'boards-screen' })));
  $('view').replaceChildren(el('div', { class: 'tgrid' }, consoleLink(), consoleRounds(), entriesClosed() ? null : consoleRegistration(), consolePlayers(), consoleFideMode(), consoleBroadcastDelay(), exports, consoleFairPlay()));
}

// The operator's screen of the round's electronic boards: refreshed on
// its own, from the boards' readers rather than from the event's state.
let boardsShown = false;
function renderBoards() {
  if (!arbiterToken) {
    $('view').replaceChildren(el('section', { class: 'card' }, el('p', { text: t('tnNotArbiter') })));
    return;
  }
  if (boardsShown) return;
  boardsShown = true;
  const root = el('div', { 'data-testid': 'boards' });
  $('view').replaceChildren(root);
  showBoardsScreen(root, () => api(`/api/tournament/${id}/boards`, { token: arbiterToken }));
}

// FIDE mode (the SPP's Verification Check List): what FIDE prohibits is
// refused with the rule's warning; the arbiter who must do it leaves the
// mode with his reason, which the log and the TRF keep.
function consoleFideMode() {
  const mode = state.fide_mode;
  const card = el('section', { class: 'card', 'data-testid': 'fide-mode' }, el('h2', { text: t('tnFideMode') }));
  if (mode.on) {
    card.append(el('p', { class: 'meta', 'data-testid': 'fide-mode-state', text: t('tnFideModeOn') }),
      formOf('leave-fide-mode', [
        el('input', { name: 'reason', required: true, maxlength: 100, placeholder: t('tnReason'), 'data-testid': 'fide-mode-reason', 'aria-label': t('tnReason') }),
        el('button', { type: 'submit', text: t('tnLeaveFideMode'), 'data-testid': 'leave-fide-mode' })], (d) => act('fide-mode/leave', { reason: d.reason })));
  } else if (mode.left) {
    card.append(el('p', { class: 'meta', 'data-testid': 'fide-mode-state', text: t('tnFideModeLeft', { round: mode.left.after_round, reason: mode.left.reason }) }));
  } else {
    card.append(el('p', { class: 'meta', 'data-testid': 'fide-mode-state', text: t('tnFideModeNever') }));
  }
  return card;
}

// The fair-play screen of the event's finished games, and its reports.
function consoleFairPlay() {
  const path = `/api/tournament/${id}/fairplay`;
  return fairPlayCard(() => api(path, { token: arbiterToken }), () => api(path, { method: 'POST', token: arbiterToken }));
}

// The broadcast delay (a fair-play measure): the public sees each game in
// progress this many minutes behind the board; players and arbiter live.
// 15 minutes is the preset of increased protection (ECU rules, Q.2.4).
const INCREASED_PROTECTION_MINUTES = 15;
function consoleBroadcastDelay() {
  const minutes = state.broadcast_delay ? state.broadcast_delay.minutes : 0;
  const input = el('input', { name: 'minutes', type: 'number', min: 0, max: 1440, value: minutes, required: true, 'data-testid': 'broadcast-delay-minutes', 'aria-label': t('tnBroadcastDelayMinutes') });
  return el('section', { class: 'card', 'data-testid': 'broadcast-delay' },
    el('h2', { text: t('tnBroadcastDelay') }),
    el('p', { class: 'meta', 'data-testid': 'broadcast-delay-state', text: minutes ? t('tnBroadcastDelayOn', { minutes }) : t('tnBroadcastDelayOff') }),
    formOf('set-broadcast-delay', [
      el('label', {}, el('span', { text: t('tnBroadcastDelayMinutes') }), input),
      el('button', { type: 'button', text: t('tnBroadcastDelayPreset'), 'data-testid': 'broadcast-delay-preset', onclick: () => { input.value = INCREASED_PROTECTION_MINUTES; } }),
      el('button', { type: 'submit', text: t('tnBroadcastDelaySet'), 'data-testid': 'broadcast-delay-set' })],
      (d) => act('broadcast-delay', { minutes: Number(d.minutes) })));
}

// The console's secret link, once: the arbiter keeps it (a bookmark, a
// note) to come back from another browser; nobody else should have it.
function consoleLink() {
  if (!consoleLinkToKeep) return null;
  return el('section', { class: 'card wide secret', 'data-testid': 'console-secret-link' },
    el('h2', { text: t('tnConsoleLinkTitle') }),
    el('p', { text: t('tnConsoleLinkWhy') }),
    el('p', {}, el('code', { 'data-testid': 'console-link', text: consoleLinkToKeep })),
    el('button', { type: 'button', 'data-testid': 'console-link-kept', text: t('tnConsoleLinkKept'), onclick: () => { consoleLinkToKeep = ''; render(); } }));
}

// ---- The events, and the form that opens one -------------------------------

// A knockout's match rules from the form: the main games, and the
// tie-break stages written `tempo games clock[/Black's clock]`, comma
// separated (`rapid 2 900+10, armageddon 1 300/240`).
function matchRules(games, tiebreaks) {
  const stages = (tiebreaks || '').split(',').map((x) => x.trim().split(/\s+/)).filter((w) => w[0]).map(([tempo, n, clocks = '']) => {
    const [white, black] = clocks.split('/');
    const stage = { tempo: tempo.toLowerCase(), games: Number(n) || 1, time_control: white };
    if (black) stage.black_time_control = black;
    return stage;
  });
  return { games: Number(games) || 2, tiebreaks: stages };
}

function renderList(list) {
  const form = el('form', { class: 'create', id: 'create', 'data-testid': 'create-form' },
    el('label', {}, el('span', { text: t('tnEventName') }), el('input', { name: 'name', required: true, maxlength: 100 })),
    el('label', {}, el('span', { text: t('site') }), el('input', { name: 'place', maxlength: 100 })),
    el('label', {}, el('span', { text: t('tnStartDate') }), el('input', { name: 'start_date', type: 'date' })),
    el('label', {}, el('span', { text: t('tnEndDate') }), el('input', { name: 'end_date', type: 'date' })),
    el('label', {}, el('span', { text: t('tnChiefArbiter') }), el('input', { name: 'chief_arbiter', maxlength: 100 })),
    // TRF record 112, one per deputy: names are `Surname, Given`, so the
    // list is separated by semicolons.
    el('label', {}, el('span', { text: t('tnDeputyArbiters') }), el('input', { name: 'deputy_arbiters', placeholder: t('tnDeputyArbitersHint') })),
    el('label', {}, el('span', { text: t('tnFederation') }), el('input', { name: 'federation', maxlength: 3 })),
    el('label', {}, el('span', { text: t('tnSystem') }), el('select', { name: 'system' },
      el('option', { value: 'dutch', text: t('tnDutch') }), el('option', { value: 'rr1', text: t('tnRoundRobin') }),
      el('option', { value: 'rr2', text: t('tnDoubleRoundRobin') }), el('option', { value: 'knockout', text: t('tnKnockout') }))),
    el('label', {}, el('span', { text: t('tnPairingNumbers') }), el('select', { name: 'pairing_numbers', 'data-testid': 'pairing-numbers' },
      el('option', { value: 'by_rating', text: t('tnByRating') }), el('option', { value: 'by_lot', text: t('tnByLot') }))),
    el('label', {}, el('span', { text: t('tnRoundsField') }), el('input', { name: 'rounds', type: 'number', min: 1, max: 100, value: 5, required: true })),
    el('label', {}, el('span', { text: t('timeControl') }), el('input', { name: 'time_control', value: '300+3', required: true, maxlength: 60 })),
    el('label', {}, el('span', { text: t('ruleset') }), el('select', { name: 'ruleset' },
      el('option', { value: 'fide-blitz', text: t('rulesetFideBlitz') }), el('option', { value: 'fide-rapid', text: t('rulesetFideRapid') }),
      el('option', { value: 'fide-standard', text: t('rulesetFideStandard') }), el('option', { value: 'classic', text: t('rulesetClassic') }))),
    el('label', {}, el('span', { text: t('mode') }), el('select', { name: 'mode' },
      el('option', { value: 'online', text: t('online') }), el('option', { value: 'over_the_board', text: t('otb') }))),
    el('label', { class: 'wide' }, el('span', { text: t('tnTiebreaks') }), el('input', { name: 'tiebreaks', value: 'PTS, BH/C1, BH, SB', required: true })),
    el('label', {}, el('span', { text: t('tnPointsWin') }), el('input', { name: 'win', type: 'number', step: 0.5, min: 0, value: 1 })),
    el('label', {}, el('span', { text: t('tnPointsDraw') }), el('input', { name: 'draw', type: 'number', step: 0.5, min: 0, value: 0.5 })),
    el('label', {}, el('span', { text: t('tnPointsLoss') }), el('input', { name: 'loss', type: 'number', step: 0.5, min: 0, value: 0 })),
    el('label', {}, el('span', { text: t('tnPointsBye') }), el('input', { name: 'bye', type: 'number', step: 0.5, min: 0, value: 1 })),
    el('label', {}, el('span', { text: t('tnAcceleration') }), el('select', { name: 'acceleration' },
      el('option', { value: 'none', text: t('tnAccelerationNone') }), el('option', { value: 'baku', text: t('tnAccelerationBaku') }))),
    el('label', {}, el('span', { text: t('tnDefaultTime') }), el('input', { name: 'default_time', type: 'number', min: 0, placeholder: '900' })),
    el('label', {}, el('span', { text: t('tnEntryCodeField') }), el('input', { name: 'entry_code', maxlength: 100, 'data-testid': 'entry-code' })),
    el('label', {}, el('span', { text: t('tnMatchGames') }), el('input', { name: 'match_games', type: 'number', min: 1, value: 2 })),
    el('label', { class: 'wide' }, el('span', { text: t('tnMatchTiebreaks') }), el('input', { name: 'match_tiebreaks', placeholder: 'rapid 2 900+10, blitz 2 300+2, armageddon 1 300/240' })),
    el('div', { class: 'wide' }, el('button', { class: 'primary', type: 'submit', text: t('tnCreate'), 'data-testid': 'create' })));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const d = Object.fromEntries(new FormData(form));
    const system = { dutch: { kind: 'dutch' }, rr1: { kind: 'round_robin', cycles: 1 }, rr2: { kind: 'round_robin', cycles: 2 }, knockout: { kind: 'knockout' } }[d.system];
    const [win, draw, loss, bye] = [d.win, d.draw, d.loss, d.bye].map(Number);
    const settings = {
      name: d.name, place: d.place, start_date: d.start_date, end_date: d.end_date, chief_arbiter: d.chief_arbiter, federation: d.federation,
      system, rounds: Number(d.rounds), time_control: d.time_control.trim(), ruleset: d.ruleset, mode: d.mode,
      tiebreaks: d.tiebreaks.split(',').map((x) => x.trim()).filter(Boolean),
      points: { win, draw, loss, forfeit_win: win, forfeit_loss: loss, pairing_allocated_bye: bye, full_point_bye: win, half_point_bye: draw, zero_point_bye: loss },
      acceleration: d.acceleration,
    };
    const deputies = d.deputy_arbiters.split(';').map((x) => x.trim()).filter(Boolean);
    if (deputies.length) settings.deputy_arbiters = deputies;
    if (d.default_time) settings.default_time_ms = Number(d.default_time) * 1000;
    if (d.entry_code.trim()) settings.entry_code = d.entry_code.trim();
    if (system.kind === 'knockout') settings.knockout = matchRules(d.match_games, d.match_tiebreaks);
    if (system.kind === 'round_robin' && d.pairing_numbers === 'by_lot') settings.pairing_numbers = 'by_lot';
    try {
      const created = await api('/api/tournament', { method: 'POST', body: settings });
      if (created.token) localStorage.setItem(`arbiter.tournament.${created.id}.arbiter`, created.token);
      location.assign(created.links.arbiter);
    } catch (err) { showError(err.message); }
  });
  const events = list.length ? el('ul', { class: 'games' }, ...list.map((x) => el('li', {}, el('a', { href: `/tournament/${x.id}` },
    el('span', { class: 'names', text: x.name }),
    el('span', { class: 'res', text: statusName(x.status) }),
    el('span', { class: 'meta', text: [x.place, x.start_date, t('tnPlayersCount', { n: x.players }), t('tnRoundsOf', { paired: x.rounds_paired, rounds: x.rounds })].filter(Boolean).join(' · ') })))))
    : el('p', { class: 'meta', text: t('tnNoEvents') });
  $('view').replaceChildren(el('div', { class: 'tgrid' },
    el('section', { class: 'card' }, el('h2', { text: t('tnNewEvent') }), form),
    el('section', { class: 'card' }, el('h2', { text: t('tnEvents') }), events)));
}

// ---- Loading and refreshing -------------------------------------------------

let shown = '';
async function load(force = false) {
  if (!id) {
    try { renderList((await api('/api/tournament')).tournaments); } catch (e) { showError(e.message); }
    return;
  }
  let fresh;
  try { fresh = await api(`/api/tournament/${id}`, { token: arbiterToken }); } catch (e) { showError(e.message); return; }
  const text = JSON.stringify(fresh);
  const busy = view === 'arbiter' && (dirty || document.activeElement?.closest('form'));
  if (!force && (text === shown || busy)) { if (view === 'home') refreshClocks(); return; }
  shown = text;
  state = fresh;
  render();
}

function render() {
  if (!state) return;
  renderHead();
  // A form FIDE takes prints without the event's head: it names the event.
  document.body.classList.toggle('form-view', view === 'it1' || view === 'it3');
  ({ home: renderHome, pairings: renderPairings, standings: renderStandings, crosstable: renderCrosstable,
    player: renderPlayer, it1: renderIt1, it3: renderIt3, join: renderJoin, arbiter: renderConsole,
    boards: renderBoards }[view] || renderHome)();
}

// A player who came by his link: which account his token is.
async function knowMe() {
  if (!playerToken || myAccount()) return;
  try {
    const me = await api('/api/account', { token: playerToken });
    localStorage.setItem(`arbiter.tournament.${id}.account`, me.id);
  } catch { /* a token nobody holds: a spectator */ }
}

applyStrings(() => { if (id) render(); else load(true); });
await knowMe();
load(true);
// The forms of the list and of the registration are not redrawn under the
// person filling them; every other view follows the event.
if (id && view !== 'join') setInterval(() => { if (!document.hidden) load(); }, REFRESH_MS);
