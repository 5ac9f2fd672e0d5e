//! The compact entry: a table's values in about 4.4 bits a position, every
//! one exact (format version 2 of the [module docs](super)).
//!
//! # Why not 4 bits flat
//!
//! A position of `s` seeds on the board is worth `v = 2a - s`, where `a`,
//! from 0 to `s`, is the seeds the player to move gains from here on: `a`
//! is what is kept. Over a whole layer the values spread too widely for
//! 16 codes: in the 30-seed layer of Kalah(6) their entropy is 4.0 bits,
//! and the best window of 15 values misses 8 % of them. Positions of
//! nearby ranks are alike, though (they differ in a few seeds of the
//! opponent's last houses): within 64 neighbours the best window of 15
//! misses 0.7 %.
//!
//! # The body
//!
//! For `P` positions, in three parts, little-endian:
//!
//! 1. **Records**, one per [`RECORD`] (64) positions of rising rank, each
//!    [`RECORD_BYTES`] (33) bytes: a base `b`, then 64 codes of 4 bits (the
//!    first of each byte in its low half). A code `c` below [`ESCAPE`] says
//!    `a = b + c`; [`ESCAPE`] says "look among the exceptions".
//! 2. **The index**, `G + 1` counts of 8 bytes for the `G` groups of
//!    [`GROUP`] (65,536) positions: the exceptions of the groups before
//!    group `g`; the last is the number of exceptions `E`.
//! 3. **The exceptions**, `E` of 3 bytes, by rank: a position's offset in
//!    its group (2 bytes) and its `a` (1 byte).
//!
//! A record's base is the window of 15 that holds most of its positions'
//! values. A position whose game is over (a row empty: its value is the
//! seeds left, counted directly) has the escape code and no exception; so
//! the values a table of version 1 holds, -128 for those positions, come
//! back byte for byte. Measured on the tables of Kalah(6): 0.536 bytes a
//! position up to 25 seeds; up to 30, 0.548 (standard) and 0.560 (empty
//! capture), against the 1 byte of version 1.

use super::TablebaseError;
use super::file::Fnv;
use crate::kalah_solve::{Ranks, Slots};

/// Positions a record holds.
pub(crate) const RECORD: u64 = 64;
/// Bytes of a record: its base, then its codes.
pub(crate) const RECORD_BYTES: u64 = 1 + RECORD / 2;
/// The code that sends a probe to the exceptions.
pub(crate) const ESCAPE: u8 = 15;
/// Positions a group of the index covers (an exception's offset fits 2
/// bytes).
pub(crate) const GROUP: u64 = 1 << 16;
/// Bytes read at once.
const READ_BLOCK: usize = 1 << 20;
/// Bytes of an exception.
const EXCEPTION_BYTES: u64 = 3;
/// The byte of a position whose game is over, in a table of version 1.
const OVER: i8 = i8::MIN;

/// Where the parts of the compact body of `positions` positions lie.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Layout {
    positions: u64,
}

impl Layout {
    pub(crate) const fn new(positions: u64) -> Layout {
        Layout { positions }
    }

    fn records(self) -> u64 {
        self.positions.div_ceil(RECORD)
    }

    fn groups(self) -> u64 {
        self.positions.div_ceil(GROUP)
    }

    // The offsets saturate: a count no file can hold (a forged header's)
    // asks for more memory or bytes than there are, and is refused as such.

    /// Where the index begins in the body.
    pub(crate) fn index_at(self) -> u64 {
        self.records().saturating_mul(RECORD_BYTES)
    }

    /// Where the count of exceptions (the index's last) lies in the body.
    pub(crate) fn count_at(self) -> u64 {
        self.index_at().saturating_add(8 * self.groups())
    }

    /// Where the exceptions begin in the body.
    fn exceptions_at(self) -> u64 {
        self.count_at().saturating_add(8)
    }

    /// The body's bytes with `exceptions` exceptions (`None` past `u64`).
    pub(crate) fn body_len(self, exceptions: u64) -> Option<u64> {
        exceptions
            .checked_mul(EXCEPTION_BYTES)?
            .checked_add(self.exceptions_at())
    }

    /// The `a` of the position of rank `rank`, read from `body`:
    /// `Ok(None)` if it has none (a game over, or a damaged body), `Err`
    /// if the body could not be read.
    #[inline]
    pub(crate) fn share<B: Body + ?Sized>(self, body: &B, rank: u64) -> Result<Option<u8>, String> {
        let record = rank / RECORD;
        let at = record * RECORD_BYTES;
        let i = rank % RECORD;
        let (base, codes) = body.two(at, at + 1 + i / 2)?;
        let code = (codes >> (4 * (i % 2))) & 0xf;
        if code != ESCAPE {
            return Ok(Some(base.saturating_add(code)));
        }
        self.exception(body, rank)
    }

    /// The exception of rank `rank`, by a binary search of its group's.
    fn exception<B: Body + ?Sized>(self, body: &B, rank: u64) -> Result<Option<u8>, String> {
        let group = rank / GROUP;
        let index = self.index_at() + 8 * group;
        let (from, to) = (body.long(index)?, body.long(index + 8)?);
        let count = body.long(self.count_at())?;
        if from > to || to > count {
            return Ok(None);
        }
        let want = (rank % GROUP) as u16;
        let (mut lo, mut hi) = (from, to);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            // Saturating: a count rewritten since it was checked reads past
            // the end, an error, rather than wrapping.
            let at = self
                .exceptions_at()
                .saturating_add(mid.saturating_mul(EXCEPTION_BYTES));
            let offset = u16::from_le_bytes([body.byte(at)?, body.byte(at.saturating_add(1))?]);
            match offset.cmp(&want) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Ok(Some(body.byte(at.saturating_add(2))?)),
            }
        }
        Ok(None)
    }
}

/// Bytes of a compact body, read where they are (memory, or a file).
pub(crate) trait Body {
    /// The byte at `at`.
    ///
    /// # Errors
    ///
    /// Why it could not be read (past the end, or the file's error).
    fn byte(&self, at: u64) -> Result<u8, String>;

    /// The bytes at `first` and `second`, near each other (a record's
    /// base and one of its codes: a file reads them together).
    ///
    /// # Errors
    ///
    /// As [`byte`](Body::byte).
    fn two(&self, first: u64, second: u64) -> Result<(u8, u8), String> {
        Ok((self.byte(first)?, self.byte(second)?))
    }

    /// The 8-byte count at `at`.
    ///
    /// # Errors
    ///
    /// As [`byte`](Body::byte).
    fn long(&self, at: u64) -> Result<u64, String> {
        let mut b = [0u8; 8];
        for (k, slot) in b.iter_mut().enumerate() {
            *slot = self.byte(at + k as u64)?;
        }
        Ok(u64::from_le_bytes(b))
    }
}

impl Body for [u8] {
    #[inline]
    fn byte(&self, at: u64) -> Result<u8, String> {
        usize::try_from(at)
            .ok()
            .and_then(|at| self.get(at).copied())
            .ok_or_else(|| format!("byte {at} is past the body's end"))
    }
}

/// A table's values in the compact entry, in memory: the body's three
/// parts, each in one allocation (no part is copied to join another).
pub(crate) struct Compact {
    layout: Layout,
    records: Vec<u8>,
    index: Vec<u8>,
    exceptions: Vec<u8>,
}

impl Body for Compact {
    #[inline]
    fn byte(&self, at: u64) -> Result<u8, String> {
        let (records, index) = (self.records.len() as u64, self.index.len() as u64);
        if at < records {
            Ok(self.records[at as usize])
        } else if at < records + index {
            Ok(self.index[(at - records) as usize])
        } else {
            self.exceptions[..].byte(at - records - index)
        }
    }
}

impl Compact {
    /// The compact values of `positions` positions from the body's parts:
    /// the records, the index and the exceptions.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] for parts of other lengths than the
    /// layout's with the count of exceptions the index ends with.
    pub(crate) fn from_parts(
        positions: u64,
        records: Vec<u8>,
        index: Vec<u8>,
        exceptions: Vec<u8>,
    ) -> Result<Compact, TablebaseError> {
        let layout = Layout::new(positions);
        let count = index
            .len()
            .checked_sub(8)
            .map_or(Ok(u64::MAX), |at| index[..].long(at as u64));
        let count = count.map_err(TablebaseError::Format)?;
        let fits = records.len() as u64 == layout.index_at()
            && (records.len() + index.len()) as u64 == layout.exceptions_at()
            && layout.body_len(count)
                == Some((records.len() + index.len() + exceptions.len()) as u64);
        if !fits {
            return Err(TablebaseError::Format(format!(
                "a compact body of {} + {} + {} bytes, not the layout of {positions} positions",
                records.len(),
                index.len(),
                exceptions.len()
            )));
        }
        Ok(Compact {
            layout,
            records,
            index,
            exceptions,
        })
    }

    /// Positions held.
    pub(crate) fn len(&self) -> u64 {
        self.layout.positions
    }

    /// The body's parts, in order.
    pub(crate) fn parts(&self) -> [&[u8]; 3] {
        [&self.records, &self.index, &self.exceptions]
    }

    /// The value of the in-play position of rank `rank` and `seeds` seeds:
    /// `None` if the body holds none that it can be (damaged or forged).
    #[inline]
    pub(crate) fn value(&self, rank: u64, seeds: i32) -> Option<i32> {
        value_of(self.layout.share(self, rank).ok()?, seeds)
    }
}

impl Compact {
    /// The byte a table of version 1 holds at rank `rank`, of a position of
    /// `seeds` seeds (a piece of a layer).
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] for a share beyond the seeds, or a body
    /// that cannot be read (a damaged piece).
    pub(crate) fn layer_byte(&self, rank: u64, seeds: u32) -> Result<u8, TablebaseError> {
        let share = self
            .layout
            .share(self, rank)
            .map_err(TablebaseError::Format)?;
        checked_byte(share, seeds as i32, rank)
    }

    /// Calls `each` with the values as a table of version 1 holds them,
    /// each of `seeds` seeds (a piece of a layer), a block at a time in
    /// rising rank: the whole in a block's memory.
    ///
    /// # Errors
    ///
    /// As [`layer_byte`](Compact::layer_byte), and `each`'s.
    pub(crate) fn each_block(
        &self,
        seeds: u32,
        mut each: impl FnMut(&[u8]) -> Result<(), TablebaseError>,
    ) -> Result<(), TablebaseError> {
        let mut block = Vec::with_capacity(READ_BLOCK);
        for rank in 0..self.len() {
            block.push(self.layer_byte(rank, seeds)?);
            if block.len() == READ_BLOCK {
                each(&block)?;
                block.clear();
            }
        }
        if !block.is_empty() {
            each(&block)?;
        }
        Ok(())
    }

    /// The body's parts, as values are fed: the encoding of `values`, each
    /// of `seeds` seeds.
    ///
    /// # Errors
    ///
    /// As [`Encoder::feed`], and `TooLarge`-like failure to find the memory
    /// as [`TablebaseError::Unsupported`].
    #[cfg(test)]
    pub(crate) fn of_layer(seeds: u32, values: &[u8]) -> Result<Compact, TablebaseError> {
        let mut encoder = Encoder::of_layer(seeds, values.len() as u64).ok_or_else(|| {
            TablebaseError::Unsupported(format!("{} values: more than memory holds", values.len()))
        })?;
        encoder.feed(values)?;
        encoder.finish()
    }
}

impl Compact {
    /// The compact body of `positions` positions read from `input` (after
    /// a header), fed to `fnv`, in at most `limit` bytes of memory.
    ///
    /// # Errors
    ///
    /// `too_large(bytes)` over the limit or if the memory cannot be had;
    /// [`TablebaseError::Format`] for an index that counts more exceptions
    /// than positions; [`TablebaseError::Io`] for a short input.
    pub(crate) fn read_from(
        input: &mut impl std::io::Read,
        positions: u64,
        limit: u64,
        fnv: &mut Fnv,
        too_large: impl Fn(u64) -> TablebaseError,
    ) -> Result<Compact, TablebaseError> {
        let layout = Layout::new(positions);
        if layout.exceptions_at() > limit {
            return Err(too_large(layout.exceptions_at()));
        }
        let records = read_part(input, layout.index_at(), fnv, &too_large)?;
        let index_len = layout.exceptions_at() - layout.index_at();
        let index = read_part(input, index_len, fnv, &too_large)?;
        let count = index
            .len()
            .checked_sub(8)
            .and_then(|at| index[at..].try_into().ok())
            .map(u64::from_le_bytes)
            .ok_or_else(|| TablebaseError::Format("a compact body without its index".into()))?;
        if count > positions {
            return Err(TablebaseError::Format(format!(
                "the index counts {count} exceptions for {positions} positions"
            )));
        }
        let body = layout.body_len(count).ok_or_else(|| too_large(u64::MAX))?;
        if body > limit {
            return Err(too_large(body));
        }
        let exceptions = read_part(input, body - layout.exceptions_at(), fnv, &too_large)?;
        Compact::from_parts(positions, records, index, exceptions)
    }
}

/// The next `len` bytes of `input`, fed to `fnv`; `too_large(len)` if
/// the memory cannot be had.
fn read_part(
    input: &mut impl std::io::Read,
    len: u64,
    fnv: &mut Fnv,
    too_large: impl Fn(u64) -> TablebaseError,
) -> Result<Vec<u8>, TablebaseError> {
    let n = usize::try_from(len).map_err(|_| too_large(len))?;
    let mut part = Vec::new();
    part.try_reserve_exact(n).map_err(|_| too_large(len))?;
    // Read a block at a time: a short input stops before the memory is
    // touched further.
    let mut block = vec![0u8; READ_BLOCK.min(n)];
    while part.len() < n {
        let piece = &mut block[..READ_BLOCK.min(n - part.len())];
        input.read_exact(piece)?;
        fnv.feed(piece);
        part.extend_from_slice(piece);
    }
    Ok(part)
}

/// The seeds of positions met in rising order: those of a table's ranks,
/// or of one layer's positions (a piece of a table built in units).
pub(crate) struct Layers {
    /// `None`: every position has `seeds`.
    ranks: Option<Ranks>,
    /// The seeds of the last rank asked, and the first rank of more.
    seeds: i32,
    next: u64,
}

impl Layers {
    pub(crate) fn new(ranks: Ranks) -> Layers {
        Layers {
            next: ranks.below(1),
            ranks: Some(ranks),
            seeds: 0,
        }
    }

    /// Positions of `seeds` seeds each.
    pub(crate) fn one(seeds: u32) -> Layers {
        Layers {
            ranks: None,
            seeds: seeds as i32,
            next: u64::MAX,
        }
    }

    /// The seeds on the board of the position of rank `rank`, at least the
    /// last rank asked.
    pub(crate) fn seeds(&mut self, rank: u64) -> i32 {
        if let Some(ranks) = &self.ranks {
            while rank >= self.next && (self.seeds as usize) < ranks.total {
                self.seeds += 1;
                self.next = ranks.below(self.seeds as usize + 1);
            }
        }
        self.seeds
    }
}

/// The byte a table of version 1 holds for a share of `seeds` seeds at
/// rank `rank`: its value, or -128 for none (a game over).
///
/// # Errors
///
/// [`TablebaseError::Format`] for a share beyond the seeds (a damaged
/// body).
pub(crate) fn checked_byte(share: Option<u8>, seeds: i32, rank: u64) -> Result<u8, TablebaseError> {
    match share {
        None => Ok(OVER as u8),
        Some(a) => value_of(Some(a), seeds)
            .map(|v| v as i8 as u8)
            .ok_or_else(|| {
                TablebaseError::Format(format!(
                    "rank {rank} holds a share of {a} seeds, beyond its {seeds}"
                ))
            }),
    }
}

/// The value `2a - seeds` of a share `a`, if it is one of `seeds` seeds.
#[inline]
pub(crate) fn value_of(share: Option<u8>, seeds: i32) -> Option<i32> {
    let a = i32::from(share?);
    (a <= seeds).then_some(2 * a - seeds)
}

/// Writes values into the compact body, a record at a time.
pub(crate) struct Encoder {
    layout: Layout,
    layers: Layers,
    /// The next rank.
    rank: u64,
    /// The shares of the record under way (`None`: no value).
    record: Vec<Option<u8>>,
    records: Vec<u8>,
    /// Exceptions before each group, and the exceptions.
    index: Vec<u64>,
    exceptions: Vec<u8>,
}

impl Encoder {
    /// An encoder of the values of the `positions` first positions of
    /// `ranks`, by rank.
    ///
    /// # Errors
    ///
    /// `None` if the memory of the records cannot be had.
    pub(crate) fn new(ranks: Ranks, positions: u64) -> Option<Encoder> {
        Encoder::with_layers(Layers::new(ranks), positions)
    }

    /// An encoder of the values of `positions` positions of `seeds` seeds
    /// each (a piece of a layer).
    ///
    /// # Errors
    ///
    /// As [`new`](Encoder::new).
    pub(crate) fn of_layer(seeds: u32, positions: u64) -> Option<Encoder> {
        Encoder::with_layers(Layers::one(seeds), positions)
    }

    fn with_layers(layers: Layers, positions: u64) -> Option<Encoder> {
        let mut encoder = Encoder::streaming(layers, positions);
        encoder
            .records
            .try_reserve_exact(usize::try_from(encoder.layout.index_at()).ok()?)
            .ok()?;
        Some(encoder)
    }

    /// An encoder of the values of the `positions` first positions of
    /// `ranks` whose records are taken as they are made
    /// ([`drain_records`](Encoder::drain_records)) rather than held: its
    /// memory is the exceptions and the index.
    pub(crate) fn streaming_table(ranks: Ranks, positions: u64) -> Encoder {
        Encoder::streaming(Layers::new(ranks), positions)
    }

    fn streaming(layers: Layers, positions: u64) -> Encoder {
        Encoder {
            layout: Layout::new(positions),
            layers,
            rank: 0,
            record: Vec::with_capacity(RECORD as usize),
            records: Vec::new(),
            index: Vec::new(),
            exceptions: Vec::new(),
        }
    }

    /// Hands the records made since the last call to `each` (the body's
    /// first part, in order), and forgets them.
    ///
    /// # Errors
    ///
    /// `each`'s.
    pub(crate) fn drain_records<E>(
        &mut self,
        each: impl FnOnce(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        each(&self.records)?;
        self.records.clear();
        Ok(())
    }

    /// Adds the next values (bytes of a table of version 1).
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] for a value its position cannot be, or
    /// more values than positions.
    pub(crate) fn feed(&mut self, values: &[u8]) -> Result<(), TablebaseError> {
        for &byte in values {
            if self.rank >= self.layout.positions {
                return Err(TablebaseError::Format("more values than positions".into()));
            }
            let s = self.layers.seeds(self.rank);
            let v = i32::from(byte as i8);
            let share = if v == i32::from(OVER) {
                None
            } else if v.abs() > s || (v + s) % 2 != 0 {
                return Err(TablebaseError::Format(format!(
                    "rank {} holds {v}, which no position of {s} seeds is worth",
                    self.rank
                )));
            } else {
                Some(((v + s) / 2) as u8)
            };
            if self.rank.is_multiple_of(GROUP) {
                self.index
                    .push(self.exceptions.len() as u64 / EXCEPTION_BYTES);
            }
            self.record.push(share);
            self.rank += 1;
            if self.record.len() as u64 == RECORD || self.rank == self.layout.positions {
                self.flush();
            }
        }
        Ok(())
    }

    /// Writes the record under way.
    fn flush(&mut self) {
        let mut counts = [0u32; 256];
        for &a in self.record.iter().flatten() {
            counts[usize::from(a)] += 1;
        }
        // The window of 15 holding most; the lowest of equals.
        let width = usize::from(ESCAPE);
        let mut held: u32 = counts[..width].iter().sum();
        let (mut base, mut most) = (0usize, held);
        for b in 1..=(256 - width) {
            held = held + counts.get(b + width - 1).copied().unwrap_or(0) - counts[b - 1];
            if held > most {
                (base, most) = (b, held);
            }
        }
        let first = self.rank - self.record.len() as u64;
        // Positions past the last have no value: the escape code.
        let mut codes = [ESCAPE | (ESCAPE << 4); (RECORD / 2) as usize];
        for (i, share) in self.record.iter().enumerate() {
            let code = match *share {
                Some(a) if (base..base + width).contains(&usize::from(a)) => a - base as u8,
                Some(a) => {
                    let offset = ((first + i as u64) % GROUP) as u16;
                    self.exceptions.extend_from_slice(&offset.to_le_bytes());
                    self.exceptions.push(a);
                    ESCAPE
                }
                None => ESCAPE,
            };
            let shift = 4 * (i % 2);
            codes[i / 2] = (codes[i / 2] & !(0xf << shift)) | (code << shift);
        }
        self.records.push(base as u8);
        self.records.extend_from_slice(&codes);
        self.record.clear();
    }

    /// The body, once every position's value has been fed.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] if fewer values than positions were fed.
    pub(crate) fn finish(self) -> Result<Compact, TablebaseError> {
        let positions = self.layout.positions;
        let [records, index, exceptions] = self.close()?;
        Compact::from_parts(positions, records, index, exceptions)
    }

    /// The body's parts once every position's value has been fed: the
    /// records not yet drained, the index and the exceptions.
    ///
    /// # Errors
    ///
    /// As [`finish`](Encoder::finish).
    pub(crate) fn close(self) -> Result<[Vec<u8>; 3], TablebaseError> {
        let closed = self.close_parts()?;
        Ok([
            closed.records,
            index_bytes(&closed.counts),
            closed.exceptions,
        ])
    }

    /// As [`close`](Encoder::close), the index as counts.
    fn close_parts(mut self) -> Result<Closed, TablebaseError> {
        if self.rank != self.layout.positions {
            return Err(TablebaseError::Format(format!(
                "{} values for {} positions",
                self.rank, self.layout.positions
            )));
        }
        self.index
            .push(self.exceptions.len() as u64 / EXCEPTION_BYTES);
        self.exceptions.shrink_to_fit();
        Ok(Closed {
            records: self.records,
            counts: self.index,
            exceptions: self.exceptions,
        })
    }
}

/// An encoder's parts once every value is fed: the records not yet
/// drained, the index's counts (the last, every exception) and the
/// exceptions.
struct Closed {
    records: Vec<u8>,
    counts: Vec<u64>,
    exceptions: Vec<u8>,
}

/// The index's counts as the body holds them.
fn index_bytes(counts: &[u64]) -> Vec<u8> {
    counts.iter().flat_map(|n| n.to_le_bytes()).collect()
}

impl Compact {
    /// As [`of_layer`](Compact::of_layer), the values held in `values`
    /// encoded on `threads` threads (at least one): each encodes a share
    /// of whole groups, whose records, index and exceptions are the
    /// whole's (the index's counts shifted by the exceptions before the
    /// share), its records written straight into the body's.
    ///
    /// # Errors
    ///
    /// As [`of_layer`](Compact::of_layer).
    pub(crate) fn of_layer_on(
        seeds: u32,
        values: &Slots,
        threads: usize,
    ) -> Result<Compact, TablebaseError> {
        let positions = values.len() as u64;
        let layout = Layout::new(positions);
        let too_large =
            || TablebaseError::Unsupported(format!("{positions} values: more than memory holds"));
        let mut records = Vec::new();
        let record_bytes = usize::try_from(layout.index_at()).map_err(|_| too_large())?;
        records
            .try_reserve_exact(record_bytes)
            .map_err(|_| too_large())?;
        records.resize(record_bytes, 0);
        let threads = super::workers(threads, layout.groups() as usize);
        let share = layout.groups().div_ceil(threads as u64).max(1) * GROUP;
        let share_bytes = (share / RECORD * RECORD_BYTES) as usize;
        let parts: Vec<Result<Closed, TablebaseError>> = std::thread::scope(|scope| {
            let encoders: Vec<_> = records
                .chunks_mut(share_bytes)
                .enumerate()
                .map(|(k, out)| {
                    let from = k as u64 * share;
                    let to = (from + share).min(positions);
                    scope.spawn(move || encode_share(seeds, values, from..to, out))
                })
                .collect();
            encoders
                .into_iter()
                .map(|encoder| {
                    encoder.join().unwrap_or_else(|_| {
                        Err(TablebaseError::Unsupported(
                            "an encoding thread failed".into(),
                        ))
                    })
                })
                .collect()
        });
        let mut index = Vec::with_capacity(layout.groups() as usize + 1);
        let mut shares = Vec::with_capacity(parts.len());
        for part in parts {
            shares.push(part?);
        }
        let count: usize = shares.iter().map(|share| share.exceptions.len()).sum();
        let mut exceptions = Vec::with_capacity(count);
        for share in shares {
            let before = exceptions.len() as u64 / EXCEPTION_BYTES;
            // The share's last count is its own total: the next share's
            // first says it again, or the body's last.
            let groups = share.counts.len().saturating_sub(1);
            index.extend(share.counts[..groups].iter().map(|n| n + before));
            exceptions.extend_from_slice(&share.exceptions);
        }
        index.push(exceptions.len() as u64 / EXCEPTION_BYTES);
        Compact::from_parts(positions, records, index_bytes(&index), exceptions)
    }
}

/// Encodes the values of ranks `ranks` (a share of whole groups, or the
/// last) of `values`, each of `seeds` seeds, writing its records into
/// `out` (exactly their bytes): its index's counts and its exceptions
/// (its records, all written, left empty).
fn encode_share(
    seeds: u32,
    values: &Slots,
    ranks: std::ops::Range<u64>,
    out: &mut [u8],
) -> Result<Closed, TablebaseError> {
    let mut encoder = Encoder::streaming(Layers::one(seeds), ranks.end - ranks.start);
    let mut block = Vec::with_capacity(READ_BLOCK);
    let mut written = 0;
    let mut put = |records: &[u8]| {
        out[written..written + records.len()].copy_from_slice(records);
        written += records.len();
        Ok::<(), TablebaseError>(())
    };
    let mut at = ranks.start;
    while at < ranks.end {
        let end = (at + READ_BLOCK as u64).min(ranks.end);
        block.clear();
        block.extend(values.values(at as usize, end as usize).map(|v| v as u8));
        encoder.feed(&block)?;
        encoder.drain_records(&mut put)?;
        at = end;
    }
    let mut closed = encoder.close_parts()?;
    put(&closed.records)?;
    closed.records = Vec::new();
    Ok(closed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kalah_solve::Binomials;
    use proptest::prelude::*;

    proptest! {
        /// Values of any spread, games over among them: every one comes
        /// back from the body, exceptions and all, and the body's length
        /// is the layout's.
        #[test]
        fn every_value_comes_back(
            seed in any::<u64>(),
            total in 0usize..40,
            holes in 2usize..5,
            spread in 0i32..=40,
        ) {
            let ranks = Binomials::new(total, holes).unwrap().ranks();
            let positions = ranks.below(total + 1);
            let mut layers = Layers::new(ranks.clone());
            let mut x = seed | 1;
            let mut values = Vec::new();
            let mut shares = Vec::new();
            for rank in 0..positions {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let s = layers.seeds(rank);
                let share = (x % 10 != 0).then(|| {
                    let noise = (x >> 8) as i32 % (spread + 1) - spread / 2;
                    (s / 2 + noise).clamp(0, s) as u8
                });
                values.push(checked_byte(share, s, rank).unwrap());
                shares.push(share);
            }
            let mut encoder = Encoder::new(ranks, positions).unwrap();
            // Fed in pieces of any length.
            for piece in values.chunks(1 + (seed % 97) as usize) {
                encoder.feed(piece).unwrap();
            }
            let compact = encoder.finish().unwrap();
            let layout = Layout::new(positions);
            let count = compact.long(layout.count_at()).unwrap();
            let len: usize = compact.parts().iter().map(|p| p.len()).sum();
            prop_assert_eq!(layout.body_len(count), Some(len as u64));
            for (rank, &share) in shares.iter().enumerate() {
                prop_assert_eq!(layout.share(&compact, rank as u64), Ok(share), "rank {}", rank);
            }
        }
    }

    #[test]
    fn a_value_its_position_cannot_be_is_refused() {
        let ranks = Binomials::new(4, 2).unwrap().ranks();
        // Rank 0 has no seeds, ranks 1 and 2 one: 3 is no value of one seed,
        // nor is 0 (its parity is not the seeds').
        for byte in [3u8, 0] {
            let mut encoder = Encoder::new(ranks.clone(), 15).unwrap();
            assert!(matches!(
                encoder.feed(&[OVER as u8, byte]),
                Err(TablebaseError::Format(_))
            ));
        }
        let mut encoder = Encoder::new(ranks, 15).unwrap();
        encoder.feed(&[OVER as u8, 1, 255]).unwrap();
        assert!(matches!(encoder.finish(), Err(TablebaseError::Format(_))));
    }

    /// A layer's values encoded in shares of whole groups, on any number
    /// of threads, make the body encoded in one pass, byte for byte: over
    /// several groups and a part (the last share short), within one group,
    /// and of no value.
    #[test]
    fn a_layer_encoded_in_shares_is_the_layer_encoded_whole() {
        let seeds = 30i32;
        for n in [4 * GROUP as usize + 12_345, 1000, 0] {
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            let bytes: Vec<u8> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if x.is_multiple_of(13) {
                        return OVER as u8;
                    }
                    // Mostly a narrow window of shares, some far off it
                    // (exceptions).
                    let a = if x.is_multiple_of(97) {
                        (x >> 8) % 31
                    } else {
                        10 + (x >> 8) % 8
                    };
                    (2 * a as i32 - seeds) as i8 as u8
                })
                .collect();
            let whole = Compact::of_layer(seeds as u32, &bytes).unwrap();
            let slots = Slots::try_unknown(n).unwrap();
            slots.set_from(0, &bytes);
            for threads in 1..=6 {
                let shared = Compact::of_layer_on(seeds as u32, &slots, threads).unwrap();
                assert_eq!(
                    shared.parts(),
                    whole.parts(),
                    "{n} values, {threads} threads"
                );
            }
        }
    }
}
