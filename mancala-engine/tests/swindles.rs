//! A book's swindles (`Book::with_swindles`): on Kalah(3,3), whose every
//! position a table of 18 seeds holds exactly, the positions the walk
//! keeps are exact, each swindle keeps its position's result and is
//! chosen only where the seat cannot win, the file keeps them, a build is
//! the same every time, and a shelf plays them.

use std::collections::HashSet;

use mancala_core::{Game, Mancala, Move, Player};
use mancala_engine::tablebase::{Book, Kind, Shelf, Swindles, Tablebase, TablebaseError};

/// The seat's result in half points from a first player's margin.
fn result(seat: Player, margin: i64) -> i64 {
    let m = if seat == Player::P0 { margin } else { -margin };
    m.signum() + 1
}

/// A weak model (20 iterations), so that it errs and swindles exist.
fn swindles(seat: Player) -> Swindles {
    Swindles {
        runs: 4,
        iterations: 20,
        ..Swindles::against_uct(seat, 10)
    }
}

/// Kalah(3,3)'s table of every position, its book of 2 plies, and the
/// player who cannot win its start.
fn kalah_3_3(empty_capture: bool) -> (Tablebase, Book, Player) {
    let kind = Kind {
        houses: 3,
        empty_capture,
    };
    let table = Tablebase::build(kind, 18, 2, 1 << 26, |_| {}).unwrap();
    let book = Book::build(kind, 3, 2, Some(&table), |_, _| {}).unwrap();
    let (_, value) = book.best_moves(&book.start()).unwrap();
    let seat = if value > 0 { Player::P1 } else { Player::P0 };
    (table, book, seat)
}

/// The value of `game` in the table, or its margin if it is over.
fn exact(table: &Tablebase, game: &Mancala) -> i64 {
    match game.to_move() {
        Some(_) => table.probe_game(game).unwrap(),
        None => mancala_engine::solve::margin(game),
    }
}

/// Every position of the book reachable from the start when the seat
/// plays its swindle (or first best move) and its opponent any move,
/// checked on the way; returns how many swindles it met.
fn walk(book: &Book, table: &Tablebase, seat: Player) -> usize {
    let mut seen = HashSet::new();
    let mut stack = vec![book.start()];
    let mut met = 0;
    while let Some(game) = stack.pop() {
        let Some(mover) = game.to_move() else {
            continue;
        };
        let Some((best, value)) = book.best_moves(&game) else {
            assert!(book.swindle(&game).is_none());
            continue;
        };
        if !seen.insert(game.to_string()) {
            continue;
        }
        assert_eq!(value, exact(table, &game), "{game}");
        let moves: Vec<Move> = if mover == seat {
            match book.swindle(&game) {
                Some(swindle) => {
                    met += 1;
                    assert!(result(seat, value) < 2, "{game}: a swindle where it wins");
                    assert_ne!(swindle, best[0], "{game}");
                    let mut child = game.clone();
                    child.play(swindle).unwrap();
                    assert_eq!(
                        result(seat, exact(table, &child)),
                        result(seat, value),
                        "{game}: {swindle} does not keep the result"
                    );
                    vec![swindle]
                }
                None => vec![best[0]],
            }
        } else {
            game.legal_moves().to_vec()
        };
        for mv in moves {
            let mut child = game.clone();
            child.play(mv).unwrap();
            stack.push(child);
        }
    }
    met
}

#[test]
fn swindles_keep_the_result_and_the_book_stays_exact() {
    let mut total = 0;
    for empty_capture in [false, true] {
        let (table, book, seat) = kalah_3_3(empty_capture);
        let within = book.len();
        let mut met = 0;
        let book = book
            .with_swindles(swindles(seat), Some(&table), |n| met = n)
            .unwrap();
        assert!(met > 0);
        assert!(book.len() > within, "the walk adds the positions it meets");
        assert_eq!(book.swindles(), Some(swindles(seat)));
        total += book.swindle_count();
        let found = walk(&book, &table, seat);
        assert_eq!(
            found,
            book.swindle_count(),
            "every swindle on the seat's path"
        );

        // The file keeps them; a second build is the same book.
        let mut text = Vec::new();
        book.write_to(&mut text).unwrap();
        let words = String::from_utf8(text.clone()).unwrap();
        assert!(words.starts_with("mancala-rs opening book 2\n"));
        assert!(
            words
                .lines()
                .nth(1)
                .unwrap()
                .ends_with(&format!(" plies=2 swindles={}:10:4:20:1", seat.index()))
        );
        assert_eq!(
            words.lines().filter(|l| l.contains(" swindle=")).count(),
            book.swindle_count()
        );
        let back = Book::read_from(&text[..]).unwrap();
        let mut again = Vec::new();
        back.write_to(&mut again).unwrap();
        assert_eq!(text, again);
        assert_eq!(walk(&back, &table, seat), book.swindle_count());

        let (_, fresh, _) = kalah_3_3(empty_capture);
        let mut rebuilt = Vec::new();
        fresh
            .with_swindles(swindles(seat), Some(&table), |_| {})
            .unwrap()
            .write_to(&mut rebuilt)
            .unwrap();
        assert_eq!(text, rebuilt, "a build is the same every time");

        let twice = back.with_swindles(swindles(seat), Some(&table), |_| {});
        assert!(matches!(twice, Err(TablebaseError::Unsupported(_))));
    }
    // With a model this weak the seat has swindles (a build is the same
    // every time, so this is a fact of the books, not a chance).
    assert!(total > 0);
}

#[test]
fn a_book_without_swindles_still_writes_version_1() {
    let (_, book, _) = kalah_3_3(false);
    let mut text = Vec::new();
    book.write_to(&mut text).unwrap();
    assert!(text.starts_with(b"mancala-rs opening book 1\n"));
    assert!(book.swindles().is_none());
    assert_eq!(book.swindle_count(), 0);
}

#[test]
fn a_shelf_plays_the_books_swindle() {
    let (table, book, seat) = kalah_3_3(false);
    let book = book
        .with_swindles(swindles(seat), Some(&table), |_| {})
        .unwrap();
    let dir = std::env::temp_dir().join(format!("mancala-swindles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    book.save(&dir).unwrap();
    let mut shelf = Shelf::new(dir.clone()).unwrap();
    // The first position of the seat's path with a swindle.
    let mut stack = vec![book.start()];
    let mut checked = false;
    let mut seen = HashSet::new();
    while let Some(game) = stack.pop() {
        if game.to_move().is_none() || !seen.insert(game.to_string()) {
            continue;
        }
        if let Some(swindle) = book.swindle(&game) {
            let known = shelf.perfect_move(&game).unwrap().unwrap();
            let (_, value) = book.best_moves(&game).unwrap();
            assert_eq!(known.best, swindle);
            let for_mover = if game.to_move() == Some(Player::P0) {
                value
            } else {
                -value
            };
            assert_eq!(known.value, for_mover, "the position's value");
            checked = true;
            break;
        }
        for &mv in game.legal_moves().iter() {
            let mut child = game.clone();
            child.play(mv).unwrap();
            if book.best_moves(&child).is_some() {
                stack.push(child);
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(checked, "no swindle met");
}

#[test]
fn malformed_swindles_are_refused() {
    let v2 = "mancala-rs opening book 2\nkalah houses=3 seeds=2 empty_capture=false plies=1";
    let v1 = "mancala-rs opening book 1\nkalah houses=3 seeds=2 empty_capture=false plies=1";
    let good = "2,2,2,2,2,2 0,0 0 +2 2";
    let read = |text: String| Book::read_from(text.as_bytes());
    let book = read(format!("{v2} swindles=1:8:8:10000:1\n{good} swindle=1\n")).unwrap();
    assert_eq!(book.swindle_count(), 1);
    assert_eq!(book.swindles(), Some(Swindles::against_uct(Player::P1, 8)));
    let lines = read(format!(
        "{v2} line=1:4 swindles=0:8:8:10000:1\n{good} swindle=0\n"
    ))
    .unwrap();
    assert_eq!(lines.swindles().map(|s| s.seat), Some(Player::P0));
    let cases = [
        // Swindles in a version-1 file, or a swindle without the header's word.
        (
            format!("{v1} swindles=1:8:8:10000:1\n{good}\n"),
            "book line 2",
        ),
        (format!("{v1}\n{good} swindle=1\n"), "book line 3"),
        (format!("{v2}\n{good} swindle=1\n"), "book line 3"),
        // A hole off the board, a word that is not a swindle.
        (
            format!("{v2} swindles=1:8:8:10000:1\n{good} swindle=6\n"),
            "book line 3",
        ),
        (
            format!("{v2} swindles=1:8:8:10000:1\n{good} swindel=1\n"),
            "book line 3",
        ),
        // Headers: a bad seat, too few fields, no number, swindles before lines.
        (
            format!("{v2} swindles=2:8:8:10000:1\n{good}\n"),
            "book line 2",
        ),
        (
            format!("{v2} swindles=1:8:8:10000\n{good}\n"),
            "book line 2",
        ),
        (
            format!("{v2} swindles=1:8:8:10000:NaN\n{good}\n"),
            "book line 2",
        ),
        (
            format!("{v2} swindles=1:8:8:10000:1 line=1:4\n{good}\n"),
            "book line 2",
        ),
    ];
    for (text, line) in cases {
        match read(text.clone()) {
            Err(TablebaseError::Format(message)) => {
                assert!(message.starts_with(line), "{message} for {text:?}")
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}
