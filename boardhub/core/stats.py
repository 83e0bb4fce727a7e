"""The player's results: per game and per AI opponent, wins, draws and losses, kept in stats.json.

Only games between one human and AIs count: they are the player's record. An
unreadable stats file is reported and left as it is; results are then not
counted rather than written over it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from boardhub.core import saves

RESULTS = ("win", "draw", "loss")


def stats_path() -> Path:
    return saves.saves_dir() / "stats.json"


@dataclass
class Stats:
    # game key -> opponent (the AIs' names) -> [wins, draws, losses]
    table: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    error: str = ""  # why stats.json could not be read

    @classmethod
    def load(cls) -> "Stats":
        path = stats_path()
        if not path.exists():
            return cls()
        try:
            data = saves.read_json(path, "stats")
            table = data["games"]
            if not all(isinstance(rows, dict) and all(
                    isinstance(v, list) and len(v) == 3 and all(isinstance(n, int) and n >= 0 for n in v)
                    for v in rows.values()) for rows in table.values()):
                raise saves.SaveError(f"{path.name}: not a table of wins, draws and losses")
        except (saves.SaveError, KeyError, AttributeError, TypeError) as exc:
            reason = str(exc) if isinstance(exc, saves.SaveError) else f"{path.name}: damaged ({exc!r})"
            return cls(error=reason)
        return cls(table)

    def record(self, game: str, opponent: str, result: str) -> None:
        """Count one result and save; SaveError when the file on disk must not be replaced."""
        if self.error:
            raise saves.SaveError(self.error)
        row = self.table.setdefault(game, {}).setdefault(opponent, [0, 0, 0])
        row[RESULTS.index(result)] += 1
        saves.write_json(stats_path(), "stats", {"games": self.table})

    def rows(self, game: str) -> list[tuple[str, int, int, int]]:
        """(opponent, wins, draws, losses), most played first."""
        rows = [(name, *counts) for name, counts in self.table.get(game, {}).items()]
        return sorted(rows, key=lambda r: (-sum(r[1:]), r[0]))


def opponent_of(seats) -> str:
    """The key of a game's AIs in the stats: their names as `python -m boardhub ais` gives them."""
    return ", ".join(seat.ai for seat in seats if not seat.is_human)


def result_for(outcome, human: int) -> str:
    """"win", "draw" or "loss" for the human seat `human` of a finished game."""
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == human else "loss"
