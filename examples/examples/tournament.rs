//! A tournament of N games between two computer players.
//!
//! ```text
//! cargo run --release --example tournament -- GAME AGENT_A AGENT_B N [SEED [NODES]] [--opening PLIES]
//! ```
//!
//! GAME is one of oware, kalah, numercy, robertson (two-row), mankka, numa;
//! each AGENT is random, greedy or search (alpha-beta of NODES positions per
//! move, default 2000; in Numa, regret matching of 200 rounds per turn).
//! Every game opens with PLIES random moves (default 2; turns in Numa),
//! drawn from SEED so that every game starts from a different position: N
//! games are N different games, even between agents that never vary. The
//! agents swap seats every game, so each moves first in half of them. The
//! table gives each agent's wins, draws, losses and average final score.

use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use mancala_core::{Game, Outcome, Player, Status};
use mancala_examples::agents::{
    AlphaBeta, GreedyAgent, NumaAgent, NumaGreedy, NumaRandom, Openings, RandomAgent,
    RegretMatching, SequentialAgent,
};
use numa::Numa;

/// Plies (turns in Numa) after which an unfinished game is scored as it
/// stands.
const MAX_PLIES: usize = 2_000;
/// Regret-matching rounds per Numa turn.
const NUMA_ITERATIONS: u32 = 200;

/// The games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    Oware,
    Kalah,
    Numercy,
    /// Robertson's game on two rows.
    Robertson,
    Mankka,
    Numa,
}

/// The agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum AgentName {
    /// Uniformly random legal moves (seeded).
    Random,
    /// The best score right after the move.
    Greedy,
    /// Alpha-beta search (regret matching in Numa).
    Search,
}

/// Pits two computer players against each other for N games and prints a
/// table of their results.
#[derive(Debug, Parser)]
#[command(name = "tournament")]
struct Args {
    /// The game.
    #[arg(value_enum)]
    game: GameName,
    /// The first agent, A.
    #[arg(value_enum)]
    agent_a: AgentName,
    /// The second agent, B.
    #[arg(value_enum)]
    agent_b: AgentName,
    /// Number of games (the agents swap seats every game).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    n: u32,
    /// Random seed (the openings, the random agents, regret matching).
    #[arg(default_value_t = 1)]
    seed: u64,
    /// The search's node budget per move.
    #[arg(default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Random moves (turns in Numa) opening every game, a different position
    /// each game; 0 plays every game from the start.
    #[arg(long, value_name = "PLIES", default_value_t = 2)]
    opening: usize,
}

/// What an agent is, in the header.
fn describe(game: GameName, agent: AgentName, nodes: u64) -> String {
    match (game, agent) {
        (_, AgentName::Random) => "random (uniform among the legal moves)".into(),
        (GameName::Numa, AgentName::Greedy) => {
            "greedy (the best average score against a random choice)".into()
        }
        (_, AgentName::Greedy) => "greedy (the best score right after the move)".into(),
        (GameName::Numa, AgentName::Search) => {
            format!("search (regret matching, {NUMA_ITERATIONS} rounds a turn)")
        }
        (_, AgentName::Search) => format!("search (alpha-beta, {nodes} nodes a move)"),
    }
}

/// Results of one agent.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    score: u64,
    unfinished: u32,
}

/// Records one game: `outcome` and `scores` by seat, `seat[k]` the seat of
/// agent k.
fn record(
    tallies: &mut [Tally; 2],
    seat: [usize; 2],
    outcome: Outcome,
    scores: &[u64],
    finished: bool,
) {
    for (k, tally) in tallies.iter_mut().enumerate() {
        match outcome {
            Outcome::Draw => tally.draws += 1,
            Outcome::Winner(p) if p.index() == seat[k] => tally.wins += 1,
            Outcome::Winner(_) => tally.losses += 1,
        }
        tally.score += scores.get(seat[k]).copied().unwrap_or(0);
        if !finished {
            tally.unfinished += 1;
        }
    }
}

/// A player of any game: `player`'s action now, `None` if he has none.
type Agent<G> = Box<dyn FnMut(&G, Player) -> Option<<G as Game>::Action>>;

fn sequential_agent<G: Game + 'static>(name: AgentName, seed: u64, nodes: u64) -> Agent<G> {
    let mut agent: Box<dyn SequentialAgent<G>> = match name {
        AgentName::Random => Box::new(RandomAgent::new(seed)),
        AgentName::Greedy => Box::new(GreedyAgent),
        AgentName::Search => Box::new(AlphaBeta::new(nodes)),
    };
    Box::new(move |game: &G, _| agent.choose(game))
}

fn numa_agent(name: AgentName, seed: u64) -> Agent<Numa> {
    let mut agent: Box<dyn NumaAgent> = match name {
        AgentName::Random => Box::new(NumaRandom::new(seed)),
        AgentName::Greedy => Box::new(NumaGreedy),
        AgentName::Search => Box::new(RegretMatching::new(seed, NUMA_ITERATIONS)),
    };
    Box::new(move |game: &Numa, p| Some(agent.choose(game, p)))
}

/// The acting players, or none once the game is over.
fn acting<G: Game>(game: &G) -> Vec<Player> {
    match game.status() {
        Status::Over(_) => Vec::new(),
        Status::ToMove(p) => vec![p],
        Status::Simultaneous(set) => set.iter().collect(),
    }
}

fn run<G: Game>(args: &Args, start: &G, mut agents: [Agent<G>; 2]) -> Result<[Tally; 2], String> {
    let mut tallies = [Tally::default(), Tally::default()];
    let mut openings = Openings::new(args.seed, args.opening);
    for n in 0..args.n {
        // Agent 0 sits in seat 0 in even games, seat 1 in odd ones.
        let seat = if n % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut game = openings.next(start).ok_or_else(|| {
            format!("game {n}: every random opening reaches a position already played")
        })?;
        let mut plies = 0;
        loop {
            let players = acting(&game);
            if players.is_empty() || plies >= MAX_PLIES {
                break;
            }
            let mut choices = Vec::with_capacity(players.len());
            for p in players {
                let k = if seat[0] == p.index() { 0 } else { 1 };
                let action = agents[k](&game, p)
                    .ok_or_else(|| format!("game {n}: agent {k} found no move"))?;
                choices.push((p, action));
            }
            game.joint_move(&choices)
                .and_then(|mv| game.play(mv))
                .map_err(|e| format!("game {n}: the agents' move was refused: {e}"))?;
            plies += 1;
        }
        let scores = game.scores();
        let (outcome, finished) = match game.status() {
            Status::Over(o) => (o, true),
            _ => (Outcome::from_scores(scores.as_slice()), false),
        };
        record(&mut tallies, seat, outcome, scores.as_slice(), finished);
    }
    Ok(tallies)
}

fn sequential<G: Game + 'static>(args: &Args, start: &G) -> Result<[Tally; 2], String> {
    let agents = [
        sequential_agent(args.agent_a, args.seed, args.nodes),
        sequential_agent(
            args.agent_b,
            args.seed.wrapping_add(0x9e37_79b9),
            args.nodes,
        ),
    ];
    run(args, start, agents)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.game {
        GameName::Oware => sequential(&args, &mancala_core::oware()),
        GameName::Kalah => sequential(&args, &mancala_core::kalah()),
        GameName::Numercy => sequential(&args, &numercy::Numercy::default()),
        GameName::Robertson => sequential(&args, &robertson::Robertson::default()),
        GameName::Mankka => sequential(&args, &mankka::Mankka::default()),
        GameName::Numa => {
            let agents = [
                numa_agent(args.agent_a, args.seed),
                numa_agent(args.agent_b, args.seed.wrapping_add(0x9e37_79b9)),
            ];
            run(&args, &Numa::default(), agents)
        }
    };
    let tallies = match result {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let game = args
        .game
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string());
    println!("{game}: {} games, seed {}", args.n, args.seed);
    println!("  A = {}", describe(args.game, args.agent_a, args.nodes));
    println!("  B = {}", describe(args.game, args.agent_b, args.nodes));
    let unit = if args.game == GameName::Numa {
        "turns"
    } else {
        "moves"
    };
    if args.opening == 0 {
        println!("  every game from the start; seats swap every game");
    } else {
        println!(
            "  every game opens with {} random {unit}, a different position each game;\n  \
             seats swap every game",
            args.opening
        );
    }
    println!(
        "{:<10} {:>6} {:>6} {:>6} {:>9} {:>10}",
        "agent", "wins", "draws", "losses", "avg score", "unfinished"
    );
    let games = f64::from(args.n);
    for (k, t) in tallies.iter().enumerate() {
        let agent = [args.agent_a, args.agent_b][k];
        let name = format!(
            "{} ({})",
            agent
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_string()),
            ["A", "B"][k]
        );
        println!(
            "{:<10} {:>6} {:>6} {:>6} {:>9.2} {:>10}",
            name,
            t.wins,
            t.draws,
            t.losses,
            t.score as f64 / games,
            t.unfinished
        );
    }
    ExitCode::SUCCESS
}
