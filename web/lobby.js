// The lobby: create a game, hand out its links, list recent games.
import { applyStrings, t, el } from './i18n.js';

const form = document.getElementById('create');

function linkRow(label, path, testid) {
  const url = location.origin + path;
  const copy = el('button', { type: 'button', text: t('copy'), onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = t('copied'); } catch { /* no clipboard */ }
  } });
  return el('div', { class: 'link' },
    el('b', { text: label }), el('code', { text: url, 'data-testid': testid }),
    copy, el('a', { class: 'button', href: path, target: '_blank', text: t('open') }));
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = Object.fromEntries(new FormData(form));
  const response = await fetch('/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data),
  });
  const body = await response.json();
  if (!response.ok) { alert(body.error); return; }
  const links = document.getElementById('links');
  links.replaceChildren(
    linkRow(t('white'), body.links.white, 'link-white'),
    linkRow(t('black'), body.links.black, 'link-black'),
    linkRow(t('arbiter'), body.links.arbiter, 'link-arbiter'),
    linkRow(t('spectator'), body.links.spectator, 'link-spectator'),
  );
  document.getElementById('created').hidden = false;
  loadGames();
});

async function loadGames() {
  const list = document.getElementById('games');
  const { games } = await (await fetch('/api/games')).json();
  if (!games.length) { list.replaceChildren(el('li', { class: 'meta', text: t('noGames') })); return; }
  list.replaceChildren(...games.map((g) => el('li', {},
    el('a', { href: `/game/${g.id}` },
      el('span', { class: 'names', text: `${g.white} – ${g.black}` }),
      el('span', { class: 'res', text: g.result }),
      el('span', { class: 'meta', text: [g.event, g.time_control, g.finished ? t('over') : t('playing')].filter(Boolean).join(' · ') })))));
}

applyStrings(loadGames);
loadGames();
