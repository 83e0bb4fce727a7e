"""Da Vinci Code's phases, moves and history events as named values, and the moves' text form.

A move or an event is a named tuple whose first field is its kind, so that it
is equal to (and hashes as) the plain tuple it replaced: ``Draw(BLACK) ==
("draw", 0)``, ``Guessed(0, 1, 7, 3, False) == ("guess", 0, 1, 7, 3, False)``.
That keeps every dict of moves, every ``move in legal_moves``, the plain data
the net sends (`core.plain.to_plain` turns a named tuple into a list) and the
repr that seeds the review's simulations what they were before the names.
The saved games hold the moves' text form only, which is unchanged.

Moves (seats, tiles and slots count from 0 here and from 1 in the text)
    Draw(colour)                   "draw b", "draw w"
    Place(slot)                    "place 3"
    Guess(target, index, value)    "guess 2 4 7", "guess 2 4 -" (the joker)
    Stop()                         "stop"
    Reveal(index)                  "reveal 2"

Events (the public history)
    Drew(seat, colour)
    Placed(seat, slot, uid)
    Guessed(seat, target, uid, value, right)
    Stopped(seat)
    Revealed(seat, uid, value)     the guesser's own tile after a wrong call
"""
from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple, Union

BLACK, WHITE = 0, 1
JOKER = 12
NUMBERS = tuple(range(12))
COLOUR_TEXT = "bw"


class Phase(str, Enum):
    """What the seat to move must do. A `str`, equal to and hashing as its value, so states and
    views compare, hash, print and turn into plain data as they did when phases were strings
    (`StrEnum` is Python 3.11's; this is the same for 3.10)."""

    DRAW = "draw"
    PLACE = "place"
    GUESS = "guess"
    CONTINUE = "continue"  # a right call: guess again or stop
    REVEAL = "reveal"  # a wrong call without a drawn tile: turn up one of your own
    OVER = "over"

    __hash__ = str.__hash__
    __str__ = str.__str__
    __format__ = str.__format__

    def __repr__(self) -> str:  # the repr of a state seeds the review's simulations: as when it was a str
        return str.__repr__(self.value)


def value_text(value: int) -> str:
    """"7" for a number, "-" for the joker: the notation's spelling of a value."""
    return "-" if value == JOKER else str(value)


# ---------------------------------------------------------------- moves
# Each named tuple's `kind` is filled by its constructor (straight through tuple.__new__: the AIs and the
# legal moves make many); `__getnewargs__` gives the constructor's own arguments back, so a move pickles
# (to and from the AI process) and copies as itself.
class _Draw(NamedTuple):
    kind: str
    colour: int


class Draw(_Draw):
    """Draw a tile from the pile of `colour` (BLACK or WHITE)."""

    __slots__ = ()
    KIND = "draw"

    def __new__(cls, colour: int) -> "Draw":
        return tuple.__new__(cls, (cls.KIND, colour))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__

    def text(self) -> str:
        return f"draw {COLOUR_TEXT[self.colour]}"


class _Place(NamedTuple):
    kind: str
    slot: int


class Place(_Place):
    """Put the drawn tile before the rack's tile `slot` (len(rack): at the right end)."""

    __slots__ = ()
    KIND = "place"

    def __new__(cls, slot: int) -> "Place":
        return tuple.__new__(cls, (cls.KIND, slot))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__

    def text(self) -> str:
        return f"place {self.slot + 1}"


class _Guess(NamedTuple):
    kind: str
    target: int
    index: int
    value: int


class Guess(_Guess):
    """Call the number (or JOKER) of tile `index` of seat `target`."""

    __slots__ = ()
    KIND = "guess"

    def __new__(cls, target: int, index: int, value: int) -> "Guess":
        return tuple.__new__(cls, (cls.KIND, target, index, value))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__

    def text(self) -> str:
        return f"guess {self.target + 1} {self.index + 1} {value_text(self.value)}"


class _Stop(NamedTuple):
    kind: str


class Stop(_Stop):
    """End the turn after a right call, the drawn tile kept hidden."""

    __slots__ = ()
    KIND = "stop"

    def __new__(cls) -> "Stop":
        return tuple.__new__(cls, (cls.KIND,))

    def __getnewargs__(self) -> tuple:
        return ()

    __repr__ = tuple.__repr__

    def text(self) -> str:
        return "stop"


class _Reveal(NamedTuple):
    kind: str
    index: int


class Reveal(_Reveal):
    """Turn up one of your own hidden tiles (a wrong call in a turn without a draw)."""

    __slots__ = ()
    KIND = "reveal"

    def __new__(cls, index: int) -> "Reveal":
        return tuple.__new__(cls, (cls.KIND, index))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__

    def text(self) -> str:
        return f"reveal {self.index + 1}"


Move = Union[Draw, Place, Guess, Stop, Reveal]
MOVES: dict[str, type] = {m.KIND: m for m in (Draw, Place, Guess, Stop, Reveal)}


def as_move(value: Any) -> Move | None:
    """`value` as a named move if it has a move's shape (a plain tuple such as ("guess", 1, 3, 7) or a
    move already), else None. Whether it can be played is the rules' question."""
    if isinstance(value, (Draw, Place, Guess, Stop, Reveal)):
        return value
    if not isinstance(value, tuple) or not value or not isinstance(value[0], str) or value[0] not in MOVES:
        return None
    args = value[1:]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in args):
        return None
    kind = MOVES[value[0]]
    if len(args) != len(kind._fields) - 1:
        return None
    return kind(*args)


def parse(text: str) -> Move | None:
    """The move a text names ("draw b", "place 3", "guess 2 4 7", "guess 2 4 -", "stop", "reveal 2"),
    or None if it names none."""
    parts = text.strip().lower().split()
    if not parts:
        return None
    kind, args = parts[0], parts[1:]
    if kind == "draw" and args in (["b"], ["w"]):
        return Draw(COLOUR_TEXT.index(args[0]))
    if kind in ("place", "reveal") and len(args) == 1 and _count(args[0]) is not None:
        return (Place if kind == "place" else Reveal)(_count(args[0]))
    if kind == "stop" and not args:
        return Stop()
    if kind == "guess" and len(args) == 3:
        target, index = _count(args[0]), _count(args[1])
        value = JOKER if args[2] == "-" else _count(args[2], first=0)
        if target is not None and index is not None and (args[2] == "-" or value in NUMBERS):
            return Guess(target, index, value)
    return None


def _count(word: str, first: int = 1) -> int | None:
    """The 0-based number of a word counting from `first`, or None if it is not one."""
    return int(word) - first if word.isdigit() and int(word) >= first else None


# ---------------------------------------------------------------- events
class _Drew(NamedTuple):
    kind: str
    seat: int
    colour: int


class Drew(_Drew):
    """`seat` drew a tile from the pile of `colour` (its number stays out of the history)."""

    __slots__ = ()
    KIND = "draw"

    def __new__(cls, seat: int, colour: int) -> "Drew":
        return tuple.__new__(cls, (cls.KIND, seat, colour))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__


class _Placed(NamedTuple):
    kind: str
    seat: int
    slot: int
    uid: int


class Placed(_Placed):
    """`seat` placed its drawn tile, which got `uid`, as its tile `slot`."""

    __slots__ = ()
    KIND = "place"

    def __new__(cls, seat: int, slot: int, uid: int) -> "Placed":
        return tuple.__new__(cls, (cls.KIND, seat, slot, uid))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__


class _Guessed(NamedTuple):
    kind: str
    seat: int
    target: int
    uid: int
    value: int
    right: bool


class Guessed(_Guessed):
    """`seat` called tile `uid` of `target` `value`, rightly or not."""

    __slots__ = ()
    KIND = "guess"

    def __new__(cls, seat: int, target: int, uid: int, value: int, right: bool) -> "Guessed":
        return tuple.__new__(cls, (cls.KIND, seat, target, uid, value, right))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__


class _Stopped(NamedTuple):
    kind: str
    seat: int


class Stopped(_Stopped):
    """`seat` stopped after a right call."""

    __slots__ = ()
    KIND = "stop"

    def __new__(cls, seat: int) -> "Stopped":
        return tuple.__new__(cls, (cls.KIND, seat))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__


class _Revealed(NamedTuple):
    kind: str
    seat: int
    uid: int
    value: int


class Revealed(_Revealed):
    """`seat`'s own tile `uid`, of `value`, turned up after its wrong call."""

    __slots__ = ()
    KIND = "reveal"

    def __new__(cls, seat: int, uid: int, value: int) -> "Revealed":
        return tuple.__new__(cls, (cls.KIND, seat, uid, value))

    def __getnewargs__(self) -> tuple:
        return tuple(self)[1:]

    __repr__ = tuple.__repr__


Event = Union[Drew, Placed, Guessed, Stopped, Revealed]
EVENTS: dict[str, type] = {e.KIND: e for e in (Drew, Placed, Guessed, Stopped, Revealed)}


def routine_move(ai: Any, view: Any) -> Move | None:
    """The move of a phase with nothing to weigh (draw a colour, place the drawn tile, reveal a tile) as
    `ai` picks it with its `draw_colour`, `place_slot` and `reveal_index`; None in a calling phase."""
    if view.phase is Phase.DRAW:
        return Draw(ai.draw_colour(view))
    if view.phase is Phase.PLACE:
        return Place(ai.place_slot(view))
    if view.phase is Phase.REVEAL:
        return Reveal(ai.reveal_index(view))
    return None


def entry_times(history: tuple[Event, ...]) -> dict[int, int]:
    """uid -> the history event that put the tile on its rack (dealt tiles are absent)."""
    return {e.uid: when for when, e in enumerate(history) if isinstance(e, Placed)}


def as_event(value: Any) -> Event:
    """An event from its plain form (["guess", 0, 1, 7, 3, false] as the net sends it); ValueError if it
    is none."""
    if isinstance(value, (Drew, Placed, Guessed, Stopped, Revealed)):
        return value
    if not isinstance(value, (list, tuple)) or not value or not isinstance(value[0], str) \
            or value[0] not in EVENTS:
        raise ValueError(f"not a Da Vinci Code event: {value!r}")
    kind = EVENTS[value[0]]
    args = tuple(value[1:])
    if len(args) != len(kind._fields) - 1:
        raise ValueError(f"not a Da Vinci Code event: {value!r}")
    return kind(*args)
