"""Game records in each game's own notation: writing them out and reading them back.

A game's entry lists its formats (an Othello transcript, a Gomoku move list or
.psq file); Export writes the game in every one of them, Import reads a paste
or a file and refuses a bad record with its first bad move named.

A record is text from outside (a paste, a file somebody sent): every reader is
guarded here, so that whatever the text holds (control characters, a number of
thousands of digits, megabytes of moves) the reader either gives moves or raises
IllegalMove with one line in words, never another exception and never Python's
own wording.
"""
from __future__ import annotations

import functools
import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from boardhub.core import files, saves
from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove

# What a format writes down or reads moves into: the game in progress (core/match.py's Match). It is not
# imported here, not even for type checking: the match's game entry lists its formats, so this module
# stands below the match and the entry, and naming the match would make a circle of the three.
Match = Any

# The longest record read: a whole 19 x 19 Gomoku game is under 2 KB in any of its
# notations, a Dots and Boxes record of the largest board under 1 KB. Past this a
# text is no game record, and reading it would only cost the player time.
MAX_RECORD_CHARS = 1 << 20
MAX_NUMBER_DIGITS = 40  # no notation has a number of more than two digits; Python refuses past 4,300
MAX_REASON_CHARS = 200  # a refusal is one line: a long move in it is cut

_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_NUMBER_DIGITS + 1))
log = logging.getLogger(__name__)


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

    The game's `read` and `options` are kept behind a guard (see `guarded`):
    every caller gets cleaned, capped text and IllegalMove as the one failure.
    """

    ending: str
    write: Callable[[Match], str]
    read: Callable[[str, Match], list]
    recognise: Callable[[str], bool] = field(default=_never)
    options: Callable[[str], dict] = field(default=_no_options)
    # whether `write` holds a game from an edited position whole (Gomoku's stones come first as moves); a
    # format that writes the moves alone would give another game, so Export leaves it out for such a game
    whole_from_position: bool = False

    def __post_init__(self) -> None:
        # each caller (Import, review, the tests) then reads through the guard without having to know of it
        object.__setattr__(self, "read", guarded(self.read))
        object.__setattr__(self, "options", guarded(self.options))


def record_text(text: str) -> str:
    """`text` as a reader may take it: cleaned of control characters, not too long, no endless number;
    IllegalMove in words otherwise."""
    if len(text) > MAX_RECORD_CHARS:
        raise IllegalMove(_("This text is too long to be a game record ({size} KB; a record is a few KB at most)")
                          .format(size=len(text) >> 10))
    text = files.clean_text(text, keep_lines=True)
    number = _LONG_NUMBER.search(text)
    if number is not None:
        raise IllegalMove(_("This record holds a number of {digits} digits, which no move has").format(
            digits=len(number.group())))
    return text


def one_line(reason: str) -> str:
    """A refusal as one line: no control character, a long move in it cut short."""
    reason = files.clean_text(reason)
    return reason if len(reason) <= MAX_REASON_CHARS else reason[:MAX_REASON_CHARS - 1] + "…"


def guarded(reader: Callable[..., Any]) -> Callable[..., Any]:
    """`reader(text, ...)` that takes only `record_text` and fails only with a one-line IllegalMove.

    A reader's own IllegalMove names the bad move; anything else it raises (a
    number Python will not read, a board the game does not have, a bug met by a
    hostile text) is logged and said as one sentence.
    """
    if getattr(reader, "guarded", False):
        return reader

    @functools.wraps(reader)
    def read(text: str, *args: Any) -> Any:
        text = record_text(text)
        try:
            return reader(text, *args)
        except IllegalMove as exc:
            raise IllegalMove(one_line(str(exc))) from None
        except Exception:  # noqa: BLE001 - hostile text: any failure is a refusal, never a crash
            log.info("a record could not be read", exc_info=True)
            raise IllegalMove(_("This record cannot be read: it is not a game in this game's notation")) from None

    read.guarded = True  # type: ignore[attr-defined]
    return read


NOT_RECORDED = N_("This game started from an edited position, which its records cannot hold: its save keeps it")


def whole_formats(match: Match, formats: tuple[RecordFormat, ...]) -> tuple[RecordFormat, ...]:
    """The formats that write `match` whole: all of them for a game from the usual start, for one from an
    edited position only those that hold its position too (none: Export says NOT_RECORDED)."""
    if match.position is None:
        return formats
    return tuple(f for f in formats if f.whole_from_position)


def export_record(match: Match, formats: tuple[RecordFormat, ...]) -> list[Path]:
    """Write the game in every format under the saves folder; OSError if it cannot be written."""
    stem = f"{match.game.key}-{time.strftime('%Y%m%d-%H%M%S')}"
    paths = []
    for f in formats:
        path = saves.saves_dir() / f"{stem}.{f.ending}"
        saves.atomic_write_text(path, f.write(match).rstrip("\n") + "\n")
        paths.append(path)
    return paths


def read_record(text: str, match: Match, formats: tuple[RecordFormat, ...]) -> list[Any]:
    """The moves of a pasted record, or of the file it names; IllegalMove says what is wrong."""
    fmt, text = load_record(text, formats)
    return fmt.read(text, match)


def load_record(text: str, formats: tuple[RecordFormat, ...]) -> tuple[RecordFormat, str]:
    """A pasted record, or the text of the file it names, and its format; IllegalMove if there is none.

    Only a paste may name a file: a file's own text is a record, never a path
    to follow (see `record_format`).
    """
    text = text.strip()
    if not text:
        raise IllegalMove(_("Paste a game record, or give a file's path"))
    path = named_file(text)
    if path is not None:
        text = read_record_file(path)
    return record_format(text, formats)


def read_record_file(path: Path) -> str:
    """The text of a record file, read through the guarded reader; IllegalMove in words if it cannot be."""
    try:
        return files.read_text(path, limit=MAX_RECORD_CHARS)
    except OSError as exc:
        raise IllegalMove(_("Cannot read {name}: {why}").format(name=one_line(path.name),
                                                                 why=saves.plain(exc))) from None
    except files.Unreadable as exc:
        raise IllegalMove(_("Cannot read {name}: {why}").format(name=one_line(path.name), why=exc)) from None


def record_format(text: str, formats: tuple[RecordFormat, ...]) -> tuple[RecordFormat, str]:
    """The format of a record's text (the first format is the fallback) and the text as readers take it."""
    text = record_text(text).strip()
    if not text:
        raise IllegalMove(_("The record is empty: it holds no move"))
    return next((f for f in formats if f.recognise(text)), formats[0]), text


def named_file(text: str) -> Path | None:
    """The file `text` names, or None when it names none.

    Pasted moves are rarely a path the system accepts: a long move list is a
    file name too long for it, "~name" names no user. Those are records, not errors.
    """
    if len(text) >= 512 or "\n" in text:
        return None
    try:
        path = Path(text).expanduser()
        return path if path.is_file() else None
    except (OSError, RuntimeError, ValueError):
        return None

