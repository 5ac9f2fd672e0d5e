//! Why a game of the sowing family ended ([`End`]), as the turn settling
//! that ended it recorded it, and the compact record a state keeps of it.

use crate::player::Player;

/// The end condition that ended a game of the sowing family
/// ([`Mancala::end`](crate::Mancala::end), and the games built on it), with
/// the figures it was judged on.
///
/// A [`Mancala`](crate::Mancala) applies its end conditions
/// ([`EndRules`](crate::rules::EndRules)) after every move, in a fixed
/// order: a repetition, a majority, a store at the target, an empty side,
/// few seeds left, every hole nearly empty, and last the player to move
/// having no legal move. The
/// first that holds ends the game and is recorded, before the seeds left
/// are swept to their owners ([`Leftover`](crate::rules::Leftover)): the
/// figures are those of the board the last move left.
///
/// # Examples
///
/// ```
/// use mancala_core::{End, Game, Mancala, Move, Pit, Player, Rules, Setup};
///
/// // Kalah ends as soon as a side is empty: South sows his last seed into
/// // his store.
/// let mut setup = Setup::new(Rules::kalah());
/// setup.board = vec![0, 0, 0, 0, 0, 1, 3, 3, 3, 3, 3, 3];
/// setup.stores = vec![20, 9];
/// let mut game = Mancala::from_setup(setup)?;
/// assert_eq!(game.end(), None);
/// game.play(Move::Sow(Pit::new(5).unwrap()))?;
/// assert_eq!(game.end(), Some(End::SideEmpty(Player::P0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum End {
    /// A store holds more than half of all seeds (`Some` of its owner), or
    /// two stores exactly half each (`None`); oware
    /// ([`EndRules::majority`](crate::rules::EndRules::majority)).
    Majority {
        /// The player with more than half, if one has.
        player: Option<Player>,
        /// His seeds (or each one's half), before the seeds left were
        /// swept.
        seeds: u32,
        /// All seeds.
        total: u32,
    },
    /// The position (holes and player to move) repeats one seen since seeds
    /// last left the holes
    /// ([`EndRules::repetition`](crate::rules::EndRules::repetition)).
    Repetition,
    /// Some player's holes are all empty (Kalah), whoever is to move
    /// ([`EndRules::side_empty`](crate::rules::EndRules::side_empty)): the
    /// first such player in turn order.
    SideEmpty(Player),
    /// At most `most` seeds are left after a sowing move (Mankka's early
    /// end, [`EndRules::at_most_left`](crate::rules::EndRules::at_most_left)).
    FewLeft {
        /// Seeds left on the board.
        left: u32,
        /// The threshold.
        most: u16,
    },
    /// Every hole holds at most `most` seeds (Awari,
    /// [`EndRules::each_at_most`](crate::rules::EndRules::each_at_most)).
    EachAtMost {
        /// The threshold.
        most: u16,
    },
    /// The player to move cannot move (and the rules do not let him pass).
    NoMove {
        /// He.
        player: Player,
        /// Whether he has seeds (all his moves being illegal) or none.
        has_seeds: bool,
        /// Whether he has seeds but no hole with enough to be sown
        /// ([`Rules::sowable`](crate::Rules::sowable): I, Kay).
        too_few: bool,
        /// The player he must feed, who has no seeds, if feeding
        /// ([`Rules::feeding`](crate::Rules::feeding)) is on.
        unfed: Option<Player>,
    },
    /// No player can move (rules where a player who cannot move passes,
    /// [`EndRules::pass`](crate::rules::EndRules::pass)).
    NobodyCanMove,
    /// A store holds at least the target
    /// ([`EndRules::target`](crate::rules::EndRules::target): Uril).
    Target {
        /// Its owner (the first in turn order, should two).
        player: Player,
        /// The seeds in his store.
        seeds: u32,
    },
}

/// Which condition a [`Recorded`] end holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
enum Kind {
    /// None recorded: the game goes on, or it was set up as over.
    #[default]
    Unknown,
    Majority,
    Repetition,
    SideEmpty,
    FewLeft,
    EachAtMost,
    NoMove,
    NobodyCanMove,
    Target,
}

/// [`End::Majority`] names a player.
const ONE: u8 = 1;
/// [`End::NoMove`]'s `has_seeds`.
const HAS_SEEDS: u8 = 2;
/// [`End::NoMove`]'s `too_few`.
const TOO_FEW: u8 = 4;
/// [`End::NoMove`] names an unfed player.
const UNFED: u8 = 8;

/// How a state's game ended, in five bytes (the room a state has to spare:
/// a state grows by none), written only when a game ends: an [`End`] less
/// the figures that stay as they were in the finished state (all seeds,
/// the thresholds of the rules).
///
/// It records how play reached the state, not the position: equality and
/// hashing ignore it (as they ignore the work budget), so that a finished
/// state equals the one its setup rebuilds, whose end is not known.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Recorded {
    kind: Kind,
    player: Player,
    flags: u8,
    /// A count (seeds of a majority, seeds left, a threshold, the unfed
    /// player's index), little-endian bytes: the record stays
    /// byte-aligned.
    count: [u8; 2],
}

crate::uncompared!(Recorded);

impl Recorded {
    /// Nothing recorded.
    pub(crate) const UNKNOWN: Recorded = Recorded::of(Kind::Unknown);

    /// [`End::Repetition`].
    pub(crate) const REPETITION: Recorded = Recorded::of(Kind::Repetition);

    /// [`End::NobodyCanMove`].
    pub(crate) const NOBODY_CAN_MOVE: Recorded = Recorded::of(Kind::NobodyCanMove);

    const fn of(kind: Kind) -> Recorded {
        Recorded {
            kind,
            player: Player::P0,
            flags: 0,
            count: [0; 2],
        }
    }

    /// [`End::Majority`]: `player`'s `seeds` (each one's half if `None`).
    pub(crate) fn majority(player: Option<Player>, seeds: u16) -> Recorded {
        Recorded {
            player: player.unwrap_or_default(),
            flags: if player.is_some() { ONE } else { 0 },
            count: seeds.to_le_bytes(),
            ..Recorded::of(Kind::Majority)
        }
    }

    /// [`End::SideEmpty`].
    pub(crate) fn side_empty(player: Player) -> Recorded {
        Recorded {
            player,
            ..Recorded::of(Kind::SideEmpty)
        }
    }

    /// [`End::FewLeft`], `left` seeds left (at most the threshold, a
    /// `u16`).
    pub(crate) fn few_left(left: u16) -> Recorded {
        Recorded {
            count: left.to_le_bytes(),
            ..Recorded::of(Kind::FewLeft)
        }
    }

    /// [`End::EachAtMost`].
    pub(crate) fn each_at_most(most: u16) -> Recorded {
        Recorded {
            count: most.to_le_bytes(),
            ..Recorded::of(Kind::EachAtMost)
        }
    }

    /// [`End::Target`]: `player`'s store of `seeds`.
    pub(crate) fn target(player: Player, seeds: u16) -> Recorded {
        Recorded {
            player,
            count: seeds.to_le_bytes(),
            ..Recorded::of(Kind::Target)
        }
    }

    /// [`End::NoMove`].
    pub(crate) fn no_move(
        player: Player,
        has_seeds: bool,
        too_few: bool,
        unfed: Option<Player>,
    ) -> Recorded {
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        Recorded {
            player,
            count: unfed.map_or(0, |p| p.index() as u16).to_le_bytes(),
            flags: flag(has_seeds, HAS_SEEDS)
                | flag(too_few, TOO_FEW)
                | flag(unfed.is_some(), UNFED),
            ..Recorded::of(Kind::NoMove)
        }
    }

    /// The end recorded, `None` if none was; `total` is all seeds and
    /// `at_most_left` the threshold of [`End::FewLeft`], as they stay once
    /// the game is over.
    pub(crate) fn end(self, total: u32, at_most_left: Option<u16>) -> Option<End> {
        let count = u16::from_le_bytes(self.count);
        let has = |bit: u8| self.flags & bit != 0;
        Some(match self.kind {
            Kind::Unknown => return None,
            Kind::Majority => End::Majority {
                player: has(ONE).then_some(self.player),
                seeds: u32::from(count),
                total,
            },
            Kind::Repetition => End::Repetition,
            Kind::SideEmpty => End::SideEmpty(self.player),
            Kind::FewLeft => End::FewLeft {
                left: u32::from(count),
                most: at_most_left.unwrap_or(count),
            },
            Kind::EachAtMost => End::EachAtMost { most: count },
            Kind::NoMove => End::NoMove {
                player: self.player,
                has_seeds: has(HAS_SEEDS),
                too_few: has(TOO_FEW),
                unfed: Player::new(usize::from(count)).filter(|_| has(UNFED)),
            },
            Kind::NobodyCanMove => End::NobodyCanMove,
            Kind::Target => End::Target {
                player: self.player,
                seeds: u32::from(count),
            },
        })
    }
}
