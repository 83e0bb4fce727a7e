"""The player's results: per game and per AI opponent, wins, draws and losses, kept in stats.json.

Only games between one human and AIs count: they are the player's record. A
game that an AI forfeited (it crashed, stopped answering or played an illegal
move) was not won at the board, so it is no win of the player's: it is counted
apart, as that AI's forfeit, and left out of the score. An unreadable stats
file is reported and left as it is; results are then not counted rather than
written over it, until the player resets the stats from their page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from boardhub.core import saves

RESULTS = ("win", "draw", "loss")
FORFEIT = "forfeit"  # a game the AI forfeited: counted apart, never a win
# endings that are an AI's fault rather than the play (a Renju forbidden move is the play)
AI_FAULTS = ("time", "error", "illegal")


def stats_path() -> Path:
    return saves.saves_dir() / "stats.json"


def _counts(value: object, length: int) -> bool:
    return isinstance(value, list) and len(value) == length and all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value)


def _read(path: Path) -> tuple[dict[str, dict[str, list[int]]], dict[str, dict[str, int]]]:
    """(results, forfeits) of a stats file; SaveError, in words, for one that is not whole."""
    data = saves.read_json(path, "stats")
    table, forfeits = data.get("games"), data.get("forfeits", {})
    shaped = isinstance(table, dict) and all(
        isinstance(rows, dict) and all(_counts(v, 3) for v in rows.values()) for rows in table.values())
    shaped = shaped and isinstance(forfeits, dict) and all(
        isinstance(rows, dict) and all(_counts([v], 1) for v in rows.values()) for rows in forfeits.values())
    if not shaped:
        raise saves.SaveError(f"{path.name}: damaged: it is not a table of wins, draws and losses")
    return table, forfeits


@dataclass
class Stats:
    # game key -> opponent (the AIs' names) -> [wins, draws, losses]
    table: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    # game key -> opponent -> games those AIs forfeited (kept apart: an older boardhub reads only `table`)
    forfeits: dict[str, dict[str, int]] = field(default_factory=dict)
    error: str = ""  # why stats.json could not be read

    @classmethod
    def load(cls) -> "Stats":
        path = stats_path()
        if not path.exists():
            return cls()
        try:
            return cls(*_read(path))
        except saves.SaveError as exc:
            return cls(error=str(exc))

    def save(self) -> None:
        saves.write_json(stats_path(), "stats", {"games": self.table, "forfeits": self.forfeits})

    def record(self, game: str, opponent: str, result: str) -> None:
        """Count one result ("win", "draw", "loss" or "forfeit") and save; SaveError when the
        file on disk must not be replaced."""
        if self.error:
            raise saves.SaveError(self.error)
        if result == FORFEIT:
            rows = self.forfeits.setdefault(game, {})
            rows[opponent] = rows.get(opponent, 0) + 1
        else:
            row = self.table.setdefault(game, {}).setdefault(opponent, [0, 0, 0])
            row[RESULTS.index(result)] += 1
        self.save()

    def reset(self) -> None:
        """Forget every result, a damaged file's included: the player asked for it on the stats page."""
        self.table, self.forfeits, self.error = {}, {}, ""
        self.save()

    def record_of(self, game: str, opponent: str) -> tuple[int, int, int, int] | None:
        """(won, drawn, lost, forfeited by the AIs) against `opponent`, None if never played."""
        row = self.table.get(game, {}).get(opponent)
        forfeits = self.forfeits.get(game, {}).get(opponent, 0)
        if row is None and not forfeits:
            return None
        return (*(row or (0, 0, 0)), forfeits)

    def rows(self, game: str) -> list[tuple[str, int, int, int, int]]:
        """(opponent, wins, draws, losses, the AIs' forfeits), most played first."""
        names = set(self.table.get(game, {})) | set(self.forfeits.get(game, {}))
        rows = [(name, *self.record_of(game, name)) for name in names]
        return sorted(rows, key=lambda r: (-sum(r[1:]), r[0]))

    @property
    def empty(self) -> bool:
        return not any(self.table.values()) and not any(self.forfeits.values())


def merge_files(old: Path, new: Path) -> None:
    """Add the counts of the stats file `old` into the stats file `new` (moving an old saves folder).

    SaveError, and `new` untouched, if either cannot be read.
    """
    table, forfeits = _read(new)
    old_table, old_forfeits = _read(old)
    for game, rows in old_table.items():
        for opponent, counts in rows.items():
            row = table.setdefault(game, {}).setdefault(opponent, [0, 0, 0])
            table[game][opponent] = [a + b for a, b in zip(row, counts)]
    for game, rows in old_forfeits.items():
        for opponent, n in rows.items():
            forfeits.setdefault(game, {})[opponent] = forfeits.get(game, {}).get(opponent, 0) + n
    saves.write_json(new, "stats", {"games": table, "forfeits": forfeits})


def opponent_of(seats) -> str:
    """The key of a game's AIs in the stats: their names as `python -m boardhub ais` gives them."""
    return ", ".join(seat.ai for seat in seats if not seat.is_human)


def is_ai_forfeit(outcome, human: int) -> bool:
    """Whether a finished game of the human seat `human` ended by an AI's fault, not at the board."""
    return outcome.reason in AI_FAULTS and outcome.winner in (human, None)


def result_for(outcome, human: int) -> str:
    """"win", "draw", "loss", or "forfeit" (an AI's) for the human seat `human` of a finished game."""
    if is_ai_forfeit(outcome, human):
        return FORFEIT
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == human else "loss"
