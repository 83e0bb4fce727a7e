"""The packaged app: build it with the documented command, then run its `--smoke` check.

Opt in with `pytest -m packaging` (needs the `package` extra); a build takes a minute or more.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from smokecheck import check_smoke_output

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dist" / "boardhub" / ("boardhub.exe" if sys.platform == "win32" else "boardhub")

pytestmark = pytest.mark.packaging


@pytest.fixture(scope="module")
def built_app() -> Path:
    build = subprocess.run([sys.executable, "tools/build_app.py"], cwd=ROOT, capture_output=True, text=True,
                           timeout=900)
    assert build.returncode == 0, build.stdout + build.stderr
    assert APP.is_file()
    return APP


def test_the_bundle_holds_the_assets(built_app):
    bundled = {p.name for p in built_app.parent.rglob("boardhub/assets/*")}
    shipped = {p.name for p in (ROOT / "boardhub" / "assets").iterdir()}
    assert shipped <= bundled


def test_built_app_passes_its_smoke_check(built_app, tmp_path):
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != "BOARDHUB_SAVES"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    run = subprocess.run([str(built_app), "--smoke", "--smoke-out", str(out)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    check_smoke_output(out, run.stdout)
    if sys.platform.startswith("linux"):  # the packaged app keeps its saves in the user's data folder
        assert f"smoke: the app keeps its saves in {tmp_path / 'data' / 'boardhub'}" in run.stdout
