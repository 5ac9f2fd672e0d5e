//! The exact value of a game's start position under perfect play.
//!
//! ```text
//! cargo run --release --example solve -- GAME [--option KEY=VALUE]... [--tt-mb N] [--endgame-mb N] [--generic] [--quiet]
//! ```
//!
//! GAME is `kalah`; the options are the conformance runner's for it
//! (`houses`, `seeds`, `empty_capture`, and every rule key of the core's
//! option words, such as `capture` or `extra_turn`), so that
//! `--option houses=6 --option seeds=4 --option empty_capture=true` is
//! Kalah(6,4) with the empty-capture rule. Any rules without a majority end,
//! a repetition rule, relays or passing are accepted; others are refused
//! with the reason (their value depends on the game's history or is not a
//! plain margin; see `mancala_examples::solve`). `oware` is a known name
//! and refused for that reason.
//!
//! For Kalah (any houses and seeds, either capture rule, everything else
//! as the preset) the solve runs on Kalah's own solver
//! (`mancala_examples::kalah_solve`: a compact position, exact keys, its
//! own endgame table); `--generic` runs the generic solver over the `Game`
//! trait instead (`mancala_examples::solve`), as for any other rules.
//! The transposition table takes at most `--tt-mb` MiB (default 1024).
//! With `--endgame-mb N` an endgame table of at most N MiB holds the exact
//! value of every position with few enough seeds on the board, worked out
//! on demand: fewer nodes, but each of its positions costs a full search of
//! its moves. The default for Kalah's own solver is 32 MiB and at most a
//! third of the seeds (16 seeds on the
//! board for six houses: 13 to 18 seeds measured within 15% of each other
//! on Kalah(6,4), fewer nodes but more table work as it grows; with the
//! default table, about 1.1 GB in all) and 0 (none) for the generic one.
//! During the solve, a progress line goes to stderr after each null-window
//! search (pass, bound, what is proved, deepest ply, nodes, nodes/s,
//! elapsed), unless `--quiet`. On stdout: the best first moves, the nodes
//! and time, and last, exactly, `value V`: the first player's final margin
//! (his seeds minus the other's) under perfect play.
//!
//! Irving, Donkers and Uiterwijk (2000) found Kalah(6,4) a first-player win
//! by 10 with the empty-capture rule.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut out = std::io::stdout();
    match mancala_examples::solve::cli(std::env::args().skip(1), &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
