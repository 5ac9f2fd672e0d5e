//! The round robin behind `mancala tournament`: any number of
//! computer players, every pairing playing the same seeded random openings
//! from both seats, printed as a crosstable and a ranking with Elo ratings.
//!
//! ```text
//! tournament GAME AGENT AGENT... --games N [--seed S] [--nodes N] [--iterations N]
//!     [--opening PLIES] [--anchor AGENT]
//! ```
//!
//! - GAME: any game of the registry ([`mancala_engine::GAMES`], `mancala
//!   games`), with its default options.
//! - AGENT ([`AgentSpec`]): `random`, `greedy`, `search` (the game's
//!   computer player, [`Registered::computer`], the one every face asks:
//!   alpha-beta, or the Kalah solver's search on Kalah boards, `--nodes`
//!   positions a move) or `mcts` (UCT, `--iterations` playouts a move);
//!   `search:5000` or `mcts:300` gives that one agent its own budget, so
//!   `mcts:100 mcts:1000` measures what a budget is worth. An agent named
//!   twice is labelled `mcts`, `mcts#2`. In Numa, whose turns are
//!   simultaneous, `search` is regret matching over each turn's matrix game
//!   ([`NUMA_ROUNDS`] rounds; a budget does not apply) and `mcts` is
//!   refused.
//! - `--games N`: games per pairing, even: N/2 random openings (the same
//!   ones for every pairing, drawn from the seed by [`Openings`], each
//!   `--opening` moves long, 2 by default), each played twice, once with
//!   each agent of the pairing in the first seat.
//!
//! [`run`] plays the tournament into [`Standings`]; [`render`] writes the
//! tables: the header (the agents and what they are), the crosstable (each
//! cell the row agent's points against the column agent, a win 1, a draw
//! 1/2, as `13.5/20`), and the ranking (points, percentage, Elo rating with
//! its 95% error bar from [`ratings::fit`], ratings averaging 0 unless
//! `--anchor` names an agent to rate 0, wins-draws-losses, and the average
//! final score: stores or captures). With two agents a last line gives the
//! gap from the score fraction alone ([`ratings::two_agent`]). [`main_with`] is
//! the program.
//!
//! Every game is seeded from `--seed`, the pairing, the opening and the
//! seats, so a tournament is the same every time it is run with the same
//! arguments (no agent here reads the clock).
//!
//! [`NUMA_ROUNDS`]: mancala_engine::NUMA_ROUNDS
//! [`ratings::fit`]: crate::ratings::fit
//! [`ratings::two_agent`]: crate::ratings::two_agent

mod round_robin;
mod tables;

use std::io::{self, Write};
use std::process::ExitCode;
use std::str::FromStr;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use crate::game_arg::GameArg;
use crate::ratings::Crosstable;
use mancala_engine::agents::Openings;
use mancala_engine::{AnyGame, Registered, Visitor};
use round_robin::{labels, tournament};
pub use tables::render;

/// Plies (turns in Numa) after which an unfinished game is scored as it
/// stands.
pub const MAX_PLIES: usize = 2_000;

/// Positions per move of `search` in the sequential games by default.
pub const DEFAULT_NODES: u64 = 2_000;

/// The kinds of agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentKind {
    /// Uniformly random legal moves (seeded).
    Random,
    /// The best score right after the move
    /// ([`GreedyAgent`](mancala_engine::agents::GreedyAgent)).
    Greedy,
    /// The game's computer player
    /// ([`Registered::computer`]).
    Search,
    /// Monte Carlo tree search ([`Mcts`](mancala_engine::mcts::Mcts));
    /// sequential games only.
    Mcts,
}

impl AgentKind {
    /// The name as typed.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Greedy => "greedy",
            AgentKind::Search => "search",
            AgentKind::Mcts => "mcts",
        }
    }
}

/// An agent as named on the command line: its kind and, for `search` and
/// `mcts`, an optional budget of its own (`search:5000`, `mcts:300`) in
/// place of `--nodes` or `--iterations`.
///
/// # Examples
///
/// ```
/// use mancala_cli::tournament::{AgentKind, AgentSpec};
///
/// let spec: AgentSpec = "mcts:300".parse().unwrap();
/// assert_eq!(spec, AgentSpec { kind: AgentKind::Mcts, budget: Some(300) });
/// assert_eq!(spec.to_string(), "mcts:300");
/// assert!("random:5".parse::<AgentSpec>().is_err());
/// assert!("minimax".parse::<AgentSpec>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// What plays.
    pub kind: AgentKind,
    /// Its budget per move, if not the command's.
    pub budget: Option<u64>,
}

/// Why an agent's name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentSpecError {
    /// Not an agent's name.
    #[error(
        "unknown agent `{0}`: the agents are random, greedy, search[:NODES] and mcts[:ITERATIONS]"
    )]
    Unknown(String),
    /// A budget that is not a whole number from 1.
    #[error("`{0}`: a budget is a whole number from 1, as in search:5000")]
    BadBudget(String),
    /// A budget for an agent that has none.
    #[error("`{0}`: random and greedy take no budget")]
    NoBudget(String),
}

impl FromStr for AgentSpec {
    type Err = AgentSpecError;

    fn from_str(s: &str) -> Result<AgentSpec, AgentSpecError> {
        let (name, budget) = match s.split_once(':') {
            Some((name, budget)) => (name, Some(budget)),
            None => (s, None),
        };
        let kind = match name.trim().to_ascii_lowercase().as_str() {
            "random" => AgentKind::Random,
            "greedy" => AgentKind::Greedy,
            "search" => AgentKind::Search,
            "mcts" => AgentKind::Mcts,
            _ => return Err(AgentSpecError::Unknown(s.to_string())),
        };
        let budget = match budget {
            None => None,
            Some(_) if matches!(kind, AgentKind::Random | AgentKind::Greedy) => {
                return Err(AgentSpecError::NoBudget(s.to_string()));
            }
            Some(b) => match b.trim().parse::<u64>() {
                Ok(b) if b >= 1 => Some(b),
                _ => return Err(AgentSpecError::BadBudget(s.to_string())),
            },
        };
        Ok(AgentSpec { kind, budget })
    }
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.kind.name())?;
        if let Some(b) = self.budget {
            write!(f, ":{b}")?;
        }
        Ok(())
    }
}

/// `--games`: a whole even number from 2.
fn even_games(s: &str) -> Result<u32, String> {
    let n: u32 = s
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number"))?;
    if n == 0 || n % 2 == 1 {
        return Err(format!(
            "{n}: every opening is played from both seats, so a pairing's games are an even number from 2"
        ));
    }
    Ok(n)
}

/// `--opening`: a whole number up to [`Openings::MAX_PLIES`].
fn opening_plies(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= Openings::MAX_PLIES => Ok(n),
        _ => Err(format!(
            "`{s}`: an opening is a whole number of moves from 0 to {}",
            Openings::MAX_PLIES
        )),
    }
}

/// A round robin of computer players: every pairing plays the same random
/// openings, each from both seats, and the results make a crosstable and a
/// ranking with Elo ratings.
///
/// AGENT is random, greedy, search (the game's computer player, --nodes
/// positions a move) or mcts (UCT, --iterations playouts a move);
/// `search:NODES` or `mcts:ITERATIONS` gives one agent its own budget. In
/// Numa, search is regret matching over each turn's matrix game (200
/// rounds; a budget does not apply) and mcts is refused.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala tournament")]
pub struct TournamentArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameArg,
    /// The agents, two or more (one may appear twice: `mcts mcts:5000`).
    #[arg(required = true, num_args = 2.., value_name = "AGENT")]
    pub agents: Vec<AgentSpec>,
    /// Games per pairing, even: N/2 random openings, each played twice, once
    /// with each agent in the first seat.
    #[arg(long, value_name = "N", value_parser = even_games)]
    pub games: u32,
    /// Random seed (the openings, and every game's random agents, MCTS and
    /// Numa's search).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// search: positions per move [default: 2000; in Numa 1500000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// mcts: playouts per move.
    #[arg(long, value_name = "N", default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub iterations: u64,
    /// Random moves (turns in Numa) opening every game; openings grow by a
    /// move when those of this length run out. 0 plays every game from the
    /// start.
    #[arg(long, value_name = "PLIES", default_value_t = 2, value_parser = opening_plies)]
    pub opening: usize,
    /// Rate this agent (by its label, as in the tables: `random`, `mcts#2`)
    /// 0, each error bar then that of the gap to it; by default the ratings
    /// average 0.
    #[arg(long, value_name = "AGENT")]
    pub anchor: Option<String>,
}

/// What a tournament found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The agents' labels: their names as typed, a second of a name
    /// numbered (`mcts#2`).
    pub labels: Vec<String>,
    /// What each agent is, in words.
    pub descriptions: Vec<String>,
    /// Every agent's record against every other.
    pub table: Crosstable,
    /// `first_seat[i][j]`: the games agent `i` played in the first seat
    /// against `j` (half their games).
    pub first_seat: Vec<Vec<u32>>,
    /// The sum of each agent's final scores (stores, captures, points) over
    /// its games.
    pub final_scores: Vec<u64>,
    /// Games stopped after [`MAX_PLIES`] and scored as they stood.
    pub unfinished: u32,
    /// Openings per pairing.
    pub openings: u32,
}

/// Why a tournament was not played to the end.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// The arguments ask for something that cannot be played (an agent
    /// the game does not have, an unknown `--anchor`): found before any
    /// game. [`main_with`] prints it like clap's errors, status 2.
    #[error("{0}")]
    Usage(String),
    /// No new opening could be found: too many for the game, or too long.
    #[error(
        "opening {found} of {wanted}: every random opening of {plies} moves or more (up to \
         {max}) ends the game or reaches a position already used",
        found = .found + 1,
        max = Openings::MAX_PLIES
    )]
    NoOpening {
        /// Openings found.
        found: u32,
        /// Openings asked for.
        wanted: u32,
        /// `--opening`.
        plies: usize,
    },
    /// An agent failed to move, or its move was refused (a bug).
    #[error("{0}")]
    Game(String),
}

/// Plays the tournament `args` ask for, a line of progress per pairing
/// written to `progress`.
///
/// # Errors
///
/// [`TournamentError::Usage`] before any game for fewer than two agents, an
/// agent the game does not have or an `--anchor` that is not an agent;
/// [`TournamentError::NoOpening`] if the game has too few openings for
/// `--games`; [`TournamentError::Game`] if an agent fails (a bug).
pub fn run(args: &TournamentArgs, progress: &mut dyn Write) -> Result<Standings, TournamentError> {
    if args.agents.len() < 2 {
        return Err(TournamentError::Usage(
            "a tournament needs two agents or more".into(),
        ));
    }
    if let Some(anchor) = &args.anchor {
        let labels = labels(&args.agents);
        if !labels.contains(anchor) {
            return Err(TournamentError::Usage(format!(
                "--anchor `{anchor}` is not one of the agents: {}",
                labels.join(", ")
            )));
        }
    }
    let game =
        AnyGame::new(args.game.name(), "").map_err(|e| TournamentError::Usage(e.to_string()))?;
    /// Plays the round robin on the game's own type.
    struct Play<'a> {
        args: &'a TournamentArgs,
        progress: &'a mut dyn Write,
        simultaneous: bool,
    }
    impl Visitor for Play<'_> {
        type Output = Result<Standings, TournamentError>;
        fn visit<G: Registered>(self, game: &G) -> Self::Output {
            tournament(game, self.simultaneous, self.args, self.progress)
        }
    }
    game.visit(Play {
        args,
        progress,
        simultaneous: game.info().simultaneous(),
    })
}

/// The program: reads the arguments (clap prints its own errors and
/// `--help`), plays with a line of progress per pairing on stderr, and
/// prints the tables on stdout; a [`TournamentError::Usage`] is printed
/// like clap's errors, with status 2.
pub fn main_with(args: &TournamentArgs) -> ExitCode {
    match run(args, &mut io::stderr()) {
        Ok(standings) => {
            let mut stdout = io::stdout().lock();
            match stdout.write_all(render(args, &standings).as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(TournamentError::Usage(message)) => TournamentArgs::command()
            .error(ErrorKind::InvalidValue, message)
            .exit(),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
