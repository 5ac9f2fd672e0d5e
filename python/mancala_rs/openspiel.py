"""mancala-rs games as an OpenSpiel game, ``"mancala_rs"``.

>>> import pyspiel
>>> import mancala_rs.openspiel
>>> mancala_rs.openspiel.register()
>>> game = pyspiel.load_game("mancala_rs", {"game": "robertson", "options": "layout=hexagon"})

The game takes two string parameters: ``game`` (a name of
:func:`mancala_rs.games`, default ``"kalah"``) and ``options`` (its options
text, default empty). Actions, observations and returns are those of
:class:`mancala_rs.State`: returns are 1 for the winner and the others share
-1 (a zero-sum game whatever the number of players), 0 for a draw. Numa is a
simultaneous-move game (``pyspiel.convert_to_turn_based`` makes it
turn-based for the algorithms that need that, MCTS among them); every other
game is sequential with perfect information.
"""

import numpy as np
import pyspiel

import mancala_rs

SHORT_NAME = "mancala_rs"
_DEFAULTS = {"game": "kalah", "options": ""}
# No game of the family has a fixed length; this bounds what OpenSpiel's
# tools may assume (a game is never cut short by it).
MAX_GAME_LENGTH = 100_000


def _game_type(simultaneous):
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="mancala-rs games",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class MancalaRsGame(pyspiel.Game):
    """One game of mancala-rs, by its ``game`` and ``options`` parameters."""

    def __init__(self, params=None):
        params = {**_DEFAULTS, **(params or {})}
        self._spec = mancala_rs.load_game(str(params["game"]), str(params["options"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=self._spec.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=self._spec.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self._spec.is_simultaneous()), info, params)

    def new_initial_state(self):
        return MancalaRsState(self, self._spec.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self._spec.observation_shape)


class MancalaRsState(pyspiel.State):
    """A position, wrapping a :class:`mancala_rs.State`."""

    def __init__(self, game, state):
        super().__init__(game)
        self._state = state

    @property
    def inner(self):
        """The :class:`mancala_rs.State` this wraps."""
        return self._state

    def current_player(self):
        player = self._state.current_player()
        if player == -1:
            return pyspiel.PlayerId.TERMINAL
        if player == -2:
            return pyspiel.PlayerId.SIMULTANEOUS
        return player

    def _legal_actions(self, player):
        return self._state.legal_actions(player)

    def _apply_action(self, action):
        self._state.apply_action(action)

    def _apply_actions(self, actions):
        self._state.apply_actions(list(actions))

    def _action_to_string(self, player, action):
        return self._state.action_to_string(action)

    def is_terminal(self):
        return self._state.is_terminal()

    def returns(self):
        return self._state.returns()

    def __str__(self):
        return str(self._state)


class _Observer:
    """The observation of :meth:`mancala_rs.State.observation` (the same
    for every player: the games have perfect information)."""

    def __init__(self, shape):
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.inner.observation()

    def string_from(self, state, player):
        return str(state.inner)


_registered = False


def register():
    """Registers ``"mancala_rs"`` with pyspiel (once; later calls do nothing)."""
    global _registered
    if not _registered:
        pyspiel.register_game(_game_type(False), MancalaRsGame)
        _registered = True


def load_game(game="kalah", options=""):
    """``pyspiel.load_game("mancala_rs", {"game": game, "options": options})``,
    registering the game first if needed."""
    register()
    return pyspiel.load_game(SHORT_NAME, {"game": game, "options": options})
