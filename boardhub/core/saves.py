"""Where saves live, and writing them so that a crash never leaves half a file.

Default folder: `saves/` in a source checkout, else the user's data folder;
`BOARDHUB_SAVES` overrides both. Every JSON file carries a `format` version; a file that cannot be read is
reported with its reason and left alone, never overwritten silently.

Games live one file each in `games/`, rewritten after every move, finished ones
included, so the saves browser can list, resume, replay and delete them.
"""
from __future__ import annotations

import json
import os
import sys
import secrets
import tempfile
from dataclasses import dataclass
from datetime import datetime
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
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the app still runs; each write then fails with its reason, which the player is told
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


def games_dir() -> Path:
    return saves_dir() / "games"


def new_game_path(game_key: str, now: datetime | None = None) -> Path:
    """A fresh file name for a new game: sortable by time, never an existing file."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{stamp}-{game_key}-{secrets.token_hex(3)}.json"


def write_game(path: Path, data: dict) -> None:
    write_json(path, "game", data)


@dataclass
class SavedGame:
    """One file of the games folder: its data, or why it cannot be used."""

    path: Path
    data: dict | None = None
    error: str = ""

    @property
    def readable(self) -> bool:
        return self.data is not None

    @property
    def finished(self) -> bool:
        return bool(self.data and self.data.get("result"))

    @property
    def updated(self) -> str:
        """When the game was last saved, ISO 8601 (the file's time where the data lacks it)."""
        stamp = self.data.get("updated") if self.data else None
        if isinstance(stamp, str):
            return stamp
        try:
            return datetime.fromtimestamp(self.path.stat().st_mtime).isoformat(timespec="seconds")
        except OSError:
            return ""


def list_games() -> list[SavedGame]:
    """Every saved game, newest first; unreadable files are listed with their reason."""
    _adopt_old_autosave()
    out = []
    for path in games_dir().glob("*.json"):
        try:
            out.append(SavedGame(path, read_json(path, "game")))
        except SaveError as exc:
            out.append(SavedGame(path, error=str(exc)))
    out.sort(key=lambda g: (g.updated, g.path.name), reverse=True)
    return out


def _adopt_old_autosave() -> None:
    """Saves folders of format 1 kept the game in progress in current.json: move it into games/."""
    old = saves_dir() / "current.json"
    if not old.is_file():
        return
    try:
        read_json(old, "game")
    except SaveError:
        return  # not ours to move: left where it is
    games_dir().mkdir(parents=True, exist_ok=True)
    os.replace(old, games_dir() / f"{old.stem}-{secrets.token_hex(3)}.json")


def delete_game(path: Path) -> None:
    path.unlink(missing_ok=True)


def write_record(kind: str, lines: list[str]) -> Path:
    """The source's game record: the drawn lines in order, one "row col" per line."""
    if kind not in KINDS:
        raise ValueError(f"record kind must be one of {KINDS}")
    path = saves_dir() / f"{kind}.txt"
    atomic_write_text(path, "".join(f"{line}\n" for line in lines))
    return path
