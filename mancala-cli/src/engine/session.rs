//! The answers of `new`, `position`, `play`, `legal`, `show` and `go` on
//! the registry's game ([`AnyGame`]): the protocol's words around the
//! registry's game and its computer player.

use mancala_core::{Outcome, Player, Status};
use mancala_engine::{AnyGame, Memory, MoveError, NewGameError, SearchError, Source, Stop};

use super::EngineError;
use crate::game_arg::OptionPairs;

/// A player as the protocol writes him: `P0` to `P5`.
fn player_word(p: Player) -> String {
    format!("P{}", p.index())
}

/// `new GAME [KEY=VALUE...]`: the game from the registry, its options
/// read as `play --option` reads them.
pub(super) fn new_game(words: &[&str]) -> Result<AnyGame, EngineError> {
    let (&name, pairs) = words.split_first().ok_or(EngineError::Missing {
        command: "new",
        what: "a game (`mancala games` lists them)",
    })?;
    let options = OptionPairs::parse(pairs)?.text();
    AnyGame::new(name, &options).map_err(|e| match e {
        NewGameError::UnknownGame(name) => EngineError::UnknownGame(name),
        NewGameError::Option(e) => EngineError::Options(e.to_string()),
        NewGameError::Refused(e) => EngineError::Options(e),
        e => EngineError::Options(e.to_string()),
    })
}

/// `position NOTATION`.
pub(super) fn position(game: &mut AnyGame, text: &str) -> Result<(), EngineError> {
    game.set_position(text).map_err(|e| match e {
        MoveError::RulesDiffer { position, game } => EngineError::RulesDiffer { position, game },
        MoveError::Position(e) => EngineError::Notation(e),
        e => EngineError::Notation(e.to_string()),
    })
}

/// `play MOVE...`: all or none.
pub(super) fn play(game: &mut AnyGame, moves: &[&str]) -> Result<(), EngineError> {
    let mut after = game.clone();
    for (i, &text) in moves.iter().enumerate() {
        after.play(text).map_err(|e| {
            let reason = match e {
                MoveError::Unreadable { reason, .. } | MoveError::Illegal { reason, .. } => reason,
                e => e.to_string(),
            };
            EngineError::BadMove {
                text: text.to_string(),
                index: i + 1,
                count: moves.len(),
                reason,
            }
        })?;
    }
    *game = after;
    Ok(())
}

/// `legal`'s lines.
pub(super) fn legal(game: &AnyGame) -> Vec<String> {
    match game.status() {
        Status::ToMove(p) => {
            let mut words = vec!["legal".to_string()];
            words.extend(game.legal_choices(p));
            vec![words.join(" ")]
        }
        Status::Simultaneous(set) => set
            .iter()
            .map(|p| {
                let mut words = vec!["legal".to_string(), player_word(p)];
                words.extend(game.legal_choices(p));
                words.join(" ")
            })
            .collect(),
        Status::Over(_) => vec!["legal".into()],
    }
}

/// `show`'s lines.
pub(super) fn show(game: &AnyGame) -> Vec<String> {
    let status = match game.status() {
        Status::Over(Outcome::Winner(p)) => format!("winner {}", player_word(p)),
        Status::Over(Outcome::Draw) => "draw".into(),
        status => {
            let players: Vec<String> = status.acting().iter().map(player_word).collect();
            format!("to_move {}", players.join(" "))
        }
    };
    vec![format!("position {game}"), format!("status {status}")]
}

/// `go`'s lines: the game's computer player ([`AnyGame::think`]) within
/// `limits`, with what `memory` holds and keeps (tables, the last move's
/// search); one `info` line per completed
/// iteration (or one for the position itself), then `bestmove`, or in a
/// simultaneous turn one `bestmove P0 CHOICE` line per acting player.
pub(super) fn go(
    game: &AnyGame,
    limits: mancala_engine::Limits,
    stop: Stop,
    memory: &mut Memory,
) -> Result<Vec<String>, EngineError> {
    let bounds = limits.with_stop(stop);
    let refused = |e: SearchError| match e {
        SearchError::GameOver => EngineError::GameOver,
        SearchError::Endgames(e) => EngineError::Tablebase(e),
        _ => EngineError::NoMove,
    };
    match game.status() {
        Status::Over(_) => Err(EngineError::GameOver),
        Status::Simultaneous(set) => set
            .iter()
            .map(|p| {
                let found = game
                    .think_for(p, &bounds, Some(&mut *memory), &mut |_| {})
                    .map_err(refused)?;
                Ok(format!("bestmove {} {}", player_word(p), found.best))
            })
            .collect(),
        Status::ToMove(_) => {
            let mut lines: Vec<String> = Vec::new();
            let found = game
                .think(&bounds, Some(memory), &mut |r| {
                    lines.push(format!(
                        "info depth {} score {} nodes {}",
                        r.depth, r.value, r.nodes
                    ));
                })
                .map_err(refused)?;
            if found.source != Source::Search {
                lines = vec![format!(
                    "info depth 0 score {} nodes 0 {}",
                    found.value, found.source
                )];
            } else if lines.is_empty() {
                lines.push(format!(
                    "info depth 0 score {} nodes {}",
                    game.margin(),
                    found.nodes
                ));
            }
            lines.push(format!("bestmove {}", found.best));
            Ok(lines)
        }
    }
}
