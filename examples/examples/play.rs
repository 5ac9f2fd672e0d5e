//! Play a mancala game of the workspace against the computer (alpha-beta
//! search), with other humans, or watch the computer play itself.
//!
//! ```text
//! cargo run --release --example play -- [GAME] [--auto] [--humans] [--seed N] [--nodes N]
//!     [--holes N] [--layout two-row|triangle|hexagon] [--variant one|two]
//! ```
//!
//! GAME is oware (default), kalah, numercy, robertson, mankka or numa; see
//! `--help`.

use std::io;

use clap::Parser;
use mancala_examples::play::{PlayArgs, run};

fn main() -> io::Result<()> {
    let args = PlayArgs::parse();
    run(&args, io::stdin().lock(), io::stdout().lock())
}
