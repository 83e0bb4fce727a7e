"""Headless matches between AIs: a series alternating who starts (or a table of three or more seats,
rotated game by game), round-robin tournaments, Elo, and each game saved in its game's own record."""
from __future__ import annotations

import collections
import itertools
import math
import os
import queue
import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterable, Sequence

from boardhub.core.game import GameEntry, get_game
from boardhub.core import saves
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.progress import progress_bar, progress_note
from boardhub.core.rules import Outcome, normalize_options
from boardhub.core.saved_games import game_data
from boardhub.core.worker import ProcessWorker, Worker

MAX_GAMES = 1_000_000  # games in one series
MAX_LIMIT = 3600.0  # seconds a move: beyond, a wait would overflow the AI process's timers
Report = Callable[[str], None]  # a line for the person running the arena: a game that could not be saved


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
    saved: int = 0  # games written to the save folder

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


@dataclass
class TableResult:
    """A series of three or more seats: each AI's wins, by its spec (the AIs of a table are different)."""

    players: list[str]
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0  # games without a winner (a forfeit at a table of three or more has none)
    slowest: dict[str, float] = field(default_factory=dict)
    late: int = 0
    forfeits: list[str] = field(default_factory=list)
    forfeit_reasons: dict[str, int] = field(default_factory=dict)
    saved: int = 0

    def share(self, player: str) -> float:
        """`player`'s share of the games, a game without a winner shared by every seat alike."""
        if not self.games:
            return 0.0
        return (self.wins.get(player, 0) + self.draws / len(self.players)) / self.games

    def line(self) -> str:
        def each(value: Callable[[str], str]) -> str:
            return ",".join(f"{p}:{value(p)}" for p in self.players)
        return (f"RESULT seats={','.join(self.players)} games={self.games} "
                f"wins={each(lambda p: str(self.wins.get(p, 0)))} share={each(lambda p: f'{self.share(p):.3f}')} "
                f"draws={self.draws} slowest={each(lambda p: f'{self.slowest.get(p, 0):.3f}')} "
                f"late={self.late} forfeits={len(self.forfeits)}")


def play_game(match: Match, timeout: float = 60.0) -> None:
    """Drive a match with AI seats to its end without delays."""
    while not match.is_over:
        match.update()
        match.wait(timeout)


@dataclass(frozen=True)
class GameRecord:
    """A game written down for its file: the file's ending and the text."""

    ending: str
    text: str


def game_record(match: Match) -> GameRecord:
    """The game in its entry's usual record format (the first it lists).

    A game with no record format is written as a boardhub save file instead,
    the one the app autosaves, so that it can still be replayed: in the saves
    folder's games/ it opens in Saved games like any other. A forfeit is no
    move: a record in a game's notation stops where the forfeited game stopped
    (the save file keeps the forfeit; the series' forfeit lines say why).
    """
    formats = match.game.record_formats
    if formats:
        return GameRecord(formats[0].ending, formats[0].write(match).rstrip("\n") + "\n")
    data = game_data(match, created=datetime.now().isoformat(timespec="seconds"), counted=True)
    return GameRecord("json", saves.json_text("game", data) + "\n")


def safe_name(spec: str) -> str:
    """An AI's spec as a file name may hold it on any system: "greedy:5" -> "greedy5"."""
    return re.sub(r"[^A-Za-z0-9._-]+", "", spec).strip(".-")[:40] or "ai"


def record_name(game_key: str, players: Sequence[str], n: int, games_count: int, ending: str) -> str:
    """The file of game `n` (from 0) of a series: "othello-expert-vs-greedy5-g007.txt"."""
    number = f"{n + 1:0{max(3, len(str(games_count)))}d}"
    return f"{game_key}-{'-vs-'.join(safe_name(p) for p in players)}-g{number}.{ending}"


def save_game(path: Path, record: GameRecord, report: Report) -> bool:
    """Write one game's file (its folder made if missing); a failure is told in words and costs that file only."""
    try:
        saves.atomic_write_text(path, record.text)
    except OSError as exc:
        why = "a file has that name, not a folder" if path.parent.is_file() else saves.refusal(exc)
        report(f"arena: could not save {path.name} in {path.parent}: {why}")
        return False
    return True


@dataclass(frozen=True)
class GamePlayed:
    """What a series keeps of one game: who sat where, how it ended, each move's seat, time and limit,
    and the game written down when the series saves its games (made here, where the moves are)."""

    seating: tuple[int, ...]  # the player (an index into the series' AIs) in each seat
    outcome: Outcome
    moves: tuple[tuple[int, float, float], ...]
    record: GameRecord | None = None

    @property
    def a_seat(self) -> int:
        """The seat of the series' first AI."""
        return self.seating.index(0)


def seating(n: int, count: int) -> tuple[int, ...]:
    """Who sits where in game `n`: the players rotated by n mod count, so that each starts equally often."""
    return tuple((n + seat) % count for seat in range(count))


def play_one(game_key: str, players: Sequence[str], n: int, limit: float, seed: int, options: dict | None,
             referee: bool, worker: Worker, own_limits: dict[int, float] | None = None,
             keep_record: bool = False) -> GamePlayed:
    """Game `n` of a series: seed `seed + n`, the players seated by `seating(n)`.

    `own_limits` gives a player (by index) its own move limit (an engine that
    needs longer); `keep_record` writes the game down for its file.
    """
    order = seating(n, len(players))
    own = own_limits or {}
    timing = Timing(limit=limit, ai_delay=0.0, chain_delay=0.0, referee=referee,
                    seat_limits={seat: own[p] for seat, p in enumerate(order) if p in own})
    match = Match(get_game(game_key), [Seat(players[p]) for p in order], options, seed=seed + n,
                  timing=timing, worker=worker)
    play_game(match)
    match.close()
    return GamePlayed(order, match.outcome,
                      tuple((p.seat, p.seconds, timing.limit_of(p.seat)) for p in match.history),
                      game_record(match) if keep_record else None)


def default_jobs() -> int:
    """Every core."""
    return os.cpu_count() or 1


def play_games(game_key: str, players: Sequence[str], games_count: int, on_played: Callable[[GamePlayed], None],
               limit: float = 0.5, seed: int = 0, options: dict | None = None, referee: bool = True,
               worker: Worker | None = None, jobs: int = 1, own_limits: dict[int, float] | None = None,
               keep_record: bool = False) -> None:
    """Play games 0 .. games_count - 1 of `players`, `jobs` at a time, and hand each to `on_played` in order.

    Game n has seed `seed + n` and seating `seating(n)` whoever plays it, so
    with `jobs` games at a time (each in its own AI process; `worker`, if
    given, serves one game at a time) the games are the same as one at a time
    for AIs whose moves do not depend on time.
    """
    if not 0 <= games_count <= MAX_GAMES:
        raise ValueError(f"a series plays 0 to {MAX_GAMES:,} games, not {games_count}")
    for seconds in (limit, *(own_limits or {}).values()):
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_LIMIT):  # NaN fails every comparison
            raise ValueError(f"a move limit is above 0 and at most {MAX_LIMIT:g} seconds, not {seconds}")
    game = get_game(game_key)
    for spec in players:  # a bad name fails here, before any game starts
        game.make_ai(spec)
    if jobs > 1 and worker is not None:
        raise ValueError("a series of several games at a time gives each its own AI process: pass no worker")
    jobs = max(1, min(jobs, games_count))
    own_workers = worker is None
    # the matches are driven from threads that mostly wait: the searches run in the AI processes
    free: queue.Queue[Worker] = queue.Queue()
    workers = [worker] if worker is not None else [ProcessWorker() for _ in range(jobs)]
    for w in workers:
        free.put(w)

    def one(n: int) -> GamePlayed:
        w = free.get()
        try:
            return play_one(game_key, players, n, limit, seed, options, referee, w, own_limits, keep_record)
        finally:
            free.put(w)

    try:
        with ThreadPoolExecutor(jobs, thread_name_prefix="arena-game") as pool:
            # a few games queued ahead of those playing, never all: a million games queued at once
            # would fill the memory before the first one ends
            numbers = iter(range(games_count))
            pending = collections.deque(pool.submit(one, n) for n in itertools.islice(numbers, 2 * jobs))
            try:
                while pending:  # in the games' order: the same numbering however many at a time
                    game = pending.popleft().result()
                    pending.extend(pool.submit(one, n) for n in itertools.islice(numbers, 1))
                    on_played(game)
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
    finally:
        if own_workers:
            for w in workers:
                w.close()


def play_series(game_key: str, a: str, b: str, games_count: int, limit: float = 0.5, seed: int = 0,
                options: dict | None = None, progress: bool = True, referee: bool = True,
                worker: Worker | None = None,
                on_game: Callable[[SeriesResult], None] | None = None,
                jobs: int = 1, limit_b: float | None = None, save: Path | None = None,
                report: Report | None = None) -> SeriesResult:
    """Play `games_count` games of `a` against `b`, a starting the even-numbered ones.

    See `play_games` for seeds and `jobs`. `limit_b` gives b its own move
    limit (an engine that needs longer). `on_game(result so far)` is called
    after each game, in the games' order, for a caller's own progress display.
    `save` writes each game into that folder (see `game_record`), a file that
    cannot be written told by `report` (default: a line on stderr).
    """
    result = SeriesResult(a, b)
    margins: list[int] = []
    started = time.monotonic()
    report = report or progress_note

    def played(game: GamePlayed) -> None:
        tally(result, game, margins)
        if save is not None:
            name = record_name(game_key, (a, b), result.games - 1, games_count, game.record.ending)
            result.saved += save_game(save / name, game.record, report)
        if on_game is not None:
            on_game(result)
        if progress:
            note = f"a={result.a_wins} draws={result.draws} b={result.b_wins}"
            progress_bar(result.games, games_count, note, time.monotonic() - started)

    play_games(game_key, (a, b), games_count, played, limit, seed, options, referee, worker, jobs,
               None if limit_b is None else {1: limit_b}, keep_record=save is not None)
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
    count_forfeit(result, out)
    if len(out.scores) == 2:
        margins.append(out.scores[a_seat] - out.scores[1 - a_seat])
    for seat, seconds, limit in played.moves:
        side = "a" if seat == a_seat else "b"
        result.slowest[side] = max(result.slowest.get(side, 0.0), seconds)
        result.late += seconds > limit


def count_forfeit(result: SeriesResult | TableResult, out: Outcome) -> None:
    """A game a seat lost by its own fault, by number and reason (the games count includes it)."""
    if out.is_forfeit:
        result.forfeits.append(f"game {result.games}: {out.detail}")
        result.forfeit_reasons[out.reason] = result.forfeit_reasons.get(out.reason, 0) + 1


def options_for_seats(game: GameEntry, options: dict | None, count: int, given: Iterable[str] = ()) -> dict:
    """`options` with the game's player-count option set for `count` seats; ValueError in words if none can be.

    The game says, through `rules.num_players`, which of its options seats how
    many: the arena asks rather than knowing. Options in `given` were chosen on
    the command line and are not changed (the refusal names them as typed).
    """
    options = normalize_options(game.options, options)
    seated = game.rules.num_players(options)
    if seated == count:
        return options
    counts, chosen = {seated}, []
    for o in game.options:
        for choice in o.choices:
            tried = {**options, o.key: choice}
            n = game.rules.num_players(tried)
            counts.add(n)
            if n == count:
                if o.key not in given:
                    return tried
                chosen.append(f"--{o.key} {options[o.key]}")
    if chosen:
        raise ValueError(f"{', '.join(dict.fromkeys(chosen))} seats {seated} players, not the {count} AIs given")
    allowed = sorted(counts)
    words = f"{', '.join(map(str, allowed[:-1]))} or {allowed[-1]}" if len(allowed) > 1 else str(allowed[0])
    raise ValueError(f"{game.title} is played by {words} players, not {count}")


def play_table(game_key: str, players: Sequence[str], games_count: int, limit: float = 0.5, seed: int = 0,
               options: dict | None = None, progress: bool = True, referee: bool = True,
               worker: Worker | None = None, jobs: int = 1, save: Path | None = None,
               report: Report | None = None) -> TableResult:
    """A series at one table of several seats: game n seats the players rotated by n mod their number.

    Each AI so starts as often as the others (over a multiple of their number
    of games); seeds, `jobs`, `save` and `report` are as in `play_series`.
    `options` must seat as many players as there are AIs (see `options_for_seats`).
    """
    players = list(players)
    game = get_game(game_key)
    if len(players) < 2 or len(set(players)) != len(players):
        raise ValueError("a table needs two or more different AIs")
    seats = game.rules.num_players(normalize_options(game.options, options))
    if seats != len(players):
        raise ValueError(f"{game.title} with these options seats {seats} players, not {len(players)}")
    result = TableResult(players)
    started = time.monotonic()
    report = report or progress_note

    def played(game_played: GamePlayed) -> None:
        out, order = game_played.outcome, game_played.seating
        result.games += 1
        if out.winner is None:
            result.draws += 1
        else:
            winner = players[order[out.winner]]
            result.wins[winner] = result.wins.get(winner, 0) + 1
        count_forfeit(result, out)
        for seat, seconds, limit in game_played.moves:
            p = players[order[seat]]
            result.slowest[p] = max(result.slowest.get(p, 0.0), seconds)
            result.late += seconds > limit
        if save is not None:
            name = record_name(game_key, players, result.games - 1, games_count, game_played.record.ending)
            result.saved += save_game(save / name, game_played.record, report)
        if progress:
            note = " ".join(f"{p}={result.wins.get(p, 0)}" for p in players) + f" draws={result.draws}"
            progress_bar(result.games, games_count, note, time.monotonic() - started)

    play_games(game_key, players, games_count, played, limit, seed, options, referee, worker, jobs,
               keep_record=save is not None)
    return result


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
                    worker: Worker | None = None, jobs: int = 1, save: Path | None = None,
                    report: Report | None = None) -> TournamentResult:
    """A round robin: every pair of `players` plays a series of `games_per_pair`, colours alternating.

    Each series plays `jobs` games at a time (then each in its own AI process, and `worker` is not used);
    with `save`, each series writes its games there as `play_series` does, named by the pair."""
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
                                             jobs=jobs, save=save, report=report))
    finally:
        if own_worker:
            worker.close()
    return result
