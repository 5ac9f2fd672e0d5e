"""Speed of mancala_rs.VectorEnv against a Python loop over pyspiel and the
Rust `bench` command, in one run, one core.

    python python/bench.py [--secs S] [--threads N]

For Kalah, oware and Numa it prints a table of moves (Numa: turns) a
second:

- VectorEnv at 1,024 and 4,096 games (``env.step(env.sample())``: the
  random legal actions drawn in Rust, the observations and masks of every
  game written each step);
- a Python loop over pyspiel (``apply_action`` of a random legal action,
  a new game at each end), for the games OpenSpiel has (Kalah is its
  "mancala", oware its "oware");
- the Rust `mancala bench` figure (uniform random playouts through the
  Game trait), when the command can be found (``target/release/mancala``
  beside this folder, or ``mancala`` on the PATH).

Pin it to one core (``taskset -c 1 python python/bench.py``) for the
one-core comparison the targets name: VectorEnv at least half the Rust
figure, and at least 20 times the pyspiel loop. Each round measures
everything in turn (the machine's speed drifts), and the table shows the
medians of the rounds.
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

# numpy's BLAS threads would spin beside the measured one.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# The installed package, not its source folder beside this script (which
# lacks the compiled extension).
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import mancala_rs  # noqa: E402

GAMES = [("kalah", "mancala"), ("oware", "oware"), ("numa", None)]


def vector_rate(name, num_envs, secs, threads):
    env = mancala_rs.VectorEnv(name, num_envs, seed=1, num_threads=threads)
    env.reset()
    for _ in range(3):
        env.step(env.sample())
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(8):
            env.step(env.sample())
        steps += 8
        elapsed = time.perf_counter() - start
        if elapsed >= secs:
            return steps * num_envs / elapsed


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


def rust_rates(secs):
    command = rust_command()
    if command is None:
        return {}
    names = [name for name, _ in GAMES]
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
    parser.add_argument("--secs", type=float, default=2.0, help="seconds per measurement (default 2)")
    parser.add_argument("--threads", type=int, default=1, help="VectorEnv threads (default 1)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds, each measuring everything in turn; the median is shown (default 3)"
    )
    args = parser.parse_args()
    figures = {}
    for _ in range(max(1, args.rounds)):
        rust = rust_rates(args.secs)
        for name, spiel in GAMES:
            row = figures.setdefault(name, {"v1": [], "v4": [], "p": [], "r": []})
            row["v1"].append(vector_rate(name, 1024, args.secs, args.threads))
            row["v4"].append(vector_rate(name, 4096, args.secs, args.threads))
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

    print(f"medians of {max(1, args.rounds)} rounds, {args.threads} VectorEnv thread(s)")
    print(
        f"{'game':8} {'VectorEnv 1024':>15} {'VectorEnv 4096':>15} {'pyspiel loop':>13} "
        f"{'Rust bench':>12} {'VE/Rust':>8} {'VE/pyspiel':>11}"
    )
    for name, _ in GAMES:
        row = figures[name]
        v1, v4, p, r = (median(row[k]) for k in ("v1", "v4", "p", "r"))
        best = max(v1, v4)
        ratio_rust = f"{best / r:.2f}" if r else "n/a"
        ratio_spiel = f"{best / p:.0f}x" if p else "n/a"
        print(f"{name:8} {fmt(v1):>15} {fmt(v4):>15} {fmt(p):>13} {fmt(r):>12} {ratio_rust:>8} {ratio_spiel:>11}")


if __name__ == "__main__":
    main()
