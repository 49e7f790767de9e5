// What FIDE takes from an event, beside its players, from the tournament
// API's state: the rating change beside a player and his title norms, in
// the reader's language. Every figure is the server's (crates/tournament's
// rating and norm modules); the page only shows them. The forms themselves,
// each norm's certificate (IT1) and the tournament report (IT3), are laid
// out by the server (GET /api/tournament/ID/it1/N/TITLE?lang=…, …/it3).
import { t, el, said } from './i18n.js';

// TRF's title abbreviations as FIDE writes the titles.
const TITLES = { g: 'GM', m: 'IM', wg: 'WGM', f: 'FM', wm: 'WIM', c: 'CM', wf: 'WFM', wc: 'WCM' };

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
