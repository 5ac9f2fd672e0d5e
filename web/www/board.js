// Boards drawn as SVG from the library's view of a position: holes and
// stores where the layout puts them (two rows, Robertson's triangle and
// hexagon), Numa's 5x5 torus with its pieces.

const SVG = 'http://www.w3.org/2000/svg';
const RADIUS = 28;

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function seedsWord(n, unit = 'seeds') {
  const one = unit.replace(/s$/, '');
  return `${n} ${n === 1 ? one : unit}`;
}

// The holes' board: `view` from the library; `onHole(pit)` for a click or
// Enter on a hole the human may sow (`clickable` holds their numbers).
export function drawHoles(container, view, clickable, onHole) {
  const svg = el('svg', {
    viewBox: `0 0 ${view.width} ${view.height}`,
    role: 'group',
    'aria-label': `${view.title} board`,
  });
  svg.append(el('rect', {
    class: 'board-bg', x: 2, y: 2, width: view.width - 4, height: view.height - 4, rx: 40,
  }));
  for (const s of view.stores) {
    const g = el('g', {
      class: `store owner-${s.player}`,
      'data-store': s.player,
      'aria-label': `${view.names[s.player]}'s store, ${seedsWord(s.seeds)}`,
    });
    const h = view.height * 0.62;
    g.append(el('rect', { x: s.x - RADIUS * 1.1, y: s.y - h / 2, width: RADIUS * 2.2, height: h, rx: RADIUS }));
    g.append(el('rect', { class: 'ring', x: s.x - RADIUS * 1.1, y: s.y - h / 2, width: RADIUS * 2.2, height: h, rx: RADIUS }));
    g.append(el('text', { x: s.x, y: s.y }, String(s.seeds)));
    svg.append(g);
  }
  const cx = view.width / 2;
  const cy = view.height / 2;
  const radial = new Set(view.holes.map((h) => Math.round(h.y))).size > 2;
  for (const h of view.holes) {
    const legal = clickable.has(h.pit);
    const classes = ['hole', `owner-${h.owner}`];
    if (legal) classes.push('legal');
    if (h.mark) classes.push(h.mark);
    const label = `hole ${h.pit}, ${view.names[h.owner]}'s, ${seedsWord(h.seeds)}`
      + (h.mark ? `, ${h.mark}` : '') + (legal ? ', playable' : '');
    const g = el('g', { class: classes.join(' '), 'data-pit': h.pit, 'aria-label': label, role: 'button' });
    if (legal) g.setAttribute('tabindex', '0');
    else g.setAttribute('aria-disabled', 'true');
    g.append(el('circle', { cx: h.x, cy: h.y, r: RADIUS }));
    g.append(el('circle', { class: 'ring', cx: h.x, cy: h.y, r: RADIUS + 4 }));
    g.append(el('text', { x: h.x, y: h.y }, String(h.seeds)));
    if (legal) {
      g.addEventListener('click', () => onHole(h.pit));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onHole(h.pit);
        }
      });
    }
    svg.append(g);
    // The hole's number outside it: below or above a row of two, away
    // from the middle on the other boards.
    const dx = h.x - cx;
    const dy = h.y - cy;
    const d = Math.hypot(dx, dy) || 1;
    const [nx, ny] = radial
      ? [h.x + (dx / d) * (RADIUS + 16), h.y + (dy / d) * (RADIUS + 16)]
      : [h.x, h.y + Math.sign(dy) * (RADIUS + 13)];
    svg.append(el('text', { class: 'num', x: nx, y: ny, 'aria-hidden': 'true' }, String(h.pit)));
  }
  for (const l of view.labels) {
    const t = el('text', { class: 'op', x: l.x, y: l.y }, l.text);
    t.append(el('title', {}, l.title));
    svg.append(t);
  }
  container.replaceChildren(svg);
  return svg;
}

// The seed counts shown, changed in place (the animation's frames).
export function setCount(svg, selector, seeds) {
  const g = svg.querySelector(selector);
  if (!g) return;
  const t = g.querySelector('text');
  if (t) t.textContent = String(seeds);
}

export function flash(svg, selector, cls, on) {
  const g = svg.querySelector(selector);
  if (g) g.classList.toggle(cls, on);
}

const SQUARE = 98;
const EDGE = 14;

function square(x, y) {
  // x east (columns), y north (rows from the bottom).
  return { x: EDGE + (x - 1) * SQUARE + SQUARE / 2, y: EDGE + (5 - y) * SQUARE + SQUARE / 2 };
}

function pieceShape(shape, cls) {
  const r = 34;
  switch (shape) {
    case 'triangle':
      return el('polygon', { class: cls, points: `0,${-r} ${r * 0.95},${r * 0.7} ${-r * 0.95},${r * 0.7}` });
    case 'square':
      return el('rect', { class: cls, x: -r * 0.8, y: -r * 0.8, width: r * 1.6, height: r * 1.6 });
    case 'pentagon': {
      const pts = [];
      for (let i = 0; i < 5; i++) {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / 5;
        pts.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
      }
      return el('polygon', { class: cls, points: pts.join(' ') });
    }
    default:
      return el('circle', { class: cls, r: r * 0.9 });
  }
}

// Numa's torus: the 5x5 squares, the coloured edges naming the directions
// (yellow north, red east, blue south, green west: they wrap round), and
// the four pieces with their numerals.
export function drawNuma(container, view, pieces = view.numa.pieces) {
  const size = 5 * SQUARE + 2 * EDGE;
  const svg = el('svg', { viewBox: `0 0 ${size} ${size}`, role: 'group', 'aria-label': 'Numa board, a 5 by 5 torus' });
  svg.append(el('rect', { class: 'edge-yellow', x: 0, y: 0, width: size, height: EDGE }));
  svg.append(el('rect', { class: 'edge-blue', x: 0, y: size - EDGE, width: size, height: EDGE }));
  svg.append(el('rect', { class: 'edge-green', x: 0, y: 0, width: EDGE, height: size }));
  svg.append(el('rect', { class: 'edge-red', x: size - EDGE, y: 0, width: EDGE, height: size }));
  for (let x = 1; x <= 5; x++) {
    for (let y = 1; y <= 5; y++) {
      const c = square(x, y);
      const g = el('g', { 'data-square': `${x},${y}`, 'aria-label': `square ${x},${y}` });
      g.append(el('rect', { class: 'grid-square', x: c.x - SQUARE / 2, y: c.y - SQUARE / 2, width: SQUARE, height: SQUARE }));
      g.append(el('text', { class: 'coord', x: c.x - SQUARE / 2 + 16, y: c.y + SQUARE / 2 - 12, 'aria-hidden': 'true' }, `${x},${y}`));
      svg.append(g);
    }
  }
  for (const p of pieces) {
    const c = square(p.x, p.y);
    const g = el('g', {
      class: 'piece-group', 'data-piece': p.shape, transform: `translate(${c.x} ${c.y})`,
      'aria-label': `${p.shape} on ${p.x},${p.y} showing ${p.numeral} (${p.face})`,
    });
    g.append(pieceShape(p.shape, `piece ${p.face}`));
    g.append(el('text', { class: `numeral ${p.face}`, y: p.shape === 'triangle' ? 8 : 0 }, p.numeral));
    svg.append(g);
  }
  container.replaceChildren(svg);
  return svg;
}

export function movePiece(svg, shape, x, y) {
  const g = svg.querySelector(`[data-piece="${shape}"]`);
  if (!g) return;
  const c = square(x, y);
  g.setAttribute('transform', `translate(${c.x} ${c.y})`);
}
