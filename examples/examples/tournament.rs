//! A round robin of computer players on any game of the workspace: a
//! crosstable and a ranking with Elo ratings.
//!
//! ```text
//! cargo run --release --example tournament -- --help
//! cargo run --release --example tournament -- GAME AGENT AGENT... --games N [--seed S]
//!     [--nodes N] [--iterations N] [--opening PLIES] [--anchor AGENT]
//! ```
//!
//! For example `tournament kalah random greedy search mcts --games 40`:
//! every pairing plays 20 random openings twice, once from each seat. The
//! program is `mancala_examples::tournament::main`; its module documents
//! the agents, the tables and the ratings.

use std::process::ExitCode;

fn main() -> ExitCode {
    mancala_examples::tournament::main()
}
