//! Perft from the start position of the reference presets, checked against
//! the node counts of OpenSpiel 2.0.2 (`tests/perft.txt`).
//!
//! # Convention
//!
//! `perft(d)` is the number of nodes at exactly depth `d` of the game tree,
//! where one ply is one move (one call of `play`):
//!
//! - Kalah's extra move is a ply of its own: the same player moves again one
//!   level deeper. Counting a whole turn (extra moves included) as one ply
//!   gives other numbers (Kalah: 10, 116, 1022, ...), checked below so the
//!   difference stays documented.
//! - A game that ends before depth `d` contributes nothing further (it is not
//!   a node at depth `d`). At the depths of the table this makes no
//!   difference: no game of the tree has ended yet, which the test asserts
//!   (the first finished Kalah games are at ply 9; no oware game has ended by
//!   ply 11), so the table cannot tell this convention from the one that
//!   counts a finished game as a leaf at its own depth.
//!
//! Only the public API is used: the [`Game`] trait (status, legal actions,
//! `play_unchecked` on clones). In debug mode the whole file takes well under
//! a second.

use mancala_core::{Game, Mancala, Move, Pit, Status};

/// Node counts of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Count {
    /// Nodes at exactly the requested depth.
    nodes: u64,
    /// Finished games met above that depth (they contribute no node).
    finished_early: u64,
}

impl std::ops::AddAssign for Count {
    fn add_assign(&mut self, rhs: Count) {
        self.nodes += rhs.nodes;
        self.finished_early += rhs.finished_early;
    }
}

/// Perft through the [`Game`] trait, for any sequential game whose move is
/// its action.
fn perft<G: Game>(game: &G, depth: u32) -> Count
where
    G::Move: From<G::Action>,
{
    if depth == 0 {
        return Count {
            nodes: 1,
            finished_early: 0,
        };
    }
    let Status::ToMove(player) = game.status() else {
        return Count {
            nodes: 0,
            finished_early: 1,
        };
    };
    let actions = game.legal_actions(player);
    assert!(!actions.is_empty(), "a live game has a legal move");
    if depth == 1 {
        // Bulk counting: the children are the legal moves.
        return Count {
            nodes: actions.len() as u64,
            finished_early: 0,
        };
    }
    let mut count = Count::default();
    for &action in actions.iter() {
        let mut child = game.clone();
        child.play_unchecked(action.into());
        count += perft(&child, depth - 1);
    }
    count
}

/// The table of `tests/perft.txt`: (game, depth, nodes).
fn table() -> Vec<(&'static str, u32, u64)> {
    include_str!("perft.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 3, "bad perft line: {line:?}");
            let depth = fields[1].parse().expect("depth is a number");
            let nodes = fields[2].parse().expect("node count is a number");
            (fields[0], depth, nodes)
        })
        .collect()
}

fn start(name: &str) -> Mancala {
    match name {
        "oware" => mancala_core::oware(),
        "kalah" => mancala_core::kalah(),
        other => unreachable!("unknown game {other:?} in perft.txt"),
    }
}

#[test]
fn perft_matches_openspiel() {
    let table = table();
    // Oware to depth 7 and Kalah to depth 6, nothing skipped.
    for (name, max) in [("oware", 7), ("kalah", 6)] {
        let depths: Vec<u32> = table
            .iter()
            .filter(|(g, _, _)| *g == name)
            .map(|&(_, d, _)| d)
            .collect();
        assert_eq!(depths, (1..=max).collect::<Vec<_>>(), "{name} depths");
    }
    let mut failures = Vec::new();
    for (name, depth, expected) in table {
        let got = perft(&start(name), depth);
        assert_eq!(got.finished_early, 0, "{name} depth {depth}: a game ended");
        if got.nodes != expected {
            failures.push(format!(
                "{name} depth {depth}: expected {expected}, got {}",
                got.nodes
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

/// Counting a whole Kalah turn as one ply does not give OpenSpiel's numbers.
#[test]
fn kalah_extra_move_is_a_ply() {
    fn turns(game: &Mancala, depth: u32) -> u64 {
        let Some(me) = game.to_move() else {
            return 0;
        };
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for &mv in &game.legal_moves() {
            let mut child = game.clone();
            child.play_unchecked(mv);
            // An extra move continues the same turn.
            let left = if child.to_move() == Some(me) {
                depth
            } else {
                depth - 1
            };
            n += if child.is_over() {
                u64::from(left == 0)
            } else {
                turns(&child, left)
            };
        }
        n
    }
    let kalah = mancala_core::kalah();
    assert_eq!(turns(&kalah, 1), 10);
    assert_eq!(turns(&kalah, 2), 116);
    assert_eq!(turns(&kalah, 3), 1022);
    assert_eq!(perft(&kalah, 1).nodes, 6);
}

/// Along the perft tree, checked `play` accepts exactly the listed moves and
/// gives the same state and report as `play_unchecked`.
#[test]
fn checked_play_agrees_with_legal_moves() {
    fn walk(game: &Mancala, depth: u32) {
        let legal = game.legal_moves();
        let holes = game.board().len();
        let candidates = (0..holes + 2)
            .filter_map(Pit::new)
            .map(Move::Sow)
            .chain([Move::Pass]);
        for mv in candidates {
            let listed = legal.contains(&mv);
            assert_eq!(game.is_legal(&mv), listed, "{mv} in {game:?}");
            let mut checked = game.clone();
            let report = checked.play(mv);
            assert_eq!(report.is_ok(), listed, "{mv} in {game:?}");
            if listed {
                let mut fast = game.clone();
                let fast_report = fast.play_unchecked(mv);
                assert_eq!(checked, fast, "{mv} in {game:?}");
                assert_eq!(report, Ok(fast_report), "{mv} in {game:?}");
                if depth > 1 {
                    walk(&fast, depth - 1);
                }
            } else {
                assert_eq!(&checked, game, "refused {mv} changed the state");
            }
        }
    }
    walk(&mancala_core::oware(), 4);
    walk(&mancala_core::kalah(), 4);
}
