"""mancala-rs games as RLlib multi-agent environments.

>>> import mancala_rs.rllib  # registers "mancala_rs/<game>" for every game
>>> from ray.rllib.algorithms.ppo import PPOConfig
>>> config = PPOConfig().environment(
...     "mancala_rs/kalah", env_config={"options": "houses=4 seeds=3"}
... )

Every game of :func:`mancala_rs.games` is registered with RLlib under
``"mancala_rs/<game>"`` when this module is imported (:func:`register_envs`
does it again, for a process that cleared RLlib's registry). The
environment's config takes:

- ``options``: the game's options, as text (``"houses=4 seeds=3"``) or a
  dict (``{"houses": 4, "seeds": 3}``);
- ``max_turns``: turns after which an episode is truncated (default 10,000;
  ``None`` for no limit);
- ``game``: the game, for :class:`MancalaMultiAgentEnv` used directly (a
  registered name sets it).

The agents are ``player_0``, ``player_1``, ... Each step asks an action of
the agents who act now: the player to move in a turn-based game (an extra
turn asks the same agent again), both players in Numa's simultaneous turns.
Each observation is the dict RLlib's action-masking module reads:
``observations`` (:meth:`mancala_rs.State.observation`, ``float32``) and
``action_mask`` (``float32``, 1 for each legal action); an agent's action
space samples its legal actions (:class:`LegalDiscrete`). Rewards come at the
end: 1 for the winner, the others sharing -1, 0 each for a draw; the last
step gives every agent its observation and reward, and ``terminateds``
(``"__all__"`` and each agent) say the game is over.

Bad input raises at once and leaves the game as it was:
:class:`mancala_rs.GameError` for an unknown game or bad options,
``ValueError`` for an unknown config key or an action dict that names the
wrong agents, :class:`mancala_rs.IllegalActionError` for an action the mask
refuses (the message lists the legal ones).

:func:`module_action` picks a trained RLModule's action in a
:class:`mancala_rs.State`, for evaluation or play against a person.

Ray, RLlib, gymnasium and torch are the ``rllib`` extra
(``pip install "mancala-rs[rllib]"``); the rest of the package does not need
them.
"""

from __future__ import annotations

import weakref
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.tune.registry import register_env

import mancala_rs

__all__ = [
    "ENV_PREFIX",
    "LegalDiscrete",
    "MancalaMultiAgentEnv",
    "agent_id",
    "env_name",
    "module_action",
    "register_envs",
]

#: The prefix of the registered names (``"mancala_rs/kalah"``).
ENV_PREFIX = "mancala_rs/"

_CONFIG_KEYS = ("game", "options", "max_turns")
_DEFAULT_MAX_TURNS = 10_000
_HIGH = np.finfo(np.float32).max

Options = Union[str, Mapping[str, Any], None]


def agent_id(player: int) -> str:
    """The agent of ``player`` (``0`` -> ``"player_0"``)."""
    return f"player_{player}"


def env_name(game: str) -> str:
    """The name ``game`` is registered under (``"mancala_rs/kalah"``)."""
    return ENV_PREFIX + game


def options_text(options: Options) -> str:
    """``options`` as the games' option text: a string is kept, a dict
    ``{"houses": 4}`` becomes ``"houses=4"``."""
    if options is None:
        return ""
    if isinstance(options, str):
        return options
    if isinstance(options, Mapping):
        return " ".join(f"{key}={value}" for key, value in options.items())
    raise TypeError(f"options must be a text or a dict, not {type(options).__name__}")


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose :meth:`sample` without a mask draws one of its
    agent's legal actions in the position its environment is in (RLlib's
    environment check steps an action drawn this way). A copy made by
    pickling has no environment and samples like ``Discrete``."""

    def __init__(self, n: int, env: "MancalaMultiAgentEnv", player: int):
        super().__init__(n)
        self._env: Optional[weakref.ReferenceType] = weakref.ref(env)
        self._player = player

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        env = self._env() if self._env is not None else None
        if mask is None and probability is None and env is not None:
            legal = env.state.legal_actions(self._player)
            if legal:
                mask = np.zeros(self.n, np.int8)
                mask[legal] = 1
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self) -> Dict[str, Any]:
        state = dict(self.__dict__)
        state["_env"] = None
        return state


class MancalaMultiAgentEnv(MultiAgentEnv):
    """An RLlib multi-agent environment of one mancala-rs game (see the
    module's documentation for the config, the spaces and the rewards)."""

    metadata = {"render_modes": ["ansi"]}
    render_mode = "ansi"

    def __init__(self, config: Optional[Mapping[str, Any]] = None):
        super().__init__()
        config = dict(config or {})
        unknown = sorted(set(config) - set(_CONFIG_KEYS))
        if unknown:
            raise ValueError(
                f"unknown key(s) {', '.join(map(repr, unknown))} in the env config; "
                f"it takes {', '.join(_CONFIG_KEYS)}"
            )
        self.game = str(config.get("game", "kalah"))
        self.options = options_text(config.get("options"))
        max_turns = config.get("max_turns", _DEFAULT_MAX_TURNS)
        if max_turns is not None and (not isinstance(max_turns, int) or max_turns < 1):
            raise ValueError(f"max_turns must be a positive integer or None, not {max_turns!r}")
        self.max_turns: Optional[int] = max_turns
        self._spec = mancala_rs.load_game(self.game, self.options)
        players = self._spec.num_players()
        self.agents = self.possible_agents = [agent_id(i) for i in range(players)]
        actions = self._spec.num_distinct_actions
        observation = spaces.Dict(
            {
                "observations": spaces.Box(0.0, _HIGH, self._spec.observation_shape, np.float32),
                "action_mask": spaces.Box(0.0, 1.0, (actions,), np.float32),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: LegalDiscrete(actions, self, i) for i, a in enumerate(self.possible_agents)}
        self.state: mancala_rs.State = self._spec.new_initial_state()
        self.turns = 0

    def _observe(self, agents: List[int]) -> Dict[str, Dict[str, np.ndarray]]:
        observation = self.state.observation()
        return {
            agent_id(p): {
                "observations": observation.copy(),
                "action_mask": self.state.action_mask(p).astype(np.float32),
            }
            for p in agents
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Mapping[str, Any]] = None
    ) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """A new game; ``options={"position": text}`` starts from a position
        in the game's notation (``str(state)``) instead of the start."""
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        position = (options or {}).get("position")
        if position is not None:
            state = mancala_rs.from_text(self.game, str(position))
            if state.name != self._spec.name:
                raise mancala_rs.GameError(f"the position is of {state.name}, not {self._spec.name}")
            self.state = state
        else:
            self.state = self._spec.new_initial_state()
        self.turns = 0
        acting = self.state.acting_players()
        return self._observe(acting), {agent_id(p): {} for p in acting}

    def _actions(self, action_dict: Mapping[str, Any]) -> List[int]:
        """The acting players' actions in ``action_dict``, checked."""
        acting = self.state.acting_players()
        expected = [agent_id(p) for p in acting]
        extra = sorted(set(action_dict) - set(expected))
        missing = [a for a in expected if a not in action_dict]
        if extra or missing:
            raise ValueError(
                f"the action dict names {sorted(action_dict)}; this step takes one action from each of {expected}"
            )
        actions = []
        for p, agent in zip(acting, expected):
            raw = action_dict[agent]
            try:
                action = int(raw)
            except (TypeError, ValueError):
                raise ValueError(f"{agent}: the action must be an integer, not {raw!r}") from None
            legal = self.state.legal_actions(p)
            if action not in legal:
                raise mancala_rs.IllegalActionError(
                    f"{agent}: action {action} is not legal here; the mask allows {legal}"
                )
            actions.append(action)
        return actions

    def step(self, action_dict: Mapping[str, Any]):
        actions = self._actions(action_dict)
        if len(actions) == 1:
            self.state.apply_action(actions[0])
        else:
            self.state.apply_actions(actions)
        self.turns += 1
        everyone = list(range(len(self.possible_agents)))
        if self.state.is_terminal():
            returns = self.state.returns()
            rewards = {agent_id(p): float(returns[p]) for p in everyone}
            terminateds = {agent_id(p): True for p in everyone}
            terminateds["__all__"] = True
            return self._observe(everyone), rewards, terminateds, {"__all__": False}, {}
        if self.max_turns is not None and self.turns >= self.max_turns:
            rewards = {agent_id(p): 0.0 for p in everyone}
            truncateds = {agent_id(p): True for p in everyone}
            truncateds["__all__"] = True
            return self._observe(everyone), rewards, {"__all__": False}, truncateds, {}
        acting = self.state.acting_players()
        rewards = {agent: 0.0 for agent in action_dict}
        return self._observe(acting), rewards, {"__all__": False}, {"__all__": False}, {}

    def render(self) -> str:
        """The position in the game's notation."""
        return str(self.state)


def _creator(game: str):
    def create(config: Optional[Mapping[str, Any]] = None) -> MancalaMultiAgentEnv:
        config = dict(config or {})
        named = config.pop("game", game)
        if named != game:
            raise ValueError(f"{env_name(game)} plays {game}, but its env config names {named!r}")
        return MancalaMultiAgentEnv({**config, "game": game})

    return create


def register_envs() -> List[str]:
    """Registers every game with RLlib as ``"mancala_rs/<game>"``; returns
    the names."""
    names = []
    for game in mancala_rs.games():
        register_env(env_name(game), _creator(game))
        names.append(env_name(game))
    return names


def module_action(module: Any, state: mancala_rs.State, player: Optional[int] = None) -> int:
    """The action a trained torch RLModule (one that reads this module's
    observation dict, such as RLlib's action-masking PPO module) takes for
    ``player`` (the player to move by default) in ``state``: the legal
    action of the highest logit, so the choice is deterministic."""
    import torch

    if player is None:
        player = state.current_player()
    legal = state.legal_actions(player)
    if not legal:
        raise ValueError(f"player {player} has no legal action in this position")
    mask = state.action_mask(player).astype(np.float32)
    batch = {
        "obs": {
            "observations": torch.from_numpy(state.observation()).unsqueeze(0),
            "action_mask": torch.from_numpy(mask).unsqueeze(0),
        }
    }
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
    return int(max(legal, key=lambda a: logits[a]))


register_envs()
