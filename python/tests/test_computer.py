"""The computer is one player, whatever face asks: `State.search_action`
picks the move the `mancala engine` command picks for `go nodes N` in the
same position (both ask the registry's `AnyGame.search_for`).

The command is found by the environment variable `MANCALA_BIN`, else as
`target/release/mancala` or `target/debug/mancala` under the repository
(or under `CARGO_TARGET_DIR`), the newer if both are built; without one the
test is skipped (`cargo build --release --bin mancala` builds it)."""

import os
import subprocess
from pathlib import Path

import pytest

import mancala_rs
from conftest import ALL_GAMES

# The search's node limit, on both sides.
NODES = 3_000
# Each game's positions: the start, and after these many turns of fixed
# legal moves.
PLIES = [0, 3, 8]

REPO = Path(__file__).resolve().parents[2]


def find_engine():
    """The `mancala` binary, or None."""
    given = os.environ.get("MANCALA_BIN")
    if given:
        return given
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
    if not target.is_absolute():
        target = REPO / target
    built = [target / profile / "mancala" for profile in ("release", "debug")]
    built = [path for path in built if path.is_file() and os.access(path, os.X_OK)]
    if not built:
        return None
    # The newer build is the one of the current sources, if either is.
    return str(max(built, key=lambda path: path.stat().st_mtime))


ENGINE = find_engine()

pytestmark = pytest.mark.skipif(
    ENGINE is None,
    reason=(
        "no mancala command to compare with: set MANCALA_BIN, or build it "
        "(cargo build --release --bin mancala) at target/release/mancala or target/debug/mancala"
    ),
)


def fixed_pick(legal, ply, player):
    """A legal action chosen by the ply and the player alone (no randomness)."""
    return legal[(7 * ply + 3 * player + 1) % len(legal)]


def positions(name):
    """The start of `name` and the positions after `PLIES` turns of fixed
    moves (those the game lasts to), as states not over."""
    state = mancala_rs.new_game(name)
    out = []
    for ply in range(max(PLIES) + 1):
        if state.is_terminal():
            break
        if ply in PLIES:
            out.append(state.clone())
        acting = state.acting_players()
        actions = [fixed_pick(state.legal_actions(p), ply, p) for p in acting]
        if len(actions) == 1:
            state.apply_action(actions[0])
        else:
            state.apply_actions(actions)
    return out


def engine_moves(name, text):
    """The engine's `bestmove` lines for `go nodes NODES` at the position
    `text`: {None: move} in a turn, {player: choice} in a simultaneous
    turn.

    The input ends without `quit`: the engine reads ahead while it
    searches, and a `quit` read during a `go` stops it at once (the
    protocol's `stop`); the end of the input lets it finish, then exit."""
    commands = f"new {name}\nposition {text}\ngo nodes {NODES}\n"
    done = subprocess.run(
        [ENGINE, "engine"],
        input=commands,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 0, (name, text, done.returncode, done.stderr)
    assert not any(line.startswith("error") for line in lines), (name, text, lines)
    moves = {}
    for line in lines:
        words = line.split()
        if not words or words[0] != "bestmove":
            continue
        if len(words) == 2:
            moves[None] = words[1]
        elif len(words) == 3 and words[1].startswith("P"):
            moves[int(words[1][1:])] = words[2]
        else:
            raise AssertionError(f"{name}: unreadable answer line {line!r}")
    assert moves, (name, text, lines)
    return moves


@pytest.mark.parametrize("name", ALL_GAMES)
def test_search_action_picks_the_engines_move(name):
    cases = positions(name)
    assert cases and len(cases) >= 2, f"{name}: the fixed moves end the game at once"
    for state in cases:
        text = str(state)
        expected = engine_moves(name, text)
        if state.current_player() >= 0:
            action = state.search_action(nodes=NODES)
            assert action in state.legal_actions()
            ours = {None: state.action_to_string(action)}
        else:
            ours = {}
            for p in state.acting_players():
                action = state.search_action(p, nodes=NODES)
                assert action in state.legal_actions(p)
                ours[p] = state.action_to_string(action)
        assert ours == expected, f"{name} at {text}: search_action chose {ours}, the engine {expected}"
