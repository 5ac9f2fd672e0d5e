//! Play a mancala game of the workspace against the computer (alpha-beta
//! search), with other humans, or watch the computer play itself.
//!
//! ```text
//! cargo run --release --example play -- --help
//! cargo run --release --example play -- [GAME] [--seat N | --humans | --auto] [--seed N]
//!     [--nodes N] [--holes N] [--layout two-row|triangle|hexagon] [--variant one|two]
//!     [--option KEY=VALUE]...
//! ```
//!
//! GAME is oware (default), kalah, numercy, robertson, mankka or numa. The
//! program is `mancala_examples::play::main`, which the `play` binary of the
//! examples crate runs too (the tests spawn that one).

use std::process::ExitCode;

fn main() -> ExitCode {
    mancala_examples::play::main()
}
