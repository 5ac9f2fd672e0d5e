"""Gymnasium's own checker on the single-agent environment."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from mancala_rs.gym import SingleAgentEnv


@pytest.mark.parametrize(
    "name, options, opponent",
    [
        ("kalah", "", "random"),
        ("oware", "", "greedy"),
        ("kalah", "houses=4 seeds=3", "search"),
        ("numercy", "", "random"),
        ("robertson", "layout=triangle", "greedy"),
        ("mankka", "", "search"),
        ("numa", "", "search"),
        ("toguz-kumalak", "", "random"),
    ],
)
def test_check_env_passes(name, options, opponent):
    check_env(SingleAgentEnv(name, options, opponent=opponent, search_nodes=300), skip_render_check=True)


def test_an_episode_ends_with_the_agents_return():
    env = SingleAgentEnv("kalah", opponent="greedy")
    observation, info = env.reset(seed=3)
    assert observation.shape == env.observation_space.shape
    total, steps = 0.0, 0
    terminated = False
    while not terminated:
        mask = info["action_mask"]
        assert env.action_masks().sum() == mask.sum() > 0
        action = int(np.flatnonzero(mask)[-1])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
    assert total in (-1.0, 0.0, 1.0)
    assert steps > 3
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_action_loses_at_once():
    env = SingleAgentEnv("oware")
    env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(9)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="opponent"):
        SingleAgentEnv("kalah", opponent="oracle")
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv("kalah", seat=2)
    with pytest.raises(ValueError, match="unknown game"):
        SingleAgentEnv("chess")


def test_the_second_seat_starts_after_the_opponent():
    env = SingleAgentEnv("oware", seat=1, opponent="greedy")
    observation, info = env.reset(seed=0)
    # South (the opponent) has moved: North's houses have gained seeds.
    assert env.state.current_player() == 1
    assert observation[:12].sum() == 48
