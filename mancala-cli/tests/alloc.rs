//! No game allocates on the heap to list, check or play a move: a counting
//! global allocator watches uniform random playouts of every game through
//! the [`Game`] trait (`status`, `legal_actions`, `joint_move`, `play` or
//! `play_unchecked`, `key`).
//!
//! An integration test is its own crate, so this allocator serves only this
//! test binary; counts are kept per thread, so the tests may run in parallel.
//!
//! States are created, cloned and dropped outside the counted region (a
//! clone reserves the repetition history's buffer, room for 32 positions).
//! A fresh allocation inside a move fails the test. The one growth allowed
//! is the repetition history's buffer when a game goes more than 32
//! positions without a capture: that is a `realloc` of an existing buffer,
//! counted apart and printed; it happens a handful of times per thousands of
//! games and the test bounds it.

// The `GlobalAlloc` impl needs `unsafe`; test binaries are the one place the
// workspace allows it (the libraries keep `#![forbid(unsafe_code)]`).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use mancala_core::{Game, Player, Status};

/// [`System`], counting the allocations and reallocations of each thread.
struct Counting;

thread_local! {
    // `const` and without a destructor: reading them never allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static REALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every method forwards to `System` with the caller's arguments, so
// `System`'s guarantees pass through unchanged; counting touches only a
// thread-local `Cell` and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = REALLOCATIONS.try_with(|n| n.set(n.get() + 1));
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

fn counts() -> (u64, u64) {
    (ALLOCATIONS.with(Cell::get), REALLOCATIONS.with(Cell::get))
}

/// SplitMix64: small, deterministic, no dependency.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The most moves of one random game (random play in I can cycle for
/// ever; other games end far sooner).
const MAX_MOVES_PER_GAME: u32 = 5_000;

/// Plays `games` random games from `start`, each stopped after
/// [`MAX_MOVES_PER_GAME`]; returns (moves, allocations,
/// reallocations, the first allocating move).
fn playouts<G: Game + std::fmt::Display>(
    start: &G,
    games: u64,
    seed: u64,
) -> (u64, u64, u64, Option<String>) {
    let mut rng = SplitMix(seed);
    let (mut moves, mut allocs, mut reallocs, mut first) = (0, 0, 0, None);
    for _ in 0..games {
        let mut game = start.clone();
        // Random play in I can go round for ever: games stop at a cap.
        for _ in 0..MAX_MOVES_PER_GAME {
            let before = counts();
            let status = game.status();
            let acting: smallvec::SmallVec<[Player; 2]> = match status {
                Status::Over(_) => break,
                Status::ToMove(p) => smallvec::smallvec![p],
                Status::Simultaneous(set) => set.iter().collect(),
            };
            let mut choices: smallvec::SmallVec<[(Player, G::Action); 2]> =
                smallvec::SmallVec::new();
            for p in acting {
                let actions = game.legal_actions(p);
                choices.push((p, actions[rng.below(actions.len())]));
            }
            std::hint::black_box(game.key());
            let mv = game
                .joint_move(&choices)
                .expect("legal actions make a move");
            if moves % 2 == 0 {
                assert!(game.is_legal(&mv));
                game.play(mv.clone()).expect("a legal move is accepted");
            } else {
                std::hint::black_box(game.play_unchecked(mv.clone()));
            }
            let after = counts();
            moves += 1;
            if after.0 > before.0 {
                allocs += after.0 - before.0;
                first.get_or_insert_with(|| format!("{mv}, reaching {game}"));
            }
            reallocs += after.1 - before.1;
        }
        drop(game);
    }
    (moves, allocs, reallocs, first)
}

fn check<G: Game + std::fmt::Display>(name: &str, start: G, games: u64) {
    let (moves, allocs, reallocs, first) = playouts(&start, games, 7);
    println!(
        "{name}: {games} games, {moves} moves, {allocs} allocation(s), {reallocs} history growth(s)"
    );
    assert_eq!(
        allocs,
        0,
        "{name}: a move allocated: {}",
        first.unwrap_or_default()
    );
    // The history grows only past 32 positions without a capture, and then
    // doubles: at most once per 32 moves, and in random playouts under once
    // per 256 (the bound, kept from when the buffer started at 256).
    assert!(
        reallocs * 256 <= moves,
        "{name}: {reallocs} reallocations in {moves} moves"
    );
}

#[test]
fn oware_and_kalah_never_allocate() {
    check("oware", mancala_core::oware(), 2_000);
    check("kalah", mancala_core::kalah(), 2_000);
}

#[test]
fn catalogue_games_never_allocate() {
    for game in mancala_core::Traditional::ALL {
        if game.has_own_type() {
            continue;
        }
        let start = mancala_core::Mancala::new(game.rules()).unwrap();
        check(game.name(), start, 300);
    }
    check(
        "toguz-kumalak",
        mancala_core::toguz::ToguzKumalak::default(),
        300,
    );
}

#[test]
fn numercy_never_allocates() {
    check("numercy", numercy::Numercy::default(), 1_000);
}

#[test]
fn robertson_never_allocates() {
    check("robertson", robertson::Robertson::default(), 1_000);
    let triangle = robertson::Robertson::new(robertson::Options::triangle()).unwrap();
    check("robertson-triangle", triangle, 500);
    let hexagon = robertson::Options::hexagon(2).unwrap();
    check(
        "robertson-hexagon",
        robertson::Robertson::new(hexagon).unwrap(),
        100,
    );
}

#[test]
fn mankka_never_allocates() {
    check("mankka", mankka::Mankka::default(), 1_000);
    check(
        "mankka-one",
        mankka::Mankka::new(mankka::Options::one()).unwrap(),
        1_000,
    );
    // Without the early ends: passes and the repetition rule, under the
    // relays' work budget (each position is looked up before it is
    // recorded).
    let late = mankka::Options {
        early_end: false,
        ..mankka::Options::two()
    };
    check(
        "mankka-no-early-end",
        mankka::Mankka::new(late).unwrap(),
        300,
    );
}

#[test]
fn numa_never_allocates() {
    check("numa", numa::Numa::default(), 2_000);
}

/// Allocations made by cloning `game` and dropping the clone.
fn clone_allocations<G: Clone>(game: &G) -> u64 {
    let before = counts().0;
    drop(std::hint::black_box(game.clone()));
    counts().0 - before
}

/// Plays `plies` first legal actions (fewer if the game ends).
fn advance<G: Game>(mut game: G, plies: usize) -> G {
    for _ in 0..plies {
        let Status::ToMove(p) = game.status() else {
            break;
        };
        let action = game.legal_actions(p)[0];
        let mv = game.joint_move(&[(p, action)]).unwrap();
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn small_states_clone_without_allocating() {
    // Every state of a 2x6 or 2x7 preset is at most 128 bytes (two cache
    // lines) and, without a repetition history, a clone is a copy and a
    // reference count: no allocation, at the start and later on.
    assert!(std::mem::size_of::<mancala_core::Mancala>() <= 128);
    assert!(std::mem::size_of::<numercy::Numercy>() <= 128);
    assert!(std::mem::size_of::<robertson::Robertson>() <= 128);
    assert!(std::mem::size_of::<mankka::Mankka>() <= 128);
    for plies in [0, 9] {
        assert_eq!(clone_allocations(&advance(mancala_core::kalah(), plies)), 0);
        assert_eq!(
            clone_allocations(&advance(numercy::Numercy::default(), plies)),
            0
        );
        assert_eq!(
            clone_allocations(&advance(mankka::Mankka::default(), plies)),
            0
        );
        let one = mankka::Mankka::new(mankka::Options::one()).unwrap();
        assert_eq!(clone_allocations(&advance(one, plies)), 0);
        assert_eq!(clone_allocations(&advance(numa::Numa::default(), plies)), 0);
    }
    // With the repetition rule (oware, Robertson) the history is one block.
    assert_eq!(clone_allocations(&advance(mancala_core::oware(), 9)), 2);
}
