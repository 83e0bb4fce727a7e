"""The player's results: per game and per AI opponent, wins, draws and losses, kept in stats.json.

Only games between one human and AIs count: they are the player's record. A
game that an AI forfeited (it crashed, stopped answering or played an illegal
move) was not won at the board, so it is no win of the player's: it is counted
apart, as that AI's forfeit, and left out of the score. An unreadable stats
file is reported and left as it is; results are then not counted rather than
written over it, until the player resets the stats from their page.

Two windows may record at once: each result is added under the stats' lock to
the file as it is on disk then, never to a copy read earlier. Each result comes
with its game's id, kept in the file: a game killed between its count and its
own save, then resumed and finished again, is counted once.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from boardhub.core import files, locks, saves, schema
from boardhub.core.clock import FLAG, fallen_seat
from boardhub.core.concede import RESIGNED
from boardhub.core.i18n import _

RESULTS = ("win", "draw", "loss")
FORFEIT = "forfeit"  # a game the AI forfeited: counted apart, never a win
# endings that are an AI's fault rather than the play (a Renju forbidden move is the play)
AI_FAULTS = ("time", "error", "illegal")
MAX_COUNT = 10 ** 9  # games against one AI: a count past it is a damaged file, not a record
KEEP_IDS = 1_000  # the latest games counted, by id: far more than a kill could leave to be finished again


def stats_path() -> Path:
    return saves.saves_dir() / "stats.json"


def _counts(value: object, length: int) -> bool:
    return isinstance(value, list) and len(value) == length and all(
        schema.is_int(n) and 0 <= n <= MAX_COUNT for n in value)


Counts = dict[str, dict[str, int]]  # game key -> opponent -> a count


def _single_counts(rows: object) -> bool:
    return isinstance(rows, dict) and all(
        isinstance(r, dict) and all(_counts([v], 1) for v in r.values()) for r in rows.values())


def _read_all(path: Path) -> tuple[dict[str, dict[str, list[int]]], Counts, Counts, list[str]]:
    """(results, forfeits, games with hints, ids of the games counted); SaveError for a file that is not whole."""
    data = saves.read_json(path, "stats")
    table, forfeits, hinted = data.get("games"), data.get("forfeits", {}), data.get("hinted", {})
    ids = data.get("counted", [])
    shaped = isinstance(table, dict) and all(
        isinstance(rows, dict) and all(_counts(v, 3) for v in rows.values()) for rows in table.values())
    if not (shaped and _single_counts(forfeits) and _single_counts(hinted)):
        raise saves.SaveError(_("{name}: damaged: it is not a table of wins, draws and losses").format(
            name=saves.file_name(path)))
    if not isinstance(ids, list) or len(ids) > 2 * KEEP_IDS or not all(
            isinstance(i, str) and len(i) <= schema.MAX_NAME for i in ids):
        raise saves.SaveError(_("{name}: damaged: its list of games counted is not what boardhub writes").format(
            name=saves.file_name(path)))
    try:
        for rows in (table, forfeits, hinted):
            schema.check_stats_names(rows)
    except files.Unreadable as exc:
        raise saves.SaveError(_("{name}: {why}").format(name=saves.file_name(path), why=exc)) from None
    return table, forfeits, hinted, ids


@dataclass
class Stats:
    # game key -> opponent (the AIs' names) -> [wins, draws, losses]
    table: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    # game key -> opponent -> games those AIs forfeited (kept apart: an older boardhub reads only `table`)
    forfeits: Counts = field(default_factory=dict)
    # game key -> opponent -> games of those counted above in which the player asked for hints
    hinted: Counts = field(default_factory=dict)
    # the ids of the latest games counted (oldest first): a game is counted once, whatever moment a kill came at
    counted: list[str] = field(default_factory=list)
    error: str = ""  # why stats.json could not be read

    @classmethod
    def load(cls) -> "Stats":
        path = stats_path()
        if not os.path.lexists(path):  # a link to nowhere is a file that cannot be read, not a missing one
            return cls()
        try:
            return cls(*_read_all(path))
        except saves.SaveError as exc:
            return cls(error=str(exc))

    def save(self) -> None:
        saves.write_json(stats_path(), "stats", {"games": self.table, "forfeits": self.forfeits,
                                                 "hinted": self.hinted, "counted": self.counted[-KEEP_IDS:]})

    def record(self, game: str, opponent: str, result: str, hinted: bool = False, game_id: str = "") -> bool:
        """Count one result ("win", "draw", "loss" or "forfeit"), and whether hints helped, and save; False when
        the game of `game_id` was counted already. SaveError when the file on disk must not be replaced.

        The count is added to the file as it is on disk now, under its lock, so
        another window's results recorded since this one was loaded are kept.
        """
        if self.error:
            raise saves.SaveError(self.error)
        with locks.locked(stats_path()):
            fresh = Stats.load()
            if fresh.error:
                self.error = fresh.error
                raise saves.SaveError(fresh.error)
            self.table, self.forfeits, self.hinted, self.counted = (fresh.table, fresh.forfeits, fresh.hinted,
                                                                    fresh.counted)
            if game_id and game_id in self.counted:
                return False
            if hinted:
                rows = self.hinted.setdefault(game, {})
                rows[opponent] = rows.get(opponent, 0) + 1
            if result == FORFEIT:
                rows = self.forfeits.setdefault(game, {})
                rows[opponent] = rows.get(opponent, 0) + 1
            else:
                row = self.table.setdefault(game, {}).setdefault(opponent, [0, 0, 0])
                row[RESULTS.index(result)] += 1
            if game_id:
                self.counted = [*self.counted, game_id][-KEEP_IDS:]
            self.save()
        return True

    def reset(self) -> None:
        """Forget every result, a damaged file's included: the player asked for it on the stats page."""
        with locks.locked(stats_path()):
            self.table, self.forfeits, self.hinted, self.counted, self.error = {}, {}, {}, [], ""
            self.save()

    def record_of(self, game: str, opponent: str) -> tuple[int, int, int, int] | None:
        """(won, drawn, lost, forfeited by the AIs) against `opponent`, None if never played."""
        row = self.table.get(game, {}).get(opponent)
        forfeits = self.forfeits.get(game, {}).get(opponent, 0)
        if row is None and not forfeits:
            return None
        return (*(row or (0, 0, 0)), forfeits)

    def hinted_of(self, game: str, opponent: str) -> int:
        """How many of the games against `opponent` were played with hints."""
        return self.hinted.get(game, {}).get(opponent, 0)

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
    with locks.locked(new):
        table, forfeits, hinted, ids = _read_all(new)
        old_table, old_forfeits, old_hinted, old_ids = _read_all(old)
        for game, rows in old_table.items():
            for opponent, counts in rows.items():
                row = table.setdefault(game, {}).setdefault(opponent, [0, 0, 0])
                table[game][opponent] = [a + b for a, b in zip(row, counts)]
        for mine, theirs in ((forfeits, old_forfeits), (hinted, old_hinted)):
            for game, rows in theirs.items():
                for opponent, n in rows.items():
                    mine.setdefault(game, {})[opponent] = mine.get(game, {}).get(opponent, 0) + n
        known = set(old_ids)
        ids = [*old_ids, *(i for i in ids if i not in known)][-KEEP_IDS:]
        saves.write_json(new, "stats", {"games": table, "forfeits": forfeits, "hinted": hinted, "counted": ids})


ONLINE = "online"  # the row of the games at network tables against people
ONLINE_STOOD_IN = "online, stood in"  # the same where an AI stood in for someone who had gone: marked apart


def online_opponent(stood_in: bool) -> str:
    """The stats' key of a game at a network table (people there, perhaps AIs too)."""
    return ONLINE_STOOD_IN if stood_in else ONLINE


def opponent_of(seats) -> str:
    """The key of a game's AIs in the stats: their names as `python -m boardhub ais` gives them."""
    return ", ".join(seat.ai for seat in seats if not seat.is_human)


def is_ai_forfeit(outcome, human: int) -> bool:
    """Whether a finished game of the human seat `human` ended by an AI's fault, not at the board.

    An AI that lost on time lost it by the clock, which is the play: a win for the
    player against one AI. Among three or four the game then ends with nobody
    named winner, so it is no win of the player's either: it counts apart as
    that AI's forfeit."""
    if outcome.reason == FLAG:
        fallen = fallen_seat(outcome)
        return outcome.winner is None and fallen is not None and fallen != human
    return outcome.reason in AI_FAULTS and outcome.winner in (human, None)


def result_for(outcome, human: int) -> str:
    """"win", "draw", "loss", or "forfeit" (an AI's) for the human seat `human` of a finished game."""
    if is_ai_forfeit(outcome, human):
        return FORFEIT
    if outcome.reason == RESIGNED and outcome.winner is None:
        return "loss"  # a resignation among more than two: only a person resigns, so it is the player's
    if outcome.reason == FLAG and outcome.winner is None and fallen_seat(outcome) == human:
        return "loss"  # the player's time ran out in a game of more than two: no winner, the player's loss
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == human else "loss"
