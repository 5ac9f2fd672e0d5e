//! Hostile lines in the line protocols that answer them (`engine`, UCI):
//! whatever a line holds, its refusal is one short line, the input it
//! quotes cut with its size said and its control characters escaped. (The
//! KGP client's log is checked the same way in `kgp_faults.rs`.)

use std::io::Cursor;

/// A word of 900,000 characters.
fn huge() -> String {
    "q".repeat(900_000)
}

/// Checks a refusal line: one line, short, without control characters,
/// quoting `quoted`.
fn check(line: &str, quoted: &str) {
    let head: String = line.chars().take(100).collect();
    assert!(line.chars().count() < 1100, "a long line: {head}");
    assert!(!line.chars().any(char::is_control), "{line:?}");
    assert!(line.contains(quoted), "{head}... does not quote {quoted:?}");
}

#[test]
fn engine_refusals_quote_input_short_and_escaped() {
    let huge = huge();
    let cut = "… (900000 bytes)`";
    // Each line, and what its refusal quotes (`new oware` is answered
    // `ok`; `position`'s refusal of the huge word quotes none of it).
    let lines = [
        (huge.clone(), Some(cut)),
        (format!("new {huge}"), Some(cut)),
        (format!("new kalah seeds={huge}"), Some(cut)),
        ("new oware".to_string(), None),
        (format!("position {huge}"), Some("bad position")),
        (format!("play {huge}"), Some(cut)),
        (format!("go {huge} 1"), Some(cut)),
        (
            "legal \u{0}\u{1b}[2J\u{7}".to_string(),
            Some("`\\u{0}\\u{1b}[2J\\u{7}`"),
        ),
        ("play 1\u{0}".to_string(), Some("`1\\u{0}`")),
    ];
    let input: String = lines.iter().map(|(line, _)| format!("{line}\n")).collect();
    let mut output = Vec::new();
    mancala_cli::engine::run(input.as_bytes(), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), lines.len());
    for ((_, quoted), answer) in lines.iter().zip(answers) {
        match quoted {
            None => assert_eq!(answer, "ok"),
            Some(quoted) => {
                assert!(answer.starts_with("error "), "{}", &answer[..60]);
                check(answer, quoted);
            }
        }
    }
}

#[test]
fn uci_refusals_quote_input_short_and_escaped() {
    let huge = huge();
    // A move list is read letter by letter: its first is quoted.
    let lines = [
        (huge.clone(), "… (900000 bytes)`"),
        (format!("position fen {huge}"), "… (900000 bytes)"),
        (
            format!("position startpos moves {huge}"),
            "move `q` (1 of 900000)",
        ),
        (format!("go {huge} 1"), "… (900000 bytes)`"),
        (format!("debug {huge}"), "… (900000 bytes)`"),
        (
            "isready \u{0}\u{1b}[2J\u{7}".to_string(),
            "`\\u{0}\\u{1b}[2J\\u{7}`",
        ),
    ];
    let input: String = lines.iter().map(|(line, _)| format!("{line}\n")).collect();
    let mut output = Vec::new();
    mancala_cli::uci::serve(Cursor::new(input.into_bytes()), &mut output).unwrap();
    let output = String::from_utf8(output).unwrap();
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), lines.len());
    for ((_, quoted), answer) in lines.iter().zip(answers) {
        assert!(
            answer.starts_with("info string error "),
            "{}",
            &answer[..60]
        );
        check(answer, quoted);
    }
}
