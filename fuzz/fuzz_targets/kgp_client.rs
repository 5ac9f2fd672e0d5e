//! Fuzz target `kgp_client`: arbitrary bytes as the lines a KGP server
//! sends (`mancala_cli::kgp::play`, in freeplay or verify mode as the first
//! byte says), and every `problem` line among them solved directly
//! (`mancala_cli::kgp::solve`). The session must end without panicking,
//! its log lines short and free of control characters whatever the lines
//! quote; a solved problem keeps every seed, and the houses it leaves
//! within a count.

#![no_main]

use std::io::Cursor;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use mancala_cli::kgp::{Arg, ClientOptions, Mode, parse_message, play, solve};

/// The seeds of a board, stores included.
fn seeds(board: &mancala_cli::kgp::Board) -> u32 {
    let counts = board.south.iter().chain(&board.north);
    let stores = [board.south_store, board.north_store];
    counts.chain(&stores).map(|&s| u32::from(s)).sum()
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, lines)) = data.split_first() else {
        return;
    };
    let options = ClientOptions {
        time: Duration::from_millis(1),
        mode: if first % 2 == 0 {
            Mode::Freeplay
        } else {
            Mode::Verify
        },
        problems: 4,
        ..ClientOptions::default()
    };
    let mut log = Vec::new();
    let _ = play(Cursor::new(lines.to_vec()), Vec::new(), &options, &mut log);
    let log = String::from_utf8(log).expect("the log is UTF-8");
    for line in log.lines() {
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert!(line.chars().count() < 1200, "{line:?}");
    }
    for line in String::from_utf8_lossy(lines).lines() {
        let Ok(message) = parse_message(line) else {
            continue;
        };
        if let [Arg::Board(board), Arg::Word(house)] = message.args.as_slice()
            && let Ok(house) = house.parse::<usize>()
            && let Ok(solution) = solve(board, house)
        {
            assert_eq!(seeds(&solution.board), seeds(board), "{line}");
            assert_eq!(solution.board.south.len(), board.south.len());
        }
    }
});
