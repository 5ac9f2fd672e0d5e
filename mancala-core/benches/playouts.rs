//! Uniform random playouts from the start of the reference presets.
//!
//! ```text
//! cargo bench -p mancala-core --bench playouts
//! ```
//!
//! Each iteration plays the same batch of [`GAMES`] games (an xorshift RNG
//! reseeded every iteration), so the work per iteration is fixed and known.
//! Every game is benchmarked twice with different throughputs: `games`
//! reports games/s, `moves` reports moves/s (one move is one ply: one
//! `legal_moves` plus one `play_unchecked`, Kalah's extra moves included).
//! A game starts from a clone of the start position, as a Monte Carlo search
//! would; the clone (which for oware reserves the repetition history) is
//! part of the measured time. The batch's average moves per game is printed
//! before the measurements.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_core::{Game, Mancala};

/// Games played in one iteration.
const GAMES: u64 = 64;

/// The seed of every batch.
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

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

/// One uniform random playout from `start`; returns the number of moves.
fn playout(start: &Mancala, rng: &mut XorShift) -> u64 {
    let mut game = start.clone();
    let mut moves = 0;
    loop {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play_unchecked(legal[rng.below(legal.len())]);
        moves += 1;
    }
    black_box(&game);
    moves
}

/// The batch of one iteration; returns the number of moves played.
fn batch(start: &Mancala) -> u64 {
    let mut rng = XorShift(SEED);
    (0..GAMES).map(|_| playout(start, &mut rng)).sum()
}

fn bench_game(c: &mut Criterion, name: &str, start: &Mancala) {
    let moves = batch(start);
    println!(
        "{name}: {GAMES} games per iteration, {moves} moves, {:.2} moves per game",
        moves as f64 / GAMES as f64
    );
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("games", |b| b.iter(|| batch(black_box(start))));
    group.throughput(Throughput::Elements(moves));
    group.bench_function("moves", |b| b.iter(|| batch(black_box(start))));
    group.finish();
}

fn playouts(c: &mut Criterion) {
    bench_game(c, "oware", &mancala_core::oware());
    bench_game(c, "kalah", &mancala_core::kalah());
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(50)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = playouts
}
criterion_main!(benches);
