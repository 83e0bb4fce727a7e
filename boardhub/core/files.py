"""Reading what comes from outside: the one guarded way to read a file, parse JSON and take in text.

A file another person sent, a link somebody planted or a device in the saves
folder must never hang, crash or exhaust the app. Every read here opens without
blocking (a FIFO cannot stall it), takes regular files only (`/dev/zero` is
refused, not read), stops at a size cap, and parses JSON with caps on nesting
and on the size of numbers. Every refusal is an `Unreadable` whose message is a
reason in the player's words ("too big to be a boardhub file"), for the caller to
put after the file's name.

Text from outside (files, engines, pasted or typed text, later the network) goes
through `clean_text` where it enters: no control character, no unpaired
surrogate and no bidirectional override reaches the screen or a file.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from boardhub.core.i18n import N_, _

MAX_FILE_BYTES = 8 << 20  # far above any save, record or learned file boardhub writes
MAX_DEPTH = 32  # boardhub's own files nest 5 deep at most
MAX_NUMBER_CHARS = 40  # a 128-bit seed has 39 digits; nothing boardhub writes needs more


class Unreadable(ValueError):
    """A file or text that must not be used; str() is the reason in the player's language."""

    def __init__(self, words: str, **values: Any) -> None:
        self.words = words  # the catalog's English, said in the language of the moment by str()
        self.values = values
        super().__init__(words)

    def __str__(self) -> str:
        return _(self.words).format(**self.values)


def read_bytes(path: Path | str, limit: int = MAX_FILE_BYTES) -> bytes:
    """A regular file's bytes, at most `limit` of them; OSError as the system gave it, Unreadable otherwise.

    The file is opened without blocking and checked after opening (not before, so a
    file swapped for a link in between is still caught): only a regular file is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(os.fspath(path), flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "is a directory", os.fspath(path))
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(N_("not a file boardhub reads (a device, a pipe or a socket)"))
        if info.st_size > limit:
            raise Unreadable(N_("too big to be a boardhub file ({size} MB)"), size=max(1, info.st_size >> 20))
        chunks, total = [], 0
        while True:  # read to the end, never past the cap, whatever the size said (a growing file)
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise Unreadable(N_("too big to be a boardhub file ({size} MB)"), size=max(1, total >> 20))
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path | str, limit: int = MAX_FILE_BYTES) -> str:
    """A regular file's text (UTF-8, bad bytes replaced), cleaned of control characters but for line ends and tabs."""
    return clean_text(read_bytes(path, limit).decode("utf-8", errors="replace"), keep_lines=True)


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise Unreadable(N_("damaged: it holds a number too long to be real"))
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise Unreadable(N_("damaged: it holds a number too long to be real"))
    value = float(text)
    if not math.isfinite(value):
        raise Unreadable(N_("damaged: it holds a number too large to be real"))
    return value


def _constant(name: str) -> Any:
    raise Unreadable(N_("damaged: it holds a number that is not a number ({name})"), name=name)


def loads_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON with caps: no NaN or infinity, no number of over 40 characters, nesting at most `max_depth`.

    Raises json.JSONDecodeError for text that is not JSON (the caller words where it
    breaks) and Unreadable for JSON that no boardhub file could be.
    """
    if _nesting(text) > max_depth:
        raise Unreadable(N_("damaged: it is nested too deeply to be a boardhub file"))
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:  # cannot happen after the nesting check; kept as the last guard
        raise Unreadable(N_("damaged: it is nested too deeply to be a boardhub file")) from None


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def _nesting(text: str) -> int:
    """How deep brackets nest outside strings, in one pass over the text that strings do not hide."""
    depth = deepest = 0
    for match in re.finditer(r"[\[\]{}]", _STRINGS.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


# C0 and C1 controls, DEL, unpaired surrogates (bytes a decoder escaped), and the
# bidirectional overrides and isolates that can make text read backwards.
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\ufeff]")
_LINE_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029]")


def clean_text(text: str, keep_lines: bool = False, limit: int | None = None) -> str:
    """`text` without control characters: line ends and tabs kept with `keep_lines`, else each is a space.

    `limit` cuts the result to that many characters (callers that cap text say so in words).
    """
    if keep_lines:
        text = _CONTROLS.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    else:
        text = _LINE_CONTROLS.sub(lambda m: " " if m.group() in "\t\n\r\u2028\u2029" else "", text)
    return text if limit is None else text[:limit]
