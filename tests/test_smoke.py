"""`python -m boardhub --smoke`: the headless check the packaged app runs, run here from source."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from boardhub import smoke
from boardhub.core.setup import GameSetup
from boardhub.games.dots import ENTRY as DOTS
from smokecheck import check_smoke_output

ROOT = Path(__file__).resolve().parents[1]


def test_smoke_plays_every_game_and_saves_screenshots(tmp_path, saves_folder):
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "boardhub", "--smoke", "--smoke-out", str(out)],
                         cwd=ROOT, env=os.environ, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    check_smoke_output(out, run.stdout)
    assert f"smoke: the app keeps its saves in {saves_folder}" in run.stdout
    # its games were saved in its own folder, never among the player's games
    assert (out / "saves" / "settings.json").is_file()
    assert not any(saves_folder.iterdir())


def test_smoke_fails_with_the_reason(tmp_path, monkeypatch, capsys):
    default_setup = GameSetup.default

    def broken_setup(game, mode):
        setup = default_setup(game, mode)
        return replace(setup, seats=("no-such-ai",) * len(setup.seats))

    monkeypatch.setattr(GameSetup, "default", staticmethod(broken_setup))
    monkeypatch.setattr(smoke, "all_games", lambda: [DOTS])
    assert smoke.smoke(str(tmp_path / "out")) == 1
    err = capsys.readouterr().err
    assert "smoke: FAILED: dots: " in err and "no-such-ai" in err
