//! A game of the registry ([`mancala_engine::GAMES`]) as a command-line
//! argument: its possible values, and their help, are the registry's.

use clap::ValueEnum;
use clap::builder::PossibleValue;
use mancala_engine::{GAMES, GameInfo};

/// A game named on the command line: one of [`GAMES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameArg(pub &'static GameInfo);

impl GameArg {
    /// The game's name.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The game named `name`, if the registry has it.
    pub fn named(name: &str) -> Option<GameArg> {
        mancala_engine::find_game(name).map(GameArg)
    }
}

/// Every game of the registry, in its order.
static ALL: [GameArg; GAMES.len()] = {
    let mut all = [GameArg(&GAMES[0]); GAMES.len()];
    let mut i = 0;
    while i < GAMES.len() {
        all[i] = GameArg(&GAMES[i]);
        i += 1;
    }
    all
};

impl ValueEnum for GameArg {
    fn value_variants<'a>() -> &'a [GameArg] {
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name).help(self.0.title))
    }
}

/// Why a `KEY=VALUE` option argument (`play --option`, the engine
/// protocol's `new`) is refused before the game reads it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionArgError {
    /// The argument has no `=`.
    #[error("--option takes KEY=VALUE, not `{0}`")]
    NoValue(String),
    /// Nothing (or only spaces) before the `=`.
    #[error("--option `{0}` has no key before `=`")]
    NoKey(String),
    /// Two arguments name the same key.
    #[error("--option `{0}` is given twice")]
    Twice(String),
    /// The value holds a space: an option's value is one word of the
    /// options text.
    #[error("--option `{0}`: a value is one word, as the options text writes it")]
    Spaced(String),
}

/// Reads one `KEY=VALUE` argument: the key and the value, spaces around
/// each dropped. Splits at the first `=`, so a value may hold `=`. The
/// value is the option's word as the game's options text writes it
/// (`5`, `forbid`, `+,-,x,:`): the game reads it, once.
///
/// # Errors
///
/// [`OptionArgError::NoValue`] without `=`, [`OptionArgError::NoKey`]
/// with nothing before it, [`OptionArgError::Spaced`] for a value of
/// several words.
///
/// # Examples
///
/// ```
/// use mancala_cli::game_arg::{OptionArgError, parse_option};
///
/// assert_eq!(parse_option("seeds=5"), Ok(("seeds".into(), "5".into())));
/// assert_eq!(parse_option("grand_slam = forbid"), Ok(("grand_slam".into(), "forbid".into())));
/// assert_eq!(parse_option("seeds"), Err(OptionArgError::NoValue("seeds".into())));
/// assert_eq!(parse_option("=5"), Err(OptionArgError::NoKey("=5".into())));
/// ```
pub fn parse_option(pair: &str) -> Result<(String, String), OptionArgError> {
    let (key, value) = pair
        .split_once('=')
        .ok_or_else(|| OptionArgError::NoValue(pair.to_string()))?;
    let (key, value) = (key.trim(), value.trim());
    if key.is_empty() {
        return Err(OptionArgError::NoKey(pair.to_string()));
    }
    if value.contains(char::is_whitespace) {
        return Err(OptionArgError::Spaced(pair.to_string()));
    }
    Ok((key.to_string(), value.to_string()))
}

/// Option pairs in the order given, a key at most once: what the edge
/// (`--option`, `new`'s words, a game's own words for play) reads, and the
/// registry's options text it becomes ([`OptionPairs::text`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionPairs(Vec<(String, String)>);

impl OptionPairs {
    /// Every `KEY=VALUE` argument of `pairs` ([`parse_option`] each).
    ///
    /// # Errors
    ///
    /// The first argument's [`OptionArgError`], or
    /// [`OptionArgError::Twice`] for a key given again.
    pub fn parse<S: AsRef<str>>(pairs: &[S]) -> Result<OptionPairs, OptionArgError> {
        let mut out = OptionPairs::default();
        for pair in pairs {
            let (key, value) = parse_option(pair.as_ref())?;
            if out.get(&key).is_some() {
                return Err(OptionArgError::Twice(key));
            }
            out.0.push((key, value));
        }
        Ok(out)
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `key` to `value`, in its place if given already, else last.
    pub fn set(&mut self, key: &str, value: &str) {
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value.to_string(),
            None => self.0.push((key.to_string(), value.to_string())),
        }
    }

    /// The pairs in order.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The options text the registry reads ([`AnyGame::new`]): `key=value`
    /// words joined by spaces.
    ///
    /// [`AnyGame::new`]: mancala_engine::AnyGame::new
    pub fn text(&self) -> String {
        let words: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
        words.join(" ")
    }
}
