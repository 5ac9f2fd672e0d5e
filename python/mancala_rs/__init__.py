"""Every mancala-rs game for Python, played by the Rust libraries.

>>> import mancala_rs
>>> state = mancala_rs.new_game("kalah", "houses=4 seeds=3")
>>> state.legal_actions()
[0, 1, 2, 3]
>>> state.apply_action(1)
>>> str(state)
'3,0,4,4/3,3,3,3 1,0 0 rules=kalah houses=4 seeds=3'

- :func:`games` lists every game name, :func:`game_info` tells one game's
  rules in words and its options; :func:`new_game` starts one from its
  name and an options text (``"houses=4 seeds=4"``); :func:`from_text` reads
  a position; :func:`load_game` gives the game's sizes.
- A :class:`State` takes integer actions (``legal_actions()``,
  ``apply_action``; ``apply_actions`` for Numa's simultaneous turns) and
  gives ``observation()`` and ``action_mask()`` as numpy arrays.
- :class:`VectorEnv` steps many games at once inside Rust.
- :mod:`mancala_rs.openspiel`, :mod:`mancala_rs.pettingzoo`,
  :mod:`mancala_rs.gym` and :mod:`mancala_rs.rllib` adapt the games to those
  libraries (each imported on first use, so the package needs none of them).
- :mod:`mancala_rs.tablebase` builds Kalah tablebases in pieces, on a Ray
  cluster or on this machine.
"""

from types import ModuleType

from ._core import (
    Game,
    GameError,
    IllegalActionError,
    State,
    TablebaseFileError,
    VectorEnv,
    from_text,
    game_info,
    games,
    load_game,
    new_game,
)

__all__ = [
    "Game",
    "GameError",
    "IllegalActionError",
    "State",
    "TablebaseFileError",
    "VectorEnv",
    "from_text",
    "game_info",
    "games",
    "load_game",
    "new_game",
]


def __getattr__(name: str) -> ModuleType:
    # The adapters import their libraries; load them only when asked.
    if name in ("openspiel", "pettingzoo", "gym", "rllib", "tablebase"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
