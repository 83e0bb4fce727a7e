"""Othello's opening book: the expert's own deeper searches of the first plies, kept on disk.

The book maps a position to the value, in discs for the side to move, of each
of its legal moves, as the expert's search scored them at a long move limit
(`ExpertAI.evaluate_moves`), then backed up through the book by negamax: a
move whose position is itself in the book is worth minus the best value
there, so the deeper searches of later plies correct the shallower ones.

Keys are symmetry-canonical: of the 8 symmetries of the board (rotations and
reflections), a position is stored once, in the orientation whose (me, opp)
bitboards are smallest, so a transposed or mirrored opening finds it too.
Moves are stored in that orientation and turned back on lookup.

`grow` builds the book from the start: it scores every position of a ply,
then follows the moves within a margin of the best to the next ply. The
expert asks `book_move` first in the opening and plays, by its seeded random
generator, one of the book moves within PLAY_MARGIN of the best, so series of
games differ, each seed replays, and no time is spent on a known opening.

The book the expert reads is the saves folder's (grown by `python -m boardhub
book othello`) when there is one, else the one shipped in the package; it is
read once per process, when first asked.
"""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from boardhub.core import saves
from boardhub.core.i18n import _
from boardhub.core.rules import IllegalMove
from boardhub.games.othello.engine import PASS, flips, moves_mask, parse_square, square_name

KIND = "othello-book"
SAVED_NAME = "othello-book.json"
PLAY_MARGIN = 1.0  # discs: the expert plays any book move this close to the best
log = logging.getLogger(__name__)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the board as square permutations: SYMMETRIES[k][square] is its image."""
    out = []
    for diagonal in (False, True):
        for mirror_rows in (False, True):
            for mirror_cols in (False, True):
                perm = []
                for sq in range(64):
                    r, c = divmod(sq, 8)
                    if diagonal:
                        r, c = c, r
                    perm.append(8 * (7 - r if mirror_rows else r) + (7 - c if mirror_cols else c))
                out.append(tuple(perm))
    return tuple(out)


SYMMETRIES = _symmetries()
INVERSES = tuple(tuple(perm.index(sq) for sq in range(64)) for perm in SYMMETRIES)


def transform(board: int, sym: int) -> int:
    """The bitboard `board` under symmetry `sym`."""
    perm = SYMMETRIES[sym]
    out = 0
    while board:
        low = board & -board
        out |= 1 << perm[low.bit_length() - 1]
        board ^= low
    return out


def canonical(me: int, opp: int) -> tuple[int, int, int]:
    """(me, opp) in the orientation with the smallest boards, and the symmetry that leads there."""
    best = None
    for sym in range(8):
        pair = (transform(me, sym), transform(opp, sym), sym)
        if best is None or pair < best:
            best = pair
    return best


def key_of(me: int, opp: int) -> str:
    """The book's key of canonical boards: both as 16 hex digits."""
    return f"{me:016x}{opp:016x}"


@dataclass
class Book:
    """Move values by canonical position: key -> {canonical square: discs for the mover}."""

    positions: dict[str, dict[int, float]] = field(default_factory=dict)
    made: list[dict[str, Any]] = field(default_factory=list)  # one record per run that grew it
    source: str = ""  # where it was read from; not saved

    def moves(self, me: int, opp: int) -> dict[int, float] | None:
        """Every legal move's value in this position, on the real board; None if it is not in the book."""
        cme, copp, sym = canonical(me, opp)
        values = self.positions.get(key_of(cme, copp))
        if values is None:
            return None
        back = INVERSES[sym]
        return {back[sq]: v for sq, v in values.items()}

    def choose(self, me: int, opp: int, rng: random.Random, margin: float = PLAY_MARGIN) -> int | None:
        """A book move within `margin` of the best, picked by `rng`; None out of the book."""
        values = self.moves(me, opp)
        if not values:
            return None
        best = max(values.values())
        return rng.choice(sorted(sq for sq, v in values.items() if v >= best - margin))

    def backup(self) -> None:
        """Negamax through the book: a move leading to a book position is worth minus its best move."""
        best: dict[str, float] = {}

        def value(key: str) -> float:
            if key not in best:
                me, opp = split_key(key)
                values = self.positions[key]
                for sq in values:
                    child = child_key(me, opp, sq)
                    if child is not None and child in self.positions:
                        values[sq] = -value(child)
                best[key] = max(values.values())
            return best[key]

        for key in sorted(self.positions, key=lambda k: -_discs(k)):  # deepest first: shallow recursion
            value(key)

    def deepest(self) -> int:
        """The discs on the board in the book's deepest positions (0 for an empty book)."""
        return max(map(_discs, self.positions), default=0)

    def to_json(self) -> dict[str, Any]:
        """Each position's moves as one line of text, best first: "c4:+1.6 d3:+1.6 e6:-0.3"."""
        return {"made": self.made,
                "positions": {k: " ".join(f"{square_name(sq)}:{v:+.1f}" for sq, v in
                                          sorted(vals.items(), key=lambda item: (-item[1], item[0])))
                              for k, vals in sorted(self.positions.items())}}

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str = "") -> "Book":
        """Checked: a damaged or hand-edited file raises SaveError rather than giving the expert bad moves."""
        try:
            positions = {}
            for key, moves in data["positions"].items():
                if len(key) != 32:
                    raise ValueError(f"bad position {key!r}")
                me, opp = split_key(key)
                legal = moves_mask(me, opp)
                if me & opp or not isinstance(moves, str) or not moves:
                    raise ValueError(f"bad position {key!r}")
                values = {}
                for item in moves.split():
                    square, _sep, value = item.partition(":")
                    values[parse_square(square)] = float(value)
                if any(sq == PASS or not legal >> sq & 1 for sq in values):
                    raise ValueError(f"a move that is not legal in {key!r}")
                positions[key] = values
            made = data.get("made", [])
            if not isinstance(made, list):
                raise ValueError("'made' is not a list")
        except (KeyError, TypeError, ValueError, AttributeError, IllegalMove) as exc:
            log.warning("%s is not a valid Othello opening book: %r", source or "the book", exc)
            raise saves.SaveError(_("{name}: damaged: it is not an Othello opening book").format(
                name=source or _("the opening book"))) from None
        return cls(positions, made, source)


def split_key(key: str) -> tuple[int, int]:
    """The (me, opp) boards of a key."""
    return int(key[:16], 16), int(key[16:], 16)


def _discs(key: str) -> int:
    me, opp = split_key(key)
    return (me | opp).bit_count()


def child_key(me: int, opp: int, sq: int) -> str | None:
    """The canonical key after `sq` with the other side to move (after its pass if it has none); None at the end."""
    f = flips(me, opp, sq)
    mine, theirs = me | f | 1 << sq, opp ^ f
    if moves_mask(theirs, mine):
        return key_of(*canonical(theirs, mine)[:2])
    if moves_mask(mine, theirs):
        return key_of(*canonical(mine, theirs)[:2])
    return None


# ---------------------------------------------------------------------- the book the expert reads
def shipped_path() -> Path:
    return Path(str(resources.files("boardhub") / "assets" / "othello_book.json"))


def saved_path() -> Path:
    return saves.saves_dir() / SAVED_NAME


def load(path: Path, source: str | None = None) -> Book:
    """One book file; SaveError says why it cannot be used."""
    return Book.from_json(saves.read_json(path, KIND), source=path.name if source is None else source)


def current_book() -> Book:
    """The saves folder's book if it has a readable one, else the shipped one, else an empty book."""
    for path, source in ((saved_path(), None), (shipped_path(), "shipped book")):
        if path.exists():
            try:
                return load(path, source)
            except saves.SaveError as exc:
                log.warning("the opening book is not used: %s", exc)
    return Book(source="no book")


_BOOK: Book | None = None
_BOOK_DISCS = 0  # discs on the board in the book's deepest positions


def book_move(me: int, opp: int, rng: random.Random) -> int | None:
    """The expert's book move here (the book is read on the first call of the process), or None."""
    global _BOOK, _BOOK_DISCS
    if _BOOK is None:
        _BOOK = current_book()
        _BOOK_DISCS = _BOOK.deepest()
    if (me | opp).bit_count() > _BOOK_DISCS:
        return None  # past the book's last ply: no symmetry work on the moves of the rest of the game
    return _BOOK.choose(me, opp, rng)


def save(book: Book, path: Path) -> Path:
    """Write the book and, beside it, a small JSON of how it was made (`<name>.made.json`)."""
    saves.write_json(path, KIND, book.to_json())
    made = {"positions": len(book.positions), "plies": max(book.deepest() - 3, 0), "runs": book.made}
    saves.atomic_write_text(made_path(path), json.dumps(made, indent=1) + "\n")
    return path


def made_path(path: Path) -> Path:
    """Where the note of how the book at `path` was made is written."""
    return path.with_name(path.stem + ".made.json")
