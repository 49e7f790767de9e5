// The console and the join page offer only what can be done: an empty
// event's console has no bye form (nobody to choose), a round robin's none
// at all (byes are a Swiss's), a round robin once paired no registration;
// an event that admits only the accounts on its list says so on its join
// page instead of a form no list names. And the console shows its own
// secret link once, for the arbiter to keep. Screenshots in English and
// Chinese go to web/e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowserPerFile, shot } from './server.mjs';
import { open as openIn, eventState } from './event.mjs';

const session = serverAndBrowserPerFile();

const open = (url, lang, ready) => openIn(session.browser, url, lang, ready);

// An event made through the API without a token: its id, the arbiter's
// token and the console's link that carries it.
async function createEvent(settings) {
  const response = await fetch(`${session.server.base}/api/tournament`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rounds: 3, time_control: '300+3', ruleset: 'fide-blitz', mode: 'online', tiebreaks: ['PTS'], ...settings,
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  const created = await response.json();
  return { id: created.id, token: created.token, console: created.links.arbiter };
}

// An act of the event's arbiter through the API.
async function arbiterAct(event, path, body) {
  const response = await fetch(`${session.server.base}/api/tournament/${event.id}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${event.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

const enter = (event, name, rating) => arbiterAct(event, 'players', { name, rating });

test('the console shows its secret link once, and an empty event no bye form', { timeout: 120000 }, async () => {
  const event = await createEvent({ name: 'Empty Swiss', system: { kind: 'dutch' } });
  assert.match(event.console, new RegExp(`^/tournament/${event.id}/arbiter#\\w+$`));
  for (const lang of ['en', 'zh']) {
    // Opened by its link, as right after the event was made.
    const page = await open(session.server.base + event.console, lang, '[data-testid=console-secret-link]');
    const shown = await page.textContent('[data-testid=console-link]');
    assert.equal(shown, session.server.base + event.console, 'the whole link, token and all');
    assert.equal(new URL(page.url()).hash, '', 'the address bar no longer carries the token');
    // Nobody registered: no bye form, nobody to choose in it.
    await page.waitForSelector('[data-testid=console-players]');
    assert.equal(await page.locator('[data-testid=bye]').count(), 0);
    await shot(page, `tn-console-secret-link-${lang}`);
    // Shown once: not again in this browser, which keeps the token.
    await page.reload();
    await page.waitForSelector('[data-testid=console-players]');
    assert.equal(await page.locator('[data-testid=console-secret-link]').count(), 0);
    assert.equal(await page.locator('[data-testid=pair]').count(), 1, 'still the console');
    if (lang === 'en') {
      // Kept, the link opens the console in another browser too; dismissed,
      // the card goes.
      const again = await open(session.server.base + event.console, 'en', '[data-testid=console-secret-link]');
      await again.click('[data-testid=console-link-kept]');
      assert.equal(await again.locator('[data-testid=console-secret-link]').count(), 0);
      assert.equal(await again.locator('[data-testid=add-player]').count(), 1);
    }
  }
  // Once someone is entered, the bye form offers him, for the rounds still
  // to pair.
  await enter(event, 'Able, Ann', 2100);
  const page = await open(session.server.base + event.console, 'en', '[data-testid=bye]');
  const options = await page.$$eval('[data-testid=bye] select[name=player] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(options, ['1. Able, Ann']);
  assert.equal(await page.getAttribute('[data-testid=bye] input[name=round]', 'min'), '1');
  assert.equal(await page.getAttribute('[data-testid=bye] input[name=round]', 'max'), '3');
  // In FIDE mode, every new event's, a full-point bye is not offered
  // (C.04.A, VCL.05: the tournament would refuse it).
  const kinds = await page.$$eval('[data-testid=bye] select[name=kind] option', (os) => os.map((o) => o.value));
  assert.deepEqual(kinds, ['half', 'zero']);
});

test('a round robin offers no bye, and no registration once paired', { timeout: 120000 }, async () => {
  const event = await createEvent({ name: 'Club Round Robin', system: { kind: 'round_robin', cycles: 1 } });
  for (const [name, rating] of [['Able, Ann', 2100], ['Baker, Bo', 2000], ['Cole, Cy', 1900]]) await enter(event, name, rating);
  const page = await open(session.server.base + event.console, 'en', '[data-testid=console-players]');
  assert.equal(await page.locator('[data-testid=bye]').count(), 0, 'byes are a Swiss\'s');
  assert.equal(await page.locator('[data-testid=add-player]').count(), 1, 'entries are open before round 1');
  await arbiterAct(event, 'pair');
  const zh = await open(session.server.base + event.console, 'zh', '[data-testid=publish]');
  await page.reload();
  await page.waitForSelector('[data-testid=publish]');
  for (const [lang, p] of [['en', page], ['zh', zh]]) {
    assert.equal(await p.locator('[data-testid=add-player]').count(), 0, 'entries are closed once paired');
    assert.equal(await p.locator('[data-testid=import]').count(), 0);
    assert.equal(await p.locator('[data-testid=bye]').count(), 0);
    await shot(p, `tn-console-round-robin-paired-${lang}`);
  }
  assert.equal((await eventState(session.server.base, event.id)).rounds.length, 1);
});

test('an event that admits only its list of accounts says so on its join page', { timeout: 120000 }, async () => {
  const event = await createEvent({ name: 'Invitational', system: { kind: 'dutch' }, allowed_accounts: ['alice', 'bob'] });
  const join = `${session.server.base}/tournament/${event.id}/join`;
  const expected = {
    en: 'this tournament admits only the accounts on its list: enter with your account',
    zh: '本赛事只接受名单中的账户报名：请用你的账户报名',
  };
  for (const lang of ['en', 'zh']) {
    const page = await open(join, lang, '[data-testid=join-closed]');
    assert.equal(await page.textContent('[data-testid=join-closed]'), expected[lang]);
    assert.equal(await page.locator('[data-testid=join-form]').count(), 0);
    await shot(page, `tn-join-allow-list-${lang}`);
  }
  // An open event's join page has its form.
  const open_ = await createEvent({ name: 'Open', system: { kind: 'dutch' } });
  await open(`${session.server.base}/tournament/${open_.id}/join`, 'en', '[data-testid=join-form]');
});
