"""What an AI is, and how a seat names one ("hard", "greedy:5", "py:module:function")."""
from __future__ import annotations

import importlib
import re
import shlex
from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable


@runtime_checkable
class AI(Protocol):
    """An AI answers `choose(view, deadline)` with a move before `deadline`.

    `view` is what its seat may know (`rules.view(state, seat)`); `deadline`
    is a `time.monotonic()` value. An AI never sleeps: delays belong to the UI.
    An AI with `wants_history = True` (an adapter for an engine that must be
    told every move) is called as `choose(view, deadline, history=moves)`.
    """

    def choose(self, view: Any, deadline: float) -> Any: ...


AIFactory = Callable[..., AI]

# Seats played by an engine in a subprocess: "gtp:edax -gtp", 'nboard:"ntest x"'
EXTERNAL_PROTOCOLS = ("gtp", "nboard", "pbrain")
PROTOCOL_NAMES = {"gtp": "GTP", "nboard": "NBoard", "pbrain": "Gomocup"}  # as players know them
# The learning an AI plays by, after '@' ("positional:3@kim"): a name, or a snapshot of it ("kim#400").
# Letters, digits, '-' and '_' only: the name is a file's name in the learnings folder, so no '.', '/' or '\\'.
LEARNING_AT = "@"  # the one separator of an AI spec's learning ("positional:3@kim"); no magic AI name
LEARNING_REF = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}(#[0-9]{1,7})?")


@dataclass(frozen=True)
class AISpec:
    """A seat's AI by name: an AI of the game with an optional level and learning, or your own code."""

    name: str
    level: int | str | None = None
    learning: str | None = None  # the named learning it plays by ("positional:3@kim"), for AIs that learn

    @classmethod
    def parse(cls, text: str) -> "AISpec":
        """"hard" -> hard; "greedy:5" -> greedy level 5; "positional:3@kim" -> positional level 3 playing by
        the learning "kim"; "py:pkg.mod:func" -> your factory. ValueError for a learning that is not a name."""
        text = text.strip()
        if text.startswith("py:") or text.partition(":")[0] in EXTERNAL_PROTOCOLS:
            return cls(text)
        text, at, learning = text.partition(LEARNING_AT)
        if at and not LEARNING_REF.fullmatch(learning):
            raise ValueError(f"a learning is named by letters, digits, '-' and '_', not {learning[:60]!r}")
        name, _, level = text.partition(":")
        if not name:
            raise ValueError(f"no AI name in {text!r}")
        if level == "":
            return cls(name, None, learning or None)
        return cls(name, int(level) if level.lstrip("-").isdigit() else level, learning or None)

    def __str__(self) -> str:
        text = self.name if self.level is None else f"{self.name}:{self.level}"
        return text if self.learning is None else text + LEARNING_AT + self.learning

    @property
    def is_custom(self) -> bool:
        return self.name.startswith("py:")

    @property
    def external(self) -> tuple[str, list[str]] | None:
        """(protocol, command line) for an engine seat, else None."""
        proto, _, command = self.name.partition(":")
        if proto not in EXTERNAL_PROTOCOLS:
            return None
        argv = shlex.split(command)
        if len(argv) == 1 and " " in argv[0]:
            argv = shlex.split(argv[0])  # the whole command was quoted: 'gtp:"edax -gtp"'
        if not argv:
            raise ValueError(f"no engine command in {self.name!r}: write {proto}:\"program arguments\"")
        return proto, argv


def load_custom(spec: str) -> AIFactory:
    """Import `py:module:function` and return the factory it names."""
    _, _, rest = spec.partition(":")
    module, _, attr = rest.partition(":")
    if not module or not attr:
        raise ValueError(f"write your own AI as py:module:function, not {spec!r}")
    try:
        factory = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"cannot load {spec}: {exc}") from exc
    if not callable(factory):
        raise ValueError(f"{spec} is not callable")
    return factory
