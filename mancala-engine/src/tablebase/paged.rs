//! A tablebase opened, not read: its values stay in the file, and a probe
//! reads the block that holds the byte it needs (a positioned read, so
//! threads never share a file offset), keeping the blocks read last in a
//! small cache of its own. Opening costs a header and a length; a probe
//! that misses the cache, one read of [`BLOCK`] bytes (which the operating
//! system's page cache answers once the file has been read). A compact
//! table's probe reads its record's base and code, and, for the escape
//! code, its group's two counts and the exceptions a binary search meets,
//! each through the same cache.
//!
//! Nothing is checked at open beyond the header and the file's length: the
//! checksum covers every byte, so checking it means reading the whole file
//! ([`Paged::checksum`], which `Tablebase::check_file` calls on demand).
//! A read that fails (the file shortened or removed since it was opened,
//! an I/O error) is kept as the table's fault: the probe that met it, and
//! every later probe, answers nothing, and the caller asks
//! [`Paged::fault`] why.
//!
//! [`Paged::warm`] reads the file once through on a thread of its
//! own, so that the page cache holds it before the probes ask (a probe
//! the disk answers waits milliseconds), checking the checksum as the
//! bytes pass.

use std::fs::File;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::compact::{Body, Layout, value_of};
use super::file::{Fnv, HEADER};

/// Bytes read from the file at once, and kept together in the cache.
pub(crate) const BLOCK: usize = 4096;
/// Blocks the cache keeps: 16 MiB.
const CACHE_BLOCKS: usize = 4096;

/// One cache entry: the block it holds (`u64::MAX`: none yet) and its
/// bytes.
struct Cached {
    block: u64,
    bytes: Vec<u8>,
}

/// How an opened file holds its values.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// One byte a position (format version 1).
    Byte,
    /// The compact entry (format version 2).
    Compact(Layout),
}

/// The values of an opened tablebase, read from its file as probes need
/// them.
pub(crate) struct Paged {
    file: File,
    /// Positions in the file.
    len: u64,
    /// Bytes after the header: the values (one a position), or the compact
    /// body.
    body: u64,
    entry: Entry,
    /// The checksum the header gives.
    expected: u64,
    /// Direct-mapped: block `b` lives in entry `b % entries`.
    cache: Vec<Mutex<Cached>>,
    /// The first read that failed, if one has (shared with a warming read).
    fault: Arc<OnceLock<String>>,
    /// Set when the table is dropped: a warming read stops.
    dropped: Arc<AtomicBool>,
}

impl Drop for Paged {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::Relaxed);
    }
}

impl Paged {
    /// The values of `file`, whose header says `len` positions and the
    /// checksum `expected`.
    ///
    /// # Errors
    ///
    /// The file's length if it is not the header's and `len` bytes: a
    /// truncated (or extended) file.
    pub(crate) fn new(file: File, len: u64, expected: u64) -> Result<Paged, String> {
        Paged::with_entry(file, len, len, Entry::Byte, expected)
    }

    /// The compact values (format version 2) of `file`, whose header says
    /// `len` positions and the checksum `expected`.
    ///
    /// # Errors
    ///
    /// The file cannot be read where the count of exceptions lies, or its
    /// length is not the header's and the body's that count makes.
    pub(crate) fn compact(file: File, len: u64, expected: u64) -> Result<Paged, String> {
        let layout = Layout::new(len);
        let mut count = [0u8; 8];
        read_at(
            &file,
            &mut count,
            layout.count_at().saturating_add(HEADER as u64),
        )
        .map_err(|e| format!("reading the count of exceptions: {e}"))?;
        let count = u64::from_le_bytes(count);
        if count > len {
            return Err(format!(
                "the index counts {count} exceptions for {len} positions"
            ));
        }
        let body = layout
            .body_len(count)
            .ok_or_else(|| format!("{count} exceptions: more than a file can hold"))?;
        Paged::with_entry(file, len, body, Entry::Compact(layout), expected)
    }

    fn with_entry(
        file: File,
        len: u64,
        body: u64,
        entry: Entry,
        expected: u64,
    ) -> Result<Paged, String> {
        let size = file.metadata().map_err(|e| e.to_string())?.len();
        let want = (HEADER as u64).checked_add(body);
        if Some(size) != want {
            return Err(format!(
                "the file has {size} bytes; its header and body make {want:?} (a header and {body})"
            ));
        }
        let blocks = usize::try_from(body.div_ceil(BLOCK as u64)).unwrap_or(usize::MAX);
        let entries = blocks.clamp(1, CACHE_BLOCKS);
        let cache = (0..entries)
            .map(|_| {
                Mutex::new(Cached {
                    block: u64::MAX,
                    bytes: Vec::new(),
                })
            })
            .collect();
        Ok(Paged {
            file,
            len,
            body,
            entry,
            expected,
            cache,
            fault: Arc::default(),
            dropped: Arc::default(),
        })
    }

    /// Positions held.
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// Whether the values are in the compact entry (format version 2).
    pub(crate) fn is_compact(&self) -> bool {
        matches!(self.entry, Entry::Compact(_))
    }

    /// Bytes after the header.
    pub(crate) fn body_len(&self) -> u64 {
        self.body
    }

    /// The body's byte at `at`, `None` if it could not be read (the
    /// reason kept: [`fault`](Paged::fault)) or is past the end.
    fn get(&self, at: u64) -> Option<u8> {
        self.with_block(at, |bytes, i| bytes[i])
    }

    /// `read(bytes, i)` of the cached block holding the body's byte `at`
    /// (its bytes, and `at`'s index in them), read from the file if the
    /// cache does not hold it: `None` if it could not be read (the reason
    /// kept) or `at` is past the end.
    fn with_block<T>(&self, at: u64, read: impl FnOnce(&[u8], usize) -> T) -> Option<T> {
        if at >= self.body || self.fault.get().is_some() {
            return None;
        }
        let block = at / BLOCK as u64;
        let entry = &self.cache[(block % self.cache.len() as u64) as usize];
        // A thread that panicked holding an entry left it whole or marked
        // empty (the block is set after its bytes): take it either way.
        let mut cached = entry.lock().unwrap_or_else(|e| e.into_inner());
        if cached.block != block {
            cached.block = u64::MAX;
            let from = block * BLOCK as u64;
            let n = (self.body - from).min(BLOCK as u64) as usize;
            cached.bytes.resize(n, 0);
            if let Err(e) = read_at(&self.file, &mut cached.bytes, HEADER as u64 + from) {
                self.fail(format!("reading the values at byte {from}: {e}"));
                return None;
            }
            cached.block = block;
        }
        Some(read(&cached.bytes, (at - block * BLOCK as u64) as usize))
    }

    /// The value of the in-play position of rank `rank` and `seeds` seeds
    /// on the board: its byte, if it can be one (at most `seeds` either
    /// way). A byte that cannot be, or one that cannot be read, is the
    /// table's fault, and `None`.
    pub(crate) fn value(&self, rank: u64, seeds: i32) -> Option<i32> {
        if rank >= self.len {
            return None;
        }
        let (v, found) = match self.entry {
            Entry::Byte => {
                let v = i32::from(self.get(rank)? as i8);
                ((v.abs() <= seeds).then_some(v), format!("the byte {v}"))
            }
            Entry::Compact(layout) => {
                let share = match layout.share(self, rank) {
                    Ok(share) => share,
                    Err(reason) => {
                        self.fail(reason);
                        return None;
                    }
                };
                (value_of(share, seeds), format!("the share {share:?}"))
            }
        };
        if v.is_none() {
            self.fail(format!(
                "rank {rank} holds {found}, which no position of {seeds} seeds can be worth: \
                 a damaged or forged file"
            ));
        }
        v
    }

    /// Keeps `reason` as the table's fault (the first one stays).
    pub(crate) fn fail(&self, reason: String) {
        let _ = self.fault.set(reason);
    }

    /// Why a probe could not be answered, if one could not.
    pub(crate) fn fault(&self) -> Option<&str> {
        self.fault.get().map(String::as_str)
    }

    /// Reads every value and compares their checksum with the header's:
    /// `Ok(found)` or the reason it could not read them; the caller
    /// compares `found` with [`expected`](Paged::expected).
    pub(crate) fn checksum(&self) -> std::io::Result<u64> {
        let found = checksum_of(&self.file, self.body, &AtomicBool::new(false))?;
        Ok(found.unwrap_or_default())
    }

    /// Starts reading every value once, on a thread of its own: the
    /// thread answers `Ok(true)` once the values are read and their
    /// checksum is the header's, `Ok(false)` if the table was dropped
    /// first (it stops), or the reason it found (a read that failed, a
    /// checksum not the header's), which it also keeps as the table's
    /// fault.
    ///
    /// # Errors
    ///
    /// The file cannot be opened again for the thread, or no thread
    /// started.
    pub(crate) fn warm(&self) -> std::io::Result<WarmThread> {
        let file = self.file.try_clone()?;
        let (len, expected) = (self.body, self.expected);
        let fault = Arc::clone(&self.fault);
        let dropped = Arc::clone(&self.dropped);
        std::thread::Builder::new()
            .name("tablebase warm".into())
            .spawn(move || {
                let reason = match checksum_of(&file, len, &dropped) {
                    Ok(None) => return Ok(false),
                    Ok(Some(found)) if found == expected => return Ok(true),
                    Ok(Some(found)) => format!(
                        "the values' checksum is {found:#018x}, the header says {expected:#018x}: \
                         a damaged or forged file"
                    ),
                    Err(e) => format!("reading the values through: {e}"),
                };
                let _ = fault.set(reason.clone());
                Err(reason)
            })
    }

    /// The checksum the header gives.
    pub(crate) fn expected(&self) -> u64 {
        self.expected
    }

    /// The body's bytes `from..from + out.len()` (values of a table of
    /// version 1 are by rank), read from the file.
    pub(crate) fn read(&self, out: &mut [u8], from: u64) -> std::io::Result<()> {
        read_at(&self.file, out, HEADER as u64 + from)
    }
}

/// The thread of a warming read ([`Paged::warm`]).
pub(crate) type WarmThread = std::thread::JoinHandle<Result<bool, String>>;

/// The checksum of the `len` bytes of `file`'s body, read in order in blocks of
/// a MiB; `None` if `stop` was set before the end.
fn checksum_of(file: &File, len: u64, stop: &AtomicBool) -> std::io::Result<Option<u64>> {
    let mut fnv = Fnv::new();
    // At least a byte a read whatever `usize` holds: the loop always ends.
    let size = usize::try_from(len).map_or(1 << 20, |len| len.clamp(1, 1 << 20));
    let mut block = vec![0u8; size];
    let mut at = 0u64;
    while at < len {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let n = (len - at).min(block.len() as u64) as usize;
        read_at(file, &mut block[..n], HEADER as u64 + at)?;
        fnv.feed(&block[..n]);
        at += n as u64;
    }
    Ok(Some(fnv.0))
}

/// Fills `buf` from `file` at `offset`, without moving a shared offset.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

/// Fills `buf` from `file` at `offset` (Windows moves the file's offset,
/// which nothing else here reads).
#[cfg(windows)]
fn read_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_read(buf, offset) {
            Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// No positioned reads here: an opened table cannot be probed (read it
/// whole with `Tablebase::load`).
#[cfg(not(any(unix, windows)))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> std::io::Result<()> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "positioned reads are not available on this platform: load the table whole",
    ))
}

/// A compact body's bytes, through the cache. A read that fails is the
/// table's fault, kept.
impl Body for Paged {
    fn byte(&self, at: u64) -> Result<u8, String> {
        self.get(at)
            .ok_or_else(|| format!("byte {at} of the body could not be read"))
    }

    /// Under one lock of the cache when both bytes are in one block.
    fn two(&self, first: u64, second: u64) -> Result<(u8, u8), String> {
        if first / BLOCK as u64 != second / BLOCK as u64 {
            return Ok((self.byte(first)?, self.byte(second)?));
        }
        let offset = second - first;
        self.with_block(first, |bytes, i| {
            bytes.get(i + offset as usize).map(|&b| (bytes[i], b))
        })
        .flatten()
        .ok_or_else(|| format!("bytes {first} and {second} of the body could not be read"))
    }
}
