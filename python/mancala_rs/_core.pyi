"""Type stubs of ``mancala_rs._core``, the Rust extension (python/src/*.rs).

Kept by hand: every signature here is the Rust one (``#[pyfunction]``,
``#[pymethods]``, ``#[pyo3(signature = ...)]``; ``#[getter]``s are
properties). ``tests/test_typing.py`` runs ``mypy.stubtest`` to keep them
equal to the built module.

Actions and players are taken as any ``SupportsIndex`` (``int``, numpy
integers): the Rust side reads them with ``__index__``.
"""

import os
from typing import Any, Optional, Sequence, SupportsIndex, TypedDict, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "games",
    "game_info",
    "new_game",
    "load_game",
    "from_text",
    "Game",
    "State",
    "VectorEnv",
    "GameError",
    "IllegalActionError",
    "TablebaseFileError",
    "tablebase_units",
    "tablebase_build",
    "tablebase_build_unit",
    "tablebase_build_units",
    "tablebase_merge_layer",
    "tablebase_assemble",
    "tablebase_check_piece",
]

class _OptionInfo(TypedDict):
    """One option of :func:`game_info`'s ``options``."""

    key: str
    default: Optional[str]
    help: str

class _GameInfo(TypedDict):
    """What :func:`game_info` gives."""

    name: str
    title: str
    summary: str
    rules: str
    options: list[_OptionInfo]

class GameError(ValueError):
    """An unknown game name, bad options or a bad position text."""

class IllegalActionError(ValueError):
    """An action that is not legal in the state (the state is unchanged)."""

class TablebaseFileError(OSError):
    """A tablebase piece that cannot be built, read or written (a file missing, damaged or of another table)."""

def tablebase_units(houses: int, empty_capture: bool, layer: int) -> list[int]:
    """The units (their ``low`` numbers) of a layer of a Kalah tablebase."""

def tablebase_build(
    houses: int,
    empty_capture: bool,
    seeds: int,
    out: Union[str, "os.PathLike[str]"],
    threads: int = 1,
    compact: bool = False,
) -> tuple[str, int]:
    """The whole table built on this machine, written into ``out`` (compact: format version 2): ``(path, checksum)``."""

def tablebase_build_unit(
    houses: int,
    empty_capture: bool,
    layer: int,
    low: int,
    folder: Union[str, "os.PathLike[str]"],
    threads: int = 1,
) -> tuple[str, int]:
    """One unit of a layer from the lower layers' files in ``folder``, written there: ``(path, checksum)``."""

def tablebase_build_units(
    houses: int,
    empty_capture: bool,
    layer: int,
    lows: Sequence[int],
    folder: Union[str, "os.PathLike[str]"],
    threads: int = 1,
    memory_limit: Optional[int] = None,
) -> tuple[list[tuple[str, int, float]], bool, float]:
    """The units ``lows`` of a layer in turn, the lower layers in ``folder`` read into memory once if
    they fit ``memory_limit`` (default: the memory free): ``(units, loaded, load_seconds)``, each unit
    ``(path, checksum, seconds)``."""

def tablebase_merge_layer(
    houses: int, empty_capture: bool, layer: int, folder: Union[str, "os.PathLike[str]"], threads: int = 1
) -> tuple[str, int]:
    """A layer's unit files in ``folder`` merged into the layer's file there, on ``threads`` threads:
    ``(path, checksum)``."""

def tablebase_assemble(
    houses: int,
    empty_capture: bool,
    seeds: int,
    folder: Union[str, "os.PathLike[str]"],
    out: Union[str, "os.PathLike[str]"],
    compact: bool = False,
) -> tuple[str, int]:
    """The table from the layers' files in ``folder``, written into ``out`` (compact: format version 2, as the layers are read): ``(path, checksum)``."""

def tablebase_check_piece(path: Union[str, "os.PathLike[str]"]) -> int:
    """A piece checked whole against its checksum, which it answers."""

def games() -> list[str]:
    """Every game's name, in the registry's order: the four games of the project, oware and Kalah, then the catalogue."""

def game_info(name: str) -> _GameInfo:
    """One game of the registry: ``name``, ``title``, ``summary``, ``rules`` and ``options``; raises GameError for a name that is no game."""

def new_game(name: str, options: str = "") -> State:
    """The start of the game `name` with `options` (`key=value` words); raises GameError for an unknown name or bad options."""

def load_game(name: str, options: str = "") -> Game:
    """The game `name` with `options`: its sizes and `new_initial_state()`; raises GameError for an unknown name or bad options."""

def from_text(name: str, text: str) -> State:
    """The position `text` (the notation `str(state)` writes) of the game `name`; the rules are the text's."""

@final
class Game:
    """A game: its name, options and sizes. `new_initial_state()` starts it."""

    @property
    def name(self) -> str:
        """The game's name."""

    @property
    def options(self) -> str:
        """Its options text."""

    @property
    def num_distinct_actions(self) -> int:
        """Action integers: every action of the game is below."""

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of `State.observation()`."""

    def num_players(self) -> int:
        """Players."""

    def is_simultaneous(self) -> bool:
        """Whether players choose at once (Numa)."""

    def new_initial_state(self) -> State:
        """The start position."""

@final
class State:
    """A position of a game; a refused action raises `IllegalActionError` and changes nothing."""

    @property
    def name(self) -> str:
        """The game's name."""

    @property
    def num_distinct_actions(self) -> int:
        """Action integers of the game."""

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of `observation()`."""

    def get_game(self) -> Game:
        """The game this is a position of."""

    def num_players(self) -> int:
        """Players."""

    def current_player(self) -> int:
        """The player to move; -1 once the game is over, -2 in a simultaneous turn."""

    def acting_players(self) -> list[int]:
        """Every player who acts now, in order."""

    def legal_actions(self, player: Optional[SupportsIndex] = None) -> list[int]:
        """Legal actions, ascending: of `player`, or of the player to move."""

    def action_mask(self, player: Optional[SupportsIndex] = None) -> npt.NDArray[np.int8]:
        """A mask of `num_distinct_actions` (1 legal, 0 not) of `player`'s actions (or the player to move's)."""

    def apply_action(self, action: SupportsIndex) -> None:
        """Plays the action of the player to move."""

    def apply_actions(
        self, actions: Union[Sequence[SupportsIndex], npt.NDArray[np.integer[Any]]]
    ) -> None:
        """Plays one action for each acting player, in player order (Numa's two choices; one action in a turn-based game)."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def returns(self) -> list[float]:
        """Each player's return: 1 for the winner, the others sharing -1, 0 for a draw or a game not over."""

    def scores(self) -> list[int]:
        """Each player's score (seeds captured, points)."""

    def observation(self) -> npt.NDArray[np.float32]:
        """The position's observation (`float32`, `observation_shape`)."""

    def search_action(self, player: Optional[SupportsIndex] = None, nodes: int = 2000) -> int:
        """The engine's action for `player` (or the player to move): a search of at most `nodes` positions."""

    def greedy_action(self, player: Optional[SupportsIndex] = None) -> int:
        """The action that gains `player` (or the player to move) the most at once."""

    def action_to_string(self, action: SupportsIndex) -> str:
        """The action's text in the game's notation."""

    def clone(self) -> State:
        """A copy."""

    def __copy__(self) -> State: ...
    def __deepcopy__(self, _memo: Any) -> State: ...
    def key(self) -> int:
        """A 64-bit key of the position (for transposition tables)."""

@final
class VectorEnv:
    """Many games of one kind, stepped together inside Rust (the GIL released)."""

    def __new__(
        cls,
        game: str,
        num_envs: int,
        seed: int = 0,
        options: str = "",
        num_threads: int = 1,
    ) -> VectorEnv: ...
    @property
    def num_envs(self) -> int:
        """Games."""

    @property
    def num_distinct_actions(self) -> int:
        """Action integers of the game."""

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of one game's observation."""

    @property
    def num_players(self) -> int:
        """Players."""

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Every game back to its start: `(obs, mask)`."""

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """One move in every game: `(obs, rewards, terminated, mask)`."""

    def to_play(self) -> npt.NDArray[np.int64]:
        """The player to move in each game (-2 in a simultaneous turn)."""

    def sample(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for each game (`(num_envs,)`, or `(num_envs, 2)` in Numa), from the environment's seed."""
