//! Fuzz target `engine_protocol`: arbitrary bytes as the input of the
//! `engine` line protocol (`mancala_cli::engine::run`), the way a GUI
//! or a stranger on a socket would send them. Every `go` line gets a node
//! limit of 64 put in front of its own limits (which are still read: a
//! second `nodes` is refused as given twice), so that searches stay short;
//! everything else goes through as it is. `run` must finish without an
//! error (only input and output failures are errors), and every line it
//! writes must be one of the protocol's answers, a refusal a short line
//! without control characters.

#![no_main]

use libfuzzer_sys::fuzz_target;

/// The first words of the protocol's answer lines.
const ANSWERS: [&str; 7] = [
    "ok", "error", "legal", "position", "status", "info", "bestmove",
];

fuzz_target!(|data: &[u8]| {
    // Lines as bytes (not necessarily UTF-8: the engine must refuse those).
    let mut input = Vec::with_capacity(data.len() + 64);
    for line in data.split(|&b| b == b'\n') {
        let trimmed = line.trim_ascii_start();
        if trimmed.starts_with(b"go") {
            input.extend_from_slice(b"go nodes 64 ");
            input.extend_from_slice(trimmed.get(2..).unwrap_or_default());
        } else {
            input.extend_from_slice(line);
        }
        input.push(b'\n');
    }
    let mut output = Vec::new();
    mancala_cli::engine::run(&input[..], &mut output).expect("only I/O fails");
    let text = String::from_utf8(output).expect("the engine writes UTF-8");
    for line in text.lines() {
        let first = line.split(' ').next().unwrap_or_default();
        assert!(ANSWERS.contains(&first), "not an answer: {line:?}");
        if first == "error" {
            // A refusal is one tidy line, whatever input it quotes.
            assert!(!line.chars().any(char::is_control), "{line:?}");
            let limit = mancala_cli::protocol::MESSAGE_CHARS + 30;
            assert!(line.chars().count() <= limit, "{line:?}");
        }
    }
});
