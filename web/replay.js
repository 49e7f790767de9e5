// The positions of the record, for stepping through the moves: the board
// after each move, made by carrying the pieces as the UCI moves say. The
// referee has already judged every move; this only redraws them, so it
// knows no rules beyond how castling, en passant and promotion move pieces.
export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const ROLE = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const LETTER = Object.fromEntries(Object.entries(ROLE).map(([l, r]) => [r, l]));
const VALUE = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };

// FEN's board field to a Map of square name to { role, color }.
export function readBoard(fen) {
  const board = new Map();
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      const square = String.fromCharCode(97 + file) + (8 - i);
      board.set(square, { role: ROLE[ch.toLowerCase()], color: ch === ch.toLowerCase() ? 'black' : 'white' });
      file += 1;
    }
  });
  return board;
}

export function writeBoard(board) {
  const rows = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = ''; let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board.get(String.fromCharCode(97 + file) + rank);
      if (!piece) { empty += 1; continue; }
      if (empty) { row += empty; empty = 0; }
      const l = LETTER[piece.role];
      row += piece.color === 'white' ? l.toUpperCase() : l;
    }
    rows.push(row + (empty ? empty : ''));
  }
  return rows.join('/');
}

// The board after the UCI move `uci`.
export function carry(board, uci) {
  const next = new Map(board);
  const from = uci.slice(0, 2), to = uci.slice(2, 4);
  const piece = next.get(from);
  if (!piece) return next;
  next.delete(from);
  const df = to.charCodeAt(0) - from.charCodeAt(0);
  if (piece.role === 'king' && Math.abs(df) === 2) {
    // Castling: the rook comes round to the king's other side.
    const rank = from[1];
    const [rookFrom, rookTo] = df > 0 ? ['h' + rank, 'f' + rank] : ['a' + rank, 'd' + rank];
    const rook = next.get(rookFrom);
    if (rook) { next.delete(rookFrom); next.set(rookTo, rook); }
  }
  if (piece.role === 'pawn' && df !== 0 && !next.has(to)) {
    // En passant: the pawn taken stands beside the square moved to.
    next.delete(to[0] + from[1]);
  }
  const promoted = uci[4] && ROLE[uci[4]];
  next.set(to, promoted ? { role: promoted, color: piece.color } : piece);
  return next;
}

// The positions before the first move and after each move, each as its
// board and its whole FEN (castling rights, en passant square and counters
// carried along with the pieces).
export function positions(startFen, plies) {
  const fields = (startFen || START).split(' ');
  let board = readBoard(fields[0]);
  let castling = fields[2] || '-';
  let halfmoves = Number(fields[4]) || 0;
  let fullmoves = Number(fields[5]) || 1;
  const out = [{ board, fen: (startFen || START) }];
  for (const p of plies) {
    const from = p.uci.slice(0, 2), to = p.uci.slice(2, 4);
    const piece = board.get(from);
    const captured = board.has(to) || (piece && piece.role === 'pawn' && from[0] !== to[0]);
    // A king or rook leaving its square, or a rook taken on it, ends a right.
    for (const [square, rights] of [['e1', 'KQ'], ['e8', 'kq'], ['h1', 'K'], ['a1', 'Q'], ['h8', 'k'], ['a8', 'q']]) {
      if (from === square || to === square) castling = castling.replace(new RegExp(`[${rights}]`, 'g'), '');
    }
    if (!castling) castling = '-';
    const double = piece && piece.role === 'pawn' && Math.abs(Number(to[1]) - Number(from[1])) === 2;
    const ep = double ? from[0] + (Number(from[1]) + Number(to[1])) / 2 : '-';
    halfmoves = piece && (piece.role === 'pawn' || captured) ? 0 : halfmoves + 1;
    if (p.side === 'black') fullmoves += 1;
    board = carry(board, p.uci);
    const turn = p.side === 'white' ? 'b' : 'w';
    out.push({ board, fen: `${writeBoard(board)} ${turn} ${castling} ${ep} ${halfmoves} ${fullmoves}` });
  }
  return out;
}

// What each side has taken (in pieces, the difference only, as lichess
// shows it) and the balance in points, White's minus Black's.
export function material(board) {
  const count = { white: {}, black: {} };
  let points = 0;
  for (const { role, color } of board.values()) {
    count[color][role] = (count[color][role] || 0) + 1;
    points += (color === 'white' ? 1 : -1) * VALUE[role];
  }
  const up = { white: [], black: [] };
  for (const role of ['queen', 'rook', 'bishop', 'knight', 'pawn']) {
    const diff = (count.white[role] || 0) - (count.black[role] || 0);
    for (let i = 0; i < Math.abs(diff); i++) up[diff > 0 ? 'white' : 'black'].push(role);
  }
  return { up, points };
}
