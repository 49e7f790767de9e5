// What an arbiter sends FIDE after an event, laid out from the tournament
// API's state: the rating change beside a player, each title norm's
// certificate (IT1) and the tournament report (IT3), printable, in the
// reader's language. Every figure is the server's (crates/tournament's
// rating and norm modules); the page only shows them.
import { t, el, said } from './i18n.js';

// TRF's title abbreviations as FIDE writes the titles.
const TITLES = { g: 'GM', m: 'IM', wg: 'WGM', f: 'FM', wm: 'WIM', c: 'CM', wf: 'WFM', wc: 'WCM' };
const TITLE_ORDER = ['GM', 'IM', 'WGM', 'FM', 'WIM', 'CM', 'WFM', 'WCM'];

export function titleName(code) {
  if (!code) return '';
  const c = String(code).toLowerCase();
  return TITLES[c] || c.toUpperCase();
}

// A figure with its sign, as rating changes are written: +25.3, −5.4, 0.
export function signed(x) {
  if (x == null) return '';
  if (x > 0) return `+${x}`;
  if (x < 0) return `−${-x}`;
  return '0';
}

// The standings' and crosstable's cell: the change before rounding, or an
// unrated player's first rating.
export function ratingChangeCell(p) {
  const r = p && p.rating_change;
  if (!r) return '';
  if (r.change != null) return signed(r.change);
  return r.new_rating != null ? `→ ${r.new_rating}` : '';
}

// The player card's facts on his rating: the change with K and games, the
// new rating, and for an unrated player what the regulations give him.
export function ratingFacts(p) {
  const r = p.rating_change;
  if (!r) return [];
  const facts = [];
  if (r.change != null) facts.push([t('tnRatingChange'), t('tnRatingChangeIs', { change: signed(r.change), k: r.k, games: r.games })]);
  facts.push([t('tnNewRating'), r.new_rating ?? '–']);
  if (r.note) facts.push([r.note.rule, said(r.note.message)]);
  return facts;
}

// The player card's table of norms: one line per title he can still
// gain by norms, with the articles missed or the certificate.
export function normsTable(p, { table, link }) {
  const rows = (p.norms || []).map((n) => el('tr', { 'data-title': n.title },
    el('td', { class: 'title', text: n.title }),
    el('td', { text: n.norm ? t('tnNormYes') : t('tnNormNo') }),
    el('td', { class: 'num', text: n.games }), el('td', { class: 'num', text: n.score }),
    el('td', { class: 'num', text: n.average }), el('td', { class: 'num', text: n.performance }),
    el('td', {}, n.norm ? link(`/it1/${p.id}/${n.title}`, t('tnIt1Link'), { 'data-testid': `it1-${n.title}` })
      : n.missed.map((m) => `${m.rule}: ${said(m.message)}`).join('; '))));
  if (!rows.length) return null;
  return el('section', { class: 'card wide', 'data-testid': 'player-norms' }, el('h2', { text: t('tnNorms') }),
    table([t('tnTitleField'), t('tnNorms'), t('tnGamesCounted'), t('tnScore'), 'Ra', 'Rp', ''], rows));
}

// The event's facts every form repeats.
function eventFacts(state) {
  const s = state.settings;
  return [[t('tnTheEvent'), s.name], [t('site'), s.place || '–'],
    [t('tnDates'), [s.start_date, s.end_date].filter(Boolean).join(' – ') || '–'],
    [t('tnChiefArbiter'), s.chief_arbiter || '–'], [t('tnDeputyArbiters'), (s.deputy_arbiters || []).join('; ') || '–'],
    [t('tnRounds'), state.rounds_planned ?? s.rounds],
    [t('tnPlayers'), state.players.length], [t('timeControl'), s.time_control]];
}

function facts(list, testid) {
  return el('dl', { class: 'facts', 'data-testid': testid },
    ...list.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
}

function signatures() {
  return el('div', { class: 'signatures' },
    el('p', { text: t('tnSignatureLine', { who: t('tnSignedChiefArbiter') }) }),
    el('p', { text: t('tnSignatureLine', { who: t('tnSignedOrganiser') }) }));
}

// Titles counted, strongest first: "3 GM, 2 IM, 1 FM".
function titleCounts(codes) {
  const counts = new Map();
  for (const c of codes) { const n = titleName(c); if (n) counts.set(n, (counts.get(n) || 0) + 1); }
  return TITLE_ORDER.filter((x) => counts.has(x)).map((x) => `${counts.get(x)} ${x}`).join(', ') || '–';
}

// A title norm's certificate (IT1): the player, the event, the norm's
// figures and articles, and the games it counts.
export function it1Page(state, playerId, title, { table }) {
  const p = state.players.find((x) => x.id === playerId);
  const norm = p && (p.norms || []).find((n) => n.title === title && n.norm);
  if (!norm) return null;
  const opponent = (n) => state.players.find((x) => x.id === n) || {};
  const games = norm.opponents.map((g) => {
    const o = opponent(g.opponent);
    return el('tr', {}, el('td', { text: g.round }), el('td', { text: o.name }), el('td', { class: 'title', text: titleName(o.title) }),
      el('td', { text: o.fide_id || '' }), el('td', { text: o.federation || '' }), el('td', { class: 'num', text: g.rating }),
      el('td', { class: 'res', text: g.result === 0.5 ? '½' : g.result }));
  });
  const feds = new Set(norm.opponents.map((g) => opponent(g.opponent).federation).filter(Boolean));
  const counted = [[t('tnRoundsCounted'), `1–${norm.last_round}`]];
  if (norm.dropped.length) counted.push([t('tnWinsLeftOut'), norm.dropped.join(', ')]);
  if (norm.rule) counted.push([t('tnArticle'), norm.rule]);
  counted.push([t('tnGamesCounted'), norm.games]);
  // An 8-game norm of 1.4.1 c counts as 9; one of more than 13 games as 13 (1.7).
  if (norm.counts_as !== norm.games) counted.push([t('tnCountsAs'), norm.counts_as]);
  counted.push([t('tnScore'), norm.score], [t('tnAverageRa'), norm.average], [t('tnPerformanceRp'), norm.performance],
    [t('tnTitledOpponents'), titleCounts(norm.opponents.map((g) => opponent(g.opponent).title))],
    [t('tnOpponentFederations'), `${feds.size}: ${[...feds].sort().join(', ')}`]);
  return el('section', { class: 'card wide printable form-page', 'data-testid': 'it1', 'data-title': title },
    el('h2', { text: t('tnIt1Heading', { title }) }),
    el('h3', { text: t('tnThePlayer') }),
    facts([[t('tnName'), p.name], [t('tnFideId'), p.fide_id || '–'], [t('tnFederation'), p.federation || '–'],
      [t('tnTitleField'), titleName(p.title) || '–'], [t('tnRating'), p.rating || '–']], 'it1-player'),
    el('h3', { text: t('tnTheEvent') }), facts(eventFacts(state), 'it1-event'),
    el('h3', { text: t('tnTheNorm') }), facts(counted, 'it1-norm'),
    table([t('tnRound'), t('tnOpponent'), t('tnTitleField'), t('tnFideId'), t('tnFederation'), t('tnRating'), t('tnResult')], games, { 'data-testid': 'it1-games' }),
    signatures());
}

// The tournament report (IT3): the event, its field, and the title norms
// it gave, each with its certificate.
export function it3Page(state, { table, link, systemName }) {
  const ps = state.players;
  const feds = new Set(ps.map((p) => p.federation).filter(Boolean));
  const field = [[t('tnRatedPlayers'), ps.filter((p) => p.rating > 0).length],
    [t('tnFederations'), `${feds.size}: ${[...feds].sort().join(', ')}`], [t('tnTitledPlayers'), titleCounts(ps.map((p) => p.title))]];
  const achieved = ps.flatMap((p) => (p.norms || []).filter((n) => n.norm).map((n) => el('tr', { 'data-player': p.id },
    el('td', { text: p.name }), el('td', { text: p.fide_id || '' }), el('td', { text: p.federation || '' }),
    el('td', { class: 'title', text: n.title }), el('td', { class: 'num', text: n.games }), el('td', { class: 'num', text: n.score }),
    el('td', { class: 'num', text: n.average }), el('td', { class: 'num', text: n.performance }),
    el('td', { class: 'no-print' }, link(`/it1/${p.id}/${n.title}`, t('tnIt1Link'))))));
  return el('section', { class: 'card wide printable form-page', 'data-testid': 'it3' },
    el('h2', { text: t('tnIt3Heading') }),
    el('h3', { text: t('tnTheEvent') }), facts([...eventFacts(state), [t('tnSystem'), systemName(state.settings.system)]], 'it3-event'),
    facts(field, 'it3-field'),
    el('h3', { text: t('tnNormsAchieved') }),
    achieved.length ? table([t('tnName'), t('tnFideId'), t('tnFederation'), t('tnTitleField'), t('tnGamesCounted'), t('tnScore'), 'Ra', 'Rp', ''],
      achieved, { 'data-testid': 'it3-norms' }) : el('p', { 'data-testid': 'it3-norms', text: t('tnNoNorms') }),
    signatures());
}
