"""What happens in a game, in one vocabulary from the match to the screen (and later the wire).

The match emits `MovePlayed`, `GameOver`, `Rewound` and `SeatNotice`; its history
is a list of the same `MovePlayed` values. The session passes them on and adds
only what is its own: `Passed`, `Notice` and `HintReady`. Every event is a small
frozen value with a plain-data form (`event_to_plain`) and a way back
(`event_from_plain`), so it can leave the program and come back equal.

A move inside an event is the game's own move value; its plain form is chosen
by the caller (`move=`), because only the game can read a move back: the game's
text (`rules.move_to_text` / `move_from_text`) is the form that always works.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Union

from boardhub.core.i18n import Wording
from boardhub.core.plain import to_plain
from boardhub.core.review import Verdict
from boardhub.core.rules import Outcome


@dataclass(frozen=True)
class MovePlayed:
    """`seat` played `move` (by a click, an AI's answer or a record), the `ply`-th move of the game, in
    `seconds` of its clock; `sound` is "move" or the game's own ("box" for a box closed)."""

    seat: int
    move: Any
    ply: int
    seconds: float = 0.0
    sound: str = "move"


@dataclass(frozen=True)
class GameOver:
    outcome: Outcome


@dataclass(frozen=True)
class Rewound:
    """Undo, redo, an import or a step back in a replay changed the position."""


@dataclass(frozen=True)
class SeatNotice:
    """Something the player should know about a seat, a sentence whose subject is the seat ("{player}")."""

    seat: int
    wording: Wording


@dataclass(frozen=True)
class Passed:
    """A seat had no legal move and passed (a notice names it)."""

    seat: int
    label: str


@dataclass(frozen=True)
class Notice:
    """Something to tell the player in words; `kind` is "info", "success", "warning" or "error"."""

    text: str
    kind: str = "info"


@dataclass(frozen=True)
class HintReady:
    """The expert's best move for the human to move, in words ("d3, +2.0 discs"), and the verdict it
    says, for a screen that words the move in its own way."""

    text: str
    verdict: Verdict | None = None


MatchEvent = Union[MovePlayed, GameOver, Rewound, SeatNotice]
Event = Union[MovePlayed, GameOver, Rewound, SeatNotice, Passed, Notice, HintReady]

# every event type by its name, the `event` key of its plain form
EVENTS: dict[str, type] = {cls.__name__: cls for cls in (MovePlayed, GameOver, Rewound, SeatNotice, Passed,
                                                         Notice, HintReady)}


def _same(value: Any) -> Any:
    return value


def _pairs(values: Any) -> tuple[tuple[str, Any], ...]:
    """A sentence's values, (name, value) pairs, from their plain lists."""
    return tuple((str(name), value) for name, value in values)


def _wording(data: Any) -> Wording:
    return Wording(data["template"], _pairs(data["values"]))


def _outcome(data: Any) -> Outcome:
    return Outcome(data["winner"], tuple(data["scores"]), data["reason"], data["detail"], data["template"],
                   _pairs(data["values"]))


def _verdict_to_plain(verdict: Verdict, move: Callable[[Any], Any]) -> dict:
    plain = to_plain(verdict)
    plain["best"] = None if verdict.best is None else move(verdict.best)
    plain["scores"] = [[move(m), value] for m, value in verdict.scores]
    return plain


def _verdict(data: Any, move: Callable[[Any], Any]) -> Verdict:
    return Verdict(data["value"], None if data["best"] is None else move(data["best"]), data["exact"],
                   data["note"], None if data["wording"] is None else _wording(data["wording"]),
                   tuple((move(m), value) for m, value in data["scores"]), data["confident"])


def event_to_plain(event: Event, move: Callable[[Any], Any] = to_plain) -> dict:
    """`event` as JSON-able data: its fields and its type's name under "event"; each move by `move`."""
    plain = {"event": type(event).__name__, **to_plain(event)}
    if isinstance(event, MovePlayed):
        plain["move"] = move(event.move)
    elif isinstance(event, HintReady) and event.verdict is not None:
        plain["verdict"] = _verdict_to_plain(event.verdict, move)
    return plain


def event_from_plain(data: dict, move: Callable[[Any], Any] = _same) -> Event:
    """The event `event_to_plain` wrote; each move read back by `move`. ValueError for data that is none."""
    try:
        cls = EVENTS[data["event"]]
        values = {f.name: data[f.name] for f in fields(cls)}
        if cls is MovePlayed:
            values["move"] = move(values["move"])
        elif cls is GameOver:
            values["outcome"] = _outcome(values["outcome"])
        elif cls is SeatNotice:
            values["wording"] = _wording(values["wording"])
        elif cls is HintReady and values["verdict"] is not None:
            values["verdict"] = _verdict(values["verdict"], move)
        return cls(**values)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an event: {exc!r}") from None
