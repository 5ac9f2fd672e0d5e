//! Kalah tablebases built in pieces (`mancala_engine::tablebase::units`),
//! for the Python driver that shares the pieces out on a Ray cluster
//! (`mancala_rs.tablebase`): each function does one piece's work in Rust,
//! with the interpreter released, and answers the path it wrote and the
//! file's checksum.

use std::path::PathBuf;

use std::time::Instant;

use mancala_engine::tablebase::{
    Kind, LowerLayers, Tablebase, TablebaseError, Unit, assemble, assemble_compact, check_piece,
    merge_layer,
};
use pyo3::prelude::*;

use crate::TablebaseFileError;

/// The kind of table of `houses` houses and that capture rule, checked.
fn kind(houses: u8, empty_capture: bool) -> PyResult<Kind> {
    let kind = Kind {
        houses,
        empty_capture,
    };
    Tablebase::positions_of(kind, 0).map_err(error)?;
    Ok(kind)
}

/// A tablebase error as the Python exception.
fn error(e: TablebaseError) -> PyErr {
    TablebaseFileError::new_err(e.to_string())
}

/// The units of the layer of ``layer`` seeds of Kalah with ``houses``
/// houses (its ``low`` numbers, 1 to ``layer // 2``).
#[pyfunction]
#[pyo3(signature = (houses, empty_capture, layer))]
pub(crate) fn tablebase_units(houses: u8, empty_capture: bool, layer: u32) -> PyResult<Vec<u32>> {
    let kind = kind(houses, empty_capture)?;
    Tablebase::positions_of(kind, layer).map_err(error)?;
    Ok(Unit::all(kind, layer).iter().map(|u| u.low).collect())
}

/// Works out one unit of a layer on ``threads`` threads, from the lower
/// layers' files in the folder ``folder``, writing the unit's file there:
/// ``(path, checksum)``.
///
/// Raises :class:`TablebaseFileError` for a unit no table has, a lower
/// layer's file missing or damaged, or a folder that cannot be written.
#[pyfunction]
#[pyo3(signature = (houses, empty_capture, layer, low, folder, threads=1))]
pub(crate) fn tablebase_build_unit(
    py: Python<'_>,
    houses: u8,
    empty_capture: bool,
    layer: u32,
    low: u32,
    folder: PathBuf,
    threads: usize,
) -> PyResult<(String, u64)> {
    let unit = Unit {
        kind: kind(houses, empty_capture)?,
        layer,
        low,
    };
    Tablebase::positions_of(unit.kind, layer).map_err(error)?;
    let (path, checksum) = py.detach(|| unit.build(&folder, threads)).map_err(error)?;
    Ok((path.display().to_string(), checksum))
}

/// Works out the units ``lows`` of a layer in turn, each on ``threads``
/// threads, from the lower layers' files in ``folder``, writing the units'
/// files there. The lower layers are read into memory once for all of them
/// (two to three times as fast as reading each probe's bytes from the files) if
/// their files take at most ``memory_limit`` bytes (default: the memory
/// free), else opened. Answers ``(units, loaded, load_seconds)``: each
/// unit's ``(path, checksum, seconds)`` in the order of ``lows``, whether
/// the lower layers were loaded, and the seconds their reading took.
///
/// Raises :class:`TablebaseFileError` for a unit no table has (before any
/// is built), a lower layer's file missing or damaged, or a folder that
/// cannot be written.
#[pyfunction]
#[pyo3(signature = (houses, empty_capture, layer, lows, folder, threads=1, memory_limit=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn tablebase_build_units(
    py: Python<'_>,
    houses: u8,
    empty_capture: bool,
    layer: u32,
    lows: Vec<u32>,
    folder: PathBuf,
    threads: usize,
    memory_limit: Option<u64>,
) -> PyResult<(Vec<(String, u64, f64)>, bool, f64)> {
    let kind = kind(houses, empty_capture)?;
    Tablebase::positions_of(kind, layer).map_err(error)?;
    let all = Unit::all(kind, layer);
    let units = lows
        .iter()
        .map(|&low| {
            all.iter().copied().find(|u| u.low == low).ok_or_else(|| {
                TablebaseFileError::new_err(format!(
                    "unit {low} of layer {layer} (units run from 1 to half the layer)"
                ))
            })
        })
        .collect::<PyResult<Vec<Unit>>>()?;
    let limit = memory_limit
        .or_else(mancala_engine::tablebase::available_memory)
        .unwrap_or(u64::MAX);
    py.detach(|| {
        let started = Instant::now();
        let lower = match LowerLayers::load(kind, layer, &folder, limit) {
            Ok(lower) => Some(lower),
            Err(TablebaseError::TooLarge { .. }) => None,
            Err(e) => return Err(e),
        };
        let loading = started.elapsed().as_secs_f64();
        let mut built = Vec::with_capacity(units.len());
        for unit in units {
            let started = Instant::now();
            let (path, checksum) = match &lower {
                Some(lower) => unit.build_from(lower, &folder, threads)?,
                None => unit.build(&folder, threads)?,
            };
            let seconds = started.elapsed().as_secs_f64();
            built.push((path.display().to_string(), checksum, seconds));
        }
        Ok((built, lower.is_some(), loading))
    })
    .map_err(error)
}

/// Merges the unit files of a layer in ``folder`` into the layer's file
/// there, on ``threads`` threads: ``(path, checksum)``.
///
/// Raises :class:`TablebaseFileError` for a unit file missing, damaged or
/// of another unit.
#[pyfunction]
#[pyo3(signature = (houses, empty_capture, layer, folder, threads=1))]
pub(crate) fn tablebase_merge_layer(
    py: Python<'_>,
    houses: u8,
    empty_capture: bool,
    layer: u32,
    folder: PathBuf,
    threads: usize,
) -> PyResult<(String, u64)> {
    let kind = kind(houses, empty_capture)?;
    Tablebase::positions_of(kind, layer).map_err(error)?;
    let (path, checksum) = py
        .detach(|| merge_layer(kind, layer, &folder, threads))
        .map_err(error)?;
    Ok((path.display().to_string(), checksum))
}

/// Writes the table of every position of at most ``seeds`` seeds from the
/// layers' files in ``folder`` into ``out`` (the file the single-machine
/// build writes): ``(path, checksum)``. With ``compact``, the table in the
/// compact entry (format version 2, about 0.55 bytes a position), written
/// as the layers are read, in about the largest layer's memory where the
/// other holds the whole table.
///
/// Raises :class:`TablebaseFileError` for a layer's file missing or
/// damaged, or a folder that cannot be written.
#[pyfunction]
#[pyo3(signature = (houses, empty_capture, seeds, folder, out, compact=false))]
pub(crate) fn tablebase_assemble(
    py: Python<'_>,
    houses: u8,
    empty_capture: bool,
    seeds: u32,
    folder: PathBuf,
    out: PathBuf,
    compact: bool,
) -> PyResult<(String, u64)> {
    let kind = kind(houses, empty_capture)?;
    Tablebase::positions_of(kind, seeds).map_err(error)?;
    py.detach(|| {
        if compact {
            let (path, checksum) = assemble_compact(kind, seeds, &folder, &out, |_| {})?;
            return Ok((path.display().to_string(), checksum));
        }
        let table = assemble(kind, seeds, &folder)?;
        let path = table.save(&out)?;
        Ok((path.display().to_string(), table.checksum()?))
    })
    .map_err(error)
}

/// Builds the whole table of every position of at most ``seeds`` seeds on
/// this machine, on ``threads`` threads, and writes it into ``out``:
/// ``(path, checksum)`` (the file the pieces assemble into, byte for
/// byte; with ``compact``, in the compact entry, as the pieces assemble
/// into with theirs).
///
/// Raises :class:`TablebaseFileError` for a table larger than the memory
/// free, or a folder that cannot be written.
#[pyfunction]
#[pyo3(signature = (houses, empty_capture, seeds, out, threads=1, compact=false))]
pub(crate) fn tablebase_build(
    py: Python<'_>,
    houses: u8,
    empty_capture: bool,
    seeds: u32,
    out: PathBuf,
    threads: usize,
    compact: bool,
) -> PyResult<(String, u64)> {
    let kind = kind(houses, empty_capture)?;
    let memory = mancala_engine::tablebase::available_memory().unwrap_or(u64::MAX);
    py.detach(|| {
        let mut table = Tablebase::build(kind, seeds, threads, memory, |_| {})?;
        if compact {
            table = table.compact(memory, |_| {})?;
        }
        let path = table.save(&out)?;
        Ok((path.display().to_string(), table.checksum()?))
    })
    .map_err(error)
}

/// Checks a piece (a unit's or a layer's file) whole against its checksum,
/// which it answers. A unit reads its lower layers without checking every
/// byte: a node checks each layer once, where it copies it.
///
/// Raises :class:`TablebaseFileError` for a file that is no piece, of the
/// wrong length, or damaged.
#[pyfunction]
pub(crate) fn tablebase_check_piece(py: Python<'_>, path: PathBuf) -> PyResult<u64> {
    py.detach(|| check_piece(&path)).map_err(error)
}
