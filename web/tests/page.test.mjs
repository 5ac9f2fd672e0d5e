// The page in a real browser: every game offered; the computer's answer
// time; bad positions; undo, redo, hints and the keyboard; the animation,
// the phone width, the score panel, rounds and four rows; a screenshot of
// each board in web/screenshots/. Every game played to its end by clicking
// is in games-*.test.mjs.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import {
  freshGame, games, idle, libraryPositions, pageSession, rootDir, shotsDir,
} from './harness.mjs';

const session = pageSession();

test('the page loads without console errors and offers every game by name', async () => {
  const { page, errors } = session.tab;
  const offered = await page.$$eval('#game option', (os) => os.map((o) => o.value));
  assert.deepEqual(offered, games());
  const labels = await page.$$eval('#game option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(labels, offered);
  assert.match(await page.textContent('#status'), /to move/);
  assert.deepEqual(errors, []);
});

test('the computer answers within 2 s at its hardest', async () => {
  const { page } = session.tab;
  for (const name of ['kalah', 'oware', 'numercy', 'toguz-kumalak', 'mankka', 'robertson', 'en-gehe']) {
    await freshGame(page, name, ['human', '3']);
    if (await page.isVisible('#placing')) {
      await page.click('#place-random');
    } else {
      await page.locator('.hole.legal').first().click();
    }
    // Whatever the first move did (Kalah may give another turn), wait
    // for the computer's move and time it.
    const started = Date.now();
    await page.waitForFunction(() => {
      const s = document.querySelector('#status').textContent;
      return s.startsWith('South to move') || s.startsWith('Game over');
    }, null, { timeout: 5000 });
    const moves = await page.locator('#moves li').count();
    const took = Date.now() - started;
    assert.ok(took < 2000, `${name}: the computer took ${took} ms`);
    assert.ok(moves >= 1);
  }
  // Numa: the computer's secret choice while the human makes his.
  await freshGame(page, 'numa', ['human', '3']);
  const started = Date.now();
  await page.waitForSelector('#numa-panel fieldset[data-player="1"] >> text=has chosen', { timeout: 5000 });
  assert.ok(Date.now() - started < 2000);
});

test('Numa: a secret choice belongs to its seat and to its game', async () => {
  const { page, errors } = session.tab;
  const waiting = async () => (await page.textContent('#status')).replace(/^.*\(waiting for (.*)\)$/, '$1');
  // A new game sets the computer choosing for Roman, and his seat is made
  // human in the same task, so surely before it answers. The worker
  // answers in turn: once a hint asked after that is shown, the
  // computer's thought has come back, and must not have been locked in
  // for Roman.
  await freshGame(page, 'numa', ['human', '3']);
  await page.evaluate(() => {
    document.querySelector('#new').click();
    const seat = document.querySelector('#seat-1');
    seat.value = 'human';
    seat.dispatchEvent(new Event('change'));
  });
  await page.click('#hint');
  await page.waitForSelector('#report >> text=Hint:', { timeout: 20000 });
  assert.ok(await page.isVisible('#numa-1-lock'), 'Roman, now human, was given the computer\'s choice');
  assert.equal(await waiting(), 'Arabic and Roman');
  // A choice locked in by hand does not outlive its game: a new game
  // waits for both again.
  await page.click('#numa-1-lock');
  assert.equal(await waiting(), 'Arabic');
  await page.click('#new');
  await idle(page);
  assert.equal(await waiting(), 'Arabic and Roman');
  assert.ok(await page.isVisible('#numa-0-lock') && await page.isVisible('#numa-1-lock'));
  // With the pieces' moves animated (the page busy from the last lock's
  // click), the page says it is idle again once they have moved, as it
  // does for the other games.
  await page.selectOption('#speed', '40');
  await page.click('#numa-0-lock');
  await page.click('#numa-1-lock');
  await idle(page);
  assert.equal(await page.locator('#moves li').count(), 1);
  assert.equal(await waiting(), 'Arabic and Roman');
  await page.selectOption('#speed', '0');
  assert.deepEqual(errors, []);
});

test('a bad position gets a clear message and changes nothing', async () => {
  const { page } = session.tab;
  await freshGame(page, 'oware');
  const before = await page.inputValue('#position');
  for (const bad of ['banana', '4,4,4/4,4,4 0,0 0', '4,4,4,4,4,4/4,4,4,4,4,4 0,0 7']) {
    await page.fill('#position', bad);
    await page.click('#load');
    assert.match(await page.textContent('#message'), /not a position of oware/);
    assert.equal(await page.locator('#moves li').count(), 0);
    await page.fill('#position', before);
  }
  // A good one is taken, and play goes on from it: South's only seed is
  // in hole 5 (23 each in the stores: nobody has more than half).
  await page.fill('#position', '0,0,0,0,0,1/1,0,0,0,0,0 23,23 0');
  await page.click('#load');
  await idle(page);
  assert.match(await page.textContent('#message'), /Position set/);
  assert.deepEqual(await page.$$eval('.hole.legal', (hs) => hs.map((h) => h.dataset.pit)), ['5']);
});

test('undo and redo step through the game; the hint names a legal hole; Enter sows', async () => {
  const { page } = session.tab;
  await freshGame(page, 'kalah');
  const start = await page.inputValue('#position');
  await page.locator('[data-pit="0"]').click();
  await idle(page);
  const first = await page.inputValue('#position');
  await page.locator('[data-pit="8"]').click();
  await idle(page);
  const second = await page.inputValue('#position');
  await page.click('#undo');
  await idle(page);
  assert.equal(await page.inputValue('#position'), first);
  await page.click('#undo');
  assert.equal(await page.inputValue('#position'), start);
  await page.click('#redo');
  await page.click('#redo');
  assert.equal(await page.inputValue('#position'), second);
  assert.ok(await page.isDisabled('#redo'));
  // Hint.
  await page.click('#hint');
  await page.waitForSelector('.hole.hint', { timeout: 5000 });
  const hinted = await page.locator('.hole.hint').getAttribute('data-pit');
  const legal = await page.$$eval('.hole.legal', (hs) => hs.map((h) => h.dataset.pit));
  assert.ok(legal.includes(hinted), `hint ${hinted} not among ${legal}`);
  assert.match(await page.textContent('#report'), /Hint: sow hole/);
  // Keyboard: Tab to a hole and press Enter.
  await page.locator('.hole.legal').first().focus();
  const pit = await page.evaluate(() => document.activeElement.dataset.pit);
  await page.keyboard.press('Enter');
  await idle(page);
  assert.equal(await page.locator('#moves li').last().getAttribute('data-move'), pit);
  // The keyboard stays on the board, on a hole the player to move may sow.
  const now = await page.evaluate(() => document.activeElement.closest('[data-pit]')?.dataset.pit ?? null);
  assert.ok(now !== null, 'the focus left the board');
  const playable = await page.$$eval('.hole.legal', (hs) => hs.map((h) => h.dataset.pit));
  assert.ok(playable.includes(now), `focus on hole ${now}, not among ${playable}`);
  // Every hole is labelled for screen readers, its text the seed count.
  const holes = await page.$$eval('[data-pit]', (hs) => hs.map((h) => [h.getAttribute('aria-label'), h.textContent]));
  for (const [label, text] of holes) {
    assert.match(label, /^hole \d+, \w+'s, \d+ seeds?/);
    assert.match(text, /^\d+$/);
  }
});

test('the sowing is animated seed by seed and the report says what happened', async () => {
  const { page } = session.tab;
  await freshGame(page, 'numercy');
  await page.selectOption('#speed', '300');
  await page.locator('[data-pit="0"]').click();
  // Midway: the board is being animated.
  await page.waitForSelector('body[data-ready="busy"]');
  await page.waitForSelector('.hole.active, .hole.lifted', { timeout: 5000 });
  await idle(page);
  assert.match(await page.textContent('#report'), /South sows hole 0 .* and ends in hole \d+ with \d+/);
});

test('on a phone the page fits the width', async () => {
  const { page, errors } = await session.open({ width: 390, height: 844 });
  for (const name of ['kalah', 'robertson', 'numa']) {
    await freshGame(page, name);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 392, `${name}: ${wide} px wide`);
    await page.screenshot({ path: path.join(shotsDir, `phone-${name}.png`), fullPage: true });
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// The score panel's rows: [name, score, ...parts] as shown, and the
// players marked to move.
async function scoreRows(page) {
  return page.$$eval('#score-lines tbody tr', (rows) => rows.map((r) => ({
    cells: [...r.cells].map((c) => c.textContent.replace(/^[▶★]\s*/, '').trim()),
    toMove: r.classList.contains('to-move'),
  })));
}

// A position's scores as the library writes them: its second field
// (`4,4,0,5,5,5/4,4,4,4,4,4 1,0 0`: the stores; Numa's `... 6,4`: the points).
function libraryScores(position) {
  return position.split(' ')[1].split(',');
}

test('the score panel shows every player\'s score and its parts after each move', async () => {
  const { page, errors } = session.tab;
  // Kalah: South sows hole 2; its last seed lands in his store.
  await freshGame(page, 'kalah');
  assert.ok(await page.isVisible('#scores'));
  assert.equal(await page.textContent('#scores-title'), 'Score');
  assert.equal(await page.getAttribute('#score-lines', 'aria-live'), 'polite');
  assert.deepEqual(await page.$$eval('#score-lines thead th', (ths) => ths.map((t) => t.textContent)), ['Player', 'Score (seeds)', 'store']);
  assert.deepEqual(await scoreRows(page), [
    { cells: ['South', '0', '0'], toMove: true },
    { cells: ['North', '0', '0'], toMove: false },
  ]);
  await page.locator('[data-pit="2"]').click();
  await idle(page);
  const [south, north] = libraryScores(libraryPositions('kalah', '', ['2']).at(-1));
  assert.equal(south, '1');
  assert.deepEqual(await scoreRows(page), [
    { cells: ['South', south, south], toMove: true },
    { cells: ['North', north, north], toMove: false },
  ]);
  // The board's label says the same to screen readers.
  assert.match(await page.getAttribute('#board', 'aria-label'), /Scores \(seeds\): South 1, North 0/);
  await page.screenshot({ path: path.join(shotsDir, 'scores-kalah.png'), fullPage: true });
  // Undo and redo redraw it.
  await page.click('#undo');
  assert.deepEqual((await scoreRows(page)).map((r) => r.cells[1]), ['0', '0']);
  await page.click('#redo');
  assert.deepEqual((await scoreRows(page)).map((r) => r.cells[1]), ['1', '0']);

  // Numa: both choose in secret; both may score. The race is to 30.
  await freshGame(page, 'numa');
  assert.match(await page.textContent('#scores-goal'), /race to 30 points/);
  assert.deepEqual(await page.$$eval('#score-lines thead th', (ths) => ths.map((t) => t.textContent)), ['Player', 'Score (points)', 'to go']);
  assert.deepEqual(await scoreRows(page), [
    { cells: ['Arabic', '0', '30'], toMove: true },
    { cells: ['Roman', '0', '30'], toMove: true },
  ]);
  const choose = async (p, [s0, c0, s1, c1]) => {
    await page.selectOption(`#numa-${p}-shape-0`, s0);
    await page.selectOption(`#numa-${p}-colour-0`, c0);
    await page.selectOption(`#numa-${p}-shape-1`, s1);
    await page.selectOption(`#numa-${p}-colour-1`, c1);
    await page.click(`#numa-${p}-lock`);
  };
  await choose(0, ['triangle', 'blue', 'circle', 'yellow']);
  await choose(1, ['circle', 'yellow', 'square', 'red']);
  await idle(page);
  const move = await page.locator('#moves li').last().getAttribute('data-move');
  assert.equal(move, 'triangle-blue+circle-yellow/circle-yellow+square-red');
  const [arabic, roman] = libraryScores(libraryPositions('numa', '', [move]).at(-1)).map(Number);
  assert.ok(arabic > 0 && roman > 0, `both score: ${arabic} to ${roman}`);
  assert.deepEqual(await scoreRows(page), [
    { cells: ['Arabic', String(arabic), String(30 - arabic)], toMove: true },
    { cells: ['Roman', String(roman), String(30 - roman)], toMove: true },
  ]);
  await page.screenshot({ path: path.join(shotsDir, 'scores-numa.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

// A position of each match of rounds whose one legal move ends the match,
// with why (from RULES.md, "Matches of rounds"): the table the command's
// tests play too.
const LAST_MOVES = JSON.parse(fs.readFileSync(path.join(rootDir, 'mancala-cli', 'tests', 'data', 'round_last_moves.json'), 'utf8'))
  .map((c) => [c.game, c.position, c.move]);

async function loadPosition(page, text) {
  await page.fill('#position', text);
  await page.click('#load');
  await idle(page);
  assert.match(await page.textContent('#message'), /Position set/);
}

test('matches of rounds: the round and closed holes shown, fills and choices clicked, each match ended', async () => {
  const { page, errors } = session.tab;
  for (const [name, text, hole] of LAST_MOVES) {
    await freshGame(page, name);
    await loadPosition(page, text);
    const round = /round=(\d+)/.exec(text)[1];
    assert.match(await page.textContent('#status'), new RegExp(`^South to move \\(round ${round}\\)$`), name);
    const closed = /closed=([\d,]+)/.exec(text)?.[1].split(',') ?? [];
    assert.deepEqual(await page.$$eval('.hole.closed', (hs) => hs.map((h) => h.dataset.pit)), closed, name);
    assert.deepEqual(await page.$$eval('.hole.legal', (hs) => hs.map((h) => h.dataset.pit)), [hole], name);
    if (closed.length) {
      assert.match(await page.getAttribute(`[data-pit="${closed[0]}"]`, 'aria-label'), /, closed$/);
      await page.screenshot({ path: path.join(shotsDir, `${name}-closed.png`), fullPage: true });
    }
    await page.locator(`[data-pit="${hole}"]`).click();
    await idle(page);
    const status = await page.textContent('#status');
    assert.match(status, /^Game over: South wins, \d+ to \d+ \(South wins the match in round \d+: .*\)\.$/, `${name}: ${status}`);
    assert.match(await page.inputValue('#position'), / stage=won:0$/, name);
  }

  // Sungka between rounds: North fills any empty hole of his (his
  // choice), a click on it; 7 seeds go into it from his store.
  await freshGame(page, 'sungka');
  await loadPosition(page, '0,0,0,0,0,0,0/0,0,0,0,0,0,0 50,48 1 rules=sungka stage=refill');
  assert.match(await page.textContent('#status'), /^North to move: filling his holes for the next round \(round 1\)$/);
  assert.deepEqual(await page.$$eval('.hole.legal', (hs) => hs.map((h) => h.dataset.pit)), ['7', '8', '9', '10', '11', '12', '13']);
  await page.locator('[data-pit="10"]').click();
  await idle(page);
  assert.equal(await page.locator('#moves li').last().getAttribute('data-move'), 'fill:10');
  assert.match(await page.inputValue('#position'), /^0,0,0,0,0,0,0\/0,0,0,7,0,0,0 50,41 0 /);

  // Dakon: South's seed from hole 2 makes hole 1 (his own row) 2: he
  // chooses. A capture moves the last seed on into hole 12 and takes it
  // with hole 12's seed (2 into his store, 47); hole 1 keeps 1.
  await freshGame(page, 'dakon');
  await loadPosition(page, '0,1,1,0,0,0,0/1,1,1,1,1,1,1 45,44 0 rules=dakon');
  await page.locator('[data-pit="2"]').click();
  await idle(page);
  assert.match(await page.textContent('#status'), /^South to move: relay on, or capture \(round 1\)$/);
  assert.equal(await page.locator('.hole.legal').count(), 0);
  assert.ok(await page.isVisible('#move-relay'));
  await page.click('#move-capture');
  await idle(page);
  assert.equal(await page.inputValue('#position'), '0,1,0,0,0,0,0/1,1,1,1,1,0,1 47,44 1 rules=dakon');
  assert.ok(!(await page.isVisible('#move-capture')));
  assert.deepEqual(errors, []);
});

// Omweso: North's hole 31 sown clockwise, as the first clockwise move of
// conformance/four-rows/omweso.jsonl plays it (the position before it and
// after it are that trace's, replayed by the library). Pressing "Sow
// clockwise" makes the clockwise holes the clickable ones; a click plays
// `31:cw`; the toggle is released after the move.
test('omweso: a clockwise sowing by the toggle, placing by a click on the hole', async () => {
  const { page, errors } = session.tab;
  await freshGame(page, 'omweso');
  // Placing: a click on a hole puts a seed from the hand into it.
  assert.match(await page.textContent('#status'), /placing a seed from his hand/);
  await page.click('.hole.legal[data-pit="3"]');
  await idle(page);
  assert.equal(await page.locator('#moves li').last().getAttribute('data-move'), 'place:3');
  const before = '0,1,0,3,2,3,0,2/0,3,2,3,4,0,3,1/1,4,0,2,1,0,2,5/0,5,2,3,4,3,1,4 0,0 1 rules=omweso';
  await loadPosition(page, before);
  assert.ok(await page.isVisible('#clockwise'));
  assert.equal(await page.getAttribute('#clockwise', 'aria-pressed'), 'false');
  await page.click('#clockwise');
  assert.equal(await page.getAttribute('#clockwise', 'aria-pressed'), 'true');
  await page.click('.hole.legal[data-pit="31"]');
  await idle(page);
  assert.equal(await page.locator('#moves li').last().getAttribute('data-move'), '31:cw');
  assert.equal(
    await page.inputValue('#position'),
    '0,1,0,0,2,3,0,2/0,3,2,3,0,0,3,1/3,0,2,4,3,2,4,0/1,6,3,1,6,5,3,1 0,0 0 rules=omweso',
  );
  assert.notEqual(await page.getAttribute('#clockwise', 'aria-pressed'), 'true');
  assert.deepEqual(errors, []);
});

// Complete games by clicking: the shortest Hus (Nama) game Ludii recorded
// to its end (conformance/four-rows/hus-nama-ends.jsonl, 101 moves: a
// click on the hole sown, or on Pass), from the start; and the end of a
// Hus (Damara) game from a late position (the table the command's and
// Python's tests play too, each with why it ends). Each ends with the
// recorded winner, every position the library's.
test('four rows: complete games by clicking end with their winner', async () => {
  const { page, errors } = session.tab;
  const traces = fs.readFileSync(path.join(rootDir, 'conformance', 'four-rows', 'hus-nama-ends.jsonl'), 'utf8')
    .split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const shortest = traces.reduce((a, b) => (a.moves.length <= b.moves.length ? a : b));
  const endings = JSON.parse(fs.readFileSync(path.join(rootDir, 'mancala-cli', 'tests', 'data', 'four_row_endings.json'), 'utf8'));
  const games = [
    { game: 'hus-nama', position: null, moves: shortest.moves.map(String), winner: shortest.states.at(-1).result.winner },
    ...endings,
  ];
  for (const { game, position, moves, winner } of games) {
    await freshGame(page, game);
    if (position) await loadPosition(page, position);
    for (const mv of moves) {
      assert.match(await page.textContent('#status'), /to move/, `${game} ended early`);
      await page.click(mv === 'pass' ? '#pass' : `.hole.legal[data-pit="${mv}"]`);
      await idle(page);
    }
    const name = ['South', 'North'][winner];
    assert.match(await page.textContent('#status'), new RegExp(`^Game over: ${name} wins`), game);
    const played = await page.$$eval('#moves li', (ls) => ls.map((l) => l.dataset.move));
    assert.deepEqual(played, moves, game);
    if (!position) {
      assert.equal(await page.inputValue('#position'), libraryPositions(game, '', moves).at(-1));
    }
  }
  assert.deepEqual(errors, []);
});
