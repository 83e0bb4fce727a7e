"""`python -m boardhub learn othello ...`: the source paper's learning experiments from the command line.

Learnings are named (learnings.py). A run plays until its learning holds
--games games, the boards updated after every game and the next game played by
them, as in the source; --snapshots keeps copies of the boards along the way,
each compared with --reference (the shipped 100,000 random games unless told)
when the run ends, so the paper's finding (the 3-vs-5 boards look more like
the random games' boards than the 1-vs-3 ones) can be checked. Running it
again with the same --name and a larger --games continues the learning.
"""
from __future__ import annotations

import argparse
import re
import sys
from datetime import datetime

from boardhub.core import saves
from boardhub.games.othello import learning, learning_run, learnings
from boardhub.games.othello.learning import Learning


def _refs(text: str) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()]


def snapshot_counts(text: str | None) -> list[int]:
    """`--snapshots 400,500` as numbers; ValueError in words for anything else."""
    if not text:
        return []
    counts = []
    for part in _refs(text):
        if not part.isdigit() or not 1 <= int(part) <= learning_max():
            raise ValueError(f"--snapshots takes game counts such as 400,500,600, not {part[:20]!r}")
        counts.append(int(part))
    if len(counts) > learning.MAX_SNAPSHOTS:
        raise ValueError(f"--snapshots keeps at most {learning.MAX_SNAPSHOTS} copies")
    return sorted(set(counts))


def learning_max() -> int:
    from boardhub.core.arena import MAX_GAMES
    return MAX_GAMES


def auto_name(a: str, b: str) -> str:
    """A name for a run not given one: its AIs and the time, "positional1-vs-positional3-1126-194012"."""
    pair = re.sub(r"[^A-Za-z0-9_-]+", "", f"{a}-vs-{b}")[:26].strip("-_") or "learning"
    return f"{pair}-{datetime.now():%m%d-%H%M%S}"


def similarity_lines(learned: Learning, reference: str) -> list[str]:
    """Each snapshot's and the final boards' similarity to `reference`."""
    try:
        ref = learnings.resolve(reference)
    except ValueError as exc:
        return [f"learn: no comparison: {exc}"]
    lines = [f"SIMILARITY to={reference} games={snap.games} {learnings.similarity(snap, ref).line()}"
             for snap in [*learned.snapshots, learned] if snap is learned or snap.games != learned.games]
    return lines + [learnings.SIMILARITY_METHOD]


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except ValueError as exc:  # SaveError included: a file's name and why, in words
        print(f"learn: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"learn: {saves.refusal(exc)}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.out or args.jobs:
        raise ValueError("--out and --jobs are for --patterns")
    if args.list:
        for ref in learnings.refs():
            mark = " (the app's)" if ref == (learnings.default_name() or "") else ""
            print(f"{ref}{mark}")
        return 0
    if args.compare:
        refs = _refs(args.compare)
        if len(refs) != 2:
            raise ValueError("--compare takes two learnings, such as shipped,kim#400")
        first, second = (learnings.resolve(r) for r in refs)
        print(f"SIMILARITY a={refs[0]} b={refs[1]} {learnings.similarity(first, second).line()}")
        print(learnings.SIMILARITY_METHOD)
        return 0
    if args.import_txt:
        if not args.name:
            raise ValueError("--import needs --name, the name the learning is kept by")
        if learnings.exists(args.name):
            raise ValueError(f"there is a learning called {args.name!r} already; choose another --name")
        imported = learnings.read_txt(args.import_txt, args.name)
        print(f"imported {imported.games} games into {learnings.save(args.name, imported)}")
    elif args.games:
        _learn(args)
    elif not (args.default or args.export_txt or args.png):
        raise ValueError("give --games N to learn from N games, --import, --export, --png, --compare, --list, "
                         "or --name with --default")
    name = args.name
    if args.default:
        if not name:
            raise ValueError("--default needs --name, the learning the app is to play by")
        learnings.set_default(name.partition("#")[0])
        print(f"the app's learned AI now plays by {name.partition('#')[0]}")
    if not (args.export_txt or args.png):
        return 0
    shown = learnings.resolve(name) if name else learnings.app_learning()
    if args.export_txt:
        learnings.write_txt(args.export_txt, shown)
        print(f"wrote {shown.games} games' boards to {args.export_txt}")
    if args.png:
        from boardhub.games.othello.ui.learning_pictures import export_png  # pygame only for the picture
        print(f"picture of {shown.source or name} ({shown.games} games): {export_png(args.png, shown)}")
    return 0


def _learn(args: argparse.Namespace) -> None:
    """Make or continue the learning `args.name` up to `args.games` games, and say what it learned."""
    snaps = snapshot_counts(args.snapshots)
    name = learnings.check_name(args.name or auto_name(args.a or "random", args.b or "random"))
    if learnings.exists(name):
        learned = learnings.load(name)
        for given, kept in ((args.a, learned.a), (args.b, learned.b)):
            if given is not None and kept and given != kept:
                raise ValueError(f"{name} was learned by {learned.a} vs {learned.b}; continue it without "
                                 f"--a and --b, or choose another --name")
        a, b = learned.a or args.a or "random", learned.b or args.b or "random"
        seed, limit = (learned.seed if learned.seed is not None else args.seed), learned.limit
        if learned.games >= args.games:
            print(f"{name} holds {learned.games} games already: nothing to play")
            return
        print(f"continuing {name} from {learned.games} to {args.games} games")
    else:
        a, b, seed, limit = args.a or "random", args.b or "random", args.seed, args.limit
        learned = Learning(players=f"{a} vs {b}", seed=seed)
    from boardhub.core.game import get_game
    game = get_game("othello")
    for spec in (a, b):
        game.make_ai(spec)  # a bad name or learning fails here, before any game
    show = None if args.quiet else learning.progress_printer(args.games - learned.games)
    learned = learning_run.play_games(a, b, args.games, seed=seed, learning=learned, limit=limit, on_game=show,
                                  snapshots=snaps)
    path = learnings.save(name, learned)
    print(f"LEARNED name={name} players={learned.players} seed={learned.seed} games={learned.games} "
          f"black_wins={learned.black_wins} white_wins={learned.white_wins} draws={learned.draws} "
          f"snapshots={','.join(str(s.games) for s in learned.snapshots) or '-'}")
    print(f"saved {path}")
    for line in similarity_lines(learned, args.reference):
        print(line)
    args.name = name
