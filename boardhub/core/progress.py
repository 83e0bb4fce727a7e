"""The one progress bar of the command line: a line on stderr, redrawn in place."""
from __future__ import annotations

import sys


def progress_bar(done: int, total: int, note: str, elapsed: float) -> None:
    """Draw `done` of `total` with a note and the seconds so far; a new line once done."""
    width = 30
    filled = width * done // total if total else width
    line = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {note}  {elapsed:.0f}s"
    sys.stderr.write(f"\r{line:<79}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def progress_note(text: str) -> None:
    """A line of its own on stderr, over the progress bar being drawn there (the next redraw goes below it)."""
    sys.stderr.write(f"\r{text:<79}\n")
    sys.stderr.flush()
