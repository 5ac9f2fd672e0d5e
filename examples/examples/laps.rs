//! The work budget measured: the most laps any move takes in random play
//! from each relaying preset, and how long the known slow positions take to
//! be refused under the default budget.
//!
//! ```text
//! cargo run --release --example laps -- [--games N] [--seed S]
//! ```
//!
//! For each preset whose moves relay (Numercy classic and its 2x6 board,
//! Mankka Two and One) it plays N uniform random games (default 1,000,000)
//! from the start, every move drawn from the legal moves, and then as many
//! games (`--catalogue-games`, default 10,000: their trials walk long cycles)
//! of each catalogue preset that relays; at most 10,000 moves a game. It
//! prints one line a preset:
//!
//! ```text
//! PRESET: N games, M moves, most laps in one move L (hole H of BOARD)
//! ```
//!
//! Then it builds the known slow positions (a 2x6 board relaying at 2 whose
//! move cycles for 307,959,030 laps; see "Work budget" in `mancala_core`'s
//! crate docs) under the default budget and prints how long each refusal
//! took.

use std::process::ExitCode;
use std::time::Instant;

use mancala_core::testing::SplitMix;
use mancala_core::{
    DEFAULT_MAX_LAPS, Game, MAX_HOLES, Mancala, Relay, Rules, Setup, Traditional, Turn,
};

const USAGE: &str = "usage: laps [--games N] [--catalogue-games N] [--seed S]";

/// The most moves played in one random game.
const MAX_PLIES: u32 = 10_000;

/// The longest move seen: its laps, the hole sown and the board before.
#[derive(Default)]
struct Longest {
    laps: u64,
    pit: usize,
    board: Vec<u16>,
}

/// Plays `games` random games from `start`, reading each move's laps with
/// `laps` and the board with `board`.
fn measure<G: Game + Clone>(
    name: &str,
    start: &G,
    games: u64,
    seed: u64,
    laps: impl Fn(&G::Report) -> u64,
    board: for<'a> fn(&'a G) -> &'a [u16],
    pit_of: impl Fn(&G::Move) -> usize,
) {
    let mut rng = SplitMix::new(seed);
    let mut longest = Longest::default();
    let mut moves = 0u64;
    for _ in 0..games {
        let mut game = start.clone();
        let mut plies = 0;
        while let Some(player) = game.to_move() {
            // Random games of I can go round for ever (its rules have no end
            // for a cycle).
            plies += 1;
            if plies > MAX_PLIES {
                break;
            }
            let actions = game.legal_actions(player);
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.below(actions.len())];
            let Ok(mv) = game.joint_move(&[(player, action)]) else {
                break;
            };
            let pit = pit_of(&mv);
            let mut before = [0u16; MAX_HOLES];
            for (slot, &count) in before.iter_mut().zip(board(&game)) {
                *slot = count;
            }
            let report = game.play_unchecked(mv);
            moves += 1;
            let n = laps(&report);
            if n > longest.laps {
                longest = Longest {
                    laps: n,
                    pit,
                    board: before[..board(&game).len()].to_vec(),
                };
            }
        }
    }
    println!(
        "{name}: {games} games, {moves} moves, most laps in one move {} (hole {} of {:?})",
        longest.laps, longest.pit, longest.board
    );
}

fn slow_positions() {
    let mut rules = Rules::oware();
    rules.relay = Relay::AtLeast(2);
    rules.sowing.skip_origin = false;
    assert_eq!(rules.max_laps, Some(DEFAULT_MAX_LAPS));
    for board in [
        vec![11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1],
        vec![9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3],
    ] {
        let mut setup = Setup::new(rules);
        setup.board = board.clone();
        setup.stores = vec![0, 0];
        let json = serde_json::to_string(&setup).unwrap_or_default();
        let clock = Instant::now();
        let read = serde_json::from_str::<Mancala>(&json);
        let took = clock.elapsed();
        println!(
            "slow position {board:?} ({} bytes of JSON): {} in {:.1} ms",
            json.len(),
            match read {
                Ok(_) => "built".to_string(),
                Err(e) => format!("refused ({e})"),
            },
            took.as_secs_f64() * 1e3
        );
    }
    let mut options = numercy::Options::board(6);
    options.relay_at = 2;
    let mut setup = numercy::Setup::new(options);
    setup.board = vec![9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3];
    let json = serde_json::to_string(&setup).unwrap_or_default();
    let clock = Instant::now();
    let read = serde_json::from_str::<numercy::Numercy>(&json);
    println!(
        "slow numercy position ({} bytes of JSON): {} in {:.1} ms",
        json.len(),
        if read.is_ok() { "built" } else { "refused" },
        clock.elapsed().as_secs_f64() * 1e3
    );
}

fn main() -> ExitCode {
    let mut games = 1_000_000u64;
    let mut catalogue_games = 10_000u64;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().and_then(|v| v.parse().ok());
        match (arg.as_str(), value) {
            ("--games", Some(n)) => games = n,
            ("--catalogue-games", Some(n)) => catalogue_games = n,
            ("--seed", Some(s)) => seed = s,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let numercy_laps = |r: &numercy::MoveReport| r.laps;
    fn numercy_board(g: &numercy::Numercy) -> &[u16] {
        g.board().holes()
    }
    fn mankka_board(g: &mankka::Mankka) -> &[u16] {
        g.board().holes()
    }
    for (name, options) in [
        ("numercy", numercy::Options::classic()),
        ("numercy-2x6", numercy::Options::board(6)),
    ] {
        let Ok(start) = numercy::Numercy::new(options) else {
            eprintln!("{name}: invalid preset");
            return ExitCode::FAILURE;
        };
        measure(
            name,
            &start,
            games,
            seed,
            numercy_laps,
            numercy_board,
            |p: &numercy::Pit| p.index(),
        );
    }
    for (name, options) in [
        ("mankka", mankka::Options::two()),
        ("mankka-one", mankka::Options::one()),
    ] {
        let Ok(start) = mankka::Mankka::new(options) else {
            eprintln!("{name}: invalid preset");
            return ExitCode::FAILURE;
        };
        measure(
            name,
            &start,
            games,
            seed,
            |r: &mankka::MoveReport| r.laps,
            mankka_board,
            |m: &mankka::Move| match m {
                mankka::Move::Sow(p) => p.index(),
                _ => usize::MAX,
            },
        );
    }
    fn mancala_board(g: &Mancala) -> &[u16] {
        g.board().holes()
    }
    for preset in Traditional::ALL {
        let rules = preset.rules();
        if rules.relay == Relay::Never {
            continue;
        }
        let Ok(start) = Mancala::new(rules) else {
            eprintln!("{}: invalid preset", preset.name());
            return ExitCode::FAILURE;
        };
        measure(
            preset.name(),
            &start,
            catalogue_games,
            seed,
            |t: &Turn| t.laps,
            mancala_board,
            |m: &mancala_core::Move| match m {
                mancala_core::Move::Sow(p) => p.index(),
                mancala_core::Move::Pass => usize::MAX,
            },
        );
    }
    slow_positions();
    ExitCode::SUCCESS
}
