//! Endless relays in the games that forbid them (`four_rows`, `rounds`):
//! Brent's cycle detection over a move's laps, and the memo of what a
//! position's checks found.
//!
//! The games whose legality depends on whether a move relays for ever
//! (`four_rows`, `rounds`) decide it by playing the move out on a copy, up
//! to a bound of a million seeds sown. A position's legal actions, then
//! `is_legal` and `play` of one of them, would each play out the same
//! moves again: a position whose moves run to the bound cost its legal
//! actions up to sixteen million seeds each time they were asked for. The
//! memo keeps each answer once found, so that a position pays for each
//! move's check once.
//!
//! The memo is a cache of the position's own values, never part of the
//! position: positions that are equal are equal whatever their memos hold
//! (`PartialEq` and `Hash` ignore it), and a game clears it whenever it
//! changes the position (a clone, which is the same position, keeps it).
//! It is kept in atomics so that a position stays `Sync`: threads that
//! share a position may fill its memo at once, and each writes what every
//! other would.

use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};

/// Up to 64 answers, "does move `i` relay for ever", each known or not
/// (in 32-bit words: the targets without 64-bit atomics have these).
pub(crate) struct EndlessMemo {
    /// Bit `i % 32` of word `i / 32`: the answer for move `i` is known.
    known: [AtomicU32; 2],
    /// The same bit: move `i` relays for ever (meaningful once known).
    endless: [AtomicU32; 2],
}

impl EndlessMemo {
    /// A memo that knows nothing.
    pub(crate) const fn new() -> EndlessMemo {
        EndlessMemo {
            known: [AtomicU32::new(0), AtomicU32::new(0)],
            endless: [AtomicU32::new(0), AtomicU32::new(0)],
        }
    }

    /// Forgets every answer: the position has changed.
    pub(crate) fn clear(&mut self) {
        for word in self.known.iter_mut().chain(&mut self.endless) {
            *word.get_mut() = 0;
        }
    }

    /// Whether move `i` relays for ever: the answer kept, or else
    /// `decide()`'s, kept for next time. Moves from 64 on are decided
    /// every time.
    pub(crate) fn get_or(&self, i: usize, decide: impl FnOnce() -> bool) -> bool {
        let (Some(known), Some(endless)) = (self.known.get(i / 32), self.endless.get(i / 32))
        else {
            return decide();
        };
        let bit = 1u32 << (i % 32);
        // The answer is written before it is marked known (release), and
        // read after the mark (acquire), so a thread that sees the mark
        // sees the answer.
        if known.load(Ordering::Acquire) & bit != 0 {
            return endless.load(Ordering::Relaxed) & bit != 0;
        }
        let answer = decide();
        if answer {
            endless.fetch_or(bit, Ordering::Relaxed);
        }
        known.fetch_or(bit, Ordering::Release);
        answer
    }
}

impl Clone for EndlessMemo {
    fn clone(&self) -> EndlessMemo {
        // The known bits are read first (acquire), so every answer they
        // mark is read with them.
        let copy = |w: usize| {
            let known = self.known[w].load(Ordering::Acquire);
            let endless = self.endless[w].load(Ordering::Relaxed) & known;
            (AtomicU32::new(known), AtomicU32::new(endless))
        };
        let ((k0, e0), (k1, e1)) = (copy(0), copy(1));
        EndlessMemo {
            known: [k0, k1],
            endless: [e0, e1],
        }
    }
}

/// Every memo is equal to every other: it is never part of the position.
impl PartialEq for EndlessMemo {
    fn eq(&self, _: &EndlessMemo) -> bool {
        true
    }
}

impl Eq for EndlessMemo {}

/// Hashes nothing, as equality compares nothing.
impl core::hash::Hash for EndlessMemo {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for EndlessMemo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EndlessMemo")
    }
}

/// Brent's cycle detection over a sequence of states: a state is compared
/// with one saved, which moves on after windows of doubling length, so a
/// cycle is found within a few of its lengths, in constant memory.
pub(crate) struct Cycle<T> {
    saved: T,
    window: u64,
    length: u64,
}

impl<T: PartialEq + Copy> Cycle<T> {
    /// Watching a sequence from `start`.
    pub(crate) fn new(start: T) -> Cycle<T> {
        Cycle {
            saved: start,
            window: 1,
            length: 0,
        }
    }

    /// Whether the next state, `state`, repeats an earlier one. (States
    /// are compared field by field in order: put first what differs most
    /// often and costs least to compare, the hole a lap starts from before
    /// the board.)
    pub(crate) fn repeats(&mut self, state: T) -> bool {
        if state == self.saved {
            return true;
        }
        self.length += 1;
        if self.length == self.window {
            self.saved = state;
            self.window *= 2;
            self.length = 0;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_is_found_within_a_few_of_its_lengths() {
        // The sequence 0, 1, ..., 9, then 5, 6, 7, 8, 9 for ever: a tail of
        // 5 and a cycle of 5. Brent's saved state is the one at step 2^j - 1
        // (0, 1, 3, 7, 15, ...); the saved 7 at step 7 comes back at step
        // 12, where the search stops.
        let state = |n: u64| if n < 10 { n } else { 5 + (n - 5) % 5 };
        let mut cycle = Cycle::new(state(0));
        let found = (1..100).find(|&n| cycle.repeats(state(n)));
        assert_eq!(found, Some(12));
        // A sequence that never repeats is never called a cycle.
        let mut cycle = Cycle::new(0u64);
        assert!((1..10_000).all(|n| !cycle.repeats(n)));
    }

    #[test]
    fn an_answer_is_decided_once_and_kept_until_cleared() {
        let mut memo = EndlessMemo::new();
        let calls = core::cell::Cell::new(0);
        let decide = |answer: bool| {
            calls.set(calls.get() + 1);
            answer
        };
        assert!(memo.get_or(3, || decide(true)));
        assert!(!memo.get_or(5, || decide(false)));
        // In the second word too.
        assert!(memo.get_or(40, || decide(true)));
        assert!(memo.get_or(40, || decide(false)));
        assert_eq!(calls.get(), 3);
        calls.set(2);
        // Kept: the closures are not called again, and would answer wrong.
        assert!(memo.get_or(3, || decide(false)));
        assert!(!memo.get_or(5, || decide(true)));
        assert_eq!(calls.get(), 2);
        // A clone keeps the answers.
        let copy = memo.clone();
        assert!(copy.get_or(3, || decide(false)));
        assert_eq!(calls.get(), 2);
        // Cleared: decided again.
        memo.clear();
        assert!(!memo.get_or(3, || decide(false)));
        assert_eq!(calls.get(), 3);
        // Past the memo's size: decided every time.
        assert!(memo.get_or(64, || decide(true)));
        assert!(memo.get_or(64, || decide(true)));
        assert_eq!(calls.get(), 5);
    }
}
