//! Numa's rule options, their check and their `key=value` text.

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{self, OptionError, RuleOptions, option_bool, option_number};

/// The largest target, and the score at which a sudden death ends drawn:
/// one thousand million (10^9).
///
/// Numbers from the outside (see
/// [`mancala_core`'s conventions](mancala_core#numbers-from-outside)):
/// scores are `u32` and must never saturate, and every game must be able to
/// end. A sudden death
/// (equal scores at or above the target) can in principle go on for ever,
/// each tied turn adding to both scores; a saturated tie could then never be
/// broken. So the target is at most `SCORE_LIMIT`, and a tie at or above it
/// ends the game drawn (the library's rule, beyond the source: the players
/// have tied for at least `SCORE_LIMIT - target` points of sudden death).
/// A live game's scores are then below `SCORE_LIMIT`, a turn adds at most 30,
/// and no score exceeds [`MAX_SCORE`](crate::MAX_SCORE), far below
/// `u32::MAX`.
pub const SCORE_LIMIT: u32 = 1_000_000_000;

/// Numa's options (see the crate's [Rules](crate#rules)): two keys, the same
/// in the text notation and in conformance traces.
///
/// Plain data: any value can be built, and [`Numa::new`](crate::Numa::new)
/// (or [`Numa::from_setup`](crate::Numa::from_setup)) checks it
/// ([`Options::check`]).
///
/// As text (through [`RuleOptions`], the one place options are read from
/// text) they are `key=value` words naming what differs from the source's
/// game:
///
/// | key | values | meaning |
/// | --- | --- | --- |
/// | `target` | a number from 1 to [`SCORE_LIMIT`] (default `30`) | the score that wins |
/// | `wrap_adjacency` | `true` (default), `false` | pieces touch across the board's edges |
///
/// # Examples
///
/// ```
/// use numa::{Options, RuleOptions};
///
/// let options = Options::standard();
/// assert_eq!((options.target, options.wrap_adjacency), (30, true));
/// assert_eq!(options.to_string(), "");
///
/// let mut short = Options::standard();
/// short.set("target", "10")?;
/// assert_eq!(short.to_string(), "target=10");
/// assert_eq!("target=10".parse::<Options>(), Ok(short));
/// assert!(short.set("target", "0").is_err());
/// # Ok::<(), numa::OptionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Options {
    /// The score that wins (the source: 30; at least 1 and at most
    /// [`SCORE_LIMIT`]). A tie at or above it plays on (until
    /// [`SCORE_LIMIT`], where it is a draw).
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

    /// Checks that these options make a game.
    ///
    /// # Errors
    ///
    /// [`OptionsError::ZeroTarget`] for a target of 0,
    /// [`OptionsError::TargetTooHigh`] for a target above [`SCORE_LIMIT`].
    pub const fn check(&self) -> Result<(), OptionsError> {
        if self.target == 0 {
            return Err(OptionsError::ZeroTarget);
        }
        if self.target > SCORE_LIMIT {
            return Err(OptionsError::TargetTooHigh(self.target));
        }
        Ok(())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::standard()
    }
}

/// Why [`Options`] make no game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// The target is 0 (a target must be at least 1).
    #[error("the target must be at least 1")]
    ZeroTarget,
    /// The target is above [`SCORE_LIMIT`].
    #[error("the target {0} is above the largest, {max}", max = SCORE_LIMIT)]
    TargetTooHigh(u32),
}

impl RuleOptions for Options {
    const KEYS: &'static [&'static str] = &["target", "wrap_adjacency"];

    fn help(key: &str) -> Option<&'static str> {
        Some(match key {
            "target" => {
                "the score that wins (a tie at or above it plays on); takes 1 to 1,000,000,000"
            }
            "wrap_adjacency" => {
                "pieces touch across the board's edges (a torus); takes `true`, `false`"
            }
            _ => return None,
        })
    }

    /// Sets `target` (a number from 1 to [`SCORE_LIMIT`]) or
    /// `wrap_adjacency` (`true` or `false`).
    ///
    /// # Errors
    ///
    /// [`OptionError::UnknownKey`] for another key,
    /// [`OptionError::BadValue`] for a value that is not a number from 1 to
    /// 1,000,000,000 (`target`) or not `true`/`false`. The options are
    /// unchanged on error.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "target" => {
                const EXPECTED: &str = "a number from 1 to 1000000000";
                let target: u32 = option_number(key, value)
                    .map_err(|_| OptionError::bad_value(key, value, EXPECTED))?;
                if target == 0 || target > SCORE_LIMIT {
                    return Err(OptionError::bad_value(key, value, EXPECTED));
                }
                self.target = target;
            }
            "wrap_adjacency" => self.wrap_adjacency = option_bool(key, value)?,
            _ => return Err(OptionError::unknown_key(key, Self::KEYS)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        match key {
            "target" => Some(self.target.to_string()),
            "wrap_adjacency" => Some(self.wrap_adjacency.to_string()),
            _ => None,
        }
    }
}

/// The options' `key=value` words after a space each (nothing for the
/// standard options), for the position notation.
pub(crate) struct OptionWords<'a>(pub(crate) &'a Options);

impl fmt::Display for OptionWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_options(f, self.0)
    }
}

/// The options that differ from the standard as `key=value` words separated
/// by spaces (empty for the standard game).
impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = OptionWords(self).to_string();
        f.write_str(words.trim_start())
    }
}

/// Reads whitespace-separated `key=value` words over the standard options.
impl FromStr for Options {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<Options, OptionError> {
        notation::parse_options(s.split_whitespace())
    }
}
