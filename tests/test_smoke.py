"""`python -m boardhub --smoke`: the headless check the packaged app runs, run here from source."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from boardhub import smoke
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
    default_config = smoke.default_config

    def broken_config(game, mode):
        config = default_config(game, mode)
        return {**config, "seats": ["no-such-ai"] * len(config["seats"])}

    monkeypatch.setattr(smoke, "default_config", broken_config)
    monkeypatch.setattr(smoke.games, "all_games", lambda: [DOTS])
    assert smoke.smoke(str(tmp_path / "out")) == 1
    err = capsys.readouterr().err
    assert "smoke: FAILED: dots: " in err and "no-such-ai" in err
