//! The endgame slots: a value byte for every position of at most some
//! seeds on the board, by [rank](super::ranks), worked out from the
//! children's slots. The solver fills them as its search meets positions;
//! the [tablebases](crate::tablebase) fill them all, layer by layer, on
//! several threads at once (each slot is an atomic byte: two threads that
//! work out the same position write the same value).

use core::sync::atomic::{AtomicI8, Ordering};

use super::play::{MAX_HOUSES, Next, Play, Pos};
use super::ranks::Ranks;

/// Marks a slot not worked out yet (and, in a full table, a position that
/// is over: one of its rows empty).
pub(crate) const UNKNOWN: i8 = i8::MIN;

/// A value byte for each rank below `len`.
pub(crate) struct Slots(Vec<AtomicI8>);

impl Slots {
    /// `len` slots, none worked out.
    pub(crate) fn unknown(len: usize) -> Slots {
        Slots((0..len).map(|_| AtomicI8::new(UNKNOWN)).collect())
    }

    /// `len` slots, none worked out, or `None` if the memory cannot be
    /// had.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn try_unknown(len: usize) -> Option<Slots> {
        let mut slots = Slots::try_with_capacity(len)?;
        slots.0.extend((0..len).map(|_| AtomicI8::new(UNKNOWN)));
        Some(slots)
    }

    /// No slots yet, with room for `len`, or `None` if the memory cannot
    /// be had.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn try_with_capacity(len: usize) -> Option<Slots> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(len).ok()?;
        Some(Slots(slots))
    }

    /// Appends slots holding `values` (bytes of signed values).
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn extend_from_bytes(&mut self, values: &[u8]) {
        self.0
            .extend(values.iter().map(|&b| AtomicI8::new(b as i8)));
    }

    /// The number of slots.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// The value in slot `index` ([`UNKNOWN`] if not worked out).
    #[inline]
    pub(crate) fn get(&self, index: usize) -> i8 {
        self.0[index].load(Ordering::Relaxed)
    }

    /// Puts `value` in slot `index`.
    #[cfg(not(target_family = "wasm"))]
    #[inline]
    pub(crate) fn set(&self, index: usize, value: i8) {
        self.0[index].store(value, Ordering::Relaxed);
    }

    /// Puts the values `bytes` (each an `i8`'s bits) in the slots from
    /// `at` on.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn set_from(&self, at: usize, bytes: &[u8]) {
        for (slot, &b) in self.0[at..at + bytes.len()].iter().zip(bytes) {
            slot.store(b as i8, Ordering::Relaxed);
        }
    }

    /// The values of slots `from..to`, in order.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn values(&self, from: usize, to: usize) -> impl Iterator<Item = i8> + '_ {
        self.0[from..to].iter().map(|v| v.load(Ordering::Relaxed))
    }

    /// The value of `pos` (the mover's final margin beyond his store
    /// margin), in slot `index` (its rank), working it out from its
    /// children's if it is not there yet. `pos` has seeds in both rows,
    /// and its children's ranks are below `len`.
    pub(crate) fn value(&self, play: Play, ranks: &Ranks, pos: &Pos, index: usize) -> i32 {
        let v = self.get(index);
        if v != UNKNOWN {
            return i32::from(v);
        }
        self.work_out(play, ranks, pos, index)
    }

    /// Works out slot `index` of `pos` from its children's.
    pub(crate) fn work_out(&self, play: Play, ranks: &Ranks, pos: &Pos, index: usize) -> i32 {
        // The children's slots first, all of them, then their values: the
        // table reads are independent and overlap.
        let mut children = [(Pos::default(), 0usize, 0i32, false); MAX_HOUSES];
        let mut count = 0;
        let mut best = i32::MIN;
        for house in 0..play.houses {
            if pos.0[house] == 0 {
                continue;
            }
            let (child, gain, next) = play.play(pos, house);
            match next {
                Next::Over(rest) => best = best.max(gain + rest),
                Next::Again | Next::Other => {
                    children[count] = (
                        child,
                        ranks.rank(&child) as usize,
                        gain,
                        next == Next::Again,
                    );
                    count += 1;
                }
            }
        }
        let mut values = [UNKNOWN; MAX_HOUSES];
        for (value, child) in values.iter_mut().zip(&children[..count]) {
            *value = self.get(child.1);
        }
        for (&value, &(child, slot, gain, again)) in values.iter().zip(&children[..count]) {
            let v = if value == UNKNOWN {
                self.work_out(play, ranks, &child, slot)
            } else {
                i32::from(value)
            };
            best = best.max(if again { gain + v } else { gain - v });
        }
        // A position with seeds on both sides has a move; values fit a
        // byte (at most 120 seeds).
        self.0[index].store(best as i8, Ordering::Relaxed);
        best
    }
}
