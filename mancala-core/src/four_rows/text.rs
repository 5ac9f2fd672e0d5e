//! The text form of [`FourRowGame`] positions.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::game::Outcome;
use crate::notation::{self, NotationError, RuleOptions};
use crate::player::Player;

use super::rules::FourRowRules;
use super::setup::{FourRowSetup, FourRowSetupError};
use super::state::FourRowGame;

/// `HOLES STORES PLAYER rules=NAME [KEY=VALUE...] [to_open=P,P] [passed=P] [result=R]`:
/// the board as four groups of `C` counts in canonical order, joined by
/// `/` (player 0's outer row from his left, his inner row from his right,
/// then player 1's two rows the same way from his own side), the two
/// stores (or hands), the player to move, the rules (the nearest preset's
/// name and the options that differ from it: see [`FourRowRules`]'
/// `Display`), and, where they apply:
/// the players whose fixed opening is still to come, the player who has
/// just passed (Hus (Nama)), and the result (`0`, `1`: that player won;
/// `draw`).
///
/// ```
/// use mancala_core::four_rows::FourRowGame;
///
/// let text = "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0 0,0 0 rules=tsoro";
/// let game: FourRowGame = text.parse()?;
/// assert_eq!(game.board().len(), 32);
/// assert_eq!(game.to_string(), text);
/// assert!("2,2/2,2 0,0 0 rules=tsoro".parse::<FourRowGame>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for FourRowGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_rows(f, self.board(), usize::from(self.rules.columns))?;
        let [a, b] = self.stores;
        write!(f, " {a},{b} {} {}", self.to_move.index(), self.rules)?;
        match self.to_open {
            [true, true] => f.write_str(" to_open=0,1")?,
            [true, false] => f.write_str(" to_open=0")?,
            [false, true] => f.write_str(" to_open=1")?,
            [false, false] => {}
        }
        if let Some(p) = self.passed {
            write!(f, " passed={}", p.index())?;
        }
        match self.result {
            Some(Outcome::Winner(p)) => write!(f, " result={}", p.index()),
            Some(Outcome::Draw) => f.write_str(" result=draw"),
            None => Ok(()),
        }
    }
}

impl FromStr for FourRowGame {
    type Err = notation::ParseError<FourRowSetupError>;

    fn from_str(text: &str) -> Result<FourRowGame, Self::Err> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (rows, stores, player, rest) = match words[..] {
            [] => return Err(NotationError::Missing("holes").into()),
            [_] => return Err(NotationError::Missing("stores").into()),
            [_, _] => return Err(NotationError::Missing("player").into()),
            [rows, stores, player, ref rest @ ..] => (rows, stores, player, rest),
        };
        // The rules' words go to the rules; the others are the position's.
        let is_rule = |word: &&str| {
            let key = word.split_once('=').map_or(*word, |(key, _)| key);
            FourRowRules::KEYS.contains(&key)
        };
        let (rule_words, others): (Vec<&str>, Vec<&str>) = rest.iter().copied().partition(is_rule);
        if rule_words.is_empty() {
            return Err(NotationError::Missing("rules").into());
        }
        let rules: FourRowRules = notation::parse_options(rule_words)?;
        let mut setup = FourRowSetup::new(rules);
        setup.opening = [false; 2];
        for word in others {
            read_word(&mut setup, word)?;
        }
        setup.board = notation::parse_rows("holes", rows, usize::from(rules.columns))?;
        setup.stores = match notation::parse_counts("stores", stores, ',')?[..] {
            [a, b] => [a, b],
            _ => return Err(NotationError::invalid("stores", "two counts", stores).into()),
        };
        setup.to_move = read_player("player", player)?;
        FourRowGame::from_setup(setup).map_err(notation::ParseError::Setup)
    }
}

/// Reads one of a position's own words into `setup`: `to_open=P,P`,
/// `passed=P`, `result=R`.
fn read_word(setup: &mut FourRowSetup, word: &str) -> Result<(), NotationError> {
    match word.split_once('=') {
        Some(("to_open", players)) => {
            for p in players.split(',') {
                setup.opening[read_player("to_open", p)?.index()] = true;
            }
        }
        Some(("passed", p)) => setup.passed = Some(read_player("passed", p)?),
        Some(("result", "draw")) => setup.result = Some(Outcome::Draw),
        Some(("result", p)) => setup.result = Some(Outcome::Winner(read_player("result", p)?)),
        _ => return Err(NotationError::Trailing(word.to_string())),
    }
    Ok(())
}

/// Reads player 0 or 1.
fn read_player(part: &'static str, text: &str) -> Result<Player, NotationError> {
    match text {
        "0" => Ok(Player::P0),
        "1" => Ok(Player::P1),
        _ => Err(NotationError::invalid(part, "player 0 or 1", text)),
    }
}
