//! The interactive player behind `mancala play`: a human (or several, or
//! nobody) against the search agent, on any game of the registry
//! ([`mancala_engine::GAMES`]).
//!
//! One game loop, [`run`], plays every game through the [`Game`](mancala_core::Game) trait; each
//! game as the terminal shows it (the private trait `TerminalGame`) gives its names, its board with hole
//! numbers, how a human writes a move, its reports in words and why it
//! ended. [`run`] reads commands from any [`BufRead`] and writes to any
//! [`Write`], so it can be tested without a terminal; [`main_with`] is
//! the command, with its exit status.

mod boards;
mod four_row_terminal;
mod game_loop;
mod mankka_terminal;
mod numa_terminal;
mod numercy_terminal;
mod robertson_terminal;
mod round_terminal;
mod sowing;
pub(crate) mod terminal_game;
mod text;
mod toguz_terminal;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, ValueEnum};
use mancala_core::Player;

use mancala_engine::{AnyGame, Limits, Memory, NewGameError, Registered};

use crate::game_arg::{GameArg, OptionPairs};
use game_loop::{Computer, Console, Players, play_game};
use terminal_game::TerminalGame;

/// Plies (turns in Numa) after which a game is stopped and scored as it
/// stands.
pub const MAX_PLIES: usize = 2_000;

/// Robertson's board layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Layout {
    /// Two rows of six, two players.
    TwoRow,
    /// Three rows of six, three players.
    Triangle,
    /// Six rows of six, two players with three rows each.
    Hexagon,
}

/// Mankka's variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// Mankka One.
    One,
    /// Mankka Two.
    Two,
}

/// Play a mancala game against the computer, or watch it play itself.
///
/// You play South (or the first seat) against the computer unless you ask
/// otherwise: `--seat 1` to move second, `--humans` for people at every
/// seat, `--auto` to watch. Every board shows its hole numbers. At your turn
/// type your move (a hole number; Mankka's opening: a placement such as
/// `1+1+1+1+1+1`; Numa: a choice such as `pentagon-red+square-blue` or
/// `p-r+s-b`), or `hint` (the computer's suggestion), `undo` (back to before
/// your last move), `help`, `quit`.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala play")]
pub struct PlayArgs {
    /// The game.
    #[arg(value_enum, default_value = "oware")]
    pub game: GameArg,
    /// Computer against computer.
    #[arg(long, conflicts_with_all = ["humans", "seat"])]
    pub auto: bool,
    /// Humans take turns at every seat.
    #[arg(long, conflicts_with = "seat")]
    pub humans: bool,
    /// Your seat, from 0 (moves first; South, or Arabic in Numa) to the
    /// number of players less one: `--seat 1` moves second. The computer
    /// plays the others.
    #[arg(long, value_name = "N")]
    pub seat: Option<usize>,
    /// Random seed (Numa's computer players; Numercy's operator row with
    /// --holes).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The search's node budget per move.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Holes in each row, for a game with a `holes` option (Numercy,
    /// 2..=13; its operators then drawn at random from --seed unless given).
    #[arg(long)]
    pub holes: Option<u8>,
    /// The board layout, for a game with a `layout` option (Robertson's).
    #[arg(long, value_enum)]
    pub layout: Option<Layout>,
    /// The variant, for a game with a `variant` option (Mankka's; Mankka
    /// Two by default).
    #[arg(long, value_enum)]
    pub variant: Option<Variant>,
    /// Any option of the game by its key (`mancala games --options GAME`
    /// lists them), as KEY=VALUE (repeatable; VALUE as the options text
    /// writes it), e.g. `--option grand_slam=forbid`, `--option seeds=5`,
    /// `--option operators=x,x,x,x,x,x,x`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this position, in the game's notation (as `mancala
    /// replay` prints positions, and the game's rules: a late round of a
    /// match, say), instead of the opening.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
}

/// The options of `args`: the game's own words for play
/// ([`GameInfo::play_options`]), the shortcut options (`--holes`,
/// `--layout`, `--variant`: each sets the game's option of that key, and a
/// game without one refuses it), then the `--option` pairs (a later one
/// wins).
///
/// [`GameInfo::play_options`]: mancala_engine::GameInfo::play_options
fn option_pairs(args: &PlayArgs) -> Result<OptionPairs, String> {
    let info = args.game.0;
    let own: Vec<&str> = info.play_options.split_whitespace().collect();
    let mut pairs = OptionPairs::parse(&own).map_err(|e| e.to_string())?;
    let layout = args.layout.map(|layout| match layout {
        Layout::TwoRow => "two-row",
        Layout::Triangle => "triangle",
        Layout::Hexagon => "hexagon",
    });
    let variant = args.variant.map(|variant| match variant {
        Variant::One => "one",
        Variant::Two => "two",
    });
    let holes = args.holes.map(|h| h.to_string());
    let shortcuts = [
        ("holes", holes.as_deref()),
        ("layout", layout),
        ("variant", variant),
    ];
    for (key, value) in shortcuts {
        let Some(value) = value else { continue };
        if !info.keys.contains(&key) {
            return Err(format!("--{key}: {} has no `{key}` option", info.name));
        }
        pairs.set(key, value);
    }
    let given = OptionPairs::parse(&args.options).map_err(|e| e.to_string())?;
    for (key, value) in given.pairs() {
        pairs.set(key, value);
    }
    Ok(pairs)
}

/// Why [`run`] stopped before or during a game.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The arguments ask for no game that can be played: a bad `--option`,
    /// a seat the game does not have. [`main_with`] prints it to stderr as clap
    /// prints its own errors, and exits with status 2.
    #[error("{0}")]
    Usage(String),
    /// Reading the input or writing the output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The program: reads the arguments (clap prints its own errors and
/// `--help`), plays on stdin and stdout, and returns the exit status; a
/// [`RunError::Usage`] is printed to stderr like clap's errors, with status
/// 2.
pub fn main_with(args: &PlayArgs) -> ExitCode {
    match run(args, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(RunError::Usage(message)) => PlayArgs::command()
            .error(ErrorKind::InvalidValue, message)
            .exit(),
        // The reader went away (`play | head`): nothing left to say.
        Err(RunError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(RunError::Io(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The game's computer player ([`Registered::computer`], the one every
/// face asks) within `nodes` positions a move, as a [`Computer`], with a
/// [`Memory`] of its own kept from move to move (Kalah's search table).
fn searcher<'a, G: Registered>(nodes: u64) -> Computer<'a, G> {
    let limits = Limits::nodes(nodes);
    let mut memory = Memory::default();
    Box::new(move |game: &G, p: Player| {
        game.computer(p, &limits, Some(&mut memory), &mut |_| {})
            .ok()
            .flatten()
            .map(|found| found.best)
    })
}

/// The computer player as the computer and as the adviser.
fn searchers<'a, G: Registered>(nodes: u64) -> Players<'a, G> {
    Players {
        computer: searcher(nodes),
        adviser: searcher(nodes),
    }
}

/// A refusal of the options, as a usage error.
fn invalid(e: impl std::fmt::Display) -> RunError {
    RunError::Usage(format!("invalid --option: {e}"))
}

/// Plays one game as `args` ask, reading commands from `input` and writing
/// everything to `output`. End of input ends the game quietly.
///
/// # Errors
///
/// [`RunError::Usage`] before anything is written if the options make no
/// game or the seat is not the game's; [`RunError::Io`] if reading `input`
/// or writing `output` fails.
pub fn run(
    args: &PlayArgs,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), RunError> {
    let pairs = option_pairs(args).map_err(invalid)?;
    let nodes = args.nodes;
    let mut game = AnyGame::new(args.game.name(), &pairs.text()).map_err(|e| match e {
        NewGameError::Option(e) => invalid(e),
        NewGameError::Refused(e) => invalid(e),
        e => invalid(e),
    })?;
    if let Some(text) = &args.position {
        game.set_position(text.trim())
            .map_err(|e| RunError::Usage(format!("invalid --position: {e}")))?;
    }
    let console = Console {
        input: &mut input,
        out: &mut output,
    };
    mancala_engine::each_game!(move game, game => {
        // A position given is played as it is; else the opening is
        // dealt (Numercy's operators drawn from the seed).
        let game = match args.position {
            Some(_) => game,
            None => game.deal(args.seed, &pairs).map_err(invalid)?,
        };
        play_game(args, game, searchers(nodes), console)
    })
}
