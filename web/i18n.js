// English and Chinese strings for every page. The language is remembered in
// localStorage and switched with any element carrying data-lang-switch.
const STRINGS = {
  en: {
    title: 'Arbiter', tagline: 'Chess under the Laws, refereed move by move',
    newGame: 'New game', white: 'White', black: 'Black', timeControl: 'Time control',
    ruleset: 'Rules', mode: 'Mode', online: 'Online', otb: 'Over the board', event: 'Event',
    site: 'Place', round: 'Round', create: 'Create the game', recent: 'Recent games',
    links: 'Send each player their own link. Keep the arbiter link to yourself.',
    spectator: 'Spectators', arbiter: 'Arbiter', open: 'Open', copy: 'Copy', copied: 'Copied',
    noGames: 'No games yet.', playing: 'playing', over: 'over', waiting: 'waiting for players',
    toMove: (side) => `${side} to move`, check: 'Check!', you: 'you',
    offerDraw: 'Offer draw', acceptDraw: 'Accept draw', declineDraw: 'Decline',
    claimDraw: 'Claim draw', resign: 'Resign', claimFlag: 'Call flag', claim: 'Claim',
    threefold: 'Threefold repetition', fifty: 'Fifty moves', declaredMove: 'Declared move (optional)',
    drawOffered: (side) => `${side} offers a draw`, confirmResign: 'Resign this game?',
    moves: 'Moves', rulings: 'Rulings', scoresheet: 'Scoresheet', pgn: 'Download PGN',
    result: 'Result', date: 'Date', time: 'Time', print: 'Print', rules: 'Rules',
    promoteTo: 'Promote to', role_white: 'You play White', role_black: 'You play Black',
    role_arbiter: 'Arbiter', role_spectator: 'Spectator', start: 'Start the clock',
    declare: 'Declare result', rule: 'Rule', reason: 'Reason', grantIncrement: 'Grant 5 s increment',
    claimIllegal: 'Illegal move claimed', coloursReversed: 'Colours reversed', boardTurned: 'Board turned',
    arbiterTools: 'Arbiter', connection: 'Reconnecting…', gone: (side) => `${side} has left the board`,
    chat: 'Chat', say: 'Say something', notFound: 'No such game.', offerWithMove: 'Offer a draw with my next move',
    requestIncrement: 'Ask for 5 s increment', piecesDisplaced: 'Pieces displaced', cancel: 'Cancel',
    queen: 'Queen', rook: 'Rook', bishop: 'Bishop', knight: 'Knight', backToGame: 'Back to the game',
    notFoundHint: 'The link may be mistyped, or the game was made on another server.', toLobby: 'To the lobby',
    flip: 'Flip the board', first: 'First position', previous: 'Previous move', next: 'Next move', last: 'The game now',
    mute: 'Mute move sounds', unmute: 'Turn move sounds on', copyFen: 'Copy FEN', copyPgn: 'Copy PGN',
    copiedWhat: (what) => `${what}: copied`, present: 'at the board', absent: 'not connected',
    watching: (n) => (n === 1 ? '1 spectator' : `${n} spectators`),
    rematch: 'Rematch', acceptRematch: 'Accept the rematch', rematchSent: 'Rematch offered',
    rematchOffered: (side) => `${side} offers a rematch`, close: 'Close',
    back: (side) => `${side} is back`,
    browsing: (shown, total) => `Move ${shown} of ${total}`, backToLive: 'Back to the game',
    routine: (moves, n) => (moves ? `${moves} ${moves === 1 ? 'move' : 'moves'} played, ${moves === 1 ? 'clock' : 'clocks'} pressed` : `${n} routine ${n === 1 ? 'entry' : 'entries'}`),
    noRulings: 'No rulings yet.', custom: 'Custom…', customTimeControl: 'Custom time control',
    customHint: 'Seconds: 300+3 (5 min + 3 s a move), 40/5400+30:1800+30 (40 moves in 90 min, then 30 min; 30 s a move), 1800 (sudden death), - (untimed).',
    afterMove: (move) => `after ${move}`,
    tcUntimed: 'untimed', tcMinutes: (m) => `${m} min`, tcSeconds: (s) => `${s} s`, tcIncrement: (s) => `+ ${s} s a move`,
    tcDelay: (s) => `${s} s delay`, tcBronstein: (s) => `${s} s Bronstein delay`, tcMoves: (n, base) => `${n} moves in ${base}`, tcThen: 'then',
  },
  zh: {
    title: '裁判', tagline: '依照棋规，逐步裁决的国际象棋',
    newGame: '新对局', white: '白方', black: '黑方', timeControl: '时限',
    ruleset: '规则', mode: '方式', online: '网上', otb: '对面棋盘', event: '赛事',
    site: '地点', round: '轮次', create: '创建对局', recent: '最近的对局',
    links: '把各自的链接发给每位棋手。裁判链接请自己保留。',
    spectator: '观众', arbiter: '裁判员', open: '打开', copy: '复制', copied: '已复制',
    noGames: '还没有对局。', playing: '进行中', over: '已结束', waiting: '等待棋手',
    toMove: (side) => `轮到${side}走棋`, check: '将军！', you: '你',
    offerDraw: '提和', acceptDraw: '同意和棋', declineDraw: '拒绝',
    claimDraw: '要求判和', resign: '认输', claimFlag: '要求判超时', claim: '提出',
    threefold: '三次重复', fifty: '五十回合', declaredMove: '声明的着法（可选）',
    drawOffered: (side) => `${side}提和`, confirmResign: '确定认输吗？',
    moves: '着法', rulings: '裁决', scoresheet: '记录纸', pgn: '下载 PGN',
    result: '结果', date: '日期', time: '时间', print: '打印', rules: '规则',
    promoteTo: '升变为', role_white: '你执白', role_black: '你执黑',
    role_arbiter: '裁判员', role_spectator: '观众', start: '开动棋钟',
    declare: '判定结果', rule: '条款', reason: '理由', grantIncrement: '给予每步 5 秒加秒',
    claimIllegal: '指出违例着法', coloursReversed: '执色颠倒', boardTurned: '棋盘摆错',
    arbiterTools: '裁判', connection: '正在重新连接…', gone: (side) => `${side}已离开棋盘`,
    chat: '聊天', say: '说点什么', notFound: '没有这局棋。', offerWithMove: '走下一步时提和',
    requestIncrement: '申请每步 5 秒加秒', piecesDisplaced: '碰乱棋子', cancel: '取消',
    queen: '后', rook: '车', bishop: '象', knight: '马', backToGame: '返回对局',
    notFoundHint: '链接可能有误，或这局棋是在另一台服务器上创建的。', toLobby: '返回大厅',
    flip: '翻转棋盘', first: '初始局面', previous: '上一步', next: '下一步', last: '当前局面',
    mute: '关闭走棋声音', unmute: '打开走棋声音', copyFen: '复制 FEN', copyPgn: '复制 PGN',
    copiedWhat: (what) => `${what}：已复制`, present: '在棋盘前', absent: '未连接',
    watching: (n) => `${n} 位观众`,
    rematch: '再来一局', acceptRematch: '同意再来一局', rematchSent: '已提出再来一局',
    rematchOffered: (side) => `${side}提出再来一局`, close: '关闭',
    back: (side) => `${side}已回到棋盘`,
    browsing: (shown, total) => `第 ${shown} 步，共 ${total} 步`, backToLive: '回到当前对局',
    routine: (moves, n) => (moves ? `已走 ${moves} 步，已按钟` : `${n} 条常规记录`),
    noRulings: '还没有裁决。', custom: '自定义…', customTimeControl: '自定义时限',
    customHint: '以秒计：300+3（5 分钟，每步加 3 秒），40/5400+30:1800+30（90 分钟走 40 步，之后 30 分钟；每步加 30 秒），1800（包干制），-（不计时）。',
    afterMove: (move) => `${move} 之后`,
    tcUntimed: '不计时', tcMinutes: (m) => `${m} 分钟`, tcSeconds: (s) => `${s} 秒`, tcIncrement: (s) => `每步加 ${s} 秒`,
    tcDelay: (s) => `每步延时 ${s} 秒`, tcBronstein: (s) => `每步布朗斯坦延时 ${s} 秒`, tcMoves: (n, base) => `${base}走 ${n} 步`, tcThen: '之后',
  },
};

export function lang() {
  const saved = localStorage.getItem('arbiter.lang');
  if (saved === 'en' || saved === 'zh') return saved;
  return navigator.language && navigator.language.startsWith('zh') ? 'zh' : 'en';
}

export function t(key, ...args) {
  const value = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  return typeof value === 'function' ? value(...args) : value;
}

// Fills every [data-t] element with its string, and wires the switch.
export function applyStrings(onChange) {
  document.documentElement.lang = lang() === 'zh' ? 'zh-CN' : 'en';
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-t-placeholder]')) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = el.ariaLabel = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll('[data-lang-switch]')) {
    el.textContent = lang() === 'zh' ? 'English' : '中文';
    el.onclick = () => {
      localStorage.setItem('arbiter.lang', lang() === 'zh' ? 'en' : 'zh');
      applyStrings(onChange);
      if (onChange) onChange();
    };
  }
}

// The referee's bilingual message in the page's language.
export function said(message) {
  if (!message) return '';
  return lang() === 'zh' ? message.zh : message.en;
}

export function sideName(color) {
  return t(color === 'white' ? 'white' : 'black');
}

// A clock reading: h:mm:ss, m:ss, or s.t under ten seconds.
export function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return (h ? `${h}:` : '') + `${mm}:${String(sec).padStart(2, '0')}`;
}

// Builds an element; text is always set as text, never parsed as HTML.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c != null) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
