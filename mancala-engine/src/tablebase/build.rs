//! Building a tablebase: layer by layer, each layer's positions shared out
//! among threads in chunks.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{Kind, Tablebase, TablebaseError, binomials};
use crate::kalah_solve::{Pos, Slots, each_with_tail, in_play, tails};

/// How far a build is, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The layer being built: seeds on the board.
    pub layer: u32,
    /// The most seeds on the board of the table.
    pub seeds: u32,
    /// Positions done, the lower layers' included.
    pub done: u64,
    /// Positions of the whole table.
    pub total: u64,
    /// Time since the build began.
    pub elapsed: Duration,
}

impl BuildProgress {
    /// Positions a second so far.
    pub fn rate(&self) -> f64 {
        self.done as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The time left if the rest goes at the rate so far (`None` before
    /// any position is done).
    pub fn left(&self) -> Option<Duration> {
        (self.done > 0).then(|| {
            Duration::from_secs_f64((self.total - self.done) as f64 / self.rate().max(1e-9))
        })
    }
}

/// Builds the tablebase of `kind` for every position of at most `seeds`
/// seeds on the board (see the [module docs](super)): layers 2 to `seeds`
/// in turn, each shared out among `threads` threads (at least one),
/// calling `progress` about five times a second and once at the end.
///
/// # Errors
///
/// [`TablebaseError::TooLarge`] if the table's bytes (its positions, see
/// [`Tablebase::positions_of`]) are more than `memory_limit` or cannot be
/// allocated; [`TablebaseError::Unsupported`] for a board or seeds no
/// tablebase holds.
pub fn build(
    kind: Kind,
    seeds: u32,
    threads: usize,
    memory_limit: u64,
    mut progress: impl FnMut(&BuildProgress),
) -> Result<Tablebase, TablebaseError> {
    let positions = Tablebase::positions_of(kind, seeds)?;
    let too_large = || TablebaseError::TooLarge {
        houses: kind.houses,
        seeds,
        bytes: positions,
        limit: memory_limit,
    };
    if positions > memory_limit {
        return Err(too_large());
    }
    let slots = Slots::try_unknown(usize::try_from(positions).map_err(|_| too_large())?)
        .ok_or_else(too_large)?;
    let ranks = binomials(kind, seeds)?.ranks();
    let play = kind.play();
    let start = Instant::now();
    let done = AtomicU64::new(ranks.below(2));
    let report = |progress: &mut dyn FnMut(&BuildProgress), layer| {
        progress(&BuildProgress {
            layer,
            seeds,
            done: done.load(Ordering::Relaxed),
            total: positions,
            elapsed: start.elapsed(),
        });
    };
    for layer in 2..=seeds {
        fill_layer(
            play.houses,
            layer,
            threads,
            |pos| {
                let _ = slots.value(play, &ranks, pos, ranks.rank(pos) as usize);
            },
            |walked| {
                done.fetch_add(walked, Ordering::Relaxed);
            },
            || report(&mut progress, layer),
        );
    }
    report(&mut progress, seeds);
    Ok(Tablebase {
        kind,
        seeds,
        ranks,
        values: super::Values::Memory(std::sync::Arc::new(slots)),
    })
}

/// Calls `work` with every position in play of the layer of `seeds` seeds
/// on a board of `houses` houses a side, on `threads` threads (at least
/// one), each calling `walked` with the positions it walked after each
/// share, and calls `tick` about five times a second until they are done.
fn fill_layer(
    houses: usize,
    seeds: u32,
    threads: usize,
    work: impl Fn(&Pos) + Sync,
    walked: impl Fn(u64) + Sync,
    mut tick: impl FnMut(),
) {
    // A layer is shared out by the counts of its last holes (a tail): a
    // thread takes the next tail not taken and walks only its positions.
    let tail_length = (2 * houses - 1).min(3);
    let tails = tails(tail_length, seeds as usize);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..super::workers(threads, tails.len()))
            .map(|_| {
                let (next, tails, work, walked) = (&next, &tails, &work, &walked);
                scope.spawn(move || {
                    while let Some(tail) = tails.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let mut count = 0u64;
                        each_with_tail(houses, seeds as usize, tail, |pos| {
                            count += 1;
                            if in_play(houses, pos) {
                                work(pos);
                            }
                        });
                        walked(count);
                    }
                })
            })
            .collect();
        // Ticks about five times a second, looking often enough that a
        // small layer is not kept waiting.
        let mut last = Instant::now();
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(2));
            if last.elapsed() >= Duration::from_millis(200) {
                tick();
                last = Instant::now();
            }
        }
    });
}
