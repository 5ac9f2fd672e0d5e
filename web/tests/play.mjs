// Playing a game on the page as a person would: a random legal click a
// move, from a seeded generator, every position read back.

import assert from 'node:assert/strict';

import { idle } from './harness.mjs';

// A game not over after this many moves is checked as far as it went and
// fails: random play ends every game of the registry well before.
export const MAX_MOVES = 3000;
// The games played for 200 moves only, every position the library's.
// Oure Ngat never ends (once no hole holds more than one seed, each move
// sows a seed back into its own hole): it must still be going.
export const NEVER_ENDS = ['oure-ngat'];
// Random matches of these rounds rarely end (Sungka never closes a hole,
// random Galatjang, Ovalhu and Dakon rounds rarely empty the board, Khrour
// often jams with both players passing for ever, Congkak and Pallanguzhi
// take thousands of moves): 200 moves, ended or not; each match's end is
// clicked from a late position instead (the test of round games below).
// Random games of Hus (Nama) and Hus (Damara) run to thousands of moves
// or never end (their seeds rarely leave the board): 200 moves too.
export const PLAYED_IN_PART = [
  'sungka', 'congkak', 'galatjang', 'ovalhu', 'khrour', 'dakon', 'pallanguzhi', 'hus-nama', 'hus-damara',
];

// A seeded generator, so that a failing game can be played again.
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    // The high bits: an LCG's low bits repeat with a short period.
    return (s >>> 16) % n;
  };
}

// What the next click depends on, read from the page in one round trip
// (a dozen separate reads a move made the whole games slow): the status
// line, which panels are visible (as Playwright's `isVisible` sees it: a
// box of some size, not `visibility: hidden`), how many holes may be sown,
// and the moves listed, the last one, and the position.
export function readPage(page) {
  return page.evaluate(() => {
    const visible = (selector) => {
      const element = document.querySelector(selector);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const listed = document.querySelectorAll('#moves li');
    return {
      status: document.querySelector('#status')?.textContent ?? '',
      numa: visible('#numa-panel'),
      placing: visible('#placing'),
      clockwise: visible('#clockwise'),
      legal: document.querySelectorAll('.hole.legal').length,
      listed: listed.length,
      last: listed.length ? listed[listed.length - 1].getAttribute('data-move') : null,
      position: document.querySelector('#position')?.value ?? '',
    };
  });
}

// One move of whoever is to move, by clicking as a person would; `seen` is
// the page as `readPage` read it, idle, before the move.
export async function clickMove(page, pick, seen) {
  if (seen.numa) {
    const sets = page.locator('#numa-panel fieldset');
    const n = await sets.count();
    for (let i = 0; i < n; i++) {
      const p = await sets.nth(i).getAttribute('data-player');
      if (!(await page.isVisible(`#numa-${p}-lock`))) continue;
      const shapes = ['triangle', 'square', 'pentagon', 'circle'];
      const colours = ['yellow', 'red', 'blue', 'green'];
      const s0 = pick(4);
      const s1 = (s0 + 1 + pick(3)) % 4;
      const c0 = pick(4);
      const c1 = (c0 + 1 + pick(3)) % 4;
      await page.selectOption(`#numa-${p}-shape-0`, shapes[s0]);
      await page.selectOption(`#numa-${p}-colour-0`, colours[c0]);
      await page.selectOption(`#numa-${p}-shape-1`, shapes[s1]);
      await page.selectOption(`#numa-${p}-colour-1`, colours[c1]);
      await page.click(`#numa-${p}-lock`);
    }
    return;
  }
  if (seen.placing) {
    // Mankka's opening: a seed a click into random holes of his own.
    while (await page.isDisabled('#place')) {
      const holes = page.locator('.hole.legal');
      await holes.nth(pick(await holes.count())).click();
    }
    await page.click('#place');
    return;
  }
  const holes = page.locator('.hole.legal');
  let n = seen.legal;
  // Omweso: now and then a clockwise sowing, the toggle pressed first
  // (its holes are then the ones that may be sown clockwise).
  if (seen.clockwise && pick(2) === 0) {
    await page.click('#clockwise');
    n = await holes.count();
  }
  if (n === 0) {
    // A pass, or Dakon's choice in the middle of a move.
    const words = page.locator('#pass:visible, #move-relay:visible, #move-capture:visible');
    const k = await words.count();
    assert.ok(k > 0, 'no hole to sow and no pass');
    await words.nth(pick(k)).click();
    return;
  }
  await holes.nth(pick(n)).click();
}

export async function playToTheEnd(page, name, seed, most = MAX_MOVES) {
  const pick = rng(seed);
  let seen = await readPage(page);
  const positions = [seen.position];
  const moves = [];
  for (let k = 0; k < most; k++) {
    if (seen.status.startsWith('Game over')) break;
    await clickMove(page, pick, seen);
    await idle(page);
    seen = await readPage(page);
    if (seen.listed > moves.length) {
      moves.push(seen.last);
      positions.push(seen.position);
    }
  }
  return { moves, positions, status: seen.status };
}
