"""VectorEnv: many games stepped in Rust, checked against single states."""

import numpy as np
import pytest

import mancala_rs


def reference_step(states, actions, start):
    """What VectorEnv.step should give, from plain states."""
    obs, rewards, terminated, masks = [], [], [], []
    for i, state in enumerate(states):
        acting = state.acting_players()
        if len(acting) == 1:
            state.apply_action(int(actions[i]))
        else:
            state.apply_actions([int(a) for a in actions[i]])
        done = state.is_terminal()
        rewards.append(state.returns() if done else [0.0] * state.num_players())
        terminated.append(done)
        if done:
            states[i] = start.new_initial_state()
            state = states[i]
        obs.append(state.observation())
        acting = state.acting_players()
        masks.append(state.action_mask(acting[0]).astype(bool))
    return np.array(obs), np.array(rewards, np.float32), np.array(terminated), np.array(masks)


@pytest.mark.parametrize("name, options", [("oware", ""), ("kalah", "houses=4 seeds=3"), ("robertson", "layout=triangle"), ("mankka", ""), ("numa", "")])
@pytest.mark.parametrize("threads", [1, 3])
def test_steps_match_single_states_and_finished_games_restart(name, options, threads):
    n = 7
    env = mancala_rs.VectorEnv(name, n, seed=5, options=options, num_threads=threads)
    start = mancala_rs.load_game(name, options)
    states = [start.new_initial_state() for _ in range(n)]
    obs, mask = env.reset()
    assert obs.dtype == np.float32 and obs.shape == (n,) + start.observation_shape
    assert mask.dtype == np.bool_ and mask.shape == (n, start.num_distinct_actions)
    assert np.array_equal(obs, np.array([s.observation() for s in states]))
    finished = 0
    for _ in range(400):
        actions = env.sample()
        expected = reference_step(states, actions, start)
        obs, rewards, terminated, mask = env.step(actions)
        assert rewards.shape == (n, start.num_players())
        for got, want in zip((obs, rewards, terminated, mask), expected):
            assert np.array_equal(got, want)
        players = env.to_play()
        assert players.shape == (n,)
        for i, state in enumerate(states):
            assert players[i] == state.current_player()
        finished += int(terminated.sum())
    assert finished > 0


def test_sample_draws_legal_actions_from_the_seed():
    a = mancala_rs.VectorEnv("oware", 64, seed=1)
    b = mancala_rs.VectorEnv("oware", 64, seed=1)
    c = mancala_rs.VectorEnv("oware", 64, seed=2)
    _, mask = a.reset()
    b.reset()
    c.reset()
    first = a.sample()
    assert np.array_equal(first, b.sample())
    assert not np.array_equal(first, c.sample())
    assert all(mask[i, first[i]] for i in range(64))
    assert mancala_rs.VectorEnv("numa", 4).sample().shape == (4, 2)


def test_a_refused_step_moves_no_game():
    env = mancala_rs.VectorEnv("oware", 3)
    obs, mask = env.reset()
    legal = np.array([0, 1, 2])
    with pytest.raises(mancala_rs.IllegalActionError, match="game 2: action 7"):
        env.step(np.array([0, 1, 7]))
    with pytest.raises(mancala_rs.IllegalActionError, match="game 0: action -1"):
        env.step(np.array([-1, 1, 2]))
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(np.array([0, 1]))
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(np.zeros((3, 2), np.int64))
    # Nothing moved: the next legal step is the first.
    after, _, _, _ = env.step(legal)
    state = mancala_rs.new_game("oware")
    state.apply_action(0)
    assert np.array_equal(after[0], state.observation())
    numa = mancala_rs.VectorEnv("numa", 2)
    with pytest.raises(ValueError, match=r"shape \(2, 2\)"):
        numa.step(np.array([0, 1]))


def test_bad_arguments_are_refused():
    with pytest.raises(mancala_rs.GameError, match="unknown game"):
        mancala_rs.VectorEnv("chess", 4)
    with pytest.raises(ValueError, match="num_envs"):
        mancala_rs.VectorEnv("kalah", 0)
    with pytest.raises(ValueError, match="num_threads"):
        mancala_rs.VectorEnv("kalah", 4, num_threads=0)
    env = mancala_rs.VectorEnv("kalah", 2, options="houses=5")
    assert env.num_envs == 2
    assert env.num_distinct_actions == 11
    assert env.observation_shape == (14,)
    assert env.num_players == 2


@pytest.mark.parametrize("name", ["oware", "numa"])
def test_returned_arrays_are_fresh_and_actions_need_not_be_contiguous(name):
    """Every step returns arrays of its own (the environment keeps its
    buffers): keeping or changing one step's arrays changes nothing later,
    and the actions may be any array view."""
    n = 6
    env = mancala_rs.VectorEnv(name, n, seed=3)
    twin = mancala_rs.VectorEnv(name, n, seed=3)
    obs0, mask0 = env.reset()
    twin.reset()
    kept = [(obs0, obs0.copy()), (mask0, mask0.copy())]
    for step in range(60):
        actions = env.sample()
        assert np.array_equal(actions, twin.sample())
        # A strided view of the same actions, for one of the twins.
        wide = np.repeat(actions, 2, axis=0)[::2]
        assert not wide.flags["C_CONTIGUOUS"]
        out = env.step(actions)
        ref = twin.step(wide)
        for got, want in zip(out, ref):
            assert np.array_equal(got, want)
        # Arrays of this step share no memory with the last ones or each other.
        for a, _ in kept:
            for b in out:
                assert not np.shares_memory(a, b)
        for i, a in enumerate(out):
            for b in out[i + 1 :]:
                assert not np.shares_memory(a, b)
        for a, copy in kept:
            assert np.array_equal(a, copy)
        # Scribbling over this step's arrays does not reach the next step.
        kept = [(a, a.copy()) for a in out]
        out[0][:] = -7.0
        out[3][:] = False
        kept[0] = (out[0], out[0].copy())
        kept[3] = (out[3], out[3].copy())
    assert np.array_equal(env.to_play(), twin.to_play())
