//! Fuzz target `play_options`: arbitrary `--option` arguments for `play`,
//! read by `mancala_cli::game_arg::OptionPairs::parse` and checked against
//! a reference reader written out here (split at the first `=`, key and
//! value trimmed, the key not empty, the value one word, no key twice),
//! naming the first bad argument the same way; then the
//! player is run on them for an arbitrary game (humans at every seat, no
//! input), from an arbitrary `--position` or none: it must build the game
//! or refuse with a usage error `invalid --option: ...` (exactly the
//! reader's message when the reader refused) or `invalid --position: ...`,
//! having written nothing, and never panic.

#![no_main]

use std::io::Cursor;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use mancala_cli::game_arg::{GameArg, OptionArgError, OptionPairs};
use mancala_cli::play::{PlayArgs, RunError, run};

#[derive(Arbitrary, Debug)]
struct Input {
    game: u8,
    pairs: Vec<String>,
    position: Option<String>,
}

/// The reference reader: the options text the pairs make.
fn expected(pairs: &[String]) -> Result<String, OptionArgError> {
    let mut words: Vec<(String, String)> = Vec::new();
    for pair in pairs {
        let Some(at) = pair.find('=') else {
            return Err(OptionArgError::NoValue(pair.clone()));
        };
        let key = pair[..at].trim();
        let value = pair[at + 1..].trim();
        if key.is_empty() {
            return Err(OptionArgError::NoKey(pair.clone()));
        }
        if value.chars().any(char::is_whitespace) {
            return Err(OptionArgError::Spaced(pair.clone()));
        }
        if words.iter().any(|(k, _)| k == key) {
            return Err(OptionArgError::Twice(key.to_string()));
        }
        words.push((key.to_string(), value.to_string()));
    }
    let words: Vec<String> = words.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Ok(words.join(" "))
}

/// Whether `text` holds a number above 64 (large counts can make relays
/// long: such options are read, not played).
fn large(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|d| d.len() > 2 || d.parse::<u32>().is_ok_and(|n| n > 64))
}

fuzz_target!(|input: Input| {
    let pairs: Vec<String> = input.pairs.into_iter().take(16).collect();
    let read = OptionPairs::parse(&pairs).map(|p| p.text());
    assert_eq!(read, expected(&pairs), "{pairs:?}");
    if read.as_deref().is_ok_and(large) {
        return;
    }
    // Every game of the registry.
    let games = &mancala_engine::GAMES;
    let game = GameArg(&games[usize::from(input.game) % games.len()]);
    let args = PlayArgs {
        game,
        auto: false,
        humans: true,
        seat: None,
        seed: 1,
        nodes: 1,
        holes: None,
        layout: None,
        variant: None,
        options: pairs,
        position: input.position,
    };
    let mut out = Vec::new();
    let ran = run(&args, Cursor::new(Vec::new()), &mut out);
    let out = String::from_utf8(out).expect("the player writes UTF-8");
    match (read, ran) {
        (Err(e), Err(RunError::Usage(message))) => {
            assert_eq!(message, format!("invalid --option: {e}"));
            assert!(out.is_empty(), "{out}");
        }
        (Ok(_), Err(RunError::Usage(message))) => {
            let option = message.starts_with("invalid --option: ");
            let position = args.position.is_some() && message.starts_with("invalid --position: ");
            assert!(option || position, "{message}");
            assert!(out.is_empty(), "{out}");
        }
        // With no input the game waits for its first move, unless it is
        // over from the start (no legal move: it says so, with the result).
        (Ok(_), Ok(())) => assert!(
            out.ends_with("End of input.\n")
                || out.contains("Game over: the game was over from the start.\n")
                    && out
                        .lines()
                        .last()
                        .is_some_and(|l| l.starts_with("Result: ")),
            "{out}"
        ),
        (read, ran) => panic!("{read:?} then {ran:?}: {out}"),
    }
});
