//! Numercy's rule options, as data, with presets, and their `key=value`
//! text form.

use alloc::string::String;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use mancala_core::notation::{
    self, OptionError, RuleOptions, bool_value, option_bool, option_choice,
};
use mancala_core::rules::{Endless, MAX_SEEDS};

use crate::{DivideByZero, Operator, Rounding};

/// The largest number of holes in a row.
pub const MAX_HOLES_PER_ROW: usize = 13;
/// The smallest number of holes in a row.
pub const MIN_HOLES_PER_ROW: usize = 2;

/// The default operator row, cycled from player 0's left: `+ - x :`.
const CYCLE: [Operator; 4] = [
    Operator::Add,
    Operator::Subtract,
    Operator::Multiply,
    Operator::Divide,
];

const fn cycled_row() -> [Operator; MAX_HOLES_PER_ROW] {
    let mut row = [Operator::Add; MAX_HOLES_PER_ROW];
    let mut i = 0;
    while i < MAX_HOLES_PER_ROW {
        row[i] = CYCLE[i % 4];
        i += 1;
    }
    row
}

/// The rules of a game of Numercy: every option of the crate's
/// [Rules](crate#rules), with its default.
///
/// A `Copy` value with public fields; [`Options::check`] (called by every
/// constructor of [`Numercy`](crate::Numercy)) refuses invalid ones.
///
/// Two options are equal when they play the same game: the entries of
/// [`row`](Options::row) beyond the board's files are ignored, by `==` and
/// by `Hash` alike.
///
/// As text (`Display`/`FromStr`, and [`RuleOptions`] key by key) options are
/// the `key=value` words that differ from the classic game, `holes` before
/// `operators`:
///
/// | key | values (default first) | meaning |
/// | --- | --- | --- |
/// | `holes` | `7`, 2 to 13 | holes in each row (the operator row stays `+ - x :` cycled unless `operators` is given) |
/// | `seeds` | `7`, at least 1 | balls in each hole at the start |
/// | `operators` | `+,-,x,:,+,-,x`: one of `+ - x : ^` per file, comma-separated | the operator row from player 0's left; one per file of the board set so far |
/// | `relay_at` | `6`, at least 2 | a lap relays from a hole its last ball makes hold this many |
/// | `skip_origin` | `false`, `true` | every lap skips the hole it was lifted from |
/// | `rounding` | `nearest`, `down`, `up` | how divisions are rounded |
/// | `divide_by_zero` | `zero`, `max` | what a division by zero scores |
/// | `endless` | `forbid`, `stop` | moves that relay forever |
/// | `repetition` | `false`, `true` | a repeated position ends the game |
///
/// ```
/// use numercy::{Operator, Options, Rounding};
///
/// let options: Options = "holes=4 operators=x,^,:,- rounding=up".parse()?;
/// assert_eq!(options.holes, 4);
/// assert_eq!(options.operators(), &[Operator::Multiply, Operator::Power, Operator::Divide, Operator::Subtract]);
/// assert_eq!(options.rounding, Rounding::Up);
/// assert_eq!(options.to_string(), "holes=4 operators=x,^,:,- rounding=up");
/// assert_eq!(Options::classic().to_string(), "");
/// // Changing the board keeps the cycled row: no `operators` word.
/// assert_eq!(Options::board(6).to_string(), "holes=6 seeds=6");
/// assert!("operators=+,-".parse::<Options>().is_err()); // 2 operators, 7 files
/// # Ok::<(), mancala_core::notation::OptionError>(())
/// ```
///
/// # Examples
///
/// ```
/// use numercy::{Operator, Options};
///
/// // The classic 2x7 board: 7 balls a hole, `+ - x : + - x`.
/// let classic = Options::classic();
/// assert_eq!(classic.operators().iter().map(|o| o.symbol()).collect::<String>(), "+-x:+-x");
///
/// // A 2x6 board with 6 balls, and a teacher's drill: multiplication only.
/// let drill = Options::board(6).drill(Operator::Multiply);
/// assert_eq!(drill.operators(), &[Operator::Multiply; 6]);
///
/// // A row of the wrong length is a typed error.
/// assert!(Options::classic().with_operators(&[Operator::Add; 3]).is_err());
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Options {
    /// Holes in each row, `2..=13`.
    pub holes: u8,
    /// Balls in each hole at the start, at least 1.
    pub seeds: u16,
    /// The operator of each file from player 0's left; entries from `holes`
    /// on are ignored.
    pub row: [Operator; MAX_HOLES_PER_ROW],
    /// A lap whose last ball makes a hole hold at least this many relays from
    /// it (the source: 6). At least 2.
    pub relay_at: u16,
    /// Every lap skips the hole it was lifted from (not in the source).
    pub skip_origin: bool,
    /// How divisions are rounded.
    pub rounding: Rounding,
    /// What a division by zero scores.
    pub divide_by_zero: DivideByZero,
    /// What to do with a move that relays forever.
    pub endless: Endless,
    /// End the game when a position (board and player to move) repeats one
    /// seen since balls last left the board, the start counting as seen;
    /// each player then adds his leftover balls, as at any end.
    ///
    /// Not in the source, and off by default: without it a game can go on
    /// forever (on 2x2 `[1, 0 | 1, 0]`, South 0, North 2, South 1, North 3
    /// score nothing and return to the start). Turn it on where every game
    /// must end (tournaments, AI playouts). Points are not part of the
    /// position compared.
    pub repetition: bool,
}

impl Default for Options {
    /// The classic game ([`Options::classic`]).
    fn default() -> Options {
        Options::classic()
    }
}

impl Options {
    /// Everything that decides the game, the operators of the board's files
    /// only.
    #[allow(clippy::type_complexity)]
    fn played(
        &self,
    ) -> (
        u8,
        u16,
        &[Operator],
        u16,
        bool,
        Rounding,
        DivideByZero,
        Endless,
        bool,
    ) {
        (
            self.holes,
            self.seeds,
            self.operators(),
            self.relay_at,
            self.skip_origin,
            self.rounding,
            self.divide_by_zero,
            self.endless,
            self.repetition,
        )
    }
}

/// Equal when they play the same game: the entries of [`Options::row`]
/// beyond the board's files do not count.
impl PartialEq for Options {
    fn eq(&self, other: &Options) -> bool {
        self.played() == other.played()
    }
}

impl Eq for Options {}

/// Hashes what `==` compares.
impl Hash for Options {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.played().hash(state);
    }
}

impl Options {
    /// The classic game: 2x7, 7 balls a hole, operators `+ - x : + - x`,
    /// relays at 6, origin not skipped, divisions rounded to nearest (halves
    /// up), division by zero scoring 0, endless moves illegal.
    pub const fn classic() -> Options {
        Options {
            holes: 7,
            seeds: 7,
            row: cycled_row(),
            relay_at: 6,
            skip_origin: false,
            rounding: Rounding::Nearest,
            divide_by_zero: DivideByZero::Zero,
            endless: Endless::Forbid,
            repetition: false,
        }
    }

    /// A 2x`n` board with `n` balls a hole (the source's smaller boards: 2x6
    /// with 6), operators `+ - x :` cycled from the left.
    pub const fn board(n: u8) -> Options {
        let mut options = Options::classic();
        options.holes = n;
        options.seeds = n as u16;
        options
    }

    /// These options with `seeds` balls a hole.
    #[must_use]
    pub const fn with_seeds(mut self, seeds: u16) -> Options {
        self.seeds = seeds;
        self
    }

    /// These options with `holes` holes a row, keeping the operator row
    /// (cycled `+ - x :` unless set otherwise).
    #[must_use]
    pub const fn with_holes(mut self, holes: u8) -> Options {
        self.holes = holes;
        self
    }

    /// A teacher's drill: the same operator in every file.
    #[must_use]
    pub const fn drill(mut self, operator: Operator) -> Options {
        self.row = [operator; MAX_HOLES_PER_ROW];
        self
    }

    /// These options with one operator a file, from player 0's left.
    ///
    /// # Errors
    ///
    /// [`OptionsError::RowLength`] unless `row` has one operator for each of
    /// the `holes` files.
    pub fn with_operators(mut self, row: &[Operator]) -> Result<Options, OptionsError> {
        if row.len() != usize::from(self.holes) || row.len() > MAX_HOLES_PER_ROW {
            return Err(OptionsError::RowLength {
                files: self.holes,
                operators: row.len(),
            });
        }
        self.row[..row.len()].copy_from_slice(row);
        Ok(self)
    }

    /// An operator row drawn from `seed`, each file independently and
    /// uniformly from `pool` (all five operators if `pool` is empty).
    ///
    /// The draw is deterministic and documented, so the same seed gives the
    /// same row on every platform and in every version: a SplitMix64 stream
    /// started at `seed`; file `f` (from player 0's left, for all 13 files)
    /// takes the `f`-th output `x` and uses `pool[(x >> 32) % pool.len()]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use numercy::{Operator, Options};
    ///
    /// let a = Options::classic().random_row(42, &[]);
    /// assert_eq!(a, Options::classic().random_row(42, &[]));
    /// let basic = [Operator::Add, Operator::Subtract, Operator::Multiply, Operator::Divide];
    /// let b = Options::classic().random_row(7, &basic);
    /// assert!(b.operators().iter().all(|op| basic.contains(op)));
    /// ```
    #[must_use]
    pub fn random_row(mut self, seed: u64, pool: &[Operator]) -> Options {
        let pool = if pool.is_empty() {
            &Operator::ALL[..]
        } else {
            pool
        };
        let mut state = seed;
        for slot in &mut self.row {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            *slot = pool[((z >> 32) % pool.len() as u64) as usize];
        }
        self
    }

    /// The operators of the board's files, from player 0's left.
    pub fn operators(&self) -> &[Operator] {
        &self.row[..usize::from(self.holes).min(MAX_HOLES_PER_ROW)]
    }

    /// Checks the options.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] for a board outside 2x2 to 2x13, no balls, more
    /// balls than a board can hold, a relay threshold below 2, or a work
    /// budget of 0 laps.
    pub fn check(&self) -> Result<(), OptionsError> {
        let holes = usize::from(self.holes);
        if !(MIN_HOLES_PER_ROW..=MAX_HOLES_PER_ROW).contains(&holes) {
            return Err(OptionsError::Holes(self.holes));
        }
        if self.seeds == 0 {
            return Err(OptionsError::NoBalls);
        }
        let total = 2 * holes as u64 * u64::from(self.seeds);
        if total > u64::from(MAX_SEEDS) {
            return Err(OptionsError::TooManyBalls(total));
        }
        if self.relay_at < 2 {
            return Err(OptionsError::RelayAt(self.relay_at));
        }
        Ok(())
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Options {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        // Mostly valid options, so that fuzzing reaches play; some invalid.
        let mut row = [Operator::Add; MAX_HOLES_PER_ROW];
        for slot in &mut row {
            *slot = u.arbitrary()?;
        }
        let relay_at = u.int_in_range(1..=9)?;
        let seeds = u.int_in_range(0..=16)?;
        Ok(Options {
            holes: u.int_in_range(1..=14)?,
            seeds,
            row,
            relay_at,
            skip_origin: u.arbitrary()?,
            rounding: u.arbitrary()?,
            divide_by_zero: u.arbitrary()?,
            endless: u.arbitrary()?,
            repetition: u.arbitrary()?,
        })
    }
}

/// Why [`Options`] are refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// A row holds 2 to 13 holes.
    #[error("a row holds 2 to 13 holes, not {0}")]
    Holes(u8),
    /// Holes start with at least one ball.
    #[error("holes must start with at least one ball")]
    NoBalls,
    /// More balls than a board can hold.
    #[error("{0} balls in all is more than the {max} supported", max = MAX_SEEDS)]
    TooManyBalls(u64),
    /// The operator row must have one operator a file.
    #[error("{operators} operators given for {files} files")]
    RowLength {
        /// Files of the board.
        files: u8,
        /// Operators given.
        operators: usize,
    },
    /// A relay threshold below 2 would relay from every hole forever.
    #[error("the relay threshold must be at least 2, not {0}")]
    RelayAt(u16),
    /// The start position has a move the work budget cannot decide.
    #[error("the start position cannot be decided: {0}")]
    Undecided(mancala_core::budget::Undecided),
}

const ROUNDINGS: [&str; 3] = ["nearest", "down", "up"];
const DIVISIONS_BY_ZERO: [&str; 2] = ["zero", "max"];

/// Reads a number of at least `min` (and at most `max`).
fn ranged<T: FromStr + PartialOrd>(
    key: &str,
    value: &str,
    min: T,
    max: T,
    expected: &'static str,
) -> Result<T, OptionError> {
    let n: T = notation::option_number(key, value)
        .map_err(|_| OptionError::bad_value(key, value, expected))?;
    if n < min || n > max {
        return Err(OptionError::bad_value(key, value, expected));
    }
    Ok(n)
}

/// Numercy's option keys (the same in the text notation and in conformance
/// traces), `holes` before `operators` (the operator row has one operator
/// per file of the board set so far); see the table on [`Options`].
impl RuleOptions for Options {
    const KEYS: &'static [&'static str] = &[
        "holes",
        "seeds",
        "operators",
        "relay_at",
        "skip_origin",
        "rounding",
        "divide_by_zero",
        "endless",
        "repetition",
    ];

    fn help(key: &str) -> Option<&'static str> {
        Some(match key {
            "holes" => "holes in each row; takes 2 to 13",
            "seeds" => "balls in each hole at the start; takes a number, at least 1",
            "operators" => {
                "the operator of each file from South's left; takes one of `+ - x : ^` a file, comma-separated (`+,-,x,:`)"
            }
            "relay_at" => {
                "a last ball that makes a hole hold at least this many relays from it; takes a number, at least 2"
            }
            "skip_origin" => "every lap skips the hole it was lifted from; takes `true`, `false`",
            "rounding" => "how divisions are rounded; takes `nearest` (halves up), `down`, `up`",
            "divide_by_zero" => {
                "what a division by an empty hole scores; takes `zero`, `max` (the larger count)"
            }
            "endless" => "moves that relay forever; takes `forbid`, `stop`",
            "repetition" => {
                "end when a position repeats (the leftover balls then added); takes `true`, `false`"
            }
            _ => return None,
        })
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "holes" => {
                self.holes = ranged(
                    key,
                    value,
                    MIN_HOLES_PER_ROW as u8,
                    MAX_HOLES_PER_ROW as u8,
                    "a number from 2 to 13",
                )?;
            }
            "seeds" => self.seeds = ranged(key, value, 1, u16::MAX, "a number from 1 to 65535")?,
            "operators" => {
                const EXPECTED: &str = "one operator (+ - x : ^) per file, comma-separated";
                let files = usize::from(self.holes);
                let mut row = self.row;
                let mut count = 0;
                for symbol in value.split(',') {
                    let op: Operator = symbol
                        .parse()
                        .map_err(|_| OptionError::bad_value(key, value, EXPECTED))?;
                    if count >= files || count >= MAX_HOLES_PER_ROW {
                        return Err(OptionError::bad_value(key, value, EXPECTED));
                    }
                    row[count] = op;
                    count += 1;
                }
                if count != files {
                    return Err(OptionError::bad_value(key, value, EXPECTED));
                }
                self.row = row;
            }
            "relay_at" => {
                self.relay_at = ranged(key, value, 2, u16::MAX, "a number from 2 to 65535")?;
            }
            "skip_origin" => self.skip_origin = option_bool(key, value)?,
            "rounding" => {
                self.rounding = match option_choice(key, value, &ROUNDINGS, "nearest, down or up")?
                {
                    0 => Rounding::Nearest,
                    1 => Rounding::Down,
                    _ => Rounding::Up,
                };
            }
            "divide_by_zero" => {
                self.divide_by_zero =
                    match option_choice(key, value, &DIVISIONS_BY_ZERO, "zero or max")? {
                        0 => DivideByZero::Zero,
                        _ => DivideByZero::Max,
                    };
            }
            "endless" => {
                self.endless = Endless::from_option(key, value)?;
            }
            "repetition" => self.repetition = option_bool(key, value)?,
            _ => return Err(OptionError::unknown_key(key, Self::KEYS)),
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Option<String> {
        use alloc::string::ToString;
        Some(match key {
            "holes" => self.holes.to_string(),
            "seeds" => self.seeds.to_string(),
            "operators" => {
                let mut text = String::new();
                for (i, op) in self.operators().iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    text.push(op.symbol());
                }
                text
            }
            "relay_at" => self.relay_at.to_string(),
            "skip_origin" => bool_value(self.skip_origin),
            "rounding" => String::from(match self.rounding {
                Rounding::Nearest => ROUNDINGS[0],
                Rounding::Down => ROUNDINGS[1],
                Rounding::Up => ROUNDINGS[2],
            }),
            "divide_by_zero" => String::from(match self.divide_by_zero {
                DivideByZero::Zero => DIVISIONS_BY_ZERO[0],
                DivideByZero::Max => DIVISIONS_BY_ZERO[1],
            }),
            "endless" => String::from(self.endless.name()),
            "repetition" => bool_value(self.repetition),
            _ => return None,
        })
    }
}

// The options as `key=value` words over the classic game's, in
// [`RuleOptions::KEYS`] order (empty for the classic game).
mancala_core::options_text!(Options);
