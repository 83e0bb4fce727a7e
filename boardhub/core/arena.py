"""Headless matches between AIs: a series alternating who starts, with a result line."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from boardhub import games
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.worker import ProcessWorker, Worker


@dataclass
class SeriesResult:
    a: str
    b: str
    games: int = 0
    a_wins: int = 0
    draws: int = 0
    b_wins: int = 0
    margin: float = 0.0  # mean score of a minus b over the games with scores
    slowest: dict[str, float] = field(default_factory=dict)  # by side "a" / "b"
    late: int = 0  # moves over the limit
    forfeits: list[str] = field(default_factory=list)

    @property
    def a_score(self) -> float:
        """a's share of the points, draws counting half."""
        return (self.a_wins + self.draws / 2) / self.games if self.games else 0.0

    def line(self) -> str:
        return (f"RESULT a={self.a} b={self.b} games={self.games} a_wins={self.a_wins} "
                f"draws={self.draws} b_wins={self.b_wins} a_score={self.a_score:.3f} "
                f"margin={self.margin:+.2f} slowest_a={self.slowest.get('a', 0):.3f} "
                f"slowest_b={self.slowest.get('b', 0):.3f} late={self.late} "
                f"forfeits={len(self.forfeits)}")


def play_game(match: Match, timeout: float = 60.0) -> None:
    """Drive a match with AI seats to its end without delays."""
    while not match.is_over:
        match.update()
        match.wait(timeout)


def play_series(game_key: str, a: str, b: str, games_count: int, limit: float = 0.5, seed: int = 0,
                options: dict | None = None, progress: bool = True, referee: bool = True,
                worker: Worker | None = None) -> SeriesResult:
    """Play `games_count` games of `a` against `b`, a starting the even-numbered ones."""
    game = games.get(game_key)
    for spec in (a, b):  # a bad name fails here, before any game starts
        game.make_ai(spec)
    own_worker = worker is None
    worker = worker or ProcessWorker()
    result = SeriesResult(a, b)
    margins: list[int] = []
    started = time.monotonic()
    try:
        for n in range(games_count):
            a_seat = n % 2
            seats = [Seat(a), Seat(b)] if a_seat == 0 else [Seat(b), Seat(a)]
            timing = Timing(limit=limit, ai_delay=0.0, chain_delay=0.0, referee=referee)
            match = Match(game, seats, options, seed=seed + n, timing=timing, worker=worker)
            play_game(match)
            match.close()
            tally(result, match, a_seat, margins)
            if progress:
                _progress(n + 1, games_count, result, time.monotonic() - started)
    finally:
        if own_worker:
            worker.close()
    if progress:
        sys.stderr.write("\n")
    result.margin = sum(margins) / len(margins) if margins else 0.0
    return result


def tally(result: SeriesResult, match: Match, a_seat: int, margins: list[int]) -> None:
    out = match.outcome
    result.games += 1
    if out.winner is None:
        result.draws += 1
    elif out.winner == a_seat:
        result.a_wins += 1
    else:
        result.b_wins += 1
    if out.reason != "score":
        result.forfeits.append(f"game {result.games}: {out.detail}")
    if len(out.scores) == 2:
        margins.append(out.scores[a_seat] - out.scores[1 - a_seat])
    for p in match.history:
        side = "a" if p.seat == a_seat else "b"
        result.slowest[side] = max(result.slowest.get(side, 0.0), p.seconds)
        result.late += p.seconds > match.timing.limit


def _progress(done: int, total: int, r: SeriesResult, elapsed: float) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                     f"a={r.a_wins} draws={r.draws} b={r.b_wins}  {elapsed:.0f}s ")
    sys.stderr.flush()
