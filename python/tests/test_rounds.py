"""Matches of rounds through Python: the action integers of fills and of
Dakon's choices, the observation of closed holes and of the round, and
each match played to its end from a late position."""

import json
from pathlib import Path

import numpy as np
import pytest

import mancala_rs

ROOT = Path(__file__).resolve().parents[2]
# A position of each game whose one legal move ends the match, with why
# (the table the command's and the page's tests play too).
LAST_MOVES = json.loads((ROOT / "mancala-cli" / "tests" / "data" / "round_last_moves.json").read_text())


def action(state, text):
    """The action integer whose text is `text` among the legal ones."""
    by_text = {state.action_to_string(a): a for a in state.legal_actions()}
    assert text in by_text, (text, sorted(by_text))
    return by_text[text]


@pytest.mark.parametrize("case", LAST_MOVES, ids=[c["game"] for c in LAST_MOVES])
def test_every_match_ends_from_a_late_position(case):
    state = mancala_rs.from_text(case["game"], case["position"])
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    state.apply_action(action(state, case["move"]))
    # The match is over, not just the round: South has won it.
    assert state.is_terminal(), case["why"]
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []


def test_fills_and_choices_are_numbered_after_the_holes():
    # Dakon: 14 holes, so sowing is 0..13, filling hole h is 14 + h, relay
    # 28, capture 29, pass 30.
    state = mancala_rs.from_text("dakon", "0,2,0,0,0,0,0/1,1,1,1,1,1,1 45,44 0 rules=dakon stage=choose:1")
    assert state.num_distinct_actions == 31
    assert state.legal_actions() == [28, 29]
    assert [state.action_to_string(a) for a in (28, 29, 30, 17)] == ["relay", "capture", "pass", "fill:3"]
    with pytest.raises(mancala_rs.IllegalActionError):
        state.apply_action(1)
    # The capture moves the last seed into hole 12 and takes it with
    # hole 12's seed: South's store 45 + 2.
    state.apply_action(29)
    assert str(state) == "0,1,0,0,0,0,0/1,1,1,1,1,0,1 47,44 1 rules=dakon"
    # Sungka between rounds: North fills any empty hole of his, 7 + h.
    state = mancala_rs.from_text("sungka", "0,0,0,0,0,0,0/0,0,0,0,0,0,0 50,48 1 rules=sungka stage=refill")
    assert state.legal_actions() == [14 + h for h in range(7, 14)]
    state.apply_action(14 + 10)
    assert str(state).startswith("0,0,0,0,0,0,0/0,0,0,7,0,0,0 50,41 0 ")
    # Filling changes what a player holds nowhere: his seeds in the
    # holes he filled count with his store.
    assert state.scores() == [50, 48]


def test_the_observation_says_which_holes_are_closed_and_the_round():
    # Congkak's second round, holes 6 and 7 closed: 12 holes, 2 stores,
    # the player to move (one-hot), 12 closed flags, the round,
    # refilling, choosing.
    state = mancala_rs.from_text("congkak", "6,6,6,6,6,6/0,0,6,6,6,6 10,2 1 rules=congkak round=2 closed=6,7")
    obs = np.asarray(state.observation())
    assert obs.shape == (31,)
    closed = np.zeros(12)
    closed[[6, 7]] = 1
    assert list(obs[16:28]) == list(closed)
    assert list(obs[28:]) == [2, 0, 0]
    assert state.legal_actions() == [8, 9, 10, 11]


def test_the_computer_plays_fills_and_choices():
    state = mancala_rs.from_text("dakon", "0,2,0,0,0,0,0/1,1,1,1,1,1,1 45,44 0 rules=dakon stage=choose:1")
    assert state.search_action(None, 2000) in (28, 29)
    state = mancala_rs.from_text("sungka", "0,0,0,0,0,0,0/0,0,0,0,0,0,0 50,48 1 rules=sungka stage=refill")
    assert state.search_action(None, 2000) in range(21, 28)
