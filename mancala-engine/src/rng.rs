//! A small deterministic random number generator for the example players.

/// xorshift64*: deterministic for a seed on every platform, no dependency.
///
/// # Examples
///
/// ```
/// let mut a = mancala_engine::Rng::new(7);
/// let mut b = mancala_engine::Rng::new(7);
/// assert_eq!(a.below(10), b.below(10));
/// assert!(a.below(3) < 3);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// The first index at which the running sum of `weights` exceeds `x` (the
/// last index if none does, 0 if there are none): with `x` drawn
/// uniformly below their total, an index drawn in proportion to its
/// weight.
pub(crate) fn weighted_index<T>(weights: &[T], x: T) -> usize
where
    T: Copy + Default + PartialOrd + core::ops::AddAssign,
{
    let mut acc = T::default();
    for (i, &w) in weights.iter().enumerate() {
        acc += w;
        if x < acc {
            return i;
        }
    }
    weights.len().saturating_sub(1)
}
