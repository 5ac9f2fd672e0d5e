//! Toguz Kumalak (Kazakhstan and Kyrgyzstan): the sowing of
//! [`Rules::toguz_kumalak`] plus the tuzdik, a hole of the opponent's row
//! that a player claims once and that pays into his store for the rest of
//! the game.

use alloc::sync::Arc;
use core::fmt;

use crate::board::{Board, MAX_SEEDS};
use crate::budget::{Budget, Meter};
use crate::end::End;
use crate::event::{Event, Observer};
use crate::game::{Game, JointMoveError, KeyHasher, Outcome, Status};
use crate::mancala::{MoveList, PlayError, check_sowing_move};
use crate::pit::Pit;
use crate::player::{ByPlayer, Player};
use crate::rules::Rules;
use crate::sow::{Landing, SingleLap, Sower};
use crate::topology::Topology;
use crate::turn::Move;

/// Holes in a row.
pub(crate) const ROW: usize = 9;
/// Holes on the board.
pub(crate) const HOLES: usize = 2 * ROW;

/// An unchecked description of a [`ToguzKumalak`] position. Public fields,
/// no guarantees; [`ToguzKumalak::from_setup`] checks it. `Default` is the
/// start: 9 seeds in each of the 18 holes, player 0 to move.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, Player, toguz::{ToguzError, ToguzKumalak, ToguzSetup}};
///
/// let mut setup = ToguzSetup::default();
/// // Player 0's tuzdik on player 1's first hole (canonical 9), emptied.
/// setup.board[9] = 0;
/// setup.stores = [9, 0];
/// setup.tuzdik[0] = Pit::new(9);
/// let game = ToguzKumalak::from_setup(setup)?;
/// assert_eq!(game.tuzdik(Player::P0), Pit::new(9));
///
/// // A tuzdik in its owner's own row is refused.
/// setup.tuzdik[1] = Pit::new(10);
/// assert!(matches!(ToguzKumalak::from_setup(setup), Err(ToguzError::TuzdikInOwnRow { .. })));
/// # Ok::<(), ToguzError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct ToguzSetup {
    /// Seeds in each hole, canonical order: player 0's nine from his left,
    /// then player 1's from his left.
    pub board: [u16; HOLES],
    /// Seeds in each player's store, player 0 first.
    pub stores: [u16; 2],
    /// Each player's tuzdik, if he has one: a hole of the opponent's row.
    pub tuzdik: [Option<Pit>; 2],
    /// The player to move (in a finished game, the one who has no seeds).
    pub to_move: Player,
}

impl Default for ToguzSetup {
    fn default() -> ToguzSetup {
        ToguzSetup {
            board: [9; HOLES],
            stores: [0; 2],
            tuzdik: [None; 2],
            to_move: Player::P0,
        }
    }
}

/// Why a [`ToguzSetup`] is not a possible Toguz Kumalak position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ToguzError {
    /// The player to move is not player 0 or 1.
    #[error("{0} does not play Toguz Kumalak")]
    NoSuchPlayer(Player),
    /// A tuzdik is not a hole of the board.
    #[error("the tuzdik of {player}, hole {pit}, is not on the board")]
    TuzdikOffBoard {
        /// The tuzdik's owner.
        player: Player,
        /// The hole given.
        pit: Pit,
    },
    /// A tuzdik is in its owner's own row.
    #[error("the tuzdik of {player}, hole {pit}, is in his own row")]
    TuzdikInOwnRow {
        /// The tuzdik's owner.
        player: Player,
        /// The hole given.
        pit: Pit,
    },
    /// A tuzdik is the last (9th) hole of a row, which never becomes one.
    #[error("the tuzdik of {player}, hole {pit}, is the last hole of its row")]
    TuzdikOnLastHole {
        /// The tuzdik's owner.
        player: Player,
        /// The hole given.
        pit: Pit,
    },
    /// Both tuzdiks are the hole with the same index in their rows.
    #[error("both tuzdiks ({0} and {1}) are the same hole of their rows")]
    SameIndex(Pit, Pit),
    /// A tuzdik holds seeds: every move empties it into its owner's store.
    #[error("the tuzdik of {player}, hole {pit}, holds seeds")]
    TuzdikNotEmpty {
        /// The tuzdik's owner.
        player: Player,
        /// The hole given.
        pit: Pit,
    },
    /// The position holds more seeds than a board can.
    #[error("{0} seeds in all is more than the {max} supported", max = MAX_SEEDS)]
    TooManySeeds(u32),
}

/// Why a move of [`ToguzKumalak`] was refused. The state is unchanged.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Move, Pit, PlayError, Player, toguz::{ToguzKumalak, ToguzPlayError, ToguzSetup}};
///
/// let mut setup = ToguzSetup::default();
/// // Player 1's tuzdik on player 0's first hole, emptied; player 0 to move.
/// setup.board[0] = 0;
/// setup.stores = [0, 9];
/// setup.tuzdik[1] = Pit::new(0);
/// let mut game = ToguzKumalak::from_setup(setup)?;
/// let tuzdik = Pit::new(0).unwrap();
/// assert_eq!(game.play(Move::Sow(tuzdik)), Err(ToguzPlayError::Tuzdik(tuzdik)));
/// assert_eq!(game.play(Move::Pass), Err(ToguzPlayError::Core(PlayError::CannotPass)));
/// assert_eq!(ToguzPlayError::Tuzdik(tuzdik).to_string(), "hole 0 is a tuzdik: it is never sown");
/// // Core's refusals say what core says.
/// let pass = ToguzPlayError::Core(PlayError::CannotPass);
/// assert_eq!(pass.to_string(), PlayError::CannotPass.to_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ToguzPlayError {
    /// The hole is the other player's tuzdik, which is never sown.
    #[error("hole {0} is a tuzdik: it is never sown")]
    Tuzdik(Pit),
    /// A refusal every sowing game shares, in core's words: the game is
    /// over ([`PlayError::GameOver`]), a pass ([`PlayError::CannotPass`]),
    /// a hole off the board, the opponent's or empty, or actions that make
    /// no move ([`PlayError::Joint`]).
    #[error(transparent)]
    Core(#[from] PlayError),
}

/// Actions that make no move (see
/// [`Game::joint_move`]), as core's
/// [`Joint`](PlayError::Joint) refusal.
impl From<JointMoveError> for ToguzPlayError {
    #[inline]
    fn from(error: JointMoveError) -> ToguzPlayError {
        ToguzPlayError::Core(PlayError::Joint(error))
    }
}

/// What one move of [`ToguzKumalak`] did.
///
/// `Display` says it in words: `player 0 sowed 6: captured 10 from hole
/// 14`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ToguzTurn {
    /// The player who moved.
    pub mover: Player,
    /// The hole sown.
    pub pit: Pit,
    /// The hole the last seed fell in.
    pub landing: Pit,
    /// Seeds taken from the landing hole: an even count in the opponent's
    /// row, or the 3 of a new tuzdik.
    pub captured: u16,
    /// Whether the landing hole became the mover's tuzdik.
    pub new_tuzdik: bool,
    /// Seeds each player's tuzdik paid into his store after the sowing.
    pub paid: [u16; 2],
}

impl fmt::Display for ToguzTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sowed {}", self.mover, self.pit)?;
        if self.new_tuzdik {
            write!(f, ": hole {} became his tuzdik", self.landing)?;
        } else if self.captured > 0 {
            write!(f, ": captured {} from hole {}", self.captured, self.landing)?;
        }
        for (p, &seeds) in self.paid.iter().enumerate() {
            if seeds > 0 {
                write!(f, "; player {p}'s tuzdik paid {seeds}")?;
            }
        }
        Ok(())
    }
}

/// Toguz Kumalak, as the catalogue states it (Ludii's `Toguz Kumalak.lud`,
/// with the usual rule that the 9th hole never becomes a tuzdik).
///
/// 1. Two rows of 9 holes, 9 seeds each, a store each; player 0 moves first.
/// 2. A move sows every seed of a non-empty own hole counter-clockwise, the
///    first seed back into that hole unless it held exactly one
///    ([`SowSpec::first_into_origin`](crate::rules::SowSpec::first_into_origin)).
///    A tuzdik is never sown, but sowing passes through it as through any
///    hole.
/// 3. If the last seed falls in the opponent's row and the hole then holds
///    an even count, the mover takes it. Otherwise, if it then holds 3, the
///    mover has no tuzdik yet, it is not the hole with the same index (from
///    its owner's left) as the opponent's tuzdik, and it is not the
///    opponent's 9th hole, it becomes the mover's **tuzdik** and its 3 seeds
///    are his.
/// 4. Then every tuzdik's seeds go to its owner's store.
/// 5. The game ends when the player to move has no seeds. Each scores his
///    store plus the seeds left in his row; more wins, equal is a draw.
///
/// [`Traditional::ToguzKumalak`](crate::Traditional::ToguzKumalak) names the
/// game; its [`rules`](crate::Traditional::rules) are the base rules above
/// without the tuzdik. A position comes from [`ToguzKumalak::new`]
/// (`Default`), a checked [`ToguzSetup`] ([`ToguzKumalak::from_setup`]),
/// its one-line text (`Display`, `FromStr`: `HOLES STORES PLAYER
/// [tuzdik=A,B]`) or serde (through `ToguzSetup`, checked the same way).
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Move, Pit, Player, toguz::ToguzKumalak};
///
/// let mut game = ToguzKumalak::default();
/// // Nine seeds from hole 6: one back into it, eight into holes 7 to 14.
/// // Hole 14 (player 1's) then holds 10, an even count: taken.
/// let turn = game.play(Move::Sow(Pit::new(6).unwrap()))?;
/// assert_eq!(turn.captured, 10);
/// assert_eq!(turn.to_string(), "player 0 sowed 6: captured 10 from hole 14");
/// assert_eq!(game.board().holes(), &[9, 9, 9, 9, 9, 9, 1, 10, 10, 10, 10, 10, 10, 10, 0, 9, 9, 9]);
/// assert_eq!(game.board().store(Player::P0), 10);
/// // Refused moves change nothing.
/// let before = game.clone();
/// assert!(game.play(Move::Sow(Pit::new(0).unwrap())).is_err());
/// assert_eq!(game, before);
/// # Ok::<(), mancala_core::toguz::ToguzPlayError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ToguzKumalak {
    /// The board's shape, shared by every state (a clone copies the pointer).
    topology: Arc<Topology>,
    pub(crate) board: Board,
    pub(crate) tuzdik: [Option<Pit>; 2],
    pub(crate) to_move: Player,
}

impl PartialEq for ToguzKumalak {
    fn eq(&self, other: &ToguzKumalak) -> bool {
        self.board == other.board && self.tuzdik == other.tuzdik && self.to_move == other.to_move
    }
}

impl Eq for ToguzKumalak {}

impl core::hash::Hash for ToguzKumalak {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.tuzdik.hash(state);
        self.to_move.hash(state);
    }
}

impl Default for ToguzKumalak {
    /// The start: 9 seeds a hole, player 0 to move.
    fn default() -> ToguzKumalak {
        ToguzKumalak::new()
    }
}

impl ToguzKumalak {
    /// The start: 9 seeds a hole, no tuzdik, player 0 to move.
    pub fn new() -> ToguzKumalak {
        ToguzKumalak {
            topology: Arc::new(topology()),
            board: Board::filled(HOLES, 9),
            tuzdik: [None; 2],
            to_move: Player::P0,
        }
    }

    /// The position `setup` describes; one whose player to move has no seeds
    /// is a finished game.
    ///
    /// # Errors
    ///
    /// A [`ToguzError`] if the player to move is not 0 or 1, a tuzdik is off
    /// the board, in its owner's row, on a 9th hole, holds seeds or shares
    /// its index with the other, or the seeds number more than
    /// [`MAX_SEEDS`].
    pub fn from_setup(setup: ToguzSetup) -> Result<ToguzKumalak, ToguzError> {
        if setup.to_move.index() >= 2 {
            return Err(ToguzError::NoSuchPlayer(setup.to_move));
        }
        for (player, tuzdik) in [Player::P0, Player::P1].into_iter().zip(setup.tuzdik) {
            let Some(pit) = tuzdik else { continue };
            let error = match pit.index() {
                i if i >= HOLES => ToguzError::TuzdikOffBoard { player, pit },
                i if i / ROW == player.index() => ToguzError::TuzdikInOwnRow { player, pit },
                i if i % ROW == ROW - 1 => ToguzError::TuzdikOnLastHole { player, pit },
                i if setup.board[i] > 0 => ToguzError::TuzdikNotEmpty { player, pit },
                _ => continue,
            };
            return Err(error);
        }
        if let [Some(a), Some(b)] = setup.tuzdik
            && a.index() % ROW == b.index() % ROW
        {
            return Err(ToguzError::SameIndex(a, b));
        }
        let total: u32 = setup
            .board
            .iter()
            .chain(&setup.stores)
            .map(|&c| u32::from(c))
            .sum();
        if total > MAX_SEEDS {
            return Err(ToguzError::TooManySeeds(total));
        }
        Ok(ToguzKumalak {
            topology: Arc::new(topology()),
            board: Board::from_counts(&setup.board, &setup.stores),
            tuzdik: setup.tuzdik,
            to_move: setup.to_move,
        })
    }

    /// The position as an unchecked setup.
    pub fn to_setup(&self) -> ToguzSetup {
        let mut board = [0; HOLES];
        board.copy_from_slice(self.board.holes());
        ToguzSetup {
            board,
            stores: [self.board.store(Player::P0), self.board.store(Player::P1)],
            tuzdik: self.tuzdik,
            to_move: self.to_move,
        }
    }

    /// The holes and stores.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's shape (two rows of nine).
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// The base rules (the sowing and the board; the tuzdik is this type's).
    pub const fn rules(&self) -> Rules {
        Rules::toguz_kumalak()
    }

    /// `player`'s tuzdik, if he has one (a hole of the other's row).
    pub fn tuzdik(&self, player: Player) -> Option<Pit> {
        self.tuzdik.get(player.index()).copied().flatten()
    }

    /// Whether `pit` is a hole `player` may sow now: his own, not a tuzdik,
    /// not empty.
    #[inline]
    fn sowable(&self, player: Player, pit: Pit) -> bool {
        let i = pit.index();
        i / ROW == player.index()
            && self.board.get(pit) > 0
            && self.tuzdik[1 - player.index()] != Some(pit)
    }

    /// Why the game ended, if it has: it ends only when the player to move
    /// has no seeds ([`End::NoMove`] of him, without seeds). A function of
    /// the position, so known of a position set up as well as of one
    /// reached by play.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{End, Player, toguz::{ToguzKumalak, ToguzSetup}};
    ///
    /// assert_eq!(ToguzKumalak::new().end(), None);
    /// let mut setup = ToguzSetup::default();
    /// setup.board = [0; 18];
    /// setup.board[9] = 1;
    /// setup.stores = [81, 80];
    /// let game = ToguzKumalak::from_setup(setup)?;
    /// let stuck = End::NoMove { player: Player::P0, has_seeds: false, too_few: false, unfed: None };
    /// assert_eq!(game.end(), Some(stuck));
    /// # Ok::<(), mancala_core::toguz::ToguzError>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        self.over().then_some(End::NoMove {
            player: self.to_move,
            has_seeds: false,
            too_few: false,
            unfed: None,
        })
    }

    /// Whether the player to move has no seeds: the game is over.
    #[inline]
    fn over(&self) -> bool {
        let start = self.to_move.index() * ROW;
        self.board.holes()[start..start + ROW]
            .iter()
            .all(|&c| c == 0)
    }

    /// Why `mv` is not legal now, if it is not.
    fn check(&self, mv: Move) -> Result<Pit, ToguzPlayError> {
        if self.over() {
            return Err(PlayError::GameOver.into());
        }
        let Move::Sow(pit) = mv else {
            return Err(PlayError::CannotPass.into());
        };
        // A tuzdik is always empty: say why it is refused before that.
        if self.tuzdik[1 - self.to_move.index()] == Some(pit) {
            return Err(ToguzPlayError::Tuzdik(pit));
        }
        check_sowing_move(&self.topology, &self.board, Some(self.to_move), pit)?;
        Ok(pit)
    }

    /// Plays `mv` after checking it, telling `observer` every seed sown,
    /// every capture and every tuzdik's payout ([`Event::Capture`]).
    ///
    /// # Errors
    ///
    /// A [`ToguzPlayError`] if the move is not legal: the other's tuzdik
    /// ([`ToguzPlayError::Tuzdik`]), or core's refusals
    /// ([`ToguzPlayError::Core`]): the game is over, a pass, a hole off the
    /// board, the opponent's, or empty. The state is then unchanged and nothing was
    /// told.
    pub fn play_observed<O: Observer>(
        &mut self,
        mv: Move,
        observer: &mut O,
    ) -> Result<ToguzTurn, ToguzPlayError> {
        let pit = self.check(mv)?;
        Ok(self.sow(pit, observer))
    }

    /// Sows `pit` for the player to move, then captures, claims a tuzdik and
    /// pays the tuzdiks out, and passes the turn. `pit` must be on the board
    /// and hold seeds (else nothing is sown).
    fn sow<O: Observer>(&mut self, pit: Pit, observer: &mut O) -> ToguzTurn {
        let mover = self.to_move;
        // A single lap: nothing to decide, nothing drawn from a budget.
        let meter = Meter::new(Budget::UNLIMITED);
        let spec = Rules::toguz_kumalak().sowing;
        let sower = Sower::new(&self.topology, spec, mover, &SingleLap, &meter);
        let mut turn = ToguzTurn {
            mover,
            pit,
            landing: pit,
            captured: 0,
            new_tuzdik: false,
            paid: [0; 2],
        };
        let landing = match sower.sow(&mut self.board, pit, observer) {
            Ok(sown) => match sown.landing {
                Landing::Hole(p) => p,
                Landing::Store(_) => pit,
            },
            Err(_) => return turn,
        };
        turn.landing = landing;
        let (me, other) = (mover.index(), 1 - mover.index());
        if landing.index() / ROW == other {
            let count = self.board.get(landing);
            let claims = count == 3
                && self.tuzdik[me].is_none()
                && landing.index() % ROW != ROW - 1
                && self.tuzdik[other].is_none_or(|t| t.index() % ROW != landing.index() % ROW);
            if count.is_multiple_of(2) || claims {
                turn.captured = self.take(landing, mover, observer);
                if claims {
                    self.tuzdik[me] = Some(landing);
                    turn.new_tuzdik = true;
                }
            }
        }
        for (p, tuzdik) in [Player::P0, Player::P1].into_iter().zip(self.tuzdik) {
            if let Some(t) = tuzdik {
                turn.paid[p.index()] = self.take(t, p, observer);
            }
        }
        self.to_move = mover.next(2);
        turn
    }

    /// Empties `pit` into `by`'s store; the seeds taken.
    fn take<O: Observer>(&mut self, pit: Pit, by: Player, observer: &mut O) -> u16 {
        let seeds = self.board.take(pit);
        if seeds > 0 {
            self.board.add_to_store(by, seeds);
            if O::RECORDS {
                observer.event(Event::Capture { pit, seeds, by });
            }
        }
        seeds
    }
}

/// Two rows of nine.
fn topology() -> Topology {
    crate::toolkit::known_valid(
        Topology::new(Rules::toguz_kumalak().layout),
        "two rows of nine",
    )
}

impl Game for ToguzKumalak {
    crate::sequential_game!(
        players: 2,
        move: Move,
        actions: MoveList,
        report: ToguzTurn,
        error: ToguzPlayError,
    );

    fn status(&self) -> Status {
        if self.over() {
            Status::Over(Outcome::from_scores(self.scores().as_slice()))
        } else {
            Status::ToMove(self.to_move)
        }
    }

    /// The sowable holes of `player` in hole order (his non-empty holes but
    /// the other's tuzdik); empty unless he is to move. Never allocates.
    fn legal_actions(&self, player: Player) -> MoveList {
        let mut moves = MoveList::new();
        if player != self.to_move || self.over() {
            return moves;
        }
        let start = player.index() * ROW;
        for pit in (start..start + ROW).filter_map(Pit::new) {
            if self.sowable(player, pit) {
                // Nine holes: never full.
                let _ = moves.try_push(Move::Sow(pit));
            }
        }
        moves
    }

    fn is_legal(&self, mv: &Move) -> bool {
        self.check(*mv).is_ok()
    }

    /// # Errors
    ///
    /// A [`ToguzPlayError`] if the move is not legal (see
    /// [`play_observed`](ToguzKumalak::play_observed)); the state is then
    /// unchanged.
    fn play(&mut self, mv: Move) -> Result<ToguzTurn, ToguzPlayError> {
        self.play_observed(mv, &mut ())
    }

    /// # Panics
    ///
    /// Never panics. A pass, a hole off the board or an empty hole (a
    /// tuzdik is always empty) changes nothing (the report's `landing` is
    /// the hole given); the opponent's hole is sown as if legal, for the
    /// player to move, which can reach positions the rules never would.
    /// Once the game is over a move still sows if it can.
    fn play_unchecked(&mut self, mv: Move) -> ToguzTurn {
        let pit = match mv {
            Move::Sow(pit) => pit,
            Move::Pass => Pit::from_index(0),
        };
        if mv == Move::Pass || !self.topology.contains(pit) || self.board.get(pit) == 0 {
            return ToguzTurn {
                mover: self.to_move,
                pit,
                landing: pit,
                captured: 0,
                new_tuzdik: false,
                paid: [0; 2],
            };
        }
        self.sow(pit, &mut ())
    }

    /// Each player's store, plus (once the game is over) the seeds left in
    /// his row.
    fn scores(&self) -> ByPlayer<u64> {
        let mut scores = ByPlayer::new(2, 0u64);
        let over = self.over();
        for p in [Player::P0, Player::P1] {
            scores[p] = u64::from(self.board.store(p));
            if over {
                scores[p] += u64::from(self.board.seeds_of(&self.topology, p));
            }
        }
        scores
    }

    /// A hash of the holes, the stores, the tuzdiks and the player to move,
    /// mixed by [`KeyHasher`] (whether the game is over follows from them).
    fn key(&self) -> u64 {
        let mut h = KeyHasher::new();
        h.write_counts(self.board.holes());
        h.write_counts(&self.board.stores()[..2]);
        let tuzdik = |t: Option<Pit>| t.map_or(0xff, |p| p.index() as u64);
        h.write(
            tuzdik(self.tuzdik[0])
                | tuzdik(self.tuzdik[1]) << 8
                | (self.to_move.index() as u64) << 16,
        );
        h.finish()
    }
}

crate::setup_conversions!(ToguzKumalak, ToguzSetup, ToguzError);
