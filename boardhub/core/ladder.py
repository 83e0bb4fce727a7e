"""The measured ladder: each game's AIs ordered by strength, from a round robin `bench/ladder.py` played.

The setup lists a game's AIs from weakest to strongest and shows each one's
Elo, so that a player can see what they choose. The ratings live in
`boardhub/assets/ladder.json`; a missing or damaged file, or an AI the file
does not rate (one added since the ladder was played), leaves the registry's
order: the ladder only ever improves the setup, it never stops it working.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from boardhub.core.ai import AISpec
from boardhub.core.game import GameEntry

LADDER_PATH = Path(__file__).resolve().parent.parent / "assets" / "ladder.json"
FORMAT = 1


def registry_specs(entry: GameEntry) -> list[str]:
    """Every AI of the game at every level, in the registry's order: "random", "greedy:1", ..."""
    return [a.name if level is None else f"{a.name}:{level}"
            for a in entry.ai_entries for level in (a.levels or (None,))]


@lru_cache(maxsize=8)
def _provisional(path: str) -> dict[str, frozenset[str]]:
    """{game: the specs the file places by hand, not yet measured} (a game's "provisional" list)."""
    try:
        data: Any = json.loads(Path(path).read_text(encoding="utf-8"))
        return {str(key): frozenset(str(s) for s in game["provisional"]["specs"])
                for key, game in data["games"].items()
                if isinstance(game, dict) and isinstance(game.get("provisional"), dict)
                and isinstance(game["provisional"].get("specs"), list)}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def provisional(game_key: str, path: Path | None = None) -> frozenset[str]:
    """The AIs of a game whose place on the ladder is an estimate (added since the last run), not a result."""
    return _provisional(str(path or LADDER_PATH)).get(game_key, frozenset())


@lru_cache(maxsize=8)
def _load(path: str) -> dict[str, dict[str, float]]:
    try:
        data: Any = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    games = data.get("games") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(games, dict):
        return {}
    ladder: dict[str, dict[str, float]] = {}
    for key, game in games.items():
        elo = game.get("elo") if isinstance(game, dict) else None
        if isinstance(elo, dict):
            # only finite numbers count: a hand-edited "n/a" must not break a sort
            ladder[str(key)] = {str(spec): float(v) for spec, v in elo.items()
                                if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)}
    return ladder


def ratings(game_key: str, path: Path | None = None) -> dict[str, float]:
    """{AI spec: Elo} of a game's ladder; {} when there is none."""
    return dict(_load(str(path or LADDER_PATH)).get(game_key, {}))


def strength(game_key: str, spec: str, path: Path | None = None) -> float | None:
    """The Elo the ladder measured for `spec` ("greedy:5") in `game_key`, None if it has none."""
    return ratings(game_key, path).get(spec)


def learned_specs(entry: GameEntry) -> list[str]:
    """Each AI that learns, at each of its levels, playing by each learning saved on this computer
    ("positional:3@kim"): not on the ladder, whose ratings are of the AIs' usual boards."""
    return [str(AISpec(a.name, level, name)) for a in entry.ai_entries if a.learnings is not None
            for name in a.learnings() for level in (a.levels or (None,))]


def ladder_specs(entry: GameEntry, path: Path | None = None) -> list[str]:
    """The game's AIs at every level from weakest to strongest; the registry's order unless all are rated.

    A partly rated list is not sorted: an unrated AI placed by guess would
    make the order claim a measurement no one made.
    """
    specs = registry_specs(entry)
    elo = ratings(entry.key, path)
    if not all(spec in elo for spec in specs):
        return specs
    return sorted(specs, key=lambda spec: elo[spec])  # stable: equal ratings keep the registry's order
