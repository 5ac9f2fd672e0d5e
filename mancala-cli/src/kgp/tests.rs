//! KGP: the line reader on good and bad lines, the board's mapping to the
//! workspace's Kalah, and sessions on in-memory input. Complete games over
//! TCP against a test server are in `server_tests.rs`.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mancala_core::{Game, Mancala, Move, Pit, Player, Rules};

use super::*;

#[test]
fn messages_are_read_with_ids_references_strings_and_boards() {
    let m = parse_message("  12@10 state <3,1,2,0,1,2,3,4,5>\r").unwrap();
    assert_eq!((m.id, m.reference), (Some(12), Some(10)));
    assert_eq!(m.command, "state");
    let Arg::Board(board) = &m.args[0] else {
        panic!("{m:?}")
    };
    assert_eq!((board.south_store, board.north_store), (1, 2), "S then N");
    assert_eq!(
        (board.south.as_slice(), board.north.as_slice()),
        (&[0, 1, 2][..], &[3, 4, 5][..])
    );

    let m = parse_message("@7 pong").unwrap();
    assert_eq!(
        (m.id, m.reference, m.command.as_str()),
        (None, Some(7), "pong")
    );
    let m = parse_message("goodbye").unwrap();
    assert_eq!((m.id, m.reference, m.args.len()), (None, None, 0));
    let m = parse_message(r#"3 error "No state \"associated\"\twith\\ id\n" 4 -1.5"#).unwrap();
    assert_eq!(
        m.args,
        [
            Arg::Quoted("No state \"associated\"\twith\\ id\n".into()),
            Arg::Word("4".into()),
            Arg::Word("-1.5".into()),
        ]
    );
    // An empty string, and white space inside the board's numbers.
    let m = parse_message(r#"set info:comment """#).unwrap();
    assert_eq!(m.args[1], Arg::Quoted(String::new()));
    assert_eq!("< 1, 0 ,0,5,6>".parse::<Board>().unwrap().south, [5]);
}

#[test]
fn malformed_lines_are_errors_not_panics() {
    let bad = [
        "",
        "   \r",
        "@",
        "12@",
        "1@2@3 ping",
        "12x ping",
        "99999999999999999999999 ping",
        "12",
        "4 st@te",
        "4 state <3,0,0,1,2>",
        "4 state <0,0,0>",
        "4 state <>",
        "4 state <3,0,0,1,1,1,1,1,1",
        "4 state <1,0,0,70000,1>",
        "4 state <51,0,0>",
        "4 state <1,-1,0,1,1>",
        "4 state <1,,0,1,1>",
        "4 state <x>",
        "set info:name \"unterminated",
        "set info:name \"ends in a backslash\\",
        "set info:name a\"b",
        "é ping",
    ];
    for line in bad {
        assert!(parse_message(line).is_err(), "{line:?}");
    }
    // Random lines of the protocol's characters: read or refused, never a
    // panic; what is read writes back to a board that reads the same.
    let alphabet: Vec<char> = "0123456789@<>,\" \\state move ping\tstop<3,0,0>é"
        .chars()
        .collect();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..20_000 {
        let len = (next(&mut seed) % 40) as usize;
        let line: String = (0..len)
            .map(|_| alphabet[(next(&mut seed) % alphabet.len() as u64) as usize])
            .collect();
        if let Ok(m) = parse_message(&line) {
            for arg in &m.args {
                if let Arg::Board(b) = arg {
                    assert_eq!(b.to_string().parse::<Board>().as_ref(), Ok(b));
                }
            }
        }
    }
}

/// xorshift64: the test's random lines.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn quoted_strings_read_back() {
    for text in [
        "plain",
        "with \"quotes\"",
        "back\\slash",
        "line\nbreak",
        "",
        "tab\t",
    ] {
        let m = parse_message(&format!("set info:name {}", quote(text))).unwrap();
        assert_eq!(m.args[1], Arg::Quoted(text.into()), "{text:?}");
    }
}

/// Kalah after `moves` (holes of this workspace's board).
fn kalah_after(houses: u8, seeds: u16, moves: &[usize]) -> Mancala {
    let mut game = Mancala::new(Rules::kalah().with_houses(houses).with_seeds(seeds)).unwrap();
    for &hole in moves {
        game.play(Move::Sow(Pit::new(hole).unwrap())).unwrap();
    }
    game
}

#[test]
fn the_board_maps_to_kalah_for_either_side() {
    // North to move (after south's 0 then 5 of a 6-house board... ).
    let game = kalah_after(6, 4, &[0]);
    assert_eq!(game.to_move(), Some(Player::P1));
    for side in [Player::P0, Player::P1] {
        let board = Board::of_game(&game, side);
        assert_eq!(board.to_string().parse::<Board>(), Ok(board.clone()));
        let mirrored = board.to_game().unwrap();
        assert_eq!(mirrored.to_move(), Some(Player::P0));
        if side != Player::P1 {
            continue;
        }
        // Each of north's houses K, as south's house K of the mirrored
        // board, leads to the same position seen from north.
        for k in 1..=6 {
            let (hole, mirror_hole) = (6 + k - 1, k - 1);
            let (mut real, mut mirror) = (game.clone(), mirrored.clone());
            let played = real.play(Move::Sow(Pit::new(hole).unwrap()));
            let mirror_played = mirror.play(Move::Sow(Pit::new(mirror_hole).unwrap()));
            assert_eq!(played.is_ok(), mirror_played.is_ok(), "house {k}");
            if played.is_ok() {
                assert_eq!(
                    Board::of_game(&real, Player::P1),
                    Board::of_game(&mirror, Player::P0),
                    "house {k}"
                );
            }
        }
    }
    // South's house k faces north's house n + 1 - k: sowing south's
    // house 2 of `<3,0,0,0,1,0,5,6,7>` ends in his empty house 3 and takes
    // north's house 1.
    let board: Board = "<3,0,0,0,1,0,5,6,7>".parse().unwrap();
    let mut game = board.to_game().unwrap();
    game.play(Move::Sow(Pit::new(1).unwrap())).unwrap();
    assert_eq!(
        Board::of_game(&game, Player::P0).to_string(),
        "<3,6,0,0,0,0,0,6,7>"
    );
}

/// The client's output, kept after the session is over.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
        assert!(text.is_empty() || text.ends_with("\r\n"), "{text:?}");
        text.lines().map(str::to_string).collect()
    }
}

/// A session on `input`: its summary or error, the lines it wrote, its
/// log.
fn session(
    input: &str,
    options: &ClientOptions,
) -> (Result<Summary, KgpError>, Vec<String>, String) {
    let out = Shared::default();
    let mut log = Vec::new();
    let result = play(
        std::io::Cursor::new(input.as_bytes().to_vec()),
        out.clone(),
        options,
        &mut log,
    );
    (result, out.lines(), String::from_utf8(log).unwrap())
}

fn quick() -> ClientOptions {
    ClientOptions {
        time: Duration::from_millis(20),
        token: Some("s3cr\"t".into()),
        ..ClientOptions::default()
    }
}

#[test]
fn a_session_skips_bad_lines_and_answers_the_rest() {
    let input = "2 kgp 1 0 1\r\n\
                 4 ok\r\n\
                 6 state <3,0,0,1,2>\r\n\
                 8 ping\r\n\
                 set info:name \"open\r\n\
                 \r\n\
                 10 frobnicate 1 2\r\n\
                 12@99 stop\r\n\
                 state <3,0,0,1,1,1,1,1,1>\r\n\
                 14 state <3,0,0,0,2,2,1,1,1>\r\n";
    let (result, mut lines, log) = session(input, &quick());
    let summary = result.unwrap();
    // The reader answers `ping` as it reads it, maybe before the greeting.
    let pong = lines.iter().position(|l| l == "@8 pong").expect("a pong");
    lines.remove(pong);
    assert_eq!(
        lines[..4],
        [
            "set info:name \"mancala-rs\"",
            format!("set info:description {}", quote(DESCRIPTION)).as_str(),
            "set auth:token \"s3cr\\\"t\"",
            "mode freeplay",
        ]
    );
    // Of `<3,0,0,0,2,2,...>` south may sow his houses 2 and 3.
    let moves: Vec<&String> = lines[4..lines.len() - 1].iter().collect();
    assert!(!moves.is_empty());
    for line in moves {
        assert!(line == "@14 move 2" || line == "@14 move 3", "{line}");
    }
    assert_eq!(lines.last().unwrap(), "@14 yield");
    // The bad board, the open string, the unknown command and the id-less
    // state (a blank line is skipped silently).
    assert_eq!(summary.ignored, 4, "{log}");
    assert_eq!(summary.states, 1);
    assert_eq!(summary.end, End::Closed);
    assert!(log.contains("malformed"), "{log}");
    assert!(log.contains("frobnicate"), "{log}");
}

#[test]
fn another_major_version_is_refused_with_goodbye() {
    let (result, lines, _) = session("kgp 2 0 0\r\n4 state <1,0,0,1,1>\r\n", &quick());
    assert!(matches!(result, Err(KgpError::Version(v)) if v == "2 0 0"));
    assert_eq!(lines, ["goodbye"]);
    let (result, lines, _) = session("", &quick());
    assert!(matches!(result, Err(KgpError::NoGreeting)));
    assert!(lines.is_empty());
}

#[test]
fn a_lone_move_is_sent_and_the_servers_errors_are_logged() {
    // One legal move: answered at once, but not within a millisecond.
    let input = "kgp 1 0 1\n4 state <3,5,5,0,0,1,1,1,1>\n6 error \"No state associated with id\"\ngoodbye\n";
    let start = Instant::now();
    let (result, lines, log) = session(input, &quick());
    assert!(start.elapsed() >= super::client::FIRST_MOVE_DELAY);
    assert_eq!(result.unwrap().end, End::Goodbye);
    // `goodbye` may stop the search before it answers: then no yield.
    assert!(lines.contains(&"@4 move 3".to_string()), "{lines:?}");
    assert!(log.contains("No state associated with id"), "{log}");
}

#[test]
fn a_tablebase_answers_at_once() {
    use mancala_engine::tablebase::{Kind, Tablebase};
    let dir = std::env::temp_dir().join(format!("mancala-kgp-tb-{}", std::process::id()));
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 9, 1, 1 << 20, |_| {}).unwrap();
    table.save(&dir).unwrap();
    let board: Board = "<3,0,0,1,1,1,1,1,1>".parse().unwrap();
    let (best, _) = table.best_moves(&board.to_game().unwrap()).unwrap();
    let options = ClientOptions {
        // Far longer than the test may take: only the table answers in
        // time.
        time: Duration::from_secs(600),
        tablebase: Some(dir.clone()),
        ..ClientOptions::default()
    };
    let (result, lines, _) = session(&format!("kgp 1 0 1\n4 state {board}\n"), &options);
    std::fs::remove_dir_all(&dir).unwrap();
    let summary = result.unwrap();
    assert_eq!((summary.moves, summary.resent), (1, 1));
    let k = lines[3].strip_prefix("@4 move ").unwrap();
    let hole = k.parse::<usize>().unwrap() - 1;
    assert!(
        best.contains(&Move::Sow(Pit::new(hole).unwrap())),
        "{lines:?}"
    );
    // Found at once, the move is sent again 50 ms after the state, out of
    // reach of the server's race, then the request yields.
    assert_eq!(lines[4], lines[3]);
    assert_eq!(lines[5], "@4 yield");
    let refused = ClientOptions {
        tablebase: Some("/no/such/folder".into()),
        ..ClientOptions::default()
    };
    assert!(matches!(
        session("kgp 1 0 1\n", &refused).0,
        Err(KgpError::Tablebase(_))
    ));
}
