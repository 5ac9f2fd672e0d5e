"""The registered OpenSpiel game, and our Kalah and oware against
OpenSpiel's own, move by move."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala_rs
import mancala_rs.openspiel
from conftest import ALL_GAMES


# OpenSpiel's Kalah ("mancala") numbers its board 0 to 13: 0 North's store,
# 1-6 South's houses, 7 South's store, 8-13 North's houses; a move is its
# house's number. Ours numbers the houses 0-11 round the ring (South 0-5,
# North 6-11), stores apart.
def kalah_action_to_spiel(action):
    return action + 1 if action < 6 else action + 2


def kalah_board_of_spiel(state):
    board = [round(x) for x in state.observation_tensor(0)[:14]]
    holes = board[1:7] + board[8:14]
    stores = [board[7], board[0]]
    return holes, stores


# OpenSpiel's oware numbers a move by the house in the mover's own row,
# 0-5; its observation holds the 12 houses (South's then North's, ours'
# order) and the two scores, each divided by the 48 seeds.
def oware_action_to_spiel(action):
    return action % 6


def oware_board_of_spiel(state):
    tensor = state.observation_tensor(0)
    numbers = [round(x * 48) for x in tensor]
    return numbers[:12], numbers[12:14]


def ours_board(state):
    observation = state.observation()
    holes = [int(x) for x in observation[:12]]
    stores = [int(x) for x in observation[12:14]]
    return holes, stores


@pytest.mark.parametrize(
    "ours_name, spiel_name, to_spiel, spiel_board",
    [
        ("kalah", "mancala", kalah_action_to_spiel, kalah_board_of_spiel),
        ("oware", "oware", oware_action_to_spiel, oware_board_of_spiel),
    ],
)
def test_a_thousand_random_games_agree_with_openspiel(ours_name, spiel_name, to_spiel, spiel_board):
    rng = random.Random(2026)
    spiel_game = pyspiel.load_game(spiel_name)
    moves = 0
    for _ in range(1000):
        ours = mancala_rs.new_game(ours_name)
        theirs = spiel_game.new_initial_state()
        while True:
            assert ours.is_terminal() == theirs.is_terminal(), (str(ours), str(theirs))
            assert ours_board(ours) == spiel_board(theirs), (str(ours), str(theirs))
            if ours.is_terminal():
                assert ours.returns() == theirs.returns()
                break
            assert ours.current_player() == theirs.current_player()
            legal = ours.legal_actions()
            assert [to_spiel(a) for a in legal] == theirs.legal_actions()
            action = rng.choice(legal)
            ours.apply_action(action)
            theirs.apply_action(to_spiel(action))
            moves += 1
    assert moves > 10_000


def test_the_game_registers_and_loads_with_parameters():
    mancala_rs.openspiel.register()
    mancala_rs.openspiel.register()  # a second call does nothing
    game = pyspiel.load_game("mancala_rs", {"game": "kalah", "options": "houses=4 seeds=3"})
    assert game.num_distinct_actions() == 9
    assert game.num_players() == 2
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3]
    state.apply_action(1)
    assert state.current_player() == 0
    clone = state.clone()
    clone.apply_action(0)
    assert str(clone) != str(state)
    assert np.array(state.observation_tensor()).shape == (12,)
    default = mancala_rs.openspiel.load_game()
    assert default.new_initial_state().legal_actions() == [0, 1, 2, 3, 4, 5]
    with pytest.raises(Exception, match="unknown game"):
        pyspiel.load_game("mancala_rs", {"game": "chess"})


def test_numa_is_simultaneous():
    game = mancala_rs.openspiel.load_game("numa")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    assert state.legal_actions(1) == list(range(72))
    state.apply_actions([0, 1])
    assert not state.is_terminal()


def capped_evaluator(mcts, rng, most=300):
    """OpenSpiel's random rollouts, each stopped after `most` moves (scored
    as a draw): a random game of I can go round for ever, its rules having
    no end for a cycle."""

    class Capped(mcts.RandomRolloutEvaluator):
        def evaluate(self, state):
            working = state.clone()
            for _ in range(most):
                if working.is_terminal():
                    return np.array(working.returns())
                if working.is_chance_node():
                    raise ValueError("the games have no chance")
                actions = working.legal_actions(working.current_player())
                # The draw rng.choice(actions) makes (the same call on the
                # generator), without its conversion of the list to an array.
                working.apply_action(actions[rng.randint(len(actions))])
            return np.array(working.returns()) if working.is_terminal() else np.zeros(working.num_players())

    return Capped(1, rng)


# Moves the MCTS bots choose in each game; the rest of a longer game is
# played with uniformly random legal moves.
MCTS_MOVES = 200


@pytest.mark.parametrize("name", ALL_GAMES)
def test_mcts_plays_every_game_to_its_end_or_for_5000_moves(name):
    """OpenSpiel's MCTS bots play every game, each move legal, and the game
    goes on to its end (zero-sum returns). Some games' rules do not end a
    game that goes round (Oure Ngat's single seeds sown back into their own
    holes, Kara's and Dabuda's captureless play, as Ludii would play them
    for ever): a game still going after 5,000 moves must still have a legal
    move. A legal move whose next position the default work budget cannot
    decide is refused, the state unchanged (Dabuda's long relays; the
    library's bound on hostile work), and ends the test's game there (in
    the bot's search or in the game).

    The bots choose the first 200 moves (every search step of theirs, each
    with random rollouts of up to 300 moves, runs through the OpenSpiel
    state: its clones, legal actions, moves and returns, on positions of
    every stage); the bots' part needs no end. The rest of the game, to its
    end or move 5,000, is played with uniformly random legal moves through
    the same state, so that every game still reaches its end or the cap
    (the bots took over 20 minutes on the games that go round, at some 50
    ms a move, for nothing the first moves did not check)."""
    from open_spiel.python.algorithms import mcts

    game = mancala_rs.openspiel.load_game(name)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    rng = np.random.RandomState(7)
    evaluator = capped_evaluator(mcts, rng)
    bots = [mcts.MCTSBot(game, 2, 8, evaluator, random_state=rng) for _ in range(game.num_players())]
    state = game.new_initial_state()
    for move in range(5_000):
        if state.is_terminal():
            break
        before = str(state)
        try:
            if move < MCTS_MOVES:
                # (The bot's search plays moves on copies: a refusal may
                # come from there too.)
                action = bots[state.current_player()].step(state)
            else:
                legal = state.legal_actions()
                action = legal[rng.randint(len(legal))]
            assert action in state.legal_actions()
            state.apply_action(action)
        except mancala_rs.IllegalActionError as refused:
            assert "cannot be decided" in str(refused), str(refused)
            assert str(state) == before
            return
    if not state.is_terminal():
        assert state.legal_actions(), f"{name}: a live game without a move"
        return
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert abs(sum(returns)) < 1e-9
