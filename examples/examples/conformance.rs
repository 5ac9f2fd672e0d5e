//! Replays conformance traces and compares every state. The trace format,
//! and what passes or fails, are documented in `mancala_examples::conformance`
//! (`examples/src/conformance.rs`).
//!
//! ```text
//! cargo run --release --example conformance -- FILE.jsonl...
//! ```
//!
//! Prints `N passed, M failed` per file and in total, and for each failure the
//! line, the first differing move and the differing fields. Exits with 0 when
//! everything passed, 1 if a trace failed, 2 if a file could not be read.

use std::process::ExitCode;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|f| f == "-h" || f == "--help") {
        eprintln!("usage: conformance FILE.jsonl...");
        eprintln!("Replays each trace (one game a line, JSON Lines) and compares every state.");
        eprintln!(
            "The format: the docs of mancala_examples::conformance (examples/src/conformance.rs)."
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
            let result = mancala_examples::replay_line(line);
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
