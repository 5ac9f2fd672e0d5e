//! A tablebase on disk: the format of the [module docs](super), written and
//! read as a stream, checked by its checksum; or opened, its values read as
//! probes need them (`paged`), its checksum checked on demand.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::compact::Compact;
use super::paged::Paged;
use super::{Kind, Tablebase, TablebaseError, Values, binomials};
use crate::kalah_solve::Slots;

/// The format version of a table of one byte a position, which this code
/// writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The format version of a table in the compact entry (about 4.4 bits a
/// position, every value exact: `Tablebase::compact`), which this code
/// writes and reads too.
pub const COMPACT_FORMAT_VERSION: u32 = 2;
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"MNCLTB\r\n";
/// The game code of Kalah.
const KALAH: u32 = 1;
/// Bytes of the header.
pub(super) const HEADER: usize = 40;
/// Bytes read or written at once.
const BLOCK: usize = 1 << 20;

/// The blocks `(from, to)` of `len` bytes, in order.
fn blocks(len: u64) -> impl Iterator<Item = (u64, u64)> {
    (0..len)
        .step_by(BLOCK)
        .map(move |from| (from, (from + BLOCK as u64).min(len)))
}

/// FNV-1a, 64-bit, over bytes fed in pieces.
pub(crate) struct Fnv(pub(crate) u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

impl Tablebase {
    /// The checksum of the values (FNV-1a, 64-bit), the one the file's
    /// header gives: worked out from the values (an opened table's read
    /// from its file).
    ///
    /// # Errors
    ///
    /// An opened table's file cannot be read to its end.
    pub fn checksum(&self) -> std::io::Result<u64> {
        let mut fnv = Fnv::new();
        self.each_block(|block| {
            fnv.feed(block);
            Ok(())
        })?;
        Ok(fnv.0)
    }

    /// Writes the table to `out` in the file format.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(&self.header(self.checksum()?))?;
        self.each_block(|block| out.write_all(block))?;
        out.flush()
    }

    /// Calls `each` with the file's body (the values, a byte each, or the
    /// compact entry's body), a block at a time, in order.
    fn each_block(
        &self,
        mut each: impl FnMut(&[u8]) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut block = Vec::new();
        match &self.values {
            Values::Compact(compact) => compact
                .parts()
                .into_iter()
                .try_for_each(|part| part.chunks(BLOCK).try_for_each(&mut each)),
            Values::Memory(slots) => blocks(slots.len() as u64).try_for_each(|(from, to)| {
                block.clear();
                block.extend(slots.values(from as usize, to as usize).map(|v| v as u8));
                each(&block)
            }),
            Values::File(paged) => blocks(paged.body_len()).try_for_each(|(from, to)| {
                block.resize((to - from) as usize, 0);
                paged.read(&mut block, from)?;
                each(&block)
            }),
        }
    }

    /// Whether the values are in the compact entry (format version 2:
    /// [`compact`](Tablebase::compact)).
    pub fn is_compact(&self) -> bool {
        match &self.values {
            Values::Compact(_) => true,
            Values::File(paged) => paged.is_compact(),
            Values::Memory(_) => false,
        }
    }

    /// Writes the table into the folder `dir` (made if need be) under its
    /// [`Kind::file_name`], and returns the file's path.
    ///
    /// # Errors
    ///
    /// The file system's.
    pub fn save(&self, dir: &Path) -> Result<PathBuf, TablebaseError> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(self.kind.file_name());
        // Written beside, then renamed: a reader never sees half a file.
        let partial = dir.join(format!("{}.partial", self.kind.file_name()));
        self.write_to(&mut BufWriter::new(File::create(&partial)?))?;
        std::fs::rename(&partial, &path)?;
        Ok(path)
    }

    /// Reads a table from `input`, refusing one of more than
    /// `memory_limit` bytes before reading its values.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] for another format or version, or a
    /// header that does not hold together; [`TablebaseError::TooLarge`]
    /// over the limit; [`TablebaseError::Checksum`] for damaged values;
    /// [`TablebaseError::Io`] for a short or unreadable input.
    pub fn read_from(
        input: &mut impl Read,
        memory_limit: u64,
    ) -> Result<Tablebase, TablebaseError> {
        let mut header = [0u8; HEADER];
        input.read_exact(&mut header)?;
        let Header {
            kind,
            seeds,
            positions,
            checksum,
            compact,
        } = parse_header(&header)?;
        let too_large = |bytes: u64| TablebaseError::TooLarge {
            houses: kind.houses,
            seeds,
            bytes,
            limit: memory_limit,
        };
        let mut fnv = Fnv::new();
        let values = if compact {
            let compact = Compact::read_from(input, positions, memory_limit, &mut fnv, too_large)?;
            Values::Compact(std::sync::Arc::new(compact))
        } else {
            if positions > memory_limit {
                return Err(too_large(positions));
            }
            let len = usize::try_from(positions).map_err(|_| {
                TablebaseError::Format("more positions than memory can hold".into())
            })?;
            let mut slots = Slots::try_with_capacity(len).ok_or_else(|| too_large(positions))?;
            let mut block = vec![0u8; BLOCK.min(len)];
            let mut left = len;
            while left > 0 {
                let piece = &mut block[..BLOCK.min(left)];
                input.read_exact(piece)?;
                fnv.feed(piece);
                slots.extend_from_bytes(piece);
                left -= piece.len();
            }
            Values::Memory(std::sync::Arc::new(slots))
        };
        if fnv.0 != checksum {
            return Err(TablebaseError::Checksum {
                expected: checksum,
                found: fnv.0,
            });
        }
        if input.read(&mut [0u8; 1])? != 0 {
            return Err(TablebaseError::Format("bytes after the values".into()));
        }
        Ok(Tablebase {
            kind,
            seeds,
            ranks: binomials(kind, seeds)?.ranks(),
            values,
        })
    }

    /// Opens the table at `path` without reading its values: a probe reads
    /// the block of the file that holds the byte it needs (a few KiB, kept
    /// in a cache of at most 16 MiB), so opening takes a moment and little
    /// memory whatever the table's size. Only the header and the file's
    /// length are checked: [`check_file`](Tablebase::check_file) checks
    /// every value against the checksum (reading the whole file), and a
    /// probe that meets a value that cannot be, or a read that fails,
    /// answers nothing and keeps why ([`fault`](Tablebase::fault)).
    ///
    /// [`load`](Tablebase::load) reads the values into memory instead,
    /// checking them as it goes: the choice for a program that probes most
    /// of the table, as the solver does.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] for another format or version, a header
    /// that does not hold together or a file of another length than its
    /// header gives; [`TablebaseError::Io`] if the file cannot be opened.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::tablebase::{Kind, Tablebase};
    ///
    /// let kind = Kind { houses: 3, empty_capture: false };
    /// let dir = std::env::temp_dir().join(format!("mtb-open-{}", std::process::id()));
    /// let path = Tablebase::build(kind, 8, 1, 1 << 20, |_| {})?.save(&dir)?;
    /// let table = Tablebase::open(&path)?;
    /// assert!(table.is_opened());
    /// assert_eq!(table.probe(&[0, 0, 2, 1, 0, 0]), Some(1 - 2));
    /// table.check_file()?; // every byte read and checked
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(path: &Path) -> Result<Tablebase, TablebaseError> {
        let mut file = File::open(path)?;
        let mut header = [0u8; HEADER];
        file.read_exact(&mut header)
            .map_err(|e| TablebaseError::Format(format!("the header: {e}")))?;
        let Header {
            kind,
            seeds,
            positions,
            checksum,
            compact,
        } = parse_header(&header)?;
        let paged = if compact {
            Paged::compact(file, positions, checksum)
        } else {
            Paged::new(file, positions, checksum)
        };
        let paged = paged.map_err(TablebaseError::Format)?;
        Ok(Tablebase {
            kind,
            seeds,
            ranks: binomials(kind, seeds)?.ranks(),
            values: Values::File(std::sync::Arc::new(paged)),
        })
    }

    /// Opens the table of `kind` in the folder `dir`, if it holds one (see
    /// [`open`](Tablebase::open)).
    ///
    /// # Errors
    ///
    /// As [`open`](Tablebase::open) for a file that is there.
    pub fn open_in(dir: &Path, kind: Kind) -> Result<Option<Tablebase>, TablebaseError> {
        let path = dir.join(kind.file_name());
        if !path.is_file() {
            return Ok(None);
        }
        Tablebase::open(&path).map(Some)
    }

    /// Checks every value of an [opened](Tablebase::open) table against
    /// the checksum its header gives, reading the whole file. A table in
    /// memory was checked as it was read (or built here): nothing to do.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Checksum`] for damaged values,
    /// [`TablebaseError::Io`] if the file cannot be read to its end.
    pub fn check_file(&self) -> Result<(), TablebaseError> {
        let Values::File(paged) = &self.values else {
            return Ok(());
        };
        let found = paged.checksum()?;
        if found != paged.expected() {
            return Err(TablebaseError::Checksum {
                expected: paged.expected(),
                found,
            });
        }
        Ok(())
    }

    /// Starts reading an [opened](Tablebase::open) table's file once
    /// through, on a thread of its own, and returns at once: the operating
    /// system's page cache then holds the values before the probes ask for
    /// them (a probe that waits on the disk waits milliseconds; one the
    /// cache answers, a microsecond), while the process's own memory stays
    /// the small cache of [`open`](Tablebase::open). The bytes are checked
    /// against the header's checksum as they pass; values not the header's
    /// become the table's [fault](Tablebase::fault), as a byte no value
    /// can be does. The read stops when the table is dropped. A table in
    /// memory has nothing to read.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::tablebase::{Kind, Tablebase};
    ///
    /// let kind = Kind { houses: 3, empty_capture: false };
    /// let dir = std::env::temp_dir().join(format!("mtb-warm-{}", std::process::id()));
    /// let path = Tablebase::build(kind, 8, 1, 1 << 20, |_| {})?.save(&dir)?;
    /// let table = Tablebase::open(&path)?;
    /// let warming = table.warm()?;
    /// assert_eq!(table.probe(&[0, 0, 2, 1, 0, 0]), Some(1 - 2)); // at once
    /// assert!(warming.wait()?); // every value read, the checksum the header's
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if the file cannot be opened again for the
    /// thread, or no thread can be started.
    pub fn warm(&self) -> Result<Warming, TablebaseError> {
        let thread = match &self.values {
            Values::File(paged) => Some(paged.warm()?),
            Values::Memory(_) | Values::Compact(_) => None,
        };
        Ok(Warming { thread })
    }

    /// Reads the table at `path` (see [`read_from`](Tablebase::read_from)).
    ///
    /// # Errors
    ///
    /// As [`read_from`](Tablebase::read_from), and the file system's.
    pub fn load(path: &Path, memory_limit: u64) -> Result<Tablebase, TablebaseError> {
        Tablebase::read_from(&mut BufReader::new(File::open(path)?), memory_limit)
    }

    /// Reads the table of `kind` from the folder `dir`, if it holds one.
    ///
    /// # Errors
    ///
    /// As [`load`](Tablebase::load) for a file that is there.
    pub fn find(
        dir: &Path,
        kind: Kind,
        memory_limit: u64,
    ) -> Result<Option<Tablebase>, TablebaseError> {
        let path = dir.join(kind.file_name());
        if !path.is_file() {
            return Ok(None);
        }
        Tablebase::load(&path, memory_limit).map(Some)
    }

    /// The file's header for values of checksum `checksum`.
    fn header(&self, checksum: u64) -> [u8; HEADER] {
        header_bytes(
            self.kind,
            self.seeds,
            self.values.len(),
            self.is_compact(),
            checksum,
        )
    }
}

/// The header of a table of `kind` and `seeds` seeds holding `positions`
/// values, compact or not, of checksum `checksum`.
pub(crate) fn header_bytes(
    kind: Kind,
    seeds: u32,
    positions: u64,
    compact: bool,
    checksum: u64,
) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..8].copy_from_slice(MAGIC);
    let version = if compact {
        COMPACT_FORMAT_VERSION
    } else {
        FORMAT_VERSION
    };
    h[8..12].copy_from_slice(&version.to_le_bytes());
    h[12..16].copy_from_slice(&KALAH.to_le_bytes());
    h[16] = kind.houses;
    h[17] = u8::from(kind.empty_capture);
    h[18] = seeds as u8;
    h[24..32].copy_from_slice(&positions.to_le_bytes());
    h[32..40].copy_from_slice(&checksum.to_le_bytes());
    h
}

/// What a header gives, checked.
struct Header {
    kind: Kind,
    seeds: u32,
    positions: u64,
    checksum: u64,
    /// Whether the values are in the compact entry (version 2).
    compact: bool,
}

/// The header `h`, checked.
fn parse_header(h: &[u8; HEADER]) -> Result<Header, TablebaseError> {
    let word = |at: usize| u32::from_le_bytes([h[at], h[at + 1], h[at + 2], h[at + 3]]);
    let long = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&h[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let bad = |what: &str| Err(TablebaseError::Format(what.into()));
    if &h[..8] != MAGIC {
        return bad("the file does not begin as a tablebase does");
    }
    let compact = match word(8) {
        FORMAT_VERSION => false,
        COMPACT_FORMAT_VERSION => true,
        other => {
            return Err(TablebaseError::Format(format!(
                "format version {other} (this program reads {FORMAT_VERSION} and \
                 {COMPACT_FORMAT_VERSION})"
            )));
        }
    };
    if word(12) != KALAH {
        return Err(TablebaseError::Format(format!(
            "game code {} (1 is Kalah)",
            word(12)
        )));
    }
    if h[17] > 1 || h[19..24].iter().any(|&b| b != 0) {
        return bad("unknown flags in the header");
    }
    let kind = Kind {
        houses: h[16],
        empty_capture: h[17] == 1,
    };
    let seeds = u32::from(h[18]);
    let positions = Tablebase::positions_of(kind, seeds)
        .map_err(|e| TablebaseError::Format(format!("the header's board: {e}")))?;
    if long(24) != positions {
        return Err(TablebaseError::Format(format!(
            "the header counts {} positions; {seeds} seeds on {} houses a side make {positions}",
            long(24),
            kind.houses
        )));
    }
    Ok(Header {
        kind,
        seeds,
        positions,
        checksum: long(32),
        compact,
    })
}

/// The memory this machine has free now, in bytes (Linux's
/// `MemAvailable`), if it says.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The read of an opened table's file under way on a thread of its own
/// ([`Tablebase::warm`]). Dropping it lets the read go on.
#[derive(Debug)]
pub struct Warming {
    thread: Option<super::paged::WarmThread>,
}

impl Warming {
    /// Whether the read has ended (at once for a table in memory).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Waits for the end of the read: `true` once every value has been
    /// read and their checksum is the header's (a table in memory was
    /// checked as it was read), `false` if the table was dropped first
    /// (the read stopped).
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unreadable`] with what the read found: a read that
    /// failed, or values whose checksum is not the header's. It is the
    /// table's [fault](Tablebase::fault) too.
    pub fn wait(self) -> Result<bool, TablebaseError> {
        match self.thread.map(std::thread::JoinHandle::join) {
            None => Ok(true),
            Some(Ok(read)) => read.map_err(TablebaseError::Unreadable),
            Some(Err(_)) => Err(TablebaseError::Unreadable(
                "the thread reading the table stopped".into(),
            )),
        }
    }
}
