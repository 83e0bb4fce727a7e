"""The Rules protocol every game implements, and the values it speaks in.

A game is one `Rules` object. States are immutable: `apply` returns a new state
and raises `IllegalMove` (leaving the old one untouched) for a bad move, so a
misclick, a broken AI or a corrupt record can never half-update a game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Protocol, Sequence, runtime_checkable

from boardhub.core.files import clean_text
from boardhub.core.i18n import N_, Wording

Move = Hashable
State = Any


# endings that are a seat's fault (a late, broken or cheating player) rather than the play
FORFEIT_REASONS = ("time", "error", "illegal", "forbidden", "flag")


class IllegalMove(ValueError):
    """A move that the rules refuse; the message says why, in the player's words."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seat (None for a draw), the scores and why.

    `reason` is data, not prose: how the game ended by its rules ("score",
    "five", "last standing"...), or a forfeit (FORFEIT_REASONS): "time" for a
    late AI, "error" for an AI that raised, "illegal" for an illegal AI move,
    "forbidden" for a forbidden Renju move,
    "flag" for a seat whose time ran out under a time control (core/clock.py). `detail` is the sentence people see;
    where it names the winner it says "{winner}", and `describe` puts the seat's
    name there (the rules know seats by number, the screen by name). A detail
    with values is made by `worded` from an English template marked for the
    catalog, kept with its values so that the screen can say it in the
    player's language; `detail` stays the English sentence logs and the
    command line show.
    """

    winner: int | None
    scores: tuple[int, ...] = ()
    reason: str = "score"
    detail: str = ""
    template: str = ""  # the detail's template ("" when the detail has no values)
    values: tuple[tuple[str, Any], ...] = ()  # its values by name; words among them are translated too

    @classmethod
    def worded(cls, winner: int | None, scores: tuple[int, ...], reason: str, template: str, /,
               **values: Any) -> "Outcome":
        """An outcome whose detail is `template` with `values` ("{winner}" is left for `describe`)."""
        words = Wording.of(template, **values)
        return cls(winner, scores, reason, words.english(), template, words.values)

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def is_forfeit(self) -> bool:
        return self.reason in FORFEIT_REASONS

    def describe(self, labels: Sequence[str] = (), translate: Callable[[str], str] = str) -> str:
        """The detail with its values and the winner named: `labels[winner]`, else "Player N";
        `translate` (i18n's `_`) says it in the language of the moment.

        >>> Outcome(1, (0, 3), "last standing", "{winner} kept the last hidden tiles.").describe(["You", "Expert AI"])
        'Expert AI kept the last hidden tiles.'
        """
        if not self.detail:
            return ""
        text = Wording(self.template, self.values).said(translate) if self.template else translate(self.detail)
        if "{winner}" not in text or self.winner is None:
            return text
        name = labels[self.winner] if self.winner < len(labels) else \
            translate(N_("Player {number}")).format(number=self.winner + 1)
        return text.replace("{winner}", name)

    def to_json(self) -> dict:
        out = {"winner": self.winner, "scores": list(self.scores), "reason": self.reason, "detail": self.detail}
        if self.template:
            out["template"], out["values"] = self.template, [list(pair) for pair in self.values]
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Outcome":
        """The outcome a save holds; its words are shown, so they come without control characters."""
        values = tuple((clean_text(str(k)), clean_text(v) if isinstance(v, str) else v)
                       for k, v in data.get("values", ()) if isinstance(v, (str, int, float)))
        return cls(data["winner"], tuple(data.get("scores", ())), data.get("reason", "score"),
                   _words(data.get("detail")), _words(data.get("template")), values)


def _words(value: Any) -> str:
    """A sentence a save holds, as it may be shown: text without control characters, else none."""
    return clean_text(value) if isinstance(value, str) else ""


@dataclass(frozen=True)
class Option:
    """One setting of a game shown in the setup scene (board size, rule set...)."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    labels: tuple[str, ...] = field(default=())
    # (another option's key, its values under which this one matters): the setup hides it otherwise
    only_when: tuple[str, tuple[Any, ...]] | None = None
    # a choice for a game on this computer only: a network table does not offer it (Dots and Boxes'
    # quick start draws its lines from the seed, which a table keeps from its players)
    local_only: bool = False
    # (a choice, another option's key, its values): that choice is offered only under those values
    # (Gomoku's 20 x 20 board, the Gomocup board, is played under freestyle rules only)
    needs: tuple[tuple[Any, str, tuple[Any, ...]], ...] = ()

    def offered(self, options: dict) -> tuple[Any, ...]:
        """The choices open in a game of `options`: those whose `needs` the other options meet."""
        return tuple(c for c in self.choices
                     if all(options.get(key) in values for choice, key, values in self.needs if choice == c))

    def label_of(self, value: Any) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)

    def applies(self, options: dict) -> bool:
        """Whether this option changes anything in a game of `options`."""
        if self.only_when is None:
            return True
        key, values = self.only_when
        return options.get(key) in values


def normalize_options(spec: tuple[Option, ...], options: dict | None) -> dict:
    """`options` with defaults filled in; ValueError for a value that no option offers."""
    out = {o.key: o.default for o in spec}
    out.update(options or {})
    for o in spec:
        if out[o.key] not in o.choices or type(out[o.key]) is not type(o.default):
            allowed = ", ".join(map(str, o.choices))
            raise ValueError(f"{o.key} must be one of {allowed}, not {out[o.key]!r}")
    for o in spec:
        if out[o.key] not in o.offered(out):
            raise ValueError(f"{o.key} {out[o.key]!r} is not played with these options")
    return {o.key: out[o.key] for o in spec}


@runtime_checkable
class Rules(Protocol):
    """What the match engine, the arena and the AIs need from a game."""

    def num_players(self, options: dict) -> int: ...
    def new_game(self, options: dict, seed: int | None = None) -> State: ...
    def legal_moves(self, state: State) -> Sequence[Move]: ...
    def apply(self, state: State, move: Move) -> State: ...
    def to_move(self, state: State) -> int: ...
    def is_over(self, state: State) -> bool: ...
    def outcome(self, state: State) -> Outcome: ...
    def view(self, state: State, seat: int | None) -> Any: ...
    # the moves so far as `seat` saw them: all that an AI or an analysis may learn of the history
    def public_history(self, moves: Sequence[Move], seat: int | None) -> tuple: ...
    # `state` (any state of the game) matters where the notation depends on the board,
    # such as Gomoku's board size; games whose notation does not may ignore it.
    def move_to_text(self, move: Move, state: State = None) -> str: ...
    def move_from_text(self, text: str, state: State = None) -> Move: ...
