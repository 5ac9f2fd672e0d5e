"""Build a Kalah tablebase in pieces, on a Ray cluster or on this machine.

    python examples/build_tablebase.py --houses 6 --seeds 20 --out tables
    python examples/build_tablebase.py --houses 6 --seeds 20 --out tables \\
        --address 127.0.0.1:6379 --folder /shared/pieces

Every layer's units are given out in shares of about the same positions,
one task a share, which reads the lower layers into memory once (if they fit
``--memory-mb``, default the node's memory free) and builds its units in
turn on ``--threads`` threads. With ``--address`` naming a cluster (``ray
start --head`` on one machine, ``ray start --address=HEAD:6379`` on the
others) the shares are Ray tasks, each holding ``--threads`` CPUs: give it a
node's CPUs and each node builds one share with one copy of the lower
layers. Without it, one share here. The pieces' folder (``--folder``,
default ``OUT/pieces``) must be one every node sees. One line a layer says how many units it had and how long the
slowest took; at the end, the table's path and checksum, and the units'
times: how long the whole build would take on N workers, estimated from
them (each layer as long as its units shared out on N workers, one after
another).

``--compact`` writes the table in the compact entry (about 0.55 bytes a
position), assembled as the layers are read: the way to a table larger
than the memory. ``--check-whole`` also builds the table on this machine
alone and checks the two files are the same, byte for byte (exit status 1
if not).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict

from mancala_rs import _core, tablebase


def estimate(units: list[tablebase.UnitTime], workers: int) -> float:
    """The seconds the units would take on ``workers`` workers, layer after
    layer, each layer's units given out longest first to the worker free
    first."""
    by_layer: dict[int, list[float]] = defaultdict(list)
    for u in units:
        by_layer[u.layer].append(u.seconds)
    total = 0.0
    for times in by_layer.values():
        free = [0.0] * workers
        for t in sorted(times, reverse=True):
            i = free.index(min(free))
            free[i] += t
        total += max(free)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--houses", type=int, default=6, help="houses a side (1 to 8; default 6)")
    parser.add_argument("--seeds", type=int, required=True, help="the most seeds on the board")
    parser.add_argument("--out", required=True, help="the folder the table is written into")
    parser.add_argument(
        "--empty-capture",
        choices=["true", "false", "both"],
        default="both",
        help="the capture rule: true (a lone seed is taken from an empty file too), false, or both (default)",
    )
    parser.add_argument("--address", help="the Ray cluster's address (default: build here, without Ray)")
    parser.add_argument("--folder", help="the pieces' folder, seen by every node (default: OUT/pieces)")
    parser.add_argument("--threads", type=int, default=1, help="threads (and CPUs) a task (default 1)")
    parser.add_argument(
        "--memory-mb",
        type=int,
        help="the most memory a task gives the lower layers (default: the node's memory free)",
    )
    parser.add_argument("--compact", action="store_true", help="write the table in the compact entry, as the layers are read")
    parser.add_argument("--check-whole", action="store_true", help="also build on this machine alone and compare")
    args = parser.parse_args()
    rule = {"true": True, "false": False, "both": None}[args.empty_capture]
    report = tablebase.build(
        args.houses,
        args.seeds,
        args.out,
        empty_capture=rule,
        address=args.address,
        folder=args.folder,
        threads=args.threads,
        memory_limit=None if args.memory_mb is None else args.memory_mb << 20,
        compact=args.compact,
        progress=lambda line: print(line, flush=True),
    )
    unit_seconds = sum(u.seconds for u in report.units)
    loaded = sum(share.loaded for share in report.shares)
    print(
        f"built in {report.seconds:.1f} s: {len(report.units)} units, {unit_seconds:.1f} s of unit work; "
        + ", ".join(f"{n} workers ~{estimate(report.units, n):.1f} s" for n in (1, 2, 8, 32))
    )
    print(
        f"{len(report.shares)} shares, {loaded} with the lower layers in memory "
        f"({sum(share.loading for share in report.shares):.1f} s reading them)"
    )
    if not args.check_whole:
        return 0
    whole = os.path.join(args.out, "whole")
    same = True
    for built in report.tables:
        started = time.perf_counter()
        path, checksum = _core.tablebase_build(
            built.houses, built.empty_capture, built.seeds, whole, max(1, os.cpu_count() or 1), args.compact
        )
        with open(path, "rb") as a, open(built.path, "rb") as b:
            equal = a.read() == b.read()
        print(
            f"{os.path.basename(path)} built whole in {time.perf_counter() - started:.1f} s: "
            + ("the same bytes" if equal else "DIFFERENT bytes")
            + f" (checksums {checksum:016x} and {built.checksum:016x})"
        )
        same &= equal
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
