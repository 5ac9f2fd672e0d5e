"""Speed of mancala_rs.VectorEnv against a Python loop over pyspiel and the
Rust `bench` command, in one run, one core.

    python python/bench.py [--secs S] [--threads N] [--rounds R]
                           [--sizes 256,1024,4096,16384] [--games kalah,oware,numa]

For Kalah, oware and Numa it prints, for each batch size, the moves (Numa:
turns) a second of:

- VectorEnv: the time inside ``env.step(actions)`` alone (the actions are
  drawn with ``env.sample()`` before the clock starts, so the random draws
  are not counted), every game's observation, mask, rewards and
  terminated flag returned each step, after 150 steps of warm-up (longer
  than a game: the steady state of a long run);
- a Python loop over pyspiel (``apply_action`` of a random legal action,
  a new game at each end), for the games OpenSpiel has (Kalah is its
  "mancala", oware its "oware");
- the Rust `mancala bench` figure (uniform random playouts through the
  Game trait), when the command can be found (``target/release/mancala``
  beside this folder, or ``mancala`` on the PATH);

and the ratios VectorEnv / Rust bench and VectorEnv / pyspiel loop.

Pin it to one core (``taskset -c 1 python python/bench.py``) for the
one-core comparison the targets name: VectorEnv at least half the Rust
figure at every batch size. Each round measures everything in turn (the
machine's speed drifts), and the table shows the medians of the rounds.
"""

import argparse
import importlib.machinery
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

# numpy's BLAS threads would spin beside the measured one.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# The installed package, not its source folder beside this script when that
# lacks the compiled extension (an editable install, `maturin develop`, puts
# the extension there and the folder on the path).
_HERE = os.path.dirname(os.path.abspath(__file__))
_BUILT = tuple("_core" + suffix for suffix in importlib.machinery.EXTENSION_SUFFIXES)
if not any(f in _BUILT for f in os.listdir(os.path.join(_HERE, "mancala_rs"))):
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import mancala_rs  # noqa: E402

GAMES = [("kalah", "mancala"), ("oware", "oware"), ("numa", None)]
SIZES = [256, 1024, 4096, 16384]
WARM_UP_STEPS = 150


def vector_rate(name, num_envs, secs, threads):
    """Moves a second inside `step()` alone (`sample()` outside the clock)."""
    env = mancala_rs.VectorEnv(name, num_envs, seed=1, num_threads=threads)
    env.reset()
    # Past the length of a game (oware's random games last 104 moves on
    # average), so that the batch is in its steady state: games at every
    # stage, finished ones restarted, histories as long as they get.
    for _ in range(WARM_UP_STEPS):
        env.step(env.sample())
    clock = time.perf_counter
    steps = 0
    inside = 0.0
    start = clock()
    while True:
        for _ in range(8):
            actions = env.sample()
            t0 = clock()
            env.step(actions)
            inside += clock() - t0
        steps += 8
        if clock() - start >= secs:
            return steps * num_envs / inside


def pyspiel_rate(name, secs):
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    state = game.new_initial_state()
    moves = 0
    start = time.perf_counter()
    while True:
        for _ in range(256):
            if state.is_terminal():
                state = game.new_initial_state()
            state.apply_action(rng.choice(state.legal_actions()))
        moves += 256
        elapsed = time.perf_counter() - start
        if elapsed >= secs:
            return moves / elapsed


def rust_command():
    built = os.path.join(_HERE, "..", "target", "release", "mancala")
    if os.path.exists(built):
        return built
    return shutil.which("mancala")


def rust_rates(names, secs):
    command = rust_command()
    if command is None:
        return {}
    out = subprocess.run(
        [command, "bench", "--secs", str(secs), *names], capture_output=True, text=True, check=True
    ).stdout
    rates = {}
    for line in out.splitlines():
        name, rest = line.split(": ", 1)
        rates[name] = float(rest.split(" moves/s")[0])
    return rates


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--secs", type=float, default=1.0, help="seconds per measurement (default 1)")
    parser.add_argument("--threads", type=int, default=1, help="VectorEnv threads (default 1)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds, each measuring everything in turn; the median is shown (default 3)"
    )
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="VectorEnv batch sizes, comma-separated (default %(default)s)"
    )
    parser.add_argument(
        "--games", default=",".join(n for n, _ in GAMES), help="games, comma-separated (default %(default)s)"
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    wanted = [g for g in args.games.split(",") if g]
    games = [(n, s) for n, s in GAMES if n in wanted]
    rounds = max(1, args.rounds)
    figures = {name: {"v": {size: [] for size in sizes}, "p": [], "r": []} for name, _ in games}
    for _ in range(rounds):
        rust = rust_rates([name for name, _ in games], args.secs)
        for name, spiel in games:
            row = figures[name]
            for size in sizes:
                row["v"][size].append(vector_rate(name, size, args.secs, args.threads))
            if spiel:
                rate = pyspiel_rate(spiel, args.secs)
                if rate is not None:
                    row["p"].append(rate)
            if name in rust:
                row["r"].append(rust[name])

    def median(values):
        return statistics.median(values) if values else None

    def fmt(x):
        return f"{x / 1e6:.2f} M/s" if x is not None else "n/a"

    print(f"medians of {rounds} rounds, {args.threads} VectorEnv thread(s), time inside step() alone")
    print(
        f"{'game':8} {'games':>6} {'VectorEnv':>11} {'pyspiel loop':>13} {'Rust bench':>12} "
        f"{'VE/Rust':>8} {'VE/pyspiel':>11}"
    )
    for name, _ in games:
        row = figures[name]
        p, r = median(row["p"]), median(row["r"])
        for size in sizes:
            v = median(row["v"][size])
            ratio_rust = f"{v / r:.2f}" if r else "n/a"
            ratio_spiel = f"{v / p:.1f}x" if p else "n/a"
            print(f"{name:8} {size:>6} {fmt(v):>11} {fmt(p):>13} {fmt(r):>12} {ratio_rust:>8} {ratio_spiel:>11}")


if __name__ == "__main__":
    main()
