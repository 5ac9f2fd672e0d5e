//! The Kalah tablebases: built values against plain minimax over core's
//! rules, the file format's round trip and its refusals, and the solver
//! reading a table.

use mancala_core::Mancala;
use mancala_engine::kalah_solve::KalahSolver;
use mancala_engine::tablebase::{Kind, Tablebase, TablebaseError};
use mancala_testing::minimax_margin as minimax;

mod tables;
use tables::{BOTH, TempDir, game_at, layer, rules};

#[test]
fn every_small_position_has_its_minimax_value() {
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        let table = Tablebase::build(kind, 9, 2, 1 << 20, |_| {}).unwrap();
        let mut checked = 0;
        for seeds in 0..=7 {
            for holes in layer(6, seeds) {
                let game = game_at(kind, &holes);
                // The stores are empty: the final margin is the value.
                assert_eq!(
                    table.probe(&holes).map(i64::from),
                    Some(minimax(&game)),
                    "{holes:?} under {kind:?}"
                );
                assert_eq!(table.probe_game(&game), Some(minimax(&game)));
                checked += 1;
            }
        }
        // C(7 + 6, 6) count vectors of at most 7 seeds.
        assert_eq!(checked, 1716);
        assert_eq!(table.probe(&[5, 5, 0, 0, 0, 0]), None, "10 seeds: not held");
        assert_eq!(table.probe(&[1, 1, 1]), None, "not this board");
    }
}

#[test]
fn the_capture_rules_differ_where_a_lone_seed_faces_an_empty_file() {
    // South sows his 1 seed from house 0 into his empty house 1, facing
    // North's empty house 4: only the empty-capture rule takes it.
    let holes = [1, 0, 0, 1, 0, 0];
    let value = |empty_capture| {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        let table = Tablebase::build(kind, 4, 1, 1 << 20, |_| {}).unwrap();
        (
            table.probe(&holes).unwrap(),
            minimax(&game_at(kind, &holes)),
        )
    };
    let (standard, standard_minimax) = value(false);
    let (empty, empty_minimax) = value(true);
    assert_eq!(i64::from(standard), standard_minimax);
    assert_eq!(i64::from(empty), empty_minimax);
    // Standard: South's seed stays in his house 1. North sows his seed
    // into his own empty house 4, which faces South's house 1 (one seed):
    // he takes both, 2, and the board is empty: margin -2. Empty capture:
    // South takes his lone seed at once, 1; his row is empty, North keeps
    // his seed: margin 0.
    assert_eq!((standard, empty), (-2, 0));
}

#[test]
fn one_thread_or_two_build_the_same_bytes() {
    let kind = Kind {
        houses: 4,
        empty_capture: true,
    };
    let mut one = Vec::new();
    Tablebase::build(kind, 10, 1, 1 << 24, |_| {})
        .unwrap()
        .write_to(&mut one)
        .unwrap();
    let mut two = Vec::new();
    Tablebase::build(kind, 10, 2, 1 << 24, |_| {})
        .unwrap()
        .write_to(&mut two)
        .unwrap();
    // 40 header bytes and C(10 + 8, 8) values.
    assert_eq!(one.len(), 40 + 43_758);
    assert!(one == two);
}

#[test]
fn a_file_reads_back_and_damage_is_refused() {
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 8, 2, 1 << 20, |_| {}).unwrap();
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    assert_eq!(&bytes[..8], b"MNCLTB\r\n");

    let back = Tablebase::read_from(&mut bytes.as_slice(), 1 << 20).unwrap();
    assert_eq!(
        (back.kind(), back.seeds(), back.positions()),
        (kind, 8, 3003)
    );
    for holes in layer(6, 8) {
        assert_eq!(back.probe(&holes), table.probe(&holes));
    }

    // One value changed: the checksum sees it.
    let mut damaged = bytes.clone();
    damaged[40 + 2000] ^= 1;
    assert!(matches!(
        Tablebase::read_from(&mut damaged.as_slice(), 1 << 20),
        Err(TablebaseError::Checksum { .. })
    ));
    // Cut short: a read error, not a panic.
    assert!(matches!(
        Tablebase::read_from(&mut &bytes[..1000], 1 << 20),
        Err(TablebaseError::Io(_))
    ));
    // A byte too many.
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Tablebase::read_from(&mut longer.as_slice(), 1 << 20),
        Err(TablebaseError::Format(_))
    ));
    // Another format version, another magic, a header whose count lies.
    // (Version 2 is the compact entry's: this body is not one.)
    for (at, value) in [(8, 2u8), (8, 9), (0, b'X'), (24, 7)] {
        let mut other = bytes.clone();
        other[at] = value;
        assert!(matches!(
            Tablebase::read_from(&mut other.as_slice(), 1 << 20),
            Err(TablebaseError::Format(_))
        ));
    }
    // More than the memory allowed: refused from the header alone.
    let err = Tablebase::read_from(&mut &bytes[..40], 3002).err().unwrap();
    assert!(matches!(
        err,
        TablebaseError::TooLarge {
            bytes: 3003,
            limit: 3002,
            ..
        }
    ));
    assert!(
        err.to_string()
            .contains("allow more, or ask for fewer seeds")
    );
}

#[test]
fn a_build_over_the_memory_allowed_is_refused_before_it_starts() {
    let kind = Kind {
        houses: 6,
        empty_capture: true,
    };
    // C(30 + 12, 12) = 11,058,116,888 positions, a byte each.
    assert_eq!(Tablebase::positions_of(kind, 30).unwrap(), 11_058_116_888);
    let err = Tablebase::build(kind, 30, 2, 1 << 30, |_| {})
        .err()
        .unwrap();
    assert!(matches!(
        err,
        TablebaseError::TooLarge {
            bytes: 11_058_116_888,
            ..
        }
    ));
    assert!(matches!(
        Tablebase::positions_of(
            Kind {
                houses: 9,
                empty_capture: false
            },
            4
        ),
        Err(TablebaseError::Unsupported(_))
    ));
    assert!(matches!(
        Tablebase::positions_of(kind, 61),
        Err(TablebaseError::Unsupported(_))
    ));
}

#[test]
fn save_and_find_go_by_the_kind() {
    let dir = std::env::temp_dir().join(format!("mancala-tb-{}", std::process::id()));
    let kind = Kind {
        houses: 2,
        empty_capture: true,
    };
    let table = Tablebase::build(kind, 6, 1, 1 << 20, |_| {}).unwrap();
    let path = table.save(&dir).unwrap();
    assert_eq!(path.file_name().unwrap(), "kalah-2-empty.mtb");
    let found = Tablebase::find(&dir, kind, 1 << 20).unwrap().unwrap();
    assert_eq!(found.probe(&[1, 2, 0, 3]), table.probe(&[1, 2, 0, 3]));
    let other = Kind {
        houses: 2,
        empty_capture: false,
    };
    assert!(Tablebase::find(&dir, other, 1 << 20).unwrap().is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_solver_reading_a_table_finds_the_values_it_finds_alone() {
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 4,
            empty_capture,
        };
        let game = Mancala::new(rules(kind, 3)).unwrap();
        let alone = KalahSolver::new(&game, 1 << 20, 0).unwrap().solve(&game);
        let table = Tablebase::build(kind, 12, 2, 1 << 24, |_| {}).unwrap();
        let mut with = KalahSolver::new(&game, 1 << 20, 0)
            .unwrap()
            .with_tablebase(&table)
            .unwrap();
        assert_eq!(with.endgame_seeds(), 12);
        let solution = with.solve(&game);
        assert_eq!(solution.value, alone.value);
        assert_eq!(solution.best, alone.best);
        assert!(solution.nodes < alone.nodes, "the table saves search");
        // Another capture rule's table is refused.
        let other = Kind {
            houses: 4,
            empty_capture: !empty_capture,
        };
        let table = Tablebase::build(other, 4, 1, 1 << 20, |_| {}).unwrap();
        assert!(
            KalahSolver::new(&game, 1 << 20, 0)
                .unwrap()
                .with_tablebase(&table)
                .is_err()
        );
    }
}

#[test]
fn kalah_six_up_to_twelve_seeds_verifies_against_fresh_searches() {
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 6,
            empty_capture,
        };
        let mut reports = 0;
        let table = Tablebase::build(kind, 12, 2, 1 << 26, |_| reports += 1).unwrap();
        assert!(reports >= 1, "a progress report at the end at least");
        // C(12 + 12, 12) positions.
        assert_eq!(table.positions(), 2_704_156);
        let verified = table.verify(40, 7 + u64::from(empty_capture)).unwrap();
        assert_eq!(verified.generic + verified.kalah_solver, 40);
        assert!(verified.generic > 0 && verified.kalah_solver == 0);
    }
}

/// The engine's search with a table as its oracle: a one-ply search of
/// Kalah(3, 3) (18 seeds, all held by a table of 18) sees every child's
/// exact value, so it answers the game's value, worked out by the generic
/// solver over core's rules, as a finished game is scored (margin plus or
/// minus the win bonus), and says it is exact; without the table the same
/// search sees only the stores after one ply.
#[test]
fn the_search_takes_a_tables_values_for_the_positions_it_holds() {
    use mancala_core::Game;
    use mancala_engine::Limits;
    use mancala_engine::agents::{AlphaBeta, WIN_BONUS};
    use mancala_engine::solve::Solver;

    for empty_capture in BOTH {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        let table = Tablebase::build(kind, 18, 2, 1 << 24, |_| {}).unwrap();
        let game = Mancala::new(rules(kind, 3)).unwrap();
        let margin = Solver::new(1 << 22).solve(&game).unwrap().value;
        let expected = margin + margin.signum() * WIN_BONUS;

        let with = AlphaBeta::new(0)
            .search_with(&game, &Limits::depth(1), &table)
            .unwrap();
        assert_eq!((with.value, with.exact), (expected, true), "{kind:?}");
        // The move it chose keeps the value (the table agrees).
        let mut after = game.clone();
        after.play(with.best).unwrap();
        assert_eq!(table.probe_game(&after), Some(margin), "{kind:?}");

        let without = AlphaBeta::new(0).search(&game, &Limits::depth(1)).unwrap();
        assert!(!without.exact, "{kind:?}");
        assert!(without.value.abs() < WIN_BONUS, "{kind:?}");
    }
}

/// Every position of an opening book of Kalah(3, 2) (12 seeds, all held by
/// a table of 12): its value is the table's and its best moves are the
/// table's; the file reads back the same; the moves are legal.
#[test]
fn an_opening_book_holds_the_exact_values_of_its_plies() {
    use mancala_core::Game;
    use mancala_engine::tablebase::Book;

    for empty_capture in BOTH {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        let table = Tablebase::build(kind, 12, 2, 1 << 24, |_| {}).unwrap();
        let mut calls = 0;
        let book = Book::build(kind, 2, 3, Some(&table), |done, all| {
            calls += 1;
            assert!(done <= all);
        })
        .unwrap();
        assert_eq!(calls, book.len());
        // The start, its 3 moves, and so on: several plies of positions.
        assert!(book.len() > 10, "{}", book.len());

        // Walk the first three plies and compare each position.
        let mut layer = vec![book.start()];
        let mut checked = 0;
        for _ in 0..=3 {
            let mut next = Vec::new();
            for game in layer {
                if game.is_over() {
                    continue;
                }
                let (mut ours, value) = book.best_moves(&game).expect("held");
                let (mut theirs, exact) = table.best_moves(&game).unwrap();
                ours.sort_by_key(|m| m.pit());
                theirs.sort_by_key(|m| m.pit());
                assert_eq!((ours, value), (theirs, exact), "{game}");
                checked += 1;
                for mv in game.legal_moves().iter() {
                    let mut child = game.clone();
                    child.play(*mv).unwrap();
                    next.push(child);
                }
            }
            layer = next;
        }
        assert!(checked >= book.len());

        let mut text = Vec::new();
        book.write_to(&mut text).unwrap();
        let back = Book::read_from(&text[..]).unwrap();
        let mut again = Vec::new();
        back.write_to(&mut again).unwrap();
        assert_eq!(text, again);
        assert_eq!((back.kind(), back.seeds(), back.plies()), (kind, 2, 3));

        // Another board's or seeds' games are not the book's.
        let other = Mancala::new(rules(kind, 3)).unwrap();
        assert!(book.best_moves(&other).is_none());
    }
}

/// A book's lines past its plies (Kalah(3, 2), 12 seeds, a table of 12
/// to check against): every position in them is held with the table's
/// value and best moves; past the plies, the seat's position leads on by
/// its first best move alone and his opponent's by every move, to the
/// line's plies; nothing else is added; the file reads back the same,
/// lines and all. A line no longer than the plies, or a second one, is
/// refused.
#[test]
fn a_book_follows_a_players_lines_past_its_plies() {
    use mancala_core::{Game, Player};
    use mancala_engine::tablebase::{Book, Line};

    for (empty_capture, seat) in [(false, Player::P1), (true, Player::P0)] {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        let table = Tablebase::build(kind, 12, 2, 1 << 24, |_| {}).unwrap();
        let book = Book::build(kind, 2, 2, Some(&table), |_, _| {}).unwrap();
        let within = book.len();
        let line = Line { seat, plies: 6 };
        let mut added = 0;
        let book = book
            .with_line(line, Some(&table), |done, known| {
                added = done;
                assert!(done <= known, "{done} of {known}");
            })
            .unwrap();
        assert_eq!(book.line(), Some(line));
        assert_eq!(book.len(), within + added);
        assert!(added > 0);

        // Walk the lines as they are defined and compare each position.
        let mut seen = std::collections::HashSet::new();
        let mut layer = vec![book.start()];
        for ply in 0..=6 {
            let mut next = Vec::new();
            for game in layer {
                let Some(mover) = game.to_move() else {
                    continue;
                };
                if !seen.insert(game.to_string()) {
                    continue;
                }
                let (mut ours, value) = book.best_moves(&game).expect("held");
                let first = ours[0];
                let (mut theirs, exact) = table.best_moves(&game).unwrap();
                ours.sort_by_key(|m| m.pit());
                theirs.sort_by_key(|m| m.pit());
                assert_eq!((ours, value), (theirs, exact), "{game}");
                if ply == 6 {
                    continue;
                }
                let moves = if ply < 2 || mover != seat {
                    game.legal_moves().to_vec()
                } else {
                    vec![first]
                };
                for mv in moves {
                    let mut child = game.clone();
                    child.play(mv).unwrap();
                    next.push(child);
                }
            }
            layer = next;
        }
        assert_eq!(seen.len(), book.len(), "the lines and nothing else");

        let mut text = Vec::new();
        book.write_to(&mut text).unwrap();
        assert!(
            String::from_utf8_lossy(&text)
                .lines()
                .nth(1)
                .unwrap()
                .ends_with(&format!(" plies=2 line={}:6", seat.index()))
        );
        let back = Book::read_from(&text[..]).unwrap();
        let mut again = Vec::new();
        back.write_to(&mut again).unwrap();
        assert_eq!(text, again);
        assert_eq!(back.line(), Some(line));

        for refused in [
            Book::build(kind, 2, 2, Some(&table), |_, _| {})
                .unwrap()
                .with_line(Line { seat, plies: 2 }, Some(&table), |_, _| {}),
            back.with_line(Line { seat, plies: 8 }, Some(&table), |_, _| {}),
        ] {
            assert!(
                matches!(refused, Err(TablebaseError::Unsupported(_))),
                "{:?}",
                refused.map(|b| b.len())
            );
        }
    }
}

/// A book file that is not one is refused with the line at fault, and a
/// folder without the book answers none.
#[test]
fn a_malformed_book_is_refused() {
    use mancala_engine::tablebase::Book;

    let header = "mancala-rs opening book 1\nkalah houses=3 seeds=2 empty_capture=false plies=1\n";
    let good = "2,2,2,2,2,2 0,0 0 +2 2\n";
    assert_eq!(
        Book::read_from(format!("{header}{good}").as_bytes())
            .unwrap()
            .len(),
        1
    );
    let cases = [
        ("not a book\n".to_string(), "book line 1"),
        (
            "mancala-rs opening book 1\nkalah houses=9 seeds=2 empty_capture=false plies=1\n"
                .to_string(),
            "book line 2",
        ),
        (
            "mancala-rs opening book 1\nkalah houses=3 seeds=2 plies=1\n".to_string(),
            "book line 2",
        ),
        (
            "mancala-rs opening book 1\nkalah houses=3 seeds=2 empty_capture=false plies=1 line=2:4\n"
                .to_string(),
            "book line 2",
        ),
        (
            "mancala-rs opening book 1\nkalah houses=3 seeds=2 empty_capture=false plies=4 line=1:4\n"
                .to_string(),
            "book line 2",
        ),
        (
            "mancala-rs opening book 1\nkalah houses=3 seeds=2 empty_capture=false plies=1 line=1:4 x\n"
                .to_string(),
            "book line 2",
        ),
        (format!("{header}2,2,2,2,2 0,0 0 +2 2\n"), "book line 3"),
        (format!("{header}2,2,2,2,2,2 0,0 2 +2 2\n"), "book line 3"),
        (format!("{header}2,2,2,2,2,2 0,0 0 +2 6\n"), "book line 3"),
        (format!("{header}2,2,2,2,2,2 0,0 0 +2 \n"), "book line 3"),
        (
            format!("{header}{good}2,2,2,2,2,x 0,0 0 +2 1\n"),
            "book line 4",
        ),
        (format!("{header}2,2,2,2,2,2 0 0 +2 1\n"), "book line 3"),
        (
            format!("{header}2,2,2,2,2,2 0,0 0 +2 1 extra\n"),
            "book line 3",
        ),
    ];
    for (text, line) in cases {
        match Book::read_from(text.as_bytes()) {
            Err(TablebaseError::Format(message)) => {
                assert!(message.starts_with(line), "{message} for {text:?}")
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let dir = std::env::temp_dir().join(format!("mancala-book-none-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    assert!(Book::find(&dir, kind, 2).unwrap().is_none());
    // A file under the name of another kind's book.
    std::fs::write(
        dir.join(Book::file_name(kind, 3)),
        format!("{header}{good}"),
    )
    .unwrap();
    assert!(matches!(
        Book::find(&dir, kind, 3),
        Err(TablebaseError::Format(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_opened_table_answers_as_the_table_read_whole() {
    let dir = TempDir::new("open");
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        // 3003 positions: the opened table reads them a block at a time.
        let table = Tablebase::build(kind, 8, 2, 1 << 20, |_| {}).unwrap();
        let path = table.save(&dir.0).unwrap();
        let opened = Tablebase::open(&path).unwrap();
        assert!(opened.is_opened() && !table.is_opened());
        assert_eq!(
            (opened.kind(), opened.seeds(), opened.positions()),
            (kind, 8, 3003)
        );
        for seeds in 0..=8 {
            for holes in layer(6, seeds) {
                assert_eq!(opened.probe(&holes), table.probe(&holes), "{holes:?}");
                assert_eq!(opened.move_values(&holes), table.move_values(&holes));
            }
        }
        opened.check_file().unwrap();
        opened.fault().unwrap();
        // Written back, it is the same file.
        let (mut a, mut b) = (Vec::new(), Vec::new());
        table.write_to(&mut a).unwrap();
        opened.write_to(&mut b).unwrap();
        assert_eq!(a, b);
        // Found by its kind in a folder, or not there.
        let found = Tablebase::open_in(&dir.0, kind).unwrap().unwrap();
        assert_eq!(
            found.probe(&[1, 2, 0, 3, 0, 1]),
            table.probe(&[1, 2, 0, 3, 0, 1])
        );
        let other = Kind { houses: 4, ..kind };
        assert!(Tablebase::open_in(&dir.0, other).unwrap().is_none());
    }
}

#[test]
fn the_solver_reading_an_opened_table_finds_the_values_it_finds_alone() {
    let dir = TempDir::new("solver");
    let kind = Kind {
        houses: 4,
        empty_capture: false,
    };
    let game = Mancala::new(rules(kind, 3)).unwrap();
    let alone = KalahSolver::new(&game, 1 << 20, 0).unwrap().solve(&game);
    let path = Tablebase::build(kind, 12, 2, 1 << 24, |_| {})
        .unwrap()
        .save(&dir.0)
        .unwrap();
    let opened = Tablebase::open(&path).unwrap();
    let mut with = KalahSolver::new(&game, 1 << 20, 0)
        .unwrap()
        .with_tablebase(&opened)
        .unwrap();
    let solution = with.solve(&game);
    assert_eq!((solution.value, solution.best), (alone.value, alone.best));
    assert!(solution.nodes < alone.nodes, "the table saves search");
    opened.fault().unwrap();
}

#[test]
fn an_opened_table_refuses_damage_when_it_meets_it() {
    let dir = TempDir::new("damage");
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 8, 1, 1 << 20, |_| {}).unwrap();
    let path = table.save(&dir.0).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    // Cut short or a byte too long: refused at open, from the length.
    for (name, len) in [("short", bytes.len() - 1), ("header", 20)] {
        let p = write(name, &bytes[..len]);
        assert!(
            matches!(Tablebase::open(&p), Err(TablebaseError::Format(_))),
            "{name}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Tablebase::open(&write("long", &longer)),
        Err(TablebaseError::Format(_))
    ));
    // Another version, magic or count: refused at open, from the header.
    // (Version 2 is the compact entry's: this body is not one.)
    for (at, value) in [(8, 2u8), (8, 9), (0, b'X'), (24, 7)] {
        let mut other = bytes.clone();
        other[at] = value;
        assert!(matches!(
            Tablebase::open(&write("other", &other)),
            Err(TablebaseError::Format(_))
        ));
    }
    // A value changed within its range: the open takes it (nothing but
    // the checksum can see it), and the check on demand refuses it.
    let held = [1u8, 0, 0, 0, 0, 1];
    let rank = table.rank(&held).unwrap() as usize;
    let mut shifted = bytes.clone();
    // One more than its value, still within the two seeds' range.
    let value = table.probe(&held).unwrap();
    assert!(value < 2);
    shifted[40 + rank] = (value + 1) as u8;
    let opened = Tablebase::open(&write("shifted", &shifted)).unwrap();
    assert!(matches!(
        opened.check_file(),
        Err(TablebaseError::Checksum { .. })
    ));
    // A byte no value of its position can be: the probe answers nothing,
    // and the table says why; every later probe answers nothing too.
    let mut forged = bytes.clone();
    forged[40 + rank] = 100;
    let opened = Tablebase::open(&write("forged", &forged)).unwrap();
    assert_eq!(opened.probe(&[0, 0, 2, 1, 0, 0]), Some(1 - 2));
    opened.fault().unwrap();
    assert_eq!(opened.probe(&held), None);
    assert!(matches!(opened.fault(), Err(TablebaseError::Unreadable(_))));
    assert_eq!(opened.probe(&[0, 0, 2, 1, 0, 0]), None);
    // The file shortened after it was opened: the read fails, a fault.
    let p = write("cut", &bytes);
    let opened = Tablebase::open(&p).unwrap();
    std::fs::write(&p, &bytes[..100]).unwrap();
    assert_eq!(opened.probe(&[0, 0, 2, 1, 0, 0]), None);
    let err = opened.fault().unwrap_err();
    assert!(err.to_string().contains("could not answer"), "{err}");
    assert!(matches!(opened.check_file(), Err(TablebaseError::Io(_))));
}

/// Warming an opened table reads it through and checks its checksum: an
/// intact table answers as before; one whose value was changed within its
/// range (which no probe can see) gets a fault, and answers nothing from
/// then on; a table in memory has nothing to read; a shelf warms the
/// tables of its folder.
#[test]
fn warming_an_opened_table_finds_a_changed_value() {
    let dir = TempDir::new("warm");
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 10, 1, 1 << 20, |_| {}).unwrap();
    let path = table.save(&dir.0).unwrap();
    let held = [1u8, 0, 0, 0, 0, 1];
    let value = table.probe(&held).unwrap();

    let opened = Tablebase::open(&path).unwrap();
    assert!(opened.warm().unwrap().wait().unwrap());
    assert_eq!(opened.probe(&held), Some(value));
    opened.fault().unwrap();
    assert!(table.warm().unwrap().wait().unwrap(), "in memory");

    // One more than its value, still within the two seeds' range.
    assert!(value < 2);
    let mut shifted = std::fs::read(&path).unwrap();
    shifted[40 + table.rank(&held).unwrap() as usize] = (value + 1) as u8;
    let other = dir.0.join("shifted.mtb");
    std::fs::write(&other, &shifted).unwrap();
    let opened = Tablebase::open(&other).unwrap();
    assert_eq!(opened.probe(&held), Some(value + 1), "no probe sees it");
    let err = opened.warm().unwrap().wait().unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    assert!(matches!(opened.fault(), Err(TablebaseError::Unreadable(_))));
    assert_eq!(opened.probe(&held), None);
    assert_eq!(opened.probe(&[0, 0, 2, 1, 0, 0]), None);

    // A shelf opens and warms what its folder holds (the changed file is
    // not named for a kind), and its table answers.
    let mut shelf = mancala_engine::tablebase::Shelf::new(dir.0.clone()).unwrap();
    assert_eq!(shelf.warm().unwrap(), [kind]);
    let game = game_at(kind, &[1, 0, 0, 0, 0, 1]);
    let table = shelf.table_of(&game).unwrap().unwrap();
    assert!(table.is_opened());
    assert_eq!(table.probe(&held), Some(value));
}

/// The bytes of `table`'s file.
fn file_bytes(table: &Tablebase) -> Vec<u8> {
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    bytes
}

/// Any count of threads is taken: at most `MAX_THREADS` are started, so
/// `usize::MAX` builds, merges and assembles the same table as two.
#[test]
fn any_count_of_threads_builds_the_same_table() {
    use mancala_engine::tablebase::{Unit, assemble, merge_layer};
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let dir = TempDir::new("any-threads");
    for layer in 2..=9 {
        for unit in Unit::all(kind, layer) {
            unit.build(&dir.0, usize::MAX).unwrap();
        }
        merge_layer(kind, layer, &dir.0, usize::MAX).unwrap();
    }
    let by_units = assemble(kind, 9, &dir.0).unwrap();
    let whole = Tablebase::build(kind, 9, usize::MAX, 1 << 24, |_| {}).unwrap();
    let two = Tablebase::build(kind, 9, 2, 1 << 24, |_| {}).unwrap();
    assert_eq!(file_bytes(&by_units), file_bytes(&two));
    assert_eq!(file_bytes(&whole), file_bytes(&two));
}

#[test]
fn a_table_built_by_units_is_the_table_built_whole() {
    use mancala_engine::tablebase::{Unit, assemble, merge_layer};
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 4,
            empty_capture,
        };
        let shared = TempDir::new(&format!("units-{empty_capture}"));
        for layer in 2..=12 {
            for unit in Unit::all(kind, layer) {
                // Each unit on a "machine" of its own: a folder holding
                // only the lower layers' files, and the unit's file sent
                // back by its path and checksum.
                let node = TempDir::new(&format!("node-{empty_capture}-{layer}-{}", unit.low));
                for lower in 2..layer {
                    let name = mancala_engine::tablebase::layer_file_name(kind, lower);
                    std::fs::copy(shared.0.join(&name), node.0.join(&name)).unwrap();
                }
                let (path, _checksum) = unit.build(&node.0, 2).unwrap();
                std::fs::copy(&path, shared.0.join(unit.file_name())).unwrap();
            }
            merge_layer(kind, layer, &shared.0, 2).unwrap();
        }
        let by_units = assemble(kind, 12, &shared.0).unwrap();
        let whole = Tablebase::build(kind, 12, 2, 1 << 24, |_| {}).unwrap();
        assert_eq!(file_bytes(&by_units), file_bytes(&whole));
    }
}

#[test]
fn units_built_from_loaded_lower_layers_are_the_units_built_opened() {
    use mancala_engine::tablebase::{LowerLayers, Unit, layer_file_name, merge_layer};
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 4,
            empty_capture,
        };
        let opened = TempDir::new(&format!("opened-{empty_capture}"));
        let loaded = TempDir::new(&format!("loaded-{empty_capture}"));
        for layer in 2..=12 {
            let lower = LowerLayers::load(kind, layer, &loaded.0, 1 << 24).unwrap();
            for unit in Unit::all(kind, layer) {
                let (a, sum_a) = unit.build(&opened.0, 2).unwrap();
                let (b, sum_b) = unit.build_from(&lower, &loaded.0, 2).unwrap();
                assert_eq!(std::fs::read(a).unwrap(), std::fs::read(b).unwrap());
                assert_eq!(sum_a, sum_b);
            }
            merge_layer(kind, layer, &opened.0, 1).unwrap();
            merge_layer(kind, layer, &loaded.0, 2).unwrap();
        }
        // Layers loaded for one layer build no other layer's units, nor
        // another rule's.
        let lower = LowerLayers::load(kind, 12, &loaded.0, 1 << 24).unwrap();
        let other = Unit {
            kind,
            layer: 13,
            low: 1,
        };
        assert!(matches!(
            other.build_from(&lower, &loaded.0, 1),
            Err(TablebaseError::Unsupported(_))
        ));
        // The memory allowed: the lower layers' files of layer 12 (2 to
        // 11) take their lengths' sum, refused a byte short of it.
        let sum: u64 = (2..12)
            .map(|l| {
                std::fs::metadata(loaded.0.join(layer_file_name(kind, l)))
                    .unwrap()
                    .len()
            })
            .sum();
        assert!(LowerLayers::load(kind, 12, &loaded.0, sum).is_ok());
        assert!(matches!(
            LowerLayers::load(kind, 12, &loaded.0, sum - 1),
            Err(TablebaseError::TooLarge { bytes, .. }) if bytes == sum
        ));
        // A damaged lower layer is refused as it is loaded (its checksum),
        // where the unit reading it opened meets only the values it reads.
        let name = layer_file_name(kind, 9);
        let mut file = std::fs::read(loaded.0.join(&name)).unwrap();
        file[41] ^= 0x10;
        std::fs::write(loaded.0.join(&name), &file).unwrap();
        assert!(matches!(
            LowerLayers::load(kind, 12, &loaded.0, 1 << 24),
            Err(TablebaseError::Checksum { .. })
        ));
    }
}

#[test]
fn pieces_that_do_not_fit_are_refused() {
    use mancala_engine::tablebase::{Unit, assemble, merge_layer};
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let dir = TempDir::new("pieces");
    for layer in 2..=6 {
        for unit in Unit::all(kind, layer) {
            unit.build(&dir.0, 1).unwrap();
        }
        merge_layer(kind, layer, &dir.0, 1).unwrap();
    }
    // No units below 1 or above half the layer.
    for low in [0, 4] {
        let unit = Unit {
            kind,
            layer: 7,
            low,
        };
        assert!(matches!(
            unit.build(&dir.0, 1),
            Err(TablebaseError::Unsupported(_))
        ));
    }
    // A board or seeds no table has: refused before anything is read.
    let no_table = [
        (Kind { houses: 0, ..kind }, 4),
        (Kind { houses: 9, ..kind }, 4),
        (kind, 61),
    ];
    for (bad, layer) in no_table {
        let unit = Unit {
            kind: bad,
            layer,
            low: 1,
        };
        assert!(matches!(
            unit.build(&dir.0, 1),
            Err(TablebaseError::Unsupported(_))
        ));
        assert!(matches!(
            merge_layer(bad, layer, &dir.0, 1),
            Err(TablebaseError::Unsupported(_))
        ));
        assert!(matches!(
            assemble(bad, layer, &dir.0),
            Err(TablebaseError::Unsupported(_))
        ));
    }
    // A lower layer missing: an I/O error naming nothing built.
    let units = Unit::all(kind, 8);
    assert!(matches!(
        units[0].build(&dir.0, 1),
        Err(TablebaseError::Io(_))
    ));
    // Layer 7's units, then one of them damaged, cut short, or another's.
    let units = Unit::all(kind, 7);
    for unit in &units {
        unit.build(&dir.0, 1).unwrap();
    }
    let path = dir.0.join(units[1].file_name());
    let good = std::fs::read(&path).unwrap();
    let mut damaged = good.clone();
    // A byte of the body, after the header's 40 (the first codes of the
    // first record: the index's last count says how many exceptions end
    // the file, and changed it would change the length).
    damaged[41] ^= 1;
    std::fs::write(&path, &damaged).unwrap();
    assert!(matches!(
        merge_layer(kind, 7, &dir.0, 2),
        Err(TablebaseError::Checksum { .. })
    ));
    std::fs::write(&path, &good[..good.len() - 1]).unwrap();
    assert!(matches!(
        merge_layer(kind, 7, &dir.0, 2),
        Err(TablebaseError::Format(_))
    ));
    std::fs::copy(dir.0.join(units[0].file_name()), &path).unwrap();
    assert!(matches!(
        merge_layer(kind, 7, &dir.0, 2),
        Err(TablebaseError::Format(_))
    ));
    std::fs::write(&path, &good).unwrap();
    merge_layer(kind, 7, &dir.0, 2).unwrap();
    let table = assemble(kind, 7, &dir.0).unwrap();
    let whole = Tablebase::build(kind, 7, 1, 1 << 20, |_| {}).unwrap();
    assert_eq!(file_bytes(&table), file_bytes(&whole));
    // A table of more layers than the folder has.
    assert!(matches!(
        assemble(kind, 9, &dir.0),
        Err(TablebaseError::Io(_))
    ));
}
