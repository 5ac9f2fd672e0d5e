//! Replays conformance traces and compares every state. The trace format,
//! and what passes or fails, are documented in `mancala_examples::conformance`
//! (`examples/src/conformance.rs`).
//!
//! ```text
//! cargo run --release --example conformance -- [--budget SEEDS|none] FILE.jsonl...
//! ```
//!
//! Prints `N passed, M failed` per file and in total, and for each failure the
//! line, the first differing move and the differing fields. Exits with 0 when
//! everything passed, 1 if a trace failed, 2 if a file could not be read.
//!
//! Relays are decided within the runner's work budget (`--budget`, default
//! `mancala_core::Budget::DEFAULT`, each build and move its own), never
//! one a trace names: traces from strangers are answered in bounded time,
//! and `--budget none` decides exactly whatever it takes.

use std::process::ExitCode;

use mancala_core::Budget;

const USAGE: &str = "usage: conformance [--budget SEEDS|none] FILE.jsonl...";

fn main() -> ExitCode {
    let mut files: Vec<String> = Vec::new();
    let mut budget = Budget::DEFAULT;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--budget" => match args.next().as_deref() {
                Some("none") => budget = Budget::UNLIMITED,
                Some(n) => match n.parse() {
                    Ok(n) => budget = Budget::seeds(n),
                    Err(_) => {
                        eprintln!("--budget takes a number of seeds or none, not {n}\n{USAGE}");
                        return ExitCode::from(2);
                    }
                },
                None => {
                    eprintln!("--budget takes a number of seeds or none\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ => files.push(arg),
        }
    }
    if files.is_empty() || files.iter().any(|f| f == "-h" || f == "--help") {
        eprintln!("{USAGE}");
        eprintln!("Replays each trace (one game a line, JSON Lines) and compares every state.");
        eprintln!(
            "The format: the docs of mancala_examples::conformance (examples/src/conformance.rs)."
        );
        eprintln!(
            "Relays are decided within --budget seeds sown a call (default {}), never a trace's.",
            Budget::DEFAULT
        );
        return ExitCode::from(2);
    }
    let (mut passed, mut failed, mut unreadable) = (0usize, 0usize, false);
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: cannot read: {e}");
                unreadable = true;
                continue;
            }
        };
        let (mut ok, mut bad) = (0usize, 0usize);
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            // Strict: a key twice, or a key the format does not define, is
            // a failure.
            let result = mancala_examples::replay_line_within(line, budget);
            match result {
                Ok(()) => ok += 1,
                Err(f) => {
                    bad += 1;
                    let at = f
                        .ply
                        .map_or(String::new(), |p| format!(" (first differing move: {p})"));
                    println!("{file}:{}: FAILED{at}: {}", n + 1, f.message);
                }
            }
        }
        println!("{file}: {ok} passed, {bad} failed");
        passed += ok;
        failed += bad;
    }
    println!("total: {passed} passed, {failed} failed");
    if unreadable {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
