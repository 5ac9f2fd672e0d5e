//! The Numa game state: simultaneous turns, moves, scoring and the end.

use core::fmt;

use mancala_core::{ByPlayer, Game, Outcome, Player, PlayerSet, Status};
use smallvec::SmallVec;

use crate::{Choice, Face, JointMove, Shape, Square};

/// Numa's options.
///
/// # Examples
///
/// ```
/// let options = numa::Options::standard();
/// assert_eq!((options.target, options.wrap_adjacency), (30, true));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Options {
    /// The score that wins (the source: 30). A tie at or above it plays on.
    pub target: u32,
    /// Pieces touch across the board's edges (the board is a torus; on by
    /// default).
    pub wrap_adjacency: bool,
}

impl Options {
    /// The source's game: target 30, adjacency across the wrap.
    pub const fn standard() -> Options {
        Options {
            target: 30,
            wrap_adjacency: true,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::standard()
    }
}

/// A piece on the board: where it is and which numeral it shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Piece {
    /// Its square.
    pub square: Square,
    /// Its face up.
    pub face: Face,
}

/// Where one piece went in a turn.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PiecePath {
    /// The piece.
    pub shape: Shape,
    /// Its square before the turn.
    pub from: Square,
    /// The squares it moved through, in order (empty if not named; two if
    /// both players named it).
    pub steps: SmallVec<[Square; 2]>,
    /// Its face after the turn.
    pub face: Face,
}

/// One scoring pair: two lone pieces on touching squares showing the same
/// system.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ScoringPair {
    /// The two pieces.
    pub shapes: [Shape; 2],
    /// The system they show.
    pub face: Face,
    /// The points (the sum of their numbers).
    pub points: u32,
}

/// What a turn did, so that an interface can show why a score came.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TurnReport {
    /// Each piece's path, triangle first.
    pub paths: [PiecePath; 4],
    /// The scoring pairs.
    pub pairs: SmallVec<[ScoringPair; 6]>,
    /// Points won this turn by Arabic and Roman.
    pub points: [u32; 2],
}

impl fmt::Display for TurnReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for path in &self.paths {
            if let Some(last) = path.steps.last() {
                write!(f, "{} {} -> {}; ", path.shape.name(), path.from, last)?;
            }
        }
        if self.pairs.is_empty() {
            return write!(f, "no points");
        }
        for (i, p) in self.pairs.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(
                f,
                "{}+{} = {} for {}",
                p.face.numeral(p.shapes[0]),
                p.face.numeral(p.shapes[1]),
                p.points,
                if p.face == Face::Arabic {
                    "Arabic"
                } else {
                    "Roman"
                }
            )?;
        }
        Ok(())
    }
}

/// Why a turn was refused. (Every [`JointMove`] is made of legal choices, so
/// the only refusal is a finished game.)
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TurnError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// The 72 choices of a player, inline.
pub type ChoiceList = SmallVec<[Choice; 72]>;

/// A game of Numa: the four pieces, the scores, the outcome.
///
/// Both players act at once: the status is
/// [`Status::Simultaneous`] naming both until the game is over, and a turn is
/// a [`JointMove`] of both choices.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Player, Status};
/// use numa::{JointMove, Numa};
///
/// let mut game = Numa::new(numa::Options::standard());
/// assert!(matches!(game.status(), Status::Simultaneous(_)));
/// assert_eq!(game.legal_actions(Player::P0).len(), 72);
/// let report = game.turn(JointMove {
///     arabic: "pentagon-red+square-blue".parse()?,
///     roman: "pentagon-yellow+circle-green".parse()?,
/// })?;
/// assert_eq!(report.points, [0, 7]); // the source's first turn
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Numa {
    pub(crate) options: Options,
    pub(crate) pieces: [Piece; 4],
    pub(crate) scores: [u32; 2],
}

impl Default for Numa {
    fn default() -> Numa {
        Numa::new(Options::standard())
    }
}

/// The start: triangle on (2,4) Arabic up, square on (4,4) Roman up,
/// pentagon on (2,2) Roman up, circle on (4,2) Arabic up.
// The `panic!` runs at compile time only (a constant): it cannot fire at run
// time.
#[allow(clippy::panic)]
pub(crate) const START: [Piece; 4] = {
    const fn at(x: u8, y: u8, face: Face) -> Piece {
        match Square::new(x, y) {
            Some(square) => Piece { square, face },
            None => panic!("start squares are on the board"),
        }
    }
    [
        at(2, 4, Face::Arabic),
        at(4, 4, Face::Roman),
        at(2, 2, Face::Roman),
        at(4, 2, Face::Arabic),
    ]
};

impl Numa {
    /// The start of a game.
    pub const fn new(options: Options) -> Numa {
        Numa {
            options,
            pieces: START,
            scores: [0, 0],
        }
    }

    /// The options.
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The pieces, triangle, square, pentagon, circle.
    pub const fn pieces(&self) -> &[Piece; 4] {
        &self.pieces
    }

    /// A piece.
    pub const fn piece(&self, shape: Shape) -> Piece {
        self.pieces[shape.index()]
    }

    /// Arabic's and Roman's scores.
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The outcome once the game is over: at the end of a turn, someone has
    /// reached the target and the scores differ; the higher wins.
    pub fn outcome(&self) -> Option<Outcome> {
        let [a, r] = self.scores;
        (a.max(r) >= self.options.target && a != r).then_some(Outcome::Winner(if a > r {
            Player::P0
        } else {
            Player::P1
        }))
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays a turn: all four instructions move and flip their pieces (a
    /// piece named by both players moves and flips twice), then lone pieces
    /// on touching squares showing the same system score.
    ///
    /// # Errors
    ///
    /// [`TurnError::GameOver`] once the game is over; the state is then
    /// unchanged.
    pub fn turn(&mut self, mv: JointMove) -> Result<TurnReport, TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        Ok(self.turn_unchecked(mv))
    }

    /// Plays a turn without checking that the game goes on.
    ///
    /// # Panics
    ///
    /// Never panics; a turn after the end moves the pieces and adds points
    /// as if the game went on.
    pub fn turn_unchecked(&mut self, mv: JointMove) -> TurnReport {
        let mut paths: [PiecePath; 4] = core::array::from_fn(|i| PiecePath {
            shape: Shape::ALL[i],
            from: self.pieces[i].square,
            steps: SmallVec::new(),
            face: self.pieces[i].face,
        });
        for choice in [mv.arabic, mv.roman] {
            for ins in choice.instructions() {
                let piece = &mut self.pieces[ins.shape.index()];
                piece.square = piece.square.step(ins.colour);
                piece.face = piece.face.flip();
                let path = &mut paths[ins.shape.index()];
                path.steps.push(piece.square);
                path.face = piece.face;
            }
        }
        let (pairs, points) = self.scoring();
        for (slot, p) in self.scores.iter_mut().zip(points) {
            *slot = slot.saturating_add(p);
        }
        TurnReport {
            paths,
            pairs,
            points,
        }
    }

    /// The pairs that score in the current position, and the points per
    /// player.
    pub fn scoring(&self) -> (SmallVec<[ScoringPair; 6]>, [u32; 2]) {
        let alone =
            |i: usize| (0..4).all(|j| j == i || self.pieces[j].square != self.pieces[i].square);
        let mut pairs = SmallVec::new();
        let mut points = [0u32; 2];
        for i in 0..4 {
            for j in i + 1..4 {
                let (a, b) = (self.pieces[i], self.pieces[j]);
                if a.face == b.face
                    && alone(i)
                    && alone(j)
                    && a.square.touches(b.square, self.options.wrap_adjacency)
                {
                    let value = Shape::ALL[i].value() + Shape::ALL[j].value();
                    points[a.face.player().index()] += value;
                    pairs.push(ScoringPair {
                        shapes: [Shape::ALL[i], Shape::ALL[j]],
                        face: a.face,
                        points: value,
                    });
                }
            }
        }
        (pairs, points)
    }

    /// The grid as text, north at the top, each square showing the numerals
    /// on it (`.` when empty).
    pub fn drawing(&self) -> alloc::string::String {
        use core::fmt::Write as _;
        let mut out = alloc::string::String::new();
        let _ = writeln!(out, "        yellow (north)");
        for y in (1..=crate::SIZE).rev() {
            let _ = write!(out, "  {y} |");
            for x in 1..=crate::SIZE {
                let mut cell = alloc::string::String::new();
                for (i, p) in self.pieces.iter().enumerate() {
                    if p.square.x() == x && p.square.y() == y {
                        if !cell.is_empty() {
                            cell.push('/');
                        }
                        cell.push_str(p.face.numeral(Shape::ALL[i]));
                    }
                }
                if cell.is_empty() {
                    cell.push('.');
                }
                let _ = write!(out, "{cell:^8}");
            }
            let _ = writeln!(out, "|");
        }
        let _ = writeln!(
            out,
            "     {}",
            (1..=crate::SIZE)
                .map(|x| alloc::format!("{x:^8}"))
                .collect::<alloc::string::String>()
        );
        let _ = write!(out, "  Arabic {}, Roman {}", self.scores[0], self.scores[1]);
        out
    }
}

impl Game for Numa {
    type Action = Choice;
    type Move = JointMove;
    type Actions = ChoiceList;
    type Error = TurnError;

    fn player_count(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        match self.outcome() {
            Some(o) => Status::Over(o),
            None => Status::Simultaneous(PlayerSet::all(2)),
        }
    }

    fn legal_actions(&self, player: Player) -> ChoiceList {
        if self.is_over() || player.index() >= 2 {
            ChoiceList::new()
        } else {
            Choice::all().collect()
        }
    }

    fn is_legal(&self, _mv: &JointMove) -> bool {
        !self.is_over()
    }

    fn play(&mut self, mv: JointMove) -> Result<(), TurnError> {
        self.turn(mv).map(|_| ())
    }

    fn play_unchecked(&mut self, mv: JointMove) {
        self.turn_unchecked(mv);
    }

    fn scores(&self) -> ByPlayer<u64> {
        ByPlayer::from_slice(&self.scores.map(u64::from))
    }
}
