"""The core API: games by name, states, integer actions, errors."""

import copy
from pathlib import Path

import numpy as np
import pytest

import mancala_rs
from conftest import ALL_GAMES, random_playout


def test_games_lists_every_game_of_the_registry():
    games = mancala_rs.games()
    # The four games of the project, oware and Kalah, then the catalogue's,
    # the matches of rounds and the games on four rows: exactly the games
    # whose Ludii traces are in conformance/catalogue/, conformance/rounds/
    # and conformance/four-rows/ (whose hus-nama-ends.jsonl holds more
    # games of hus-nama, those that reach their end: no game of its own).
    assert games[:6] == ["numercy", "robertson", "mankka", "numa", "oware", "kalah"]
    conformance = Path(__file__).resolve().parents[2] / "conformance"
    folders = ("catalogue", "rounds", "four-rows")
    traced = {p.stem for folder in folders for p in (conformance / folder).glob("*.jsonl")}
    traced.discard("hus-nama-ends")
    assert set(games[6:]) == traced
    for name in ["french-wari", "toguz-kumalak"]:
        assert name in games
    assert len(set(games)) == len(games)


def test_game_info_tells_rules_and_options():
    for name in mancala_rs.games():
        info = mancala_rs.game_info(name)
        assert info["name"] == name
        assert info["rules"] and info["title"]
        for option in info["options"]:
            assert option["help"], (name, option["key"])
            # The default is the game's own value: given back, it changes
            # nothing.
            if option["default"] is not None:
                given = mancala_rs.new_game(name, f"{option['key']}={option['default']}")
                assert str(given) == str(mancala_rs.new_game(name)), (name, option)
    kalah = mancala_rs.game_info("kalah")
    seeds = next(o for o in kalah["options"] if o["key"] == "seeds")
    assert seeds["default"] == "4"
    assert kalah["rules"].startswith("Kalah: two rows of 6 pits with 4 seeds each")
    # Toguz Kumalak is played as it is: no options.
    assert mancala_rs.game_info("toguz-kumalak")["options"] == []
    with pytest.raises(mancala_rs.GameError, match="unknown game"):
        mancala_rs.game_info("chess")


def test_kalah_start_and_an_extra_turn():
    state = mancala_rs.new_game("kalah")
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    # Hole 2's four seeds end in South's store (holes 3, 4, 5, store):
    # South moves again.
    state.apply_action(2)
    assert str(state) == "4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah"
    assert state.current_player() == 0
    assert state.scores() == [1, 0]
    assert state.returns() == [0.0, 0.0]


def test_options_text_sets_the_rules():
    state = mancala_rs.new_game("kalah", "houses=4 seeds=3")
    assert state.legal_actions() == [0, 1, 2, 3]
    assert state.observation_shape == (4 * 2 + 2 + 2,)
    # Mankka Two: 12 holes, pass, and the 462 placements of six seeds.
    assert mancala_rs.load_game("mankka").num_distinct_actions == 13 + 462
    assert mancala_rs.load_game("mankka", "variant=one").num_distinct_actions == 13
    assert mancala_rs.load_game("robertson", "layout=triangle").num_players() == 3


@pytest.mark.parametrize(
    "name, options, says",
    [
        ("chess", "", "unknown game `chess`"),
        ("kalah", "houses=x", "houses"),
        ("kalah", "bogus=1", "unknown option `bogus`"),
        ("kalah", "seeds", "key=value"),
        ("oware", "rules=kalah", "preset"),
        ("toguz-kumalak", "houses=9", "unknown option"),
        ("numercy", "max_laps=5", "not a rule"),
    ],
)
def test_bad_names_and_options_raise_game_error(name, options, says):
    with pytest.raises(mancala_rs.GameError, match=says):
        mancala_rs.new_game(name, options)
    # A GameError is a ValueError.
    with pytest.raises(ValueError):
        mancala_rs.load_game(name, options)


def test_an_illegal_action_raises_and_changes_nothing():
    state = mancala_rs.new_game("oware")
    before, key = str(state), state.key()
    for action in [6, 12, 13, 1000, -1]:
        with pytest.raises(mancala_rs.IllegalActionError):
            state.apply_action(action)
        assert str(state) == before and state.key() == key
    with pytest.raises(ValueError):
        state.apply_actions([0, 1])
    assert str(state) == before


def test_numa_takes_both_choices_at_once():
    state = mancala_rs.new_game("numa")
    assert state.current_player() == -2
    assert state.acting_players() == [0, 1]
    assert state.legal_actions() == []
    assert state.legal_actions(0) == list(range(72))
    with pytest.raises(mancala_rs.IllegalActionError, match="simultaneous"):
        state.apply_action(0)
    with pytest.raises(mancala_rs.IllegalActionError, match="2 action"):
        state.apply_actions([0])
    before = str(state)
    state.apply_actions([0, 71])
    assert str(state) != before
    assert state.observation().shape == (4 * 2 * 25 + 4,)


def test_clone_and_copy_are_independent():
    state = mancala_rs.new_game("kalah")
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        other.apply_action(0)
        assert str(other) != str(state)
        assert other.key() != state.key()


@pytest.mark.parametrize("name", ALL_GAMES)
def test_random_games_keep_every_invariant(name, rng):
    state = mancala_rs.new_game(name)
    game = state.get_game()
    assert game.name == name
    for _ in range(3):
        s = game.new_initial_state()
        moves = 0
        while not s.is_terminal() and moves < 3_000:
            acting = s.acting_players()
            assert acting, "a game not over has someone to act"
            if len(acting) == 1:
                assert s.current_player() == acting[0]
            else:
                assert s.current_player() == -2
            observation = s.observation()
            assert observation.dtype == np.float32 and observation.shape == game.observation_shape
            choices = []
            for p in acting:
                legal = s.legal_actions(p)
                assert legal == sorted(legal) and legal, (name, str(s))
                assert all(0 <= a < game.num_distinct_actions for a in legal)
                mask = s.action_mask(p)
                assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
                assert list(np.flatnonzero(mask)) == legal
                choices.append(rng.choice(legal))
            # The text round-trips at every position.
            assert str(mancala_rs.from_text(name, str(s))) == str(s)
            if len(choices) == 1:
                s.apply_action(choices[0])
            else:
                s.apply_actions(choices)
            moves += 1
        if s.is_terminal():
            assert s.current_player() == -1
            assert s.legal_actions() == []
            returns = s.returns()
            assert len(returns) == game.num_players()
            assert abs(sum(returns)) < 1e-9
            assert max(returns) in (0.0, 1.0)


def test_from_text_refuses_what_is_no_position():
    with pytest.raises(mancala_rs.GameError, match="bad position"):
        mancala_rs.from_text("kalah", "4,4,4")
    with pytest.raises(mancala_rs.GameError, match="unknown game"):
        mancala_rs.from_text("chess", "")


def test_the_engine_plays_legal_moves():
    state = mancala_rs.new_game("kalah")
    assert state.search_action(nodes=500) in state.legal_actions()
    assert state.greedy_action() in state.legal_actions()
    numa = mancala_rs.new_game("numa")
    assert numa.search_action(1, nodes=6_000) in range(72)
    with pytest.raises(ValueError, match="not to move"):
        state.search_action(1)


def test_a_random_game_of_every_game_ends(rng):
    for name in ALL_GAMES:
        if name in ("i", "en-gehe", "oure-ngat", "halusa"):
            # I's rules have no end for a cycle (random play can go round
            # for ever); En Gehe's 2x40 games run to thousands of moves;
            # Oure Ngat never ends (its single seeds are sown back into
            # their own holes); Halusa's random games often end in two
            # lone seeds chasing each other round the board for ever.
            continue
        if name in ("sungka", "galatjang", "ovalhu", "dakon", "khrour"):
            # Matches of rounds whose random play does not end: Sungka never
            # closes a hole, random Galatjang, Ovalhu and Dakon rounds
            # rarely empty the board (none of 50 matches ended within
            # 20,000 actions, nor any of Ludii's recorded matches), and
            # Khrour jams with both players passing for ever.
            continue
        if name in ("hus-nama", "hus-damara"):
            # Games on four rows whose random play need not end: their seeds
            # never leave the board (Hus (Nama)) or rarely do (Hus
            # (Damara)), and of 10 random games 1 of Hus (Nama) and 5 of Hus
            # (Damara) went past 20,000 actions (Ludii's recordings cap them
            # at 300 and 400 plies).
            continue
        state = mancala_rs.new_game(name)
        random_playout(state, rng)
        assert state.is_terminal(), name
