"""PettingZoo's own checks on the AEC and parallel environments."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import mancala_rs
from conftest import TURN_BASED
from mancala_rs.pettingzoo import env, parallel_env


@pytest.mark.parametrize("name", TURN_BASED)
def test_api_test_passes_for_every_turn_based_game(name):
    api_test(env(name), num_cycles=100)


def test_api_test_passes_with_options_and_three_players():
    api_test(env("robertson", "layout=triangle"), num_cycles=200)
    api_test(env("mankka", "variant=one"), num_cycles=200)


def test_seed_test_passes():
    seed_test(lambda **kwargs: env("oware", **kwargs), num_cycles=50)


def test_parallel_api_and_seed_tests_pass_for_numa():
    parallel_api_test(parallel_env("numa"), num_cycles=300)
    parallel_seed_test(lambda **kwargs: parallel_env("numa", **kwargs))


def test_a_kalah_game_to_its_end_with_an_extra_turn():
    e = env("kalah")
    e.reset(seed=1)
    assert e.agent_selection == "player_0"
    # Hole 2 ends in South's store: South moves again.
    e.step(2)
    assert e.agent_selection == "player_0"
    observation, reward, termination, truncation, info = e.last()
    assert list(np.flatnonzero(observation["action_mask"])) == [0, 1, 3, 4, 5]
    turns = 0
    final = {}
    for agent in e.agent_iter(max_iter=10_000):
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
            continue
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
        turns += 1
    assert e.agents == []
    assert turns > 10
    # Each agent's last reward is the game's return: one winner or a draw.
    assert sorted(final) == ["player_0", "player_1"]
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_an_illegal_action_raises():
    e = env("oware")
    e.reset()
    with pytest.raises(mancala_rs.IllegalActionError):
        e.step(7)
    with pytest.raises(mancala_rs.GameError, match="parallel_env"):
        env("numa")


def test_parallel_env_needs_every_acting_agent():
    e = parallel_env("numa")
    e.reset(seed=0)
    with pytest.raises(ValueError, match="player_1"):
        e.step({"player_0": 0})
