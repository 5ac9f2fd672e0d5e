//! The `solve` command: the exact value of a game's start position (the
//! solvers are [`mancala_engine::solve`] and [`mancala_engine::kalah_solve`]).

use std::io::Write;

use clap::Parser;

use mancala_core::Mancala;
use mancala_engine::AnyGame;
use mancala_engine::kalah_solve::KalahSolver;
use mancala_engine::solve::{
    DEFAULT_KALAH_ENDGAME_MB, Progress, Solution, Solver, mancala_banked, mancala_split, solvable,
};

use crate::game_arg::OptionPairs;

/// The exact value of a game's start position under perfect play, and
/// the best first moves.
///
/// GAME is kalah or a catalogue game whose rules make the value a plain
/// margin (oware is refused: its repetition rule makes values depend on
/// the history). The options are the conformance runner's for the game:
/// `--option houses=6 --option seeds=4 --option empty_capture=true` is
/// Kalah(6,4) with the empty-capture rule.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala solve")]
pub struct SolveArgs {
    /// The game.
    pub game: String,
    /// A rule option KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub tt_mb: u64,
    /// Endgame table size in MiB (default: Kalah's own solver 32, at most a
    /// third of the seeds; the generic one 0).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=1 << 12))]
    pub endgame_mb: Option<u64>,
    /// A folder of Kalah tablebases (built by the `tablebase` example): the
    /// table of the game's board and capture rule answers every position
    /// of up to its seeds on the board (Kalah's own solver only).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<std::path::PathBuf>,
    /// The generic solver over the Game trait even where Kalah's own
    /// applies.
    #[arg(long)]
    pub generic: bool,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// The `solve` command on `args` (its arguments, without the program's
/// name), writing its results to `out` and its progress lines to stderr.
///
/// # Errors
///
/// The message for a bad argument (clap's, with the usage), an unknown or
/// unsolvable game, or a failed write.
pub fn cli(args: impl IntoIterator<Item = String>, out: &mut impl Write) -> Result<(), String> {
    let args = SolveArgs::try_parse_from(std::iter::once("solve".to_string()).chain(args))
        .map_err(|e| e.render().to_string())?;
    solve(&args, out)
}

/// The `solve` command: solves as `args` ask, writing the results to `out`.
///
/// # Errors
///
/// As [`cli`].
pub fn solve(args: &SolveArgs, out: &mut impl Write) -> Result<(), String> {
    let game = solvable_game(args)?;
    let tt_mb = args.tt_mb as usize;
    let endgame_mb = args.endgame_mb.map(|mb| mb as usize);
    let fast = if args.generic {
        None
    } else {
        let endgame = match (&args.tablebase, endgame_mb) {
            (_, Some(mb)) => mb << 20,
            (Some(_), None) => 0,
            (None, None) => {
                KalahSolver::default_endgame_bytes(&game, DEFAULT_KALAH_ENDGAME_MB << 20)
            }
        };
        KalahSolver::new(&game, tt_mb << 20, endgame)
    };
    let fast = match (fast, &args.tablebase) {
        (Some(solver), Some(dir)) => Some(with_tablebase(solver, &game, dir, args.quiet)?),
        (None, Some(_)) => {
            return Err("--tablebase: only Kalah's own solver reads tablebases \
                 (Kalah on 1 to 8 houses, without --generic)"
                .into());
        }
        (fast, None) => fast,
    };
    let solution = match fast {
        Some(solver) => kalah_solve(solver, &game, args.quiet),
        None => generic_solve(&game, tt_mb, endgame_mb.unwrap_or(0), args.quiet)?,
    };
    let best: Vec<String> = solution.best.iter().map(|m| m.to_string()).collect();
    let secs = solution.elapsed.as_secs_f64();
    writeln!(
        out,
        "best first moves: {}\n{} nodes in {:.2} s ({:.2} M nodes/s)\nvalue {}",
        best.join(" "),
        solution.nodes,
        secs,
        solution.nodes as f64 / secs.max(1e-9) / 1e6,
        solution.value
    )
    .map_err(|e| e.to_string())
}

/// The start of the game `args` name under their options, if its value is
/// solved here: a sowing game of rules ([`AnyGame::sowing`]) that
/// [`solvable`] takes.
fn solvable_game(args: &SolveArgs) -> Result<Mancala, String> {
    let name = &args.game;
    let options = OptionPairs::parse(&args.options)
        .map_err(|e| e.to_string())?
        .text();
    let game = AnyGame::new(name, &options).map_err(|e| format!("cannot solve {name:?}: {e}"))?;
    let Some(game) = game.sowing() else {
        return Err(format!(
            "cannot solve {name:?}: not solved exactly: only the sowing games of rules are, \
             and {name} has state of its own"
        ));
    };
    if !solvable(game.rules()) {
        return Err(format!(
            "{name}: these rules are not solved exactly: a majority end, a repetition rule, \
             relays or passing make the value depend on more than the holes, and captures \
             other than Kalah's opposite capture may let a game without a repetition rule \
             go round for ever"
        ));
    }
    Ok(game.clone())
}

/// `solver` reading the tablebase of `game`'s board and capture rule from
/// `dir`, within the memory this machine has free.
fn with_tablebase(
    solver: KalahSolver,
    game: &Mancala,
    dir: &std::path::Path,
    quiet: bool,
) -> Result<KalahSolver, String> {
    use mancala_engine::tablebase::{Kind, Tablebase, available_memory};
    let kind = Kind::of(game.rules()).ok_or("--tablebase: not a Kalah with tablebases")?;
    let memory = available_memory().map_or(u64::MAX, |m| m.saturating_sub(solver.bytes().0 as u64));
    let started = std::time::Instant::now();
    let table = Tablebase::find(dir, kind, memory)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("--tablebase: no {} in {}", kind.file_name(), dir.display()))?;
    if !quiet {
        eprintln!(
            "tablebase {}: every position of up to {} seeds on the board, {} MB, read in {:.1} s",
            kind.file_name(),
            table.seeds(),
            table.positions() >> 20,
            started.elapsed().as_secs_f64()
        );
    }
    solver.with_tablebase(&table).map_err(|e| e.to_string())
}

/// `game` solved by Kalah's own solver.
fn kalah_solve(solver: KalahSolver, game: &Mancala, quiet: bool) -> Solution<mancala_core::Move> {
    if !quiet {
        let (tt, endgame) = solver.bytes();
        eprintln!(
            "Kalah's own solver: table {} MB, endgame table of up to {} seeds on the board, {} MB",
            tt >> 20,
            solver.endgame_seeds(),
            endgame >> 20
        );
    }
    let mut solver = if quiet {
        solver
    } else {
        solver.with_progress(report)
    };
    solver.solve(game)
}

/// A progress line on stderr.
fn report(p: &Progress) {
    eprintln!("{p}");
    if p.proved() {
        eprintln!("value {} proved; testing which first moves keep it", p.low);
    }
}

/// `game` solved by the generic [`Solver`].
fn generic_solve(
    game: &Mancala,
    tt_mb: usize,
    endgame_mb: usize,
    quiet: bool,
) -> Result<Solution<mancala_core::Move>, String> {
    let mut solver = Solver::new(tt_mb << 20).with_split(mancala_split, mancala_banked);
    if let Some(mut table) = mancala_engine::endgame::Endgame::largest(game, endgame_mb << 20) {
        if !quiet {
            eprintln!(
                "endgame table: positions of up to {} seeds on the board, {} MB",
                table.max_seeds(),
                table.bytes() >> 20
            );
        }
        solver = solver.with_endgame(move |g: &Mancala| table.value(g));
    }
    if !quiet {
        solver = solver.with_progress(report);
    }
    solver.solve(game).map_err(|e| e.to_string())
}
