// The lobby: create a game, hand out its links, list recent games (kept
// fresh while the page is open).
import { applyStrings, t, el, problemText } from './i18n.js';

const form = document.getElementById('create');
const $ = (x) => document.getElementById(x);
const REFRESH_MS = 5000;

function linkRow(label, path, testid) {
  const url = location.origin + path;
  const copy = el('button', { type: 'button', text: t('copy'), onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = t('copied'); } catch { /* no clipboard */ }
  } });
  return el('div', { class: 'link' },
    el('b', { text: label }), el('code', { text: url, 'data-testid': testid }),
    copy, el('a', { class: 'button', href: path, target: '_blank', text: t('open') }));
}

// A time control as people say it: `40/5400+30:1800+30` is "40 moves in
// 90 min + 30 s a move, then 30 min + 30 s a move". The server decides
// whether it is valid; this only reads it back to the person typing.
export function describeTimeControl(text) {
  const tc = text.trim();
  if (tc === '-') return t('tcUntimed');
  const periods = tc.split(':');
  const parts = [];
  for (const period of periods) {
    const m = /^(?:(\d+)\/)?(\d+)(?:([+db])(\d+))?$/.exec(period);
    if (!m) return '';
    const [, moves, base, sep, extra] = m;
    const secs = Number(base);
    const length = secs % 60 === 0 ? t('tcMinutes', { m: secs / 60 }) : t('tcSeconds', { s: secs });
    let part = moves ? t('tcMoves', { n: Number(moves), base: length }) : length;
    if (extra) part += ' ' + ({ d: t('tcDelay', { s: Number(extra) }), b: t('tcBronstein', { s: Number(extra) }) }[sep] || t('tcIncrement', { s: Number(extra) }));
    parts.push(part);
  }
  return parts.join(`, ${t('tcThen')} `);
}

function customChanged() {
  const custom = form.time_control.value === 'custom';
  $('custom').hidden = !custom;
  $('custom-tc').required = custom;
  $('custom-reading').textContent = custom ? describeTimeControl($('custom-tc').value) : '';
}
form.time_control.addEventListener('change', customChanged);
$('custom-tc').addEventListener('input', customChanged);

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = Object.fromEntries(new FormData(form));
  if (data.time_control === 'custom') data.time_control = data.custom_time_control.trim();
  delete data.custom_time_control;
  const response = await fetch('/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data),
  });
  const body = await response.json();
  $('create-error').hidden = response.ok;
  if (!response.ok) { $('create-error').textContent = problemText(body, response.status); return; }
  const links = $('links');
  links.replaceChildren(
    linkRow(t('white'), body.links.white, 'link-white'),
    linkRow(t('black'), body.links.black, 'link-black'),
    linkRow(t('arbiter'), body.links.arbiter, 'link-arbiter'),
    linkRow(t('spectator'), body.links.spectator, 'link-spectator'),
  );
  $('created').hidden = false;
  loadGames();
});

// A game waiting for its players is not yet being played.
const statusText = (status) => ({ created: t('waiting'), started: t('playing'), over: t('over') })[status];

let games = [];
async function loadGames() {
  try {
    const response = await fetch('/api/games');
    if (response.ok) ({ games } = await response.json());
  } catch { return; }
  renderGames();
}

function renderGames() {
  const list = $('games');
  if (!games.length) { list.replaceChildren(el('li', { class: 'meta', text: t('noGames') })); return; }
  list.replaceChildren(...games.map((g) => {
    const status = g.status || (g.finished ? 'over' : 'started');
    return el('li', { 'data-status': status, 'data-id': g.id },
      el('a', { href: `/game/${g.id}` },
        el('span', { class: 'names', text: `${g.white} – ${g.black}` }),
        el('span', { class: 'res', text: g.result }),
        el('span', { class: 'meta' },
          [g.event, g.time_control].filter(Boolean).join(' · ') + ' · ',
          el('span', { class: `status-${status}`, 'data-testid': 'game-status', text: statusText(status) }))));
  }));
}

applyStrings(() => { renderGames(); customChanged(); });
customChanged();
loadGames();
setInterval(() => { if (!document.hidden) loadGames(); }, REFRESH_MS);
document.addEventListener('visibilitychange', () => { if (!document.hidden) loadGames(); });
