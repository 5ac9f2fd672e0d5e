//! The `solve` command: the exact value of a game's start position, or of
//! any position (`--position`), and of each position of the line perfect
//! play follows from it (`--along`). The solvers are
//! [`mancala_engine::solve`] and [`mancala_engine::kalah_solve`].

use std::io::Write;

use clap::Parser;

use mancala_core::{Game, Mancala, Move};
use mancala_engine::AnyGame;
use mancala_engine::kalah_solve::KalahSolver;
use mancala_engine::solve::{
    DEFAULT_KALAH_ENDGAME_MB, Progress, Solution, Solver, mancala_banked, mancala_split, solvable,
};
use mancala_engine::tablebase::Tablebase;

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
    /// Enhanced transposition cutoffs only at nodes with more seeds than
    /// this on the board (Kalah's own solver only; default its
    /// `DEFAULT_ETC_SEEDS`).
    #[arg(long, value_name = "SEEDS")]
    pub etc_seeds: Option<u32>,
    /// The transposition table only at nodes with more than this many
    /// seeds beyond the endgame table's (Kalah's own solver only; default
    /// its `DEFAULT_TT_MARGIN`).
    #[arg(long, value_name = "SEEDS")]
    pub tt_margin: Option<u32>,
    /// Searches to 2, 4, ... plies below this before the search to the
    /// end (Kalah's own solver only; default its `DEFAULT_DEEPENING` on
    /// positions of more than `DEEPENING_SEEDS` seeds beyond the endgame
    /// table's, else 0).
    #[arg(long, value_name = "PLIES")]
    pub deepening: Option<u32>,
    /// Opens the tablebase rather than reading it whole: the first answer
    /// comes at once and the memory stays small, but each probe the cache
    /// misses is a read of the file.
    #[arg(long, requires = "tablebase")]
    pub open: bool,
    /// Solves this position (in the game's notation, as the engine
    /// protocol's `position` and `mancala play` write it) rather than the
    /// start.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Then plays the first best move and solves the position it leads
    /// to, to the end of the game: one line a position, with its time.
    #[arg(long)]
    pub along: bool,
    /// Also solves the position each legal move leads to: one line a move,
    /// with its value (the first player's margin, as `value` gives it),
    /// so the cost of every other move shows.
    #[arg(long)]
    pub moves: bool,
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
        KalahSolver::new(&game, tt_mb << 20, endgame).map(|solver| {
            let solver = match args.etc_seeds {
                Some(seeds) => solver.with_etc_seeds(seeds),
                None => solver,
            };
            let solver = match args.tt_margin {
                Some(seeds) => solver.with_tt_margin(seeds),
                None => solver,
            };
            match args.deepening {
                Some(plies) => solver.with_deepening(plies),
                None => solver,
            }
        })
    };
    let (fast, table) = match (fast, &args.tablebase) {
        (Some(solver), Some(dir)) => {
            let (solver, table) = with_tablebase(solver, &game, dir, args)?;
            (Some(solver), Some(table))
        }
        (None, Some(_)) => {
            return Err("--tablebase: only Kalah's own solver reads tablebases \
                 (Kalah on 1 to 8 houses, without --generic)"
                .into());
        }
        (fast, None) => (fast, None),
    };
    let mut solve: Box<SolveFn> = match fast {
        Some(solver) => {
            let mut solver = kalah_solver(solver, args.quiet);
            Box::new(move |game| {
                let solution = solver.solve(game);
                // A value its opened table could not give is void.
                match &table {
                    Some(table) => table.fault().map(|()| solution).map_err(|e| e.to_string()),
                    None => Ok(solution),
                }
            })
        }
        None => {
            let mut solver = generic_solver(&game, tt_mb, endgame_mb.unwrap_or(0), args.quiet);
            Box::new(move |game| solver.solve(game).map_err(|e| e.to_string()))
        }
    };
    let solution = solve(&game)?;
    write_solution(out, &solution)?;
    if args.moves {
        each_move(&game, &mut solve, out)?;
    }
    if args.along {
        along(&game, solution, &mut solve, out)?;
    }
    Ok(())
}

/// A solver of positions: a solution, or why there is none.
type SolveFn = dyn FnMut(&Mancala) -> Result<Solution<Move>, String>;

/// The result lines of a solve.
fn write_solution(out: &mut impl Write, solution: &Solution<Move>) -> Result<(), String> {
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

/// `--moves`: each legal move of `game` with the value of the position
/// it leads to, a line each (`move M: value V, N nodes in T s`).
fn each_move(game: &Mancala, solve: &mut SolveFn, out: &mut impl Write) -> Result<(), String> {
    for &mv in game.legal_moves().iter() {
        let mut child = game.clone();
        child.play(mv).map_err(|e| e.to_string())?;
        let solution = solve(&child)?;
        writeln!(
            out,
            "move {mv}: value {}, {} nodes in {:.3} s",
            solution.value,
            solution.nodes,
            solution.elapsed.as_secs_f64()
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// `--along`: from `game`, whose `solution` is known, plays the first best
/// move and solves the next position, to the end of the game; a line each
/// (the ply, the value, the best moves, the nodes and the time), then the
/// slowest. Each value must be the first's: perfect play keeps it.
fn along(
    game: &Mancala,
    mut solution: Solution<Move>,
    solve: &mut SolveFn,
    out: &mut impl Write,
) -> Result<(), String> {
    let value = solution.value;
    let mut game = game.clone();
    let (mut ply, mut slowest) = (0u32, (0.0f64, 0u32));
    while let Some(&mv) = solution.best.first() {
        game.play(mv).map_err(|e| e.to_string())?;
        ply += 1;
        if game.is_over() {
            break;
        }
        solution = solve(&game)?;
        let secs = solution.elapsed.as_secs_f64();
        if secs > slowest.0 {
            slowest = (secs, ply);
        }
        let best: Vec<String> = solution.best.iter().map(|m| m.to_string()).collect();
        writeln!(
            out,
            "ply {ply}: value {}, best {}, {} nodes in {secs:.3} s",
            solution.value,
            best.join(" "),
            solution.nodes
        )
        .map_err(|e| e.to_string())?;
        if solution.value != value {
            return Err(format!(
                "ply {ply}: the value {} is not the start's {value}",
                solution.value
            ));
        }
    }
    writeln!(
        out,
        "{ply} plies to the end; the slowest, ply {}, took {:.3} s",
        slowest.1, slowest.0
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
    let mut game =
        AnyGame::new(name, &options).map_err(|e| format!("cannot solve {name:?}: {e}"))?;
    if let Some(text) = &args.position {
        game.set_position(text)
            .map_err(|e| format!("--position {text:?}: {e}"))?;
    }
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
    args: &SolveArgs,
) -> Result<(KalahSolver, Tablebase), String> {
    use mancala_engine::tablebase::{Kind, available_memory};
    let kind = Kind::of(game.rules()).ok_or("--tablebase: not a Kalah with tablebases")?;
    let memory = available_memory().map_or(u64::MAX, |m| m.saturating_sub(solver.bytes().0 as u64));
    let started = std::time::Instant::now();
    let table = if args.open {
        Tablebase::open_in(dir, kind)
    } else {
        Tablebase::find(dir, kind, memory)
    };
    let table = table
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("--tablebase: no {} in {}", kind.file_name(), dir.display()))?;
    if !args.quiet {
        eprintln!(
            "tablebase {}: every position of up to {} seeds on the board, {} MB, {} in {:.1} s",
            kind.file_name(),
            table.seeds(),
            table.positions() >> 20,
            if args.open { "opened" } else { "read" },
            started.elapsed().as_secs_f64()
        );
    }
    let solver = solver.with_tablebase(&table).map_err(|e| e.to_string())?;
    Ok((solver, table))
}

/// Kalah's own solver, telling its tables and (unless `quiet`) its
/// progress on stderr.
fn kalah_solver(solver: KalahSolver, quiet: bool) -> KalahSolver {
    if !quiet {
        let (tt, endgame) = solver.bytes();
        eprintln!(
            "Kalah's own solver: table {} MB, endgame table of up to {} seeds on the board, {} MB",
            tt >> 20,
            solver.endgame_seeds(),
            endgame >> 20
        );
    }
    if quiet {
        solver
    } else {
        solver.with_progress(report)
    }
}

/// A progress line on stderr.
fn report(p: &Progress) {
    eprintln!("{p}");
    if p.proved() {
        eprintln!("value {} proved; testing which first moves keep it", p.low);
    }
}

/// The generic [`Solver`] for `game`'s rules, with an endgame table of
/// `endgame_mb`.
fn generic_solver(game: &Mancala, tt_mb: usize, endgame_mb: usize, quiet: bool) -> Solver<Mancala> {
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
    solver
}
