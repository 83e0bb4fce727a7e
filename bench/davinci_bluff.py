"""The source report's computer at its three levels, the expert and the bluffers, against each other.

    python bench/davinci_bluff.py [--games 400] [--jobs 2] [--only TEXT] [--constants T,F,R,L]

Two players on the official rules; in each series the first AI's seat
alternates game by game and game g is dealt from seed g, so two series over the
same count play the same deals. Printed, one RESULT line a series:

- each level of the source AI (seed:easy, seed:normal, seed:hard) against the
  one below it (target: at least 55%);
- the expert against each level;
- each level and the expert against the bluffers (bluffer:20, 40, 60: the
  share of long-shot first calls that are bluffs);
- seed:hard with its reliability switched off against each bluffer, and what
  the reliability gains (target: at least 5 points). Switched off is what the
  report sets the reliability against: "trusting the user 100%", taking every
  remembered call as a number its caller does not hold ("seed:hard/trusting":
  reliability held at 100). Then what the judging at reveals adds on its own:
  seed:hard against itself with every reliability frozen where it starts
  ("seed:hard/frozen"), and the same for seed:hard by the constants the
  tuning started from ("seed:hard/untuned", where a caught bluff costs 20
  points of reliability, against "seed:hard/untuned/frozen");
- against an honest caller (seed:hard), what trusting every call is worth:
  seed:hard/trusting against seed:normal, beside seed:hard against it.

After each series against a bluffer, a FACTS line says how its bluffs went
(read from the finished games, which hold every tile): bluffs a game, how many
of them the other side could catch (the bluffed tile came face up later, the
only way the report's computer learns of a bluff), and when, as the share of
the game's events gone by at the bluff and at the catch.

Games run in-process, each AI answering the view of its seat only. --only runs
the series whose line contains the text (e.g. --only bluffer:60). --constants
has seed:hard and its trusting and frozen forms play by other constants than the shipped ones
(trust, fall, rise, least: e.g. --constants 55,10,2,100), to see what the
reliability logic gains where the tuning did not go.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from boardhub.core.game import get_game
from boardhub.games.davinci import ai as source
from boardhub.games.davinci.ai import SeedAI
from boardhub.games.davinci.moves import Guessed, Placed, Revealed
from boardhub.games.davinci.weights import Constants

LEVEL_TARGET = 0.55
GAIN_TARGET = 0.05
TRUSTING = "seed:hard/trusting"  # seed:hard believing every call: reliability held at 100
FROZEN = "seed:hard/frozen"  # seed:hard with its reliabilities held where they start
UNTUNED = "seed:hard/untuned"  # seed:hard by the constants the tuning started from (a caught bluff costs 20)
UNTUNED_FROZEN = "seed:hard/untuned/frozen"
# each AI with something switched off: the AI it is compared with, and what the difference measures
BASE = {TRUSTING: ("seed:hard", "reliability gain", True),
        FROZEN: ("seed:hard", "judging at reveals", False),
        UNTUNED_FROZEN: (UNTUNED, "judging at reveals", False)}
BLUFFERS = ("bluffer:20", "bluffer:40", "bluffer:60")


def make(spec: str, seed: int, constants: Constants | None = None):
    """The AI `spec`; seed:hard and its trusting and frozen forms by `constants` where given, else by the
    shipped ones."""
    mine = constants or source.CONSTANTS
    if spec == TRUSTING:
        return SeedAI("hard", seed=seed, constants=replace(mine, trust=100.0), reliable=False)
    if spec in (FROZEN, UNTUNED, UNTUNED_FROZEN):
        return SeedAI("hard", seed=seed, constants=mine if spec == FROZEN else source.UNTUNED,
                      reliable=spec == UNTUNED)
    if spec == "seed:hard" and constants is not None:
        return SeedAI("hard", seed=seed, constants=constants)
    return get_game("davinci").make_ai(spec, seed=seed)


def bluffs(state, seat: int) -> tuple[int, int, float, float]:
    """(bluffs, caught, summed share of the game gone at the bluffs, at the catches) of `seat` in a finished game.

    A bluff is a call of a tile the caller held then; it is caught when that tile comes face up later.
    """
    history = state.history
    entered = {e.uid: when for when, e in enumerate(history) if isinstance(e, Placed)}
    up = {}
    for when, e in enumerate(history):
        if (isinstance(e, Guessed) and e.right) or isinstance(e, Revealed):
            up.setdefault(e.uid, when)
    colour = {t.uid: t.colour for rack in state.racks for t in rack}
    own = {(t.colour, t.value): t.uid for t in state.racks[seat]}
    made = caught = 0
    at = late = 0.0
    for when, e in enumerate(history):
        if isinstance(e, Guessed) and e.seat == seat:
            uid = own.get((colour[e.uid], e.value))
            if uid is not None and entered.get(uid, -1) < when:
                made += 1
                at += when / len(history)
                if up.get(uid, -1) > when:
                    caught += 1
                    late += up[uid] / len(history)
    return made, caught, at, late


def play(a: str, b: str, seed: int, constants: Constants | None = None) -> tuple[float, tuple[int, int, float, float]]:
    """Game `seed`: `a` sits first in even games, second in odd ones; 1 if `a` wins, 0.5 for a draw,
    and how `b`'s bluffs went (bluffs())."""
    rules = get_game("davinci").rules
    me = seed % 2
    ais = [make(a if s == me else b, seed * 10 + s, constants) for s in range(2)]
    state = rules.new_game({"players": 2}, seed)
    while not rules.is_over(state):
        seat = rules.to_move(state)
        state = rules.apply(state, ais[seat].choose(rules.view(state, seat), time.monotonic() + 5))
    winner = rules.outcome(state).winner
    return 0.5 if winner is None else float(winner == me), bluffs(state, 1 - me)


def chunk(args: tuple[str, str, int, int, Constants | None]) -> tuple[float, ...]:
    a, b, first, count, constants = args
    games = [play(a, b, seed, constants) for seed in range(first, first + count)]
    return (sum(g[0] for g in games),) + tuple(sum(g[1][i] for g in games) for i in range(4))


def series(a: str, b: str, games: int, jobs: int, pool: ProcessPoolExecutor | None,
           constants: Constants | None = None) -> tuple[float, tuple]:
    """`a`'s score share over games 0..games-1 (the same total whatever the number of processes), and the
    summed bluff facts of `b` (bluffs())."""
    parts = [(a, b, k * games // jobs, (k + 1) * games // jobs - k * games // jobs, constants) for k in range(jobs)]
    sums = list(pool.map(chunk, parts)) if pool else [chunk(p) for p in parts]
    totals = [sum(part[i] for part in sums) for i in range(5)]
    return totals[0] / games, tuple(totals[1:])


def plan() -> list[tuple[str, str, str]]:
    """(kind, a, b) of every series, in the order printed."""
    levels = ["seed:easy", "seed:normal", "seed:hard"]
    out = [("level", hi, lo) for lo, hi in zip(levels, levels[1:])]
    out += [("expert", "expert", lvl) for lvl in levels]
    out += [("honest", TRUSTING, "seed:normal")]
    out += [("bluff", ai, bl) for bl in BLUFFERS
            for ai in levels + ["expert", TRUSTING, FROZEN, UNTUNED, UNTUNED_FROZEN]]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games side by side")
    parser.add_argument("--only", default="", help="run only the series whose line contains this text")
    parser.add_argument("--constants", help="trust,fall,rise,least for seed:hard and its trusting and frozen forms "
                                            "(default: the shipped ones)")
    args = parser.parse_args()
    constants = None
    if args.constants:
        try:
            constants = Constants(*(float(x) for x in args.constants.split(",")))
        except (TypeError, ValueError):
            parser.error("--constants takes four numbers: trust,fall,rise,least")
    print(f"load average at start {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.jobs} processes; "
          f"{args.games} games a series; seed:hard plays by {constants or source.CONSTANTS}", flush=True)
    shares: dict[tuple[str, str], float] = {}
    pool = ProcessPoolExecutor(args.jobs, mp_context=mp.get_context("spawn")) if args.jobs > 1 else None
    try:
        for kind, a, b in plan():
            if args.only not in f"{a} vs {b}":
                continue
            started = time.monotonic()
            share, (made, caught, at, late) = series(a, b, args.games, max(1, args.jobs), pool, constants)
            shares[a, b] = share
            verdict = ""
            if kind == "level":
                verdict = f" (target >= {LEVEL_TARGET:.0%}) -> {'OK' if share >= LEVEL_TARGET else 'MISSED'}"
            print(f"RESULT {a} vs {b}: scored {share * args.games:g} of {args.games} = {share:.1%}{verdict} "
                  f"[{time.monotonic() - started:.0f} s]", flush=True)
            if b in BLUFFERS:
                print(f"FACTS {b} against {a}: {made / args.games:.2f} bluffs a game, {caught / args.games:.2f} "
                      f"caught ({caught / max(1, made):.0%}); bluffs at {at / max(1, made):.0%} of the game, "
                      f"caught at {late / max(1, caught):.0%}", flush=True)
            if a in BASE and b in BLUFFERS and (BASE[a][0], b) in shares:
                base, what, targeted = BASE[a]
                on = shares[base, b]
                gain = on - share
                verdict = f" (target >= {100 * GAIN_TARGET:.0f}) -> {'OK' if gain >= GAIN_TARGET else 'MISSED'}" \
                    if targeted else ""
                print(f"RESULT {what} of {base} vs {b}: {on:.1%} - {a} {share:.1%} = {100 * gain:+.1f} points"
                      f"{verdict}", flush=True)
    finally:
        if pool:
            pool.shutdown()


if __name__ == "__main__":
    main()
