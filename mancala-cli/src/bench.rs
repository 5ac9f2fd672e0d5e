//! Uniform random playouts from the start of every game, single thread.
//!
//! ```text
//! mancala bench [--secs S | --games N] [--seed N] [--clone] [--endless-stop] [GAME...]
//! ```
//!
//! GAME is any game of `mancala games` (with its default options; Mankka's
//! placements included), or one of the bench's own boards
//! ([`playout::VARIANTS`]: `robertson-triangle`, `robertson-hexagon`,
//! `mankka-one`); all of them when none is named. Each game runs for S seconds (default 3) after a short warm-up and
//! prints one line:
//!
//! ```text
//! GAME: N moves/s, M games/s, L mean length
//! ```
//!
//! Every game starts from one clone of the start position. Every move is
//! what a Monte Carlo search does through the [`Game`] trait alone: the
//! `status`, the `legal_actions` of each acting player, one random draw per
//! acting player, `joint_move` and `play_unchecked`. In Numa one move is one
//! turn (both players' choices). The random numbers come from SplitMix64 with
//! a multiply-shift reduction, as in the hand-written oware engine of
//! `floors/`, so the two programs' figures compare directly when run side by
//! side (pin both with `taskset -c 1`).
//!
//! With `--games N` each game plays exactly N random games instead, with no
//! warm-up: a fixed amount of work, whose instruction count is the same on
//! every run, busy machine or not (`valgrind --tool=callgrind`).
//!
//! With `--clone` it measures what a search pays to copy a state instead:
//! the size of the state type and the time to clone (and drop) positions
//! taken from random games, one line per game:
//!
//! ```text
//! GAME: B bytes, T ns per clone
//! ```
//!
//! With `--endless-stop` the relay games (numercy, mankka, mankka-one) play
//! with endless moves stopped rather than forbidden and no work budget
//! (`max_laps=none`): their legal moves then need no trial sowing, which
//! shows what the trials cost.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use mancala_core::Game;

use crate::playout::{self, SplitMix, Visit};

/// What to measure, and for how long.
struct Measure {
    secs: f64,
    /// A fixed number of games instead of a time (`--games`).
    games: Option<u64>,
    seed: u64,
    clone: bool,
    endless_stop: bool,
}

impl Visit for Measure {
    fn visit<G: Game>(&mut self, name: &str, start: G) {
        if self.clone {
            measure_clone(name, &start, self.secs, self.seed);
        } else if let Some(games) = self.games {
            measure_games(name, &start, games, self.seed);
        } else {
            measure(name, &start, self.secs, self.seed);
        }
    }
}

/// Plays `start` for `secs` seconds and prints the game's line.
fn measure<G: Game>(name: &str, start: &G, secs: f64, seed: u64) {
    let mut rng = SplitMix::new(seed);
    // Warm-up: caches, branch predictors, the CPU's clock.
    let warm = Instant::now();
    while warm.elapsed().as_secs_f64() < secs.min(0.3) {
        black_box(playout::playout(start, &mut rng));
    }
    let t0 = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    loop {
        for _ in 0..16 {
            moves += playout::playout(black_box(start), &mut rng);
        }
        games += 16;
        if t0.elapsed().as_secs_f64() >= secs {
            break;
        }
    }
    let dt = t0.elapsed().as_secs_f64();
    println!(
        "{name}: {} moves/s, {} games/s, {:.2} mean length",
        (moves as f64 / dt).round() as u64,
        (games as f64 / dt).round() as u64,
        moves as f64 / games as f64
    );
}

/// Plays exactly `games` games of `start`, without a warm-up (a fixed
/// amount of work, for instruction counts under `valgrind --tool=callgrind`),
/// and prints the game's line.
fn measure_games<G: Game>(name: &str, start: &G, games: u64, seed: u64) {
    let mut rng = SplitMix::new(seed);
    let t0 = Instant::now();
    let mut moves = 0u64;
    for _ in 0..games {
        moves += playout::playout(black_box(start), &mut rng);
    }
    let dt = t0.elapsed().as_secs_f64();
    println!(
        "{name}: {} moves/s, {} games/s, {:.2} mean length",
        (moves as f64 / dt).round() as u64,
        (games as f64 / dt).round() as u64,
        moves as f64 / games.max(1) as f64
    );
}

/// Clones positions of random games for `secs` seconds and prints the size
/// of `G` and the mean time of one clone and its drop.
fn measure_clone<G: Game>(name: &str, start: &G, secs: f64, seed: u64) {
    let mut rng = SplitMix::new(seed);
    let pool = playout::positions(start, &mut rng, 64);
    let t0 = Instant::now();
    let mut clones = 0u64;
    loop {
        for _ in 0..64 {
            for game in &pool {
                black_box(black_box(game).clone());
            }
        }
        clones += 64 * pool.len() as u64;
        if t0.elapsed().as_secs_f64() >= secs {
            break;
        }
    }
    let dt = t0.elapsed().as_secs_f64();
    println!(
        "{name}: {} bytes, {:.1} ns per clone",
        std::mem::size_of::<G>(),
        dt * 1e9 / clones as f64
    );
}

/// Random playouts from the start of every game, single thread: moves and
/// games a second.
#[derive(Clone, Debug, Parser)]
#[command(name = "bench")]
pub struct BenchArgs {
    /// Seconds each game runs, after a short warm-up.
    #[arg(long, default_value_t = 3.0, value_parser = positive_secs, conflicts_with = "games")]
    pub secs: f64,
    /// Play exactly N games of each instead, with no warm-up.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Measure the size of the state and the time of a clone instead.
    #[arg(long)]
    pub clone: bool,
    /// The relay games end endless moves rather than forbid them, with no
    /// work budget (their legal moves need no trial sowing).
    #[arg(long)]
    pub endless_stop: bool,
    /// The games: any of `mancala games`, or robertson-triangle,
    /// robertson-hexagon, mankka-one (default: all).
    #[arg(value_name = "GAME", value_parser = game_name)]
    pub names: Vec<String>,
}

/// A positive number of seconds.
fn positive_secs(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
        .ok_or_else(|| format!("a positive number of seconds, not `{text}`"))
}

/// A game the bench knows.
fn game_name(text: &str) -> Result<String, String> {
    if playout::names().contains(&text) {
        Ok(text.to_string())
    } else {
        Err(format!("unknown game `{text}`"))
    }
}

/// The `bench` command.
pub fn main_with(args: &BenchArgs) -> ExitCode {
    let mut measure = Measure {
        secs: args.secs,
        games: args.games,
        seed: args.seed,
        clone: args.clone,
        endless_stop: args.endless_stop,
    };
    let mut games = args.names.clone();
    if games.is_empty() {
        games = playout::names().into_iter().map(String::from).collect();
    }
    for name in &games {
        if let Err(e) = playout::visit(name, measure.endless_stop, &mut measure) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
