//! The engine's line protocol answering from Kalah tablebases.

use mancala_cli::engine::run;
use mancala_core::{Game, Mancala, Player, Rules};

/// The answer lines to `input`, run through [`run`].
fn answers(input: &str) -> Vec<String> {
    let mut output = Vec::new();
    run(input.as_bytes(), &mut output).expect("in-memory input and output");
    String::from_utf8(output)
        .expect("utf-8 answers")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn go_answers_from_a_tablebase_where_one_holds_the_position() {
    use mancala_engine::tablebase::{Kind, Tablebase};
    let dir = std::env::temp_dir().join(format!("mancala-engine-tb-{}", std::process::id()));
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 9, 1, 1 << 20, |_| {}).unwrap();
    table.save(&dir).unwrap();
    // Kalah(3,1): 6 seeds on the board, held by the table of up to 9.
    let start = Mancala::new(Rules::kalah().with_houses(3).with_seeds(1)).unwrap();
    let (best, first) = table.best_moves(&start).unwrap();
    let script = format!(
        "new kalah houses=3 seeds=1\ntablebase {}\ngo depth 1\nplay {}\ngo depth 1\n",
        dir.display(),
        best[0]
    );
    let lines = answers(&script);
    assert_eq!(lines[..2], ["ok", "ok"]);
    // South to move: the value is his margin, the table's first-player one.
    assert_eq!(
        lines[2],
        format!("info depth 0 score {first} nodes 0 tablebase")
    );
    assert!(
        best.iter().any(|m| lines[3] == format!("bestmove {m}")),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "ok");
    // After the perfect move the value stands (for whoever moves next).
    let mut after = start.clone();
    after.play(best[0]).unwrap();
    let (_, value) = table.best_moves(&after).unwrap();
    let mover_value = if after.to_move() == Some(Player::P0) {
        value
    } else {
        -value
    };
    assert_eq!(value, first);
    assert_eq!(
        lines[5],
        format!("info depth 0 score {mover_value} nodes 0 tablebase")
    );

    // Without the table the search answers as before; a missing folder is
    // refused and changes nothing.
    let plain = answers("new kalah houses=3 seeds=1\ngo depth 1\n");
    assert!(!plain[1].ends_with("tablebase"));
    let refused = answers("new kalah houses=3 seeds=1\ntablebase /no/such/folder\ngo depth 1\n");
    assert!(refused[1].starts_with("error tablebase:"), "{}", refused[1]);
    assert_eq!(refused[2], plain[1]);
    // Kalah(6,4) is not held by a table of up to 9 seeds on 3 houses.
    let other = answers(&format!(
        "new kalah houses=6 seeds=4\ntablebase {}\ngo depth 1\n",
        dir.display()
    ));
    assert!(!other[2].ends_with("tablebase"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An opening book in the folder answers its positions first (`book`),
/// and the tablebase the rest; a game of other seeds has no book.
#[test]
fn go_answers_from_an_opening_book_where_it_holds_the_position() {
    use mancala_engine::tablebase::{Book, Kind, Tablebase};
    let dir = std::env::temp_dir().join(format!("mancala-engine-book-{}", std::process::id()));
    let kind = Kind {
        houses: 3,
        empty_capture: true,
    };
    // Kalah(3,3): 18 seeds; a table of 10 does not hold the start.
    let table = Tablebase::build(kind, 10, 1, 1 << 22, |_| {}).unwrap();
    table.save(&dir).unwrap();
    let book = Book::build(kind, 3, 1, Some(&table), |_, _| {}).unwrap();
    book.save(&dir).unwrap();
    let start = book.start();
    let (best, first) = book.best_moves(&start).unwrap();
    let script = format!(
        "tablebase {}\nnew kalah houses=3 seeds=3 empty_capture=true\ngo depth 1\n\
         new kalah houses=3 seeds=2 empty_capture=true\ngo depth 1\n",
        dir.display()
    );
    let lines = answers(&script);
    assert_eq!(lines[..2], ["ok", "ok"]);
    assert_eq!(lines[2], format!("info depth 0 score {first} nodes 0 book"));
    assert!(
        best.iter().any(|m| lines[3] == format!("bestmove {m}")),
        "{}",
        lines[3]
    );
    // Kalah(3,2): no book of 2 seeds, and 12 seeds are more than the
    // table's 10: the search answers.
    assert_eq!(lines[4], "ok");
    assert!(lines[5].starts_with("info depth 1 "), "{}", lines[5]);
    assert!(!lines.iter().skip(5).any(|l| l.ends_with("book")));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The shipped books' swindle: after South's 2 and 5 and North's 7 (an
/// extra turn each), North sows the book's swindle, not its first best
/// move, and the engine reports the position's value.
#[test]
fn go_plays_the_shipped_books_swindle() {
    use mancala_engine::tablebase::{Book, Kind};
    let books = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../books");
    for empty_capture in [false, true] {
        let kind = Kind {
            houses: 6,
            empty_capture,
        };
        let book = Book::find(&books, kind, 4).unwrap().unwrap();
        let mut game = book.start();
        for hole in [2, 5, 7] {
            let mv = *game
                .legal_moves()
                .iter()
                .find(|m| m.pit().map(|p| p.index()) == Some(hole))
                .unwrap();
            game.play(mv).unwrap();
        }
        assert_eq!(game.to_move(), Some(Player::P1));
        let swindle = book.swindle(&game).expect("the books' swindle");
        let (best, value) = book.best_moves(&game).unwrap();
        assert_ne!(swindle, best[0]);
        let lines = answers(&format!(
            "tablebase {}\nnew kalah houses=6 seeds=4 empty_capture={empty_capture}\n\
             play 2 5 7\ngo depth 1\n",
            books.display()
        ));
        assert_eq!(
            lines[3],
            format!("info depth 0 score {} nodes 0 book", -value)
        );
        assert_eq!(lines[4], format!("bestmove {swindle}"));
    }
}
