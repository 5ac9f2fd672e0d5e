// Every game of the registry played to its end by clicking, each position
// checked against the library's own `mancala replay`, and the games drawn
// from their options: the tests of one shard of them, in a browser of its
// own, so that the shards' files run side by side (`--test-concurrency=2`
// in package.json: a browser a core).

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import {
  freshGame, games, idle, libraryPositions, pageSession, shotsDir,
} from './harness.mjs';
import {
  MAX_MOVES, NEVER_ENDS, PLAYED_IN_PART, playToTheEnd,
} from './play.mjs';

// The tests of games whose place in the list is `shard` modulo `shards`.
export function wholeGames(shard, shards) {
  const session = pageSession();

  for (const [i, name] of games().entries()) {
    if (i % shards !== shard) continue;
    test(`${name}: a whole game by clicking, every position the library's`, async () => {
      const { page, errors } = session.tab;
      await freshGame(page, name);
      const endless = NEVER_ENDS.includes(name);
      const part = endless || PLAYED_IN_PART.includes(name);
      const played = await playToTheEnd(page, name, 1000 + i, part ? 200 : MAX_MOVES);
      await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
      if (endless) {
        assert.match(played.status, /to move/, `${name} ended`);
      } else if (part) {
        assert.match(played.status, /to move|^Game over: .*wins/, name);
      } else {
        assert.match(played.status, /^Game over: .*(wins|draw)/i, `${name} did not end in ${MAX_MOVES} moves`);
      }
      const library = libraryPositions(name, '', played.moves);
      assert.equal(library.length, played.positions.length);
      assert.deepEqual(played.positions, library);
      assert.deepEqual(errors, []);
    });
  }

  for (const [j, [name, options]] of [['robertson', 'layout=triangle'], ['robertson', 'layout=hexagon'], ['numercy', 'holes=5 operators=x,x,x,x,x']].entries()) {
    if (j % shards !== shard) continue;
    test(`${name} ${options}: drawn and played from its options`, async () => {
      const { page, errors } = session.tab;
      await page.selectOption('#speed', '0');
      await page.selectOption('#game', name);
      await idle(page);
      if (!(await page.isVisible('#options-text'))) await page.click('#options-box summary');
      await page.fill('#options-text', options);
      for (let p = 0; p < (await page.locator('#seats select').count()); p++) await page.selectOption(`#seat-${p}`, 'human');
      await page.click('#new');
      await idle(page);
      for (let p = 0; p < (await page.locator('#seats select').count()); p++) await page.selectOption(`#seat-${p}`, 'human');
      await idle(page);
      if (name === 'numercy') {
        // The fields follow the options text: five files, each an x.
        assert.equal(await page.inputValue('#opt-holes'), '5');
        assert.equal(await page.locator('#operators-box select[id^="operator-"]').count(), 5);
        assert.equal(await page.inputValue('#operator-4'), 'x');
        // The operators are drawn between each file's holes.
        assert.deepEqual(await page.$$eval('.op', (ts) => ts.map((t) => t.textContent.trim().charAt(0))), ['x', 'x', 'x', 'x', 'x']);
        // The rules in words follow the options (five holes a row), and each
        // option field says what it decides and its value in the game.
        await page.click('#rules-box summary');
        assert.match(await page.textContent('#rules'), /^Numercy: two rows of 5 holes with 7 balls each/);
        assert.match(await page.getAttribute('label[for="opt-relay_at"]', 'title'), /relays/);
        assert.equal(await page.getAttribute('#opt-relay_at', 'placeholder'), '(default: 6)');
      }
      const played = await playToTheEnd(page, name, 7);
      await page.screenshot({ path: path.join(shotsDir, `${name}-${options.replace(/[^a-z0-9]+/gi, '_')}.png`), fullPage: true });
      assert.match(played.status, /^Game over/);
      assert.deepEqual(played.positions, libraryPositions(name, options, played.moves));
      assert.deepEqual(errors, []);
    });
  }
}
