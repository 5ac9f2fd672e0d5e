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
//! - AGENT ([`AgentSpec`]): `random`, `greedy`, `search` (alpha-beta,
//!   `--nodes` positions a move) or `mcts` (UCT, `--iterations` playouts a
//!   move); `search:5000` or `mcts:300` gives that one agent its own budget,
//!   so `mcts:100 mcts:1000` measures what a budget is worth. An agent named
//!   twice is labelled `mcts`, `mcts#2`. In Numa, whose turns are
//!   simultaneous, `search` is [`NumaSearch`] (a two-turn matrix-game search
//!   with an opponent model; `--nodes` or `search:NODES` positions a turn,
//!   [`NumaSearch::DEFAULT_NODES`] unless given) and `mcts` is refused.
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

use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use mancala_core::{Game, Outcome, Player, Status};
use numa::Numa;

use crate::game_arg::GameArg;
use crate::ratings::{self, Crosstable, GameResult, Record};
use mancala_engine::agents::{
    AlphaBeta, GreedyAgent, NumaAgent, NumaGreedy, NumaRandom, Openings, RandomAgent,
    SequentialAgent,
};
use mancala_engine::mcts::Mcts;
use mancala_engine::numa_search::NumaSearch;
use mancala_engine::{AnyGame, GameState};

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
    /// The best score right after the move ([`GreedyAgent`]).
    Greedy,
    /// Alpha-beta search ([`AlphaBeta`]); [`NumaSearch`] in Numa.
    Search,
    /// Monte Carlo tree search ([`Mcts`]); sequential games only.
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
/// AGENT is random, greedy, search (alpha-beta, --nodes positions a move) or
/// mcts (UCT, --iterations playouts a move); `search:NODES` or
/// `mcts:ITERATIONS` gives one agent its own budget. In Numa, search is a
/// two-turn simultaneous-move search (1,500,000 positions a turn unless
/// --nodes says) and mcts is refused.
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

/// A player of any game: `player`'s action now, `None` if he has none.
type Agent<G> = Box<dyn FnMut(&G, Player) -> Option<<G as Game>::Action>>;

/// An agent of the tournament: what it is, and a fresh player of it for
/// each game, from that game's seed.
struct Entrant<G: Game> {
    description: String,
    make: Box<dyn Fn(u64) -> Agent<G>>,
}

/// The agents of a sequential game.
fn sequential_entrant<G: Game + 'static>(
    spec: AgentSpec,
    args: &TournamentArgs,
) -> Result<Entrant<G>, String> {
    fn wrap<G: Game, A: SequentialAgent<G> + 'static>(mut agent: A) -> Agent<G> {
        Box::new(move |game: &G, _| agent.choose(game))
    }
    Ok(match spec.kind {
        AgentKind::Random => Entrant {
            description: "uniformly random legal moves".into(),
            make: Box::new(|seed| wrap(RandomAgent::new(seed))),
        },
        AgentKind::Greedy => Entrant {
            description: "the best score right after the move".into(),
            make: Box::new(|_| wrap(GreedyAgent)),
        },
        AgentKind::Search => {
            let nodes = spec.budget.or(args.nodes).unwrap_or(DEFAULT_NODES);
            Entrant {
                description: format!("alpha-beta, {nodes} positions a move"),
                make: Box::new(move |_| wrap(AlphaBeta::new(nodes))),
            }
        }
        AgentKind::Mcts => {
            let iterations = spec.budget.unwrap_or(args.iterations);
            Entrant {
                description: format!("UCT with random playouts, {iterations} a move"),
                make: Box::new(move |seed| wrap(Mcts::new(seed, iterations))),
            }
        }
    })
}

/// The agents of Numa, all in this one function: what each name means in
/// Numa's simultaneous turns, and the refusal of the others.
fn numa_entrant(spec: AgentSpec, args: &TournamentArgs) -> Result<Entrant<Numa>, String> {
    fn wrap<A: NumaAgent + 'static>(mut agent: A) -> Agent<Numa> {
        Box::new(move |game: &Numa, p| Some(agent.choose(game, p)))
    }
    Ok(match spec.kind {
        AgentKind::Random => Entrant {
            description: "uniformly random choices".into(),
            make: Box::new(|seed| wrap(NumaRandom::new(seed))),
        },
        AgentKind::Greedy => Entrant {
            description: "the best average score against a random choice".into(),
            make: Box::new(|_| wrap(NumaGreedy)),
        },
        AgentKind::Search => {
            let nodes = spec
                .budget
                .or(args.nodes)
                .unwrap_or(NumaSearch::DEFAULT_NODES);
            Entrant {
                description: format!(
                    "two-turn matrix-game search with an opponent model, {nodes} positions a turn"
                ),
                make: Box::new(move |seed| wrap(NumaSearch::new(seed).with_nodes(nodes))),
            }
        }
        AgentKind::Mcts => {
            return Err(format!(
                "`{spec}` plays sequential games only: Numa's turns are simultaneous \
                 (its agents are random, greedy and search, a simultaneous-move search)"
            ));
        }
    })
}

/// The labels of the agents: the names as typed, the k-th of a name
/// numbered `#k`.
fn labels(agents: &[AgentSpec]) -> Vec<String> {
    agents
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let name = spec.to_string();
            let earlier = agents[..i].iter().filter(|s| s.to_string() == name).count();
            if earlier == 0 {
                name
            } else {
                format!("{name}#{}", earlier + 1)
            }
        })
        .collect()
}

/// SplitMix64's finaliser: a well-mixed seed from any number.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The acting players, or none once the game is over.
fn acting<G: Game>(game: &G) -> Vec<Player> {
    match game.status() {
        Status::Over(_) => Vec::new(),
        Status::ToMove(p) => vec![p],
        Status::Simultaneous(set) => set.iter().collect(),
    }
}

/// One game from `game`, `seats[s]` playing seat `s`: the outcome, the
/// final scores by seat, and whether the game ended by its rules.
fn play_game<G: Game>(
    mut game: G,
    seats: &mut [Agent<G>; 2],
) -> Result<(Outcome, [u64; 2], bool), String> {
    for _ in 0..MAX_PLIES {
        let players = acting(&game);
        if players.is_empty() {
            break;
        }
        let mut choices = Vec::with_capacity(players.len());
        for p in players {
            let agent = seats
                .get_mut(p.index())
                .ok_or_else(|| format!("seat {} has no agent", p.index()))?;
            let action =
                agent(&game, p).ok_or_else(|| format!("seat {} found no move", p.index()))?;
            choices.push((p, action));
        }
        game.joint_move(&choices)
            .and_then(|mv| game.play(mv))
            .map_err(|e| format!("the agents' move was refused: {e}"))?;
    }
    let scores = game.scores();
    let score = |s: usize| scores.as_slice().get(s).copied().unwrap_or(0);
    let (outcome, finished) = match game.status() {
        Status::Over(o) => (o, true),
        _ => (Outcome::from_scores(scores.as_slice()), false),
    };
    Ok((outcome, [score(0), score(1)], finished))
}

/// The round robin of `entrants` on `start`, as `args` ask.
fn round_robin<G: Game>(
    start: &G,
    entrants: &[Entrant<G>],
    labels: &[String],
    args: &TournamentArgs,
    progress: &mut dyn Write,
) -> Result<Standings, TournamentError> {
    let n = entrants.len();
    let per_opening = 2;
    let openings_count = args.games / per_opening;
    let mut draws = Openings::new(args.seed, args.opening);
    let openings = (0..openings_count)
        .map(|k| {
            draws.next(start).ok_or(TournamentError::NoOpening {
                found: k,
                wanted: openings_count,
                plies: args.opening,
            })
        })
        .collect::<Result<Vec<G>, _>>()?;
    let mut standings = Standings {
        labels: labels.to_vec(),
        descriptions: entrants.iter().map(|e| e.description.clone()).collect(),
        table: Crosstable::new(n),
        first_seat: vec![vec![0; n]; n],
        final_scores: vec![0; n],
        unfinished: 0,
        openings: openings_count,
    };
    let mut pairing = 0u64;
    for a in 0..n {
        for b in a + 1..n {
            pairing += 1;
            let clock = Instant::now();
            for (k, opening) in openings.iter().enumerate() {
                for swap in [false, true] {
                    // seat 0 is `order[0]`.
                    let order = if swap { [b, a] } else { [a, b] };
                    let seed =
                        mix(mix(mix(args.seed) ^ pairing) ^ (2 * k as u64 + u64::from(swap)));
                    let mut seats = [
                        (entrants[order[0]].make)(mix(seed ^ 1)),
                        (entrants[order[1]].make)(mix(seed ^ 2)),
                    ];
                    let (outcome, scores, finished) = play_game(opening.clone(), &mut seats)
                        .map_err(|e| {
                            TournamentError::Game(format!(
                                "{} against {}, opening {k}: {e}",
                                labels[order[0]], labels[order[1]]
                            ))
                        })?;
                    let result = match outcome {
                        Outcome::Draw => GameResult::Draw,
                        Outcome::Winner(p) if p.index() == 0 => GameResult::Win,
                        Outcome::Winner(_) => GameResult::Loss,
                    };
                    standings
                        .table
                        .add(order[0], order[1], result)
                        .map_err(|e| TournamentError::Game(e.to_string()))?;
                    standings.first_seat[order[0]][order[1]] += 1;
                    standings.final_scores[order[0]] += scores[0];
                    standings.final_scores[order[1]] += scores[1];
                    standings.unfinished += u32::from(!finished);
                }
            }
            let record = standings.table.record(a, b).unwrap_or_default();
            // Progress is a courtesy: a closed stderr does not stop the
            // tournament.
            let _ = writeln!(
                progress,
                "{}: {} {} {} ({:.1} s)",
                args.game.name(),
                labels[a],
                record.points_text(),
                labels[b],
                clock.elapsed().as_secs_f64()
            );
        }
    }
    Ok(standings)
}

/// Builds the agents of one game and plays the round robin.
fn tournament<G: Game>(
    start: &G,
    entrant: fn(AgentSpec, &TournamentArgs) -> Result<Entrant<G>, String>,
    args: &TournamentArgs,
    progress: &mut dyn Write,
) -> Result<Standings, TournamentError> {
    let labels = labels(&args.agents);
    let entrants = args
        .agents
        .iter()
        .map(|&spec| entrant(spec, args))
        .collect::<Result<Vec<_>, _>>()
        .map_err(TournamentError::Usage)?;
    round_robin(start, &entrants, &labels, args, progress)
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
    match game.state() {
        GameState::Mancala(g) => tournament(g, sequential_entrant, args, progress),
        GameState::Toguz(g) => tournament(g, sequential_entrant, args, progress),
        GameState::Numercy(g) => tournament(g, sequential_entrant, args, progress),
        GameState::Robertson(g) => tournament(g, sequential_entrant, args, progress),
        GameState::Mankka(g) => tournament(g, sequential_entrant, args, progress),
        GameState::Numa(g) => tournament(g, numa_entrant, args, progress),
        _ => Err(TournamentError::Usage(format!(
            "{} has no tournament",
            args.game.name()
        ))),
    }
}

/// `text` in lines of at most `width` characters (longer words alone),
/// each indented by `indent` spaces.
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    let pad = " ".repeat(indent);
    lines
        .iter()
        .map(|l| format!("{pad}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Pads `s` on the left to `width` characters.
fn right(s: &str, width: usize) -> String {
    format!("{s:>width$}")
}

/// The tables of a tournament's [`Standings`], as the program prints them.
pub fn render(args: &TournamentArgs, standings: &Standings) -> String {
    let mut out = String::new();
    let n = standings.labels.len();
    let unit = if args.game.name() == "numa" {
        "turns"
    } else {
        "moves"
    };
    let games = standings.table.games();
    let _ = writeln!(
        out,
        "{}: round robin of {n} agents, {} games a pairing, {games} in all (seed {})",
        args.game.name(),
        2 * standings.openings,
        args.seed
    );
    if args.opening == 0 {
        let _ = writeln!(
            out,
            "  every game from the start, each pairing {} times from each seat",
            standings.openings
        );
    } else {
        let _ = writeln!(
            out,
            "  {} random openings of {} {unit} (the same for every pairing), each played \
             twice,\n  once with each agent of the pairing in the first seat",
            standings.openings, args.opening
        );
    }
    let width = standings.labels.iter().map(String::len).max().unwrap_or(0);
    for (label, description) in standings.labels.iter().zip(&standings.descriptions) {
        let _ = writeln!(out, "  {label:<width$}  {description}");
    }

    // The crosstable.
    let _ = writeln!(
        out,
        "\ncrosstable: the row agent's points against the column agent (a win 1, a draw 1/2)"
    );
    let cell = |i: usize, j: usize| {
        if i == j {
            "-".to_string()
        } else {
            standings
                .table
                .record(i, j)
                .unwrap_or_default()
                .points_text()
        }
    };
    let col_width: Vec<usize> = (0..n)
        .map(|j| {
            (0..n)
                .map(|i| cell(i, j).len())
                .chain([standings.labels[j].len()])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let mut line = format!("  {:width$}", "");
    for (j, label) in standings.labels.iter().enumerate() {
        line += &format!("  {}", right(label, col_width[j]));
    }
    let _ = writeln!(out, "{}", line.trim_end());
    for (i, label) in standings.labels.iter().enumerate() {
        let mut line = format!("  {label:<width$}");
        for (j, w) in col_width.iter().enumerate() {
            line += &format!("  {}", right(&cell(i, j), *w));
        }
        let _ = writeln!(out, "{line}");
    }

    // The ranking.
    let fitted = ratings::fit(&standings.table);
    let anchor = args
        .anchor
        .as_ref()
        .and_then(|a| standings.labels.iter().position(|l| l == a));
    let rated = match (&fitted, anchor) {
        (Ok(r), Some(a)) => r.anchored_at(a).ok_or(ratings::FitError::TooFewAgents),
        (Ok(r), None) => Ok(r.clone()),
        (Err(e), _) => Err(*e),
    };
    match &rated {
        Ok(_) => {
            let zero = match anchor {
                Some(a) => format!("{} rated 0", standings.labels[a]),
                None => "ratings average 0".into(),
            };
            let _ = writeln!(
                out,
                "\nranking: Elo by a maximum-likelihood Bradley-Terry fit of all {games} games \
                 (draws\n  half a win), {zero}; ±95% is 1.96 standard errors"
            );
        }
        Err(e) => {
            let _ = writeln!(out, "\nranking by points (no Elo ratings: {e})");
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    let elo = |i: usize| rated.as_ref().ok().and_then(|r| r.elo(i));
    order.sort_by(|&x, &y| {
        let by_elo = elo(y).unwrap_or(0.0).total_cmp(&elo(x).unwrap_or(0.0));
        let by_points = standings
            .table
            .total(y)
            .half_points()
            .cmp(&standings.table.total(x).half_points());
        by_elo.then(by_points).then(x.cmp(&y))
    });
    let totals: Vec<Record> = (0..n).map(|i| standings.table.total(i)).collect();
    let points_width = totals
        .iter()
        .map(|t| t.points_text().len())
        .max()
        .unwrap_or(0)
        .max(6);
    let wdl = |t: &Record| format!("{}-{}-{}", t.wins, t.draws, t.losses);
    let wdl_width = totals
        .iter()
        .map(|t| wdl(t).len())
        .max()
        .unwrap_or(0)
        .max(5);
    let _ = writeln!(
        out,
        "  {:>2}  {:<width$}  {:>points_width$}  {:>6}  {:>7}  {:>6}  {:>wdl_width$}  {:>9}",
        "#", "agent", "points", "%", "Elo", "±95%", "W-D-L", "avg score"
    );
    for (rank, &i) in order.iter().enumerate() {
        let t = totals[i];
        let percent = t
            .fraction()
            .map_or("-".into(), |p| format!("{:.1}%", 100.0 * p));
        let (elo_text, margin) = match rated.as_ref().ok().and_then(|r| r.estimate(i)) {
            // `+ 0.0` writes a rating of -0.0 as +0.0.
            Some(e) => (
                format!("{:+.1}", e.elo + 0.0),
                format!("{:.1}", e.margin95()),
            ),
            None => ("-".into(), "-".into()),
        };
        let average = if t.games() == 0 {
            "-".into()
        } else {
            format!(
                "{:.2}",
                standings.final_scores[i] as f64 / f64::from(t.games())
            )
        };
        let _ = writeln!(
            out,
            "  {:>2}  {:<width$}  {:>points_width$}  {percent:>6}  {elo_text:>7}  {margin:>6}  \
             {:>wdl_width$}  {average:>9}",
            rank + 1,
            standings.labels[i],
            t.points_text(),
            wdl(&t),
        );
    }

    // Notes.
    if let Ok(r) = &rated
        && !r.clamped().is_empty()
    {
        let _ = writeln!(
            out,
            "  note: a whitewash has no finite rating gap, so for the ratings it counts half a\n    \
             point less (as if one win were a draw), and its gap is a lower bound:"
        );
        let list: Vec<String> = r
            .clamped()
            .iter()
            .map(|&(winner, loser)| {
                let record = standings.table.record(winner, loser).unwrap_or_default();
                format!(
                    "{} {} {}",
                    standings.labels[winner],
                    record.points_text(),
                    standings.labels[loser]
                )
            })
            .collect();
        let _ = writeln!(out, "{}", wrap(&list.join(", "), 6, 80));
    }
    if standings.unfinished > 0 {
        let _ = writeln!(
            out,
            "  note: {} games stopped after {MAX_PLIES} {unit} and were scored as they stood",
            standings.unfinished
        );
    }
    if n == 2
        && let Some(record) = standings.table.record(0, 1)
        && let (Some(p), Some(gap)) = (record.fraction(), ratings::two_agent(record))
    {
        let _ = writeln!(
            out,
            "\n{} - {}: {gap} Elo from the score p = {p:.4} of {} games\n  \
             (-400 log10(1/p - 1); ±95% by the delta method from the per-game variance)",
            standings.labels[0],
            standings.labels[1],
            record.games(),
        );
    }
    out
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
