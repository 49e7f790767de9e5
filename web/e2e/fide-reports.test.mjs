// An event through to its end, and what the arbiter sends FIDE after it,
// in real browsers: the arbiter opens a 10-player round robin with the
// console's form, imports the field (three GMs, three IMs, an FM, three
// untitled), pairs and publishes each round and enters every result from
// the console, one game forfeited. An IM of CHN rated 2400 scores 6.5
// (Ra 2444, Rp 2610): a GM norm; Ibarra, who beat him, an IM norm. The
// standings, crosstable and player card show each player's rating change
// in English and Chinese; the card links the norm's certificate (IT1), and
// the tournament report (IT3) lists the norms.
// Both print as forms (PDF and print-media screenshots in
// web/e2e/screenshots/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowserPerFile, shot, screenshots } from './server.mjs';
import { open, eventState, until, createEvent, pairAndPublish, roundComplete, shots } from './event.mjs';

const session = serverAndBrowserPerFile();

// The field: name, rating, FIDE id, federation, title, and the result of
// the applicant (the IM of CHN) against him. Everyone else draws, but for
// the game of Guo and Hahn, which Hahn does not come to.
const APPLICANT = ['Applicant, Ann', 2400, 8600001, 'CHN', 'm'];
const FIELD = [
  ['Alvarez, Gil', 2550, 3400001, 'RUS', 'g', 'win'],
  ['Brown, Gus', 2550, 2000001, 'USA', 'g', 'draw'],
  ['Chandra, Gita', 2550, 5000001, 'IND', 'g', 'draw'],
  ['Dietrich, Ida', 2450, 4600001, 'GER', 'm', 'win'],
  ['Evrard, Ines', 2450, 6000001, 'FRA', 'm', 'draw'],
  ['Fang, Fei', 2400, 8600002, 'CHN', 'f', 'win'],
  ['Guo, Gang', 2350, 8600003, 'CHN', '', 'win'],
  ['Hahn, Hao', 2350, 8600004, 'CHN', '', 'win'],
  ['Ibarra, Ivo', 2350, 2200001, 'ESP', '', 'loss'],
];

test('a round robin to its end: rating changes on its pages, a GM norm\'s IT1 and the IT3, in English and Chinese', { timeout: 900000 }, async () => {
  const base = session.server.base;
  const arbiter = await open(session.browser, `${base}/tournament`, 'en', '[data-testid=create-form]');
  const id = await createEvent(arbiter, {
    name: 'Lake Tai Invitational', place: 'Wuxi', start_date: '2026-12-02', end_date: '2026-12-10', chief_arbiter: 'Lin, Mei',
    system: 'rr1', rounds: 9, time_control: '5400+30', ruleset: 'fide-standard', mode: 'over_the_board', tiebreaks: 'PTS, SB, DE',
  });
  // The field by the console's CSV import.
  const csv = ['name,rating,fide_id,federation,title', APPLICANT, ...FIELD.map((f) => f.slice(0, 5))]
    .map((row) => (Array.isArray(row) ? row.map((x) => (String(x).includes(',') ? `"${x}"` : x)).join(',') : row)).join('\n');
  await arbiter.fill('[data-testid=import] textarea', csv);
  await arbiter.click('[data-testid=import] button');
  let st = await until('the field imported', async () => { const s = await eventState(base, id); return s.players.length === 10 && s; });
  const idOf = new Map(st.players.map((p) => [p.name, p.id]));
  const applicant = idOf.get(APPLICANT[0]);
  const resultOf = new Map(FIELD.map((f) => [idOf.get(f[0]), f[5]]));
  const [guo, hahn] = [idOf.get('Guo, Gang'), idOf.get('Hahn, Hao')];

  // Nine rounds, each paired, published and its results entered in the
  // console.
  for (let n = 1; n <= 9; n++) {
    const round = await pairAndPublish(arbiter, base, id, n);
    await arbiter.reload();
    for (const b of round.boards) {
      const form = `[data-testid=enter-${n}-${b.board}]`;
      await arbiter.waitForSelector(form);
      if ([b.white, b.black].includes(guo) && [b.white, b.black].includes(hahn)) {
        const absent = b.white === hahn ? 'white' : 'black';
        await arbiter.selectOption(`[data-testid=forfeit-${n}-${b.board}] select[name=absent]`, absent);
        await arbiter.click(`[data-testid=forfeit-${n}-${b.board}] button`);
      } else {
        let result = 'draw';
        const mine = b.white === applicant ? resultOf.get(b.black) : b.black === applicant ? resultOf.get(b.white) : 'draw';
        if (mine === 'win') result = b.white === applicant ? 'white_wins' : 'black_wins';
        if (mine === 'loss') result = b.white === applicant ? 'black_wins' : 'white_wins';
        await arbiter.selectOption(`${form} select[name=result]`, result);
        await arbiter.click(`${form} button`);
      }
      await arbiter.waitForSelector(form, { state: 'detached' });
    }
    st = await roundComplete(base, id, n);
  }
  assert.equal(st.status, 'finished');

  // The API's figures: 10 × (6.5 − 3.97) = +25.3 for the applicant; the
  // forfeited game rated for neither Guo nor Hahn.
  const me = st.players.find((p) => p.id === applicant);
  assert.equal(me.rating_change.change, 25.3);
  assert.equal(me.rating_change.new_rating, 2425);
  for (const p of [guo, hahn]) assert.equal(st.players.find((x) => x.id === p).rating_change.games, 8);
  const gm = me.norms.find((x) => x.title === 'GM');
  assert.deepEqual([gm.norm, gm.average, gm.performance, gm.opponents.length], [true, 2444, 2610, 9]);

  const viewers = { en: await open(session.browser, `${base}/tournament`, 'en'), zh: await open(session.browser, `${base}/tournament`, 'zh') };
  // The standings and the crosstable: the change beside each player.
  for (const [view, testid] of [['standings', 'standings'], ['crosstable', 'crosstable']]) {
    await shots(base, viewers, `/tournament/${id}/${view}`, `fide-${view}`, `[data-testid=${testid}]`);
    for (const page of Object.values(viewers)) {
      assert.equal(await page.textContent(`[data-testid=${testid}] tr[data-player="${applicant}"] td[data-rating-change]`), '+25.3');
      for (const p of st.players) {
        const shown = await page.textContent(`[data-testid=${testid}] tr[data-player="${p.id}"] td[data-rating-change]`);
        const c = p.rating_change.change;
        assert.equal(shown, c > 0 ? `+${c}` : c < 0 ? `−${-c}` : '0', `${view}: ${p.name}`);
      }
    }
  }
  // The applicant's card: the change with K and the games rated, his new
  // rating, and the GM norm with its certificate.
  await shots(base, viewers, `/tournament/${id}/player/${applicant}`, 'fide-player', '[data-testid=player-norms]');
  const card = (page) => page.$$eval('[data-testid=player-card] dd', (dds) => dds.map((d) => d.textContent));
  assert.ok((await card(viewers.en)).includes('+25.3 (K 10, 9 rated games)'));
  assert.ok((await card(viewers.zh)).includes('+25.3（K 10，9 盘计分对局）'));
  assert.ok((await card(viewers.en)).includes('2425'));
  // A player who missed his norm reads the article and by how much.
  const fang = idOf.get('Fang, Fei');
  await viewers.en.goto(`${base}/tournament/${id}/player/${fang}`);
  await viewers.en.waitForSelector('[data-testid=player-norms]');
  assert.match(await viewers.en.textContent('[data-testid=player-norms] tr[data-title=GM]'), /FIDE B\.01 1\.4\.8: performance 2401, 2600 needed/);

  // The IT1, from the card's link, in both languages: the player, the
  // event, the norm's figures, the nine games.
  for (const [lang, page] of Object.entries(viewers)) {
    await page.goto(`${base}/tournament/${id}/player/${applicant}`);
    await page.click('[data-testid=it1-GM]');
    await page.waitForSelector('[data-testid=it1]');
    assert.equal(new URL(page.url()).pathname, `/tournament/${id}/it1/${applicant}/GM`);
    assert.equal(await page.locator('[data-testid=it1-games] tbody tr').count(), 9);
    const norm = await page.$$eval('[data-testid=it1-norm] dd', (dds) => dds.map((d) => d.textContent));
    assert.ok(norm.includes('2444') && norm.includes('2610') && norm.includes('6.5'), norm.join(' | '));
    assert.ok(norm.includes('3 GM, 2 IM, 1 FM'), norm.join(' | '));
    const player = await page.$$eval('[data-testid=it1-player] dd', (dds) => dds.map((d) => d.textContent));
    assert.deepEqual(player, [APPLICANT[0], '8600001', 'CHN', 'IM', '2400']);
    assert.match(await page.textContent('[data-testid=it1] h2'), lang === 'zh' ? /称号标准证书（FIDE IT1）：GM/ : /Certificate of title norm \(FIDE IT1\): GM/);
    await shot(page, `fide-it1-${lang}`);
    // Printed: the form alone, without the page's chrome or the event's head.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.isVisible('header.top'), false);
    assert.equal(await page.isVisible('#head'), false);
    assert.equal(await page.isVisible('[data-testid=it1]'), true);
    await shot(page, `fide-it1-print-${lang}`);
    await page.pdf({ path: path.join(screenshots, `fide-it1-${lang}.pdf`), format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
  }

  // The IT3: the event, its field and the norm it gave.
  for (const [lang, page] of Object.entries(viewers)) {
    await page.goto(`${base}/tournament/${id}`);
    await page.click('[data-testid=tab-it3]');
    await page.waitForSelector('[data-testid=it3]');
    const rows = await page.$$eval('[data-testid=it3-norms] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 8).map((td) => td.textContent)));
    // Ibarra, who beat the applicant and drew the rest, makes an IM norm:
    // 5 of 9 (56 %, dp 43) against Ra 2450, Rp 2493, six IMs and GMs met.
    assert.deepEqual(rows, [[APPLICANT[0], '8600001', 'CHN', 'GM', '9', '6.5', '2444', '2610'],
      ['Ibarra, Ivo', '2200001', 'ESP', 'IM', '9', '5', '2450', '2493']]);
    const field = await page.$$eval('[data-testid=it3-field] dd', (dds) => dds.map((d) => d.textContent));
    assert.deepEqual(field, ['10', '7: CHN, ESP, FRA, GER, IND, RUS, USA', '3 GM, 3 IM, 1 FM']);
    assert.match(await page.textContent('[data-testid=it3] h2'), lang === 'zh' ? /赛事报告（FIDE IT3）/ : /Tournament report \(FIDE IT3\)/);
    await shot(page, `fide-it3-${lang}`);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.isVisible('#head'), false);
    await shot(page, `fide-it3-print-${lang}`);
    await page.pdf({ path: path.join(screenshots, `fide-it3-${lang}.pdf`), format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
  }
});
