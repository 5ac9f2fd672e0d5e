// The page: every game of the library, its options, seats for humans and
// the computer, moves animated seed by seed, hints, undo and redo, the move
// list and the position as text. The rules are the library's alone (the
// WebAssembly module); this file only shows them.

import init, { games as gamesJson, WebGame } from './pkg/mancala_web.js';
import { drawHoles, drawNuma, setCount, flash, movePiece } from './board.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const SEATS = [['human', 'Human'], ['1', 'Computer (easy)'], ['2', 'Computer (medium)'], ['3', 'Computer (hard)']];
const OPERATORS = ['+', '-', 'x', ':', '^'];
// Values offered for the options that take one of a few words.
const CHOICES = {
  layout: ['two-row', 'triangle', 'hexagon'],
  variant: ['two', 'one'],
  endless: ['forbid', 'stop'],
  rounding: ['nearest', 'down', 'up'],
  divide_by_zero: ['zero', 'max'],
  grand_slam: ['allow', 'no-capture', 'forbid'],
  leftover: ['void', 'owner', 'stay'],
};
const BOOLEAN = /^(skip_origin|repetition|wrap_adjacency|early_end|chain|majority|pass|extra_turn|side_empty|into_own_store|capture_first|lone_into_empty|relay_next_occupied|empty_capture)$/;
const SHAPES = ['triangle', 'square', 'pentagon', 'circle'];
const COLOURS = ['yellow', 'red', 'blue', 'green'];

const S = {
  games: [],
  entry: null,
  options: '',
  start: null, // a pasted position the game began from, else null
  game: null,
  view: null,
  moves: [],
  redo: [],
  seats: [],
  busy: false,
  token: 0, // bumped to forget a search whose position has gone
  autoplay: true,
  placement: null, // Mankka: seeds added to each own hole so far
  numa: {}, // Numa: each player's locked choice this turn
  hint: null,
  focusPit: null, // the hole focused when a move began (kept across its animation)
  holeMoves: new Map(), // each clickable hole's move (null: Mankka's placing)
  clockwise: false, // Omweso: the next click on a hole sows it clockwise (`N:cw`)
};

// --- the search worker ------------------------------------------------------

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const waiting = new Map();
let nextId = 1;
worker.onmessage = (event) => {
  const { id, result, error } = event.data;
  const w = waiting.get(id);
  waiting.delete(id);
  if (!w) return;
  if (error) w.reject(new Error(error));
  else w.resolve(result);
};
worker.onerror = (event) => message(`The computer's worker failed: ${event.message}`);

function think(level, player) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, name: S.entry.name, text: S.game.text(), level: Number(level), player });
  });
}

// --- messages ---------------------------------------------------------------

function message(text, ok = false) {
  const m = $('message');
  m.textContent = text;
  m.classList.toggle('ok', ok);
}

function report(text) {
  $('report').textContent = text;
}

// --- options ----------------------------------------------------------------

function optionsText() {
  return $('options-text').value.trim();
}

function setOption(key, value) {
  const parts = optionsText().split(/\s+/).filter((p) => p && !p.startsWith(`${key}=`));
  if (value !== '') parts.push(`${key}=${value}`);
  $('options-text').value = parts.join(' ');
}

function optionValue(key) {
  const part = optionsText().split(/\s+/).find((p) => p.startsWith(`${key}=`));
  return part ? part.slice(key.length + 1) : '';
}

function buildOptions() {
  const box = $('options');
  box.replaceChildren();
  for (const { key, default: given, help } of S.entry.options) {
    const row = document.createElement('div');
    row.className = 'row';
    const id = `opt-${key}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = key;
    label.title = help;
    const standard = given === null ? '(default)' : `(default: ${given})`;
    let input;
    const choices = CHOICES[key] || (BOOLEAN.test(key) ? ['true', 'false'] : null);
    if (choices) {
      input = document.createElement('select');
      input.append(new Option(standard, ''));
      for (const c of choices) input.append(new Option(c, c));
    } else {
      input = document.createElement('input');
      input.type = 'text';
      input.placeholder = standard;
    }
    input.id = id;
    input.title = help;
    input.value = optionValue(key);
    input.addEventListener('change', () => {
      setOption(key, input.value.trim());
      if (key === 'holes' && S.entry.keys.includes('operators')) buildOperators();
    });
    row.append(label, input);
    box.append(row);
  }
  if (S.entry.keys.includes('operators')) buildOperators();
}

// Numercy: the operator between each file's holes, chosen by hand, all
// alike (a drill) or at random.
function buildOperators() {
  const old = $('operators-box');
  if (old) old.remove();
  const files = Number(optionValue('holes')) || 7;
  if (!(files >= 2 && files <= 13)) return;
  const set = document.createElement('fieldset');
  set.id = 'operators-box';
  const legend = document.createElement('legend');
  legend.textContent = 'Operator of each file';
  set.append(legend);
  const current = optionValue('operators').split(',');
  const row = document.createElement('div');
  row.className = 'row';
  const selects = [];
  for (let k = 0; k < files; k++) {
    const s = document.createElement('select');
    s.id = `operator-${k}`;
    s.setAttribute('aria-label', `operator of file ${k}`);
    for (const op of OPERATORS) s.append(new Option(op, op));
    s.value = current.length === files && OPERATORS.includes(current[k]) ? current[k] : ['+', '-', 'x', ':'][k % 4];
    s.addEventListener('change', write);
    selects.push(s);
    row.append(s);
  }
  function write() {
    setOption('operators', selects.map((s) => s.value).join(','));
  }
  const tools = document.createElement('div');
  tools.className = 'row';
  const random = document.createElement('button');
  random.type = 'button';
  random.id = 'operators-random';
  random.textContent = 'At random';
  random.addEventListener('click', () => {
    for (const s of selects) s.value = OPERATORS[Math.floor(Math.random() * 4)];
    write();
  });
  const drill = document.createElement('select');
  drill.id = 'operators-drill';
  drill.setAttribute('aria-label', 'drill: the same operator everywhere');
  drill.append(new Option('Drill…', ''));
  for (const op of OPERATORS) drill.append(new Option(`all ${op}`, op));
  drill.addEventListener('change', () => {
    if (!drill.value) return;
    for (const s of selects) s.value = drill.value;
    drill.value = '';
    write();
  });
  tools.append(random, drill);
  set.append(row, tools);
  $('options').append(set);
}

function buildSeats(players, names) {
  const box = $('seats');
  const keep = S.seats.slice();
  box.replaceChildren();
  S.seats = [];
  for (let p = 0; p < players; p++) {
    const label = document.createElement('label');
    label.htmlFor = `seat-${p}`;
    label.textContent = names[p];
    const s = document.createElement('select');
    s.id = `seat-${p}`;
    for (const [v, t] of SEATS) s.append(new Option(t, v));
    s.value = keep[p] || (p === 0 || players > 2 ? 'human' : '2');
    S.seats.push(s.value);
    s.addEventListener('change', () => {
      S.seats[p] = s.value;
      S.autoplay = true;
      // A thought asked of the seat as it was answers nothing now: a
      // computer made human must not lock in a secret choice, nor move.
      S.token++;
      S.numa = {};
      render();
      schedule();
    });
    box.append(label, s);
  }
}

// --- a game -----------------------------------------------------------------

function selectGame(name) {
  S.entry = S.games.find((g) => g.name === name) || S.games[0];
  $('game').value = S.entry.name;
  $('summary').textContent = `${S.entry.title}: ${S.entry.summary}`;
  $('options-text').value = '';
  buildOptions();
}

function newGame() {
  let game;
  try {
    game = new WebGame(S.entry.name, optionsText());
  } catch (e) {
    message(`Cannot start ${S.entry.name}: ${e.message}`);
    return;
  }
  if (S.game) S.game.free();
  S.game = game;
  S.options = optionsText();
  S.start = null;
  S.moves = [];
  S.redo = [];
  begin();
  message('');
  report('');
}

function begin() {
  S.token++;
  S.focusPit = null;
  S.autoplay = true;
  S.busy = false;
  // Numa's secret choices and a hint belong to the game they were made in.
  S.numa = {};
  S.hint = null;
  S.view = JSON.parse(S.game.view());
  if (S.seats.length !== S.view.names.length) S.seats = [];
  buildSeats(S.view.names.length, S.view.names);
  render();
  schedule();
}

// The game from its start through `moves`.
function rebuild(moves) {
  const game = S.start ? WebGame.fromText(S.entry.name, S.start) : new WebGame(S.entry.name, S.options);
  for (const mv of moves) game.play(mv);
  if (S.game) S.game.free();
  S.game = game;
  S.view = JSON.parse(game.view());
}

function seatOf(p) {
  return S.seats[p] || 'human';
}

function toMove() {
  return S.view.status.kind === 'move' ? S.view.status.players[0] : null;
}

function humanToMove() {
  const p = toMove();
  return p !== null && seatOf(p) === 'human';
}

// --- drawing ----------------------------------------------------------------

function statusText() {
  const v = S.view;
  if (v.status.kind === 'over') return `Game over: ${v.result}` + (v.reason ? ` (${v.reason}).` : '.');
  if (v.status.kind === 'simultaneous') {
    const waiting = v.status.players.filter((p) => !(p in S.numa)).map((p) => v.names[p]);
    return `${v.names.join(' and ')} choose their moves in secret` + (waiting.length ? ` (waiting for ${waiting.join(' and ')})` : '');
  }
  const p = v.status.players[0];
  const who = seatOf(p) === 'human' ? '' : ' (the computer)';
  const doing = v.placing ? ': placing seeds' : (PHASES[v.phase] ?? '');
  const round = v.round === null ? '' : ` (round ${v.round})`;
  return `${v.names[p]} to move${who}${doing}${round}`;
}

// What the player to move does in a phase of a match of rounds.
const PHASES = {
  refilling: ': filling his holes for the next round',
  choosing: ': relay on, or capture',
  placing: ': placing a seed from his hand',
};

// The words a move may be besides a hole (Dakon's choices), each a
// button while it is legal; `pass` has its own.
const WORD_MOVES = ['relay', 'capture'];

function scoresText() {
  const v = S.view;
  return v.names.map((n, i) => `${n} ${v.scores[i]}`).join(', ');
}

// --- the score panel ------------------------------------------------------------

// The score panel, from the view's score lines: a row a player, his score
// in the game's unit, then each part (its label a column). The table is
// rebuilt only when its shape changes (another game, other players, other
// parts); else only the cells whose text changed are written, so that the
// live region announces the rows that changed (each row atomic), not the
// whole table after every move.
function renderScores() {
  const v = S.view;
  const lines = v.score;
  // Every part's label, in the order the lines give them (a part may be
  // one player's only: seeds left in his holes at the end).
  const labels = [...new Set(lines.flatMap((l) => l.parts.map((p) => p.label)))];
  const ranked = lines.length > 2;
  const shape = JSON.stringify([v.name, v.unit, lines.map((l) => l.name), labels, ranked]);
  const goal = $('scores-goal');
  goal.hidden = v.goal === null;
  goal.textContent = v.goal === null ? '' : `The race to ${v.goal} ${v.unit}.`;
  const box = $('score-lines');
  let table = box.querySelector('table');
  if (!table || table.dataset.shape !== shape) {
    table = document.createElement('table');
    table.dataset.shape = shape;
    const head = table.createTHead().insertRow();
    const columns = ['Player', ...(ranked ? ['Place'] : []), `Score (${v.unit})`, ...labels];
    for (const c of columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = c;
      head.append(th);
    }
    const body = table.createTBody();
    for (const line of lines) {
      const row = body.insertRow();
      row.dataset.player = line.player;
      row.className = `owner-${line.player}`;
      row.setAttribute('aria-atomic', 'true');
      const name = document.createElement('th');
      name.scope = 'row';
      const mark = document.createElement('span');
      mark.className = 'turn';
      mark.setAttribute('aria-hidden', 'true');
      name.append(mark, document.createTextNode(line.name));
      row.append(name);
      if (ranked) row.insertCell().className = 'rank';
      const points = row.insertCell();
      points.className = 'points';
      labels.forEach((label) => {
        const cell = row.insertCell();
        cell.className = 'part';
        cell.dataset.part = label;
      });
    }
    box.replaceChildren(table);
  }
  const write = (el, text) => {
    if (el.textContent !== text) el.textContent = text;
  };
  const over = v.status.kind === 'over';
  lines.forEach((line, i) => {
    const row = table.tBodies[0].rows[i];
    const moving = line.to_move && !over;
    row.classList.toggle('to-move', moving);
    row.classList.toggle('winner', over && v.status.winner === line.player);
    if (moving) row.setAttribute('aria-current', 'true');
    else row.removeAttribute('aria-current');
    write(row.querySelector('.turn'), moving ? '▶ ' : (over && v.status.winner === line.player ? '★ ' : ''));
    if (ranked) write(row.querySelector('.rank'), String(line.rank));
    write(row.querySelector('.points'), String(line.points));
    const values = new Map(line.parts.map((p) => [p.label, String(p.value)]));
    row.querySelectorAll('.part').forEach((cell) => write(cell, values.get(cell.dataset.part) ?? '–'));
  });
}

function render() {
  const v = S.view;
  $('status').textContent = statusText();
  $('rules').textContent = v.rules;
  $('board').setAttribute('aria-label', `Board. Scores (${v.unit}): ${scoresText()}`);
  renderScores();
  $('position').value = v.text;
  const list = $('moves');
  list.replaceChildren();
  S.moves.forEach((mv, i) => {
    const li = document.createElement('li');
    li.textContent = mv;
    li.dataset.move = mv;
    if (i === S.moves.length - 1) li.className = 'current';
    list.append(li);
  });
  list.scrollTop = list.scrollHeight;
  $('undo').disabled = S.moves.length === 0;
  $('redo').disabled = S.redo.length === 0;
  $('hint').disabled = !(humanToMove() || (v.status.kind === 'simultaneous' && v.status.players.some((p) => seatOf(p) === 'human' && !(p in S.numa))));
  $('go').disabled = v.status.kind !== 'move';
  $('pass').hidden = !(humanToMove() && v.legal.includes('pass'));
  for (const word of WORD_MOVES) $(`move-${word}`).hidden = !(humanToMove() && !S.busy && v.legal.includes(word));
  if (v.numa) {
    drawNuma($('board'), v);
    $('placing').hidden = true;
    renderNumaPanel();
    document.body.dataset.ready = S.busy ? 'busy' : 'idle';
    return;
  }
  $('numa-panel').hidden = true;
  // A click on a hole plays its move: a sowing (`3`), a fill between
  // rounds (`fill:3`), Omweso's placing (`place:3`), or with the
  // clockwise toggle pressed Omweso's clockwise sowing (`3:cw`).
  S.holeMoves = new Map();
  const clockwise = humanToMove() && !S.busy && v.legal.some((mv) => mv.endsWith(':cw'));
  if (!clockwise) S.clockwise = false;
  $('clockwise').hidden = !clockwise;
  $('clockwise').setAttribute('aria-pressed', String(S.clockwise));
  if (humanToMove() && !S.busy) {
    if (v.placing) {
      for (const h of v.holes) if (h.owner === toMove()) S.holeMoves.set(h.pit, null);
    } else {
      const pattern = S.clockwise ? /^(\d+):cw$/ : /^(?:fill:|place:)?(\d+)$/;
      for (const mv of v.legal) {
        const hole = pattern.exec(mv);
        if (hole) S.holeMoves.set(Number(hole[1]), mv);
      }
    }
  }
  const clickable = new Set(S.holeMoves.keys());
  // A keyboard player keeps his place on the board across the redraw.
  // (Kept until a hole can take it again: the computer's turn has none.)
  const focused = focusedPit() ?? S.focusPit;
  const svg = drawHoles($('board'), v, clickable, onHole);
  if (focused !== null && focused !== undefined) {
    const again = svg.querySelector(`[data-pit="${focused}"][tabindex]`) || svg.querySelector('[data-pit][tabindex]');
    if (again) again.focus();
    S.focusPit = again ? null : focused;
  }
  renderPlacing(svg);
  if (S.hint !== null) flash(svg, `[data-pit="${S.hint}"]`, 'hint', true);
  document.body.dataset.ready = S.busy ? 'busy' : 'idle';
}

// The hole that has the keyboard's focus, if any.
function focusedPit() {
  const a = document.activeElement;
  const hole = a && a.closest ? a.closest('[data-pit]') : null;
  return hole ? hole.dataset.pit : null;
}

// --- Mankka's opening placement ----------------------------------------------

function ownHoles() {
  const p = toMove();
  return S.view.holes.filter((h) => h.owner === p).map((h) => h.pit).sort((a, b) => a - b);
}

function renderPlacing(svg) {
  const v = S.view;
  const show = v.placing && humanToMove();
  $('placing').hidden = !show;
  if (!show) {
    S.placement = null;
    return;
  }
  const own = ownHoles();
  if (!S.placement || S.placement.length !== own.length) S.placement = own.map(() => 0);
  const hand = v.hands[toMove()];
  const placed = S.placement.reduce((a, b) => a + b, 0);
  own.forEach((pit, i) => {
    if (S.placement[i] > 0) {
      setCount(svg, `[data-pit="${pit}"]`, v.holes[pit].seeds + S.placement[i]);
      flash(svg, `[data-pit="${pit}"]`, 'placed', true);
    }
  });
  $('placing-text').textContent = `${v.names[toMove()]} places ${hand} seeds on his side, one a click: ${placed} placed, ${hand - placed} to go.`;
  $('place').disabled = placed !== hand;
}

function placementMove() {
  return S.placement.join('+');
}

// --- Numa's secret choices ---------------------------------------------------

function renderNumaPanel() {
  const v = S.view;
  const panel = $('numa-panel');
  panel.replaceChildren();
  if (v.status.kind !== 'simultaneous') {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  for (const p of v.status.players) {
    const set = document.createElement('fieldset');
    set.dataset.player = p;
    const legend = document.createElement('legend');
    legend.textContent = `${v.names[p]}'s choice`;
    set.append(legend);
    if (p in S.numa) {
      set.append(document.createTextNode(seatOf(p) === 'human' ? 'Chosen (kept secret until both have chosen).' : 'The computer has chosen.'));
    } else if (seatOf(p) !== 'human') {
      set.append(document.createTextNode('The computer is choosing…'));
    } else {
      const row = document.createElement('div');
      row.className = 'row';
      for (const k of [0, 1]) {
        const shape = document.createElement('select');
        shape.id = `numa-${p}-shape-${k}`;
        shape.setAttribute('aria-label', `${v.names[p]}: piece ${k + 1}`);
        for (const s of SHAPES) shape.append(new Option(s, s));
        shape.value = SHAPES[k];
        const colour = document.createElement('select');
        colour.id = `numa-${p}-colour-${k}`;
        colour.setAttribute('aria-label', `${v.names[p]}: direction ${k + 1} (yellow north, red east, blue south, green west)`);
        for (const c of COLOURS) colour.append(new Option(c, c));
        colour.value = COLOURS[k];
        row.append(shape, colour);
      }
      const lock = document.createElement('button');
      lock.type = 'button';
      lock.id = `numa-${p}-lock`;
      lock.textContent = 'Lock in';
      lock.addEventListener('click', () => {
        const get = (what, k) => $(`numa-${p}-${what}-${k}`).value;
        const [s0, s1, c0, c1] = [get('shape', 0), get('shape', 1), get('colour', 0), get('colour', 1)];
        if (s0 === s1) return message('Choose two different pieces.');
        if (c0 === c1) return message('Choose two different directions.');
        message('');
        lockNuma(p, `${s0}-${c0}+${s1}-${c1}`);
      });
      row.append(lock);
      set.append(row);
    }
    panel.append(set);
  }
}

function lockNuma(p, choice) {
  S.numa[p] = choice;
  S.hint = null;
  const acting = S.view.status.players;
  if (acting.every((q) => q in S.numa)) {
    const joint = acting.map((q) => S.numa[q]).join('/');
    S.numa = {};
    playMove(joint);
  } else {
    render();
  }
}

// --- moves --------------------------------------------------------------------

function onHole(pit) {
  if (S.busy) return;
  S.autoplay = true;
  if (S.view.placing) {
    const own = ownHoles();
    const i = own.indexOf(pit);
    const hand = S.view.hands[toMove()];
    if (i < 0 || S.placement.reduce((a, b) => a + b, 0) >= hand) return;
    S.placement[i] += 1;
    render();
    return;
  }
  playMove(S.holeMoves.get(pit) ?? String(pit));
}

async function playMove(mv) {
  if (S.busy) return;
  S.clockwise = false;
  let done;
  try {
    done = JSON.parse(S.game.play(mv));
  } catch (e) {
    message(`Move ${mv} refused: ${e.message}`);
    return;
  }
  S.busy = true;
  S.token++;
  S.focusPit = focusedPit() ?? S.focusPit;
  S.hint = null;
  S.placement = null;
  message('');
  S.moves.push(mv);
  S.redo = [];
  const before = S.view;
  S.view = JSON.parse(S.game.view());
  await animate(before, done);
  S.busy = false;
  render();
  report(done.words);
  schedule();
}

async function animate(before, done) {
  const speed = Number($('speed').value);
  if (!speed) return;
  document.body.dataset.ready = 'busy';
  if (before.numa) {
    const svg = drawNuma($('board'), before);
    for (let k = 0; k < 2; k++) {
      for (const path of done.paths) {
        if (path.steps[k]) movePiece(svg, path.shape, path.steps[k][0], path.steps[k][1]);
      }
      await sleep(speed * 3);
    }
    return;
  }
  const svg = drawHoles($('board'), before, new Set(), () => {});
  const holes = before.holes.map((h) => h.seeds);
  const stores = before.stores.map((s) => s.seeds);
  const delay = Math.min(speed, Math.max(2, 6000 / Math.max(1, done.steps.length)));
  let lap = 0;
  let last = null;
  const pit = (n) => `[data-pit="${n}"]`;
  for (const step of done.steps) {
    if (last) flash(svg, last, 'active', false);
    switch (step.kind) {
      case 'lift':
        lap += 1;
        holes[step.pit] = 0;
        setCount(svg, pit(step.pit), 0);
        flash(svg, pit(step.pit), 'lifted', true);
        report(`${done.words.split(',')[0]}: lap ${lap}, ${step.seeds} lifted from hole ${step.pit}`);
        last = null;
        break;
      case 'sow':
        holes[step.pit] += 1;
        setCount(svg, pit(step.pit), holes[step.pit]);
        last = pit(step.pit);
        flash(svg, last, 'active', true);
        break;
      case 'store':
        if (step.player < stores.length) {
          stores[step.player] += 1;
          setCount(svg, `[data-store="${step.player}"]`, stores[step.player]);
          last = `[data-store="${step.player}"]`;
          flash(svg, last, 'active', true);
        }
        break;
      case 'capture':
      case 'collect': {
        const to = step.kind === 'capture' ? step.by : step.to;
        holes[step.pit] = Math.max(0, holes[step.pit] - step.seeds);
        setCount(svg, pit(step.pit), holes[step.pit]);
        flash(svg, pit(step.pit), 'captured', true);
        if (to < stores.length) {
          stores[to] += step.seeds;
          setCount(svg, `[data-store="${to}"]`, stores[to]);
        }
        await sleep(delay * 2);
        break;
      }
      default:
        break;
    }
    await sleep(delay);
  }
}

// The computer's turn, when a computer sits at the seat to move.
function schedule() {
  const v = S.view;
  if (!S.autoplay || S.busy || v.status.kind === 'over') return;
  const token = S.token;
  if (v.status.kind === 'simultaneous') {
    for (const p of v.status.players) {
      if (seatOf(p) === 'human' || p in S.numa) continue;
      think(seatOf(p), p).then((r) => {
        if (token === S.token && seatOf(p) !== 'human' && !(p in S.numa)) lockNuma(p, r.best);
      }, (e) => message(e.message));
    }
    return;
  }
  const p = v.status.players[0];
  if (seatOf(p) === 'human') return;
  computer(seatOf(p), token);
}

function computer(level, token) {
  $('status').textContent = `${statusText()}: thinking…`;
  think(level, -1).then((r) => {
    if (token !== S.token) return;
    playMove(r.best);
  }, (e) => {
    if (token === S.token) message(`The computer cannot move: ${e.message}`);
  });
}

// --- controls -----------------------------------------------------------------

function undo() {
  if (!S.moves.length || S.busy) return;
  S.token++;
  S.redo.push(S.moves.pop());
  afterJump();
}

function redo() {
  if (!S.redo.length || S.busy) return;
  S.token++;
  S.moves.push(S.redo.pop());
  afterJump();
}

function afterJump() {
  const redoStack = S.redo;
  rebuild(S.moves);
  S.redo = redoStack;
  S.autoplay = false;
  S.numa = {};
  S.hint = null;
  S.placement = null;
  message('');
  report('');
  render();
}

function hint() {
  const v = S.view;
  const token = S.token;
  let player = -1;
  if (v.status.kind === 'simultaneous') {
    player = v.status.players.find((p) => seatOf(p) === 'human' && !(p in S.numa));
    if (player === undefined) return;
  }
  report('Thinking of a hint…');
  think(2, player).then((r) => {
    if (token !== S.token) return;
    const hole = /^(fill:|place:)?(\d+)(:cw)?$/.exec(r.best);
    if (hole) S.hint = Number(hole[2]);
    render();
    const verb = { 'fill:': 'fill', 'place:': 'place a seed into' }[hole?.[1]] ?? 'sow';
    const words = !hole ? r.best : `${verb} hole ${hole[2]}${hole[3] ? ' clockwise' : ''}`;
    report(`Hint: ${words}.`);
  }, (e) => message(e.message));
}

function go() {
  const p = toMove();
  if (p === null || S.busy) return;
  S.autoplay = true;
  S.token++;
  const level = seatOf(p) === 'human' ? '2' : seatOf(p);
  computer(level, S.token);
}

function loadPosition() {
  const text = $('position').value.trim();
  let game;
  try {
    game = WebGame.fromText(S.entry.name, text);
  } catch (e) {
    message(`That is not a position of ${S.entry.name}: ${e.message}`);
    return;
  }
  if (S.game) S.game.free();
  S.game = game;
  S.start = game.text();
  S.moves = [];
  S.redo = [];
  begin();
  message('Position set.', true);
}

async function copyPosition() {
  const text = S.view.text;
  try {
    await navigator.clipboard.writeText(text);
    message('Position copied.', true);
  } catch {
    $('position').select();
    message('Select and copy the position above (the browser refused the clipboard).');
  }
}

async function main() {
  await init();
  S.games = JSON.parse(gamesJson());
  const select = $('game');
  for (const g of S.games) select.append(new Option(g.name, g.name));
  select.addEventListener('change', () => {
    selectGame(select.value);
    S.seats = [];
    newGame();
  });
  $('new').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('go').addEventListener('click', go);
  $('pass').addEventListener('click', () => {
    S.autoplay = true;
    playMove('pass');
  });
  $('clockwise').addEventListener('click', () => {
    S.clockwise = !S.clockwise;
    render();
  });
  for (const word of WORD_MOVES) {
    $(`move-${word}`).addEventListener('click', () => {
      S.autoplay = true;
      playMove(word);
    });
  }
  $('place').addEventListener('click', () => {
    S.autoplay = true;
    playMove(placementMove());
  });
  $('place-clear').addEventListener('click', () => {
    S.placement = null;
    render();
  });
  $('place-random').addEventListener('click', () => {
    const placements = S.view.legal.filter((m) => m.includes('+'));
    if (placements.length) {
      S.autoplay = true;
      playMove(placements[Math.floor(Math.random() * placements.length)]);
    }
  });
  $('load').addEventListener('click', loadPosition);
  $('position').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') loadPosition();
  });
  $('copy').addEventListener('click', copyPosition);
  // The fields follow the options text when it is typed or pasted.
  $('options-text').addEventListener('change', buildOptions);
  const wanted = new URLSearchParams(location.search).get('game');
  selectGame(wanted && S.games.some((g) => g.name === wanted) ? wanted : 'kalah');
  newGame();
  document.body.dataset.loaded = 'yes';
}

main().catch((e) => message(`The page could not start: ${e.message}`));
