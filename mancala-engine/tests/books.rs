//! The opening books shipped in `books/` (built by the `tablebase`
//! example's `book` command with the 25-seed tablebases): each whole to
//! its plies and true to itself, and its start worth the published value.
//!
//! A book's positions four plies in were solved with the tablebase, which
//! a test cannot afford; every position before them can be checked against
//! its children's entries, which is what minimax is: a position's value is
//! the best of its moves' (the first player's margin, so the most if he
//! is to move and the least if his opponent is), and its best moves are
//! exactly those that reach it.

use std::path::PathBuf;

use mancala_core::{Game, Mancala, Player};
use mancala_engine::solve::margin;
use mancala_engine::tablebase::{Book, Kind};

fn books() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../books")
}

/// Checks `game`, `ply` plies from the start, and every position the
/// book holds after it; returns how many positions it checked. Within the
/// book's plies every move leads on; along its lines
/// ([`Book::line`](mancala_engine::tablebase::Book::line)) the seat's
/// first best move alone, whose position must be worth the same.
fn check(book: &Book, game: &Mancala, ply: u32) -> usize {
    let Some(mover) = game.to_move() else {
        return 0;
    };
    let (best, value) = book
        .best_moves(game)
        .unwrap_or_else(|| panic!("{game} is missing from the book"));
    let last = book.line().map_or(book.plies(), |l| l.plies);
    if ply == last {
        return 1;
    }
    let worth = |child: &Mancala| {
        if child.to_move().is_some() {
            book.best_moves(child)
                .unwrap_or_else(|| panic!("{child} is missing from the book"))
                .1
        } else {
            margin(child)
        }
    };
    if ply >= book.plies() && book.line().is_some_and(|l| l.seat == mover) {
        let mut child = game.clone();
        child.play(best[0]).unwrap();
        assert_eq!(worth(&child), value, "{game}: its first best move");
        return 1 + check(book, &child, ply + 1);
    }
    let mut checked = 1;
    let mut values = Vec::new();
    for &mv in game.legal_moves().iter() {
        let mut child = game.clone();
        child.play(mv).unwrap();
        checked += check(book, &child, ply + 1);
        values.push((mv, worth(&child)));
    }
    let most = if mover == Player::P0 {
        values.iter().map(|&(_, v)| v).max()
    } else {
        values.iter().map(|&(_, v)| v).min()
    };
    assert_eq!(Some(value), most, "{game}: its moves are worth {values:?}");
    let keeping: Vec<_> = values
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|&(m, _)| m)
        .collect();
    assert_eq!(best, keeping, "{game}: its moves are worth {values:?}");
    checked
}

/// The seat's result in half points (2 a win, 1 a draw, 0 a loss) from
/// the first player's margin.
fn result(seat: Player, margin: i64) -> i64 {
    let m = if seat == Player::P0 { margin } else { -margin };
    m.signum() + 1
}

/// Follows the book's swindles from the start (the seat plays its swindle
/// or first best move, its opponent every move the book holds the
/// position of); each swindle must be where the seat cannot win and keep
/// its result by the book's own values. Returns the swindles met and the
/// positions walked.
fn check_swindles(book: &Book) -> (usize, usize) {
    let Some(swindles) = book.swindles() else {
        return (0, 0);
    };
    let seat = swindles.seat;
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![book.start()];
    let mut met = 0;
    while let Some(game) = stack.pop() {
        let Some(mover) = game.to_move() else {
            continue;
        };
        let Some((best, value)) = book.best_moves(&game) else {
            continue;
        };
        if !seen.insert(game.to_string()) {
            continue;
        }
        let moves = if mover == seat {
            let Some(swindle) = book.swindle(&game) else {
                stack.push({
                    let mut child = game.clone();
                    child.play(best[0]).unwrap();
                    child
                });
                continue;
            };
            met += 1;
            assert!(result(seat, value) < 2, "{game}: a swindle where it wins");
            let mut child = game.clone();
            child.play(swindle).unwrap();
            let worth = match child.to_move() {
                Some(_) => book.best_moves(&child).expect("its child is held").1,
                None => margin(&child),
            };
            assert_eq!(
                result(seat, worth),
                result(seat, value),
                "{game}: {swindle}"
            );
            vec![swindle]
        } else {
            game.legal_moves().to_vec()
        };
        for mv in moves {
            let mut child = game.clone();
            child.play(mv).unwrap();
            stack.push(child);
        }
    }
    (met, seen.len())
}

#[test]
fn the_shipped_books_are_whole_and_agree_with_themselves() {
    // The published values of Kalah(6,4): +10 with the empty capture
    // (Irving, Donkers and Uiterwijk 2000), +8 with the standard one
    // (Rawlings 2015), the first move from house 2 in both (the third
    // house, hole 2).
    for (empty_capture, published) in [(true, 10), (false, 8)] {
        let kind = Kind {
            houses: 6,
            empty_capture,
        };
        let book = Book::find(&books(), kind, 4)
            .unwrap()
            .unwrap_or_else(|| panic!("no {} in books/", Book::file_name(kind, 4)));
        assert!(book.plies() >= 4, "{} plies", book.plies());
        let start = book.start();
        let (best, value) = book.best_moves(&start).unwrap();
        assert_eq!(value, published);
        assert_eq!(
            best.iter()
                .map(|m| m.pit().unwrap().index())
                .collect::<Vec<_>>(),
            [2]
        );
        let checked = check(&book, &start, 0);
        let (met, walked) = check_swindles(&book);
        assert_eq!(met, book.swindle_count());
        // Each position is checked by the one walk or the other.
        assert!(
            checked + walked >= book.len(),
            "{checked} and {walked} of {}",
            book.len()
        );
    }
}
