"""Soak: 1,000 AI-vs-AI games of the four games through the app's machinery, counting crashes.

    python bench/soak.py [--games 1000] [--limit 0.05] [--jobs 2] [--seed 0] [--kill-every 0]

Every game is a Match whose AI seats think on a ProcessWorker, driven as the
arena drives them (update, then wait for the search): the path of the app's AI
vs AI and of `python -m boardhub arena`, at a short move limit and with the
referee on. A quarter of the games go to each game, rotating through pairings
of its AIs (the expert, which searches until the limit, among them), board sizes and rule options (Da Vinci Code with 2, 3
and 4 players); the seats' order rotates too.

A crash is counted, described and the run goes on: an exception escaping the
match, a game that does not end within GAME_SECONDS, a finished game whose
state is not the replay of its moves, or an AI process that died or hung and
was replaced. Prints the games played, the crashes (target: 0), the forfeits
by reason (a late move under load is a forfeit, not a crash), the slowest
move and the time taken. --jobs runs that many drivers side by side, each
with its own AI process (one per core).

--kill-every S also kills (SIGKILL) each driver's AI process at random
moments, on average every S seconds, as the system would under memory
pressure: the search running then is asked again in a new process. A process
is killed only once it has answered a search: a second death in one move
forfeits by design (an AI that kills its own process), so killing a new
process before its first answer would measure the killer, not the restart. It prints
the kills, the games finished with a retried search and the games forfeited
because an AI process died (target: 0); the processes replaced beyond those
killed are crashes.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import signal
import threading
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.events import SeatNotice
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.worker import ProcessWorker

GAME_SECONDS = 120.0  # far beyond the longest game at these limits: a game still going is stuck
# per game: (seats, options) in turn; seats name the AIs as `python -m boardhub ais` does
PLANS: dict[str, list[tuple[tuple[str, ...], dict]]] = {
    "dots": [(("easy", "normal"), {"rows": 2, "cols": 2}),
             (("normal", "hard"), {"rows": 3, "cols": 3}),
             (("hard", "easy"), {"rows": 3, "cols": 4}),
             (("hard", "hard"), {"rows": 4, "cols": 4}),
             (("expert", "hard"), {"rows": 3, "cols": 3})],
    "othello": [(("random", "greedy:1"), {}),
                (("greedy:3", "positional:1"), {}),
                (("positional:3", "random"), {}),
                (("greedy:5", "positional:5"), {}),
                (("expert", "greedy:3"), {})],
    "gomoku": [(("easy", "normal"), {"size": 15, "rule": "freestyle"}),
               (("normal", "easy"), {"size": 19, "rule": "renju"}),
               (("normal", "normal"), {"size": 15, "rule": "standard"}),
               (("easy", "easy"), {"size": 15, "rule": "renju", "forbidden_loses": True}),
               (("expert", "normal"), {"size": 19, "rule": "renju"})],
    "davinci": [(("easy", "seed:normal"), {"players": 2}),
                (("seed:hard", "easy", "seed:normal"), {"players": 3}),
                (("seed:normal", "seed:hard", "easy", "seed:hard"), {"players": 4}),
                (("seed:hard", "seed:normal"), {"players": 2, "deal_jokers": True}),
                (("easy", "easy", "seed:hard"), {"players": 3, "piles_end_in_draw": True}),
                (("expert", "seed:hard", "expert", "easy"), {"players": 4})],
}


@dataclass
class Tally:
    """What one driver saw; tallies of several drivers add up."""

    games: int = 0
    moves: int = 0
    crashes: list[str] = field(default_factory=list)
    forfeits: Counter = field(default_factory=Counter)  # reason -> games
    forfeit_examples: dict[str, str] = field(default_factory=dict)  # reason -> one detail
    by_game: Counter = field(default_factory=Counter)  # game key -> games played
    slowest: float = 0.0
    kills: int = 0  # AI processes killed on purpose (--kill-every)
    retried_games: int = 0  # games finished with at least one search asked again after its process died
    retried_late: int = 0  # of those, games lost on time
    process_forfeits: list[str] = field(default_factory=list)  # games lost because an AI process died

    def add(self, other: "Tally") -> None:
        self.kills += other.kills
        self.retried_games += other.retried_games
        self.retried_late += other.retried_late
        self.process_forfeits += other.process_forfeits
        self.games += other.games
        self.moves += other.moves
        self.crashes += other.crashes
        self.forfeits.update(other.forfeits)
        for reason, detail in other.forfeit_examples.items():
            self.forfeit_examples.setdefault(reason, detail)
        self.by_game.update(other.by_game)
        self.slowest = max(self.slowest, other.slowest)


def plan(n: int, seed: int) -> tuple[str, list[str], dict, int]:
    """Game number n: (game key, seats in order, options, seed)."""
    key = GAME_KEYS[n % len(GAME_KEYS)]
    round_ = n // len(GAME_KEYS)
    seats, options = PLANS[key][round_ % len(PLANS[key])]
    turn = (round_ // len(PLANS[key])) % len(seats)  # who starts rotates, pairing by pairing
    return key, list(seats[turn:] + seats[:turn]), dict(options), seed + n


def replays(match: Match) -> bool:
    """Whether the match's state is what its moves give from the start."""
    rules, state = match.rules, match.start
    for played in match.history:
        state = rules.apply(state, played.move)
    return state == match.state


# The words of a forfeit because an AI process died (a sentence of core/worker.py)
PROCESS_DIED = ("crashed twice in one move", "crashed (its process ended)")


def play_one(n: int, seed: int, limit: float, worker: ProcessWorker, tally: Tally, killing: bool = False) -> None:
    """Play game n to its end; every way it can go wrong lands in `tally.crashes`."""
    key, ais, options, game_seed = plan(n, seed)
    name = f"game {n} ({key} {' vs '.join(ais)} {options or ''} seed {game_seed})"
    replaced = worker.replaced
    match = None
    try:
        timing = Timing(limit=limit, ai_delay=0.0, chain_delay=0.0, referee=True)
        match = Match(get_game(key), [Seat(ai) for ai in ais], options, seed=game_seed, timing=timing,
                      worker=worker)
        give_up = time.monotonic() + GAME_SECONDS
        while not match.is_over and time.monotonic() < give_up:
            match.update()
            match.wait(min(5.0, max(0.0, give_up - time.monotonic())))
        tally.games += 1
        tally.by_game[key] += 1
        tally.moves += len(match.history)
        tally.slowest = max([tally.slowest] + [p.seconds for p in match.history])
        retried = any(isinstance(ev, SeatNotice) for ev in match.events)
        tally.retried_games += retried
        tally.retried_late += retried and match.outcome is not None and match.outcome.reason == "time"
        if match.outcome is not None and any(words in match.outcome.detail for words in PROCESS_DIED):
            tally.process_forfeits.append(f"{name}: {match.outcome.detail}")
        if not match.is_over:
            tally.crashes.append(f"{name}: not over after {GAME_SECONDS:g} s, {len(match.history)} moves")
        elif not replays(match):
            tally.crashes.append(f"{name}: its state is not the replay of its moves")
        elif match.outcome.is_forfeit:
            tally.forfeits[match.outcome.reason] += 1
            tally.forfeit_examples.setdefault(match.outcome.reason, f"{name}: {match.outcome.detail}")
    except Exception:
        tally.crashes.append(f"{name}: {traceback.format_exc(limit=-3).strip()}")
    finally:
        if match is not None:
            match.close()
    if worker.replaced > replaced and not killing:  # when killing, the count is checked over the whole run
        tally.crashes.append(f"{name}: the AI process died or hung and was replaced")


def kill_at_random(worker: ProcessWorker, every: float, tally: Tally, stop: threading.Event, seed: int) -> None:
    """Kill the worker's AI process at random moments, `every` seconds apart on average, until `stop`."""
    rng = random.Random(seed)
    while not stop.wait(rng.uniform(0, 2 * every)):
        pid = worker.pid
        if pid is not None and worker.answers > 0:
            try:
                os.kill(pid, signal.SIGKILL)
                tally.kills += 1
            except ProcessLookupError:
                pass


def drive(numbers: list[int], seed: int, limit: float, kill_every: float = 0.0) -> Tally:
    """Play the games `numbers` one after another on one AI process (killed at random if `kill_every`)."""
    tally = Tally()
    worker = ProcessWorker()
    stop = threading.Event()
    if kill_every > 0:
        threading.Thread(target=kill_at_random, args=(worker, kill_every, tally, stop, seed + numbers[0]),
                         daemon=True).start()
    try:
        for n in numbers:
            play_one(n, seed, limit, worker, tally, killing=kill_every > 0)
    finally:
        stop.set()
        seen = worker.replaced
        worker.close()  # lets a search cancelled by the last game finish first
    if worker.replaced > seen:
        tally.crashes.append(f"the AI process died after the last game ({worker.replaced - seen} times)")
    if kill_every > 0 and seen > tally.kills:  # a kill found at once or later is one replacement
        tally.crashes.append(f"the AI process was replaced {seen} times for {tally.kills} kills")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--limit", type=float, default=0.05, help="seconds per AI move")
    parser.add_argument("--jobs", type=int, default=2, help="drivers side by side, each with its AI process")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kill-every", type=float, default=0.0,
                        help="kill each AI process at random moments, this many seconds apart on average")
    args = parser.parse_args()
    started = time.monotonic()
    total = Tally()
    chunks = [list(range(j, args.games, args.jobs)) for j in range(args.jobs)]
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=mp.get_context("spawn")) as pool:
        futures = [pool.submit(drive, chunk, args.seed, args.limit, args.kill_every) for chunk in chunks]
        for chunk, future in zip(chunks, futures):
            try:
                total.add(future.result())
            except Exception as exc:  # a driver that died takes its unplayed games with it
                total.crashes.append(f"a driver of {len(chunk)} games failed: {type(exc).__name__}: {exc}")
    seconds = time.monotonic() - started
    per_game = ", ".join(f"{key} {total.by_game[key]}" for key in GAME_KEYS)
    print(f"soak: {total.games} of {args.games} games played ({per_game}), {total.moves} moves, "
          f"{args.limit:g} s a move, referee on, {args.jobs} drivers")
    print(f"crashes: {len(total.crashes)} (target 0)")
    for crash in total.crashes:
        print(f"  {crash}")
    reasons = ", ".join(f"{reason} {count}" for reason, count in total.forfeits.most_common()) or "none"
    print(f"forfeits by reason: {reasons}")
    for reason, detail in total.forfeit_examples.items():
        print(f"  e.g. {reason}: {detail}")
    if args.kill_every > 0:
        print(f"AI processes killed: {total.kills} (every {args.kill_every:g} s on average); games finished with "
              f"a retried search: {total.retried_games} ({total.retried_late} of them lost on time); games forfeited because an AI process died: "
              f"{len(total.process_forfeits)} (target 0)")
        for forfeit in total.process_forfeits:
            print(f"  {forfeit}")
    print(f"slowest move: {total.slowest:.3f} s")
    print(f"time: {seconds:.0f} s ({seconds / max(1, total.games):.2f} s a game)")


if __name__ == "__main__":
    main()
