//! `legal_moves` and `play` never allocate: a counting global allocator
//! watches many uniform random playouts of the reference presets (and of
//! En Gehe, whose boards live on the heap) and of Toguz Kumalak.
//!
//! An integration test is its own crate, so this allocator only serves this
//! test binary. Counts are kept per thread, so the tests of this file may run
//! in parallel.
//!
//! The only heap buffer of a [`Mancala`] state is oware's repetition
//! [`History`](mancala_core::history::History), which reserves room for 32 positions
//! when the state is created (and keeps it on `clone` and after a capture).
//! States are therefore created and cloned outside the counted region; a
//! game that goes more than 32 positions without a capture does allocate
//! (a known limit): those plies are counted apart, printed, and must be the
//! only ones that allocate.

// The `GlobalAlloc` impl needs `unsafe`; this test binary is the one place
// the workspace allows it (the library itself keeps `#![forbid(unsafe_code)]`).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use mancala_core::{Game, Mancala, Move, Pit, Status};

/// [`System`], counting the allocations (and reallocations) of each thread.
struct Counting;

thread_local! {
    // `const` and without a destructor: reading it never allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn bump() {
    // `try_with`: the slot may be gone while the thread shuts down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's arguments, so
// `System`'s guarantees are passed through unchanged; counting touches only
// a thread-local `Cell` and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made by this thread so far.
fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// xorshift64: small, deterministic, no dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions the history holds before its buffer must grow.
const RESERVED_POSITIONS: usize = 32;

/// What the playouts of one preset saw.
#[derive(Debug, Default)]
struct Report {
    games: u64,
    plies: u64,
    /// Allocations in plies whose history stayed within the reserve.
    allocations: u64,
    /// The first ply that allocated within the reserve, for the failure
    /// message.
    first: Option<String>,
    /// Plies after which the history held more than the reserve.
    long_plies: u64,
    /// Games with such a ply.
    long_games: u64,
    /// Allocations in those plies.
    long_allocations: u64,
    /// The longest history seen.
    max_history: usize,
}

/// `games` uniform random playouts from `start`, counting the allocations of
/// each ply: `legal_moves`, then `play` (even plies) or `play_unchecked`
/// (odd plies), both returning their `Turn` report, plus `status`,
/// `legal_actions` and `key`, and refused moves (an empty hole, a pass).
fn playouts(start: &Mancala, games: u64, seed: u64) -> Report {
    let mut rng = XorShift(seed);
    let mut report = Report::default();
    for _ in 0..games {
        // Created outside the counted region (the clone reserves the history).
        let mut game = start.clone();
        let mut long = false;
        loop {
            let before = allocations();
            let moves = game.legal_moves();
            let Status::ToMove(player) = Game::status(&game) else {
                assert!(moves.is_empty(), "a finished game lists moves");
                // `legal_moves` of a finished game was counted too.
                report.allocations += allocations() - before;
                break;
            };
            let actions = game.legal_actions(player);
            assert_eq!(moves.as_slice(), actions.as_slice());
            std::hint::black_box(game.key());
            let mv = moves[rng.below(moves.len())];
            // A refused move must not allocate either (its error is `Copy`).
            let empty = (0..game.board().len())
                .filter_map(Pit::new)
                .find(|&p| game.board().get(p) == 0);
            if let Some(empty) = empty {
                assert!(game.play(Move::Sow(empty)).is_err());
            }
            // Nor a refused pass.
            assert!(game.play(Move::Pass).is_err());
            if report.plies % 2 == 0 {
                game.play(mv).expect("a listed move is legal");
            } else {
                game.play_unchecked(mv);
            }
            let spent = allocations() - before;
            report.plies += 1;
            let held = game.history().len();
            report.max_history = report.max_history.max(held);
            if held > RESERVED_POSITIONS {
                long = true;
                report.long_plies += 1;
                report.long_allocations += spent;
            } else if spent > 0 {
                report.allocations += spent;
                report.first.get_or_insert_with(|| {
                    format!(
                        "{spent} allocation(s) playing {mv}, reaching holes {:?}, \
                         stores {:?}, history of {held}",
                        game.board().holes(),
                        &game.board().stores()[..2],
                    )
                });
            }
        }
        report.games += 1;
        report.long_games += u64::from(long);
        // Dropped outside the counted region.
        drop(game);
    }
    report
}

fn check(name: &str, start: &Mancala, games: u64, seed: u64) {
    let report = playouts(start, games, seed);
    println!(
        "{name}: {} games, {} plies, {} allocation(s) within the reserve; \
         {} game(s) went past {RESERVED_POSITIONS} positions without a capture \
         ({} plies, {} allocation(s)); longest history {}",
        report.games,
        report.plies,
        report.allocations,
        report.long_games,
        report.long_plies,
        report.long_allocations,
        report.max_history,
    );
    assert_eq!(
        report.allocations,
        0,
        "{name}: legal_moves/play allocated: {}",
        report.first.unwrap_or_default()
    );
}

#[test]
fn counting_allocator_counts() {
    let before = allocations();
    let v = std::hint::black_box(vec![1u8; 100]);
    assert!(
        allocations() > before,
        "the counting allocator is not in use"
    );
    drop(v);
}

#[test]
fn oware_playouts_do_not_allocate() {
    check(
        "oware",
        &mancala_core::oware(),
        2_000,
        0x9e37_79b9_7f4a_7c15,
    );
}

#[test]
fn kalah_playouts_do_not_allocate() {
    check(
        "kalah",
        &mancala_core::kalah(),
        2_000,
        0x2545_f491_4f6c_dd1d,
    );
}

/// En Gehe's boards (2x40, and 2x50, the largest) keep their counts on the
/// heap, with a spare block for trying moves: relays, the endless-relay
/// check and the legality of the next player's moves must not allocate.
#[test]
fn en_gehe_playouts_do_not_allocate() {
    let rules = mancala_core::Rules::en_gehe();
    check(
        "en-gehe",
        &Mancala::new(rules).unwrap(),
        100,
        0x853c_49e6_748f_ea9b,
    );
    check(
        "en-gehe 2x50",
        &Mancala::new(rules.with_houses(50)).unwrap(),
        50,
        0xda3e_39cb_94b9_5bdb,
    );
}

/// Toguz Kumalak (`ToguzKumalak`, which keeps no history): no ply allocates,
/// refused moves (an empty hole, a pass, a tuzdik) included.
#[test]
fn toguz_kumalak_playouts_do_not_allocate() {
    let start = mancala_core::toguz::ToguzKumalak::default();
    let mut rng = XorShift(0x6a09_e667_f3bc_c909);
    let (mut plies, mut tuzdiks) = (0u64, 0u64);
    for _ in 0..2_000 {
        // Cloned outside the counted region (the clone shares the board's
        // shape by reference counting, which does not allocate anyway).
        let mut game = start.clone();
        loop {
            let before = allocations();
            let moves = game.legal_moves();
            let Status::ToMove(player) = Game::status(&game) else {
                assert!(moves.is_empty(), "a finished game lists moves");
                assert_eq!(allocations(), before, "a finished game allocated");
                break;
            };
            assert_eq!(moves.as_slice(), game.legal_actions(player).as_slice());
            std::hint::black_box(game.key());
            let mv = moves[rng.below(moves.len())];
            let empty = (0..18)
                .filter_map(Pit::new)
                .find(|&p| game.board().get(p) == 0);
            if let Some(empty) = empty {
                assert!(game.play(Move::Sow(empty)).is_err());
            }
            assert!(game.play(Move::Pass).is_err());
            if let Some(t) = game.tuzdik(player.next(2)) {
                assert!(game.play(Move::Sow(t)).is_err());
                tuzdiks += 1;
            }
            if plies % 2 == 0 {
                game.play(mv).expect("a listed move is legal");
            } else {
                game.play_unchecked(mv);
            }
            plies += 1;
            assert_eq!(
                allocations(),
                before,
                "playing {mv} allocated, reaching {game}"
            );
        }
    }
    println!(
        "toguz-kumalak: 2000 games, {plies} plies, {tuzdiks} with a tuzdik refused, no allocation"
    );
    assert!(tuzdiks > 0, "the playouts met a tuzdik");
}
