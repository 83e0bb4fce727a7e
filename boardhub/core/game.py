"""The game registry: what a game hands over (rules, AIs, options, hooks) and how a seat's AI is built.

Every game's package (`boardhub.games.<key>`) defines one `ENTRY`. Generic code
(the session, the scenes, the arena, the AI process) asks the entry and never
names a game: what a game does beyond the Rules protocol is a hook or data here.
"""
from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from boardhub.core.ai import AI, AIFactory, AISpec, load_custom
from boardhub.core.i18n import N_
from boardhub.core.position import PositionFormat
from boardhub.core.records import RecordFormat
from boardhub.core.review import ReviewSpec
from boardhub.core.rules import Option, Outcome, Rules

SEAT_ORDINALS = (N_("Moves first"), N_("Moves second"), N_("Moves third"), N_("Moves fourth"))

GAME_KEYS = ("dots", "othello", "gomoku", "davinci")
Evaluate = Callable[[Any, float], dict]  # (a seat's view, deadline) -> {move: score}


@dataclass(frozen=True)
class AIEntry:
    """One AI of a game: a factory `(level=None, seed=None) -> AI` and its levels."""

    name: str
    factory: AIFactory
    blurb: str
    levels: tuple[Any, ...] = ()
    default_level: Any = None
    # the names of the learnings the AI can play by ("positional:3@kim"), for AIs that learn; the
    # factory then takes `learning=` the name (or "name#games", a snapshot)
    learnings: Callable[[], list[str]] | None = None

    def check_learning(self, learning: str | None) -> None:
        """ValueError unless the AI can play by `learning` (None: its usual boards)."""
        if learning is None:
            return
        if self.learnings is None:
            raise ValueError(f"{self.name} plays by no learning, so not by {learning!r}")
        if learning.partition("#")[0] not in self.learnings():
            raise ValueError(f"there is no learning called {learning.partition('#')[0]!r}")

    @property
    def default_spec(self) -> str:
        """The seat text that picks this AI at its default level: "hard", "greedy:5"."""
        return self.name if not self.levels else f"{self.name}:{self.default_level}"


def _move_sound(before: Any, after: Any) -> str:
    return "move"


def _no_forced_move(state: Any) -> Any | None:
    return None


@dataclass(frozen=True)
class GameEntry:
    """A game as the app, the arena and the AI process see it."""

    key: str
    title: str
    rules: Rules
    ai_entries: tuple[AIEntry, ...]
    rules_text: str
    blurb: str
    # the board view (ui.board.BoardView) for this entry: made by the game's ui package, so that
    # only a window, never the AI process or the command line, loads pygame
    board: Callable[["GameEntry"], Any]
    options: tuple[Option, ...] = field(default=())
    # engines in a subprocess by protocol: "gtp" -> factory(argv: list[str], seed=None) -> AI
    externals: dict[str, Callable[..., AI]] = field(default_factory=dict)
    # (a seat's view, deadline) -> {move: score}: hints and evaluation overlays
    analysis: Evaluate | None = None
    # keep the source's game records: the moves, one a line, in PvP.txt / PvA.txt / AvA.txt
    writes_records: bool = False
    # Export and Import in the game's own notations, the usual one first
    record_formats: tuple[RecordFormat, ...] = ()
    record_example: str = N_("a game record")
    # more screens on the game's menu card: (label, factory(app, entry) -> scene)
    pages: tuple[tuple[str, Callable[..., Any]], ...] = ()
    # the move that means "no legal move, I pass" (a notice is shown), if the game has one
    pass_move: Any = None
    # the sound of a move from `before` to `after`: "move", or "box" where a move scores
    move_sound: Callable[[Any, Any], str] = _move_sound
    # a move a human seat has no choice about (Da Vinci's only gap for a drawn tile), played for them
    forced_move: Callable[[Any], Any | None] = _no_forced_move
    # each seat's colour where the board gives the seats one ("Black", "White"); else the setup
    # names seats by their turn ("Moves first")
    seat_names: tuple[str, ...] = ()
    # whether the seats' colours may change hands in a game of these options (Gomoku's opening rules
    # swap them): the seats are then named by their turn
    colours_swap: Callable[[dict], bool] | None = None
    # a finished game's review: the judge of positions, its unit and its thresholds
    review: ReviewSpec | None = None
    # after a game played in the app ends: learn from its moves (Othello's learned boards, a setting)
    learn: Callable[[list[Any], Outcome], None] | None = None
    # the game as its source document plays it, one click away in the setup (None: as boardhub's defaults):
    # a core.source_setup.SourceSetup, unnamed here since it builds GameSetups, which name this class
    source: Any = None
    # positions set up by hand (the position editor), as text in the game's own format; None: no editor
    position: PositionFormat | None = None
    # (a position, deadline) -> the side to move's forced win as a line of play, for "Find the win"
    # (Gomoku's threat solver): an object with `attacker`, `line` (the moves in turn) and `wording()`
    find_win: Callable[[Any, float], Any] | None = None
    # why engine seats cannot play a game of these options (a sentence marked for the catalog), None if
    # they can: Gomoku's engines speak no opening rule
    engines_refuse: Callable[[dict], str | None] | None = None

    def seat_title(self, seat: int, options: dict | None = None) -> str:
        """A seat's name before the game, to translate: its colour where the board gives it one ("Black"),
        else (or where the colours may change hands) its turn ("Moves first")."""
        swaps = self.colours_swap is not None and options is not None and self.colours_swap(options)
        return self.seat_names[seat] if seat < len(self.seat_names) and not swaps else SEAT_ORDINALS[seat]

    def most_players(self) -> int:
        """The most seats a game of any of its options has (the screens keep room for them)."""
        counts = [self.rules.num_players({o.key: v}) for o in self.options for v in o.choices]
        return max(counts + [self.rules.num_players({})])

    @property
    def ais(self) -> dict[str, AIFactory]:
        return {a.name: a.factory for a in self.ai_entries}

    def ai_entry(self, name: str) -> AIEntry:
        for a in self.ai_entries:
            if a.name == name:
                return a
        known = ", ".join(a.name for a in self.ai_entries)
        raise ValueError(f"{self.title} has no AI called {name!r}; choose from {known}")

    def make_ai(self, spec: AISpec | str, seed: int | None = None) -> AI:
        """Build the AI a seat names; a custom factory gets `seed` if it takes one."""
        spec = AISpec.parse(spec) if isinstance(spec, str) else spec
        if spec.external is not None:
            proto, argv = spec.external
            if proto not in self.externals:
                speaks = ", ".join(self.externals) or "no engine protocol"
                raise ValueError(f"{self.title} engines speak {speaks}, not {proto}")
            ai = self.externals[proto](argv, seed=seed)
        elif spec.is_custom:
            factory: Callable[..., AI] = load_custom(spec.name)
            kwargs = {"seed": seed} if "seed" in inspect.signature(factory).parameters else {}
            ai = factory(**kwargs)
        else:
            entry = self.ai_entry(spec.name)
            level = entry.default_level if spec.level is None else spec.level
            if entry.levels and level not in entry.levels:
                raise ValueError(f"{spec.name} has levels {', '.join(map(str, entry.levels))}, not {level}")
            entry.check_learning(spec.learning)
            kwargs: dict[str, Any] = {"seed": seed} if spec.learning is None else {"seed": seed, "learning": spec.learning}
            ai = entry.factory(level=level, **kwargs) if entry.levels else entry.factory(**kwargs)
        if not callable(getattr(ai, "choose", None)):
            raise ValueError(f"{spec} did not give an object with choose(view, deadline)")
        return ai


def get_game(key: str) -> GameEntry:
    """The game called `key` ("dots"): its package is loaded the first time it is asked for."""
    if key not in GAME_KEYS:
        raise KeyError(f"no game called {key!r}; games: {', '.join(GAME_KEYS)}")
    return importlib.import_module(f"boardhub.games.{key}").ENTRY


def all_games() -> list[GameEntry]:
    return [get_game(k) for k in GAME_KEYS]
