"""Where saves live, and writing them so that a crash never leaves half a file.

One folder however boardhub was installed: the user's data folder
(`BOARDHUB_SAVES` moves it). Versions before kept a source checkout's saves in
`saves/` inside it; `old_saves_dir` finds such a folder and `move_old_saves`
brings its files over without overwriting any. Every JSON file carries a
`format` version; a file that cannot be read is reported with its reason in
words ("cut short", "not a boardhub save", "from a newer boardhub") and left
alone, never overwritten silently.

Games live one file each in `games/`, rewritten after every move, finished ones
included, so the saves browser can list, resume, replay and delete them.
"""
from __future__ import annotations

import errno
import functools
import json
import os
import re
import shutil
import stat
import sys
import secrets
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Mapping

from boardhub.core import files, locks, schema
from boardhub.core.i18n import N_, _, ngettext
from boardhub.core.modes import Mode

FORMAT = 1
KINDS = tuple(mode.kind for mode in Mode)  # the source's record files: PvP.txt, PvA.txt, AvA.txt
# what each kind of JSON file holds, in words: "not a saved game: it holds the settings"
KIND_WORDS = {"game": N_("a saved game"), "stats": N_("the stats"), "settings": N_("the settings"),
              "tournament": N_("an arena tournament"), "learned": N_("learned boards")}
# the source checkout this package sits in, if it does: where versions before kept the saves
CHECKOUT = Path(__file__).resolve().parents[2]


class SaveError(ValueError):
    """A save file that cannot be used; the message names the file and the reason."""


# The system's refusals a player meets, in words the catalog holds: the C library's own text
# (strerror) is English whatever the interface speaks, and some of it says "Error".
REFUSALS = {
    errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("no such file or folder"), errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.EISDIR: N_("it is a folder"), errno.EEXIST: N_("something of that name is already there"),
    errno.ENOSPC: N_("the disk is full"), errno.EROFS: N_("the disk is read-only"),
    errno.EBUSY: N_("it is in use"), errno.ENOEXEC: N_("not a program this system can run"),
    errno.ETXTBSY: N_("it is in use"), errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EMFILE: N_("too many files are open"), errno.ENOMEM: N_("the memory ran out"),
}


def refusal_words(exc: OSError) -> str:
    """Why the system refused, as the catalog's English ("permission denied"), for a sentence said later."""
    return REFUSALS.get(exc.errno, N_("the system refused"))


def refusal(exc: OSError) -> str:
    """Why the system refused, in the language in use and without an error number: "permission denied"."""
    return _(refusal_words(exc))


def plain(exc: OSError) -> str:
    """What the system refused and where, in words: "permission denied (games)"."""
    where = Path(exc.filename).name if exc.filename else ""
    return f"{refusal(exc)} ({where})" if where else refusal(exc)


def user_data_dir() -> Path:
    """The platform's folder for an app's own data."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", home / "AppData" / "Roaming")) / "boardhub"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "boardhub"
    return Path(os.environ.get("XDG_DATA_HOME", home / ".local" / "share")) / "boardhub"


def saves_dir() -> Path:
    """The one saves folder: BOARDHUB_SAVES, else the user's data folder (made if missing).

    Never the source checkout: an editable install is still the player's
    boardhub, and their games, stats and settings must not depend on how it
    was installed.
    """
    env = os.environ.get("BOARDHUB_SAVES")
    path = Path(env) if env else user_data_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the app still runs; each write then fails with its reason, which the player is told
    return path


TEMP_PREFIX, TEMP_SUFFIX = ".", ".tmp"
# the names atomic_write_text gives its temp files: "." + the file's name + "." + mkstemp's 8 characters + ".tmp"
TEMP_NAME = re.compile(r"\.(.+)\.[a-z0-9_]{8}\.tmp")
STRAY_AGE = 3600.0  # seconds: a temp file this old is no write in progress in another window, but a kill's leftover


def atomic_write_text(path: Path, text: str, durable: bool = True) -> None:
    """Write to a temp file in the same folder, flush it to disk (unless not `durable`), then rename over.

    The rename alone keeps a killed process from leaving half a file; the flush to
    disk also survives a power cut, at the price of a disk write a server's many
    tables cannot wait for.

    A failure is an OSError that names `path`, never the temp file: the player is
    told which of their files could not be written, not a name they never chose.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f"{TEMP_PREFIX}{path.name}.", suffix=TEMP_SUFFIX)
    except OSError as exc:
        raise _naming(exc, path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _naming(exc, path) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _naming(exc: OSError, path: Path) -> OSError:
    """The same refusal, about `path` rather than whatever name the system gave (a temp file's)."""
    if exc.filename is None or not TEMP_NAME.fullmatch(Path(os.fsdecode(exc.filename)).name) \
            or exc.errno is None:
        return exc
    return type(exc)(exc.errno, exc.strerror, os.fspath(path))


def clean_stray_temps(now: float | None = None) -> list[Path]:
    """Remove the temp files a kill left in the saves folder and its games folder; the removed paths.

    Only boardhub's own temp names, only regular files, and only old ones: a
    younger one may be another window's write in progress.
    """
    now = time.time() if now is None else now
    removed = []
    for folder in (saves_dir(), games_dir()):
        try:
            candidates = list(folder.glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"))
        except OSError:
            continue
        for path in candidates:
            try:
                info = path.lstat()
                if TEMP_NAME.fullmatch(path.name) and stat.S_ISREG(info.st_mode) and now - info.st_mtime > STRAY_AGE:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue  # gone already, or not ours to remove: left as it is
    return removed


def json_text(kind: str, data: dict) -> str:
    """A save file's text: the data under its format version and kind, as `read_json` expects it."""
    return json.dumps({"format": FORMAT, "kind": kind, **data}, indent=1)


def write_json(path: Path, kind: str, data: dict) -> None:
    atomic_write_text(path, json_text(kind, data))


def read_json(path: Path, kind: str) -> dict[str, Any]:
    """The file's data, or SaveError "name: why it cannot be used", the why in a player's words."""
    name = file_name(path)
    try:
        raw = files.read_bytes(path)
    except FileNotFoundError:
        raise SaveError(_("{name}: the file is gone").format(name=name)) from None
    except OSError as exc:
        raise SaveError(_("{name}: it cannot be read ({why})").format(name=name, why=refusal(exc))) from None
    except files.Unreadable as exc:
        raise SaveError(_("{name}: {why}").format(name=name, why=exc)) from None
    try:
        data = files.loads_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(_("{name}: not a boardhub save (it is not text)").format(name=name)) from None
    except json.JSONDecodeError as exc:
        raise SaveError(_("{name}: {damage}").format(name=name, damage=damage(exc))) from None
    except files.Unreadable as exc:
        raise SaveError(_("{name}: {why}").format(name=name, why=exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("format"), int) or not isinstance(data.get("kind"), str):
        raise SaveError(_("{name}: not a boardhub save").format(name=name))
    if data["format"] > FORMAT:
        raise SaveError(_("{name}: from a newer boardhub (format {format}); a newer boardhub can open it").format(
            name=name, format=data['format']))
    if data["kind"] != kind:
        holds = KIND_WORDS.get(data["kind"], N_("something else"))
        raise SaveError(_("{name}: not {kind}: it holds {holds}").format(
            name=name, kind=_(KIND_WORDS.get(kind, kind)), holds=_(holds)))
    return data


def file_name(path: Path) -> str:
    """A file's name as the screens may show it: a name made to hold control characters is cleaned."""
    return files.clean_text(path.name, limit=120)


def damage(exc: json.JSONDecodeError) -> str:
    """What a file that is not whole JSON is, in words: cut short, or not a save at all."""
    text = exc.doc
    if not text.strip():
        return _("cut short: the file is empty")
    if text.lstrip()[0] not in "{[":
        return _("not a boardhub save")
    if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
        return _("cut short: the end of the file is missing")  # what a write that never finished leaves
    return _("damaged: it stops making sense on line {line}").format(line=exc.lineno)


def games_dir() -> Path:
    return saves_dir() / "games"


def new_game_path(game_key: str, now: datetime | None = None) -> Path:
    """A fresh file name for a new game: sortable by time, never an existing file."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{stamp}-{game_key}-{secrets.token_hex(3)}.json"


def write_game(path: Path, data: dict) -> None:
    write_json(path, "game", data)


def read_game(path: Path) -> dict[str, Any]:
    """A saved game's data, its shape checked (`schema.check_game`); SaveError naming the file and the reason."""
    data = read_json(path, "game")
    try:
        schema.check_game(data)
    except files.Unreadable as exc:
        raise SaveError(_("{name}: {why}").format(name=file_name(path), why=exc)) from None
    return data


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

    @functools.cached_property
    def updated(self) -> str:
        """When the game was last saved, ISO 8601 (read once: a listing sorts and draws it often): the data's time, never later than the file's own
        (a file cannot make itself the newest game by saying "9999-12-31"); the file's where the data lacks it."""
        try:
            written = datetime.fromtimestamp(self.path.lstat().st_mtime)
        except (OSError, ValueError, OverflowError):
            written = None
        stamp = self.data.get("updated") if self.data else None
        if isinstance(stamp, str):
            try:
                said = datetime.fromisoformat(stamp)
            except ValueError:
                said = None
            if said is not None and said.tzinfo is None and (written is None or said <= written):
                return stamp
        return written.isoformat(timespec="seconds") if written is not None else ""


def list_games() -> list[SavedGame]:
    """Every saved game, newest first; unreadable files are listed with their reason."""
    _adopt_old_autosave()
    out = []
    for path in games_dir().glob("*.json"):
        try:
            out.append(SavedGame(path, read_game(path)))
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
    """Delete one file of the games folder, readable or not (the browser asks first), and its lock file;
    locks.Busy (an OSError: "it is in use") while another window has the game open."""
    hold = take_game(path)
    try:
        path.unlink(missing_ok=True)
    finally:
        hold.release()
    try:
        locks.lock_path(path).unlink(missing_ok=True)
    except OSError:
        pass  # held open by a window that looked at it just now (Windows): a small file left behind


def take_game(path: Path) -> locks.GameLock:
    """Hold the game of `path` open in this window; locks.Busy when another window has it open."""
    return locks.GameLock.take(locks.lock_path(path))


# ---------------------------------------------------------------- the old folder
def old_saves_dir() -> Path | None:
    """The `saves/` folder a source checkout kept before, if it has files to move; else None.

    Only when the saves folder is the default one: a player who chose a folder
    with BOARDHUB_SAVES knows where their saves are.
    """
    if os.environ.get("BOARDHUB_SAVES") or getattr(sys, "frozen", False):
        return None
    if not (CHECKOUT / "pyproject.toml").is_file():
        return None
    old = CHECKOUT / "saves"
    try:
        if not old.is_dir() or old.resolve() == saves_dir().resolve():
            return None
        return old if any(p.is_file() for p in old.rglob("*")) else None
    except OSError:
        return None


@dataclass
class MoveReport:
    """What `move_old_saves` did, for the line that tells the player."""

    moved: list[str] = field(default_factory=list)  # files now in the saves folder under their own name
    merged: list[str] = field(default_factory=list)  # files added into one already there (the stats)
    kept_apart: list[str] = field(default_factory=list)  # "settings.json as settings-old.json"
    failed: list[str] = field(default_factory=list)  # "PvP.txt (permission denied)": left where they were

    def summary(self, folder: str) -> str:
        """One line: "Moved 12 files into FOLDER; stats.json added to the one there"."""
        n = len(self.moved)
        parts = [ngettext("Moved {count} file into {folder}", "Moved {count} files into {folder}", n).format(
            count=n, folder=folder)]
        if self.merged:
            parts.append(_("{names} added to the one there").format(names=", ".join(self.merged)))
        if self.kept_apart:
            parts.append(_("kept beside the newer ones: {names}").format(names=", ".join(self.kept_apart)))
        if self.failed:
            parts.append(_("could not move {names}").format(names=", ".join(self.failed)))
        return "; ".join(parts)


def move_old_saves(old: Path, new: Path | None = None,
                   merge: Mapping[str, Callable[[Path, Path], None]] | None = None) -> MoveReport:
    """Move every file of `old` into `new` (the saves folder), overwriting none.

    A file whose name is free moves as it is. A file whose name is taken is
    added into the one there when `merge` has a way for its name (the stats:
    counts add up), else kept beside it as "name-old.ext" (never over it).
    Folders left empty are removed, so a folder moved whole is gone.
    """
    new = saves_dir() if new is None else new
    merge = merge or {}
    report = MoveReport()
    files = sorted(p for p in old.rglob("*") if p.is_file())
    for src in files:
        rel = src.relative_to(old)
        dst = new / rel
        try:
            dst.parent.mkdir(parents=True, exist_ok=True)
            if not dst.exists():
                _move_file(src, dst)
                report.moved.append(rel.as_posix())
            elif rel.as_posix() in merge:
                merge[rel.as_posix()](src, dst)
                src.unlink()
                report.merged.append(rel.as_posix())
            else:
                apart = _free_name(dst)
                _move_file(src, apart)
                report.kept_apart.append(_("{file} as {name}").format(file=rel.as_posix(), name=apart.name))
        except (OSError, ValueError) as exc:
            why = refusal(exc) if isinstance(exc, OSError) else str(exc)
            report.failed.append(f"{rel.as_posix()} ({why})")
    for folder in sorted((p for p in old.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
        _remove_if_empty(folder)
    _remove_if_empty(old)
    return report


def _move_file(src: Path, dst: Path) -> None:
    """Move one file, never over another: a rename where it can be, else a copy then a delete."""
    try:
        os.link(src, dst)  # fails rather than replace: nothing is overwritten, even in a race
    except FileExistsError:
        raise
    except OSError:  # another file system, or one without links: copy into a file that must be new
        with open(src, "rb") as fin, open(dst, "xb") as fout:
            shutil.copyfileobj(fin, fout)
        shutil.copystat(src, dst)
    src.unlink()


def _free_name(path: Path) -> Path:
    """`name-old.ext`, or `name-old-2.ext`... : a name in the same folder that no file has."""
    for n in range(1, 1000):
        candidate = path.with_name(f"{path.stem}-old{'' if n == 1 else f'-{n}'}{path.suffix}")
        if not candidate.exists():
            return candidate
    raise ValueError(f"no free name for {path.name}")


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass  # not empty (a file could not move), or already gone


def record_path(kind: str) -> Path:
    """Where the source's game record of a kind of game is kept: PvP.txt, PvA.txt or AvA.txt."""
    if kind not in KINDS:
        raise ValueError(f"record kind must be one of {KINDS}")
    return saves_dir() / f"{kind}.txt"


def write_record(kind: str, lines: list[str]) -> Path:
    """The source's game record: the drawn lines in order, one "row col" per line (written whole, atomically)."""
    path = record_path(kind)
    atomic_write_text(path, "".join(f"{line}\n" for line in lines))
    return path


def append_record(kind: str, lines: list[str]) -> Path:
    """More lines at the end of the source's game record, as the game plays them.

    The assignment writes its record during the game ("게임이 진행될 때 게임의
    진행과정을 파일로 출력하여 기록합니다": the game's progress is written to a
    file while it is played), so a game left unfinished leaves its record too.
    Each line goes out in one write() of the whole line at the file's end
    (O_APPEND): a crash or a kill between two leaves complete lines only. A link
    in the record's place is not followed.
    """
    path = record_path(kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        for line in lines:
            os.write(fd, f"{line}\n".encode("utf-8"))
    finally:
        os.close(fd)
    return path
