//! Uniform random playouts from the start of every game, single thread.
//!
//! ```text
//! cargo run --release --example bench -- [--secs S] [--seed N] [--clone] [GAME...]
//! ```
//!
//! GAME is any of `oware`, `kalah`, `numercy`, `robertson`,
//! `robertson-triangle`, `robertson-hexagon`, `mankka` (Mankka Two, its
//! placements included), `mankka-one` and `numa`; all of them when none is
//! named. Each game runs for S seconds (default 3) after a short warm-up and
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
//! a multiply-shift reduction, as in `../shared/bench/oware-floor`, so the
//! two programs' figures compare directly when run side by side (pin both
//! with `taskset -c 1`).
//!
//! With `--clone` it measures what a search pays to copy a state instead:
//! the size of the state type and the time to clone (and drop) positions
//! taken from random games, one line per game:
//!
//! ```text
//! GAME: B bytes, T ns per clone
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use mancala_core::{Game, Player, Status};
use smallvec::SmallVec;

const USAGE: &str = "usage: bench [--secs S] [--seed N] [--clone] [GAME...]
  GAME  oware | kalah | numercy | robertson | robertson-triangle |
        robertson-hexagon | mankka | mankka-one | numa   (default: all)";

const GAMES: [&str; 9] = [
    "oware",
    "kalah",
    "numercy",
    "robertson",
    "robertson-triangle",
    "robertson-hexagon",
    "mankka",
    "mankka-one",
    "numa",
];

/// SplitMix64 with Lemire's multiply-shift reduction (no division).
struct SplitMix(u64);

impl SplitMix {
    #[inline]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// One uniform random game from a clone of `start`; returns its moves.
#[inline(never)]
fn playout<G: Game>(start: &G, rng: &mut SplitMix) -> u64 {
    let mut game = start.clone();
    let mut moves = 0;
    loop {
        let mut choices: SmallVec<[(Player, G::Action); 2]> = SmallVec::new();
        match game.status() {
            Status::Over(_) => break,
            Status::ToMove(player) => {
                let actions = game.legal_actions(player);
                choices.push((player, actions[rng.below(actions.len())]));
            }
            Status::Simultaneous(players) => {
                for player in players.iter() {
                    let actions = game.legal_actions(player);
                    choices.push((player, actions[rng.below(actions.len())]));
                }
            }
        }
        let mv = match game.joint_move(&choices) {
            Ok(mv) => mv,
            Err(e) => panic!("a legal action was refused: {e}"),
        };
        black_box(game.play_unchecked(mv));
        moves += 1;
    }
    black_box(&game);
    moves
}

/// Plays `start` for `secs` seconds and prints the game's line.
fn measure<G: Game>(name: &str, start: G, secs: f64, seed: u64) {
    let mut rng = SplitMix(seed);
    // Warm-up: caches, branch predictors, the CPU's clock.
    let warm = Instant::now();
    while warm.elapsed().as_secs_f64() < secs.min(0.3) {
        black_box(playout(&start, &mut rng));
    }
    let t0 = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    loop {
        for _ in 0..16 {
            moves += playout(black_box(&start), &mut rng);
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

/// Positions met in random games from `start`: one every few moves.
fn positions<G: Game>(start: &G, rng: &mut SplitMix, count: usize) -> Vec<G> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = start.clone();
        let stop = rng.below(40);
        let mut ply = 0;
        while !game.is_over() && ply < stop {
            let mut choices: SmallVec<[(Player, G::Action); 2]> = SmallVec::new();
            for player in Player::all(game.player_count()) {
                if game.status().must_act(player) {
                    let actions = game.legal_actions(player);
                    choices.push((player, actions[rng.below(actions.len())]));
                }
            }
            match game.joint_move(&choices) {
                Ok(mv) => {
                    game.play_unchecked(mv);
                }
                Err(e) => panic!("a legal action was refused: {e}"),
            }
            ply += 1;
        }
        out.push(game);
    }
    out
}

/// Clones positions of random games for `secs` seconds and prints the size
/// of `G` and the mean time of one clone and its drop.
fn measure_clone<G: Game>(name: &str, start: G, secs: f64, seed: u64) {
    let mut rng = SplitMix(seed);
    let pool = positions(&start, &mut rng, 64);
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

fn run(name: &str, secs: f64, seed: u64, clone: bool) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{name}: {e}");
    macro_rules! go {
        ($name:expr, $start:expr, $secs:expr, $seed:expr) => {
            if clone {
                measure_clone($name, $start, $secs, $seed)
            } else {
                measure($name, $start, $secs, $seed)
            }
        };
    }
    match name {
        "oware" => go!(name, mancala_core::oware(), secs, seed),
        "kalah" => go!(name, mancala_core::kalah(), secs, seed),
        "numercy" => go!(name, numercy::Numercy::default(), secs, seed),
        "robertson" => go!(name, robertson::Robertson::default(), secs, seed),
        "robertson-triangle" => {
            let game =
                robertson::Robertson::new(robertson::Options::triangle()).map_err(|e| fail(&e))?;
            go!(name, game, secs, seed);
        }
        "robertson-hexagon" => {
            let options = robertson::Options::hexagon(2).map_err(|e| fail(&e))?;
            let game = robertson::Robertson::new(options).map_err(|e| fail(&e))?;
            go!(name, game, secs, seed);
        }
        "mankka" => go!(name, mankka::Mankka::default(), secs, seed),
        "mankka-one" => {
            let game = mankka::Mankka::new(mankka::Options::one()).map_err(|e| fail(&e))?;
            go!(name, game, secs, seed);
        }
        "numa" => go!(name, numa::Numa::default(), secs, seed),
        _ => return Err(format!("unknown game {name:?}\n{USAGE}")),
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut secs = 3.0;
    let mut seed = 1;
    let mut clone = false;
    let mut games = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--secs" | "--seed" => {
                let value = args.next().unwrap_or_default();
                let ok = if arg == "--secs" {
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|s| *s > 0.0)
                        .map(|s| secs = s)
                } else {
                    value.parse::<u64>().ok().map(|s| seed = s)
                };
                if ok.is_none() {
                    eprintln!("{arg} needs a positive number, got {value:?}\n{USAGE}");
                    return ExitCode::from(2);
                }
            }
            "--clone" => clone = true,
            _ if GAMES.contains(&arg.as_str()) => games.push(arg),
            _ => {
                eprintln!("unknown argument {arg:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if games.is_empty() {
        games = GAMES.iter().map(|s| s.to_string()).collect();
    }
    for name in &games {
        if let Err(e) = run(name, secs, seed, clone) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
