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

/// An options map (a trace's `options`, `--option` pairs) as the
/// registry's options text: `key=value` words, the values as the games'
/// option readers take them ([`crate::conformance::option_text`]).
///
/// # Errors
///
/// A message for a key or value holding whitespace (or a key holding
/// `=`), which the text could not keep as one word.
pub fn options_text(map: &serde_json::Map<String, serde_json::Value>) -> Result<String, String> {
    let mut words = Vec::new();
    for (key, value) in map {
        let value = crate::conformance::option_text(value);
        if key.contains(char::is_whitespace) || key.contains('=') {
            return Err(format!("option `{key}`: a key is one word without `=`"));
        }
        if value.contains(char::is_whitespace) {
            return Err(format!("option `{key}`: `{value}` holds a space"));
        }
        words.push(format!("{key}={value}"));
    }
    Ok(words.join(" "))
}
