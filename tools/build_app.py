"""Build the desktop app with PyInstaller: one folder, windowed, icon and assets inside.

    pip install ".[package]"
    python tools/build_app.py

The app lands in dist/boardhub/ (run dist/boardhub/boardhub, or boardhub.exe on
Windows; on macOS dist/boardhub.app as well); PyInstaller's work files go to
build/pyinstaller/. Check the result with `dist/boardhub/boardhub --smoke`.
A build makes an app for the platform it runs on only.
"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    if importlib.util.find_spec("PyInstaller") is None:
        print('PyInstaller is missing: pip install ".[package]"', file=sys.stderr)
        return 2
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
           str(ROOT / "packaging" / "boardhub.spec")]
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # the analysis imports pygame
    return subprocess.call(cmd, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
