"""Shared helpers of the tests."""

import random

import pytest

import mancala_rs


def random_playout(state, rng, max_moves=20_000):
    """Plays `state` to its end with uniformly random legal actions; returns
    the number of moves (turns) played."""
    moves = 0
    while not state.is_terminal() and moves < max_moves:
        acting = state.acting_players()
        actions = [rng.choice(state.legal_actions(p)) for p in acting]
        if len(actions) == 1:
            state.apply_action(actions[0])
        else:
            state.apply_actions(actions)
        moves += 1
    return moves


@pytest.fixture
def rng():
    return random.Random(12345)


ALL_GAMES = mancala_rs.games()
TURN_BASED = [g for g in ALL_GAMES if not mancala_rs.load_game(g).is_simultaneous()]
