"""The mancala-rs engine against OpenSpiel's MCTS, game after game.

    python python/examples/versus_mcts.py --game kalah --games 100
    python python/examples/versus_mcts.py --game oware --games 40 --ms 100 \\
        --simulations 10000 --engine target/release/mancala

Each game is played on OpenSpiel's own state (``mancala`` for Kalah,
``oware``), so OpenSpiel's rules decide every move and the result. One
side is OpenSpiel's C++ ``MCTSBot`` (UCT, exploration constant ``--uct-c``,
``--simulations`` simulations a move, each ended by one random rollout,
solver on, as OpenSpiel's own ``examples/mcts.py`` sets it). The other is
``mancala engine`` (the line protocol of the ``mancala`` command), asked for
``go ms MS`` a move, with Kalah endgame databases if ``--tablebase DIR``
names them. The engine's game is kept in step with OpenSpiel's by playing
every move in both; before each move their legal moves must agree, and at
the end their winners, or the script stops with an error.

The engine takes the first seat in even games and the second in odd ones,
and MCTS gets a new seed every game. One line is printed a game, then the
engine's score (a win 1, a draw 1/2) with a 95% confidence interval.

Needs ``pip install open_spiel`` and a built ``mancala`` command (``cargo
build --release -p mancala-cli``). Exit status 0, or 2 for bad arguments and
1 if the two programs disagree.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time
from typing import IO, Optional

import pyspiel

# OpenSpiel's game name and how its actions map to the engine's moves. The
# engine names a move by its hole on the whole board (South 0..5, North
# 6..11). OpenSpiel's `mancala` numbers the board with the stores in it
# (South's houses 1..6, its store 7, North's houses 8..13); its `oware`
# numbers each player's own houses 0..5.
GAMES = {
    "kalah": (
        "mancala",
        lambda action, player: action - 1 if action <= 6 else action - 2,
    ),
    "oware": ("oware", lambda action, player: action + 6 * player),
}


class Engine:
    """`mancala engine` in a child process, one command and its answer at a time."""

    def __init__(self, path: str, game: str, tablebase: Optional[str]) -> None:
        self.process = subprocess.Popen(
            [path, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        # Both are pipes (PIPE above), never None.
        if self.process.stdin is None or self.process.stdout is None:
            raise RuntimeError("no pipe to the engine")
        self.stdin: IO[str] = self.process.stdin
        self.stdout: IO[str] = self.process.stdout
        if tablebase:
            self.command(f"tablebase {tablebase}")
        self.game = game

    def send(self, line: str) -> None:
        self.stdin.write(line + "\n")
        self.stdin.flush()

    def read(self) -> str:
        line = self.stdout.readline()
        if not line:
            raise RuntimeError("the engine exited")
        line = line.strip()
        if line.startswith("error"):
            raise RuntimeError(f"the engine refused: {line}")
        return line

    def command(self, line: str) -> str:
        self.send(line)
        return self.read()

    def new_game(self) -> None:
        self.command(f"new {self.game}")

    def play(self, move: int) -> None:
        self.command(f"play {move}")

    def legal(self) -> list[int]:
        return sorted(int(word) for word in self.command("legal").split()[1:])

    def status(self) -> list[str]:
        self.send("show")
        self.read()  # position ...
        return self.read().split()[1:]

    def go(self, ms: int) -> int:
        self.send(f"go ms {ms}")
        while True:
            line = self.read()
            if line.startswith("bestmove"):
                return int(line.split()[1])

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def play_game(args, game, to_engine, engine, engine_seat, seed):
    """One game; returns the engine's score (1, 1/2 or 0) and OpenSpiel's actions."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(
        game, evaluator, args.uct_c, args.simulations, 1000, True, seed, False
    )
    state = game.new_initial_state()
    engine.new_game()
    plies = 0
    actions = []
    while not state.is_terminal():
        player = state.current_player()
        from_engine = {to_engine(a, player): a for a in state.legal_actions()}
        if sorted(from_engine) != engine.legal():
            raise RuntimeError(
                f"legal moves differ at ply {plies}: OpenSpiel "
                f"{sorted(from_engine)}, engine {engine.legal()}\n{state}"
            )
        if player == engine_seat:
            move = engine.go(args.ms)
            if move not in from_engine:
                raise RuntimeError(f"the engine played {move}, not a legal move at ply {plies}")
            action = from_engine[move]
        else:
            action = bot.step(state)
            move = to_engine(action, player)
        state.apply_action(action)
        engine.play(move)
        actions.append(action)
        plies += 1
    returns = state.returns()
    status = engine.status()
    expected = (
        ["draw"] if returns[0] == returns[1] else [f"P{0 if returns[0] > 0 else 1}"]
    )
    if status[-1:] != expected:
        raise RuntimeError(f"results differ: OpenSpiel {returns}, engine {status}")
    score = (returns[engine_seat] + 1) / 2
    return score, actions


def default_engine():
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "target", "release", "mancala")
    if os.path.exists(built):
        return os.path.normpath(built)
    return shutil.which("mancala") or "mancala"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="kalah")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ms", type=int, default=100, help="engine time a move")
    parser.add_argument("--simulations", type=int, default=10000)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1, help="MCTS's first seed")
    parser.add_argument("--engine", default=default_engine())
    parser.add_argument("--tablebase", help="folder of Kalah endgame databases")
    parser.add_argument(
        "--record",
        help="file to write each game to, one JSON line: the engine's seat, "
        "its score and OpenSpiel's actions",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.ms < 1 or args.simulations < 1:
        parser.error("--games, --ms and --simulations must be 1 or more")

    name, to_engine = GAMES[args.game]
    game = pyspiel.load_game(name)
    engine = Engine(args.engine, args.game, args.tablebase)
    record = open(args.record, "w") if args.record else None
    scores = []
    started = time.time()
    try:
        for number in range(args.games):
            seat = number % 2
            score, actions = play_game(
                args, game, to_engine, engine, seat, args.seed + number
            )
            scores.append(score)
            word = {1.0: "win", 0.5: "draw", 0.0: "loss"}[score]
            print(
                f"game {number + 1}: engine as P{seat}, {word} in {len(actions)} "
                f"plies ({sum(scores):g}/{len(scores)})",
                flush=True,
            )
            if record:
                line = {"engine": seat, "score": score, "actions": actions}
                record.write(json.dumps(line) + "\n")
                record.flush()
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    finally:
        engine.close()
        if record:
            record.close()
    mean = sum(scores) / len(scores)
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / len(scores))
    half = 1.96 * spread / math.sqrt(len(scores))
    print(
        f"{args.game}: engine ({args.ms} ms a move) {sum(scores):g} of "
        f"{len(scores)} against MCTS ({args.simulations} simulations): "
        f"score {mean:.3f} ± {half:.3f} (95%), {time.time() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
