"""Game records in each game's own notation: writing them out and reading them back.

A game's entry lists its formats (an Othello transcript, a Gomoku move list or
.psq file); Export writes the game in every one of them, Import reads a paste
or a file and refuses a bad record with its first bad move named.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from boardhub.core import saves
from boardhub.core.i18n import _
from boardhub.core.rules import IllegalMove

if TYPE_CHECKING:
    from boardhub.core.match import Match


def _never(text: str) -> bool:
    return False


def _no_options(text: str) -> dict:
    return {}


@dataclass(frozen=True)
class RecordFormat:
    """One way to write a game down: its file ending, a writer and a reader.

    `write(match)` gives the text; `read(text, match)` gives the moves from the
    start, or raises IllegalMove naming the first bad one; `recognise(text)`
    says whether a text is in this format (the first format is the fallback);
    `options(text)` gives the game options the record itself fixes (a .psq
    file's board size), which an import switches the game to.
    """

    ending: str
    write: Callable[["Match"], str]
    read: Callable[[str, "Match"], list]
    recognise: Callable[[str], bool] = field(default=_never)
    options: Callable[[str], dict] = field(default=_no_options)


def export_record(match: "Match", formats: tuple[RecordFormat, ...]) -> list[Path]:
    """Write the game in every format under the saves folder; OSError if it cannot be written."""
    stem = f"{match.game.key}-{time.strftime('%Y%m%d-%H%M%S')}"
    paths = []
    for f in formats:
        path = saves.saves_dir() / f"{stem}.{f.ending}"
        saves.atomic_write_text(path, f.write(match).rstrip("\n") + "\n")
        paths.append(path)
    return paths


def read_record(text: str, match: "Match", formats: tuple[RecordFormat, ...]) -> list[Any]:
    """The moves of a pasted record, or of the file it names; IllegalMove says what is wrong."""
    fmt, text = load_record(text, formats)
    return fmt.read(text, match)


def load_record(text: str, formats: tuple[RecordFormat, ...]) -> tuple[RecordFormat, str]:
    """A pasted record, or the text of the file it names, and its format; IllegalMove if there is none."""
    text = text.strip()
    if not text:
        raise IllegalMove(_("Paste a game record, or give a file's path"))
    path = named_file(text)
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise IllegalMove(_("Cannot read {name}: {why}").format(name=path.name, why=saves.plain(exc))) from None
    return next((f for f in formats if f.recognise(text)), formats[0]), text


def named_file(text: str) -> Path | None:
    """The file `text` names, or None when it names none.

    Pasted moves are rarely a path the system accepts: a long move list is a
    file name too long for it, "~name" names no user. Those are records, not errors.
    """
    if len(text) >= 512:
        return None
    try:
        path = Path(text).expanduser()
        return path if path.is_file() else None
    except (OSError, RuntimeError, ValueError):
        return None
