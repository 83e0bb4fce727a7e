"""What the README says about running and testing boardhub is true of the code and the files.

The test command must never touch the environment the app runs from (a
reinstall under an open window breaks it at the next click), `.ci/run` must
run exactly that command, and the figures the README quotes (the moves of
`--smoke`, the checks marked slow, the subcommands of `--help`) must be the
code's own.
"""
import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardhub import smoke
from boardhub.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
READMES = ("README.md", "README.ko.md")


def shell_blocks(name: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", (ROOT / name).read_text(encoding="utf-8"), re.S)


def venv_of(command: str) -> str:
    """The folder a command line makes its virtual environment in."""
    m = re.search(r"python3 -m venv (\S+)", command)
    assert m, f"no virtual environment made by: {command}"
    return m.group(1)


@pytest.mark.parametrize("name", READMES)
def test_the_test_command_never_touches_the_app_s_environment(name):
    blocks = [line for block in shell_blocks(name) for line in block.splitlines() if "python3 -m venv" in line]
    run_app = next(line for line in blocks if line.rstrip().endswith("/boardhub"))
    tests = next(line for line in blocks if "pytest" in line)
    app_env, test_env = venv_of(run_app), venv_of(tests)
    assert app_env != test_env, f"the test command reinstalls the app's {app_env}"
    assert f"{app_env}/" not in tests.replace(f"{test_env}/", ""), "the test command uses the app's environment"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests.strip() in ci.splitlines(), ".ci/run does not run the README's test command"
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert f"{test_env.strip('/')}/" in ignored, f"{test_env} is not in .gitignore"


def test_the_readme_says_how_many_moves_the_smoke_check_plays():
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"lets the AIs play {smoke.MOVES} moves a game" in text
    assert "moves each" not in text


def test_the_readme_counts_the_checks_marked_slow():
    """The count the README gives is the count pytest collects with -m slow (only the files marking any)."""
    files = [str(p) for p in sorted((ROOT / "tests").glob("test_*.py"))
             if "mark.slow" in p.read_text(encoding="utf-8")]
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "-m", "slow", *files], capture_output=True, text=True, cwd=ROOT, timeout=120).stdout
    collected = int(re.search(r"(\d+)(?:/\d+)? tests? collected", out).group(1))
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"{collected} checks are marked `slow`" in text


def test_help_lists_every_subcommand():
    from boardhub.launch import run
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), pytest.raises(SystemExit):
        run(["--help"])
    listed = {line.split()[0] for line in shown.getvalue().split("subcommands")[1].splitlines()[1:] if line.strip()}
    commands = set(next(a for a in build_parser()._actions if a.dest == "cmd").choices)
    assert commands == listed, f"--help lists {sorted(listed)}, the command line has {sorted(commands)}"
