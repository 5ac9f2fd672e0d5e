//! A tablebase built in pieces that machines can share out: each layer's
//! work split into units that depend only on one another's lower layers,
//! each unit's values a file, the files of a layer merged into the
//! layer's, and the layers assembled into the table, byte for byte the
//! file [`build`](super::build) writes.
//!
//! # Why the units are independent
//!
//! With `s` seeds on the board a move either takes seeds off it (into a
//! store, or by a capture), and its child lies in a lower layer, or leaves
//! every seed where it was sown: in the mover's own row, so that the row
//! sums `(a, b)` (the mover's first) become `(b, a)` for the opponent, to
//! move next. A unit is the positions of a layer whose rows hold `low` and
//! `s - low` seeds, either row the mover's: blocks `(low, s - low)` and
//! `(s - low, low)`. Its values need the lower layers and itself only. A
//! row of no seeds is a game over, so units run from `low = 1` to `s / 2`.
//!
//! # A unit's positions in the layer
//!
//! A position's rank orders the layer by the opponent's row first: the
//! positions that share it lie together, one run of consecutive ranks, in
//! the order of the mover's row. So a unit walks its own positions row by
//! row (never the whole layer), numbered so that each run is a slice of
//! its values, and the merge copies each unit's runs into place.
//!
//! # What it costs
//!
//! On a machine of 2 cores and 23 GB, the units of a layer, their lower
//! layers loaded ([`LowerLayers`]), run at about 5 to 6 M positions a
//! second, and the merge of two threads at about 96 M. The 34-seed table
//! of Kalah(6), standard rule (38.9 G positions), was built so: layers 27
//! to 34 in 2 h 8 min, layer 34 (10.2 G positions) in 32 min and 17.5 GB
//! at most, then [`assemble_compact`] in 11 min and 6.8 GB, a file of
//! 21.4 GB. With it opened, Kalah(6,5) solves to its value, +10, in 124 s.
//!
//! # The files
//!
//! Every piece (a unit's values, or a whole layer's) is one file, named by
//! [`Unit::file_name`] or [`layer_file_name`], little-endian:
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `MNCLTP\r\n` |
//! | 8 | 4 | format version: 2, the compact entry (1, a byte a value, still reads) |
//! | 12 | 4 | game, 1 for Kalah |
//! | 16 | 1 | houses a side |
//! | 17 | 1 | capture rule: 0 standard, 1 empty capture |
//! | 18 | 1 | the layer: seeds on the board |
//! | 19 | 1 | the unit's `low`, or 255 for a whole layer |
//! | 20 | 4 | zero |
//! | 24 | 8 | values `n` |
//! | 32 | 8 | checksum: FNV-1a (64-bit) of the body |
//! | 40 | | the body: the `n` values in the compact entry, as a table's of version 2 (see the [tablebase docs](super)); in version 1, one signed byte a position |
//!
//! Pieces are written in the compact entry, so a machine copies about
//! 0.55 bytes a position of the lower layers where it copied 1 (pieces of
//! version 1 still read, and a unit reads either kind of lower layer).
//! A unit's values are its positions' in rising rank; a layer's, every
//! position of the layer (those of no unit, whose game is over, hold
//! -128). Only paths and checksums need pass between the machines that
//! build units and the one that merges them, each machine holding
//! read-only copies of the lower layers' files.
//!
//! # Examples
//!
//! ```
//! use mancala_engine::tablebase::{Kind, Tablebase, Unit, assemble, merge_layer};
//!
//! let kind = Kind { houses: 2, empty_capture: false };
//! let dir = std::env::temp_dir().join(format!("mtb-units-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! for layer in 2..=6 {
//!     // Each unit could run on another machine that has the lower layers.
//!     for unit in Unit::all(kind, layer) {
//!         unit.build(&dir, 1)?;
//!     }
//!     merge_layer(kind, layer, &dir, 1)?;
//! }
//! let table = assemble(kind, 6, &dir)?;
//! let whole = Tablebase::build(kind, 6, 1, 1 << 20, |_| {})?;
//! let (mut a, mut b) = (Vec::new(), Vec::new());
//! table.write_to(&mut a)?;
//! whole.write_to(&mut b)?;
//! assert_eq!(a, b);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::compact::{Compact, Encoder};
use super::file::Fnv;
use super::paged::Paged;
use super::{Kind, Tablebase, TablebaseError, Values, binomials};
use crate::kalah_solve::{Ranks, Slots, UNKNOWN};
use shape::Shape;
use work::{Lower, UnitWork};

mod shape;
mod work;

/// The piece files' first bytes.
const MAGIC: &[u8; 8] = b"MNCLTP\r\n";
/// The piece format's version of a byte a value, which still reads.
const VERSION: u32 = 1;
/// The piece format's version of the compact entry, which this code writes.
const COMPACT: u32 = 2;
/// The game code of Kalah.
const KALAH: u32 = 1;
/// Bytes of a piece's header.
const HEADER: usize = 40;
/// The `low` of a whole layer's file.
const WHOLE: u8 = u8::MAX;

/// One unit of a layer's work: its positions whose rows hold `low` and
/// `layer - low` seeds, either row the mover's. See the [module
/// docs](self).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Unit {
    /// The board and capture rule.
    pub kind: Kind,
    /// Seeds on the board.
    pub layer: u32,
    /// Seeds in the row that holds fewer (1 to `layer / 2`).
    pub low: u32,
}

impl Unit {
    /// The units of `kind`'s layer of `layer` seeds (none below 2).
    pub fn all(kind: Kind, layer: u32) -> Vec<Unit> {
        (1..=layer / 2)
            .map(|low| Unit { kind, layer, low })
            .collect()
    }

    /// The file of this unit's values.
    pub fn file_name(self) -> String {
        format!(
            "{}.low-{:02}.mtp",
            layer_stem(self.kind, self.layer),
            self.low
        )
    }

    /// Works out the unit's values on `threads` threads, reading the
    /// lower layers' files from `dir` and writing the unit's file there;
    /// its path and checksum.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unsupported`] for a board, seeds or unit no table has, a lower
    /// layer's file missing or refused (as [`merge_layer`] refuses one),
    /// [`TablebaseError::TooLarge`] if the layers cannot be held in
    /// memory, and the file system's.
    pub fn build(self, dir: &Path, threads: usize) -> Result<(PathBuf, u64), TablebaseError> {
        self.check()?;
        let lower = opened_layers(self.kind, self.layer, dir)?;
        self.build_on(lower, dir, threads)
    }

    /// As [`build`](Unit::build), reading the lower layers from `lower`,
    /// loaded once for all the layer's units: no file is read for a probe,
    /// so a unit is built two to three times as fast (×2.6 for layer 21
    /// of Kalah(6), 129 M positions), in the loaded layers' memory more.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::tablebase::{Kind, LowerLayers, Unit, merge_layer};
    ///
    /// let kind = Kind { houses: 2, empty_capture: true };
    /// let dir = std::env::temp_dir().join(format!("mtb-loaded-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// for layer in 2..=8 {
    ///     let lower = LowerLayers::load(kind, layer, &dir, 1 << 20)?;
    ///     for unit in Unit::all(kind, layer) {
    ///         unit.build_from(&lower, &dir, 1)?;
    ///     }
    ///     merge_layer(kind, layer, &dir, 1)?;
    /// }
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`build`](Unit::build); [`TablebaseError::Unsupported`] for
    /// layers loaded for another kind or layer.
    pub fn build_from(
        self,
        lower: &LowerLayers,
        dir: &Path,
        threads: usize,
    ) -> Result<(PathBuf, u64), TablebaseError> {
        self.check()?;
        if (lower.kind, lower.layer) != (self.kind, self.layer) {
            return Err(TablebaseError::Unsupported(format!(
                "the layers below layer {} of {:?} for a unit of layer {} of {:?}",
                lower.layer, lower.kind, self.layer, self.kind
            )));
        }
        let loaded = lower.pieces.iter().map(|p| p.as_ref().map(Lower::Loaded));
        self.build_on(loaded.collect(), dir, threads)
    }

    /// A board, seeds and unit a table has, before any rank is worked out.
    fn check(self) -> Result<(), TablebaseError> {
        let Unit { kind, layer, low } = self;
        Tablebase::positions_of(kind, layer)?;
        if layer < 2 || low == 0 || low > layer / 2 {
            return Err(TablebaseError::Unsupported(format!(
                "unit {low} of layer {layer} (units run from 1 to half the layer)"
            )));
        }
        Ok(())
    }

    /// The unit's values from its lower layers', written into `dir`.
    fn build_on(
        self,
        lower: Vec<Option<Lower<'_>>>,
        dir: &Path,
        threads: usize,
    ) -> Result<(PathBuf, u64), TablebaseError> {
        let work = UnitWork::new(self, lower)?;
        work.run(threads);
        if let Some(fault) = work.fault() {
            return Err(TablebaseError::Unreadable(fault));
        }
        let compact = work.compact()?;
        drop(work);
        write_piece(dir, &self.file_name(), self.header(compact.len()), &compact)
    }

    /// The header of this unit's file of `n` values.
    fn header(self, n: u64) -> Header {
        Header {
            kind: self.kind,
            layer: self.layer,
            low: self.low as u8,
            n,
            compact: false,
        }
    }
}

/// The lower layers of `kind`'s layer `layer` in `dir`, opened.
fn opened_layers(
    kind: Kind,
    layer: u32,
    dir: &Path,
) -> Result<Vec<Option<Lower<'static>>>, TablebaseError> {
    let ranks = binomials(kind, layer)?.ranks();
    let mut lower = Vec::new();
    for below in 0..layer {
        lower.push(if below < 2 {
            None
        } else {
            let path = dir.join(layer_file_name(kind, below));
            Some(Lower::Opened(open_piece(
                &path,
                layer_header(kind, below, &ranks),
            )?))
        });
    }
    Ok(lower)
}

/// The header a whole layer's file of `layer` seeds must have.
fn layer_header(kind: Kind, layer: u32, ranks: &Ranks) -> Header {
    Header {
        kind,
        layer,
        low: WHOLE,
        n: ranks.below(layer as usize + 1) - ranks.below(layer as usize),
        compact: false,
    }
}

/// The lower layers of one layer, every layer's file read whole into
/// memory and checked against its checksum (a compact file stays compact:
/// about 0.55 bytes a position), for all the layer's units to read:
/// [`Unit::build_from`].
pub struct LowerLayers {
    kind: Kind,
    layer: u32,
    /// By seeds (none below 2).
    pieces: Vec<Option<Piece>>,
}

impl LowerLayers {
    /// Reads the files of the layers below `layer` of `kind` from `dir`,
    /// refusing, before reading any, layers whose files take more than
    /// `memory_limit` bytes.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::TooLarge`] over the limit; as [`merge_layer`]
    /// for a layer's file (missing, of another format, or damaged).
    pub fn load(
        kind: Kind,
        layer: u32,
        dir: &Path,
        memory_limit: u64,
    ) -> Result<LowerLayers, TablebaseError> {
        Tablebase::positions_of(kind, layer)?;
        let ranks = binomials(kind, layer)?.ranks();
        let paths: Vec<PathBuf> = (2..layer)
            .map(|below| dir.join(layer_file_name(kind, below)))
            .collect();
        let mut bytes = 0u64;
        for path in &paths {
            let named = |e: std::io::Error| {
                std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
            };
            bytes = bytes.saturating_add(std::fs::metadata(path).map_err(named)?.len());
        }
        if bytes > memory_limit {
            return Err(TablebaseError::TooLarge {
                houses: kind.houses,
                seeds: layer,
                bytes,
                limit: memory_limit,
            });
        }
        let mut pieces = vec![None, None];
        pieces.truncate(layer as usize);
        for (below, path) in (2..layer).zip(&paths) {
            pieces.push(Some(read_piece(path, layer_header(kind, below, &ranks))?));
        }
        Ok(LowerLayers {
            kind,
            layer,
            pieces,
        })
    }
}

/// The piece at `path`, opened (its values read as probes need them),
/// whose header must be `want`'s.
fn open_piece(path: &Path, want: Header) -> Result<Paged, TablebaseError> {
    let named =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let mut file = File::open(path).map_err(named)?;
    let mut h = [0u8; HEADER];
    file.read_exact(&mut h).map_err(named)?;
    let want = want.as_in(&h);
    if h[..32] != want.bytes(0)[..32] {
        return Err(TablebaseError::Format(format!(
            "{} is not the piece wanted ({want:?})",
            path.display()
        )));
    }
    let mut checksum = [0u8; 8];
    checksum.copy_from_slice(&h[32..40]);
    let checksum = u64::from_le_bytes(checksum);
    let paged = if want.compact {
        Paged::compact(file, want.n, checksum)
    } else {
        Paged::new(file, want.n, checksum)
    };
    paged.map_err(|e| TablebaseError::Format(format!("{}: {e}", path.display())))
}

/// The file of the whole layer of `layer` seeds of `kind`.
pub fn layer_file_name(kind: Kind, layer: u32) -> String {
    format!("{}.mtp", layer_stem(kind, layer))
}

/// The names' common start: the table's name and the layer.
fn layer_stem(kind: Kind, layer: u32) -> String {
    let table = kind.file_name();
    let stem = table.strip_suffix(".mtb").unwrap_or(&table);
    format!("{stem}.layer-{layer:02}")
}

/// Merges the unit files of `kind`'s layer of `layer` seeds in `dir` into
/// the layer's file there, on `threads` threads (at least one): its path
/// and checksum. Each thread reads a unit at a time and puts its values
/// in its runs of the layer (see the [module docs](self)); then each
/// encodes a share of the layer. The memory is about 1.55 bytes a
/// position of the layer: its values a byte each and their compact entry
/// (15.8 GB for layer 34 of Kalah(6)), and a unit's file a thread.
///
/// # Errors
///
/// [`TablebaseError::Unsupported`] for a board or seeds no table has,
/// [`TablebaseError::TooLarge`] if the layer's values cannot be held,
/// [`TablebaseError::Format`] for a unit file of another format, kind,
/// layer, unit or count of values than the unit's (or a compact body
/// that gives a position no value it can have),
/// [`TablebaseError::Checksum`] for damaged values, and the file
/// system's (a unit's file missing among them).
pub fn merge_layer(
    kind: Kind,
    layer: u32,
    dir: &Path,
    threads: usize,
) -> Result<(PathBuf, u64), TablebaseError> {
    Tablebase::positions_of(kind, layer)?;
    let ranks = binomials(kind, layer)?.ranks();
    let base = ranks.below(layer as usize);
    let len = usize::try_from(ranks.below(layer as usize + 1) - base)
        .map_err(|_| TablebaseError::Unsupported("a layer larger than memory".into()))?;
    // Positions of no unit (a row empty: the game is over) keep UNKNOWN,
    // the byte of a game over.
    let values = Slots::try_unknown(len).ok_or_else(|| too_large(kind, layer))?;
    // The threads take the units in turn, until one fails.
    let units = Unit::all(kind, layer);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let placed: Vec<Result<(), TablebaseError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..super::workers(threads, units.len()))
            .map(|_| {
                scope.spawn(|| {
                    while !failed.load(Ordering::Relaxed) {
                        let Some(&unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        if let Err(e) = place_unit(unit, dir, base, &values) {
                            failed.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker.join().unwrap_or_else(|_| {
                    Err(TablebaseError::Unsupported(
                        "a merging thread failed".into(),
                    ))
                })
            })
            .collect()
    });
    placed.into_iter().collect::<Result<(), _>>()?;
    let header = Header {
        kind,
        layer,
        low: WHOLE,
        n: len as u64,
        compact: false,
    };
    let compact = Compact::of_layer_on(layer, &values, threads)?;
    drop(values);
    write_piece(dir, &layer_file_name(kind, layer), header, &compact)
}

/// Reads `unit`'s file in `dir` and puts its values, in rising rank, in
/// its runs of `values` (the layer's, whose first rank is `base`).
fn place_unit(unit: Unit, dir: &Path, base: u64, values: &Slots) -> Result<(), TablebaseError> {
    let path = dir.join(unit.file_name());
    let piece = read_piece(&path, unit.header(0))?;
    let shape = Shape::new(unit)?;
    if piece.len() != shape.len() {
        return Err(TablebaseError::Format(format!(
            "{} holds {} values: the units of layer {} do not hold its positions",
            path.display(),
            piece.len(),
            unit.layer,
        )));
    }
    let mut runs = shape
        .runs()
        .into_iter()
        .map(|run| ((run.rank - base) as usize, run.len));
    let (mut at, mut left) = (0, 0);
    piece.each_block(|mut block| {
        while !block.is_empty() {
            if left == 0 {
                // As many values as positions: a run for each.
                (at, left) = runs.next().ok_or_else(|| {
                    TablebaseError::Format(format!("{}: more values", path.display()))
                })?;
            }
            let n = left.min(block.len());
            values.set_from(at, &block[..n]);
            (block, at, left) = (&block[n..], at + n, left - n);
        }
        Ok(())
    })
}

/// The table of `kind` of every position of at most `seeds` seeds, from
/// the layers' files in `dir` (as [`merge_layer`] writes them).
///
/// # Errors
///
/// [`TablebaseError::Unsupported`] for a board or seeds no table has; as
/// [`merge_layer`] for the layers' files; and
/// [`TablebaseError::TooLarge`] if the table cannot be held in memory.
pub fn assemble(kind: Kind, seeds: u32, dir: &Path) -> Result<Tablebase, TablebaseError> {
    Tablebase::positions_of(kind, seeds)?;
    let (slots, ranks) = read_layers(kind, seeds, seeds, dir)?;
    Ok(Tablebase {
        kind,
        seeds,
        ranks,
        values: Values::Memory(std::sync::Arc::new(slots)),
    })
}

/// The table of `kind` of every position of at most `seeds` seeds, from
/// the layers' files in `dir`, written into the folder `out` (made if need
/// be) in the compact entry as it is read: the file that
/// [`assemble`], [`Tablebase::compact`] and [`Tablebase::save`] write,
/// byte for byte, in far less memory: the largest layer's compact file
/// and the table's exceptions (a few hundredths of a byte a position).
/// For the 34-seed table of Kalah(6) that is some 5.6 and 0.8 GB, where
/// [`assemble`] needs 38.9 GB.
/// `progress` hears the positions written so far. Returns the file's path
/// and checksum.
///
/// The file is written beside its name and renamed once whole, so a
/// reader never sees half a table.
///
/// # Errors
///
/// [`TablebaseError::Unsupported`] for a board or seeds no table has; as
/// [`merge_layer`] for the layers' files (one whose values cannot be held
/// in memory is refused as [`TablebaseError::Format`]); and the file
/// system's. Nothing is left in `out` on an error.
pub fn assemble_compact(
    kind: Kind,
    seeds: u32,
    dir: &Path,
    out: &Path,
    mut progress: impl FnMut(u64),
) -> Result<(PathBuf, u64), TablebaseError> {
    let positions = Tablebase::positions_of(kind, seeds)?;
    std::fs::create_dir_all(out)?;
    let path = out.join(kind.file_name());
    let partial = out.join(format!("{}.partial", kind.file_name()));
    let written = write_compact(kind, seeds, positions, dir, &partial, &mut progress);
    match written {
        Ok(checksum) => {
            std::fs::rename(&partial, &path)?;
            Ok((path, checksum))
        }
        Err(e) => {
            // Nothing half written is left behind (the error is the news).
            let _ = std::fs::remove_file(&partial);
            Err(e)
        }
    }
}

/// [`assemble_compact`]'s work: the table written to `partial`, its
/// checksum.
fn write_compact(
    kind: Kind,
    seeds: u32,
    positions: u64,
    dir: &Path,
    partial: &Path,
    progress: &mut impl FnMut(u64),
) -> Result<u64, TablebaseError> {
    let ranks = binomials(kind, seeds)?.ranks();
    let mut file = BufWriter::new(File::create(partial)?);
    // The header's checksum is known at the end: room for it now.
    file.write_all(&[0u8; super::file::HEADER])?;
    let mut encoder = Encoder::streaming_table(ranks.clone(), positions);
    let mut fnv = Fnv::new();
    let mut written = |part: &[u8]| -> Result<(), TablebaseError> {
        fnv.feed(part);
        file.write_all(part)?;
        Ok(())
    };
    // Layers 0 and 1: no position in play.
    encoder.feed(&vec![UNKNOWN as u8; ranks.below(2) as usize])?;
    let mut done = ranks.below(2);
    for layer in 2..=seeds {
        let header = layer_header(kind, layer, &ranks);
        let piece = read_piece(&dir.join(layer_file_name(kind, layer)), header)?;
        piece.each_block(|block| {
            encoder.feed(block)?;
            encoder.drain_records(&mut written)?;
            done += block.len() as u64;
            progress(done);
            Ok(())
        })?;
    }
    for part in encoder.close()? {
        written(&part)?;
    }
    let checksum = fnv.0;
    let mut file = file.into_inner().map_err(|e| e.into_error())?;
    file.seek(std::io::SeekFrom::Start(0))?;
    file.write_all(&super::file::header_bytes(
        kind, seeds, positions, true, checksum,
    ))?;
    file.sync_all()?;
    Ok(checksum)
}

/// The values of a table of `kind` and `seeds` seeds whose layers up to
/// `upto` are read from their files in `dir`, the others unknown.
fn read_layers(
    kind: Kind,
    seeds: u32,
    upto: u32,
    dir: &Path,
) -> Result<(Slots, Ranks), TablebaseError> {
    let ranks = binomials(kind, seeds)?.ranks();
    let len =
        usize::try_from(ranks.below(seeds as usize + 1)).map_err(|_| too_large(kind, seeds))?;
    let mut slots = Slots::try_with_capacity(len).ok_or_else(|| too_large(kind, seeds))?;
    // Layers 0 and 1: no position in play.
    slots.extend_from_bytes(&vec![UNKNOWN as u8; ranks.below(2) as usize]);
    for layer in 2..=upto {
        let header = layer_header(kind, layer, &ranks);
        let piece = read_piece(&dir.join(layer_file_name(kind, layer)), header)?;
        piece.each_block(|block| {
            slots.extend_from_bytes(block);
            Ok(())
        })?;
    }
    let room = len - slots.len();
    slots.extend_from_bytes(&vec![UNKNOWN as u8; room]);
    Ok((slots, ranks))
}

fn too_large(kind: Kind, seeds: u32) -> TablebaseError {
    TablebaseError::TooLarge {
        houses: kind.houses,
        seeds,
        bytes: Tablebase::positions_of(kind, seeds).unwrap_or(u64::MAX),
        limit: super::available_memory().unwrap_or(0),
    }
}

/// Checks the piece (a unit's or a layer's file) at `path` whole: its
/// header, its length and its values against its checksum, which it
/// returns. A unit reads its lower layers' files without checking every
/// byte (a value that cannot be is refused when met): check each once
/// where it is copied.
///
/// # Errors
///
/// [`TablebaseError::Format`] for a file that is no piece or of the wrong
/// length, [`TablebaseError::Checksum`] for damaged values, and the file
/// system's.
pub fn check_piece(path: &Path) -> Result<u64, TablebaseError> {
    let named =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let mut h = [0u8; HEADER];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut h))
        .map_err(named)?;
    let bad = || TablebaseError::Format(format!("{} is not a tablebase piece", path.display()));
    if h[..8] != MAGIC[..] || h[17] > 1 {
        return Err(bad());
    }
    let kind = Kind {
        houses: h[16],
        empty_capture: h[17] == 1,
    };
    let header = Header {
        kind,
        layer: u32::from(h[18]),
        low: h[19],
        n: 0,
        compact: false,
    };
    read_piece(path, header)?;
    let mut checksum = [0u8; 8];
    checksum.copy_from_slice(&h[32..40]);
    Ok(u64::from_le_bytes(checksum))
}

/// What a piece's header says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Header {
    kind: Kind,
    layer: u32,
    low: u8,
    /// Values (0 when reading a unit's: any count, checked by the merge).
    n: u64,
    /// Whether the body is in the compact entry (version 2).
    compact: bool,
}

impl Header {
    /// This header with the entry the file's header `h` says (version 2,
    /// compact; any other, a byte a value, which the versions' comparison
    /// then refuses unless it is 1).
    fn as_in(self, h: &[u8; HEADER]) -> Header {
        Header {
            compact: h[8..12] == COMPACT.to_le_bytes(),
            ..self
        }
    }

    fn bytes(self, checksum: u64) -> [u8; HEADER] {
        let mut h = [0u8; HEADER];
        h[..8].copy_from_slice(MAGIC);
        let version = if self.compact { COMPACT } else { VERSION };
        h[8..12].copy_from_slice(&version.to_le_bytes());
        h[12..16].copy_from_slice(&KALAH.to_le_bytes());
        h[16] = self.kind.houses;
        h[17] = u8::from(self.kind.empty_capture);
        h[18] = self.layer as u8;
        h[19] = self.low;
        h[24..32].copy_from_slice(&self.n.to_le_bytes());
        h[32..40].copy_from_slice(&checksum.to_le_bytes());
        h
    }
}

/// Writes the values `compact` as a piece into `dir` under `name`
/// (beside, then renamed, so a reader never sees half a file): its path
/// and checksum.
fn write_piece(
    dir: &Path,
    name: &str,
    header: Header,
    compact: &Compact,
) -> Result<(PathBuf, u64), TablebaseError> {
    let header = Header {
        compact: true,
        ..header
    };
    let mut fnv = Fnv::new();
    for part in compact.parts() {
        fnv.feed(part);
    }
    let path = dir.join(name);
    let partial = dir.join(format!("{name}.partial"));
    let mut out = BufWriter::new(File::create(&partial)?);
    out.write_all(&header.bytes(fnv.0))?;
    for part in compact.parts() {
        out.write_all(part)?;
    }
    out.flush()?;
    drop(out);
    std::fs::rename(&partial, &path)?;
    Ok((path, fnv.0))
}

/// A piece's values as read and checked: a byte each (version 1), or the
/// compact entry (version 2), each value worked out as it is asked for.
enum Piece {
    Bytes(Vec<u8>),
    Compact { body: Compact, seeds: u32 },
}

impl Piece {
    /// Values held.
    fn len(&self) -> u64 {
        match self {
            Piece::Bytes(values) => values.len() as u64,
            Piece::Compact { body, .. } => body.len(),
        }
    }

    /// The value of the in-play position at `at` of `seeds` seeds, if the
    /// piece holds one it can be.
    #[inline]
    fn value(&self, at: u64, seeds: i32) -> Option<i32> {
        match self {
            Piece::Bytes(values) => {
                let v = i32::from(*values.get(at as usize)? as i8);
                (v.abs() <= seeds).then_some(v)
            }
            Piece::Compact { body, .. } => body.value(at, seeds),
        }
    }

    /// Calls `each` with the values, as bytes of a table of version 1, a
    /// block at a time in order.
    ///
    /// # Errors
    ///
    /// As [`byte`](Piece::byte), and `each`'s.
    fn each_block(
        &self,
        each: impl FnMut(&[u8]) -> Result<(), TablebaseError>,
    ) -> Result<(), TablebaseError> {
        match self {
            Piece::Bytes(values) => values.chunks(1 << 20).try_for_each(each),
            Piece::Compact { body, seeds } => body.each_block(*seeds, each),
        }
    }
}

/// The values of the piece at `path`, whose header must be `want`'s (its
/// count too, unless `want.n` is 0), checked against its checksum.
fn read_piece(path: &Path, want: Header) -> Result<Piece, TablebaseError> {
    let named =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let file = File::open(path).map_err(named)?;
    let size = file.metadata().map_err(named)?.len();
    let mut input = BufReader::new(file);
    let mut h = [0u8; HEADER];
    input.read_exact(&mut h).map_err(named)?;
    let long = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&h[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let n = long(24);
    let expected = long(32);
    let mut same = want.as_in(&h);
    same.n = if want.n == 0 { n } else { want.n };
    if h[..32] != same.bytes(0)[..32] {
        return Err(TablebaseError::Format(format!(
            "{} is not the piece wanted ({want:?})",
            path.display()
        )));
    }
    let unreadable = |_| TablebaseError::Format(format!("{}: {n} values", path.display()));
    let mut fnv = Fnv::new();
    let short = |e: TablebaseError| match e {
        TablebaseError::Io(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            TablebaseError::Format(format!("{}: shorter than its header says", path.display()))
        }
        e => e,
    };
    let values = if same.compact {
        // No more than the file holds: a forged count asks for nothing.
        let body = size.saturating_sub(HEADER as u64);
        let compact = Compact::read_from(&mut input, n, body, &mut fnv, unreadable);
        let compact = compact.map_err(short)?;
        if input.read(&mut [0u8; 1]).map_err(named)? != 0 {
            return Err(TablebaseError::Format(format!(
                "{}: bytes after its body",
                path.display()
            )));
        }
        check(&fnv, expected)?;
        Piece::Compact {
            body: compact,
            seeds: same.layer,
        }
    } else {
        let mut values = Vec::new();
        values
            .try_reserve_exact(usize::try_from(n).unwrap_or(usize::MAX))
            .map_err(|_| TablebaseError::Format(format!("{}: {n} values", path.display())))?;
        (&mut input)
            .take(n)
            .read_to_end(&mut values)
            .map_err(named)?;
        if values.len() as u64 != n || input.read(&mut [0u8; 1]).map_err(named)? != 0 {
            return Err(TablebaseError::Format(format!(
                "{}: not the {n} values its header says",
                path.display()
            )));
        }
        fnv.feed(&values);
        check(&fnv, expected)?;
        Piece::Bytes(values)
    };
    Ok(values)
}

/// Whether the checksum of what was read is `expected`.
fn check(fnv: &Fnv, expected: u64) -> Result<(), TablebaseError> {
    if fnv.0 != expected {
        return Err(TablebaseError::Checksum {
            expected,
            found: fnv.0,
        });
    }
    Ok(())
}
