"""PPO self-play on any mancala-rs game with RLlib, locally or on a Ray cluster.

    python examples/selfplay.py --game kalah --options "houses=4 seeds=3"
    python examples/selfplay.py --address 127.0.0.1:6379 ...   # a running cluster
    python examples/selfplay.py --play runs/kalah/final         # against a person

The learning policy ``main`` plays one seat of every training game (a seat
drawn per game) and its opponents the others. The first opponent is the
random player; when ``main`` wins at least ``--snapshot-win-rate`` of at
least ``--snapshot-games`` games against its current opponents, a frozen copy
of it (``main_v1``, ``main_v2``, ...) joins the league, and from then on the
opponents are drawn from the frozen copies. Every ``--eval-every``
iterations ``main`` (its best move, no exploration) plays the random player
and the engine at each ``--engine-nodes`` limit
(:meth:`mancala_rs.State.search_action`), in every seat, and the algorithm is
saved under ``--out``. Each iteration prints one line: environment steps,
steps a second for each environment worker, the league, the win rate of
training games.

Without ``--address`` Ray starts on this machine with every core; with it,
the script joins a running cluster (``ray start --head`` on one machine,
``ray start --address=HEAD:PORT`` on the others), one environment worker per
CPU of the cluster (``--env-runners`` to choose).

``--min-win-rate R`` makes the script a check: after training, ``main``
plays ``--final-games`` games against the random player (half in each seat)
and the script exits with status 1 if it won less than R of them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

import mancala_rs

# The installed package, not the source folder beside this script's parent.
try:
    import mancala_rs.rllib as mrl
except ImportError as e:  # pragma: no cover - the message is the point
    sys.exit(f"selfplay.py needs the rllib extra: pip install 'mancala-rs[rllib]' ({e})")

import ray
import torch
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.callbacks.callbacks import RLlibCallback
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS

MAIN = "main"
RANDOM = "random"


class MaskedRandomModule(RLModule):
    """The random player: a uniformly random legal action (from the
    observation's ``action_mask``); never trained."""

    def _forward(self, batch: Dict[str, Any], **kwargs: Any) -> Dict[str, Any]:
        masks = np.asarray(batch["obs"]["action_mask"])
        actions = [int(np.random.choice(np.flatnonzero(row))) if row.any() else 0 for row in masks]
        return {"actions": np.asarray(actions, np.int64)}

    def _forward_train(self, *args: Any, **kwargs: Any) -> Dict[str, Any]:
        raise NotImplementedError("the random player is not trained")

    def compile(self, *args: Any, **kwargs: Any) -> None:
        pass


class SeatMapping:
    """Maps one seat of each game (drawn from the episode's id) to ``main``
    and each other seat to an opponent: the random player one time in
    ``RANDOM_SHARE`` (always, before the first snapshot), else a snapshot
    drawn from ``snapshots``."""

    RANDOM_SHARE = 0.2

    def __init__(self, players: int, snapshots: Sequence[str]):
        self.players = players
        self.snapshots = list(snapshots)

    def __call__(self, agent_id: str, episode: Any, **kwargs: Any) -> str:
        seat = int(episode.id_[:8], 16) % self.players
        if agent_id == mrl.agent_id(seat):
            return MAIN
        if not self.snapshots or random.random() < self.RANDOM_SHARE:
            return RANDOM
        return random.choice(self.snapshots)


def main_result(episode: Any) -> Optional[tuple]:
    """(opponent module, main's final reward) of a finished episode."""
    main_agent, opponent = None, None
    for agent in episode.agent_ids:
        module = episode.module_for(agent)
        if module == MAIN:
            main_agent = agent
        else:
            opponent = module
    rewards = episode.get_rewards()
    if main_agent is None or opponent is None or not rewards.get(main_agent):
        return None
    return opponent, float(sum(rewards[main_agent]))


class SelfPlay(RLlibCallback):
    """Counts main's training results by opponent (in the environment
    workers) and adds a frozen snapshot of main to the league when it beats
    its current opponents by the margin (in the driver)."""

    def __init__(self, players: int, win_rate: float, min_games: int):
        super().__init__()
        self.players = players
        self.win_rate = win_rate
        self.min_games = min_games
        self.snapshots = 0
        self.wins = 0
        self.games = 0
        self.last_rate: Optional[float] = None

    def on_episode_end(self, *, episode: Any, metrics_logger: Any = None, **kwargs: Any) -> None:
        result = main_result(episode)
        if result is None or metrics_logger is None:
            return
        opponent, reward = result
        metrics_logger.log_value(("selfplay", opponent, "games"), 1, reduce="sum")
        metrics_logger.log_value(("selfplay", opponent, "wins"), 1 if reward > 0 else 0, reduce="sum")

    def snapshot_ids(self) -> List[str]:
        return [f"{MAIN}_v{i}" for i in range(1, self.snapshots + 1)]

    def current_opponents(self) -> List[str]:
        """The opponents main must beat for the next snapshot."""
        return self.snapshot_ids() or [RANDOM]

    def on_train_result(self, *, algorithm: Any, result: Dict[str, Any], **kwargs: Any) -> None:
        tallies = result.get(ENV_RUNNER_RESULTS, {}).get("selfplay", {})
        for opponent in self.current_opponents():
            counts = tallies.get(opponent, {})
            self.games += int(counts.get("games", 0))
            self.wins += int(counts.get("wins", 0))
        self.last_rate = self.wins / self.games if self.games else None
        result["league_size"] = self.snapshots + 2
        result["training_win_rate"] = self.last_rate
        if self.games < self.min_games or self.last_rate is None or self.last_rate < self.win_rate:
            return
        self.snapshots += 1
        new_id = f"{MAIN}_v{self.snapshots}"
        main_module = algorithm.get_module(MAIN)
        algorithm.add_module(
            module_id=new_id,
            module_spec=RLModuleSpec.from_module(main_module),
            new_agent_to_module_mapping_fn=SeatMapping(self.players, self.snapshot_ids()),
        )
        algorithm.set_state({"learner_group": {"learner": {"rl_module": {new_id: main_module.get_state()}}}})
        print(f"  snapshot {new_id} joins the league (main won {self.wins} of {self.games})", flush=True)
        self.wins = self.games = 0
        result["league_size"] = self.snapshots + 2


def play_game(state: mancala_rs.State, choosers: Sequence[Any], max_turns: int) -> mancala_rs.State:
    """Plays ``state`` to its end or ``max_turns`` turns (two deterministic
    players can repeat a Numa position for ever), ``choosers[p](state, p)``
    choosing for player ``p``."""
    for _ in range(max_turns):
        if state.is_terminal():
            break
        acting = state.acting_players()
        actions = [choosers[p](state, p) for p in acting]
        if len(actions) == 1:
            state.apply_action(actions[0])
        else:
            state.apply_actions(actions)
    return state


def win_rate(spec: mancala_rs.Game, module: Any, opponent: Any, games: int, max_turns: int) -> float:
    """The share of ``games`` (seats in turn) that ``module`` wins against
    ``opponent`` (a game unfinished after ``max_turns`` turns is not won)."""
    players = spec.num_players()
    wins = 0

    def mine(state: mancala_rs.State, p: int) -> int:
        return mrl.module_action(module, state, p)

    for g in range(games):
        seat = g % players
        choosers = [mine if p == seat else opponent for p in range(players)]
        state = play_game(spec.new_initial_state(), choosers, max_turns)
        wins += state.is_terminal() and state.returns()[seat] > 0
    return wins / games


def random_player(rng: random.Random):
    return lambda state, p: rng.choice(state.legal_actions(p))


def engine_player(nodes: int):
    return lambda state, p: state.search_action(p, nodes=nodes)


def evaluate(
    spec: mancala_rs.Game, module: Any, args: argparse.Namespace, engine_nodes: Sequence[int], seed: int
) -> Tuple[float, str]:
    """The win rate against the random player, and a line of every result."""
    against_random = win_rate(spec, module, random_player(random.Random(seed)), args.eval_games, args.max_turns)
    parts = [f"random {against_random:.2f}"]
    for nodes in engine_nodes:
        # The engine is deterministic: a seat each is all there is to play.
        rate = win_rate(spec, module, engine_player(nodes), spec.num_players(), args.max_turns)
        parts.append(f"engine@{nodes} {rate:.2f}")
    return against_random, "wins vs " + ", ".join(parts)


def build_config(args: argparse.Namespace, spec: mancala_rs.Game, env_runners: int) -> PPOConfig:
    hidden = [int(x) for x in args.hidden.split(",") if x]
    players = spec.num_players()
    return (
        PPOConfig()
        .environment(mrl.env_name(args.game), env_config={"options": args.options, "max_turns": args.max_turns})
        .framework("torch")
        .env_runners(
            num_env_runners=env_runners,
            num_envs_per_env_runner=args.envs_per_runner,
            num_cpus_per_env_runner=1,
        )
        .learners(num_learners=0)
        .multi_agent(
            policies={MAIN, RANDOM},
            policy_mapping_fn=SeatMapping(players, []),
            policies_to_train=[MAIN],
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    MAIN: RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"fcnet_hiddens": hidden, "head_fcnet_hiddens": []},
                    ),
                    RANDOM: RLModuleSpec(module_class=MaskedRandomModule),
                }
            )
        )
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(256, args.batch),
            num_epochs=args.epochs,
            lr=args.lr,
            entropy_coeff=0.01,
        )
        .callbacks(lambda: SelfPlay(players, args.snapshot_win_rate, args.snapshot_games))
        .debugging(seed=args.seed, log_level="ERROR")
        .reporting(metrics_num_episodes_for_smoothing=100)
    )


def load_main(path: str) -> Any:
    """The ``main`` module of a checkpoint saved by this script."""
    module_dir = os.path.join(path, "learner_group", "learner", "rl_module", MAIN)
    if not os.path.isdir(module_dir):
        raise SystemExit(f"{path} is not a checkpoint of this script (no {module_dir})")
    return RLModule.from_checkpoint(module_dir)


def play_person(args: argparse.Namespace) -> None:
    """A game against a person at the terminal, the policy of ``--play``."""
    module = load_main(args.play)
    spec = mancala_rs.load_game(args.game, args.options)
    seat = args.seat

    def person(state: mancala_rs.State, p: int) -> int:
        legal = state.legal_actions(p)
        names = {state.action_to_string(a): a for a in legal}
        print(state)
        while True:
            try:
                text = input(f"your move ({' '.join(names)}): ").strip()
            except EOFError:
                raise SystemExit("no move given") from None
            if text in names:
                return names[text]
            print(f"not a legal move: {text!r}")

    def policy(state: mancala_rs.State, p: int) -> int:
        action = mrl.module_action(module, state, p)
        print(f"the policy plays {state.action_to_string(action)}")
        return action

    choosers = [person if p == seat else policy for p in range(spec.num_players())]
    state = play_game(spec.new_initial_state(), choosers, args.max_turns)
    print(state)
    if not state.is_terminal():
        print(f"stopped unfinished after {args.max_turns} turns")
        return
    result = state.returns()[seat]
    print("you win" if result > 0 else "you lose" if result < 0 else "a draw")


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kalah", help="a game of mancala_rs.games() (default kalah)")
    parser.add_argument("--options", default="houses=4 seeds=3", help="the game's options (default 'houses=4 seeds=3')")
    parser.add_argument("--address", help="join the Ray cluster at this address instead of starting Ray here")
    parser.add_argument("--env-runners", type=int, help="environment workers (default: one a CPU of the cluster)")
    parser.add_argument("--envs-per-runner", type=int, default=8, help="games each worker steps together (default 8)")
    parser.add_argument("--iterations", type=int, default=200, help="most training iterations (default 200)")
    parser.add_argument("--time-limit", type=float, default=600.0, help="stop training after this many seconds (default 600)")
    parser.add_argument("--batch", type=int, default=4000, help="environment steps an iteration (default 4000)")
    parser.add_argument("--epochs", type=int, default=6, help="PPO epochs an iteration (default 6)")
    parser.add_argument("--lr", type=float, default=1e-3, help="learning rate (default 1e-3)")
    parser.add_argument("--hidden", default="128,128", help="hidden layer sizes (default 128,128)")
    parser.add_argument("--snapshot-win-rate", type=float, default=0.65, help="win rate that adds a snapshot (default 0.65)")
    parser.add_argument("--snapshot-games", type=int, default=200, help="games that rate is measured over (default 200)")
    parser.add_argument("--eval-every", type=int, default=5, help="iterations between evaluations (default 5)")
    parser.add_argument("--eval-games", type=int, default=100, help="games against the random player an evaluation (default 100)")
    parser.add_argument("--engine-nodes", default="10,100", help="engine node limits to evaluate against (default 10,100)")
    parser.add_argument(
        "--max-turns", type=int, default=1000, help="turns after which a game stops unfinished (default 1000)"
    )
    parser.add_argument("--out", default="runs", help="checkpoints go to OUT/GAME/ (default runs)")
    parser.add_argument(
        "--target-win-rate", type=float, help="stop training once an evaluation wins this share against random"
    )
    parser.add_argument("--min-win-rate", type=float, help="exit 1 unless main wins this share of --final-games against random")
    parser.add_argument("--final-games", type=int, default=200, help="games of the final check (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of RLlib and of the evaluations (default 0)")
    parser.add_argument("--play", metavar="CHECKPOINT", help="play a person against a saved policy instead of training")
    parser.add_argument("--seat", type=int, default=0, help="the person's seat with --play (default 0)")
    return parser.parse_args(argv)


def train(args: argparse.Namespace) -> int:
    spec = mancala_rs.load_game(args.game, args.options)  # bad names fail here, before Ray starts
    engine_nodes = [int(x) for x in args.engine_nodes.split(",") if x]
    torch.set_num_threads(1)
    if args.address:
        ray.init(address=args.address, logging_level="ERROR", log_to_driver=False)
    else:
        ray.init(logging_level="ERROR", log_to_driver=False, include_dashboard=False)
    # One environment worker a CPU of the cluster; the driver trains
    # between the workers' sampling (PPO alternates the two), holding no CPU.
    cpus = int(ray.cluster_resources().get("CPU", 1))
    env_runners = args.env_runners if args.env_runners is not None else max(1, cpus)
    if env_runners > cpus:
        print(f"warning: {env_runners} environment workers on {cpus} CPUs", file=sys.stderr)
    nodes = len([n for n in ray.nodes() if n.get("Alive")])
    print(f"{args.game} ({args.options or 'default options'}): {nodes} node(s), {cpus} CPUs, {env_runners} environment worker(s)", flush=True)
    algo = build_config(args, spec, env_runners).build_algo()
    out = os.path.abspath(os.path.join(args.out, args.game))
    start = time.perf_counter()
    steps_total = 0
    try:
        for it in range(1, args.iterations + 1):
            t0 = time.perf_counter()
            result = algo.train()
            elapsed = time.perf_counter() - t0
            runners = result.get(ENV_RUNNER_RESULTS, {})
            steps = int(runners.get("num_env_steps_sampled", 0))
            steps_total += steps
            sampling = result.get("timers", {}).get("env_runner_sampling_timer")
            per_worker = steps / sampling / env_runners if sampling else float("nan")
            rate = result.get("training_win_rate")
            line = (
                f"iter {it:3d}  {time.perf_counter() - start:6.0f}s  steps {steps_total:8d}  "
                f"{per_worker:6.0f} steps/s a worker  league {result.get('league_size', 2)}  "
                f"training win rate {'-' if rate is None else f'{rate:.2f}'}"
            )
            print(line, flush=True)
            done = time.perf_counter() - start >= args.time_limit or it == args.iterations
            if it % args.eval_every == 0 or done:
                module = algo.get_module(MAIN)
                against_random, text = evaluate(spec, module, args, engine_nodes, args.seed + it)
                print("  " + text, flush=True)
                algo.save_to_path(os.path.join(out, f"iter{it:04d}"))
                if args.target_win_rate is not None and against_random >= args.target_win_rate:
                    print(f"  the target win rate {args.target_win_rate} is reached", flush=True)
                    done = True
            if done:
                break
        final = os.path.join(out, "final")
        algo.save_to_path(final)
        print(f"saved {final} (play it: python {sys.argv[0]} --game {args.game} --options '{args.options}' --play {final})")
        status = 0
        if args.min_win_rate is not None:
            rate = win_rate(
                spec, algo.get_module(MAIN), random_player(random.Random(args.seed + 1)), args.final_games, args.max_turns
            )
            verdict = "ok" if rate >= args.min_win_rate else "FAILED"
            print(f"final check: main won {rate:.3f} of {args.final_games} games against random (needs {args.min_win_rate}): {verdict}")
            status = 0 if rate >= args.min_win_rate else 1
        return status
    finally:
        algo.stop()
        ray.shutdown()


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    if args.play:
        play_person(args)
        return 0
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
