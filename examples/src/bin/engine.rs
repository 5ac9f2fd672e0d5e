//! The `engine` program as a binary of the examples crate, the same as
//! `cargo run --example engine` (both run `mancala_examples::engine::main`),
//! so that integration tests can spawn it (`CARGO_BIN_EXE_engine`: cargo
//! builds a package's binaries before its integration tests, never its
//! examples).

use std::process::ExitCode;

fn main() -> ExitCode {
    mancala_examples::engine::main()
}
