//! The `mancala` command: every tool of mancala-rs under one name.
//!
//! ```text
//! mancala games                 every game, one name a line
//! mancala play [GAME]           play against the computer
//! mancala engine                the line protocol for other programs
//! mancala kgp                   a client of KGP servers (Kalah tournaments)
//! mancala uci                   Oware's UCI dialect (the Aualé GUI's)
//! mancala tournament GAME A B.. a round robin of computer players
//! mancala solve GAME            the exact value of a start position (or any)
//! mancala conformance FILE...   replay conformance traces
//! mancala replay GAME MOVE...   the position after each move
//! mancala bench [GAME...]       random playouts a second
//! mancala laps                  the work budget measured
//! ```
//!
//! `mancala COMMAND --help` says more of each.

#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use mancala_cli::bench::BenchArgs;
use mancala_cli::conformance::runner::ConformanceArgs;
use mancala_cli::engine::EngineArgs;
use mancala_cli::kgp::KgpArgs;
use mancala_cli::laps::LapsArgs;
use mancala_cli::play::PlayArgs;
use mancala_cli::solve::SolveArgs;
use mancala_cli::tournament::TournamentArgs;
use mancala_cli::uci::UciArgs;

/// Mancala-family games: play them, search them, solve them, check them.
#[derive(Debug, Parser)]
#[command(name = "mancala", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Games(mancala_cli::GamesArgs),
    Play(PlayArgs),
    Engine(EngineArgs),
    Kgp(KgpArgs),
    Uci(UciArgs),
    Tournament(TournamentArgs),
    Solve(SolveArgs),
    Conformance(ConformanceArgs),
    Replay(mancala_cli::ReplayArgs),
    Bench(BenchArgs),
    Laps(LapsArgs),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Games(args) => mancala_cli::games(&args, &mut io::stdout().lock()),
        Command::Play(args) => mancala_cli::play::main_with(&args),
        Command::Engine(args) => mancala_cli::engine::main_with(&args),
        Command::Kgp(args) => mancala_cli::kgp::main_with(&args),
        Command::Uci(args) => mancala_cli::uci::main_with(&args),
        Command::Tournament(args) => mancala_cli::tournament::main_with(&args),
        Command::Solve(args) => match mancala_cli::solve::solve(&args, &mut io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                let _ = writeln!(io::stderr(), "error: {message}");
                ExitCode::FAILURE
            }
        },
        Command::Conformance(args) => {
            mancala_cli::conformance::runner::main_with(&args, &mut io::stdout())
        }
        Command::Replay(args) => mancala_cli::replay(&args, &mut io::stdout().lock()),
        Command::Bench(args) => mancala_cli::bench::main_with(&args),
        Command::Laps(args) => mancala_cli::laps::main_with(&args),
    }
}
