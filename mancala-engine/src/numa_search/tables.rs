//! Numa's turn on tables ([`Model`]) and a compact copy of its position
//! ([`Position`]): what the search plays its turns on.

use mancala_core::{Outcome, Player};
use numa::{Choice, Colour, Face, Numa, SCORE_LIMIT, SIZE, Square};

/// The number of choices of a player.
pub(super) const CHOICES: usize = Choice::ALL.len();

/// The squares of the board.
const SQUARES: usize = (SIZE as usize) * (SIZE as usize);

/// A displacement of a piece in a turn, `dx` and `dy` from -2 to 2, coded
/// `5 (dx + 2) + (dy + 2)`.
const DISPLACEMENTS: usize = 25;

/// The code of `(dx, dy)`, each from -2 to 2.
const fn displacement(dx: i32, dy: i32) -> usize {
    ((dx + 2) * 5 + (dy + 2)) as usize
}

/// The six pairs of pieces, in shape order.
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Numa's turn on tables: where each joint move takes each piece, which
/// squares touch, what each set of pairs scores. Built from the `numa`
/// crate's own [`Square::step`], [`Square::touches`] and
/// [`Shape::value`](numa::Shape::value), and checked against
/// [`Numa`]'s `play` (see the tests).
#[derive(Clone)]
pub(super) struct Model {
    /// Adjacency across the edges ([`numa::Options::wrap_adjacency`]).
    pub(super) wrap: bool,
    /// The square after a displacement: `step[square][displacement]`.
    step: [[u8; DISPLACEMENTS]; SQUARES],
    /// Per joint move (`72 arabic + roman`): each piece's displacement, then
    /// the mask of pieces flipped.
    joint: Vec<[u8; 5]>,
    /// The squares touching each square, as bits.
    touching: [u32; SQUARES],
    /// The points of the touching pairs (six bits, in [`PAIRS`] order) among
    /// the lone pieces showing one system (four bits).
    points: [[u8; 16]; 64],
}

/// The index of a square, `5 (y - 1) + (x - 1)`.
fn square_index(square: Square) -> usize {
    usize::from(square.y() - 1) * usize::from(SIZE) + usize::from(square.x() - 1)
}

/// The square of an index below [`SQUARES`].
fn index_square(index: usize) -> Square {
    let side = usize::from(SIZE);
    match Square::new((index % side) as u8 + 1, (index / side % side) as u8 + 1) {
        Some(square) => square,
        None => unreachable!("both coordinates are 1 to 5"),
    }
}

impl Model {
    pub(super) fn new(wrap: bool) -> Model {
        let mut step = [[0u8; DISPLACEMENTS]; SQUARES];
        for (from, row) in step.iter_mut().enumerate() {
            for dx in -2i32..=2 {
                for dy in -2i32..=2 {
                    let mut square = index_square(from);
                    let x = if dx > 0 { Colour::Red } else { Colour::Green };
                    let y = if dy > 0 { Colour::Yellow } else { Colour::Blue };
                    for _ in 0..dx.abs() {
                        square = square.step(x);
                    }
                    for _ in 0..dy.abs() {
                        square = square.step(y);
                    }
                    row[displacement(dx, dy)] = square_index(square) as u8;
                }
            }
        }
        // Each choice moves each piece at most one step.
        let mut moves = [[(0i32, 0i32); 4]; CHOICES];
        let mut flips = [0u8; CHOICES];
        for (k, choice) in Choice::ALL.iter().enumerate() {
            for instruction in choice.instructions() {
                let d = match instruction.colour {
                    Colour::Yellow => (0, 1),
                    Colour::Red => (1, 0),
                    Colour::Blue => (0, -1),
                    Colour::Green => (-1, 0),
                };
                moves[k][instruction.shape.index()] = d;
                flips[k] |= 1 << instruction.shape.index();
            }
        }
        let mut joint = vec![[0u8; 5]; CHOICES * CHOICES];
        for a in 0..CHOICES {
            for r in 0..CHOICES {
                let entry = &mut joint[a * CHOICES + r];
                for piece in 0..4 {
                    let ((ax, ay), (rx, ry)) = (moves[a][piece], moves[r][piece]);
                    entry[piece] = displacement(ax + rx, ay + ry) as u8;
                }
                entry[4] = flips[a] ^ flips[r];
            }
        }
        let mut touching = [0u32; SQUARES];
        for (a, bits) in touching.iter_mut().enumerate() {
            for b in 0..SQUARES {
                if index_square(a).touches(index_square(b), wrap) {
                    *bits |= 1 << b;
                }
            }
        }
        let mut points = [[0u8; 16]; 64];
        for (touch, row) in points.iter_mut().enumerate() {
            for (lone, slot) in row.iter_mut().enumerate() {
                let mut total = 0;
                for (k, &(i, j)) in PAIRS.iter().enumerate() {
                    if touch & (1 << k) != 0 && lone & (1 << i) != 0 && lone & (1 << j) != 0 {
                        total += numa::Shape::ALL[i].value() + numa::Shape::ALL[j].value();
                    }
                }
                *slot = total as u8;
            }
        }
        Model {
            wrap,
            step,
            joint,
            touching,
            points,
        }
    }
}

/// The tables are not worth printing.
impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("wrap", &self.wrap)
            .finish_non_exhaustive()
    }
}

/// A position on the tables: each piece's square index, the mask of pieces
/// showing Roman, and the scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    squares: [u8; 4],
    roman: u8,
    pub(super) scores: [u32; 2],
}

impl Position {
    pub(super) fn of(game: &Numa) -> Position {
        let mut position = Position {
            squares: [0; 4],
            roman: 0,
            scores: game.points(),
        };
        for (i, piece) in game.pieces().iter().enumerate() {
            position.squares[i] = square_index(piece.square) as u8;
            if piece.face == Face::Roman {
                position.roman |= 1 << i;
            }
        }
        position
    }

    /// The position after Arabic's choice `a` and Roman's `r` (indices in
    /// [`Choice::ALL`]), and the turn's points: `Numa::play`'s turn.
    #[inline]
    pub(super) fn play(&self, model: &Model, a: usize, r: usize) -> (Position, [u32; 2]) {
        let joint = &model.joint[(a * CHOICES + r) % model.joint.len()];
        let mut squares = [0u8; 4];
        for (i, square) in squares.iter_mut().enumerate() {
            *square = model.step[usize::from(self.squares[i]) % SQUARES]
                [usize::from(joint[i]) % DISPLACEMENTS];
        }
        let roman = self.roman ^ joint[4];
        let [s0, s1, s2, s3] = squares.map(u32::from);
        let near = |s: u32| model.touching[s as usize % SQUARES];
        let (n0, n1, n2) = (near(s0), near(s1), near(s2));
        let touch = ((n0 >> s1) & 1)
            | ((n0 >> s2) & 1) << 1
            | ((n0 >> s3) & 1) << 2
            | ((n1 >> s2) & 1) << 3
            | ((n1 >> s3) & 1) << 4
            | ((n2 >> s3) & 1) << 5;
        let same = |a: u32, b: u32| u8::from(a == b);
        let (e01, e02, e03) = (same(s0, s1), same(s0, s2), same(s0, s3));
        let (e12, e13, e23) = (same(s1, s2), same(s1, s3), same(s2, s3));
        let shared = (e01 | e02 | e03)
            | (e01 | e12 | e13) << 1
            | (e02 | e12 | e23) << 2
            | (e03 | e13 | e23) << 3;
        let lone = !shared & 15;
        let row = &model.points[touch as usize % 64];
        let points = [
            u32::from(row[usize::from(lone & !roman & 15)]),
            u32::from(row[usize::from(lone & roman & 15)]),
        ];
        let next = Position {
            squares,
            roman,
            scores: [
                self.scores[0].saturating_add(points[0]),
                self.scores[1].saturating_add(points[1]),
            ],
        };
        (next, points)
    }

    /// The outcome, by [`Numa`]'s rule: someone at the target with scores
    /// apart wins; a tie at [`SCORE_LIMIT`] or more is a draw.
    pub(super) fn outcome(&self, target: u32) -> Option<Outcome> {
        let [a, r] = self.scores;
        if a.max(r) >= target && a != r {
            Some(Outcome::Winner(if a > r { Player::P0 } else { Player::P1 }))
        } else if a == r && a >= SCORE_LIMIT {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}
