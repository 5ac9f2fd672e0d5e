"""The games on four rows through Python: the action integers (sowing,
clockwise sowing, placing, pass), the observation's shape and its extra
entries, and games played from the start with random legal actions."""

import json
from pathlib import Path

import numpy as np
import pytest

import mancala_rs

# Each game's holes a row, C: the board has H = 4C holes (FOUR-ROWS.md).
COLUMNS = {"hus-nama": 16, "tsoro": 8, "moruba": 12, "hawalis": 7, "hus-damara": 12, "omweso": 8}


def test_the_six_games_are_listed_last():
    assert mancala_rs.games()[-6:] == list(COLUMNS)


def test_actions_are_numbered_sowing_clockwise_placing_pass():
    # Omweso, H = 32: sowing h is h, clockwise 32 + h, placing 64 + h,
    # pass 96. At the start South places into one of his 16 holes (0 to
    # 15): 64 to 79.
    state = mancala_rs.new_game("omweso")
    assert state.num_distinct_actions == 97
    assert state.legal_actions() == list(range(64, 80))
    assert [state.action_to_string(a) for a in (5, 37, 69, 96)] == ["5", "5:cw", "place:5", "pass"]
    with pytest.raises(mancala_rs.IllegalActionError):
        state.apply_action(5)
    state.apply_action(64 + 3)
    assert str(state) == "0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 31,32 1 rules=omweso"
    # North (player 1) places into his holes 16 to 31.
    assert state.legal_actions() == list(range(64 + 16, 64 + 32))
    # Tsoro: South sows one of his 8 outer holes of 2 seeds; hole 5's two
    # seeds go into 6 and 7, hole 7 (now 3) relays into 8, 9 and 10.
    tsoro = mancala_rs.new_game("tsoro")
    assert tsoro.legal_actions() == list(range(8))
    tsoro.apply_action(5)
    assert str(tsoro).startswith("2,2,2,2,2,0,3,0/1,1,1,0,0,0,0,0/2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0 0,0 1 ")


@pytest.mark.parametrize("name", list(COLUMNS))
def test_the_observation_is_holes_stores_to_move_and_five_flags(name):
    state = mancala_rs.new_game(name)
    holes = 4 * COLUMNS[name]
    obs = np.asarray(state.observation())
    assert obs.shape == (holes + 9,)
    # South to move at the start.
    assert list(obs[holes + 2 : holes + 4]) == [1, 0]
    placing = 1 if name == "omweso" else 0
    opening = 1 if name == "hus-nama" else 0
    # Placing, each player's opening to come, each player's pass.
    assert list(obs[holes + 4 :]) == [placing, opening, opening, 0, 0]
    # Omweso starts with an empty board and 32 seeds in each hand.
    if name == "omweso":
        assert list(obs[:holes]) == [0] * holes
        assert list(obs[holes : holes + 2]) == [32, 32]


@pytest.mark.parametrize("name", list(COLUMNS))
def test_a_random_game_from_the_start(name, rng):
    # Random legal actions to the end or 3,000 turns (Ludii's random Hus
    # games run to thousands of moves): every position on the way has
    # legal actions or is over, its observation keeps its length, and a
    # finished game's returns are a win and a loss or a draw.
    state = mancala_rs.new_game(name)
    length = len(state.observation())
    for _ in range(3_000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal, str(state)
        assert all(0 <= a < state.num_distinct_actions for a in legal)
        state.apply_action(int(rng.choice(legal)))
        assert len(state.observation()) == length
    if state.is_terminal():
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        assert state.legal_actions() == []


ROOT = Path(__file__).resolve().parents[2]


def test_complete_hus_nama_games_from_the_start():
    # The five complete games Ludii recorded (conformance/four-rows/
    # hus-nama-ends.jsonl): a sowing's action integer is its hole, so
    # each trace's sowings are played as they are (a pass is 3H = 192),
    # and each game ends where Ludii's did, with its winner.
    lines = (ROOT / "conformance" / "four-rows" / "hus-nama-ends.jsonl").read_text().splitlines()
    assert len(lines) == 5
    for line in lines:
        trace = json.loads(line)
        state = mancala_rs.new_game("hus-nama")
        for move in trace["moves"]:
            assert not state.is_terminal()
            state.apply_action(4 * 3 * COLUMNS["hus-nama"] if move == "pass" else move)
        assert state.is_terminal()
        winner = trace["states"][-1]["result"]["winner"]
        assert state.returns()[winner] == 1.0


def test_hus_damara_ends_from_a_late_position():
    # The table the command's and the page's tests play too, each ending
    # with why it ends.
    endings = json.loads((ROOT / "mancala-cli" / "tests" / "data" / "four_row_endings.json").read_text())
    for ending in endings:
        state = mancala_rs.from_text(ending["game"], ending["position"])
        for move in ending["moves"]:
            assert not state.is_terminal()
            by_text = {state.action_to_string(a): a for a in state.legal_actions()}
            state.apply_action(by_text[move])
        assert state.is_terminal(), ending["why"]
        assert state.returns()[ending["winner"]] == 1.0
