"""A typed program using mancala_rs, as a user would write it: what
``test_typing.py`` has mypy check against the stubs (``_core.pyi``).

It also runs (``test_typing.py`` runs it), so every type it states is the
type the extension gives.
"""

from typing import Optional

import numpy as np
import numpy.typing as npt

import mancala_rs
from mancala_rs import Game, GameError, IllegalActionError, State, VectorEnv


def catalogue() -> dict[str, str]:
    """Each game's title, by name."""
    titles: dict[str, str] = {}
    for name in mancala_rs.games():
        info = mancala_rs.game_info(name)
        title: str = info["title"]
        rules: str = info["rules"]
        assert rules
        for option in info["options"]:
            key: str = option["key"]
            default: Optional[str] = option["default"]
            assert key and (default is None or isinstance(default, str))
        titles[name] = title
    return titles


def play_greedy(name: str, options: str = "") -> list[float]:
    """A game between two greedy players; each player's return."""
    state: State = mancala_rs.new_game(name, options)
    while not state.is_terminal():
        player: int = state.current_player()
        legal: list[int] = state.legal_actions(player)
        mask: npt.NDArray[np.int8] = state.action_mask()
        assert mask.dtype == np.int8 and int(mask.sum()) == len(legal)
        observation: npt.NDArray[np.float32] = state.observation()
        assert observation.shape == state.observation_shape
        # An action from a numpy array is taken as it is (SupportsIndex).
        action = np.flatnonzero(mask)[0] if player % 2 else state.greedy_action()
        text: str = state.action_to_string(action)
        assert text
        state.apply_action(action)
    returns: list[float] = state.returns()
    scores: list[int] = state.scores()
    assert len(scores) == state.num_players()
    return returns


def refused(state: State) -> bool:
    """Whether an illegal action raises and changes nothing."""
    before: int = state.key()
    try:
        state.apply_action(state.num_distinct_actions)
    except IllegalActionError:
        return state.key() == before
    return False


def numa_turn() -> State:
    """Numa's first simultaneous turn, both players' choices at once."""
    state = mancala_rs.new_game("numa")
    acting: list[int] = state.acting_players()
    searched: int = state.search_action(acting[0], nodes=100)
    assert searched in state.legal_actions(acting[0])
    choices = [state.legal_actions(p)[0] for p in acting]
    state.apply_actions(choices)
    return state.clone()


def vector(num_envs: int = 8) -> float:
    """Random play in a VectorEnv; the first player's total reward."""
    env = VectorEnv("kalah", num_envs, seed=3, options="houses=4 seeds=3")
    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    obs, mask = env.reset()
    assert obs.shape == (env.num_envs, *env.observation_shape)
    assert mask.shape == (num_envs, env.num_distinct_actions)
    total = 0.0
    for _ in range(50):
        actions: npt.NDArray[np.int64] = env.sample()
        obs, rewards, terminated, mask = env.step(actions)
        assert rewards.shape == (num_envs, env.num_players)
        total += float(rewards[terminated, 0].sum())
    to_play: npt.NDArray[np.int64] = env.to_play()
    assert to_play.shape == (num_envs,)
    return total


def game_of(state: State) -> Game:
    game = state.get_game()
    assert game.name == state.name and not game.is_simultaneous()
    assert game.new_initial_state().num_players() == game.num_players()
    return mancala_rs.load_game(game.name, game.options)


def main() -> None:
    assert "kalah" in catalogue()
    play_greedy("kalah", "houses=4 seeds=3")
    assert refused(mancala_rs.new_game("oware"))
    numa_turn()
    vector()
    game_of(mancala_rs.from_text("kalah", str(mancala_rs.new_game("kalah"))))
    try:
        mancala_rs.new_game("no such game")
    except GameError as error:
        assert isinstance(error, ValueError)


if __name__ == "__main__":
    main()
