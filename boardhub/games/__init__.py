"""The game registry: `get("dots")` gives a game's rules, AIs, options and scene."""
from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from boardhub.core.ai import AI, AIFactory, AISpec, load_custom
from boardhub.core.rules import Option, Rules

GAME_KEYS = ("dots", "othello", "gomoku", "davinci")
ANALYSIS = "@analysis"  # the worker job that scores every legal move instead of choosing one


class Analysis:
    """Runs a game's move evaluation where AIs run: answers {move: score}."""

    def __init__(self, evaluate: Callable[[Any, float], dict]) -> None:
        self.evaluate = evaluate

    def choose(self, view: Any, deadline: float) -> dict:
        return self.evaluate(view, deadline)


@dataclass(frozen=True)
class AIEntry:
    """One AI of a game: a factory `(level=None, seed=None) -> AI` and its levels."""

    name: str
    factory: AIFactory
    blurb: str
    levels: tuple[Any, ...] = ()
    default_level: Any = None


@dataclass(frozen=True)
class GameEntry:
    key: str
    title: str
    rules: Rules
    ai_entries: tuple[AIEntry, ...]
    rules_text: str
    blurb: str
    scene: str  # "module:Class" of the pygame board view, imported only by the app
    options: tuple[Option, ...] = field(default=())
    # engines in a subprocess by protocol: "gtp" -> factory(argv: list[str], seed=None) -> AI
    externals: dict[str, Callable[..., AI]] = field(default_factory=dict)
    # "module:function" with (view, deadline) -> {move: score}: the app's evaluation overlay
    analysis: str | None = None
    # keep the source's game records: the moves, one a line, in PvP.txt / PvA.txt / AvA.txt
    records: bool = False
    # more screens on the game's menu card: (label, "module:SceneClass" taking (app, game))
    pages: tuple[tuple[str, str], ...] = ()

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
        if spec.name == ANALYSIS:
            if self.analysis is None:
                raise ValueError(f"{self.title} has no move evaluation")
            module, _, attr = self.analysis.partition(":")
            return Analysis(getattr(importlib.import_module(module), attr))
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
            ai = entry.factory(level=level, seed=seed) if entry.levels else entry.factory(seed=seed)
        if not callable(getattr(ai, "choose", None)):
            raise ValueError(f"{spec} did not give an object with choose(view, deadline)")
        return ai


def get(key: str) -> GameEntry:
    """The game called `key` ("dots"), with `.rules` and `.ais`."""
    if key not in GAME_KEYS:
        raise KeyError(f"no game called {key!r}; games: {', '.join(GAME_KEYS)}")
    return importlib.import_module(f"boardhub.games.{key}").ENTRY


def all_games() -> list[GameEntry]:
    return [get(k) for k in GAME_KEYS]
