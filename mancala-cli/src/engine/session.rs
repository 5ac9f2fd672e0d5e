//! The game the protocol plays, whatever its type: what the engine needs
//! from each game ([`EngineGame`]), and the answers of `position`, `play`,
//! `legal`, `show` and `go` on it ([`Session`]); `new` makes one
//! ([`new_game`]).

use std::fmt::Display;
use std::str::FromStr;
use std::time::Duration;

use mancala_core::{Game, Mancala, Player, Status, toguz::ToguzKumalak};
use mancala_engine::agents::{AlphaBeta, Iteration, NumaAgent, RegretMatching, score_margin};
use mancala_engine::kalah_solve::KalahSolver;
use mancala_engine::{AnyGame, GameState, NewGameError, Stop};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

use super::tables::Tables;
use super::{EngineError, Limits, NUMA_ROUNDS};
use crate::play::parse_options;
use crate::play::table::Table;

/// What the engine needs from a game beyond [`Table`] (how `play` reads a
/// typed move): its notation, and its rules to compare.
trait EngineGame: Table + FromStr<Err: Display> + Display + 'static {
    /// The game's rules.
    type Rules: PartialEq + Display;

    /// The rules this game is played under.
    fn rules(&self) -> Self::Rules;

    /// `player`'s choice in a simultaneous turn, if the engine has a
    /// search for the game's simultaneous turns.
    fn simultaneous_choice(&self, player: Player) -> Option<Self::Action> {
        let _ = player;
        None
    }

    /// A perfect move and the mover's value from a tablebase, if one holds
    /// the position.
    fn perfect_move(
        &self,
        tables: &mut Tables,
    ) -> Result<Option<(String, i64, &'static str)>, EngineError> {
        let _ = tables;
        Ok(None)
    }

    /// The engine's search within `limits` (alpha-beta, unless the game
    /// has a search of its own), with the tablebases that hold the game's
    /// endgames, if any.
    fn search(
        &self,
        limits: &mancala_engine::Limits,
        tables: &mut Tables,
    ) -> Result<Option<Found<Self::Action>>, EngineError> {
        let _ = tables;
        Ok(alpha_beta(self, limits))
    }
}

/// What a search found: the move, each completed iteration, and the
/// positions searched.
struct Found<A> {
    best: A,
    iterations: Vec<Iteration>,
    nodes: u64,
}

/// [`AlphaBeta`]'s search of `game` within `limits`, from a fresh table.
fn alpha_beta<G: Game>(game: &G, limits: &mancala_engine::Limits) -> Option<Found<G::Action>> {
    let mut search = AlphaBeta::new(u64::MAX);
    let best = search.search(game, limits)?.best;
    Some(Found {
        best,
        iterations: search.iterations().to_vec(),
        nodes: search.stats().nodes,
    })
}

/// The transposition table of the Kalah search: 16 MiB.
const KALAH_TABLE_BYTES: usize = 16 << 20;

impl EngineGame for Mancala {
    type Rules = mancala_core::Rules;
    fn rules(&self) -> mancala_core::Rules {
        *Mancala::rules(self)
    }

    fn perfect_move(
        &self,
        tables: &mut Tables,
    ) -> Result<Option<(String, i64, &'static str)>, EngineError> {
        tables.perfect_move(self)
    }

    /// Kalah's rules have a search of their own: the exact solver's,
    /// deepened within the limits ([`KalahSolver::search_within`]), its
    /// endgames from the tablebase of the game's board and capture rule.
    fn search(
        &self,
        limits: &mancala_engine::Limits,
        tables: &mut Tables,
    ) -> Result<Option<Found<mancala_core::Move>>, EngineError> {
        let Some(solver) = KalahSolver::new(self, KALAH_TABLE_BYTES, 0) else {
            return Ok(alpha_beta(self, limits));
        };
        let mut solver = match tables.table_of(self)? {
            Some(table) => solver
                .with_tablebase(table)
                .map_err(|e| EngineError::Tablebase(e.to_string()))?,
            None => solver,
        };
        let mut iterations = Vec::new();
        let found = solver.search_within(self, limits, |i| iterations.push(*i));
        Ok(found.map(|r| Found {
            best: r.best,
            iterations,
            nodes: r.nodes,
        }))
    }
}

/// Toguz Kumalak has no options: every position is under the same rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NoOptions;

impl Display for NoOptions {
    fn fmt(&self, _f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Ok(())
    }
}

impl EngineGame for ToguzKumalak {
    type Rules = NoOptions;
    fn rules(&self) -> NoOptions {
        NoOptions
    }
}

/// The games whose rules are their options.
macro_rules! rules_are_options {
    ($($game:ty => $options:ty),* $(,)?) => {$(
        impl EngineGame for $game {
            type Rules = $options;
            fn rules(&self) -> $options {
                *self.options()
            }
        }
    )*};
}

rules_are_options!(
    Numercy => numercy::Options,
    Robertson => robertson::Options,
    Mankka => mankka::Options,
);

impl EngineGame for Numa {
    type Rules = numa::Options;
    fn rules(&self) -> numa::Options {
        *self.options()
    }

    /// Regret matching seeded by the position and the player.
    fn simultaneous_choice(&self, player: Player) -> Option<numa::Choice> {
        let seed = self.key() ^ (player.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Some(RegretMatching::new(seed, NUMA_ROUNDS).choose(self, player))
    }
}

/// A player as the protocol writes him: `P0` to `P5`.
fn player_word(p: Player) -> String {
    format!("P{}", p.index())
}

/// Rules as words for a message.
fn rules_words(rules: &impl Display) -> String {
    let words = rules.to_string();
    if words.is_empty() {
        "the defaults".into()
    } else {
        format!("`{words}`")
    }
}

/// The game being played, whatever its type.
pub(super) trait Session {
    /// `position NOTATION`.
    fn position(&mut self, text: &str) -> Result<(), EngineError>;
    /// `play MOVE...`.
    fn play(&mut self, moves: &[&str]) -> Result<(), EngineError>;
    /// `legal`'s lines.
    fn legal(&self) -> Vec<String>;
    /// `show`'s lines.
    fn show(&self) -> Vec<String>;
    /// `go`'s lines (from a table of `tables` where one holds the
    /// position).
    fn go(
        &self,
        limits: Limits,
        stop: Stop,
        tables: &mut Tables,
    ) -> Result<Vec<String>, EngineError>;
}

/// A game of type `G` being played.
struct Loaded<G>(G);

/// Reads one move of `game` as `play` reads typed moves: a sequential
/// move, or in a simultaneous turn every acting player's choice joined by
/// `/`.
fn read_move<G: EngineGame>(game: &G, text: &str) -> Result<G::Move, String> {
    let choices = match game.status() {
        Status::Over(_) => return Err("the game is over".into()),
        Status::ToMove(p) => vec![(p, game.read(p, text)?)],
        Status::Simultaneous(set) => {
            let players: Vec<Player> = set.iter().collect();
            let parts: Vec<&str> = text.split('/').collect();
            if parts.len() != players.len() {
                let example: Vec<String> = players.iter().map(|&p| player_word(p)).collect();
                return Err(format!(
                    "a turn is {} choices joined by `/`, one for each acting player \
                     ({})",
                    players.len(),
                    example.join("/")
                ));
            }
            players
                .iter()
                .zip(parts)
                .map(|(&p, part)| {
                    game.read(p, part)
                        .map(|a| (p, a))
                        .map_err(|e| format!("{}'s choice: {e}", player_word(p)))
                })
                .collect::<Result<_, _>>()?
        }
    };
    game.joint_move(&choices).map_err(|e| e.to_string())
}

impl<G: EngineGame> Session for Loaded<G> {
    fn position(&mut self, text: &str) -> Result<(), EngineError> {
        let game: G = text
            .parse()
            .map_err(|e: <G as FromStr>::Err| EngineError::Notation(e.to_string()))?;
        let (theirs, ours) = (game.rules(), self.0.rules());
        if theirs != ours {
            return Err(EngineError::RulesDiffer {
                position: rules_words(&theirs),
                game: rules_words(&ours),
            });
        }
        self.0 = game;
        Ok(())
    }

    fn play(&mut self, moves: &[&str]) -> Result<(), EngineError> {
        let mut game = self.0.clone();
        for (i, &text) in moves.iter().enumerate() {
            let refused = |reason: String| EngineError::BadMove {
                text: text.to_string(),
                index: i + 1,
                count: moves.len(),
                reason,
            };
            let mv = read_move(&game, text).map_err(refused)?;
            game.play(mv).map_err(|e| refused(e.to_string()))?;
        }
        self.0 = game;
        Ok(())
    }

    fn legal(&self) -> Vec<String> {
        let list = |p: Player| -> Vec<String> {
            self.0
                .legal_actions(p)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        match self.0.status() {
            Status::ToMove(p) => {
                let mut words = vec!["legal".to_string()];
                words.extend(list(p));
                vec![words.join(" ")]
            }
            Status::Simultaneous(set) => set
                .iter()
                .map(|p| {
                    let mut words = vec!["legal".to_string(), player_word(p)];
                    words.extend(list(p));
                    words.join(" ")
                })
                .collect(),
            Status::Over(_) => vec!["legal".into()],
        }
    }

    fn show(&self) -> Vec<String> {
        let status = match self.0.status() {
            Status::Over(mancala_core::Outcome::Winner(p)) => format!("winner {}", player_word(p)),
            Status::Over(mancala_core::Outcome::Draw) => "draw".into(),
            _ => {
                let players: Vec<String> =
                    self.0.status().acting().iter().map(player_word).collect();
                format!("to_move {}", players.join(" "))
            }
        };
        vec![format!("position {}", self.0), format!("status {status}")]
    }

    fn go(
        &self,
        limits: Limits,
        stop: Stop,
        tables: &mut Tables,
    ) -> Result<Vec<String>, EngineError> {
        let game = &self.0;
        if let Some((best, value, source)) = game.perfect_move(tables)? {
            return Ok(vec![
                format!("info depth 0 score {value} nodes 0 {source}"),
                format!("bestmove {best}"),
            ]);
        }
        match game.status() {
            Status::Over(_) => Err(EngineError::GameOver),
            Status::Simultaneous(set) => set
                .iter()
                .map(|p| {
                    let choice = game.simultaneous_choice(p).ok_or(EngineError::NoMove)?;
                    Ok(format!("bestmove {} {choice}", player_word(p)))
                })
                .collect(),
            Status::ToMove(mover) => {
                let mut bounds = mancala_engine::Limits::none();
                bounds.nodes = limits.nodes;
                bounds.depth = limits.depth;
                bounds.time = limits.ms.map(|ms| Duration::from_millis(ms.into()));
                bounds.stop = Some(stop);
                let found = game.search(&bounds, tables)?.ok_or(EngineError::NoMove)?;
                let mut lines: Vec<String> = found
                    .iterations
                    .iter()
                    .map(|i| format!("info depth {} score {} nodes {}", i.depth, i.score, i.nodes))
                    .collect();
                if lines.is_empty() {
                    lines.push(format!(
                        "info depth 0 score {} nodes {}",
                        score_margin(game, mover),
                        found.nodes
                    ));
                }
                lines.push(format!("bestmove {}", found.best));
                Ok(lines)
            }
        }
    }
}

/// `new GAME [KEY=VALUE...]`: the game from the registry, its options
/// read as `play --option` reads them.
pub(super) fn new_game(words: &[&str]) -> Result<Box<dyn Session>, EngineError> {
    let (&name, pairs) = words.split_first().ok_or(EngineError::Missing {
        command: "new",
        what: "a game (`mancala games` lists them)",
    })?;
    let pairs: Vec<String> = pairs.iter().map(ToString::to_string).collect();
    let options =
        crate::game_arg::options_text(&parse_options(&pairs)?).map_err(EngineError::Options)?;
    let game = AnyGame::new(name, &options).map_err(|e| match e {
        NewGameError::UnknownGame(name) => EngineError::UnknownGame(name),
        NewGameError::Option(e) => EngineError::Options(e.to_string()),
        NewGameError::Refused(e) => EngineError::Options(e),
        e => EngineError::Options(e.to_string()),
    })?;
    Ok(match game.into_state() {
        GameState::Mancala(g) => Box::new(Loaded(g)),
        GameState::Toguz(g) => Box::new(Loaded(g)),
        GameState::Numercy(g) => Box::new(Loaded(g)),
        GameState::Robertson(g) => Box::new(Loaded(g)),
        GameState::Mankka(g) => Box::new(Loaded(g)),
        GameState::Numa(g) => Box::new(Loaded(g)),
        _ => return Err(EngineError::UnknownGame(name.to_string())),
    })
}
