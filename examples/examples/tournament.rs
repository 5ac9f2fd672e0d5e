//! A tournament of N games between two computer players.
//!
//! ```text
//! cargo run --release --example tournament -- GAME AGENT_A AGENT_B N [SEED [NODES]]
//! ```
//!
//! GAME is one of oware, kalah, numercy, robertson (two-row), mankka, numa;
//! each AGENT is random, greedy or search (alpha-beta of NODES positions per
//! move, default 2000; in Numa, regret matching of 200 rounds per turn). The
//! agents swap seats every game, so each moves first in half of them. The
//! table gives each agent's wins, draws, losses and average final score.

use std::process::ExitCode;

use mancala_core::{Game, Outcome, Player, Status};
use mancala_examples::agents::{
    AlphaBeta, GreedyAgent, NumaAgent, NumaGreedy, NumaRandom, RandomAgent, RegretMatching,
    SequentialAgent,
};
use numa::Numa;

const USAGE: &str = "usage: tournament GAME AGENT_A AGENT_B N [SEED [NODES]]
  GAME   oware | kalah | numercy | robertson | mankka | numa
  AGENT  random | greedy | search
  N      number of games (the agents swap seats every game)
  SEED   random seed (default 1)
  NODES  the search's node budget per move (default 2000)";

const GAMES: [&str; 6] = ["oware", "kalah", "numercy", "robertson", "mankka", "numa"];
const AGENTS: [&str; 3] = ["random", "greedy", "search"];
/// Plies (turns in Numa) after which an unfinished game is scored as it
/// stands.
const MAX_PLIES: usize = 2_000;
/// Regret-matching rounds per Numa turn.
const NUMA_ITERATIONS: u32 = 200;

struct Config {
    game: &'static str,
    agents: [&'static str; 2],
    games: usize,
    seed: u64,
    nodes: u64,
}

fn parse(args: &[String]) -> Option<Config> {
    if !(4..=6).contains(&args.len()) {
        return None;
    }
    let pick = |list: &[&'static str], s: &str| list.iter().copied().find(|x| *x == s);
    Some(Config {
        game: pick(&GAMES, &args[0])?,
        agents: [pick(&AGENTS, &args[1])?, pick(&AGENTS, &args[2])?],
        games: args[3].parse().ok().filter(|&n| n > 0)?,
        seed: match args.get(4) {
            Some(s) => s.parse().ok()?,
            None => 1,
        },
        nodes: match args.get(5) {
            Some(s) => s.parse().ok().filter(|&n| n > 0)?,
            None => 2_000,
        },
    })
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

fn sequential_agent<G: Game + 'static>(
    name: &str,
    seed: u64,
    nodes: u64,
) -> Box<dyn SequentialAgent<G>> {
    match name {
        "greedy" => Box::new(GreedyAgent),
        "search" => Box::new(AlphaBeta::new(nodes)),
        _ => Box::new(RandomAgent::new(seed)),
    }
}

fn run_sequential<G: Game + 'static>(
    config: &Config,
    start: impl Fn() -> G,
) -> Result<[Tally; 2], String> {
    let mut agents = [
        sequential_agent::<G>(config.agents[0], config.seed, config.nodes),
        sequential_agent::<G>(
            config.agents[1],
            config.seed.wrapping_add(0x9e37_79b9),
            config.nodes,
        ),
    ];
    let mut tallies = [Tally::default(), Tally::default()];
    for n in 0..config.games {
        // Agent 0 sits in seat 0 in even games, seat 1 in odd ones.
        let seat = if n % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut game = start();
        let mut plies = 0;
        while let Status::ToMove(p) = game.status() {
            if plies >= MAX_PLIES {
                break;
            }
            let k = if seat[0] == p.index() { 0 } else { 1 };
            let action = agents[k]
                .choose(&game)
                .ok_or_else(|| format!("game {n}: agent {k} found no move"))?;
            game.joint_move(&[(p, action)])
                .and_then(|mv| game.play(mv))
                .map_err(|e| format!("game {n}: agent {k} played {action}: {e}"))?;
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

fn numa_agent(name: &str, seed: u64) -> Box<dyn NumaAgent> {
    match name {
        "greedy" => Box::new(NumaGreedy),
        "search" => Box::new(RegretMatching::new(seed, NUMA_ITERATIONS)),
        _ => Box::new(NumaRandom::new(seed)),
    }
}

fn run_numa(config: &Config) -> [Tally; 2] {
    let mut agents = [
        numa_agent(config.agents[0], config.seed),
        numa_agent(config.agents[1], config.seed.wrapping_add(0x9e37_79b9)),
    ];
    let mut tallies = [Tally::default(), Tally::default()];
    for n in 0..config.games {
        let seat = if n % 2 == 0 { [0, 1] } else { [1, 0] };
        let (arabic, roman) = if seat[0] == 0 { (0, 1) } else { (1, 0) };
        let mut game = Numa::default();
        let mut turns = 0;
        while game.outcome().is_none() && turns < MAX_PLIES {
            let choices = [
                (Player::P0, agents[arabic].choose(&game, Player::P0)),
                (Player::P1, agents[roman].choose(&game, Player::P1)),
            ];
            let Ok(mv) = game.joint_move(&choices) else {
                break;
            };
            game.play_unchecked(mv);
            turns += 1;
        }
        let scores = game.scores();
        let (outcome, finished) = match game.outcome() {
            Some(o) => (o, true),
            None => (Outcome::from_scores(scores.as_slice()), false),
        };
        record(&mut tallies, seat, outcome, scores.as_slice(), finished);
    }
    tallies
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(config) = parse(&args) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match config.game {
        "oware" => run_sequential(&config, mancala_core::oware),
        "kalah" => run_sequential(&config, mancala_core::kalah),
        "numercy" => run_sequential(&config, numercy::Numercy::default),
        "robertson" => run_sequential(&config, robertson::Robertson::default),
        "mankka" => run_sequential(&config, mankka::Mankka::default),
        _ => Ok(run_numa(&config)),
    };
    let tallies = match result {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let search = if config.game == "numa" {
        format!("regret matching, {NUMA_ITERATIONS} rounds per turn")
    } else {
        format!("alpha-beta, {} nodes per move", config.nodes)
    };
    println!(
        "{}: {} games, seed {}, search = {search}; seats swap every game",
        config.game, config.games, config.seed
    );
    println!(
        "{:<10} {:>6} {:>6} {:>6} {:>9} {:>10}",
        "agent", "wins", "draws", "losses", "avg score", "unfinished"
    );
    let games = config.games as f64;
    for (k, t) in tallies.iter().enumerate() {
        let name = format!(
            "{}{}",
            config.agents[k],
            if k == 0 { " (A)" } else { " (B)" }
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
