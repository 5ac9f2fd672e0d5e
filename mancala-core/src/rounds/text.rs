//! The text form of [`RoundGame`] positions.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::notation::{self, NotationError};
use crate::pit::Pit;

use super::rules::RoundRules;
use super::setup::{RoundSetup, RoundSetupError};
use super::state::{RoundGame, Stage};

/// `HOLES STORES PLAYER rules=NAME [round=R] [closed=H,H] [stage=STAGE]`:
/// the rows (player 0's from his left, `/`, player 1's), the two stores,
/// the player to move, the rules (a preset's name, or every field: see
/// [`RoundRules`]' `Display`), and, where they are not the first
/// round's: the round, the closed holes, and the stage (`choose:H` in
/// the middle of a Dakon move, `refill` between rounds, `refill:P` after
/// player `P`'s pass, `won:P` once the match is over).
///
/// ```
/// use mancala_core::rounds::RoundGame;
///
/// let text = "6,6,6,6,6,6/0,0,6,6,6,6 10,2 0 rules=congkak round=2 closed=6,7";
/// let game: RoundGame = text.parse()?;
/// assert_eq!(game.round(), 2);
/// assert_eq!(game.to_string(), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for RoundGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_rows(f, self.board(), usize::from(self.rules.houses))?;
        f.write_str(" ")?;
        notation::write_counts(f, &self.stores, ',')?;
        write!(f, " {} rules={}", self.to_move.index(), self.rules)?;
        if self.round != 1 {
            write!(f, " round={}", self.round)?;
        }
        let closed: Vec<Pit> = self.closed().collect();
        if !closed.is_empty() {
            f.write_str(" closed=")?;
            for (i, pit) in closed.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", pit.index())?;
            }
        }
        match self.phase {
            Stage::Sow => Ok(()),
            Stage::Choose(pit) => write!(f, " stage=choose:{}", pit.index()),
            Stage::Refill(None) => f.write_str(" stage=refill"),
            Stage::Refill(Some(p)) => write!(f, " stage=refill:{}", p.index()),
            Stage::Won(p) => write!(f, " stage=won:{}", p.index()),
        }
    }
}

impl FromStr for RoundGame {
    type Err = notation::ParseError<RoundSetupError>;

    fn from_str(text: &str) -> Result<RoundGame, Self::Err> {
        let mut words = text.split_whitespace();
        let rows = notation::next_word(&mut words, "holes")?;
        let stores = notation::next_word(&mut words, "stores")?;
        let player = notation::next_word(&mut words, "player")?;
        let mut rules = None;
        let mut round = 1;
        let mut closed = Vec::new();
        let mut stage = Stage::Sow;
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| NotationError::Trailing(word.to_string()))?;
            let hole = |text: &str| {
                text.parse::<usize>()
                    .ok()
                    .and_then(Pit::new)
                    .ok_or_else(|| NotationError::invalid("closed", "a hole number", text))
            };
            match key {
                "rules" => {
                    rules = Some(value.parse::<RoundRules>().map_err(|_| {
                        NotationError::invalid("rules", "a round game's name or rules", value)
                    })?);
                }
                "round" => {
                    round = value
                        .parse()
                        .map_err(|_| NotationError::invalid("round", "a number", value))?;
                }
                "closed" => {
                    closed = value.split(',').map(hole).collect::<Result<_, _>>()?;
                }
                "stage" => stage = read_stage(value)?,
                _ => return Err(NotationError::Trailing(word.to_string()).into()),
            }
        }
        let rules = rules.ok_or(NotationError::Missing("rules"))?;
        let board = notation::parse_rows("holes", rows, usize::from(rules.houses))?;
        let stores = notation::parse_counts("stores", stores, ',')?;
        let [a, b] = stores[..] else {
            return Err(NotationError::invalid("stores", "two counts", "").into());
        };
        let setup = RoundSetup {
            rules,
            board,
            stores: [a, b],
            closed,
            round,
            to_move: notation::parse_player("player", player)?,
            stage,
        };
        RoundGame::from_setup(setup).map_err(notation::ParseError::Setup)
    }
}

/// Reads a stage word: `sow`, `choose:H`, `refill`, `refill:P`, `won:P`.
fn read_stage(value: &str) -> Result<Stage, NotationError> {
    let bad = || NotationError::invalid("stage", "sow, choose:H, refill, refill:P or won:P", value);
    let player = |text: &str| notation::parse_player("stage", text);
    Ok(match value.split_once(':') {
        None if value == "sow" => Stage::Sow,
        None if value == "refill" => Stage::Refill(None),
        Some(("choose", h)) => Stage::Choose(h.parse().ok().and_then(Pit::new).ok_or_else(bad)?),
        Some(("refill", p)) => Stage::Refill(Some(player(p)?)),
        Some(("won", p)) => Stage::Won(player(p)?),
        _ => return Err(bad()),
    })
}
