"""A mancala-rs game as a single-agent Gymnasium environment.

>>> from mancala_rs.gym import SingleAgentEnv
>>> env = SingleAgentEnv("oware", opponent="greedy")
>>> observation, info = env.reset(seed=0)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)

The agent is player 0 (``seat`` chooses another); every other player is the
``opponent``: ``"random"`` (a uniformly random legal action, from the reset's
seed), ``"greedy"`` (the best immediate gain) or ``"search"`` (the engine's
search, ``search_nodes`` positions a move). Numa's simultaneous turns take the
agent's choice and the opponent's together.

Observations are :meth:`mancala_rs.State.observation`; ``info["action_mask"]``
(and :meth:`SingleAgentEnv.action_masks`, for maskable policies) gives the
agent's legal actions. The reward comes at the end: 1 for a win, -1 for a
loss (with more players, the loser's share), 0 for a draw. An illegal action
ends the episode at once with reward -1 and ``info["illegal_action"]``
set, so that any action of the space is a valid step.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

import mancala_rs

_OPPONENTS = ("random", "greedy", "search")


class SingleAgentEnv(gymnasium.Env):
    """One seat of a mancala-rs game against a computer opponent."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game="kalah", options="", opponent="random", seat=0, search_nodes=2_000, render_mode=None):
        if opponent not in _OPPONENTS:
            raise ValueError(f"opponent must be one of {_OPPONENTS}, not {opponent!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self._spec = mancala_rs.load_game(game, options)
        if not 0 <= seat < self._spec.num_players():
            raise ValueError(f"seat {seat} is not a seat of {game} (0 to {self._spec.num_players() - 1})")
        self.opponent = opponent
        self.seat = seat
        self.search_nodes = search_nodes
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, np.finfo(np.float32).max, self._spec.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self._spec.num_distinct_actions)
        self.state = None

    def _opponent_action(self, player):
        if self.opponent == "greedy":
            return self.state.greedy_action(player)
        if self.opponent == "search":
            return self.state.search_action(player, self.search_nodes)
        legal = self.state.legal_actions(player)
        return int(legal[self.np_random.integers(len(legal))])

    def _play_others(self):
        """The opponents move until the agent's turn or the end."""
        while not self.state.is_terminal():
            acting = self.state.acting_players()
            if self.seat in acting:
                return
            player = self.state.current_player()
            self.state.apply_action(self._opponent_action(player))

    def _info(self, **extra):
        mask = self.state.action_mask(self.seat) if not self.state.is_terminal() else np.zeros(self._spec.num_distinct_actions, np.int8)
        return {"action_mask": mask, "scores": self.state.scores(), **extra}

    def action_masks(self):
        """The agent's legal actions as booleans."""
        return self._info()["action_mask"].astype(bool)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.state = self._spec.new_initial_state()
        self._play_others()
        return self.state.observation(), self._info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        acting = self.state.acting_players()
        if action not in self.state.legal_actions(self.seat):
            return self.state.observation(), -1.0, True, False, self._info(illegal_action=True)
        if len(acting) > 1:
            actions = [action if p == self.seat else self._opponent_action(p) for p in acting]
            self.state.apply_actions(actions)
        else:
            self.state.apply_action(action)
        self._play_others()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self.state.observation(), reward, terminated, False, self._info()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text
