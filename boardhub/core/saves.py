"""Where saves live, and writing them so that a crash never leaves half a file.

Default folder: `saves/` in a source checkout, else the user's data folder;
`BOARDHUB_SAVES` overrides both. Every JSON file carries a `format` version; a file that cannot be read is
reported with its reason and left alone, never overwritten silently.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1
KINDS = ("PvP", "PvA", "AvA")


class SaveError(ValueError):
    """A save file that cannot be used; the message names the file and the reason."""


def user_data_dir() -> Path:
    """The platform's folder for an app's own data."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", home / "AppData" / "Roaming")) / "boardhub"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "boardhub"
    return Path(os.environ.get("XDG_DATA_HOME", home / ".local" / "share")) / "boardhub"


def saves_dir() -> Path:
    env = os.environ.get("BOARDHUB_SAVES")
    if env:
        path = Path(env)
    else:
        checkout = Path(__file__).resolve().parents[2]
        is_checkout = (checkout / "pyproject.toml").is_file() and not getattr(sys, "frozen", False)
        path = checkout / "saves" if is_checkout else user_data_dir()
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path: Path, text: str) -> None:
    """Write to a temp file in the same folder, flush it to disk, then rename over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, kind: str, data: dict) -> None:
    atomic_write_text(path, json.dumps({"format": FORMAT, "kind": kind, **data}, indent=1))


def read_json(path: Path, kind: str) -> dict[str, Any]:
    """The file's data, or SaveError saying why it cannot be used."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path.name}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path.name}: unreadable ({exc})") from None
    if not isinstance(data, dict) or data.get("kind") != kind:
        raise SaveError(f"{path.name}: not a boardhub {kind} file")
    if not isinstance(data.get("format"), int) or data["format"] > FORMAT:
        raise SaveError(f"{path.name}: written by a newer boardhub (format {data.get('format')})")
    return data


def autosave_path() -> Path:
    return saves_dir() / "current.json"


def write_record(kind: str, lines: list[str]) -> Path:
    """The source's game record: the drawn lines in order, one "row col" per line."""
    if kind not in KINDS:
        raise ValueError(f"record kind must be one of {KINDS}")
    path = saves_dir() / f"{kind}.txt"
    atomic_write_text(path, "".join(f"{line}\n" for line in lines))
    return path
