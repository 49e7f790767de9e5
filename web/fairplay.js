// The console's fair-play card (issue 35): the arbiter starts a screen of
// the event's finished games with the server's engine; its report, kept in
// the event's log, is shown as a table and as a plot of top-1 match rate
// against rating, because a plot is how an arbiter reads it: each rating
// band of the baseline with its mean and the range an honest player of it
// stays in, and the event's players marked. The words are the screen's own
// ("no signal", "review"): a reason to look closer, never a finding.
// Read from /api/tournament/ID/fairplay (the arbiter's alone).
import { t, tn, say, el } from './i18n.js';

// How often a running screen is asked after.
const POLL_MS = 1500;

// The card: `fetchState()` reads the screens, `start()` starts one.
export function fairPlayCard(fetchState, start) {
  const body = el('div');
  const card = el('section', { class: 'card wide', 'data-testid': 'fair-play' }, el('h2', { text: t('tnFairPlay') }), body);
  const refresh = async () => {
    let screens;
    try {
      screens = await fetchState();
    } catch (e) {
      body.replaceChildren(el('p', { class: 'meta', text: e.message }));
      return;
    }
    const run = async () => {
      try { await start(); } catch (e) { body.prepend(el('p', { class: 'meta', 'data-testid': 'fair-play-error', text: e.message })); return; }
      refresh();
    };
    body.replaceChildren(...content(screens, run));
    if (screens.job?.state === 'running' && card.isConnected) setTimeout(refresh, POLL_MS);
  };
  refresh();
  return card;
}

function content(screens, run) {
  const running = screens.job?.state === 'running';
  const parts = [
    el('p', { class: 'meta', 'data-testid': 'fair-play-engine', text: screens.engine ? t('tnFairPlayEngine', { engine: screens.engine.command, nodes: screens.engine.nodes }) : t('tnFairPlayNoEngine') }),
    ...(screens.engine ? [setup(screens.engine)] : []),
    el('div', { class: 'controls' }, el('button', { type: 'button', 'data-testid': 'fair-play-start', disabled: !screens.engine || running, text: t('tnFairPlayStart'), onclick: run })),
  ];
  if (running) parts.push(el('p', { class: 'meta', 'data-testid': 'fair-play-running', text: tn('tnFairPlayRunning', screens.job.games) }));
  if (screens.job?.state === 'failed') parts.push(el('p', { class: 'meta', 'data-testid': 'fair-play-failed', text: t('tnFairPlayFailed', { error: screens.job.error }) }));
  const last = screens.reports[screens.reports.length - 1];
  if (!last) {
    parts.push(el('p', { class: 'meta', text: t('tnFairPlayNone') }));
    return parts;
  }
  parts.push(
    el('h3', { text: tn('tnFairPlayReport', last.games, { time: new Date(last.at_ms).toLocaleString() }) }),
    reportTable(last),
    plot(last),
    facts(last),
    el('p', { class: 'meta', text: say('fairplay-caution') }),
  );
  return parts;
}

const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)}\u00a0%` : '–');
const tenths = (x) => (x / 10).toFixed(1);

function signal(p) {
  if (p.z_hundredths == null) return say('fairplay-no-z');
  return p.review ? say('fairplay-review') : say('fairplay-no-signal');
}

function reportTable(report) {
  const heads = [t('tnName'), t('tnRating'), t('tnFairPlayGames'), t('tnFairPlayMoves'), t('tnFairPlayTop1'), t('tnFairPlayTop3'), t('tnFairPlayAcpl'), 'z', t('tnFairPlaySignal')];
  return el('table', { class: 'tn-sheet', 'data-testid': 'fair-play-table' },
    el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { text: h })))),
    el('tbody', {}, ...report.players.map((p) => el('tr', { 'data-player': p.player, class: p.review ? 'review' : '' },
      el('td', { text: p.player }), el('td', { class: 'num', text: p.rating ?? '–' }), el('td', { class: 'num', text: p.games }),
      el('td', { class: 'num', text: p.moves }), el('td', { class: 'num', text: percent(p.top1_moves, p.moves) }),
      el('td', { class: 'num', text: percent(p.top3_moves, p.moves) }), el('td', { class: 'num', text: p.moves ? tenths(p.acpl_tenths) : '–' }),
      el('td', { class: 'num', text: p.z_hundredths == null ? '–' : (p.z_hundredths / 100).toFixed(2) }),
      el('td', { 'data-testid': 'fair-play-signal', text: signal(p) })))));
}

// What reproduces the report: the engine and its search, what was left
// out, the baseline's hash and the threshold.
function facts(report) {
  const pawns = (cp) => (cp / 100).toFixed(2);
  const lines = [
    say('fairplay-engine', { engine: report.engine, nodes: report.nodes, multipv: report.multipv }),
    exclusions(report, pawns),
    report.baseline ? say('fairplay-baseline', { hash: report.baseline }) : say('fairplay-no-baseline'),
  ];
  const screened = report.players.filter((p) => p.z_hundredths != null).length;
  if (report.baseline && screened) {
    lines.push(say('fairplay-threshold', { z: (report.threshold_z_hundredths / 100).toFixed(2), players: screened, rate: report.false_positive_ppm / 1e6 }));
  }
  return el('ul', { class: 'meta', 'data-testid': 'fair-play-facts' }, ...lines.map((l) => el('li', { text: l })));
}

// What the next screen will rest on, before it runs: what it leaves out
// (the opening book by its hash, or each side's first moves) and the
// baseline, in the words of a report's facts.
function setup(engine) {
  const pawns = (cp) => (cp / 100).toFixed(2);
  const lines = [
    exclusions(engine, pawns),
    engine.baseline ? say('fairplay-baseline', { hash: engine.baseline }) : say('fairplay-no-baseline'),
  ];
  return el('ul', { class: 'meta', 'data-testid': 'fair-play-setup' }, ...lines.map((l) => el('li', { text: l })));
}

// What was left out: the opening book by its hash when one said what is
// book, else each side's first moves.
function exclusions(report, pawns) {
  const beyond = { decided: pawns(report.decided_cp), losing: pawns(report.losing_cp) };
  return report.book
    ? say('fairplay-exclusions-book', { hash: report.book, ...beyond })
    : say('fairplay-exclusions', { book: report.book_moves, ...beyond });
}

// The plot, drawn here as SVG: x the rating, y the top-1 match rate.
const SVG = 'http://www.w3.org/2000/svg';
const W = 640;
const H = 320;
const M = { left: 56, right: 16, top: 16, bottom: 44 };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

function plot(report) {
  const rated = report.players.filter((p) => p.rating != null && p.moves > 0);
  const ratings = [...rated.map((p) => p.rating), ...report.bands.flatMap((b) => [b.from, Math.min(b.to, 3000)])];
  const figure = el('figure', { 'data-testid': 'fair-play-plot' });
  if (!ratings.length) {
    figure.append(el('figcaption', { class: 'meta', text: t('tnFairPlayNothingToPlot') }));
    return figure;
  }
  const low = Math.floor((Math.min(...ratings) - 100) / 200) * 200;
  const high = Math.ceil((Math.max(...ratings) + 100) / 200) * 200;
  const x = (rating) => M.left + ((Math.min(Math.max(rating, low), high) - low) / (high - low)) * (W - M.left - M.right);
  const y = (rate) => H - M.bottom - rate * (H - M.top - M.bottom);
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': t('tnFairPlayPlot') });
  // Axes, with a tick every 200 points and every 20 %.
  chart.append(svg('line', { x1: M.left, y1: y(0), x2: W - M.right, y2: y(0), stroke: 'currentColor' }),
    svg('line', { x1: M.left, y1: y(0), x2: M.left, y2: y(1), stroke: 'currentColor' }));
  for (let r = low; r <= high; r += 200) {
    chart.append(svg('text', { x: x(r), y: y(0) + 16, 'text-anchor': 'middle', 'font-size': 11 }, String(r)));
  }
  for (let rate = 0; rate <= 1.0001; rate += 0.2) {
    chart.append(svg('line', { x1: M.left, y1: y(rate), x2: W - M.right, y2: y(rate), stroke: 'currentColor', 'stroke-opacity': 0.12 }),
      svg('text', { x: M.left - 6, y: y(rate) + 4, 'text-anchor': 'end', 'font-size': 11 }, `${Math.round(rate * 100)} %`));
  }
  chart.append(svg('text', { x: (M.left + W - M.right) / 2, y: H - 6, 'text-anchor': 'middle', 'font-size': 12 }, t('tnFairPlayAxisRating')),
    svg('text', { x: 14, y: (M.top + H - M.bottom) / 2, 'text-anchor': 'middle', 'font-size': 12, transform: `rotate(-90 14 ${(M.top + H - M.bottom) / 2})` }, t('tnFairPlayAxisTop1')));
  // Each band: the range an honest player stays in, and its mean.
  for (const b of report.bands) {
    const [from, to] = [x(b.from), x(Math.min(b.to, high))];
    const [spreadLow, spreadHigh] = b.spread_permille.map((v) => v / 1000);
    chart.append(svg('g', { 'data-band': `${b.from}-${b.to}` },
      svg('rect', { x: from, y: y(spreadHigh), width: Math.max(to - from, 1), height: Math.max(y(spreadLow) - y(spreadHigh), 1), fill: '#4a7bd0', 'fill-opacity': 0.15 }),
      svg('line', { x1: from, y1: y(b.top1_permille / 1000), x2: to, y2: y(b.top1_permille / 1000), stroke: '#4a7bd0', 'stroke-width': 2 })));
  }
  // The players: a dot each, marked when the screen says review.
  for (const p of rated) {
    const [cx, cy] = [x(p.rating), y(p.top1_moves / p.moves)];
    chart.append(svg('g', { 'data-player': p.player, class: p.review ? 'review' : '' },
      svg('circle', { cx, cy, r: p.review ? 6 : 4, fill: p.review ? '#c0392b' : '#333' }),
      svg('text', { x: cx + 8, y: cy - 6, 'font-size': 11 }, p.player)));
  }
  figure.append(chart, el('figcaption', { class: 'meta', text: report.bands.length ? t('tnFairPlayLegend', { moves: report.bands[0].spread_moves }) : t('tnFairPlayLegendNoBaseline') }));
  return figure;
}
