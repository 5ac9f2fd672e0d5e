// The computer's search, off the page's thread so that the page never
// freezes: each message names a game and a position in its notation, the
// level (1 easy, 2 medium, 3 hard) and the player (-1: the one to move;
// 0 or 1 for a seat of Numa's simultaneous turns); the answer is the
// library's search result, or its error in words.

import init, { WebGame } from './pkg/mancala_web.js';

const ready = init();

self.onmessage = async (event) => {
  const { id, name, text, level, player } = event.data;
  try {
    await ready;
    const game = WebGame.fromText(name, text);
    const started = performance.now();
    const result = JSON.parse(game.search(level, player));
    game.free();
    result.millis = Math.round(performance.now() - started);
    self.postMessage({ id, result });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
