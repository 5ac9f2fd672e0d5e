//! Repetition histories given in setups: loaded in `O(n log n)`, and refused
//! (with a typed error, building nothing) when a position is listed twice or
//! is the current one.

use mancala_core::{
    Game, Mancala, Move, Pit, Player, Rules, Setup, SetupError, Status,
    history::{History, HistoryError, InvalidHistory, PositionShape, SeenPosition},
};

/// A seeded draw of a number below `n` (xorshift), for random games that
/// replay alike.
fn below_from(mut rng: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    }
}

/// Oware, South to move from the start position, with `history`.
fn oware_setup(history: Vec<SeenPosition>) -> Setup {
    let mut setup = Setup::new(Rules::oware());
    setup.history = history;
    setup
}

/// A 48-seed Oware position, distinct for each `n` below 5^8: the first
/// eight holes hold the base-5 digits of `n`, hole 11 the rest.
fn distinct(n: u32, to_move: Player) -> SeenPosition {
    let mut board = vec![0u16; 12];
    let mut rest = n;
    for hole in board.iter_mut().take(8) {
        *hole = (rest % 5) as u16;
        rest /= 5;
    }
    board[11] = 48 - board.iter().sum::<u16>();
    SeenPosition { board, to_move }
}

#[test]
fn a_history_of_100k_positions_deserializes_in_n_log_n() {
    // 100,000 distinct positions (none the start: its first eight holes
    // would be n = 5^8 - 1). The old load compared each position with all
    // earlier ones once its fingerprint filter filled up: 5 * 10^9 key
    // comparisons, about 30 s in release and minutes in debug; sorted, it
    // is about 1.7 * 10^6.
    let seen: Vec<SeenPosition> = (0..100_000).map(|n| distinct(n, Player::P1)).collect();
    let json = serde_json::to_string(&oware_setup(seen.clone())).unwrap();
    assert!(json.len() > 4_000_000, "{} bytes", json.len());
    let game: Mancala = serde_json::from_str(&json).unwrap();
    // Every position, then the current one.
    assert_eq!(game.history().len(), 100_001);
    assert_eq!(game.to_setup().history, seen);
    assert_eq!(game.status(), Status::ToMove(Player::P0));
    // Positions loaded count as seen: the last one repeats.
    let history = History::from_seen(
        PositionShape {
            holes: 12,
            on_board: 48,
            players: 2,
        },
        &seen,
        &[4; 12],
        Player::P0,
    )
    .unwrap();
    let mut probe = history.clone();
    let last = seen.last().unwrap();
    let board = mancala_core::Board::from_counts(&last.board, &[]);
    assert!(!probe.insert(&board, Player::P1));
    assert!(probe.insert(&board, Player::P0));
    assert!(history.contains(&board, Player::P1));
}

#[test]
fn a_history_listing_a_position_twice_is_refused() {
    let [a, b, c] = [0, 1, 2].map(|n| distinct(n, Player::P1));
    let setup = oware_setup(vec![a.clone(), b.clone(), c, a.clone()]);
    assert_eq!(
        Mancala::from_setup(setup.clone()),
        Err(SetupError::RepeatedHistory {
            index: 3,
            earlier: 0
        })
    );
    // Refused the same way when deserialized or read from text: nothing is
    // built.
    let json = serde_json::to_string(&setup).unwrap();
    let error = serde_json::from_str::<Mancala>(&json).unwrap_err();
    assert!(
        error.to_string().contains("position 3 repeats position 0"),
        "{error}"
    );
    // The same board with the other player to move is another position.
    let mut other = a.clone();
    other.to_move = Player::P0;
    let game = Mancala::from_setup(oware_setup(vec![a.clone(), b.clone(), other])).unwrap();
    assert_eq!(game.history().len(), 4);
    // The first repeat in list order is named, with its first occurrence.
    let setup = oware_setup(vec![a.clone(), b.clone(), b.clone(), a.clone()]);
    assert_eq!(
        Mancala::from_setup(setup),
        Err(SetupError::RepeatedHistory {
            index: 2,
            earlier: 1
        })
    );
    // A position that does not fit is reported first, wherever it is.
    let mut bad = b.clone();
    bad.board[0] += 1;
    let setup = oware_setup(vec![a.clone(), a, bad]);
    assert_eq!(
        Mancala::from_setup(setup),
        Err(SetupError::BadHistory(InvalidHistory { index: 2 }))
    );
}

#[test]
fn a_history_holding_the_current_position_is_refused() {
    let start = SeenPosition {
        board: vec![4; 12],
        to_move: Player::P0,
    };
    let a = distinct(0, Player::P1);
    let setup = oware_setup(vec![a.clone(), start.clone()]);
    // Before, the game was built over at once (the position "repeated").
    assert_eq!(
        Mancala::from_setup(setup.clone()),
        Err(SetupError::CurrentInHistory { index: 1 })
    );
    let json = serde_json::to_string(&setup).unwrap();
    let error = serde_json::from_str::<Mancala>(&json).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("position 1 is the current position"),
        "{error}"
    );
    let text = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 seen=4,4,4,4,4,4/4,4,4,4,4,4:0";
    assert!(text.parse::<Mancala>().is_err());
    // The current position listed twice: it is named at its first place.
    let setup = oware_setup(vec![a.clone(), start.clone(), a, start]);
    assert_eq!(
        Mancala::from_setup(setup),
        Err(SetupError::CurrentInHistory { index: 1 })
    );
    // The current board with the other player to move is fine.
    let other = SeenPosition {
        board: vec![4; 12],
        to_move: Player::P1,
    };
    let mut game = Mancala::from_setup(oware_setup(vec![other])).unwrap();
    assert_eq!(game.status(), Status::ToMove(Player::P0));
    game.play(Move::Sow(Pit::new(0).unwrap())).unwrap();
}

#[test]
fn from_seen_names_the_first_problem_in_list_order() {
    let p = |board: [u16; 2], to_move: Player| SeenPosition {
        board: board.to_vec(),
        to_move,
    };
    let (a, b, now) = (
        p([1, 3], Player::P0),
        p([3, 1], Player::P0),
        p([2, 2], Player::P1),
    );
    let load = |seen: &[SeenPosition]| {
        History::from_seen(
            PositionShape {
                holes: 2,
                on_board: 4,
                players: 2,
            },
            seen,
            &now.board,
            now.to_move,
        )
    };
    assert_eq!(load(&[]).map(|h| h.len()), Ok(0));
    assert_eq!(load(&[a.clone(), b.clone()]).map(|h| h.len()), Ok(2));
    assert_eq!(
        load(&[a.clone(), b.clone(), a.clone(), now.clone()]),
        Err(HistoryError::Repeated {
            index: 2,
            earlier: 0
        })
    );
    assert_eq!(
        load(&[a.clone(), now.clone(), b.clone(), a.clone()]),
        Err(HistoryError::Current { index: 1 })
    );
    assert_eq!(
        load(&[b.clone(), a.clone(), a.clone(), b.clone()]),
        Err(HistoryError::Repeated {
            index: 2,
            earlier: 1
        })
    );
    // A player who is not in the game, wherever it is, comes first.
    assert_eq!(
        load(&[a.clone(), a, p([4, 0], Player::new(2).unwrap())]),
        Err(HistoryError::Invalid(InvalidHistory { index: 2 }))
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: mancala_testing::proptest_cases(256),
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// A history agrees with a plain list of the positions recorded, on
    /// boards of every size up to 20 holes (2x6 and 2x7 boards take their
    /// own four-word path, others the general one): `insert` reports
    /// exactly the first sight of a position, and `contains`, `len` and
    /// `positions` agree with the list.
    #[test]
    fn a_history_agrees_with_a_list_of_positions(
        holes in 1usize..=20,
        moves in proptest::collection::vec((proptest::collection::vec(0u16..3, 20), 0usize..2), 1..60),
    ) {
        let mut history = History::new();
        let mut model: Vec<(Vec<u16>, Player)> = Vec::new();
        for (counts, p) in &moves {
            let counts = &counts[..holes];
            let player = [Player::P0, Player::P1][*p];
            let board = mancala_core::Board::from_counts(counts, &[]);
            let new = !model.iter().any(|(b, q)| b.as_slice() == counts && *q == player);
            proptest::prop_assert_eq!(history.contains(&board, player), !new);
            proptest::prop_assert_eq!(history.insert(&board, player), new);
            proptest::prop_assert!(history.contains(&board, player));
            if new {
                model.push((counts.to_vec(), player));
            }
        }
        proptest::prop_assert_eq!(history.len(), model.len());
        let listed: Vec<(Vec<u16>, Player)> = history.positions().collect();
        proptest::prop_assert_eq!(&listed, &model);
    }

    /// The same, with counts above 255 now and then (which a history packs
    /// in wide lanes, repacking what it holds when the first arrives) and
    /// clears between (after which it packs narrow again): `insert`,
    /// `contains`, `len` and `positions` agree with the list.
    #[test]
    fn a_history_agrees_with_a_list_through_wide_counts_and_clears(
        holes in 1usize..=20,
        moves in proptest::collection::vec(
            (proptest::collection::vec(0u16..3, 20), 0usize..2, 0u8..12),
            1..80,
        ),
    ) {
        let mut history = History::new();
        let mut model: Vec<(Vec<u16>, Player)> = Vec::new();
        for (counts, p, op) in &moves {
            let mut counts = counts[..holes].to_vec();
            match op {
                // Forget everything, as a game does after a capture.
                0 => {
                    history.clear();
                    model.clear();
                }
                // A count that needs wide lanes, first or last.
                1 => counts[0] = 300,
                2 => counts[holes - 1] = u16::MAX,
                _ => {}
            }
            let player = [Player::P0, Player::P1][*p];
            let board = mancala_core::Board::from_counts(&counts, &[]);
            let new = !model.iter().any(|(b, q)| *b == counts && *q == player);
            proptest::prop_assert_eq!(history.contains(&board, player), !new);
            proptest::prop_assert_eq!(history.insert(&board, player), new);
            proptest::prop_assert!(history.contains(&board, player));
            if new {
                model.push((counts, player));
            }
            proptest::prop_assert_eq!(history.len(), model.len());
        }
        let listed: Vec<(Vec<u16>, Player)> = history.positions().collect();
        proptest::prop_assert_eq!(&listed, &model);
    }
}

/// `clone_from` (which a `VectorEnv` resets its games with, keeping their
/// buffers) gives the state `clone` gives, from states with longer, shorter
/// and no histories, and the copies play on alike: the same repetitions end
/// the same games.
#[test]
fn clone_from_gives_what_clone_gives() {
    let mut below = below_from(0x2545_f491_4f6c_dd1d);
    // States along random oware games, some with long histories.
    let mut states = vec![mancala_core::oware(), mancala_core::kalah()];
    for _ in 0..20 {
        let mut game = mancala_core::oware();
        while let Status::ToMove(_) = game.status() {
            let moves = game.legal_moves();
            game.play(moves[below(moves.len())]).unwrap();
            if below(8) == 0 {
                states.push(game.clone());
            }
        }
        states.push(game);
    }
    for (i, target) in states.iter().enumerate() {
        for source in states.iter().skip(i % 7).step_by(5) {
            let mut copy = target.clone();
            copy.clone_from(source);
            assert_eq!(&copy, source);
            assert_eq!(copy.history(), source.history());
            assert_eq!(copy.history().len(), source.history().len());
            // Played on, the copy and a plain clone stay alike.
            let mut plain = source.clone();
            while let Status::ToMove(_) = plain.status() {
                let moves = plain.legal_moves();
                assert_eq!(copy.legal_moves(), moves);
                let mv = moves[below(moves.len())];
                assert_eq!(copy.play(mv).unwrap(), plain.play(mv).unwrap());
                assert_eq!(copy, plain);
                assert_eq!(copy.history(), plain.history());
            }
            assert_eq!(copy.status(), plain.status());
        }
    }
}

/// `prefetch` (which a `VectorEnv` calls for a block of games before
/// stepping them) changes nothing: a game that calls it before every move
/// stays equal, history included, to one that never does, and both end
/// alike (repetitions included), in oware (which keeps a history) and in
/// Kalah (which keeps none).
#[test]
fn prefetch_changes_nothing() {
    let mut below = below_from(0x9e37_79b9_7f4a_7c15);
    for start in [mancala_core::oware(), mancala_core::kalah()] {
        for _ in 0..50 {
            let (mut warmed, mut plain) = (start.clone(), start.clone());
            while let Status::ToMove(_) = plain.status() {
                warmed.prefetch();
                assert_eq!(warmed, plain);
                assert_eq!(warmed.history(), plain.history());
                let moves = plain.legal_moves();
                let mv = moves[below(moves.len())];
                assert_eq!(warmed.play(mv).unwrap(), plain.play(mv).unwrap());
            }
            warmed.prefetch();
            assert_eq!(warmed, plain);
            assert_eq!(warmed.status(), plain.status());
        }
    }
}

/// A history loaded from remembered positions (`from_seen`) equals the one
/// recorded move by move, and gives them back (`seen_before`), whether its
/// counts fit narrow lanes (300 seeds spread below 256 a hole), need wide
/// ones (a hole of 300) or mix both (one wide position among narrow ones).
#[test]
fn loaded_histories_equal_recorded_ones_in_both_lane_widths() {
    let narrow = [[150u16, 100, 50], [100, 100, 100], [50, 150, 100]];
    let wide = [[300u16, 0, 0], [0, 300, 0], [0, 0, 300]];
    let mixed = [[150u16, 100, 50], [300, 0, 0], [100, 100, 100]];
    for positions in [narrow, wide, mixed] {
        let mut recorded = History::new();
        let players = [Player::P0, Player::P1, Player::P0];
        for (board, &p) in positions.iter().zip(&players) {
            assert!(recorded.insert(&mancala_core::Board::from_counts(board, &[]), p));
        }
        let seen: Vec<SeenPosition> = positions[..2]
            .iter()
            .zip(players)
            .map(|(board, to_move)| SeenPosition {
                board: board.to_vec(),
                to_move,
            })
            .collect();
        let shape = PositionShape {
            holes: 3,
            on_board: 300,
            players: 2,
        };
        let current = mancala_core::Board::from_counts(&positions[2], &[]);
        let mut loaded = History::from_seen(shape, &seen, &positions[2], Player::P0).unwrap();
        assert!(!loaded.contains(&current, Player::P0));
        for (board, &p) in positions[..2].iter().zip(&players) {
            assert!(loaded.contains(&mancala_core::Board::from_counts(board, &[]), p));
        }
        assert!(loaded.insert(&current, Player::P0));
        assert_eq!(loaded, recorded);
        assert_eq!(loaded.seen_before(), seen);
        assert_eq!(recorded.seen_before(), seen);
        // The current position again, or any earlier one, is a repetition.
        assert!(!loaded.insert(&current, Player::P0));
        assert!(!recorded.insert(
            &mancala_core::Board::from_counts(&positions[0], &[]),
            Player::P0
        ));
    }
}
