//! The `conformance` command: replays trace files and compares every
//! state. The trace format, and what passes or fails, are documented in
//! [`crate::conformance`].
//!
//! ```text
//! mancala conformance [--budget SEEDS|none] FILE.jsonl...
//! ```
//!
//! Prints `N passed, M failed` per file and in total, and for each failure
//! the line, the first differing move and the differing fields; on a
//! terminal, a progress bar over the traces. Exits with 0 when everything
//! passed, 1 if a trace failed, 2 if a file could not be read.
//!
//! Relays are decided within the runner's work budget (`--budget`, default
//! [`Budget::DEFAULT`], each build and move its own), never one a trace
//! names: traces from strangers are answered in bounded time, and
//! `--budget none` decides exactly whatever it takes.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::Budget;

/// Replay conformance traces (one game a line, JSON Lines) and compare
/// every state.
///
/// The format is in the docs of `mancala_cli::conformance`. Relays are
/// decided within --budget seeds sown a call, never within a budget a trace
/// names.
#[derive(Clone, Debug, Parser)]
#[command(name = "conformance")]
pub struct ConformanceArgs {
    /// The work budget of each build and move: a number of seeds, or
    /// `none` for no limit.
    #[arg(long, value_name = "SEEDS|none", value_parser = budget, default_value = "default")]
    pub budget: Budget,
    /// The trace files.
    #[arg(required = true, value_name = "FILE.jsonl")]
    pub files: Vec<String>,
}

/// Reads `--budget`.
fn budget(text: &str) -> Result<Budget, String> {
    match text {
        "none" => Ok(Budget::UNLIMITED),
        "default" => Ok(Budget::DEFAULT),
        n => n
            .parse()
            .map(Budget::seeds)
            .map_err(|_| format!("a number of seeds or `none`, not `{n}`")),
    }
}

/// The `conformance` command: replays `args.files`, writing the results to
/// `out`.
pub fn main_with(args: &ConformanceArgs, out: &mut impl Write) -> ExitCode {
    let mut texts = Vec::new();
    let mut unreadable = false;
    for file in &args.files {
        match std::fs::read_to_string(file) {
            Ok(text) => texts.push((file, text)),
            Err(e) => {
                eprintln!("{file}: cannot read: {e}");
                unreadable = true;
            }
        }
    }
    let total: usize = texts
        .iter()
        .map(|(_, t)| t.lines().filter(|l| !l.trim().is_empty()).count())
        .sum();
    // Drawn on stderr only when it is a terminal.
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{wide_bar} {pos}/{len} traces, {eta} left {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut write_failed = false;
    let mut say = |line: String| {
        // Above the bar, which is redrawn after.
        bar.suspend(|| write_failed |= writeln!(out, "{line}").is_err());
    };
    for (file, text) in &texts {
        bar.set_message(file.to_string());
        let (mut ok, mut bad) = (0usize, 0usize);
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            // Strict: a key twice, or a key the format does not define, is
            // a failure.
            match super::replay_line_within(line, args.budget) {
                Ok(()) => ok += 1,
                Err(f) => {
                    bad += 1;
                    let at = f
                        .ply
                        .map_or(String::new(), |p| format!(" (first differing move: {p})"));
                    say(format!("{file}:{}: FAILED{at}: {}", n + 1, f.message));
                }
            }
            bar.inc(1);
        }
        say(format!("{file}: {ok} passed, {bad} failed"));
        passed += ok;
        failed += bad;
    }
    say(format!("total: {passed} passed, {failed} failed"));
    bar.finish_and_clear();
    if write_failed {
        ExitCode::FAILURE
    } else if unreadable {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
