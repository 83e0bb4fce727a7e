"""Headless matches between AIs: a series alternating who starts, round-robin tournaments, Elo."""
from __future__ import annotations

import itertools
import math
import os
import queue
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

from boardhub.core.game import get_game
from boardhub.core import saves
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.progress import progress_bar
from boardhub.core.rules import Outcome
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
    forfeits: list[str] = field(default_factory=list)  # "game 3: <what happened>"
    forfeit_reasons: dict[str, int] = field(default_factory=dict)  # rules.FORFEIT_REASONS -> games

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


@dataclass(frozen=True)
class GamePlayed:
    """What a series keeps of one game: who started, how it ended, and each move's seat, time and limit."""

    a_seat: int
    outcome: Outcome
    moves: tuple[tuple[int, float, float], ...]


def play_one(game_key: str, a: str, b: str, n: int, limit: float, seed: int, options: dict | None,
             referee: bool, worker: Worker, limit_b: float | None = None) -> GamePlayed:
    """Game `n` of a series: seed `seed + n`, a starting when `n` is even; b may have its own limit."""
    a_seat = n % 2
    seats = [Seat(a), Seat(b)] if a_seat == 0 else [Seat(b), Seat(a)]
    timing = Timing(limit=limit, ai_delay=0.0, chain_delay=0.0, referee=referee,
                    seat_limits={} if limit_b is None else {1 - a_seat: limit_b})
    match = Match(get_game(game_key), seats, options, seed=seed + n, timing=timing, worker=worker)
    play_game(match)
    match.close()
    return GamePlayed(a_seat, match.outcome,
                      tuple((p.seat, p.seconds, timing.limit_of(p.seat)) for p in match.history))


def default_jobs() -> int:
    """Every core."""
    return os.cpu_count() or 1


def play_series(game_key: str, a: str, b: str, games_count: int, limit: float = 0.5, seed: int = 0,
                options: dict | None = None, progress: bool = True, referee: bool = True,
                worker: Worker | None = None,
                on_game: Callable[[SeriesResult], None] | None = None,
                jobs: int = 1, limit_b: float | None = None) -> SeriesResult:
    """Play `games_count` games of `a` against `b`, a starting the even-numbered ones.

    Game n has seed `seed + n` whoever plays it, so with `jobs` games at a
    time (each in its own AI process; `worker`, if given, serves one game at
    a time) the result is the same as one at a time for AIs whose moves do
    not depend on time. `limit_b` gives b its own move limit (an engine that
    needs longer). `on_game(result so far)` is called after each game, in the
    games' order, for a caller's own progress display.
    """
    game = get_game(game_key)
    for spec in (a, b):  # a bad name fails here, before any game starts
        game.make_ai(spec)
    if jobs > 1 and worker is not None:
        raise ValueError("a series of several games at a time gives each its own AI process: pass no worker")
    jobs = max(1, min(jobs, games_count))
    result = SeriesResult(a, b)
    margins: list[int] = []
    started = time.monotonic()
    own_workers = worker is None
    # the matches are driven from threads that mostly wait: the searches run in the AI processes
    free: queue.Queue[Worker] = queue.Queue()
    workers = [worker] if worker is not None else [ProcessWorker() for _ in range(jobs)]
    for w in workers:
        free.put(w)

    def one(n: int) -> GamePlayed:
        w = free.get()
        try:
            return play_one(game_key, a, b, n, limit, seed, options, referee, w, limit_b)
        finally:
            free.put(w)

    try:
        with ThreadPoolExecutor(jobs, thread_name_prefix="arena-game") as pool:
            futures = [pool.submit(one, n) for n in range(games_count)]
            try:
                for future in futures:  # in the games' order: the same numbering however many at a time
                    tally(result, future.result(), margins)
                    if on_game is not None:
                        on_game(result)
                    if progress:
                        note = f"a={result.a_wins} draws={result.draws} b={result.b_wins}"
                        progress_bar(result.games, games_count, note, time.monotonic() - started)
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    finally:
        if own_workers:
            for w in workers:
                w.close()
    result.margin = sum(margins) / len(margins) if margins else 0.0
    return result


def tally(result: SeriesResult, played: GamePlayed, margins: list[int]) -> None:
    out, a_seat = played.outcome, played.a_seat
    result.games += 1
    if out.winner is None:
        result.draws += 1
    elif out.winner == a_seat:
        result.a_wins += 1
    else:
        result.b_wins += 1
    if out.is_forfeit:
        result.forfeits.append(f"game {result.games}: {out.detail}")
        result.forfeit_reasons[out.reason] = result.forfeit_reasons.get(out.reason, 0) + 1
    if len(out.scores) == 2:
        margins.append(out.scores[a_seat] - out.scores[1 - a_seat])
    for seat, seconds, limit in played.moves:
        side = "a" if seat == a_seat else "b"
        result.slowest[side] = max(result.slowest.get(side, 0.0), seconds)
        result.late += seconds > limit


ELO_METHOD = ("Elo: the ratings that make all the games most likely under the logistic model "
              "P(A beats B) = 1 / (1 + 10^((Rb - Ra) / 400)), a draw counting as half a win, fitted by "
              "iteration (minorize-maximize); each AI also gets one virtual draw against a fixed reference "
              "player so that an unbeaten or winless record stays finite; then all are shifted to a mean of 1500.")


def elo_ratings(players: list[str], series: list[SeriesResult], iterations: int = 2000) -> dict[str, float]:
    """Elo ratings fitted to every game of `series` at once (see ELO_METHOD).

    Fitting all results together, rather than updating game by game, makes
    the ratings independent of the order the games were played in.
    """
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = [0.5] * n  # the virtual draw against the anchor
    games_between = [[0.0] * (n + 1) for _ in range(n)]  # column n: the anchor
    for i in range(n):
        games_between[i][n] = 1.0
    for r in series:
        i, j = index[r.a], index[r.b]
        wins[i] += r.a_wins + r.draws / 2
        wins[j] += r.b_wins + r.draws / 2
        games_between[i][j] += r.games
        games_between[j][i] += r.games
    strength = [1.0] * n + [1.0]  # the anchor's strength stays 1 (1500)
    for _ in range(iterations):
        change = 0.0
        for i in range(n):
            expected_games = sum(g / (strength[i] + strength[j]) for j, g in enumerate(games_between[i]) if g)
            new = wins[i] / expected_games
            change = max(change, abs(math.log(new / strength[i])))
            strength[i] = new
        if change < 1e-10:
            break
    ratings = [400 * math.log10(s) for s in strength[:n]]
    shift = 1500 - sum(ratings) / n
    return {p: ratings[index[p]] + shift for p in players}


@dataclass
class TournamentResult:
    game: str
    players: list[str]
    games_per_pair: int
    series: list[SeriesResult] = field(default_factory=list)

    @property
    def elo(self) -> dict[str, float]:
        return elo_ratings(self.players, self.series)

    def record(self, player: str) -> tuple[int, int, int]:
        """(wins, draws, losses) of `player` over the whole tournament."""
        w = d = lost = 0
        for r in self.series:
            if player in (r.a, r.b):
                mine, theirs = (r.a_wins, r.b_wins) if r.a == player else (r.b_wins, r.a_wins)
                w, d, lost = w + mine, d + r.draws, lost + theirs
        return w, d, lost

    def points(self, player: str, against: str) -> float | None:
        """`player`'s points against `against` (a draw is half a point), None if they did not meet."""
        for r in self.series:
            if (r.a, r.b) == (player, against):
                return r.a_wins + r.draws / 2
            if (r.b, r.a) == (player, against):
                return r.b_wins + r.draws / 2
        return None

    def table(self) -> str:
        """The cross table (row's points against column), records and Elo, best first."""
        elo = self.elo
        ranked = sorted(self.players, key=lambda p: -elo[p])
        width = max(6, *(len(p) for p in self.players))
        total = sum(r.games for r in self.series)
        lines = [f"TOURNAMENT {self.game}: {len(self.players)} AIs, {self.games_per_pair} games per pair, "
                 f"{total} games; a cell is the row's points against the column (draw = 1/2)",
                 f"{'#':>2}  {'AI':<{width}}  " + "  ".join(f"{p:>{width}}" for p in ranked)
                 + f"  {'W-D-L':>9}  {'points':>6}  {'Elo':>5}"]
        for rank, p in enumerate(ranked, 1):
            cells = []
            for q in ranked:
                pts = self.points(p, q)
                cells.append(f"{'-' if pts is None else f'{pts:g}':>{width}}")
            w, d, lost = self.record(p)
            lines.append(f"{rank:>2}  {p:<{width}}  " + "  ".join(cells)
                         + f"  {f'{w}-{d}-{lost}':>9}  {w + d / 2:>6g}  {elo[p]:>5.0f}")
        lines.append(ELO_METHOD)
        return "\n".join(lines)

    def to_json(self) -> dict:
        elo = self.elo
        return {"game": self.game, "players": self.players, "games_per_pair": self.games_per_pair,
                "series": [{"a": r.a, "b": r.b, "games": r.games, "a_wins": r.a_wins, "draws": r.draws,
                            "b_wins": r.b_wins, "late": r.late, "forfeits": r.forfeits,
                            "forfeit_reasons": r.forfeit_reasons} for r in self.series],
                "elo": {p: round(elo[p], 1) for p in self.players}, "elo_method": ELO_METHOD,
                "table": self.table().splitlines()}

    def save(self) -> Path:
        """Write the results to a new timestamped file in the saves folder."""
        path = saves.saves_dir() / f"tournament-{self.game}-{datetime.now():%Y%m%d-%H%M%S-%f}.json"
        saves.write_json(path, "tournament", self.to_json())
        return path


def play_tournament(game_key: str, players: list[str], games_per_pair: int, limit: float = 0.5, seed: int = 0,
                    options: dict | None = None, progress: bool = True, referee: bool = True,
                    worker: Worker | None = None, jobs: int = 1) -> TournamentResult:
    """A round robin: every pair of `players` plays a series of `games_per_pair`, colours alternating.

    Each series plays `jobs` games at a time (then each in its own AI process, and `worker` is not used)."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise ValueError("a tournament needs two or more different AIs")
    game = get_game(game_key)
    for spec in players:  # a bad name fails here, before any game starts
        game.make_ai(spec)
    pairs = list(itertools.combinations(players, 2))
    result = TournamentResult(game_key, list(players), games_per_pair)
    total = len(pairs) * games_per_pair
    started = time.monotonic()
    own_worker = worker is None and jobs == 1
    worker = None if jobs > 1 else worker or ProcessWorker()
    try:
        for n, (a, b) in enumerate(pairs):
            done_before = n * games_per_pair

            def show(r: SeriesResult, a: str = a, b: str = b, done_before: int = done_before) -> None:
                progress_bar(done_before + r.games, total, f"{a} {r.a_wins}-{r.draws}-{r.b_wins} {b}",
                     time.monotonic() - started)
            result.series.append(play_series(game_key, a, b, games_per_pair, limit=limit,
                                             seed=seed + done_before, options=options, progress=False,
                                             referee=referee, worker=worker, on_game=show if progress else None,
                                             jobs=jobs))
    finally:
        if own_worker:
            worker.close()
    return result
