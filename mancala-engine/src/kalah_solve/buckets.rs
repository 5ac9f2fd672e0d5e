//! The solver's transposition table ([`Buckets`]): 64-byte buckets (one
//! cache line) of four entries, the entry of the smallest search replaced.

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
}

/// Four entries: one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Bucket([Entry; 4]);

/// The table: a power of two of buckets.
pub(super) struct Buckets {
    buckets: Vec<Bucket>,
    mask: u64,
}

impl Buckets {
    /// `count` empty buckets (a power of two).
    pub(super) fn new(count: usize) -> Buckets {
        Buckets {
            buckets: vec![Bucket::default(); count],
            mask: count as u64 - 1,
        }
    }

    /// Bytes the buckets take.
    pub(super) fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 30 & self.mask) as usize
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores `entry`: over its key's entry if the bucket holds one, else
    /// over the bucket's entry of the smallest search.
    #[inline]
    pub(super) fn store(&mut self, entry: Entry) {
        let b = self.bucket(entry.key);
        let bucket = &mut self.buckets[b].0;
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(i) => i,
            None => {
                // The smallest search (an empty slot is the smallest).
                let mut low = 0;
                for i in 1..bucket.len() {
                    let (e, l) = (&bucket[i], &bucket[low]);
                    if (e.key != 0, e.depth, e.work) < (l.key != 0, l.depth, l.work) {
                        low = i;
                    }
                }
                low
            }
        };
        bucket[slot] = entry;
    }
}
