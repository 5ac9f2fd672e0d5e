//! The solver's transposition table ([`Buckets`]): 64-byte buckets (one
//! cache line) of four entries, an entry of an earlier search replaced
//! first, then the entry of the smallest search.
//!
//! A table kept from one search to the next (the engine's, between moves)
//! stays true: an entry's bounds are of the position alone (the mover's
//! final margin beyond his store margin, to its depth), whatever search
//! stored it. What a kept table must not do is keep the last search's
//! entries at the cost of this one's: each search has an age
//! ([`Buckets::next_search`]), and an entry of another age gives way to any
//! entry of this one. (Without ages, the deep entries of the game's
//! earlier positions, which Kalah never returns to once their seeds are
//! banked, would fill the table and keep the new search's out.)

/// A table entry: bounds on the value relative to the mover (the player
/// to move's final margin beyond his store margin).
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    /// The rank of the position plus one (0: empty).
    pub(super) key: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) depth: u8,
    /// log2 of the nodes of the search that stored it.
    pub(super) work: u8,
    /// The age of the search that stored or last met it.
    pub(super) age: u8,
}

/// Four entries: one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Bucket([Entry; 4]);

/// The table: a power of two of buckets.
pub(super) struct Buckets {
    buckets: Vec<Bucket>,
    mask: u64,
    /// The age of the search under way.
    age: u8,
}

impl Buckets {
    /// `count` empty buckets (a power of two).
    pub(super) fn new(count: usize) -> Buckets {
        Buckets {
            buckets: vec![Bucket::default(); count],
            mask: count as u64 - 1,
            age: 0,
        }
    }

    /// Bytes the buckets take.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    /// Begins a new search: the entries stored so far are kept, each to
    /// be replaced before any the new search stores or meets.
    pub(super) fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 30 & self.mask) as usize
    }

    /// The entry of `key`, if the table holds it (which it then keeps as
    /// this search's).
    #[inline]
    pub(super) fn probe(&mut self, key: u64) -> Option<Entry> {
        let age = self.age;
        let b = self.bucket(key);
        let e = self.buckets[b].0.iter_mut().find(|e| e.key == key)?;
        if e.age != age {
            e.age = age;
        }
        Some(*e)
    }

    /// The entry of `key`, if the table holds it, leaving its age.
    #[inline]
    pub(super) fn peek(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `entry` as this search's: over its key's entry if the bucket
    /// holds one, else over the bucket's least worth keeping (an empty
    /// slot, else an earlier search's, else that of the smallest search).
    #[inline]
    pub(super) fn store(&mut self, entry: Entry) {
        let age = self.age;
        let b = self.bucket(entry.key);
        let bucket = &mut self.buckets[b].0;
        let worth = |e: &Entry| (e.key != 0, e.age == age, e.depth, e.work);
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(i) => i,
            None => {
                let mut low = 0;
                for i in 1..bucket.len() {
                    if worth(&bucket[i]) < worth(&bucket[low]) {
                        low = i;
                    }
                }
                low
            }
        };
        bucket[slot] = Entry { age, ..entry };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u8) -> Entry {
        Entry {
            key,
            depth,
            ..Entry::default()
        }
    }

    /// Keys that fall in bucket 0 of a one-bucket table: all of them.
    #[test]
    fn an_earlier_search_gives_way_to_this_one() {
        let mut table = Buckets::new(1);
        for key in 1..=4 {
            table.store(entry(key, 30));
        }
        table.next_search();
        // A shallow entry of this search replaces a deep one of the last.
        table.store(entry(5, 1));
        assert!(table.peek(5).is_some());
        let kept = (1..=4).filter(|&k| table.peek(k).is_some()).count();
        assert_eq!(kept, 3);
        // Met again, an old entry is this search's: kept over the
        // remaining old ones, whatever their depth.
        let met = (1..=4).find(|&k| table.peek(k).is_some()).unwrap();
        assert!(table.probe(met).is_some());
        table.store(entry(6, 1));
        table.store(entry(7, 1));
        assert!(table.peek(met).is_some());
        assert!([5, 6, 7].iter().all(|&k| table.peek(k).is_some()));
        // Within one search, the smallest search gives way.
        table.store(entry(8, 2));
        assert!(table.peek(met).is_some());
        assert!(table.peek(8).is_some());
        assert_eq!(
            [5, 6, 7]
                .iter()
                .filter(|&&k| table.peek(k).is_some())
                .count(),
            2
        );
    }
}
