//! Mankka's variants and options, as data, and their `key=value` text.

use alloc::string::String;

use mancala_core::notation::{
    OptionError, RuleOptions, bool_value, option_bool, option_choice, option_number,
};
use mancala_core::{
    Layout, Rules, RulesError,
    rules::{
        Capture, ChainLimit, CountSet, EndRules, Endless, Feeding, GrandSlam, Leftover, Relay,
        SowSpec, Zone,
    },
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

/// Why options were refused.
///
/// No value of [`Options`] is refused today (every field's every value makes
/// valid sowing rules); the error exists so that checks read alike across
/// the workspace and options added later can be refused without changing
/// [`Mankka::new`](crate::Mankka::new)'s signature.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// The sowing rules the options make are invalid.
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
}

/// The rules of a game of Mankka: every option of the crate's
/// [Rules](crate#rules), with its default.
///
/// # Text
///
/// Options read and write as whitespace-separated `key=value` words (the
/// same keys as in conformance traces), naming only those that differ from
/// Mankka Two:
///
/// | key | values (default first) | meaning |
/// | --- | --- | --- |
/// | `variant` | `two`, `one` | Mankka Two (3 a hole, 6 in hand) or One (4 a hole, no hand) |
/// | `end_threshold` | `8`, a number | with `early_end`: the game ends when at most this many seeds are left after a sowing move |
/// | `early_end` | `true`, `false` | the source's two early ends; `false`: passes and the repetition rule |
/// | `skip_origin` | `false`, `true` | every lap skips the hole it was lifted from |
/// | `chain` | `cross`, `side` | capture chains run across both sides, or stay on the landing side |
/// | `endless` | `forbid`, `stop` | a move that relays forever is refused, or stopped |
///
/// # Examples
///
/// ```
/// use mankka::{Chain, Options, Variant};
///
/// let two = Options::two();
/// assert_eq!((two.seeds(), two.hand()), (3, 6));
/// let one = Options::one();
/// assert_eq!((one.seeds(), one.hand()), (4, 0));
/// assert_eq!(Options::default().variant, Variant::Two);
///
/// let mut options = Options::one();
/// options.chain = Chain::Side;
/// assert_eq!(options.to_string(), "variant=one chain=side");
/// assert_eq!("variant=one chain=side".parse::<Options>(), Ok(options));
/// assert_eq!(Options::two().to_string(), "");
/// assert!("chain=diagonal".parse::<Options>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
    /// Mankka Two.
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

    /// The rules of the shared sower for the sowing moves and
    /// passes.
    pub const fn rules(&self) -> Rules {
        Rules {
            layout: Layout::two_rows(6),
            seeds: self.seeds(),
            start: mancala_core::rules::Start::UNIFORM,
            first_moves: mancala_core::rules::FirstMoves::NONE,
            sowing: SowSpec {
                direction: mancala_core::rules::Direction::CounterClockwise,
                skip_origin: self.skip_origin,
                into_own_store: false,
                first_into_origin: false,
                single_into_origin: false,
            },
            // A lap relays from a hole that was not empty and now holds
            // neither 2 nor 3: 4 or more.
            sowable: mancala_core::rules::Sowable::ANY,
            relay_if: mancala_core::rules::RelayConditions::NONE,
            relay: Relay::AtLeast(4),
            endless: self.endless,
            capture: Capture::Chain {
                zone: Zone::Any,
                counts: CountSet::TWO_OR_THREE,
                same_count: false,
                opposites: false,
                limit: match self.chain {
                    Chain::Cross => ChainLimit::Ring,
                    Chain::Side => ChainLimit::Row,
                },
            },
            fallback_capture: mancala_core::rules::Capture::None,
            sweep: mancala_core::rules::Sweep::NONE,
            credit: mancala_core::rules::Credit::Mover,
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
                each_at_most: None,
                target: None,
                pass: !self.early_end,
            },
            leftover: Leftover::Void,
            verdict: mancala_core::rules::Verdict::Score,
        }
    }

    /// Checks the options.
    ///
    /// # Errors
    ///
    /// [`OptionsError::Rules`] if the sowing rules they make are invalid:
    /// only for a work budget of 0 laps.
    pub fn check(&self) -> Result<(), OptionsError> {
        self.rules().check()?;
        Ok(())
    }
}

const VARIANTS: [&str; 2] = ["two", "one"];
const CHAINS: [&str; 2] = ["cross", "side"];

impl RuleOptions for Options {
    const KEYS: &'static [&'static str] = &[
        "variant",
        "end_threshold",
        "early_end",
        "skip_origin",
        "chain",
        "endless",
    ];

    fn help(key: &str) -> Option<&'static str> {
        Some(match key {
            "variant" => {
                "Mankka Two (3 seeds a hole, 6 in each hand) or One (4 a hole, no hand); takes `two`, `one`"
            }
            "end_threshold" => {
                "with the early ends: end when at most this many seeds are left after a sowing move; takes a number"
            }
            "early_end" => {
                "the source's early ends (nothing to move; few seeds left), else pass and end on no move or repetition; takes `true`, `false`"
            }
            "skip_origin" => "every lap skips the hole it was lifted from; takes `true`, `false`",
            "chain" => {
                "how far capture chains run: across both sides, or only on the landing side; takes `cross`, `side`"
            }
            "endless" => "moves that relay forever; takes `forbid`, `stop`",
            _ => return None,
        })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "variant" => {
                self.variant = match option_choice(key, value, &VARIANTS, "two or one")? {
                    0 => Variant::Two,
                    _ => Variant::One,
                }
            }
            "end_threshold" => self.end_threshold = option_number(key, value)?,
            "early_end" => self.early_end = option_bool(key, value)?,
            "skip_origin" => self.skip_origin = option_bool(key, value)?,
            "chain" => {
                self.chain = match option_choice(key, value, &CHAINS, "cross or side")? {
                    0 => Chain::Cross,
                    _ => Chain::Side,
                }
            }
            "endless" => {
                self.endless = Endless::from_option(key, value)?;
            }
            _ => return Err(OptionError::unknown_key(key, Self::KEYS)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        Some(match key {
            "variant" => match self.variant {
                Variant::Two => VARIANTS[0].into(),
                Variant::One => VARIANTS[1].into(),
            },
            "end_threshold" => alloc::format!("{}", self.end_threshold),
            "early_end" => bool_value(self.early_end),
            "skip_origin" => bool_value(self.skip_origin),
            "chain" => match self.chain {
                Chain::Cross => CHAINS[0].into(),
                Chain::Side => CHAINS[1].into(),
            },
            "endless" => self.endless.name().into(),
            _ => return None,
        })
    }
}

// The options that differ from Mankka Two, as `key=value` words separated
// by spaces (empty for Mankka Two).
mancala_core::options_text!(Options);

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
