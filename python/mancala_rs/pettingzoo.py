"""mancala-rs games as PettingZoo environments.

>>> from mancala_rs.pettingzoo import env
>>> e = env("kalah")
>>> e.reset(seed=0)
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = e.action_space(agent).sample(observation["action_mask"])
...     e.step(action)

:func:`env` is an AEC environment of any game: the agents
(``player_0``, ``player_1``, ...) take their turns as the game says, an extra
turn keeping the same agent. Each observation is a dict of ``observation``
(:meth:`mancala_rs.State.observation`) and ``action_mask`` (``int8``, 1 for
the agent's legal actions, all 0 when it is not his turn). Rewards come at
the end: 1 for the winner, the others sharing -1, 0 each for a draw.

:func:`parallel_env` is a parallel environment, meant for Numa, whose
players choose at once; in a turn-based game only the action of the player
to move counts (the others' masks are all 0).
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import mancala_rs

_HIGH = np.finfo(np.float32).max


def _render(mode, state):
    """The position as text for "ansi", printed for "human"."""
    if mode is None:
        return None
    text = str(state)
    if mode == "human":
        print(text)
        return None
    return text


def _check_render_mode(metadata, render_mode):
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        raise ValueError(f"render_mode must be one of {metadata['render_modes']}, not {render_mode!r}")


def _spaces(spec):
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, _HIGH, spec.observation_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (spec.num_distinct_actions,), np.int8),
        }
    )
    return observation, spaces.Discrete(spec.num_distinct_actions)


class MancalaEnv(AECEnv):
    """An AEC environment of one mancala-rs game (see :func:`env`)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "mancala_rs_v0", "is_parallelizable": False}

    def __init__(self, game="kalah", options="", render_mode=None):
        super().__init__()
        self._spec = mancala_rs.load_game(game, options)
        if self._spec.is_simultaneous():
            raise mancala_rs.GameError(f"{game} is played in simultaneous turns: use parallel_env")
        _check_render_mode(self.metadata, render_mode)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self._spec.num_players())]
        observation, action = _spaces(self._spec)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.state_ = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _index(self, agent):
        return self.possible_agents.index(agent)

    def observe(self, agent):
        return {
            "observation": self.state_.observation(),
            "action_mask": self.state_.action_mask(self._index(agent)),
        }

    def reset(self, seed=None, options=None):
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.state_ = self._spec.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply_action(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state_.is_terminal():
            for a, r in zip(self.possible_agents, self.state_.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return _render(self.render_mode, self.state_)

    def close(self):
        pass


class MancalaParallelEnv(ParallelEnv):
    """A parallel environment of one mancala-rs game (see :func:`parallel_env`)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "mancala_rs_parallel_v0"}

    def __init__(self, game="numa", options="", render_mode=None):
        self._spec = mancala_rs.load_game(game, options)
        _check_render_mode(self.metadata, render_mode)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self._spec.num_players())]
        observation, action = _spaces(self._spec)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.agents = []
        self.state_ = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _observations(self):
        observation = self.state_.observation()
        acting = set(self.state_.acting_players())
        masks = {}
        for i, agent in enumerate(self.possible_agents):
            if i in acting:
                masks[agent] = self.state_.action_mask(i)
            else:
                masks[agent] = np.zeros(self._spec.num_distinct_actions, np.int8)
        return {a: {"observation": observation.copy(), "action_mask": masks[a]} for a in self.agents}

    def reset(self, seed=None, options=None):
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.state_ = self._spec.new_initial_state()
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        acting = self.state_.acting_players()
        missing = [self.possible_agents[p] for p in acting if self.possible_agents[p] not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who must choose this turn")
        self.state_.apply_actions([int(actions[self.possible_agents[p]]) for p in acting])
        done = self.state_.is_terminal()
        returns = self.state_.returns()
        rewards = {a: float(returns[i]) if done else 0.0 for i, a in enumerate(self.possible_agents) if a in self.agents}
        terminations = {a: done for a in self.agents}
        truncations = {a: False for a in self.agents}
        infos = {a: {} for a in self.agents}
        observations = self._observations()
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self):
        return _render(self.render_mode, self.state_)

    def close(self):
        pass


def env(game="kalah", options="", render_mode=None):
    """An AEC environment of the turn-based game ``game`` with ``options``."""
    return MancalaEnv(game, options, render_mode)


def parallel_env(game="numa", options="", render_mode=None):
    """A parallel environment of ``game`` with ``options`` (Numa's
    simultaneous turns; any other game too, one acting agent a step)."""
    return MancalaParallelEnv(game, options, render_mode)
