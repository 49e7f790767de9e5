// The printable scoresheet: the head the classic rules ask for (names, date and
// time, place), the moves in pairs, the result and its reason, and the
// record's place in the signed log.
import { applyStrings, t, said, rulesetName, moveText, clockText, el } from './i18n.js';

const id = location.pathname.split('/')[2];
let sheet = null;

function entry(e) {
  if (!e) return el('td', {});
  const text = moveText(e) + (e.offered_draw ? ' (=)' : '');
  return el('td', {}, text, e.clock_ms != null ? el('span', { class: 't', text: clockText(e.clock_ms) }) : null);
}

function render() {
  if (!sheet) return;
  const h = sheet.header;
  const field = (label, value) => el('div', {}, el('b', { text: label }), value || '—');
  const rows = sheet.rows.map((r) => el('tr', {}, el('td', { class: 'n', text: r.number }), entry(r.white), entry(r.black)));
  const o = sheet.outcome;
  document.getElementById('sheet').replaceChildren(
    el('h1', { text: t('scoresheet') }),
    el('div', { class: 'head' },
      field(t('event'), h.event), field(t('site'), h.site),
      field(t('date'), h.date), field(t('time'), h.time),
      field(t('white'), h.white.name), field(t('black'), h.black.name),
      field(t('round'), h.round), field(t('timeControl'), `${h.time_control} (${rulesetName(h.ruleset)})`)),
    el('table', { 'data-testid': 'sheet-moves' },
      el('thead', {}, el('tr', {}, el('th', { text: '#' }), el('th', { text: t('white') }), el('th', { text: t('black') }))),
      el('tbody', {}, ...rows)),
    el('div', { class: 'result', 'data-testid': 'sheet-result' },
      el('b', { text: t('resultIs', { result: sheet.result }) }),
      o ? el('span', {}, '  ', said(o.ruling.message), ` (${o.ruling.rule})`) : null),
    // Where the record stands in the signed log, printed with the game so
    // that it can be checked later (docs/server.md).
    sheet.log ? el('div', { class: 'log', 'data-testid': 'sheet-log',
      text: t('signedLog', { origin: sheet.log.origin, index: sheet.log.index, url: location.origin + sheet.log.proof }) }) : null,
    el('div', { class: 'tools' },
      el('button', { class: 'primary', text: t('print'), onclick: () => window.print() }),
      el('a', { class: 'button', href: `/api/games/${id}/pgn`, text: t('pgn') }),
      el('a', { class: 'button', href: `/game/${id}`, text: t('backToGame') })));
}

async function load() {
  const response = await fetch(`/api/games/${id}/scoresheet`);
  if (!response.ok) { document.getElementById('sheet').textContent = t('notFound'); return; }
  sheet = await response.json();
  render();
}

applyStrings(render);
load();
