"""What an AI is, and how a seat names one ("hard", "greedy:5", "py:module:function")."""
from __future__ import annotations

import importlib
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


@dataclass(frozen=True)
class AISpec:
    """A seat's AI by name: an AI of the game with an optional level, or your own code."""

    name: str
    level: int | str | None = None

    @classmethod
    def parse(cls, text: str) -> "AISpec":
        """"hard" -> hard; "greedy:5" -> greedy level 5; "py:pkg.mod:func" -> your factory."""
        text = text.strip()
        if text.startswith("py:") or text.partition(":")[0] in EXTERNAL_PROTOCOLS:
            return cls(text)
        name, _, level = text.partition(":")
        if not name:
            raise ValueError(f"no AI name in {text!r}")
        if level == "":
            return cls(name)
        return cls(name, int(level) if level.lstrip("-").isdigit() else level)

    def __str__(self) -> str:
        return self.name if self.level is None else f"{self.name}:{self.level}"

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
