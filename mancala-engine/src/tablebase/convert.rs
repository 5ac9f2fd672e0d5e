//! A table's values from one entry to the other: [`Tablebase::compact`]
//! and [`Tablebase::expand`], by way of the values a byte each
//! ([`Tablebase::each_value`]).

use super::compact::{Body, Encoder, Layers, Layout, checked_byte};
use super::file::Fnv;
use super::{Tablebase, TablebaseError, Values};
use crate::kalah_solve::Slots;

/// Values handed on at once.
const BLOCK: u64 = 1 << 16;

impl Tablebase {
    /// The table in the compact entry (format version 2: about 4.4 bits a
    /// position, every value the same), in memory; its
    /// [`save`](Tablebase::save) writes a compact file, which
    /// [`open`](Tablebase::open) and [`load`](Tablebase::load) read as they
    /// read the other. The values come from memory, or from the file of an
    /// opened table, read once through.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::TooLarge`] if the records of the compact values
    /// (33 bytes for 64 positions, the bulk of them) would take more than
    /// `memory_limit` bytes or the memory cannot be had;
    /// [`TablebaseError::Format`] for a value its position cannot be (a
    /// damaged table); [`TablebaseError::Checksum`] for an opened table's
    /// file whose values are not its checksum's;
    /// [`TablebaseError::Unreadable`] or [`TablebaseError::Io`] for one
    /// that cannot be read.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::tablebase::{Kind, Tablebase};
    ///
    /// let kind = Kind { houses: 3, empty_capture: false };
    /// let table = Tablebase::build(kind, 12, 1, 1 << 20, |_| {})?;
    /// let compact = table.compact(1 << 20, |_| {})?;
    /// assert!(compact.is_compact());
    /// assert_eq!(compact.probe(&[0, 0, 2, 1, 0, 0]), Some(1 - 2));
    /// let (mut a, mut b) = (Vec::new(), Vec::new());
    /// table.write_to(&mut a)?;
    /// compact.write_to(&mut b)?;
    /// assert!(b.len() < a.len() * 6 / 10);
    /// // And back, byte for byte.
    /// let mut c = Vec::new();
    /// compact.expand(1 << 20)?.write_to(&mut c)?;
    /// assert_eq!(a, c);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compact(
        &self,
        memory_limit: u64,
        mut progress: impl FnMut(u64),
    ) -> Result<Tablebase, TablebaseError> {
        let positions = self.positions();
        let bytes = Layout::new(positions).index_at();
        let mut encoder = Encoder::new(self.ranks.clone(), positions)
            .filter(|_| bytes <= memory_limit)
            .ok_or_else(|| self.too_large(bytes, memory_limit))?;
        let mut done = 0;
        self.each_value(|values| {
            done += values.len() as u64;
            if done % (1 << 24) < values.len() as u64 {
                progress(done);
            }
            encoder.feed(values)
        })?;
        Ok(self.with_values(Values::Compact(std::sync::Arc::new(encoder.finish()?))))
    }

    /// The table with a byte a position (format version 1), in memory.
    ///
    /// # Errors
    ///
    /// As [`compact`](Tablebase::compact).
    pub fn expand(&self, memory_limit: u64) -> Result<Tablebase, TablebaseError> {
        let positions = self.positions();
        let slots = usize::try_from(positions)
            .ok()
            .filter(|_| positions <= memory_limit)
            .and_then(Slots::try_with_capacity);
        let mut slots = slots.ok_or_else(|| self.too_large(positions, memory_limit))?;
        self.each_value(|values| {
            slots.extend_from_bytes(values);
            Ok(())
        })?;
        Ok(self.with_values(Values::Memory(std::sync::Arc::new(slots))))
    }

    /// Calls `each` with the values as a table of version 1 holds them (a
    /// byte a position, -128 where the game is over), by rank, a block at
    /// a time. An opened table's file is checked against its checksum: as
    /// its bytes pass (a byte a position), or read through first (compact).
    fn each_value(
        &self,
        mut each: impl FnMut(&[u8]) -> Result<(), TablebaseError>,
    ) -> Result<(), TablebaseError> {
        if matches!(&self.values, Values::File(paged) if paged.is_compact()) {
            self.check_file()?;
        }
        let len = self.positions();
        let mut layers = Layers::new(self.ranks.clone());
        let layout = Layout::new(len);
        let mut fnv = Fnv::new();
        let mut block = Vec::new();
        for from in (0..len).step_by(BLOCK as usize) {
            let to = (from + BLOCK).min(len);
            block.clear();
            // A compact body's shares, as bytes.
            let mut decode = |body: &dyn Body| {
                for rank in from..to {
                    let share = layout.share(body, rank);
                    let share = share.map_err(TablebaseError::Unreadable)?;
                    block.push(checked_byte(share, layers.seeds(rank), rank)?);
                }
                Ok::<_, TablebaseError>(())
            };
            match &self.values {
                Values::Compact(compact) => decode(&**compact)?,
                Values::File(paged) if paged.is_compact() => decode(&**paged)?,
                Values::Memory(slots) => {
                    block.extend(slots.values(from as usize, to as usize).map(|v| v as u8))
                }
                Values::File(paged) => {
                    block.resize((to - from) as usize, 0);
                    paged.read(&mut block, from)?;
                    fnv.feed(&block);
                }
            }
            each(&block)?;
        }
        match &self.values {
            Values::File(paged) if !paged.is_compact() && fnv.0 != paged.expected() => {
                Err(TablebaseError::Checksum {
                    expected: paged.expected(),
                    found: fnv.0,
                })
            }
            _ => Ok(()),
        }
    }

    /// This table with `values`.
    fn with_values(&self, values: Values) -> Tablebase {
        Tablebase {
            kind: self.kind,
            seeds: self.seeds,
            ranks: self.ranks.clone(),
            values,
        }
    }

    fn too_large(&self, bytes: u64, limit: u64) -> TablebaseError {
        TablebaseError::TooLarge {
            houses: self.kind.houses,
            seeds: self.seeds,
            bytes,
            limit,
        }
    }
}
