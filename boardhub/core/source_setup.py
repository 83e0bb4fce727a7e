"""A game as its source document plays it: the setup's "As in the source" button.

Each game that its source describes differently from boardhub's defaults gives
a `SourceSetup` in its registry entry (`GameEntry.source`): the options, the
source's AI, who moves first against it, the move limit and referee, and the
pauses before AI moves (settings, not setup fields). The setup scene applies
it in one click and shows its `summary`, so that the player reads what was set.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardhub.core.game import get_game
from boardhub.core.modes import Mode
from boardhub.core.rules import normalize_options
from boardhub.core.setup import GameSetup


@dataclass(frozen=True)
class SourceSetup:
    """What the source sets for a game; every setup field follows from it and the mode."""

    summary: str  # what the preset sets, in words (marked N_, translated where shown)
    ai: str  # the source's AI, in every AI seat ("seed:hard")
    options: dict[str, Any] = field(default_factory=dict)  # the rest at their defaults
    # the modes the source plays: the mode chosen is kept when it is one of them, else the first
    modes: tuple[Mode, ...] = tuple(Mode)
    ai_first: bool = False  # against people, the AI moves first
    limit: float = 0.5
    referee: bool | None = None  # True: a late AI loses in every mode; None: the mode's own default
    ai_delay: float | None = None  # the settings' pause before an AI's move against a person
    ava_delay: float | None = None  # the game's pace in AI vs AI (a setting of each game)

    def setup(self, game: str, mode: Mode | str) -> GameSetup:
        """The game as the source plays it in `mode` (or in the source's own mode, if it has no other)."""
        mode = Mode(mode)
        mode = mode if mode in self.modes else self.modes[0]
        entry = get_game(game)
        options = normalize_options(entry.options, self.options)
        n = entry.rules.num_players(options)
        ais = [self.ai] * (n - 1)
        seats = {Mode.PVP: [None] * n, Mode.AVA: [self.ai] * n,
                 Mode.PVA: ais + [None] if self.ai_first else [None] + ais}[mode]
        referee = mode is Mode.AVA if self.referee is None else self.referee
        return GameSetup(entry.key, tuple(seats), options, self.limit, referee, mode)

    def settings(self) -> dict[str, float]:
        """The settings the preset changes: "ai_delay" (every game's) and "ava_delay" (this game's)."""
        return {k: v for k, v in (("ai_delay", self.ai_delay), ("ava_delay", self.ava_delay)) if v is not None}
