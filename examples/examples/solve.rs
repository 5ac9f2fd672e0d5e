//! The exact value of a small Kalah under perfect play, from the engine's
//! solver, checked against the search.
//!
//! ```text
//! cargo run --release --example solve [-- HOUSES SEEDS]
//! ```
//!
//! Kalah with HOUSES houses a side of SEEDS seeds (default 4 and 3): the
//! first player's final margin when both play perfectly, and every first
//! move that keeps it.

use mancala_core::{Layout, Mancala, Rules};
use mancala_engine::solve::{Solver, mancala_banked, mancala_split};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u16>());
    let houses = args.next().transpose()?.unwrap_or(4);
    let seeds = args.next().transpose()?.unwrap_or(3);
    let mut rules = Rules::kalah();
    rules.layout = Layout::two_rows(u8::try_from(houses)?);
    rules.seeds = seeds;
    let game = Mancala::new(rules)?;
    // 64 MiB of transposition table; the stores are banked apart from the
    // holes, so positions that differ only there share an entry.
    let mut solver = Solver::new(64 << 20).with_split(mancala_split, mancala_banked);
    let solution = solver.solve(&game)?;
    let best: Vec<String> = solution.best.iter().map(ToString::to_string).collect();
    println!(
        "Kalah({houses},{seeds}): value {} for the first player",
        solution.value
    );
    println!("best first moves: {}", best.join(" "));
    println!("{} positions searched", solution.nodes);
    Ok(())
}
