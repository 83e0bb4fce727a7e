"""The command line: `python -m boardhub [arena|ais|learn|perft|engine] ...`; no arguments opens the app."""
from __future__ import annotations

import argparse
import sys

from boardhub.core.arena import play_series, play_tournament
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.games.gomoku.brain import serve
from boardhub.games.othello import learning
from boardhub.games.othello.engine import START
from boardhub.games.othello.perft import perft


def _game_options(game, extra: list[str]) -> dict:
    """Turn `--rows 3 --cols 5` into the game's options, refusing unknown ones."""
    known = {o.key: o for o in game.options}
    parser = argparse.ArgumentParser(prog=f"arena {game.key}", add_help=False)
    for o in known.values():
        kind = type(o.default)
        parser.add_argument(f"--{o.key}", type=kind, choices=o.choices, default=o.default)
    return vars(parser.parse_args(extra))


def cmd_ais(args) -> int:
    game = get_game(args.game)
    for a in game.ai_entries:
        levels = f"  levels {', '.join(map(str, a.levels))}" if a.levels else ""
        print(f"{a.name:10} {a.blurb}{levels}")
    return 0


def cmd_arena(args, extra: list[str]) -> int:
    game = get_game(args.game)
    options = _game_options(game, extra)
    if args.tournament:
        return _tournament(args, options)
    try:
        result = play_series(args.game, args.a, args.b, args.games, limit=args.limit, seed=args.seed,
                             options=options, progress=not args.quiet, referee=not args.no_referee)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    for f in result.forfeits:
        print(f"forfeit: {f}")
    print(result.line())
    return 0


def _tournament(args, options: dict) -> int:
    players = [p.strip() for p in args.tournament.split(",") if p.strip()]
    try:
        result = play_tournament(args.game, players, args.games, limit=args.limit, seed=args.seed,
                                 options=options, progress=not args.quiet, referee=not args.no_referee)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    for r in result.series:
        for f in r.forfeits:
            print(f"forfeit: {r.a} vs {r.b} {f}")
    print(result.table())
    print(f"saved {result.save()}")
    return 0


def cmd_learn(args) -> int:
    """Othello's learned boards: play games and save them, and/or draw the newest as a PNG."""
    if args.games < 0 or (args.games == 0 and not args.png):
        print("learn: give --games N to learn from N games, and/or --png FILE for the picture", file=sys.stderr)
        return 2
    if args.games:
        show = None if args.quiet else learning.progress_printer(args.games)
        try:
            learned = learning.play_games(args.a, args.b, args.games, seed=args.seed, limit=args.limit,
                                          on_game=show)
        except ValueError as exc:
            print(f"learn: {exc}", file=sys.stderr)
            return 2
        print(f"LEARNED players={learned.players} seed={learned.seed} games={learned.games} "
              f"black_wins={learned.black_wins} white_wins={learned.white_wins} draws={learned.draws}")
        print(f"saved {learning.save_new(learned)}")
    else:
        learned = learning.newest_learning()
    if args.png:
        # pygame only for the picture: the rest of the command line never loads it
        from boardhub.games.othello.ui.heatmap import export_png
        print(f"picture of {learned.source} ({learned.games} games): {export_png(args.png, learned)}")
    return 0


def cmd_perft(args) -> int:
    """Print the leaf count from the start, to check the move generator against published counts."""
    print(perft(START, args.depth))
    return 0


def cmd_engine(args) -> int:
    """A boardhub AI as a Gomocup brain on stdin/stdout, for other GUIs and tournament managers."""
    try:
        ai = get_game(args.game).make_ai(args.ai, seed=args.seed)
    except ValueError as exc:
        print(f"engine: {exc}", file=sys.stderr)
        return 2
    return serve(ai)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="boardhub", description="boardhub command line")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("ais", help="list a game's AIs")
    p.add_argument("game", choices=GAME_KEYS)
    p = sub.add_parser("arena", help="play AIs against each other headless",
                       epilog="Game options follow, e.g. --rows 3 --cols 5 for dots.")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("--a", help="AI name, name:level, or py:module:function")
    p.add_argument("--b")
    p.add_argument("--tournament", metavar="AI1,AI2,...",
                   help="a round robin instead: every pair plays --games games (the source played best of 3)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--limit", type=float, default=0.5, help="seconds per move (default 0.5)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-referee", action="store_true", help="do not forfeit late AIs")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = sub.add_parser("learn", help="Othello's learned AI: learn the put and eat boards from games",
                       epilog="The source learned from 100,000 random-vs-random games.")
    p.add_argument("game", choices=("othello",))
    p.add_argument("--games", type=int, default=0, help="games to play and learn from (a new file in saves/)")
    p.add_argument("--a", default="random", help="first AI (default random)")
    p.add_argument("--b", default="random", help="second AI (default random)")
    p.add_argument("--seed", type=int, default=0, help="the same seed learns the same boards")
    p.add_argument("--limit", type=float, default=0.5, help="seconds per move (default 0.5)")
    p.add_argument("--png", help="save a picture of the boards (those just learned, else the newest)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = sub.add_parser("perft", help="count the move sequences of a given length from the start")
    p.add_argument("game", choices=("othello",))
    p.add_argument("depth", type=int)
    p = sub.add_parser("engine", help="run an AI as an engine of another program: Gomoku over the Gomocup "
                       "protocol (a pbrain)", epilog="Commands come on stdin and answers go to stdout.")
    p.add_argument("game", choices=("gomoku",))
    p.add_argument("--ai", required=True, help="AI name, name:level, or py:module:function")
    p.add_argument("--seed", type=int, default=0)
    args, extra = parser.parse_known_args(argv)
    if args.cmd == "engine":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_engine(args)
    if args.cmd == "perft":
        if extra or args.depth < 0:
            parser.error(f"perft takes a game and a depth of 0 or more: {' '.join(argv[1:])}")
        return cmd_perft(args)
    if args.cmd == "learn":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_learn(args)
    if args.cmd == "arena" and not args.tournament and (args.a is None or args.b is None):
        parser.error("arena needs --a and --b, or --tournament AI1,AI2,...")
    if args.cmd == "ais":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_ais(args)
    return cmd_arena(args, extra)
