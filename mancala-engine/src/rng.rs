//! Small deterministic random number generators: [`Rng`] for the computer
//! players, [`SplitMix`] for random playouts.

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

/// SplitMix64: the generator of random playouts and benchmarks (the
/// `mancala bench` figures, the Python package's vectorised games, the
/// test harness), deterministic for a seed on every platform.
///
/// # Examples
///
/// ```
/// let mut a = mancala_engine::SplitMix::new(7);
/// let mut b = mancala_engine::SplitMix::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// assert_eq!(a.below(0), 0);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    pub const fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), by Lemire's multiply-shift
    /// reduction (no division), as in the project's hand-written oware
    /// benchmark, so that figures compare with it.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
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
