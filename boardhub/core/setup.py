"""What a game starts from: `GameSetup` and its checks.

The setup scene, Continue, the saves browser, the arena, the smoke check and
the benchmarks all describe a game to start the same way, with a `GameSetup`;
a stored one (the settings keep the last of each game and mode) comes back
only as far as this boardhub still offers it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardhub.core.ai import AISpec
from boardhub.core.clock import NO_CLOCK, PRESETS, TimeControl
from boardhub.core.game import GameEntry, get_game
from boardhub.core.ladder import ladder_specs
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.modes import Mode
from boardhub.core.position import start_state
from boardhub.core.rules import IllegalMove, normalize_options
from boardhub.core.seat_names import seat_names, typed_name
from boardhub.core.worker import Worker

MODES = tuple(Mode)


def make_seats(ais: list[str | None] | tuple[str | None, ...], typed: tuple[str, ...] = ()) -> list[Seat]:
    """Seats with names people can tell apart: "Player 1", "You", "Hard AI 2", or the name a human seat's
    player typed (`typed`, by seat; "" keeps the seat's own)."""
    ais = list(ais)
    return [Seat(ai, name) for ai, name in zip(ais, seat_names(ais, typed))]


@dataclass(frozen=True)
class GameSetup:
    """What a game starts from: the game, who sits where, its options, the move limit, referee mode,
    the time control."""

    game: str
    seats: tuple[str | None, ...]  # an AI as `python -m boardhub ais` names it, None for a human
    options: dict[str, Any] = field(default_factory=dict)
    limit: float = 0.5
    referee: bool = False
    mode: Mode = Mode.PVA
    names: tuple[str, ...] = ()  # by seat, the name a human seat's player typed; "" (or none) for its own
    clock: str = NO_CLOCK  # a time control's key (core/clock.py): "none", "3+2", "10s"
    position: str | None = None  # an edited position to start from, in the game's own format; None: the usual start

    def __post_init__(self) -> None:
        TimeControl.parse(self.clock)  # ValueError for a key that names no time control
        object.__setattr__(self, "mode", Mode(self.mode))  # "pva" as older callers and stored setups write it
        names = tuple(typed_name(n) for n in self.names)
        object.__setattr__(self, "names", names if any(names) else ())  # none typed: equal to a setup of before

    @property
    def entry(self) -> GameEntry:
        return get_game(self.game)

    @classmethod
    def default(cls, game: str, mode: Mode | str) -> "GameSetup":
        """The seats of the source's three modes: the human starts against a middle level of the
        measured ladder (the strongest is a click away in the setup); AIs play strongest."""
        entry, mode = get_game(game), Mode(mode)
        ais = ladder_specs(entry)
        middle = ais[len(ais) // 2]
        strong, strongest = ais[-2] if len(ais) > 1 else ais[-1], ais[-1]
        n = entry.rules.num_players({})
        seats = {Mode.PVP: [None] * n, Mode.PVA: [None] + [middle] * (n - 1),
                 Mode.AVA: [strong] + [strongest] * (n - 1)}[mode]
        return cls(game, tuple(seats), {o.key: o.default for o in entry.options}, 0.5, mode is Mode.AVA, mode)

    @classmethod
    def of_match(cls, match: Match) -> "GameSetup":
        """The setup a match was started from (a saved game's, for Play again and Change setup)."""
        ais = [seat.ai for seat in match.seats]
        # a human seat's name other than the one it would get anyway is one its player typed: it stays
        names = tuple(seat.name if seat.is_human and seat.name != own else ""
                      for seat, own in zip(match.seats, seat_names(ais)))
        control = match.timing.control
        return cls(match.game.key, tuple(ais), dict(match.options), match.timing.limit, match.timing.referee,
                   match.mode, names if any(names) else (), NO_CLOCK if control is None else control.key,
                   match.position)

    def fields(self) -> dict[str, Any]:
        """The setup as JSON can hold it (the settings keep the last one of each game and mode)."""
        out = {"game": self.game, "seats": list(self.seats), "options": dict(self.options),
               "limit": self.limit, "referee": self.referee, "mode": self.mode.value}
        # a setup of before has neither, and is written again as it was
        if self.clock != NO_CLOCK:
            out["clock"] = self.clock
        if self.position is not None:
            out["position"] = self.position
        return out

    @classmethod
    def from_fields(cls, data: Any) -> "GameSetup":
        """A setup `fields()` wrote; ValueError for one this boardhub cannot offer any more.

        Only what the setup screen offers comes back: the game's AIs at one of
        their levels, engines of a protocol the game speaks, options it has.
        """
        try:
            entry = get_game(data["game"])
            options = normalize_options(entry.options, data["options"])
            seats = tuple(data["seats"])
            limit, referee, mode = data["limit"], data["referee"], data["mode"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a stored setup: {exc}") from None
        if mode not in MODES or not isinstance(referee, bool) or isinstance(limit, bool) \
                or not isinstance(limit, (int, float)) or not 0 < limit <= 60:
            raise ValueError("the mode, move limit or referee is not one the setup offers")
        if len(seats) != entry.rules.num_players(options):
            raise ValueError(f"{entry.title} with these options needs {entry.rules.num_players(options)} seats")
        for seat in seats:
            if seat is not None:
                _check_offered(entry, seat)
        # a setup stored before time controls has none; one this boardhub no longer offers plays without
        clock = data.get("clock", NO_CLOCK)
        position = data.get("position") if isinstance(data, dict) else None
        if position is not None:
            _check_position(entry, options, position)
        return cls(entry.key, seats, options, float(limit), referee, Mode(mode),
                   clock=clock if clock in PRESETS else NO_CLOCK, position=position)

    def match(self, worker: Worker | None = None, seed: int | None = None) -> Match:
        """A new match of this setup; ValueError for options or seats the game refuses."""
        seats = make_seats(self.seats, self.names)
        timing = Timing(self.limit, referee=self.referee, control=TimeControl.parse(self.clock))
        return Match(self.entry, seats, self.options, seed, timing,
                     worker if any(not s.is_human for s in seats) else None, self.position)


def _check_position(entry: GameEntry, options: dict, position: Any) -> None:
    """ValueError unless `position` is a position text a game of `options` can start from."""
    if not isinstance(position, str):
        raise ValueError("the start position is not text")
    try:
        start_state(entry.rules, entry.position, options, None, position)
    except IllegalMove as exc:
        raise ValueError(str(exc)) from None


def _check_offered(entry: GameEntry, seat: Any) -> None:
    """ValueError unless `seat` names an AI of the game at one of its levels or an engine it speaks to."""
    if not isinstance(seat, str):
        raise ValueError(f"not a seat: {seat!r}")
    spec = AISpec.parse(seat)
    if spec.external is not None:
        if spec.external[0] not in entry.externals:
            raise ValueError(f"{entry.title} engines do not speak {spec.external[0]}")
        return
    ai = entry.ai_entry(spec.name)
    if (spec.level is not None or ai.levels) and \
            (ai.default_level if spec.level is None else spec.level) not in ai.levels:
        raise ValueError(f"{spec.name} has no level {spec.level}")
    ai.check_learning(spec.learning)  # a learning deleted since: the setup is not offered again
