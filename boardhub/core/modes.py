"""Who plays a game: the source's three modes, spelled in one place.

A mode has two written forms, both kept exactly as they were so that every
settings file, save and record written before still reads: its value ("pvp",
the settings' and the setup's) and its `kind` ("PvP", a save's "kind_of_game"
and the name of the source's record file, PvP.txt).
"""
from __future__ import annotations

from enum import Enum
from typing import Any

from boardhub.core.i18n import N_


class Mode(str, Enum):
    """Player vs Player, Player vs AI or AI vs AI; equal to its value ("pva"), as a plain string is."""

    PVP = "pvp"
    PVA = "pva"
    AVA = "ava"

    def __str__(self) -> str:  # the value in f-strings on every Python (3.12 changed Enum's format)
        return self.value

    @property
    def kind(self) -> str:
        """The save's spelling: "PvP", "PvA" or "AvA"."""
        return _KINDS[self]

    @property
    def label(self) -> str:
        """The mode's name on the screen, marked for translation (translate it where it is shown)."""
        return _LABELS[self]

    @classmethod
    def of_kind(cls, kind: Any) -> "Mode | None":
        """The mode a save's "kind_of_game" names; None for anything else (a save is hostile until read)."""
        return next((mode for mode, text in _KINDS.items() if text == kind), None)

    @classmethod
    def of_seats(cls, humans: int, seats: int) -> "Mode":
        """The mode of a game with `humans` people among `seats` seats."""
        return cls.PVP if humans == seats else cls.AVA if humans == 0 else cls.PVA


_KINDS = {Mode.PVP: "PvP", Mode.PVA: "PvA", Mode.AVA: "AvA"}
_LABELS = {Mode.PVP: N_("Player vs Player"), Mode.PVA: N_("Player vs AI"), Mode.AVA: N_("AI vs AI")}
