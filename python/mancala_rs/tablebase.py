"""Kalah tablebases built in pieces, on a Ray cluster or on this machine.

A table of every Kalah position of at most ``seeds`` seeds on the board is
built layer by layer (2 seeds, then 3, ...). Each layer's work splits into
*units* that need only the lower layers and one another's nothing: the
positions whose rows hold ``low`` and ``layer - low`` seeds, either row the
mover's (``mancala_engine::tablebase::units`` says why). :func:`build` runs
each unit as one task, merges the layer's units, and goes on to the next
layer; at the end it assembles the table, byte for byte the file the
single-machine build (:func:`mancala_rs._core.tablebase_build`, or the
``tablebase build`` example) writes.

The Rust builder does all the computing: a task calls
:func:`mancala_rs._core.tablebase_build_unit` with the interpreter released.
Only paths, checksums and times pass between the driver and the tasks. The
``folder`` of pieces must be one every node sees (a shared file system); a
task copies the lower layers it needs into a folder of its node's own (kept
for the node's later tasks, checked against the checksums the driver
gives), builds its unit there, and copies the unit's file back.

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

import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from . import _core

__all__ = ["Built", "Report", "UnitTime", "build"]


@dataclass(frozen=True)
class UnitTime:
    """How long one unit took: its layer, its ``low`` and the seconds."""

    layer: int
    low: int
    seconds: float


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
    """What :func:`build` did: the tables written and every unit's time."""

    tables: list[Built] = field(default_factory=list)
    units: list[UnitTime] = field(default_factory=list)
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


def _unit(
    houses: int,
    empty_capture: bool,
    layer: int,
    low: int,
    folder: str,
    lower: Sequence[tuple[int, int]],
    threads: int,
) -> tuple[str, int, float]:
    """One unit's work, on whichever node runs it: the lower layers copied
    into the node's own folder (once a node, each checked against the
    driver's checksum), the unit built there, its file copied back to
    ``folder``. Returns the file's path in ``folder``, its checksum and the
    seconds the build took."""
    rule = "empty" if empty_capture else "standard"
    local = os.path.join(tempfile.gettempdir(), f"mancala-tablebase-{os.getuid()}", f"{houses}-{rule}")
    os.makedirs(local, exist_ok=True)
    for lower_layer, checksum in lower:
        name = _piece_name(houses, empty_capture, lower_layer)
        mine = os.path.join(local, name)
        if not os.path.exists(mine) or _header_checksum(mine) != checksum:
            # Copied and checked whole once a node: the unit reads only the
            # bytes it needs, checking no checksum.
            partial = f"{mine}.{os.getpid()}.partial"
            shutil.copyfile(os.path.join(folder, name), partial)
            if _core.tablebase_check_piece(partial) != checksum:
                os.remove(partial)
                raise _core.TablebaseFileError(f"{name}: not the layer the driver merged")
            os.replace(partial, mine)
    started = time.perf_counter()
    path, checksum = _core.tablebase_build_unit(houses, empty_capture, layer, low, local, threads)
    seconds = time.perf_counter() - started
    back = os.path.join(folder, os.path.basename(path))
    partial = f"{back}.{os.getpid()}.partial"
    shutil.copyfile(path, partial)
    os.replace(partial, back)
    os.remove(path)
    return back, checksum, seconds


def build(
    houses: int,
    seeds: int,
    out: str,
    *,
    empty_capture: Optional[bool] = None,
    address: Optional[str] = None,
    folder: Optional[str] = None,
    threads: int = 1,
    compact: bool = False,
    progress: Optional[Callable[[str], Any]] = print,
) -> Report:
    """Builds the Kalah tablebase of ``houses`` houses a side for every
    position of at most ``seeds`` seeds, into the folder ``out`` (made if
    need be), by units: one table a capture rule (both unless
    ``empty_capture`` says which).

    With ``address`` (``"127.0.0.1:6379"``, or ``"auto"``) the units are Ray
    tasks on that cluster, one CPU each, each unit's build on ``threads``
    threads; without it, on a running Ray if this process has joined one,
    else one after another here. ``folder`` holds the pieces (default: a
    ``pieces`` folder in ``out``); every node must see it. ``progress`` is
    called with one line a layer (``None``: quiet). With ``compact`` the
    table is written in the compact entry (format version 2, about 0.55
    bytes a position, every value the same) as the layers are read, in
    about the largest layer's memory: the way to assemble a table larger
    than the machine's memory (34 seeds of Kalah(6): 38.9 G positions).

    Raises :class:`mancala_rs.TablebaseFileError` when a piece cannot be
    built, read or written, ``ValueError`` for a board or seeds no table
    has.
    """
    if not 1 <= houses <= 8:
        raise ValueError(f"{houses} houses a side: a tablebase holds 1 to 8")
    if not 2 <= seeds <= 60:
        raise ValueError(f"{seeds} seeds: a tablebase holds 2 to 60")
    if threads < 1:
        raise ValueError("threads must be at least 1")
    rules = [False, True] if empty_capture is None else [bool(empty_capture)]
    os.makedirs(out, exist_ok=True)
    pieces = folder or os.path.join(out, "pieces")
    os.makedirs(pieces, exist_ok=True)
    say = progress or (lambda _line: None)

    run_unit: Callable[..., Any]
    cluster: Any = None
    if address is not None or _ray_running():
        import ray

        if not ray.is_initialized():
            ray.init(address=address, logging_level="ERROR", log_to_driver=False)
        cluster = ray
        run_unit = ray.remote(num_cpus=1)(_unit).remote
    else:
        run_unit = _unit

    report = Report()
    started = time.perf_counter()
    for rule in rules:
        merged: list[tuple[int, int]] = []
        for layer in range(2, seeds + 1):
            layer_started = time.perf_counter()
            lows = _core.tablebase_units(houses, rule, layer)
            calls = [run_unit(houses, rule, layer, low, pieces, list(merged), threads) for low in lows]
            results = cluster.get(calls) if cluster is not None else calls
            for low, (path, checksum, seconds) in zip(lows, results):
                if _header_checksum(path) != checksum:
                    raise _core.TablebaseFileError(f"{path}: not the unit its task built")
                report.units.append(UnitTime(layer, low, seconds))
            _, layer_checksum = _core.tablebase_merge_layer(houses, rule, layer, pieces)
            merged.append((layer, layer_checksum))
            for path, _, _ in results:
                os.remove(path)
            slowest = max((r[2] for r in results), default=0.0)
            say(
                f"kalah-{houses}-{'empty' if rule else 'standard'} layer {layer}/{seeds}: "
                f"{len(lows)} units, slowest {slowest:.2f} s, layer {time.perf_counter() - layer_started:.2f} s"
            )
        path, checksum = _core.tablebase_assemble(houses, rule, seeds, pieces, out, compact)
        report.tables.append(Built(houses, rule, seeds, path, checksum))
        say(f"wrote {path} (checksum {checksum:016x})")
    report.seconds = time.perf_counter() - started
    return report


def _ray_running() -> bool:
    """Whether this process has joined a Ray cluster already."""
    import sys

    ray = sys.modules.get("ray")
    return bool(ray is not None and ray.is_initialized())
