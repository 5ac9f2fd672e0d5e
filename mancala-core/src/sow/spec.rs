//! What a sowing is asked to do: how a lap is sown ([`SowSpec`]) and by
//! whom ([`Sowing`]), when a
//! lap relays ([`RelayRule`], [`Relay`], [`SingleLap`]) and what to do with
//! relays that never end ([`Endless`]).

use crate::board::Board;
use crate::pit::Pit;
use crate::player::Player;
use crate::topology::{Direction, Topology};

/// How seeds are sown in a lap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct SowSpec {
    /// The direction seeds travel.
    pub direction: Direction,
    /// Every lap skips the hole that lap was lifted from (oware).
    pub skip_origin: bool,
    /// Sowing drops a seed into the mover's own store when passing it, never
    /// into another player's (Kalah; Chongka' and Chungcajon, whose stores
    /// sit on their owners' left:
    /// [`Layout::store_side`](crate::Layout::store_side)).
    pub into_own_store: bool,
    /// The first seed of a lap goes back into the hole it was lifted from,
    /// unless that hole held exactly one seed (Toguz Kumalak: a hole of
    /// nine seeds keeps one and sows eight on; a single seed moves to the
    /// next hole). The rest of the lap is sown as usual, so with
    /// [`skip_origin`](SowSpec::skip_origin) also set the origin keeps that
    /// first seed and is passed over on every later revolution. A missing
    /// field reads as `false` in serde.
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_into_origin: bool,
    /// A lap of a single seed drops it back into the hole it was lifted
    /// from: the lap ends there, and the board is as it was (Kapana Bona
    /// and Oure Ngat, with [`first_into_origin`](SowSpec::first_into_origin):
    /// Ludii's `sow origin:True`, whose first seed goes back into the
    /// origin whatever the count). A missing field reads as `false` in
    /// serde.
    #[cfg_attr(feature = "serde", serde(default))]
    pub single_into_origin: bool,
}

impl SowSpec {
    /// The seeds a lap of `seeds` drops back into its origin before sowing
    /// on: one under [`first_into_origin`](SowSpec::first_into_origin) when
    /// more than one seed was lifted, one under
    /// [`single_into_origin`](SowSpec::single_into_origin) when one was,
    /// else none.
    #[inline(always)]
    pub(super) const fn kept(self, seeds: u16) -> u16 {
        if seeds > 1 {
            self.first_into_origin as u16
        } else {
            self.single_into_origin as u16
        }
    }

    /// Whether a lap may drop seeds back into its origin
    /// ([`first_into_origin`](SowSpec::first_into_origin) or
    /// [`single_into_origin`](SowSpec::single_into_origin)): the sower's
    /// plain paths then count them.
    #[inline(always)]
    pub(crate) const fn keeps(self) -> bool {
        self.first_into_origin | self.single_into_origin
    }
}

/// One mover's laps: the board's shape, how a lap is sown, and who sows.
///
/// Its plain statement of a lap is [`lap`](Sowing::lap) (see
/// [`sow_reference`](crate::toolkit::sow_reference)); the sower's fast laps are
/// its private methods.
#[derive(Clone, Copy, Debug)]
pub struct Sowing<'a> {
    /// The board's shape.
    pub topology: &'a Topology,
    /// How each lap is sown.
    pub spec: SowSpec,
    /// The player sowing (whose store `spec.into_own_store` fills).
    pub mover: Player,
}

/// When a lap ends in a hole, whether its seeds are lifted for another lap.
///
/// The rule must be a pure function of the board and the landing hole: the
/// sower relies on it to detect endless relays exactly.
pub trait RelayRule {
    /// `true` if this rule never relays (the sower then skips all relay
    /// bookkeeping).
    const SINGLE_LAP: bool = false;

    /// Whether the lap that ended in `landing` (already sown into `board`)
    /// continues with a new lap lifted from `landing`.
    fn relays(&self, board: &Board, landing: Pit) -> bool;

    /// `Some(n)` if this rule is exactly "relay when the landing hole then
    /// holds at least `n` seeds": the sower then sows relays on the counts
    /// directly. `None` (the default) for any other rule.
    #[inline]
    fn threshold(&self) -> Option<u16> {
        None
    }
}

/// The relay rules that are plain data.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Pit, rules::Relay, toolkit::RelayRule};
///
/// let board = Board::from_counts(&[6, 5], &[]);
/// let relay = Relay::AtLeast(6); // Numercy
/// assert!(relay.relays(&board, Pit::new(0).unwrap()));
/// assert!(!relay.relays(&board, Pit::new(1).unwrap()));
/// assert!(!Relay::Never.relays(&board, Pit::new(0).unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Relay {
    /// One lap only.
    #[default]
    Never,
    /// Relay when the landing hole then holds at least this many seeds
    /// (Numercy: 6; Mankka: 4, i.e. neither empty before nor 2 or 3).
    AtLeast(u16),
}

impl RelayRule for Relay {
    #[inline]
    fn relays(&self, board: &Board, landing: Pit) -> bool {
        match *self {
            Relay::Never => false,
            Relay::AtLeast(n) => board.get(landing) >= n,
        }
    }

    #[inline]
    fn threshold(&self) -> Option<u16> {
        match *self {
            Relay::Never => None,
            Relay::AtLeast(n) => Some(n),
        }
    }
}

/// A relay rule that never relays, known at compile time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SingleLap;

impl RelayRule for SingleLap {
    const SINGLE_LAP: bool = true;
    #[inline]
    fn relays(&self, _board: &Board, _landing: Pit) -> bool {
        false
    }
}

impl<F: Fn(&Board, Pit) -> bool> RelayRule for F {
    fn relays(&self, board: &Board, landing: Pit) -> bool {
        self(board, landing)
    }
}

/// What to do with a move whose relays would never end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Endless {
    /// The move is not legal (the family's default: see
    /// [Endless relays](crate#endless-relays)).
    #[default]
    Forbid,
    /// The move ends at the first lap start that repeats, before lifting;
    /// it scores and captures nothing, and the turn passes with the board
    /// as the cycle left it.
    Stop,
}

impl Endless {
    /// The options text's values, in the order of the variants.
    pub const NAMES: [&'static str; 2] = ["forbid", "stop"];

    /// Its value in an options text (`endless=forbid`, `endless=stop`).
    pub const fn name(self) -> &'static str {
        match self {
            Endless::Forbid => Endless::NAMES[0],
            Endless::Stop => Endless::NAMES[1],
        }
    }

    /// Reads option `key`'s value `forbid` or `stop`.
    ///
    /// # Errors
    ///
    /// [`OptionError::BadValue`](crate::notation::OptionError::BadValue)
    /// for anything else.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::rules::Endless;
    ///
    /// assert_eq!(Endless::from_option("endless", "stop"), Ok(Endless::Stop));
    /// assert_eq!(Endless::Stop.name(), "stop");
    /// assert!(Endless::from_option("endless", "never").is_err());
    /// ```
    pub fn from_option(key: &str, value: &str) -> Result<Endless, crate::notation::OptionError> {
        match crate::notation::option_choice(key, value, &Endless::NAMES, "forbid or stop")? {
            0 => Ok(Endless::Forbid),
            _ => Ok(Endless::Stop),
        }
    }
}
