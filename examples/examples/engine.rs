//! Drive the workspace's search from another program: a line protocol on
//! stdin and stdout (`new GAME`, `position`, `play`, `legal`, `show`, `go`,
//! `quit`), for GUIs, tournament servers and other engines.
//!
//! ```text
//! cargo run --release --example engine
//! new kalah
//! ok
//! go nodes 500
//! info depth 1 score 1 nodes 6
//! info depth 2 score 2 nodes 22
//! info depth 3 score 1 nodes 92
//! info depth 4 score 1 nodes 344
//! bestmove 5
//! quit
//! ```
//!
//! The protocol, complete, is in the docs of `mancala_examples::engine`,
//! whose `main` this is; the `engine` binary of the examples crate runs it
//! too (the tests spawn that one).

use std::process::ExitCode;

fn main() -> ExitCode {
    mancala_examples::engine::main()
}
