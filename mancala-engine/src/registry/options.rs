//! Options texts (`houses=4 seeds=3`): read over a game's preset, and
//! written back as words for messages.

use std::fmt;

use mancala_core::notation::{OptionError, RuleOptions};

use super::{GameInfo, MoveError, NewGameError};

/// Reads `options` over `base`: words `key=value`, each key once, only
/// the keys of `info`, applied in the order of the keys (so a key that
/// resets others, such as Robertson's `layout`, counts first wherever it is
/// written).
pub(super) fn read_options<T: RuleOptions>(
    info: &GameInfo,
    mut base: T,
    options: &str,
) -> Result<T, NewGameError> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for word in options.split_whitespace() {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| OptionError::NotKeyValue(word.to_string()))?;
        if T::PRESET == Some(key) {
            return Err(NewGameError::Preset(key.to_string()));
        }
        if !info.keys.contains(&key) {
            return Err(OptionError::unknown_key(key, info.keys).into());
        }
        if pairs.iter().any(|&(k, _)| k == key) {
            return Err(OptionError::Duplicate(key.to_string()).into());
        }
        pairs.push((key, value));
    }
    for key in T::KEYS {
        if let Some(&(_, value)) = pairs.iter().find(|(k, _)| k == key) {
            base.set(key, value)?;
        }
    }
    Ok(base)
}

/// Rules as words for a message: `the defaults`, or their words quoted
/// (`` `rules=kalah houses=4` ``).
fn rules_words(rules: &impl fmt::Display) -> String {
    let words = rules.to_string();
    let words = words.trim();
    if words.is_empty() {
        "the defaults".into()
    } else {
        format!("`{words}`")
    }
}

/// `Err` naming both rules unless they are equal.
pub(super) fn same_rules<T: PartialEq + fmt::Display>(
    position: &T,
    game: &T,
) -> Result<(), MoveError> {
    if position == game {
        Ok(())
    } else {
        Err(MoveError::RulesDiffer {
            position: rules_words(position),
            game: rules_words(game),
        })
    }
}

/// [`NewGameError::Refused`], for options the game refuses together.
pub(super) fn refused(e: impl fmt::Display) -> NewGameError {
    NewGameError::Refused(e.to_string())
}

/// The game `make` makes of `options` read over the defaults of its
/// options type (see [`read_options`]).
pub(super) fn start<T, G, E>(
    info: &GameInfo,
    options: &str,
    make: impl FnOnce(T) -> Result<G, E>,
) -> Result<G, NewGameError>
where
    T: mancala_core::notation::RuleOptions,
    E: fmt::Display,
{
    make(read_options(info, T::default(), options)?).map_err(refused)
}

/// Refuses any option word: for the games with no options (Toguz
/// Kumalak, the matches of rounds).
pub(super) fn no_options(options: &str) -> Result<(), NewGameError> {
    match options.split_whitespace().next() {
        Some(word) => {
            let key = word.split_once('=').map_or(word, |(k, _)| k);
            Err(OptionError::unknown_key(key, &[]).into())
        }
        None => Ok(()),
    }
}
