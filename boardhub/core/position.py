"""Positions set up by hand: what a game offers the position editor, and the start of a game from one.

A game that can start from an edited position gives its entry a `PositionFormat`
(its engine package's `position.py`): the position written as text in the
game's own format (Othello's 64-character board string, a Gomoku .psq file, a
Dots and Boxes grid), read back from text from anywhere, and the small edits the
editor makes (put a piece, cycle a place, choose the side to move). A match, a
save, a replay and a review that hold such a text start from its position
instead of the usual start (`start_state`); the text is the whole of it, so a
saved game is still its options, its seed, its start and its moves.

Position text is hostile input like a record: `read` takes only cleaned, capped
text and fails only with IllegalMove in words (records.guarded).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from boardhub.core import saves
from boardhub.core.i18n import N_, _
from boardhub.core.records import guarded, named_file, read_record_file
from boardhub.core.rules import IllegalMove, Rules

State = Any
Place = Any
MAX_POSITION_CHARS = 4000  # a 19 x 19 .psq of every point is under 3,000 characters


class PositionFormat:
    """What the editor and the start of a game ask of a game's positions (subclassed per game).

    Pieces are seats (0, 1) or None for an empty place. The editor's state is a
    state of the game's own kind, drawn by its board view as any position is.
    """

    ending = "txt"  # the file ending Export writes
    example = N_("a position")  # what the import field asks for, in words

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        # every caller reads through the guard: cleaned, capped text, and IllegalMove as the one failure
        self.read = guarded(self._read)
        self.options = guarded(self._options)

    # ---------------------------------------------------------------- text
    def write(self, state: State) -> str:
        """The position as text in the game's format."""
        raise NotImplementedError

    def _read(self, text: str, options: dict) -> State:
        """The position `text` gives, under `options` (after `options(text)` is applied to them)."""
        raise NotImplementedError

    def _options(self, text: str) -> dict:
        """The game options the text fixes by itself (a board's size)."""
        return {}

    # ---------------------------------------------------------------- editing
    def blank(self, options: dict) -> State:
        """An empty board of `options`."""
        raise NotImplementedError

    def start(self, options: dict) -> State:
        """The usual start of a game of `options`."""
        return self.rules.new_game(options, 0)

    def places(self, state: State) -> list[Place]:
        """Every place the editor may change, in reading order (the keys' cursor visits them)."""
        raise NotImplementedError

    def cycle(self, state: State, place: Place) -> State:
        """The next thing at `place`: a click's edit (empty, black, white, empty...)."""
        raise NotImplementedError

    def put(self, state: State, place: Place, piece: int | None) -> State:
        """`piece` (a seat, or None for nothing) at `place`; IllegalMove where that cannot be."""
        raise NotImplementedError

    def side(self, state: State, seat: int) -> State:
        """The position with `seat` to move; IllegalMove where the game decides it by itself."""
        raise NotImplementedError

    def problem(self, state: State) -> str | None:
        """Why no game can start from this position (in words, said in the language of the moment); None
        when one can."""
        raise NotImplementedError

    def fixed_options(self, state: State) -> dict:
        """The options a game from this position plays with (its board's size)."""
        return {}


def start_state(rules: Rules, formats: PositionFormat | None, options: dict, seed: int | None,
                position: str | None) -> State:
    """Where a game of `options` begins: the usual start, or the position `position` gives.

    IllegalMove (in words) for a position text the game cannot read or cannot start from.
    """
    if position is None:
        return rules.new_game(options, seed)
    if formats is None:
        raise IllegalMove(_("This game has no position editor"))
    state = formats.read(position, options)
    why = formats.problem(state)
    if why is not None:
        raise IllegalMove(why)
    return state


def load_position(formats: PositionFormat, text: str, options: dict) -> tuple[State, dict]:
    """A pasted position, or the position in the file a paste names: (its state, the options it plays
    with: `options` with what the position fixes, such as its board's size). IllegalMove in words for
    anything else, and nothing is changed: the caller keeps its position until this answers.

    A position the game could not start from (a count of stones no game has) is still read: the
    editor shows it with what is wrong, to be mended there.
    """
    text = text.strip()
    if not text:
        raise IllegalMove(_("Paste a position, or give a file's path"))
    path = named_file(text)
    if path is not None:
        text = read_record_file(path).strip()  # the guarded reader: a regular file, capped
    if len(text) > MAX_POSITION_CHARS:
        raise IllegalMove(_("This text is too long to be a position: at most {count} characters").format(
            count=MAX_POSITION_CHARS))
    fixed = formats.options(text)
    merged = {**options, **fixed}
    return formats.read(text, merged), merged


def export_position(game_key: str, formats: PositionFormat, state: State) -> Path:
    """Write the position into the saves folder as a file of the game's format; OSError if it cannot be."""
    path = saves.saves_dir() / f"{game_key}-position-{time.strftime('%Y%m%d-%H%M%S')}.{formats.ending}"
    saves.atomic_write_text(path, formats.write(state).rstrip("\n") + "\n")
    return path
