//! Mankka's variants and options, as data.

use mancala_core::{
    Capture, ChainLimit, CountSet, EndRules, Endless, Feeding, GrandSlam, Layout, Leftover, Relay,
    Rules, RulesError, SowSpec, Zone,
};

/// Mankka Two (the full game) or Mankka One (the simplified one).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Variant {
    /// Three seeds a hole and six in each player's hand, placed in the
    /// opening.
    #[default]
    Two,
    /// Four seeds a hole, no hand, no opening.
    One,
}

/// How far a capture chain runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Chain {
    /// Across both sides (the source: "captured ... on either side").
    #[default]
    Cross,
    /// Only on the side of the hole where the last seed fell.
    Side,
}

/// The rules of a game of Mankka (RULES.md, "Mankka").
///
/// # Examples
///
/// ```
/// use mankka::{Options, Variant};
///
/// let two = Options::two();
/// assert_eq!((two.seeds(), two.hand()), (3, 6));
/// let one = Options::one();
/// assert_eq!((one.seeds(), one.hand()), (4, 0));
/// assert_eq!(Options::default().variant, Variant::Two);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Options {
    /// Mankka Two or One.
    pub variant: Variant,
    /// With `early_end`: the game ends when at most this many seeds are left
    /// on the board after a sowing move (the source: 8).
    pub end_threshold: u16,
    /// The source's two early ends (the player to move has nothing; few
    /// seeds left). When off, a player who cannot move passes, and the game
    /// ends when neither can move or a position repeats.
    pub early_end: bool,
    /// Every lap skips the hole it was lifted from (not in the source).
    pub skip_origin: bool,
    /// How far capture chains run.
    pub chain: Chain,
    /// What to do with a move that relays forever.
    pub endless: Endless,
}

impl Default for Options {
    fn default() -> Options {
        Options::two()
    }
}

impl Options {
    /// Mankka Two: 3 seeds a hole, 6 in each hand, early ends at 8.
    pub const fn two() -> Options {
        Options {
            variant: Variant::Two,
            end_threshold: 8,
            early_end: true,
            skip_origin: false,
            chain: Chain::Cross,
            endless: Endless::Forbid,
        }
    }

    /// Mankka One: 4 seeds a hole, no hand, early ends at 8.
    pub const fn one() -> Options {
        let mut options = Options::two();
        options.variant = Variant::One;
        options
    }

    /// Seeds in each hole at the start.
    pub const fn seeds(&self) -> u16 {
        match self.variant {
            Variant::Two => 3,
            Variant::One => 4,
        }
    }

    /// Seeds in each player's hand at the start.
    pub const fn hand(&self) -> u16 {
        match self.variant {
            Variant::Two => 6,
            Variant::One => 0,
        }
    }

    /// The rules of the shared sowing engine for the sowing moves.
    pub const fn rules(&self) -> Rules {
        Rules {
            layout: Layout::two_rows(6),
            seeds: self.seeds(),
            sowing: SowSpec {
                direction: mancala_core::Direction::CounterClockwise,
                skip_origin: self.skip_origin,
                into_own_store: false,
            },
            // A lap relays from a hole that was not empty and now holds
            // neither 2 nor 3: 4 or more.
            relay: Relay::AtLeast(4),
            endless: self.endless,
            capture: Capture::Chain {
                zone: Zone::Any,
                counts: CountSet::TWO_OR_THREE,
                same_count: false,
                limit: match self.chain {
                    Chain::Cross => ChainLimit::Ring,
                    Chain::Side => ChainLimit::Row,
                },
            },
            grand_slam: GrandSlam::Allow,
            feeding: Feeding::Off,
            extra_turn: false,
            end: EndRules {
                majority: false,
                side_empty: false,
                repetition: !self.early_end,
                at_most_left: if self.early_end {
                    Some(self.end_threshold)
                } else {
                    None
                },
                pass: !self.early_end,
            },
            leftover: Leftover::Void,
        }
    }

    /// Checks the options.
    ///
    /// # Errors
    ///
    /// Never, for the options this type can hold; kept so that checks read
    /// alike across the workspace.
    pub fn check(&self) -> Result<(), RulesError> {
        self.rules().check().map(|_| ())
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Options {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Options {
            variant: u.arbitrary()?,
            end_threshold: u.int_in_range(0..=60)?,
            early_end: u.arbitrary()?,
            skip_origin: u.arbitrary()?,
            chain: u.arbitrary()?,
            endless: u.arbitrary()?,
        })
    }
}
