//! Criterion benches of every game, through the [`Game`] trait alone.
//!
//! ```text
//! cargo bench -p mancala-examples --bench games [-- FILTER]
//! ```
//!
//! For each game of [`playout::names`] (every game of the registry, and
//! the bench's own boards, such as robertson-triangle and mankka-one):
//!
//! - `GAME/moves`: a fixed batch of uniform random games from clones of the
//!   start, the same playouts as the `bench` example (SplitMix64 reseeded
//!   every iteration, so every iteration does the same work), reported in
//!   moves (Numa: turns) per second;
//! - `GAME/clone`: cloning and dropping 64 positions met in random games,
//!   reported in clones per second (what a search pays to copy a state).
//!
//! The batch's moves per game and the state's size are printed first.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_cli::playout::{self, SplitMix, Visit};
use mancala_core::Game;

/// Games played in one iteration.
const BATCH: u64 = 32;

/// The seed of every batch.
const SEED: u64 = 1;

/// One iteration's batch; returns the moves played.
fn batch<G: Game>(start: &G) -> u64 {
    let mut rng = SplitMix::new(SEED);
    (0..BATCH).map(|_| playout::playout(start, &mut rng)).sum()
}

struct Bench<'a>(&'a mut Criterion);

impl Visit for Bench<'_> {
    fn visit<G: Game>(&mut self, name: &str, start: G) {
        let moves = batch(&start);
        let pool = playout::positions(&start, &mut SplitMix::new(SEED), 64);
        println!(
            "{name}: {BATCH} games per iteration, {:.2} moves per game, {} bytes a state",
            moves as f64 / BATCH as f64,
            std::mem::size_of::<G>()
        );
        let mut group = self.0.benchmark_group(name);
        group.throughput(Throughput::Elements(moves));
        group.bench_function("moves", |b| b.iter(|| batch(black_box(&start))));
        group.throughput(Throughput::Elements(pool.len() as u64));
        group.bench_function("clone", |b| {
            b.iter(|| {
                for game in &pool {
                    black_box(black_box(game).clone());
                }
            })
        });
        group.finish();
    }
}

fn games(c: &mut Criterion) {
    for name in playout::names() {
        if let Err(e) = playout::visit(name, false, &mut Bench(c)) {
            panic!("{e}");
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = games
}
criterion_main!(benches);
