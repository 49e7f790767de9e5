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
