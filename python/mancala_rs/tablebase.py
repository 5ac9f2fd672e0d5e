"""Kalah tablebases built in pieces, on a Ray cluster or on this machine.

A table of every Kalah position of at most ``seeds`` seeds on the board is
built layer by layer (2 seeds, then 3, ...). Each layer's work splits into
*units* that need only the lower layers and one another's nothing: the
positions whose rows hold ``low`` and ``layer - low`` seeds, either row the
mover's (``mancala_engine::tablebase::units`` says why). :func:`build` gives
each layer's units out in shares, one task a share, merges the layer's units,
and goes on to the next layer; at the end it assembles the table, byte for byte the file the
single-machine build (:func:`mancala_rs._core.tablebase_build`, or the
``tablebase build`` example) writes.

The Rust builder does all the computing: a task calls
:func:`mancala_rs._core.tablebase_build_units` with the interpreter released.
Only paths, checksums and times pass between the driver and the tasks. The
``folder`` of pieces must be one every node sees (a shared file system); a
task copies the lower layers it needs into a folder of its node's own (kept
for the node's later tasks, checked against the checksums the driver
gives), reads them into memory once, builds its units there, and copies the
units' files back.

>>> import tempfile, os
>>> from mancala_rs import tablebase
>>> with tempfile.TemporaryDirectory() as out:
...     report = tablebase.build(houses=2, seeds=6, out=out, empty_capture=False, progress=None)
...     os.path.basename(report.tables[0].path)
'kalah-2-standard.mtb'

Without ``address`` (and without a running Ray) the units run one after
another in this process: the same pieces, the same file.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from . import _core

__all__ = ["Built", "Report", "ShareTime", "UnitTime", "build"]


@dataclass(frozen=True)
class UnitTime:
    """How long one unit took: its layer, its ``low`` and the seconds."""

    layer: int
    low: int
    seconds: float


@dataclass(frozen=True)
class ShareTime:
    """One task's share of a layer: its units' ``low``, whether it read
    the lower layers into memory (else from their files) and the seconds
    that reading took."""

    layer: int
    lows: tuple[int, ...]
    loaded: bool
    loading: float


@dataclass(frozen=True)
class Built:
    """A table written: its path and checksum (FNV-1a of its values)."""

    houses: int
    empty_capture: bool
    seeds: int
    path: str
    checksum: int


@dataclass
class Report:
    """What :func:`build` did: the tables written, every unit's time and
    every share's."""

    tables: list[Built] = field(default_factory=list)
    units: list[UnitTime] = field(default_factory=list)
    shares: list[ShareTime] = field(default_factory=list)
    seconds: float = 0.0


def _header_checksum(path: str) -> int:
    """The checksum a piece's or a table's header gives (bytes 32 to 40)."""
    with open(path, "rb") as f:
        header = f.read(40)
    if len(header) != 40:
        raise _core.TablebaseFileError(f"{path}: not a whole header")
    return int.from_bytes(header[32:40], "little")


def _piece_name(houses: int, empty_capture: bool, layer: int) -> str:
    rule = "empty" if empty_capture else "standard"
    return f"kalah-{houses}-{rule}.layer-{layer:02}.mtp"


def _units(
    houses: int,
    empty_capture: bool,
    layer: int,
    lows: Sequence[int],
    folder: str,
    lower: Sequence[tuple[int, int]],
    threads: int,
    memory_limit: Optional[int],
) -> tuple[list[tuple[str, int, float]], bool, float]:
    """A share of a layer's units, on whichever node runs it: the lower
    layers copied into the node's own folder (once a node, each checked
    against the driver's checksum), read into memory once for the share's
    units if they fit ``memory_limit`` (default: the node's memory free),
    the units built there in turn and their files copied back to
    ``folder``. Returns each unit's path in ``folder``, checksum and seconds
    (in the order of ``lows``), whether the lower layers were loaded, and
    the seconds their reading took."""
    rule = "empty" if empty_capture else "standard"
    local = os.path.join(tempfile.gettempdir(), f"mancala-tablebase-{os.getuid()}", f"{houses}-{rule}")
    os.makedirs(local, exist_ok=True)
    for lower_layer, checksum in lower:
        name = _piece_name(houses, empty_capture, lower_layer)
        mine = os.path.join(local, name)
        if not os.path.exists(mine) or _header_checksum(mine) != checksum:
            # Copied and checked whole once a node.
            partial = f"{mine}.{os.getpid()}.partial"
            shutil.copyfile(os.path.join(folder, name), partial)
            if _core.tablebase_check_piece(partial) != checksum:
                os.remove(partial)
                raise _core.TablebaseFileError(f"{name}: not the layer the driver merged")
            os.replace(partial, mine)
    built, loaded, loading = _core.tablebase_build_units(
        houses, empty_capture, layer, list(lows), local, threads, memory_limit
    )
    units = []
    for path, checksum, seconds in built:
        back = os.path.join(folder, os.path.basename(path))
        partial = f"{back}.{os.getpid()}.partial"
        shutil.copyfile(path, partial)
        os.replace(partial, back)
        os.remove(path)
        units.append((back, checksum, seconds))
    return units, loaded, loading


def _positions(houses: int, layer: int, low: int) -> int:
    """The positions of unit ``low`` of a layer: its rows' counts
    multiplied, twice unless its rows hold half the layer each."""
    rows = math.comb(low + houses - 1, houses - 1) * math.comb(layer - low + houses - 1, houses - 1)
    return rows if 2 * low == layer else 2 * rows


def _shares(houses: int, layer: int, lows: Sequence[int], tasks: int) -> list[list[int]]:
    """``lows`` given out to at most ``tasks`` shares of about the same
    positions: each unit, largest first, to the share that has fewest."""
    shares: list[list[int]] = [[] for _ in range(max(1, min(tasks, len(lows))))]
    sizes = [0] * len(shares)
    for low in sorted(lows, key=lambda low: -_positions(houses, layer, low)):
        i = sizes.index(min(sizes))
        shares[i].append(low)
        sizes[i] += _positions(houses, layer, low)
    return [sorted(share) for share in shares]


def build(
    houses: int,
    seeds: int,
    out: str,
    *,
    empty_capture: Optional[bool] = None,
    address: Optional[str] = None,
    folder: Optional[str] = None,
    threads: int = 1,
    memory_limit: Optional[int] = None,
    compact: bool = False,
    progress: Optional[Callable[[str], Any]] = print,
) -> Report:
    """Builds the Kalah tablebase of ``houses`` houses a side for every
    position of at most ``seeds`` seeds, into the folder ``out`` (made if
    need be), by units: one table a capture rule (both unless
    ``empty_capture`` says which).

    Each layer's units are given out in shares of about the same positions,
    one task a share: a task reads the lower layers into memory once for
    all its units (if they fit ``memory_limit`` bytes, default the node's
    memory free; else it reads each probe's bytes from their files, about
    two to three times slower) and builds them in turn, each on ``threads`` threads.
    The driver merges each layer's units on ``threads`` threads.

    With ``address`` (``"127.0.0.1:6379"``, or ``"auto"``) the tasks are Ray
    tasks on that cluster, each holding ``threads`` CPUs (at most a node's),
    as many shares a layer as the cluster has room for at once: set
    ``threads`` to a node's CPUs and each node builds one share, with one
    copy of the lower layers in its memory. Without ``address``, on a
    running Ray if this process has joined one, else one share here.
    ``folder`` holds the pieces (default: a ``pieces`` folder in ``out``);
    every node must see it. ``progress`` is called with one line a layer
    (``None``: quiet). With ``compact`` the table is written in the compact
    entry (format version 2, about 0.55 bytes a position, every value the
    same) as the layers are read, in about the largest layer's memory: the
    way to assemble a table larger than the machine's memory (34 seeds of
    Kalah(6): 38.9 G positions).

    Raises :class:`mancala_rs.TablebaseFileError` when a piece cannot be
    built, read or written, ``ValueError`` for a board or seeds no table
    has, or a negative ``memory_limit``.
    """
    if not 1 <= houses <= 8:
        raise ValueError(f"{houses} houses a side: a tablebase holds 1 to 8")
    if not 2 <= seeds <= 60:
        raise ValueError(f"{seeds} seeds: a tablebase holds 2 to 60")
    if threads < 1:
        raise ValueError("threads must be at least 1")
    if memory_limit is not None and memory_limit < 0:
        raise ValueError("memory_limit must be at least 0")
    rules = [False, True] if empty_capture is None else [bool(empty_capture)]
    os.makedirs(out, exist_ok=True)
    pieces = folder or os.path.join(out, "pieces")
    os.makedirs(pieces, exist_ok=True)
    say = progress or (lambda _line: None)

    run_share: Callable[..., Any]
    cluster: Any = None
    tasks = 1
    if address is not None or _ray_running():
        import ray

        if not ray.is_initialized():
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        cluster = ray
        node_cpus = [int(n["Resources"].get("CPU", 0)) for n in ray.nodes() if n.get("Alive")]
        cpus = max(1, min(threads, max(node_cpus, default=1)))
        tasks = max(1, sum(n // cpus for n in node_cpus))
        run_share = ray.remote(num_cpus=cpus)(_units).remote
    else:
        run_share = _units

    report = Report()
    started = time.perf_counter()
    for rule in rules:
        merged: list[tuple[int, int]] = []
        for layer in range(2, seeds + 1):
            layer_started = time.perf_counter()
            lows = _core.tablebase_units(houses, rule, layer)
            shares = _shares(houses, layer, lows, tasks)
            calls = [
                run_share(houses, rule, layer, share, pieces, list(merged), threads, memory_limit)
                for share in shares
            ]
            results = cluster.get(calls) if cluster is not None else calls
            built = []
            for share, (units, loaded, loading) in zip(shares, results):
                report.shares.append(ShareTime(layer, tuple(share), loaded, loading))
                for low, (path, checksum, seconds) in zip(share, units):
                    if _header_checksum(path) != checksum:
                        raise _core.TablebaseFileError(f"{path}: not the unit its task built")
                    report.units.append(UnitTime(layer, low, seconds))
                    built.append((path, seconds))
            _, layer_checksum = _core.tablebase_merge_layer(houses, rule, layer, pieces, threads)
            merged.append((layer, layer_checksum))
            for path, _ in built:
                os.remove(path)
            slowest = max((seconds for _, seconds in built), default=0.0)
            say(
                f"kalah-{houses}-{'empty' if rule else 'standard'} layer {layer}/{seeds}: "
                f"{_count(len(lows), 'unit')} in {_count(len(shares), 'share')}, slowest unit {slowest:.2f} s, "
                f"layer {time.perf_counter() - layer_started:.2f} s"
            )
        path, checksum = _core.tablebase_assemble(houses, rule, seeds, pieces, out, compact)
        report.tables.append(Built(houses, rule, seeds, path, checksum))
        say(f"wrote {path} (checksum {checksum:016x})")
    report.seconds = time.perf_counter() - started
    return report


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _ray_running() -> bool:
    """Whether this process has joined a Ray cluster already."""
    import sys

    ray = sys.modules.get("ray")
    return bool(ray is not None and ray.is_initialized())
