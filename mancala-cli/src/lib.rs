//! The library behind the `mancala` command: one module per command
//! ([`play`], [`engine`], [`kgp`], [`uci`], [`tournament`], [`solve`],
//! [`conformance::runner`] for `conformance`, [`bench`](mod@bench),
//! [`laps`], and [`games`] and [`replay`] here), everything of the
//! conformance traces in one folder ([`conformance`]: the trace format, its
//! replay, the command and the game drivers), and the ratings of the
//! tournament ([`ratings`]).
//! The computer players and the registry of games are the `mancala-engine`
//! crate's.

#![forbid(unsafe_code)]

pub mod bench;
pub mod conformance;
pub mod engine;
pub mod game_arg;
pub mod kgp;
pub mod laps;
pub mod play;
pub mod playout;
pub mod protocol;
pub mod ratings;
pub mod solve;
pub mod tournament;
pub mod uci;

use std::io::Write;
use std::process::ExitCode;

/// List every game, one name a line (the registry,
/// `mancala_engine::GAMES`), or tell one game's rules and options.
#[derive(Clone, Debug, clap::Parser)]
#[command(name = "mancala games")]
pub struct GamesArgs {
    /// Also each game's title, option keys and rules in a sentence.
    #[arg(long)]
    pub long: bool,
    /// One game: its rules in words, and each option with its value in
    /// the game and a line of help.
    #[arg(value_enum)]
    pub game: Option<game_arg::GameArg>,
}

/// The `games` command: writes every game's name to `out`, one a line
/// (with `--long`, a paragraph each), or one game's rules and options.
pub fn games(args: &GamesArgs, out: &mut impl Write) -> ExitCode {
    let mut write = || -> std::io::Result<()> {
        if let Some(game) = args.game {
            return describe(game.0, out);
        }
        for game in &mancala_engine::GAMES {
            if args.long {
                writeln!(out, "{}: {}", game.name, game.title)?;
                writeln!(out, "  {}", game.summary)?;
                let keys = if game.keys.is_empty() {
                    "none".to_string()
                } else {
                    game.keys.join(", ")
                };
                writeln!(out, "  options: {keys}")?;
            } else {
                writeln!(out, "{}", game.name)?;
            }
        }
        Ok(())
    };
    match write() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// One game's title, rules and options (`mancala games GAME`).
fn describe(game: &mancala_engine::GameInfo, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "{} ({})", game.title, game.name)?;
    writeln!(out)?;
    // Every game of the registry builds with no options.
    if let Ok(start) = mancala_engine::AnyGame::new(game.name, "") {
        writeln!(out, "{}", start.rules_in_words())?;
        writeln!(out)?;
    }
    let options = game.options();
    if options.is_empty() {
        return writeln!(out, "No options.");
    }
    writeln!(
        out,
        "Options (KEY=VALUE words: `mancala play {} --option KEY=VALUE`):",
        game.name
    )?;
    for option in options {
        let default = option.default.as_deref().unwrap_or("-");
        writeln!(out, "  {} = {default}", option.key)?;
        writeln!(out, "      {}", option.help)?;
    }
    Ok(())
}

/// Play moves from the start (or from a position) and print the position
/// after each, in the game's one-line notation: a game record checked by
/// the library, or its positions for another program to compare.
#[derive(Clone, Debug, clap::Parser)]
#[command(name = "mancala replay")]
pub struct ReplayArgs {
    /// The game (`mancala games` lists them).
    pub game: String,
    /// The moves, as the game writes them (`3`, `pass`, Mankka's
    /// `1+1+1+1+1+1`, Numa's `CHOICE/CHOICE`); none reads them from standard
    /// input, one a line.
    pub moves: Vec<String>,
    /// Options text (`key=value ...`).
    #[arg(long, default_value = "")]
    pub options: String,
    /// Start from this position (the game's notation) instead.
    #[arg(long)]
    pub from: Option<String>,
}

/// The `replay` command: writes the start position, then the position
/// after each move, one a line, to `out`. Stops at the first move the game
/// refuses, with the reason on standard error and a failing exit code.
pub fn replay(args: &ReplayArgs, out: &mut impl Write) -> ExitCode {
    let game = match &args.from {
        Some(text) => mancala_engine::AnyGame::from_text(&args.game, text),
        None => mancala_engine::AnyGame::new(&args.game, &args.options),
    };
    let mut game = match game {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let moves: Vec<String> = if args.moves.is_empty() {
        std::io::stdin()
            .lines()
            .map_while(Result::ok)
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    } else {
        args.moves.clone()
    };
    if writeln!(out, "{game}").is_err() {
        return ExitCode::FAILURE;
    }
    for (i, mv) in moves.iter().enumerate() {
        if let Err(e) = game.play(mv) {
            eprintln!("error: move {} ({mv}): {e}", i + 1);
            return ExitCode::FAILURE;
        }
        if writeln!(out, "{game}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
