//! Rule options for the generic sowing game, with presets for the reference
//! games (oware and Kalah as OpenSpiel 2.0.2 plays them).

// The parts of a rule set, published here with the rules.
pub use crate::board::MAX_SEEDS;
pub use crate::capture::{Capture, ChainLimit, CountSet, LastSeed, Zone};
pub use crate::conditions::{RelayConditions, Sowable};
pub use crate::feeding::Feeding;
pub use crate::mancala::MAX_MOVES;
pub use crate::opening::{FirstMoves, MAX_FIRST_MOVES, START_MOVES, Start, StartError};
pub use crate::pit::MAX_HOLES;
pub use crate::player::MAX_PLAYERS;
pub use crate::sow::{Endless, Relay, SowSpec};
pub use crate::sweep::Sweep;
pub use crate::topology::{
    Direction, LayoutError, MAX_ROW_LEN, MAX_ROWS, MAX_TWO_ROW_LEN, StoreSide, max_row_len,
};

use crate::player::Player;
use crate::topology::{Layout, Topology};

/// What happens to a capture that would leave a player it takes from with no
/// seeds at all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum GrandSlam {
    /// The capture is made.
    #[default]
    Allow,
    /// The move is legal but captures nothing (oware as OpenSpiel plays it).
    NoCapture,
    /// The move is illegal.
    Forbid,
}

/// Whose store captured seeds go to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Credit {
    /// The mover's (every game but Enindji and Yovodi).
    #[default]
    Mover,
    /// Each hole's seeds to its owner's store, whoever captures them
    /// (Enindji).
    Owner,
    /// Each hole's seeds to the store of its owner's opponent (the player
    /// after him in turn order), whoever captures them (Yovodi: a lap
    /// ending in the opponent's row takes the mover's seeds facing it
    /// into the opponent's store).
    Opponent,
}

/// What becomes of the seeds left in the holes when the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Leftover {
    /// Each player moves the seeds of his own holes into his store (oware).
    #[default]
    ToOwner,
    /// The seeds stay where they are and count for their holes' owners
    /// (Kalah as OpenSpiel scores it).
    Stay,
    /// The seeds stay and count for nobody.
    Void,
    /// The seeds stay and count for each player who has a hole he may sow
    /// ([`Rules::sowable`]): with two players, the one still able to move
    /// when the other, to move, cannot. When no player has one, the game
    /// is drawn, whatever the stores (Aw-li On-nam Ot-tjin).
    Mobile,
}

/// Who wins a finished game. Every verdict reads the board the game ended
/// with, so those that read the holes ([`EmptyRowLoses`](Verdict::EmptyRowLoses),
/// [`EmptyRowWins`](Verdict::EmptyRowWins)) need the seeds left to stay in
/// them ([`Leftover::Stay`] or [`Leftover::Void`]: [`Rules::check`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Verdict {
    /// The higher score wins, equal scores draw (every game but Altiev,
    /// Waurie and Uril).
    #[default]
    Score,
    /// The first player, in turn order from player 0, whose holes are all
    /// empty loses; the others rank by score, so with two players the other
    /// wins (Altiev). With no such player, the higher score wins.
    EmptyRowLoses,
    /// The first player, in turn order from player 0, whose holes are all
    /// empty wins (Waurie). With no such player, the higher score wins.
    EmptyRowWins,
    /// The first player, in turn order, whose store holds at least the
    /// target ([`EndRules::target`]) wins; else the game is drawn,
    /// whatever the stores (Uril).
    Target,
}

/// The conditions that end a game, besides the player to move having no legal
/// move (which always ends it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct EndRules {
    /// After a move, a store holds more than half of all seeds, or two stores
    /// hold exactly half each (oware).
    pub majority: bool,
    /// After a move, some player has no seeds in his holes, whoever is to move
    /// (Kalah).
    pub side_empty: bool,
    /// After a move, the position (holes and player to move) repeats one seen
    /// since seeds last left the holes, the start counting as seen (oware).
    pub repetition: bool,
    /// After a sowing move (not a pass, not at setup), at most this many seeds
    /// are left in the holes (Mankka: 8).
    pub at_most_left: Option<u16>,
    /// Every hole holds at most this many seeds, checked after every move
    /// and pass and of a set-up position (Awari: 1).
    pub each_at_most: Option<u16>,
    /// After a move or pass, a store holds at least this many seeds (Uril:
    /// 25); with [`Verdict::Target`] its owner wins. A missing serde field
    /// reads as `None`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub target: Option<u16>,
    /// A player with no legal move passes ([`Move::Pass`](crate::Move::Pass))
    /// instead of ending the game, which ends only when no player can move
    /// (Mankka without its early ends). While a player must pass, his
    /// only legal move is [`Move::Pass`](crate::Move::Pass).
    pub pass: bool,
}

/// The rules of a sowing game: board, sowing, capture, feeding and ending, as
/// data. Presets: [`Rules::oware`], [`Rules::kalah`].
///
/// A `Rules` value is unchecked; [`Rules::check`] (called by every
/// constructor of [`Mancala`](crate::Mancala)) refuses impossible ones.
///
/// # Examples
///
/// ```
/// use mancala_core::{Mancala, Rules};
///
/// let rules = Rules::oware().with_houses(4).with_seeds(3);
/// let game = Mancala::new(rules)?;
/// assert_eq!(game.board().holes(), &[3; 8]);
/// # Ok::<(), mancala_core::RulesError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The board.
    pub layout: Layout,
    /// Seeds in each hole at the start.
    pub seeds: u16,
    /// Seeds moved between holes before the first move (FairKalah); a
    /// missing serde field reads as the default, none.
    #[cfg_attr(feature = "serde", serde(default))]
    pub start: Start,
    /// The holes the first sowing moves may sow (Dabuda: each player's
    /// first move his rightmost hole; Um el-Bil: player 0's first move);
    /// a missing serde field reads as the default, none restricted.
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_moves: FirstMoves,
    /// How a lap is sown.
    pub sowing: SowSpec,
    /// Which holes may be sown (I, Kay: only holes of two or more). A
    /// missing serde field reads as [`Sowable::ANY`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub sowable: Sowable,
    /// When a lap relays into another.
    pub relay: Relay,
    /// What a relay needs besides [`relay`](Rules::relay)'s count, and
    /// whether a capture where a lap ends stops the relay (Kay). A missing
    /// serde field reads as the default (nothing more).
    #[cfg_attr(feature = "serde", serde(default))]
    pub relay_if: RelayConditions,
    /// What to do with moves whose relays never end.
    pub endless: Endless,
    /// How captures are made.
    pub capture: Capture,
    /// A capture tried where [`capture`](Rules::capture) takes nothing
    /// (Yovodji: a lone seed in the mover's row takes the hole across
    /// when it holds 2 or more, where a 2 or 3 of the opponent's row was
    /// not made). A missing serde field reads as [`Capture::None`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub fallback_capture: Capture,
    /// Holes taken after the sowing besides the capture, wherever they are
    /// (Kapana Bona, Oure Ngat, Wouri, Hoyito). A missing serde field
    /// reads as [`Sweep::NONE`].
    #[cfg_attr(feature = "serde", serde(default))]
    pub sweep: Sweep,
    /// Whose store captured seeds go to. Serialized as `"mover"` or
    /// `"owner"`; a missing field reads as the default.
    #[cfg_attr(feature = "serde", serde(default))]
    pub credit: Credit,
    /// What happens to grand slams.
    pub grand_slam: GrandSlam,
    /// The feeding obligation.
    pub feeding: Feeding,
    /// A move whose last seed falls into the mover's store gives him another
    /// move (Kalah).
    pub extra_turn: bool,
    /// What ends the game.
    pub end: EndRules,
    /// What becomes of the seeds left at the end.
    pub leftover: Leftover,
    /// Who wins a finished game (Altiev, Waurie, Uril: not the score). A
    /// missing serde field reads as the default, by score.
    #[cfg_attr(feature = "serde", serde(default))]
    pub verdict: Verdict,
}

impl Default for Rules {
    #[inline]
    fn default() -> Rules {
        Rules::oware()
    }
}

impl Rules {
    /// Oware exactly as OpenSpiel 2.0.2 plays it (see
    /// [Oware](crate#oware)): 6 houses a player, 4 seeds each, origin skipped, captures of 2
    /// or 3 in the opponent's row chaining back to the edge of his row, grand
    /// slams legal but capturing nothing, feeding required, the end on a
    /// majority, a repetition since the last capture or no legal move, each
    /// player then taking the seeds of his own row.
    pub const fn oware() -> Rules {
        Rules {
            layout: Layout::two_rows(6),
            seeds: 4,
            start: Start::UNIFORM,
            first_moves: FirstMoves::NONE,
            sowing: SowSpec {
                direction: Direction::CounterClockwise,
                skip_origin: true,
                into_own_store: false,
                first_into_origin: false,
                single_into_origin: false,
            },
            sowable: Sowable::ANY,
            relay: Relay::Never,
            relay_if: RelayConditions::NONE,
            endless: Endless::Forbid,
            capture: Capture::Chain {
                zone: Zone::Opponents,
                counts: CountSet::TWO_OR_THREE,
                same_count: false,
                limit: ChainLimit::Row,
                opposites: false,
            },
            fallback_capture: Capture::None,
            sweep: Sweep::NONE,
            credit: Credit::Mover,
            grand_slam: GrandSlam::NoCapture,
            feeding: Feeding::Required,
            extra_turn: false,
            end: EndRules {
                majority: true,
                side_empty: false,
                repetition: true,
                at_most_left: None,
                each_at_most: None,
                target: None,
                pass: false,
            },
            leftover: Leftover::ToOwner,
            verdict: Verdict::Score,
        }
    }

    /// Kalah exactly as OpenSpiel 2.0.2 (`mancala`) plays it (see
    /// [Kalah](crate#kalah)): 6 pits a player, 4 seeds each, sowing into one's
    /// own store, an extra move when the last seed falls there, the capture of
    /// an empty own pit with a non-empty opposite one, and the end as soon as
    /// either side is empty, the seeds left counting for their owners.
    pub const fn kalah() -> Rules {
        // Oware's board and seeds; Kalah's own sowing, capture and end.
        let oware = Rules::oware();
        Rules {
            sowing: SowSpec {
                skip_origin: false,
                into_own_store: true,
                ..oware.sowing
            },
            capture: Capture::Opposite {
                require_opposite: true,
                zone: Zone::Own,
                take_lone: true,
            },
            grand_slam: GrandSlam::Allow,
            feeding: Feeding::Off,
            extra_turn: true,
            end: EndRules {
                majority: false,
                side_empty: true,
                repetition: false,
                ..oware.end
            },
            leftover: Leftover::Stay,
            ..oware
        }
    }

    /// These rules on two rows of `houses` holes.
    #[must_use]
    #[inline]
    pub const fn with_houses(mut self, houses: u8) -> Rules {
        self.layout = Layout::two_rows(houses);
        self
    }

    /// These rules with `seeds` seeds in each hole at the start.
    #[must_use]
    #[inline]
    pub const fn with_seeds(mut self, seeds: u16) -> Rules {
        self.seeds = seeds;
        self
    }

    /// Checks the rules and builds the board's topology.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] for an invalid layout, no seeds, more than
    /// [`MAX_SEEDS`] seeds in all, a relay threshold below 2, an
    /// opposite-hole capture on a board that is not two rows, a
    /// [`start`](Rules::start) that moves a seed it cannot, a verdict on
    /// the holes with the seeds left swept to their owners, restricted
    /// [`first_moves`](Rules::first_moves) that are not one value
    /// ([`FirstMoves::is_valid`]).
    pub fn check(&self) -> Result<Topology, RulesError> {
        let topology = Topology::new(self.layout)?;
        if self.seeds == 0 {
            return Err(RulesError::NoSeeds);
        }
        let total = u32::from(self.seeds) * topology.holes() as u32;
        if total > MAX_SEEDS {
            return Err(RulesError::TooManySeeds(total));
        }
        if let Relay::AtLeast(n) = self.relay
            && n < 2
        {
            return Err(RulesError::RelayAlways(n));
        }
        if !topology.is_two_row()
            && (self.capture.reads_opposite() || self.fallback_capture.reads_opposite())
        {
            return Err(RulesError::OppositeNeedsTwoRows);
        }
        if let Capture::Opposite {
            require_opposite: false,
            ..
        } = self.fallback_capture
        {
            return Err(RulesError::FallbackTakesEmpty);
        }
        if matches!(self.verdict, Verdict::EmptyRowLoses | Verdict::EmptyRowWins)
            && self.leftover == Leftover::ToOwner
        {
            return Err(RulesError::VerdictNeedsSeedsLeft);
        }
        // The holes each player may sow, at most the moves a list holds.
        if self.sowable.zone != Zone::Own {
            for player in Player::all(topology.players()) {
                let holes = topology
                    .pits()
                    .filter(|&pit| self.sowable.in_zone(&topology, pit, player))
                    .count();
                if holes > MAX_MOVES {
                    return Err(RulesError::TooManyMoves(holes));
                }
            }
        }
        if !self.start.is_packed() {
            return Err(RulesError::StartGap);
        }
        if !self.first_moves.is_valid(topology.row_len()) {
            return Err(RulesError::FirstMoves(self.first_moves));
        }
        if !self.start.is_uniform() {
            let holes = alloc::vec![self.seeds; topology.holes()];
            self.start.check(&holes)?;
        }
        Ok(topology)
    }

    /// Seeds in the game at the start.
    #[inline]
    pub fn total_seeds(&self) -> u32 {
        u32::from(self.seeds) * u32::from(self.layout.row_len) * u32::from(self.layout.rows)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Rules {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        // Mostly small, valid rules, so that fuzzing reaches play; the rest
        // exercise the checks.
        let relay = match u.int_in_range(0..=3u8)? {
            0 | 1 => Relay::Never,
            _ => Relay::AtLeast(u.int_in_range(1..=8)?),
        };
        let seeds = if u.ratio(1, 16)? {
            u.arbitrary()?
        } else {
            u.int_in_range(0..=16)?
        };
        Ok(Rules {
            layout: u.arbitrary()?,
            seeds,
            start: if u.ratio(1, 8)? {
                u.arbitrary()?
            } else {
                Start::UNIFORM
            },
            // Mostly none; else small values, a few of them refused
            // (one field 0 and not the other, more holes than a row).
            first_moves: if u.ratio(1, 8)? {
                FirstMoves {
                    moves: u.int_in_range(0..=4)?,
                    last_holes: u.int_in_range(0..=3)?,
                }
            } else {
                FirstMoves::NONE
            },
            sowing: u.arbitrary()?,
            sowable: if u.ratio(1, 4)? {
                Sowable {
                    min_seeds: u.int_in_range(0..=4)?,
                    lone_into_empty: u.arbitrary()?,
                    zone: u.arbitrary()?,
                }
            } else {
                Sowable::ANY
            },
            relay,
            relay_if: u.arbitrary()?,
            endless: u.arbitrary()?,
            capture: u.arbitrary()?,
            fallback_capture: if u.ratio(1, 8)? {
                u.arbitrary()?
            } else {
                Capture::None
            },
            sweep: if u.ratio(1, 8)? {
                u.arbitrary()?
            } else {
                Sweep::NONE
            },
            credit: u.arbitrary()?,
            grand_slam: u.arbitrary()?,
            feeding: u.arbitrary()?,
            extra_turn: u.arbitrary()?,
            // Passing changes the shape of a turn (a move that is not a
            // hole); the Mankka crate fuzzes it.
            end: EndRules {
                pass: false,
                ..u.arbitrary()?
            },
            leftover: u.arbitrary()?,
            verdict: u.arbitrary()?,
        })
    }
}

/// Why a [`Rules`] value is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The board layout is invalid.
    #[error("invalid layout: {0}")]
    Layout(#[from] LayoutError),
    /// Holes must start with at least one seed.
    #[error("holes must start with at least one seed")]
    NoSeeds,
    /// The game would hold more than [`MAX_SEEDS`] seeds.
    #[error("{0} seeds in all is more than the {max} supported", max = MAX_SEEDS)]
    TooManySeeds(u32),
    /// A verdict that reads the holes ([`Verdict::EmptyRowLoses`],
    /// [`Verdict::EmptyRowWins`]) while the seeds left are swept out of
    /// them at the end ([`Leftover::ToOwner`]).
    #[error("a verdict on empty rows needs the seeds left to stay in the holes")]
    VerdictNeedsSeedsLeft,
    /// The start moves a seed it cannot ([`Rules::start`]).
    #[error(transparent)]
    Start(#[from] StartError),
    /// The start has an empty place before a move: its moves come first,
    /// so that one start is written one way ([`Start::is_packed`]).
    #[error("the start's moves must come before its empty places")]
    StartGap,
    /// A player may sow more holes ([`Sowable::zone`]) than a position can
    /// have moves ([`MAX_MOVES`]): every hole, or the opponents' holes, of
    /// a large board.
    #[error("{0} holes to sow is more than the {max} moves a position may have", max = MAX_MOVES)]
    TooManyMoves(usize),
    /// A fallback capture ([`Rules::fallback_capture`]) of the opposite
    /// hole that takes a lone seed from an empty file (the `empty_capture`
    /// of [`Rules::capture`] only).
    #[error("a fallback capture cannot take a lone seed from an empty file")]
    FallbackTakesEmpty,
    /// Restricted first moves that are not one value or too many: a count
    /// of moves without holes or holes without moves, more last holes than
    /// a row holds, more than [`MAX_FIRST_MOVES`] moves
    /// ([`FirstMoves::is_valid`]).
    #[error(
        "first moves {moves}:{last_holes}: give both 1 to 127 moves and 1 to a row of last holes, or neither",
        moves = .0.moves,
        last_holes = .0.last_holes
    )]
    FirstMoves(FirstMoves),
    /// The opposite-hole capture, and a chain that takes opposite holes,
    /// need a two-row board.
    #[error("a capture of opposite holes needs a two-row board")]
    OppositeNeedsTwoRows,
    /// The start position has a move that the work budget cannot decide.
    #[error("the start position cannot be decided: {0}")]
    Undecided(crate::sow::Undecided),
    /// A relay threshold below 2 relays from every landing hole (it holds at
    /// least the seed just sown), so every move would relay forever; finding
    /// where such a cycle starts can take astronomically long.
    #[error("a relay threshold of {0} relays from every hole: every move would be endless")]
    RelayAlways(u16),
}

crate::option_words!(GrandSlam, "allow, no-capture or forbid", [
    GrandSlam::Allow => "allow",
    GrandSlam::NoCapture => "no-capture",
    GrandSlam::Forbid => "forbid",
]);

crate::option_words!(Credit, "mover, owner or opponent", [
    Credit::Mover => "mover",
    Credit::Owner => "owner",
    Credit::Opponent => "opponent",
]);

crate::option_words!(Verdict, "score, empty-loses, empty-wins or target", [
    Verdict::Score => "score",
    Verdict::EmptyRowLoses => "empty-loses",
    Verdict::EmptyRowWins => "empty-wins",
    Verdict::Target => "target",
]);

crate::option_words!(Leftover, "owner, stay, void or mobile", [
    Leftover::ToOwner => "owner",
    Leftover::Stay => "stay",
    Leftover::Void => "void",
    Leftover::Mobile => "mobile",
]);
