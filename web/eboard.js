// The electronic board's live position beside the game's: shown once an
// `arbiter board` reports a board for this game, with the squares where
// board and game differ marked. A module of its own: the game page's socket
// hands it each `board` message as an `arbiter:board` event (a socket of its
// own would count as one more spectator).
import { t } from './i18n.js';

const GLYPH = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙',
                k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

// Rank 8 first, as FEN writes it: 64 entries, a8..h1.
function squaresOf(boardFen) {
  const out = [];
  for (const c of boardFen) {
    if (c === '/') continue;
    if (c >= '1' && c <= '8') for (let i = 0; i < Number(c); i++) out.push('');
    else out.push(GLYPH[c] ?? '?');
  }
  return out;
}

function card() {
  let el = document.getElementById('eboard');
  if (el) return el;
  el = document.createElement('div');
  el.id = 'eboard';
  el.className = 'card eboard';
  el.dataset.testid = 'eboard';
  el.innerHTML = '<h2></h2><div class="eboard-grid"></div><p class="eboard-note"></p>'
    + '<p class="eboard-disturbed" hidden></p><p class="eboard-power" hidden></p>';
  (document.querySelector('aside.panel') ?? document.body).appendChild(el);
  return el;
}

// A board's position as a grid of glyphs, the squares in `differs` marked
// red and those in `disturbed` outlined: the game page's card and the
// operator's screen of an event's boards draw boards alike.
export function boardGrid(boardFen, differs = new Set(), disturbed = new Set()) {
  const grid = document.createElement('div');
  grid.className = 'eboard-grid';
  grid.style.cssText = 'display:grid;grid-template-columns:repeat(8,1.6em);font-size:1.2em;line-height:1.6em;text-align:center';
  squaresOf(boardFen).forEach((glyph, i) => {
    const name = 'abcdefgh'[i % 8] + (8 - Math.floor(i / 8));
    const sq = document.createElement('span');
    sq.textContent = glyph;
    sq.dataset.square = name;
    const light = (Math.floor(i / 8) + i) % 2 === 0;
    sq.style.background = differs.has(name) ? '#e57373' : light ? '#f0d9b5' : '#b58863';
    if (differs.has(name)) sq.className = 'differs';
    if (disturbed.has(name)) {
      sq.classList.add('disturbed');
      sq.style.outline = '2px dashed #b71c1c';
      sq.style.outlineOffset = '-3px';
    }
    grid.appendChild(sq);
  });
  return grid;
}

function render(board) {
  const el = card();
  el.querySelector('h2').textContent = t('eboardTitle');
  const differs = new Set(board.differences);
  const disturbed = new Set(board.disturbed ?? []);
  el.querySelector('.eboard-grid').replaceWith(boardGrid(board.fen, differs, disturbed));
  el.querySelector('.eboard-note').textContent = board.differences.length
    ? t('eboardDiffer', { squares: board.differences.join(' ') })
    : t('eboardSame');
  const knocked = el.querySelector('.eboard-disturbed');
  knocked.hidden = disturbed.size === 0;
  knocked.textContent = t('eboardDisturbed', { squares: [...disturbed].join(' ') });
  const power = [];
  if (board.battery != null) power.push(t('eboardBattery', { percent: board.battery }));
  if (board.clock_battery_low) power.push(t('eboardClockLow'));
  const line = el.querySelector('.eboard-power');
  line.hidden = power.length === 0;
  line.textContent = power.join(' · ');
}

window.addEventListener('arbiter:board', (e) => render(e.detail));
