//! A transposition table of fixed size for the searches: positions' keys
//! with what a search learnt of them, in two-entry buckets.
//!
//! The size is fixed when the table is made, so memory stays within its
//! bound however long a search runs. Each bucket keeps one entry by
//! priority (the deeper or larger search) and one always replaced (the
//! most recent), the usual scheme that keeps both the costly results and
//! the fresh ones.
//!
//! # Examples
//!
//! ```
//! use mancala_engine::table::Table;
//!
//! let mut table: Table<i32> = Table::new(1 << 16);
//! table.store(42, 3, 7);
//! assert_eq!(table.probe(42), Some(7));
//! assert_eq!(table.probe(43), None);
//! assert!(table.bytes() <= 1 << 16);
//! ```

/// One slot: the full key (so that a probe never returns another
/// position's entry, short of a 64-bit collision), a priority and the
/// entry.
#[derive(Clone, Copy, Default)]
struct Slot<E> {
    key: u64,
    priority: u16,
    used: bool,
    entry: E,
}

/// A transposition table of entries `E`. See the [module docs](self).
#[derive(Clone)]
pub struct Table<E> {
    buckets: Vec<[Slot<E>; 2]>,
    mask: usize,
}

/// Shows the size only (the entries are many).
impl<E> core::fmt::Debug for Table<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("buckets", &self.buckets.len())
            .finish()
    }
}

impl<E: Copy + Default> Table<E> {
    /// A table of at most `bytes` bytes (a power of two of buckets, at
    /// least one).
    pub fn new(bytes: usize) -> Table<E> {
        let bucket = core::mem::size_of::<[Slot<E>; 2]>().max(1);
        let mut count = 1usize;
        while count.saturating_mul(2).saturating_mul(bucket) <= bytes {
            count *= 2;
        }
        Table {
            buckets: vec![[Slot::default(); 2]; count],
            mask: count - 1,
        }
    }

    /// Bytes the buckets take.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<[Slot<E>; 2]>()
    }

    /// The entry stored for `key`, if it is still there.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<E> {
        let bucket = self.buckets.get(key as usize & self.mask)?;
        bucket
            .iter()
            .find(|s| s.used && s.key == key)
            .map(|s| s.entry)
    }

    /// Stores `entry` for `key`, replacing `key`'s entry if there is one;
    /// otherwise it takes the kept slot if its `priority` is at least that
    /// slot's (which moves to the other slot), else the other slot.
    #[inline]
    pub fn store(&mut self, key: u64, priority: u16, entry: E) {
        let Some(bucket) = self.buckets.get_mut(key as usize & self.mask) else {
            return;
        };
        let slot = Slot {
            key,
            priority,
            used: true,
            entry,
        };
        if let Some(same) = bucket.iter_mut().find(|s| s.used && s.key == key) {
            *same = slot;
        } else if !bucket[0].used || priority >= bucket[0].priority {
            bucket[1] = bucket[0];
            bucket[0] = slot;
        } else {
            bucket[1] = slot;
        }
    }

    /// Forgets every entry (keeping the memory).
    pub fn clear(&mut self) {
        self.buckets.fill([Slot::default(); 2]);
    }
}

/// What bounds `lower..=upper` on a position's value (a table entry's)
/// do to a search's window `alpha..beta`: the value to answer at once if
/// they settle it (a bound beyond the window, or the exact value), else
/// `None`, the window narrowed to them.
#[inline]
pub(crate) fn settle<T: Ord + Copy>(lower: T, upper: T, alpha: &mut T, beta: &mut T) -> Option<T> {
    if lower >= *beta {
        return Some(lower);
    }
    if upper <= *alpha {
        return Some(upper);
    }
    if lower == upper {
        return Some(lower);
    }
    *alpha = (*alpha).max(lower);
    *beta = (*beta).min(upper);
    None
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn a_bucket_keeps_the_higher_priority_and_the_latest() {
        // One bucket (a slot of a `u32` entry is 16 bytes, a bucket 32):
        // every key lands in it.
        let mut table: Table<u32> = Table::new(32);
        assert_eq!(table.buckets.len(), 1);
        table.store(1, 5, 10);
        table.store(2, 1, 20); // lower priority: the other slot
        table.store(3, 1, 30); // replaces 2, the always-replaced slot
        assert_eq!(table.probe(1), Some(10));
        assert_eq!(table.probe(2), None);
        assert_eq!(table.probe(3), Some(30));
        table.store(4, 9, 40); // higher: kept, 1 moves to the other slot
        assert_eq!(table.probe(4), Some(40));
        assert_eq!(table.probe(1), Some(10));
        assert_eq!(table.probe(3), None);
        table.store(4, 0, 41); // the same key: replaced in place
        assert_eq!(table.probe(4), Some(41));
        table.clear();
        assert_eq!(table.probe(4), None);
    }

    #[test]
    fn the_size_stays_within_the_bound() {
        // A slot of a `[u64; 2]` entry is 32 bytes, a bucket 64; a table
        // has at least one.
        for bytes in [0, 1, 100, 1 << 10, 1 << 20, (1 << 20) + 5] {
            let table: Table<[u64; 2]> = Table::new(bytes);
            assert!(table.bytes() <= bytes.max(64), "{bytes}");
            assert!(
                table.bytes() * 2 > bytes,
                "{bytes}: the largest power of two"
            );
            assert!(table.buckets.len().is_power_of_two());
        }
    }
}
