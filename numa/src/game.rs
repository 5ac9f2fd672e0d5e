//! The Numa game state: simultaneous turns, moves, scoring and the end.
//!
//! Scores come from the outside: arithmetic on them is saturating and
//! bounded so that it never saturates (`SCORE_LIMIT`, `MAX_SCORE`); the
//! few small index computations allowed below say why they cannot overflow.

#![deny(clippy::arithmetic_side_effects)]

use core::fmt;

use arrayvec::ArrayVec;
use mancala_core::{ByPlayer, Game, Outcome, Player, PlayerSet, Status, toolkit::KeyHasher};

use crate::{Choice, Face, JointMove, Options, OptionsError, SCORE_LIMIT, SIZE, Shape, Square};

/// Why a game of Numa ended ([`Numa::end`]): the end of a turn found a
/// player at or past the target with more points than the other, or both
/// level at the highest score the game counts ([`SCORE_LIMIT`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum End {
    /// The player reached the target, the other did not.
    Target(Player),
    /// Both have passed the target, and the player has more points.
    BothPastTarget(Player),
    /// Both reached the highest score the game counts, level: a draw.
    Level,
}

/// A piece on the board: where it is and which numeral it shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
    pub steps: ArrayVec<Square, 2>,
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

/// The scoring pairs of a position (at most six), inline.
pub type PairList = ArrayVec<ScoringPair, 6>;

/// What a turn did, so that an interface can show why a score came: the
/// [`Report`](Game::Report) of Numa's [`Game`] implementation.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TurnReport {
    /// Each piece's path, triangle first.
    pub paths: [PiecePath; 4],
    /// The scoring pairs, in shape order.
    pub pairs: PairList,
    /// Points won this turn by Arabic and Roman.
    pub points: [u32; 2],
}

/// The turn in words: each piece that moved (`square (4,4) -> (4,3)`), then
/// the scoring pairs (`III+IV = 7 for Roman`) or `no points`.
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

/// Why [`Game::joint_move`] could not build a [`JointMove`]: both players
/// choose every turn, each once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JointMoveError {
    /// A player other than 0 and 1 was given.
    #[error("{0} does not play Numa (players 0 and 1 do)")]
    NoSuchPlayer(Player),
    /// A player was given twice.
    #[error("{0} is given twice")]
    DuplicatePlayer(Player),
    /// A player's choice is missing.
    #[error("{0} must choose too: both players choose every turn")]
    MissingPlayer(Player),
}

/// Why a move was refused by [`Numa`]'s [`Game`] implementation. The state
/// is then unchanged.
///
/// Every [`JointMove`] is made of legal choices, so [`Game::play`] refuses
/// only a finished game; [`Game::joint_move`] also refuses a wrong list of
/// players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The `(player, choice)` pairs given to [`Game::joint_move`] do not
    /// make a joint move.
    #[error(transparent)]
    Joint(#[from] JointMoveError),
}

/// The legal choices of a player: all 72 ([`Choice::ALL`], one constant
/// table shared by every position) or none, so that listing them copies
/// nothing.
///
/// It dereferences to a slice of [`Choice`]s.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Player};
/// use numa::{Choice, Numa};
///
/// let game = Numa::default();
/// let choices = game.legal_actions(Player::P0);
/// assert_eq!(choices.len(), 72);
/// assert_eq!(choices.as_slice(), &Choice::ALL);
/// assert!(game.legal_actions(Player::new(2).unwrap()).is_empty());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ChoiceList {
    /// All of [`Choice::ALL`], or none.
    all: bool,
}

impl ChoiceList {
    /// No choice (a player not to act, or a finished game).
    pub const NONE: ChoiceList = ChoiceList { all: false };
    /// Every choice, in [`Choice::ALL`]'s order.
    pub const ALL: ChoiceList = ChoiceList { all: true };

    /// The choices as a slice.
    #[inline]
    pub fn as_slice(&self) -> &'static [Choice] {
        if self.all { &Choice::ALL } else { &[] }
    }
}

impl core::ops::Deref for ChoiceList {
    type Target = [Choice];

    #[inline]
    fn deref(&self) -> &[Choice] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a ChoiceList {
    type Item = &'a Choice;
    type IntoIter = core::slice::Iter<'a, Choice>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// A game of Numa: the options, the four pieces and the two scores.
///
/// Both players act at once: the [`status`](Game::status) is
/// [`Status::Simultaneous`] naming both until the game is over, each may
/// choose any of the 72 [`Choice`]s, and a turn is the [`JointMove`] of both
/// choices, built by [`joint_move`](Game::joint_move) from `(player,
/// choice)` pairs or directly. Whether the game is over follows from the
/// scores and the target, so every state built from a setup or text is one
/// the rules define.
///
/// # Examples
///
/// ```
/// use numa::{Game, Numa, Player, Status};
///
/// let mut game = Numa::default();
/// assert!(matches!(game.status(), Status::Simultaneous(_)));
/// assert_eq!(game.legal_actions(Player::P0).len(), 72);
/// let mv = game.joint_move(&[
///     (Player::P1, "pentagon-yellow+circle-green".parse()?),
///     (Player::P0, "pentagon-red+square-blue".parse()?),
/// ])?;
/// let report = game.play(mv)?;
/// assert_eq!(report.points, [0, 7]); // the source's first turn
/// assert_eq!(game.points(), [0, 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Numa {
    pub(crate) options: Options,
    pub(crate) pieces: [Piece; 4],
    pub(crate) scores: [u32; 2],
}

/// The source's game at its start.
impl Default for Numa {
    fn default() -> Numa {
        Numa::start(Options::standard())
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
    /// The start of a game with these options.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] if the options make no game (a target of 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use numa::{Numa, Options, OptionsError};
    ///
    /// assert_eq!(Numa::new(Options::standard()), Ok(Numa::default()));
    /// let zero = Options { target: 0, ..Options::standard() };
    /// assert_eq!(Numa::new(zero), Err(OptionsError::ZeroTarget));
    /// ```
    pub const fn new(options: Options) -> Result<Numa, OptionsError> {
        match options.check() {
            Ok(()) => Ok(Numa::start(options)),
            Err(e) => Err(e),
        }
    }

    /// The start with options known to be valid.
    pub(crate) const fn start(options: Options) -> Numa {
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

    /// Arabic's and Roman's points, as numbers of the rules (the same as
    /// [`Game::scores`], which widens them to `u64` in a
    /// [`ByPlayer`]).
    pub const fn points(&self) -> [u32; 2] {
        self.scores
    }

    /// Why the game ended, if it has: a function of the scores and the
    /// target (as [`Game::status`]), so known of a position set up as well
    /// as of one reached by play.
    ///
    /// # Examples
    ///
    /// ```
    /// use numa::{End, Numa, Player};
    ///
    /// assert_eq!(Numa::default().end(), None);
    /// let mut setup = Numa::default().to_setup();
    /// setup.scores = [31, 12];
    /// assert_eq!(Numa::from_setup(setup)?.end(), Some(End::Target(Player::P0)));
    /// setup.scores = [31, 34];
    /// assert_eq!(Numa::from_setup(setup)?.end(), Some(End::BothPastTarget(Player::P1)));
    /// # Ok::<(), numa::SetupError>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        let [a, r] = self.scores;
        Some(match self.result()? {
            Outcome::Winner(w) if a.min(r) >= self.options.target => End::BothPastTarget(w),
            Outcome::Winner(w) => End::Target(w),
            Outcome::Draw => End::Level,
        })
    }

    /// The outcome once the game is over: at the end of a turn, someone has
    /// reached the target and the scores differ; the higher wins. A tie at
    /// or above [`SCORE_LIMIT`] is a draw (the library's rule: see there).
    fn result(&self) -> Option<Outcome> {
        let [a, r] = self.scores;
        if a.max(r) >= self.options.target && a != r {
            Some(Outcome::Winner(if a > r { Player::P0 } else { Player::P1 }))
        } else if a == r && a >= SCORE_LIMIT {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Plays a turn: all four instructions move and flip their pieces (a
    /// piece named by both players moves and flips twice), then lone pieces
    /// on touching squares showing the same system score.
    #[inline]
    fn apply(&mut self, mv: JointMove) -> TurnReport {
        let mut paths: [PiecePath; 4] = core::array::from_fn(|i| PiecePath {
            shape: Shape::ALL[i],
            from: self.pieces[i].square,
            steps: ArrayVec::new(),
            face: self.pieces[i].face,
        });
        for choice in [mv.arabic, mv.roman] {
            for ins in choice.instructions() {
                let piece = &mut self.pieces[ins.shape.index()];
                piece.square = piece.square.step(ins.colour);
                piece.face = piece.face.flip();
                let path = &mut paths[ins.shape.index()];
                // Each player names a piece at most once: two steps.
                let _ = path.steps.try_push(piece.square);
                path.face = piece.face;
            }
        }
        let (pairs, points) = self.scoring();
        for (slot, p) in self.scores.iter_mut().zip(points) {
            // Never saturates: a live game's scores are below SCORE_LIMIT
            // and a turn scores at most 30 (`play_unchecked` plays no turn
            // after the end), so a score stays at most MAX_SCORE.
            *slot = slot.saturating_add(p);
        }
        TurnReport {
            paths,
            pairs,
            points,
        }
    }

    /// The pairs that score in the current position (in shape order), and
    /// the points per player (Arabic, Roman).
    // Bounded arithmetic: coordinates are 1 to 5 (a `Square`'s invariant), so
    // a cell index is below 25; a pair is worth at most 3 + 4 = 7 and a
    // player wins at most 30 in a position (six pairs).
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub fn scoring(&self) -> (PairList, [u32; 2]) {
        let cell = |i: usize| {
            let sq = self.pieces[i].square;
            usize::from(sq.y() - 1) * usize::from(SIZE) + usize::from(sq.x() - 1)
        };
        let cells = [cell(0), cell(1), cell(2), cell(3)];
        // Whether each piece shares its square, worked out once and without
        // a branch (positions are random in a search: branches mispredict).
        let mut shared = [false; 4];
        for (i, slot) in shared.iter_mut().enumerate() {
            for (j, &c) in cells.iter().enumerate() {
                *slot |= i != j && c == cells[i];
            }
        }
        let touch = &TOUCHES[usize::from(self.options.wrap_adjacency)];
        let mut pairs = PairList::new();
        let mut points = [0u32; 2];
        for (i, j) in PAIRS {
            let (a, b) = (self.pieces[i], self.pieces[j]);
            let scores = (a.face == b.face) & !shared[i] & !shared[j] & touch[cells[i]][cells[j]];
            if scores {
                let value = Shape::ALL[i].value() + Shape::ALL[j].value();
                points[a.face.player().index()] += value;
                let _ = pairs.try_push(ScoringPair {
                    shapes: [Shape::ALL[i], Shape::ALL[j]],
                    face: a.face,
                    points: value,
                });
            }
        }
        (pairs, points)
    }

    /// The pieces packed in 24 bits: for each piece (triangle in the lowest
    /// bits), its square `5 (y - 1) + (x - 1)` in 5 bits and its face (1
    /// Roman) above.
    // Bounded arithmetic: coordinates are 1 to 5, a square below 25, and the
    // shifts below 24 bits.
    #[allow(clippy::arithmetic_side_effects)]
    fn packed_pieces(&self) -> u64 {
        let mut word = 0u64;
        for (i, p) in self.pieces.iter().enumerate() {
            let square = u64::from(p.square.y() - 1) * 5 + u64::from(p.square.x() - 1);
            let face = u64::from(p.face == Face::Roman);
            word |= (square | face << 5) << (6 * i);
        }
        word
    }
}

/// The six pairs of pieces, in shape order.
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Squares per side, as an index bound.
const SIDE: usize = SIZE as usize;

/// Whether two squares (by index `5 (y - 1) + (x - 1)`) touch: without
/// wrapping (`[0]`) and across the edges (`[1]`); the same rule as
/// [`Square::touches`], tabulated.
static TOUCHES: [[[bool; SIDE * SIDE]; SIDE * SIDE]; 2] = {
    let mut table = [[[false; SIDE * SIDE]; SIDE * SIDE]; 2];
    let mut wrap = 0;
    while wrap < 2 {
        let mut a = 0;
        while a < SIDE * SIDE {
            let mut b = 0;
            while b < SIDE * SIDE {
                let (ax, ay, bx, by) = (a % SIDE, a / SIDE, b % SIDE, b / SIDE);
                let (dx, dy) = (distance(ax, bx, wrap == 1), distance(ay, by, wrap == 1));
                table[wrap][a][b] = a != b && dx <= 1 && dy <= 1;
                b += 1;
            }
            a += 1;
        }
        wrap += 1;
    }
    table
};

/// The distance between two coordinates `0..SIDE`, the short way round
/// when `wrap`.
// Bounded arithmetic: `d = |p - q| < SIDE`, so `SIDE - d` is positive.
#[allow(clippy::arithmetic_side_effects)]
const fn distance(p: usize, q: usize, wrap: bool) -> usize {
    let d = p.abs_diff(q);
    if wrap && SIDE - d < d { SIDE - d } else { d }
}

/// A bijective 64-bit mixer (MurmurHash3's finalizer): distinct words give
/// distinct keys, with every key bit depending on every word bit.
const fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^= h >> 33;
    h
}

impl Game for Numa {
    type Action = Choice;
    type Move = JointMove;
    type Actions = ChoiceList;
    type Report = TurnReport;
    type Error = PlayError;

    /// Two: Arabic (player 0) and Roman (player 1).
    fn player_count(&self) -> usize {
        2
    }

    /// [`Status::Simultaneous`] of both players until someone has reached
    /// the target with a score the other does not share; then
    /// [`Status::Over`] with the higher score's winner (a draw only for a
    /// tie at [`SCORE_LIMIT`] or more).
    fn status(&self) -> Status {
        match self.result() {
            Some(o) => Status::Over(o),
            None => Status::Simultaneous(PlayerSet::all(2)),
        }
    }

    /// All 72 choices ([`Choice::ALL`]) for players 0 and 1 while the game
    /// goes on; none once it is over, nor ever for other players.
    fn legal_actions(&self, player: Player) -> ChoiceList {
        if player.index() >= 2 || self.result().is_some() {
            ChoiceList::NONE
        } else {
            ChoiceList::ALL
        }
    }

    /// The joint move of both players' choices, given in any order.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] once the game is over; otherwise
    /// [`PlayError::Joint`] with the first fault found going through the
    /// pairs: [`JointMoveError::NoSuchPlayer`] for a player beyond 1,
    /// [`JointMoveError::DuplicatePlayer`] for a player given twice, then
    /// [`JointMoveError::MissingPlayer`] for a player not given (player 0
    /// first).
    fn joint_move(&self, actions: &[(Player, Choice)]) -> Result<JointMove, PlayError> {
        if self.result().is_some() {
            return Err(PlayError::GameOver);
        }
        let mut chosen: [Option<Choice>; 2] = [None, None];
        for &(player, choice) in actions {
            let slot = chosen
                .get_mut(player.index())
                .ok_or(JointMoveError::NoSuchPlayer(player))?;
            if slot.is_some() {
                return Err(JointMoveError::DuplicatePlayer(player).into());
            }
            *slot = Some(choice);
        }
        match chosen {
            [Some(arabic), Some(roman)] => Ok(JointMove { arabic, roman }),
            [None, _] => Err(JointMoveError::MissingPlayer(Player::P0).into()),
            [Some(_), None] => Err(JointMoveError::MissingPlayer(Player::P1).into()),
        }
    }

    /// Whether the game goes on (every joint move is legal then).
    fn is_legal(&self, _mv: &JointMove) -> bool {
        self.result().is_none()
    }

    /// Plays a turn: all four instructions move and flip their pieces (a
    /// piece named by both players moves and flips twice; the order of the
    /// instructions cannot matter), then every two lone pieces on touching
    /// squares showing the same system score their sum for that system's
    /// player.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] once the game is over; the state is then
    /// unchanged.
    fn play(&mut self, mv: JointMove) -> Result<TurnReport, PlayError> {
        if self.result().is_some() {
            return Err(PlayError::GameOver);
        }
        Ok(self.apply(mv))
    }

    /// Plays a turn (every joint move is legal while the game goes on).
    ///
    /// # Panics
    ///
    /// Never panics. Once the game is over it changes nothing and reports
    /// an empty turn (no piece moved, no points), so that no score can grow
    /// past [`MAX_SCORE`](crate::MAX_SCORE) and the outcome stays.
    #[inline]
    fn play_unchecked(&mut self, mv: JointMove) -> TurnReport {
        if self.result().is_some() {
            return TurnReport {
                paths: core::array::from_fn(|i| PiecePath {
                    shape: Shape::ALL[i],
                    from: self.pieces[i].square,
                    steps: ArrayVec::new(),
                    face: self.pieces[i].face,
                }),
                pairs: PairList::new(),
                points: [0, 0],
            };
        }
        self.apply(mv)
    }

    /// Arabic's and Roman's points ([`Numa::points`]).
    fn scores(&self) -> ByPlayer<u64> {
        ByPlayer::from_slice(&self.scores.map(u64::from))
    }

    /// A packed key, exact for ordinary scores. The pieces take 24 bits
    /// (square and face of each); while both scores are below 2^20 they are
    /// packed above them (20 bits each), and the 64-bit word goes through a
    /// bijective mixer, so two positions with different pieces or scores
    /// never share a key and the key's bits are well spread for any table
    /// size. Larger scores (only from setups) are mixed by
    /// [`KeyHasher`] instead. Not Zobrist: the whole position fits in one
    /// word, and a turn moves up to four pieces and changes the scores, so
    /// packing costs less than updating Zobrist keys. The options are not
    /// hashed (positions compared in one table share their options);
    /// whether the game is over follows from the scores.
    fn key(&self) -> u64 {
        let pieces = self.packed_pieces();
        let [a, r] = self.scores.map(u64::from);
        if a < 1 << 20 && r < 1 << 20 {
            mix(pieces | a << 24 | r << 44)
        } else {
            let mut h = KeyHasher::new();
            h.write(pieces);
            h.write(a | r << 32);
            h.finish()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_touch_table_is_square_touches() {
        for wrap in [false, true] {
            for ax in 1..=SIZE {
                for ay in 1..=SIZE {
                    for bx in 1..=SIZE {
                        for by in 1..=SIZE {
                            let (Some(a), Some(b)) = (Square::new(ax, ay), Square::new(bx, by))
                            else {
                                unreachable!("coordinates 1 to 5 are on the board");
                            };
                            let (i, j) = (
                                usize::from(ay - 1) * SIDE + usize::from(ax - 1),
                                usize::from(by - 1) * SIDE + usize::from(bx - 1),
                            );
                            assert_eq!(
                                TOUCHES[usize::from(wrap)][i][j],
                                a.touches(b, wrap),
                                "{a} {b} wrap={wrap}"
                            );
                        }
                    }
                }
            }
        }
    }
}
