// The page's words come from the server's catalogues (`/assets/catalogues.js`,
// built from crates/messages/catalogue/*.json): the same keys and the same
// templates the referee's messages use, one catalogue per language. The
// language is remembered in localStorage and switched with any element
// carrying data-lang-switch.
import { CATALOGUES } from './catalogues.js';

const LANGUAGES = Object.keys(CATALOGUES);

export function lang() {
  const saved = localStorage.getItem('arbiter.lang');
  if (LANGUAGES.includes(saved)) return saved;
  const wanted = (navigator.language || '').split('-')[0];
  return LANGUAGES.includes(wanted) ? wanted : 'en';
}

// A catalogue entry with its {name} placeholders filled from args: the
// rendering Catalogue::render does on the server. A key the language lacks
// falls back to English, then to the key itself.
export function say(key, args = {}, language = lang()) {
  const template = CATALOGUES[language][key] ?? CATALOGUES.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

// An error answer of the API in the reader's language: its `message`
// carries every language, `error` English only (as lichess clients read it).
export function problemText(body, status) {
  const texts = body && typeof body === 'object' ? body.message : null;
  if (texts) return texts[lang()] || texts.en;
  return (body && body.error) || String(status);
}

// One of the page's own strings (`page-…` in the catalogues).
export function t(key, args) {
  return say(`page-${key}`, args);
}

// A string that depends on a count: `page-KEY-one`, `page-KEY-other`...
// as the language's plural rules select, with the count as {n}.
export function tn(key, n, args = {}) {
  const form = new Intl.PluralRules(say('language-tag')).select(n);
  const chosen = `page-${key}-${form}` in CATALOGUES[lang()] ? form : 'other';
  return say(`page-${key}-${chosen}`, { n, ...args });
}

// The move as the language writes it: SAN, or the classic rules' Chinese.
export function moveText(ply) {
  return say('move-notation') === 'chinese' ? ply.chinese : ply.san;
}

// Fills every [data-t] element with its string, and wires the switch.
export function applyStrings(onChange) {
  document.documentElement.lang = say('language-tag');
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-t-placeholder]')) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = el.ariaLabel = t(el.dataset.tTitle);
  // A field's default value follows the language until the person types
  // something else.
  for (const el of document.querySelectorAll('[data-t-value]')) {
    if (el.value === '' || el.value === el.dataset.tShown) el.value = el.dataset.tShown = t(el.dataset.tValue);
  }
  for (const el of document.querySelectorAll('[data-lang-switch]')) {
    const next = LANGUAGES[(LANGUAGES.indexOf(lang()) + 1) % LANGUAGES.length];
    el.textContent = say('language-name', {}, next);
    el.onclick = () => {
      localStorage.setItem('arbiter.lang', next);
      applyStrings(onChange);
      if (onChange) onChange();
    };
  }
}

// The referee's message, rendered by the server in every language, in the
// page's language.
export function said(message) {
  if (!message) return '';
  return message[lang()] ?? message.en;
}

export function sideName(color) {
  return color === 'white' ? say('side-white') : say('side-black');
}

// A ruleset's name (`fide-blitz`...) as people say it; a ruleset the page
// does not know by name keeps the server's.
export function rulesetName(name) {
  const named = {
    'fide-standard': () => t('rulesetFideStandard'),
    'fide-rapid': () => t('rulesetFideRapid'),
    'fide-blitz': () => t('rulesetFideBlitz'),
    classic: () => t('rulesetClassic'),
  }[name];
  return named ? named() : name;
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
