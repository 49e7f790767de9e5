// The page speaks only through the catalogues (issue 20): every key its
// scripts and pages use is in every catalogue of crates/messages, with the
// placeholders English has; no script looks a key up under a name it
// builds at run time (which no reading of the sources could check); and no
// page carries words of its own outside the catalogues. Reads the files,
// starts no server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

const web = path.join(root, 'web');
const catalogueDir = path.join(root, 'crates', 'messages', 'catalogue');

const catalogues = Object.fromEntries(readdirSync(catalogueDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [path.basename(f, '.json'), JSON.parse(readFileSync(path.join(catalogueDir, f), 'utf8'))]));

const sources = Object.fromEntries(readdirSync(web)
  .filter((f) => /\.(js|html)$/.test(f))
  .map((f) => [f, readFileSync(path.join(web, f), 'utf8')]));

// i18n.js defines the look-ups: its own calls pass keys through variables.
const DEFINES = 'i18n.js';

// The catalogue keys a source uses, each with where it was seen.
function keysUsed(name, text) {
  const used = [];
  const at = (index) => `${name}:${text.slice(0, index).split('\n').length}`;
  // t('key', …) and tn('key', n, …) are the page's own strings; say('key', …)
  // any catalogue entry.
  for (const m of text.matchAll(/(?<![\w.$])(t|tn|say)\(\s*(?:'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`)?/g)) {
    const [, fn, single, double, backquoted] = m;
    const key = single ?? double ?? backquoted;
    if (key === undefined || (backquoted !== undefined && backquoted.includes('${'))) {
      if (name !== DEFINES) used.push({ dynamic: true, where: at(m.index), call: m[0] });
      continue;
    }
    const full = fn === 'say' ? key : fn === 't' ? `page-${key}` : `page-${key}-other`;
    used.push({ key: full, where: at(m.index) });
  }
  // data-t, data-t-placeholder, data-t-title, data-t-value in the pages.
  for (const m of text.matchAll(/data-t(?:-placeholder|-title|-value)?="([^"]*)"/g)) {
    used.push({ key: `page-${m[1]}`, where: at(m.index) });
  }
  return used;
}

const placeholders = (template) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('the scanner finds keys and refuses keys made at run time', () => {
  const found = keysUsed('x.js', "t('a');\nt(\"b\", { n });\ntn('c', 2);\nsay('side-white');\nt(`role_${r}`);\nt(name);\nsort(x);\nx.t(y);\n");
  assert.deepEqual(found.filter((u) => u.key).map((u) => u.key), ['page-a', 'page-b', 'page-c-other', 'side-white']);
  assert.deepEqual(found.filter((u) => u.dynamic).map((u) => u.where), ['x.js:5', 'x.js:6']);
  assert.deepEqual(keysUsed('x.html', '<b data-t="w"></b><i data-t-title="v">').map((u) => u.key), ['page-w', 'page-v']);
});

test('there are at least two catalogues, English among them', () => {
  assert.ok(catalogues.en, Object.keys(catalogues).join(', '));
  assert.ok(Object.keys(catalogues).length >= 2, Object.keys(catalogues).join(', '));
});

test('every key the page uses is in every catalogue, with English\'s placeholders', () => {
  const used = Object.entries(sources).flatMap(([name, text]) => keysUsed(name, text));
  assert.ok(used.filter((u) => u.key).length > 100, `only ${used.length} keys found: is the scanner broken?`);
  const dynamic = used.filter((u) => u.dynamic).map((u) => `${u.where}: ${u.call}`);
  assert.deepEqual(dynamic, [], 'keys made at run time cannot be checked: write the key out');
  const problems = [];
  for (const { key, where } of used.filter((u) => u.key)) {
    for (const [language, catalogue] of Object.entries(catalogues)) {
      if (!(key in catalogue)) problems.push(`${where}: ${key} is not in ${language}.json`);
      else if (catalogues.en[key] !== undefined
        && placeholders(catalogue[key]).join() !== placeholders(catalogues.en[key]).join()) {
        problems.push(`${where}: ${key} in ${language}.json has {${placeholders(catalogue[key])}}, English {${placeholders(catalogues.en[key])}}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('no page carries words outside the catalogues', () => {
  const problems = [];
  for (const [name, text] of Object.entries(sources).filter(([n]) => n.endsWith('.html'))) {
    // The text between tags, outside scripts and styles: symbols (♞, ∞),
    // figures and time controls (5 + 3) are the same in every language.
    const body = text.replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, '').replace(/<!--[\s\S]*?-->/g, '');
    for (const m of body.matchAll(/>([^<]+)</g)) {
      if (/\p{L}/u.test(m[1])) problems.push(`${name}: text ${JSON.stringify(m[1].trim())}`);
    }
    for (const m of body.matchAll(/(?<![\w-])(title|placeholder|aria-label|alt)="([^"]*)"/g)) {
      if (/\p{L}/u.test(m[2]) && !/^[\d/+:.\- ]*$/.test(m[2])) problems.push(`${name}: ${m[1]}=${JSON.stringify(m[2])}`);
    }
  }
  assert.deepEqual(problems, []);
});
