"""The ladder the setup orders its AIs by: a round robin of each game's AIs, every level as the setup lists them.

    .venv/bin/python bench/ladder.py                 # every game, writes boardhub/assets/ladder.json
    .venv/bin/python bench/ladder.py --games othello=2 --no-write

Each game's tournament runs in its own process (two at a time on two cores);
a short move limit keeps the whole run within about a quarter of an hour. The
limit is not refereed: a slow AI's move still counts, so the ladder measures
how well each AI plays, not whether it keeps a clock it was never built for.
Prints each game's cross table with its Elo and the run's time, and writes
the ratings with how they were made.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from datetime import date

from benchlib import load_note, run_series

from boardhub.core import ladder
from boardhub.core.arena import ELO_METHOD, play_tournament
from boardhub.core.game import GAME_KEYS, get_game

# games per pair, so that the run takes about ten minutes on two cores at 0.1 s a move
# (Othello has 8 AIs at their levels, 28 pairs; the other games have 3 or 4 AIs and play more games a pair)
GAMES_PER_PAIR = {"othello": 16, "gomoku": 30, "dots": 30, "davinci": 60}
LIMIT = 0.1
SEED = 2024


def tournament(game_key: str, games: int, limit: float, seed: int) -> tuple[str, dict[str, float], str, float]:
    """(game, {spec: Elo}, the cross table, seconds) of one game's round robin."""
    started = time.monotonic()
    players = ladder.registry_specs(get_game(game_key))
    result = play_tournament(game_key, players, games, limit=limit, seed=seed, progress=False, referee=False)
    return game_key, result.elo, result.table(), time.monotonic() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=[], metavar="GAME=N",
                        help="games per pair for a game (and only the games named, if any)")
    parser.add_argument("--limit", type=float, default=LIMIT, help="seconds a move (default %(default)s)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--serial", action="store_true", help="one tournament at a time")
    parser.add_argument("--no-write", action="store_true", help="print only; leave ladder.json as it is")
    args = parser.parse_args(argv)
    counts = dict(GAMES_PER_PAIR)
    if args.games:
        counts = {}
        for item in args.games:
            key, _, n = item.partition("=")
            if key not in GAME_KEYS:
                parser.error(f"no game called {key!r}; games: {', '.join(GAME_KEYS)}")
            counts[key] = int(n) if n else GAMES_PER_PAIR[key]
    print(load_note())
    started = time.monotonic()
    # the longest tournaments first, so the two workers finish together
    jobs = [(key, counts[key], args.limit, args.seed) for key in GAME_KEYS if key in counts]
    jobs.sort(key=lambda job: -len(ladder.registry_specs(get_game(job[0]))) * job[1])
    results = run_series(tournament, jobs, args.serial)
    games: dict[str, dict] = {}
    for key, elo, table, seconds in sorted(results, key=lambda r: GAME_KEYS.index(r[0])):
        print(f"\n{table}\n{key}: {seconds:.0f} s")
        games[key] = {"games_per_pair": counts[key], "elo": {spec: round(v, 1) for spec, v in elo.items()}}
    total = time.monotonic() - started
    print(f"\nladder run time: {total:.0f} s ({os.cpu_count()} cores)")
    if args.no_write:
        return
    data = {"format": ladder.FORMAT, "made_by": "bench/ladder.py", "date": date.today().isoformat(),
            "limit": args.limit, "referee": False, "seed": args.seed, "run_seconds": round(total),
            "elo_method": ELO_METHOD, "games": games}
    if ladder.LADDER_PATH.exists() and set(games) != set(GAME_KEYS):
        # a partial run updates its games and keeps the others' ratings
        try:
            old = json.loads(ladder.LADDER_PATH.read_text(encoding="utf-8"))
            data["games"] = {**old.get("games", {}), **games}
        except (OSError, ValueError, AttributeError):
            pass
    ladder.LADDER_PATH.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {ladder.LADDER_PATH}")


if __name__ == "__main__":
    main()
