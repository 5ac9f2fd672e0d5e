"""The RLlib face (mancala_rs.rllib): the environment RLlib's own checks
accept, turn order and rewards against the State's, errors, registration
and the action-masking module."""

import random

import numpy as np
import pytest

import mancala_rs

pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402
from ray.tune.registry import ENV_CREATOR, _global_registry  # noqa: E402

import mancala_rs.rllib as mrl  # noqa: E402

# One game of each shape: extra turns (kalah), simultaneous turns (numa),
# relays and file scoring (numercy), three players (robertson on a triangle), the catalogue
# (toguz-kumalak), rounds with closed holes (congkak), four rows with passes
# and clockwise sowings (omweso).
SHAPES = [
    ("kalah", "houses=4 seeds=3"),
    ("numa", ""),
    ("numercy", ""),
    ("robertson", "layout=triangle"),
    ("toguz-kumalak", ""),
    ("congkak", ""),
    ("omweso", ""),
]


def make(game, options=""):
    return mrl.MancalaMultiAgentEnv({"game": game, "options": options})


def test_every_game_is_registered_under_its_name():
    names = mrl.register_envs()
    assert names == [f"mancala_rs/{g}" for g in mancala_rs.games()]
    creator = _global_registry.get(ENV_CREATOR, "mancala_rs/kalah")
    env = creator({"options": "houses=4 seeds=3"})
    assert isinstance(env, mrl.MancalaMultiAgentEnv)
    assert env.game == "kalah" and env.options == "houses=4 seeds=3"
    # A dict of options is the same text.
    env = creator({"options": {"houses": 4, "seeds": 3}})
    assert str(env.state) == str(mancala_rs.new_game("kalah", "houses=4 seeds=3"))


@pytest.mark.parametrize("game,options", SHAPES)
def test_rllibs_own_environment_check_passes(game, options):
    check_multiagent_environments(make(game, options))


@pytest.mark.parametrize("game,options", SHAPES)
def test_a_random_game_follows_the_state(game, options):
    """Played to its end with the action spaces' samples: each step asks
    exactly the acting players, the masks are the State's, and the last
    step gives every agent the State's return."""
    env = make(game, options)
    shadow = mancala_rs.new_game(game, options)
    obs, infos = env.reset(seed=7)
    turns = 0
    while True:
        acting = shadow.acting_players()
        assert sorted(obs) == [mrl.agent_id(p) for p in acting]
        for p in acting:
            agent = mrl.agent_id(p)
            assert env.observation_spaces[agent].contains(obs[agent])
            np.testing.assert_array_equal(obs[agent]["observations"], shadow.observation())
            np.testing.assert_array_equal(obs[agent]["action_mask"], shadow.action_mask(p))
        actions = {mrl.agent_id(p): env.action_spaces[mrl.agent_id(p)].sample() for p in acting}
        chosen = [int(actions[mrl.agent_id(p)]) for p in acting]
        assert all(a in shadow.legal_actions(p) for a, p in zip(chosen, acting))
        if len(chosen) == 1:
            shadow.apply_action(chosen[0])
        else:
            shadow.apply_actions(chosen)
        obs, rewards, terminateds, truncateds, infos = env.step(actions)
        turns += 1
        assert truncateds["__all__"] is False
        if shadow.is_terminal():
            break
        assert terminateds == {"__all__": False}
        assert all(r == 0.0 for r in rewards.values())
    assert terminateds["__all__"] is True
    assert all(terminateds[a] for a in env.possible_agents)
    assert rewards == {mrl.agent_id(p): r for p, r in enumerate(shadow.returns())}
    assert sorted(obs) == sorted(env.possible_agents)
    assert str(env.state) == str(shadow)
    assert turns > 0


def test_extra_turns_ask_the_same_agent_again():
    # Kalah with 4 houses of 3: South's second house (action 1) holds 3
    # seeds, sown into his third and fourth houses and then his store, so
    # he moves again.
    env = make("kalah", "houses=4 seeds=3")
    obs, _ = env.reset()
    assert list(obs) == ["player_0"]
    obs, rewards, *_ = env.step({"player_0": 1})
    assert list(obs) == ["player_0"]
    assert rewards == {"player_0": 0.0}


def test_numa_asks_both_players_at_once():
    env = make("numa")
    obs, _ = env.reset()
    assert sorted(obs) == ["player_0", "player_1"]
    with pytest.raises(ValueError, match="one action from each of"):
        env.step({"player_0": int(np.flatnonzero(obs["player_0"]["action_mask"])[0])})


def test_an_illegal_action_names_the_mask_and_changes_nothing():
    env = make("oware")
    env.reset()
    before = str(env.state)
    env.step({"player_0": 0})
    # North to move; South's houses are not his.
    before = str(env.state)
    with pytest.raises(mancala_rs.IllegalActionError, match=r"player_1: action 0 is not legal here; the mask allows \[6, 7, 8, 9, 10, 11\]"):
        env.step({"player_1": 0})
    assert str(env.state) == before
    with pytest.raises(ValueError, match="names \\['player_0'\\]"):
        env.step({"player_0": 6})
    with pytest.raises(ValueError, match="must be an integer"):
        env.step({"player_1": "six"})
    assert str(env.state) == before


def test_bad_configs_are_refused():
    with pytest.raises(mancala_rs.GameError):
        make("no-such-game")
    with pytest.raises(mancala_rs.GameError):
        make("kalah", "houses=zero")
    with pytest.raises(ValueError, match="unknown key.*'opts'"):
        mrl.MancalaMultiAgentEnv({"game": "kalah", "opts": ""})
    with pytest.raises(ValueError, match="max_turns"):
        mrl.MancalaMultiAgentEnv({"game": "kalah", "max_turns": 0})
    with pytest.raises(TypeError, match="options must be"):
        mrl.MancalaMultiAgentEnv({"game": "kalah", "options": 4})
    creator = _global_registry.get(ENV_CREATOR, "mancala_rs/kalah")
    with pytest.raises(ValueError, match="plays kalah"):
        creator({"game": "oware"})


def test_max_turns_truncates_every_agent():
    env = mrl.MancalaMultiAgentEnv({"game": "oware", "max_turns": 3})
    obs, _ = env.reset()
    for _ in range(3):
        (agent,) = obs
        obs, rewards, terminateds, truncateds, _ = env.step({agent: env.action_spaces[agent].sample()})
    assert truncateds == {"player_0": True, "player_1": True, "__all__": True}
    assert terminateds == {"__all__": False}
    assert rewards == {"player_0": 0.0, "player_1": 0.0}
    assert sorted(obs) == ["player_0", "player_1"]


def test_reset_can_start_from_a_position():
    start = mancala_rs.new_game("kalah", "houses=4 seeds=3")
    start.apply_action(0)
    env = make("kalah", "houses=4 seeds=3")
    obs, _ = env.reset(options={"position": str(start)})
    assert str(env.state) == str(start)
    assert list(obs) == [mrl.agent_id(start.current_player())]
    with pytest.raises(mancala_rs.GameError):
        env.reset(options={"position": "not a position"})


def test_a_pickled_action_space_samples_without_its_environment():
    import pickle

    env = make("oware")
    env.reset()
    space = pickle.loads(pickle.dumps(env.action_spaces["player_1"]))
    assert space == env.action_spaces["player_1"]
    assert 0 <= int(space.sample()) < space.n


def test_module_action_is_a_legal_argmax_of_the_masking_module():
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    env = make("oware")
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        observation_space=env.observation_spaces["player_0"],
        action_space=env.action_spaces["player_0"],
        model_config={"fcnet_hiddens": [16]},
    ).build()
    state = mancala_rs.new_game("oware")
    rng = random.Random(3)
    for _ in range(30):
        if state.is_terminal():
            break
        action = mrl.module_action(module, state)
        assert action in state.legal_actions()
        # The same position gives the same choice.
        assert mrl.module_action(module, state.clone()) == action
        state.apply_action(rng.choice(state.legal_actions()))
