"""The package's types: the stubs of the extension (``mancala_rs/_core.pyi``)
equal the built module (``mypy.stubtest``), mypy accepts the examples and a
typed user program, and refuses a wrong one.

mypy runs in a child process of this interpreter (so it sees the installed
package), with the project's ``[tool.mypy]`` and its cache under
``tmp_path``. The mypy tests are skipped without mypy (``pip install mypy``).
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

# python/: pyproject.toml, examples/, mancala_rs/, tests/.
ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyproject.toml"
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
USER = Path(__file__).resolve().with_name("typing_user.py")


def mypy(tmp_path, files, cwd):
    """mypy's exit status and output on `files`, run in `cwd`."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(CONFIG),
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            "--show-error-codes",
            "--no-pretty",
            "--no-error-summary",
            *map(str, files),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    return done.returncode, done.stdout + done.stderr


def test_mypy_accepts_the_examples_and_a_typed_user_program(tmp_path):
    pytest.importorskip("mypy")
    assert any(p.name == "versus_mcts.py" for p in EXAMPLES)
    status, output = mypy(tmp_path, [*EXAMPLES, USER], cwd=ROOT)
    assert status == 0, f"mypy failed:\n{output}"


WRONG = '''\
import mancala_rs

state = mancala_rs.new_game("kalah")
reveal_type(state.observation())
state.apply_action("x")
mancala_rs.new_game(3)
shape: str = state.observation_shape
env = mancala_rs.VectorEnv("kalah", num_envs="8")
mask: list[int] = env.reset()[1]
state.num_players + 1
'''


def test_mypy_refuses_a_wrong_program(tmp_path):
    pytest.importorskip("mypy")
    # Run outside the source tree: mypy must find the installed package's
    # stubs, which it reads only with its py.typed.
    program = tmp_path / "wrong.py"
    program.write_text(WRONG)
    status, output = mypy(tmp_path, [program], cwd=tmp_path)
    assert status == 1, output
    assert "import-not-found" not in output and "import-untyped" not in output, output
    # mypy's messages by line of wrong.py ("wrong.py:5: error: ...").
    lines: dict[int, list[str]] = {}
    for line in output.splitlines():
        found = re.match(r"(?:.*[/\\])?wrong\.py:(\d+): ", line)
        if found:
            lines.setdefault(int(found.group(1)), []).append(line)
    # The observation is a float32 array (as numpy's stubs spell it).
    revealed = " ".join(lines.get(4, []))
    assert "ndarray" in revealed and ("float32" in revealed or "_32Bit" in revealed), output
    # Each wrong line is refused.
    for number, code in [
        (5, "arg-type"),  # apply_action takes an integer
        (6, "arg-type"),  # the name is a str
        (7, "assignment"),  # observation_shape is a tuple
        (8, "arg-type"),  # num_envs is an int
        (9, "assignment"),  # the mask is an array
        (10, "operator"),  # num_players is a method of State
    ]:
        assert any(f"[{code}]" in line for line in lines.get(number, [])), (number, output)


def test_stubs_match_the_extension(tmp_path):
    pytest.importorskip("mypy")
    # Run outside the source tree, so the module checked is the installed
    # one (python -m puts the working directory first on sys.path).
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "mancala_rs._core",
            "--mypy-config-file",
            str(CONFIG),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"stubtest failed:\n{done.stdout}{done.stderr}"


def test_the_typed_user_program_runs():
    # Without mypy too: the types it states are those the extension gives.
    import typing_user

    typing_user.main()
