//! Building blocks of the family's text notations: rule options as
//! `key=value` words, count lists, players, and their typed errors.
//!
//! Every game writes its rule options the same way: whitespace-separated
//! `key=value` words naming only the options that differ from the game's
//! default, list values separated by commas (`operators=+,-,x`). One
//! implementation of [`RuleOptions`] per game reads them, and everything that
//! takes options from text (notation, the conformance runner, command lines)
//! goes through it.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

pub use crate::canvas::Canvas;
use crate::history::SeenPosition;
pub use crate::pit::InvalidPit;
pub use crate::player::InvalidPlayer;
use crate::player::{MAX_PLAYERS, Player};

/// Why a text form could not be read: the first thing found wrong.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The text ended before this part.
    #[error("missing {0}")]
    Missing(&'static str),
    /// A part is not what it should be.
    #[error("{part}: `{text}` is not {expected}")]
    Invalid {
        /// The part being read.
        part: &'static str,
        /// What it should be.
        expected: &'static str,
        /// The text found.
        text: String,
    },
    /// Text was left over after the whole form was read.
    #[error("unexpected `{0}` at the end")]
    Trailing(String),
    /// A rule option was refused.
    #[error(transparent)]
    Option(#[from] OptionError),
}

impl NotationError {
    /// An [`Invalid`](NotationError::Invalid) error.
    pub fn invalid(part: &'static str, expected: &'static str, text: &str) -> NotationError {
        NotationError::Invalid {
            part,
            expected,
            text: text.to_string(),
        }
    }
}

/// Why a position's text could not be read: malformed text, or a well-formed
/// position that the game's checked setup refused (its error `E`). Every game
/// names its own as `ParseError = notation::ParseError<SetupError>`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError<E> {
    /// The text is malformed.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The text is well formed, but the position is impossible.
    #[error("impossible position: {0}")]
    Setup(#[source] E),
}

impl<E> From<OptionError> for ParseError<E> {
    fn from(e: OptionError) -> ParseError<E> {
        ParseError::Notation(e.into())
    }
}

/// Why a rule option given as text was refused.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// No option has this key.
    #[error("unknown option `{key}` (known: {known})")]
    UnknownKey {
        /// The key given.
        key: String,
        /// The keys this game knows, comma-separated.
        known: String,
    },
    /// The value does not fit the option.
    #[error("option `{key}`: `{value}` is not {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the option takes.
        expected: &'static str,
    },
    /// The same key was given twice.
    #[error("option `{0}` given twice")]
    Duplicate(String),
    /// A preset key came after other options, which it would undo.
    #[error("option `{0}` sets every option: give it first")]
    PresetNotFirst(String),
    /// A word is not of the form `key=value`.
    #[error("`{0}` is not of the form key=value")]
    NotKeyValue(String),
    /// A work budget in the text (`max_laps`, as earlier versions wrote
    /// it): the budget belongs to the program that reads a position
    /// ([`Budget`](crate::Budget)), so no text can set it.
    #[error(
        "`{0}` is not a rule: the work budget is set by the program that reads the position (a Budget), never by its text"
    )]
    BudgetInText(String),
}

impl OptionError {
    /// A [`BadValue`](OptionError::BadValue) error.
    pub fn bad_value(key: &str, value: &str, expected: &'static str) -> OptionError {
        OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected,
        }
    }

    /// An [`UnknownKey`](OptionError::UnknownKey) error listing `keys`
    /// ([`BudgetInText`](OptionError::BudgetInText) for `max_laps`).
    pub fn unknown_key(key: &str, keys: &[&str]) -> OptionError {
        if key == "max_laps" {
            return OptionError::BudgetInText(key.to_string());
        }
        OptionError::UnknownKey {
            key: key.to_string(),
            known: keys.join(", "),
        }
    }
}

/// A game's rule options, read and written as `key=value` text.
///
/// Implementations list their keys in [`KEYS`](RuleOptions::KEYS) in the
/// order they are applied: a key that resets others (a preset) comes first.
/// [`write_options`] writes, in that order, each key whose value differs from
/// what the keys before it gave, starting from `Default`; [`parse_options`]
/// applies words to `Default` in the order given. So every value round-trips.
pub trait RuleOptions: Sized + Clone + PartialEq + Default {
    /// Every key, in writing order.
    const KEYS: &'static [&'static str];

    /// A key that resets every option to a preset (such as `rules=kalah`);
    /// [`parse_options`] accepts it only as the first word, since it would
    /// silently undo the words before it.
    const PRESET: Option<&'static str> = None;

    /// One line of help on option `key`: what it decides and the values
    /// it takes (`None` for a key not in [`KEYS`](RuleOptions::KEYS)).
    fn help(key: &str) -> Option<&'static str>;

    /// Sets the option `key` from its text `value`.
    ///
    /// # Errors
    ///
    /// [`OptionError::UnknownKey`] or [`OptionError::BadValue`]. The options
    /// are unchanged on error. Values are checked one by one; a whole set of
    /// options may still be refused by the game's own check.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The text of option `key` as [`set`](RuleOptions::set) reads it, or
    /// `None` where the key does not apply to these options (an alias for
    /// another shape of board, say) or is unknown.
    fn value(&self, key: &str) -> Option<String>;
}

/// Writes the options that differ from the default as ` key=value` words
/// (each with a leading space), in [`RuleOptions::KEYS`] order.
///
/// # Errors
///
/// Only the formatter's.
pub fn write_options<T: RuleOptions>(f: &mut fmt::Formatter<'_>, options: &T) -> fmt::Result {
    let mut base = T::default();
    for key in T::KEYS {
        let Some(value) = options.value(key) else {
            continue;
        };
        if base.value(key).as_deref() != Some(value.as_str()) {
            write!(f, " {key}={value}")?;
            // The value came from `value`, so `set` reads it.
            let _ = base.set(key, &value);
        }
    }
    Ok(())
}

/// The options of `words` (`key=value` each) applied to the default, in the
/// order given.
///
/// # Errors
///
/// An [`OptionError`] for a word that is not `key=value`, a key given twice,
/// an unknown key or a bad value.
///
/// # Examples
///
/// ```
/// use mancala_core::{notation::parse_options, Rules};
///
/// let rules: Rules = parse_options("houses=4 seeds=3".split_whitespace())?;
/// assert_eq!(rules, Rules::oware().with_houses(4).with_seeds(3));
/// assert!(parse_options::<Rules>(["seeds=3", "seeds=4"]).is_err());
/// # Ok::<(), mancala_core::notation::OptionError>(())
/// ```
pub fn parse_options<'a, T: RuleOptions>(
    words: impl IntoIterator<Item = &'a str>,
) -> Result<T, OptionError> {
    let mut options = T::default();
    let mut seen: Vec<&str> = Vec::new();
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| OptionError::NotKeyValue(word.to_string()))?;
        if seen.contains(&key) {
            return Err(OptionError::Duplicate(key.to_string()));
        }
        if T::PRESET == Some(key) && !seen.is_empty() {
            return Err(OptionError::PresetNotFirst(key.to_string()));
        }
        seen.push(key);
        options.set(key, value)?;
    }
    Ok(options)
}

/// The options that differ from the default as `key=value` words separated
/// by spaces, in [`RuleOptions::KEYS`] order (empty for the default).
pub fn options_words<T: RuleOptions>(options: &T) -> String {
    struct Words<'a, T>(&'a T);
    impl<T: RuleOptions> fmt::Display for Words<'_, T> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_options(f, self.0)
        }
    }
    let words = alloc::format!("{}", Words(options));
    String::from(words.trim_start())
}

/// Implements `Display` (the options that differ from the default, as
/// `key=value` words: [`options_words`]) and `FromStr` (whitespace-separated
/// `key=value` words applied in the order given: [`parse_options`]) for a
/// [`RuleOptions`] type.
///
/// # Examples
///
/// ```
/// use mancala_core::Rules;
///
/// // Core's rules use it.
/// assert_eq!(Rules::oware().with_houses(4).to_string(), "houses=4");
/// assert_eq!("houses=4".parse::<Rules>(), Ok(Rules::oware().with_houses(4)));
/// ```
#[macro_export]
macro_rules! options_text {
    ($ty:ty) => {
        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(&$crate::notation::options_words(self))
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $crate::notation::OptionError;
            fn from_str(s: &str) -> ::core::result::Result<$ty, $crate::notation::OptionError> {
                $crate::notation::parse_options(s.split_whitespace())
            }
        }
    };
}

/// Reads an option's number.
///
/// # Errors
///
/// [`OptionError::BadValue`] if `value` is not a number of type `T`.
pub fn option_number<T: FromStr>(key: &str, value: &str) -> Result<T, OptionError> {
    if value.starts_with('+') {
        return Err(OptionError::bad_value(key, value, "a number"));
    }
    value
        .parse()
        .map_err(|_| OptionError::bad_value(key, value, "a number"))
}

/// Reads an option's `true` or `false`.
///
/// # Errors
///
/// [`OptionError::BadValue`] for anything else.
pub fn option_bool(key: &str, value: &str) -> Result<bool, OptionError> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::bad_value(key, value, "true or false")),
    }
}

/// An option's `true` or `false` as the options text writes it (what
/// [`option_bool`] reads).
///
/// # Examples
///
/// ```
/// use mancala_core::notation::{bool_value, option_bool};
///
/// assert_eq!(bool_value(true), "true");
/// assert_eq!(option_bool("pass", &bool_value(false)), Ok(false));
/// ```
pub fn bool_value(b: bool) -> String {
    String::from(if b { "true" } else { "false" })
}

/// A rule option whose values are a fixed list of words, such as
/// `grand_slam=no-capture`: the enum owns its words, read and written in one
/// place (game crates implement it for their own option enums with
/// [`option_words!`](crate::option_words)).
///
/// # Examples
///
/// ```
/// use mancala_core::rules::GrandSlam;
/// use mancala_core::notation::OptionWords;
///
/// assert_eq!(GrandSlam::NoCapture.word(), "no-capture");
/// assert_eq!(GrandSlam::from_word("grand_slam", "forbid"), Ok(GrandSlam::Forbid));
/// let error = GrandSlam::from_word("grand_slam", "never").unwrap_err();
/// assert_eq!(error.to_string(), "option `grand_slam`: `never` is not allow, no-capture or forbid");
/// ```
pub trait OptionWords: Sized + Copy + 'static {
    /// The words, in the order of the variants.
    const WORDS: &'static [&'static str];
    /// The words as an error message lists them (`"ccw or cw"`).
    const EXPECTED: &'static str;

    /// This value's word.
    fn word(self) -> &'static str;

    /// Reads option `key`'s `value`.
    ///
    /// # Errors
    ///
    /// [`OptionError::BadValue`] for a word not in [`WORDS`](Self::WORDS).
    fn from_word(key: &str, value: &str) -> Result<Self, OptionError>;
}

/// Implements [`OptionWords`] for an enum: its type, the words as an error
/// lists them, then each variant with its word.
///
/// # Examples
///
/// ```
/// use mancala_core::notation::OptionWords;
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Sowing { Left, Right }
/// mancala_core::option_words!(Sowing, "left or right", [Sowing::Left => "left", Sowing::Right => "right"]);
///
/// assert_eq!(Sowing::from_word("sowing", "right"), Ok(Sowing::Right));
/// assert_eq!(Sowing::Left.word(), "left");
/// assert_eq!(<Sowing as OptionWords>::WORDS, ["left", "right"]);
/// ```
#[macro_export]
macro_rules! option_words {
    ($ty:ty, $expected:literal, [$($variant:path => $word:literal),+ $(,)?]) => {
        impl $crate::notation::OptionWords for $ty {
            const WORDS: &'static [&'static str] = &[$($word),+];
            const EXPECTED: &'static str = $expected;

            fn word(self) -> &'static str {
                match self {
                    $($variant => $word,)+
                }
            }

            fn from_word(
                key: &str,
                value: &str,
            ) -> ::core::result::Result<Self, $crate::notation::OptionError> {
                match value {
                    $($word => Ok($variant),)+
                    _ => Err($crate::notation::OptionError::bad_value(key, value, $expected)),
                }
            }
        }
    };
}

/// Reads an option that is `none` or a count.
///
/// # Errors
///
/// [`OptionError::BadValue`] for anything else.
pub fn option_count_or_none(key: &str, value: &str) -> Result<Option<u16>, OptionError> {
    if value == "none" {
        return Ok(None);
    }
    option_number(key, value)
        .map(Some)
        .map_err(|_| OptionError::bad_value(key, value, "none or a number"))
}

/// An option's `none` or count as the options text writes it (what
/// [`option_count_or_none`] reads).
pub fn count_or_none_value(count: Option<u16>) -> String {
    count.map_or_else(|| String::from("none"), |n| n.to_string())
}

/// Reads an option whose value is one of `names`, returning its index.
///
/// # Errors
///
/// [`OptionError::BadValue`] for anything else.
pub fn option_choice(
    key: &str,
    value: &str,
    names: &[&str],
    expected: &'static str,
) -> Result<usize, OptionError> {
    names
        .iter()
        .position(|n| *n == value)
        .ok_or_else(|| OptionError::bad_value(key, value, expected))
}

/// Reads a list of counts separated by `sep` (no spaces), such as a row of
/// holes `4,4,0,3`.
///
/// # Errors
///
/// [`NotationError::Invalid`] if a count is missing or not a `u16`.
pub fn parse_counts(part: &'static str, text: &str, sep: char) -> Result<Vec<u16>, NotationError> {
    text.split(sep)
        .map(|c| {
            if c.is_empty() || !c.bytes().all(|b| b.is_ascii_digit()) {
                return Err(NotationError::invalid(part, "a list of counts", text));
            }
            c.parse()
                .map_err(|_| NotationError::invalid(part, "a list of counts", text))
        })
        .collect()
}

/// Reads a comma-separated list of 64-bit numbers (digits only, none
/// empty), such as points or honours: `12,0`.
///
/// # Errors
///
/// [`NotationError::Invalid`] naming `part` if a number is missing or not a
/// `u64`.
///
/// # Examples
///
/// ```
/// use mancala_core::notation::parse_numbers;
///
/// assert_eq!(parse_numbers("points", "12,0"), Ok(vec![12, 0]));
/// assert!(parse_numbers("points", "12,,0").is_err());
/// assert!(parse_numbers("points", "+1,0").is_err());
/// ```
pub fn parse_numbers(part: &'static str, text: &str) -> Result<Vec<u64>, NotationError> {
    let bad = || NotationError::invalid(part, "a list of numbers", text);
    text.split(',')
        .map(|n| {
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            n.parse().map_err(|_| bad())
        })
        .collect()
}

/// Writes counts separated by `sep`.
///
/// # Errors
///
/// Only the formatter's.
pub fn write_counts(f: &mut fmt::Formatter<'_>, counts: &[u16], sep: char) -> fmt::Result {
    for (i, c) in counts.iter().enumerate() {
        if i > 0 {
            write!(f, "{sep}")?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

/// Reads a player written as his index, `0` to `5`.
///
/// # Errors
///
/// [`NotationError::Invalid`] for anything else.
pub fn parse_player(part: &'static str, text: &str) -> Result<Player, NotationError> {
    match text.as_bytes() {
        [d @ b'0'..=b'9'] if usize::from(d - b'0') < MAX_PLAYERS => {
            Player::new(usize::from(d - b'0'))
                .ok_or_else(|| NotationError::invalid(part, "a player number", text))
        }
        _ => Err(NotationError::invalid(
            part,
            "a player number (0 to 5)",
            text,
        )),
    }
}

/// The next whitespace-separated word of a notation, or
/// [`NotationError::Missing`].
///
/// # Errors
///
/// [`NotationError::Missing`] naming `part` if the words are used up.
pub fn next_word<'a>(
    words: &mut impl Iterator<Item = &'a str>,
    part: &'static str,
) -> Result<&'a str, NotationError> {
    words.next().ok_or(NotationError::Missing(part))
}

/// Writes hole counts row by row: rows of `row_len` separated by `/`, counts
/// by `,` (`4,4,4/4,4,4`).
///
/// # Errors
///
/// Only the formatter's.
pub fn write_rows(f: &mut fmt::Formatter<'_>, holes: &[u16], row_len: usize) -> fmt::Result {
    for (i, row) in holes.chunks(row_len.max(1)).enumerate() {
        if i > 0 {
            f.write_str("/")?;
        }
        write_counts(f, row, ',')?;
    }
    Ok(())
}

/// Reads hole counts written by [`write_rows`], checking that every row
/// holds `row_len` counts.
///
/// # Errors
///
/// [`NotationError::Invalid`] for a malformed count or a row of another
/// length.
///
/// # Examples
///
/// ```
/// use mancala_core::notation::parse_rows;
///
/// assert_eq!(parse_rows("holes", "1,2/3,4", 2)?, [1, 2, 3, 4]);
/// assert!(parse_rows("holes", "1,2,3/4", 2).is_err());
/// # Ok::<(), mancala_core::notation::NotationError>(())
/// ```
pub fn parse_rows(
    part: &'static str,
    text: &str,
    row_len: usize,
) -> Result<Vec<u16>, NotationError> {
    let mut holes = Vec::new();
    for row in text.split('/') {
        let counts = parse_counts(part, row, ',')?;
        if counts.len() != row_len {
            return Err(NotationError::invalid(
                part,
                "rows of the board's length",
                text,
            ));
        }
        holes.extend(counts);
    }
    Ok(holes)
}

/// Writes a repetition history as one word, ` seen=HOLES:PLAYER|...` (with a
/// leading space), or nothing when it is empty.
///
/// # Errors
///
/// Only the formatter's.
pub fn write_seen(
    f: &mut fmt::Formatter<'_>,
    seen: &[SeenPosition],
    row_len: usize,
) -> fmt::Result {
    for (i, position) in seen.iter().enumerate() {
        f.write_str(if i == 0 { " seen=" } else { "|" })?;
        write_rows(f, &position.board, row_len)?;
        write!(f, ":{}", position.to_move.index())?;
    }
    Ok(())
}

/// Reads the word [`write_seen`] writes (`seen=` included), rows of
/// `row_len` counts.
///
/// # Errors
///
/// [`NotationError::Invalid`] for a malformed position.
///
/// # Examples
///
/// ```
/// use mancala_core::{notation::parse_seen, Player};
///
/// let seen = parse_seen("seen=1,2/3,4:1|2,2/2,4:0", 2)?;
/// assert_eq!(seen.len(), 2);
/// assert_eq!((seen[0].board.as_slice(), seen[0].to_move), (&[1, 2, 3, 4][..], Player::P1));
/// # Ok::<(), mancala_core::notation::NotationError>(())
/// ```
pub fn parse_seen(word: &str, row_len: usize) -> Result<Vec<SeenPosition>, NotationError> {
    let list = word
        .strip_prefix("seen=")
        .ok_or_else(|| NotationError::invalid("seen", "seen=HOLES:PLAYER|...", word))?;
    list.split('|')
        .map(|position| {
            let (holes, player) = position
                .split_once(':')
                .ok_or_else(|| NotationError::invalid("seen", "HOLES:PLAYER", position))?;
            Ok(SeenPosition {
                board: parse_rows("seen", holes, row_len)?,
                to_move: parse_player("seen", player)?,
            })
        })
        .collect()
}

/// The words of a game's position notation between its counts and its
/// options: the player to move, `over` if the game is over, and the
/// positions seen for the repetition rule (`seen=...`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TurnWords {
    /// The player to move.
    pub to_move: Player,
    /// Whether the word `over` followed.
    pub over: bool,
    /// The positions of the `seen=` word (none without it).
    pub history: Vec<SeenPosition>,
}

/// Reads `PLAYER [over] [seen=...]` from `words` ([`TurnWords`]), the
/// seen positions in rows of `row_len` holes, leaving the options.
///
/// # Errors
///
/// [`NotationError::Missing`] without a player, [`NotationError::Invalid`]
/// for a malformed player or seen list.
///
/// # Examples
///
/// ```
/// use mancala_core::{notation::parse_turn, Player};
///
/// let mut words = "1 over seen=1,2/3,4:0 seeds=4".split_whitespace().peekable();
/// let turn = parse_turn(&mut words, 2)?;
/// assert_eq!((turn.to_move, turn.over, turn.history.len()), (Player::P1, true, 1));
/// assert_eq!(words.next(), Some("seeds=4"));
/// # Ok::<(), mancala_core::notation::NotationError>(())
/// ```
pub fn parse_turn<'a, I: Iterator<Item = &'a str>>(
    words: &mut core::iter::Peekable<I>,
    row_len: usize,
) -> Result<TurnWords, NotationError> {
    let to_move = parse_player("player", next_word(words, "player")?)?;
    let over = words.next_if_eq(&"over").is_some();
    let history = match words.next_if(|w| w.starts_with("seen=")) {
        Some(word) => parse_seen(word, row_len)?,
        None => Vec::new(),
    };
    Ok(TurnWords {
        to_move,
        over,
        history,
    })
}

// The sower's option (its own `NAMES`, `name` and `from_option`
// predate the trait and say the same).
crate::option_words!(crate::sow::Endless, "forbid or stop", [
    crate::sow::Endless::Forbid => "forbid",
    crate::sow::Endless::Stop => "stop",
]);
