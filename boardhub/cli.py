"""The command line: `python -m boardhub [arena|ais|review|learn|book|perft|engine] ...`; no arguments opens the app."""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

from boardhub.core.arena import MAX_GAMES, MAX_LIMIT, default_jobs, options_for_seats, play_series, play_table, \
    play_tournament
from boardhub.core.progress import progress_bar
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.games.gomoku.offline import tuning as gomoku_tuning
from boardhub.games.gomoku.brain import serve
from boardhub.games.gomoku.weights import save_new as save_gomoku_weights
from boardhub.core import saves
from boardhub.games.othello import book, patterns
from boardhub.games.othello.offline import book_growth, training
from boardhub.games.othello.engine import START
from boardhub.games.othello.offline.perft import perft
from boardhub.net import commands as net_commands


# The numbers each command takes, and the range that makes sense of each: (lowest, highest, what).
# A number outside is refused with one line and exit code 2, before anything runs: a negative
# count played nothing, a limit of -1 forfeited every game, NaN, infinity or 1e9 seconds broke
# the AI process's wait, and a billion games filled the memory before the first one.
MAX_SECONDS = MAX_LIMIT
MAX_SEED = (1 << 128) - 1  # a save keeps numbers of 39 digits at most (core/files.py)
SEED = (-MAX_SEED, MAX_SEED, "a seed")
NUMBERS: dict[str, dict[str, tuple[float, float, str]]] = {
    "arena": {"games": (1, MAX_GAMES, "games"), "limit": (0.01, MAX_SECONDS, "seconds a move"),
              "seed": SEED, "jobs": (0, 1024, "games at a time (0: every core)")},
    "review": {"limit": (0, MAX_SECONDS, "seconds a position (0: the game's own)"),
               "jobs": (0, 1024, "positions at a time (0: every core)")},
    "learn": {"games": (0, MAX_GAMES, "games"), "limit": (0, MAX_SECONDS, "seconds a move, 0 for none"),
              "seed": SEED, "jobs": (0, 1024, "processes (0: every core)"),
              "label_depth": (0, training.MAX_LABEL_DEPTH, "plies; deeper takes seconds a position")},
    "book": {"plies": (1, 60, "plies"), "limit": (0.01, MAX_SECONDS, "seconds a position"),
             "margin": (0, 64, "discs"), "jobs": (0, 1024, "processes (0: every core)")},
    "perft": {"depth": (0, 12, "moves; deeper takes days")},
    "engine": {"seed": SEED},
}
# More processes than this many per core only thrash: a bigger --jobs is lowered, with a note.
JOBS_PER_CORE = 4


def _refused_number(args) -> str | None:
    """The one line that refuses a number of `args` out of its range, else None."""
    for name, (low, high, what) in NUMBERS.get(args.cmd, {}).items():
        value = getattr(args, name, None)
        if value is None:
            continue
        if isinstance(value, float) and not math.isfinite(value):
            return f"{args.cmd}: --{name} must be a number of {what}, not {value}"
        if not low <= value <= high:
            if name == "seed":
                return f"{args.cmd}: --seed must be a whole number between -2**128 and 2**128, not {value}"
            given = value if isinstance(value, int) else _number(value)  # a count as typed, 1e9 s spelt out
            flag = name.replace("_", "-")
            return f"{args.cmd}: --{flag} must be from {_number(low)} to {_number(high)} ({what}), not {given}"
    if args.cmd == "review" and 0 < args.limit < 0.01:  # 0 is the game's own limit; a few ms judge nothing
        return f"review: --limit must be 0 or from 0.01 to {MAX_SECONDS:g} (seconds a position), not {args.limit:g}"
    if args.cmd == "learn" and 0 < args.limit < 0.01:  # 0 is no limit; a few ms cut every search short
        return f"learn: --limit must be 0 or from 0.01 to {MAX_SECONDS:g} (seconds a move), not {args.limit:g}"
    return None


def _number(value: float) -> str:
    """3600.0 as 3,600, 0.01 as 0.01, 1e9 as 1,000,000,000: as the person would write it."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def _clamp_jobs(args) -> None:
    """Lower a --jobs beyond JOBS_PER_CORE a core, with a one-line note (more only thrash the cores)."""
    most = JOBS_PER_CORE * (os.cpu_count() or 1)
    if getattr(args, "jobs", 0) and args.jobs > most:
        print(f"{args.cmd}: --jobs {args.jobs} is more than {JOBS_PER_CORE} a core; using {most}", file=sys.stderr)
        args.jobs = most


def _game_options(game, extra: list[str], command: str = "arena", defaults: bool = True) -> dict:
    """Turn `--rows 3 --cols 5` into the game's options, refusing unknown ones; without
    `defaults`, only the options given."""
    known = {o.key: o for o in game.options}
    parser = argparse.ArgumentParser(prog=f"{command} {game.key}", add_help=False)
    for o in known.values():
        kind = type(o.default)
        parser.add_argument(f"--{o.key}", type=kind, choices=o.choices, default=o.default if defaults else None)
    given = vars(parser.parse_args(extra))
    return given if defaults else {k: v for k, v in given.items() if v is not None}


def cmd_ais(args) -> int:
    game = get_game(args.game)
    for a in game.ai_entries:
        levels = f"  levels {', '.join(map(str, a.levels))}" if a.levels else ""
        print(f"{a.name:10} {a.blurb}{levels}")
    return 0


def cmd_arena(args, extra: list[str]) -> int:
    game = get_game(args.game)
    options = _game_options(game, extra)
    given = _game_options(game, extra, defaults=False)  # the person's choice: --seats sets only the rest
    common = dict(limit=args.limit, seed=args.seed, progress=not args.quiet, referee=not args.no_referee,
                  jobs=args.jobs or default_jobs(), save=Path(args.save) if args.save else None)
    if args.tournament:
        return _tournament(args, options, common)
    if args.bracket:
        return _bracket(args, options)
    players = _ais(args.seats) if args.seats else [args.a, args.b]
    try:
        options = options_for_seats(game, options, len(players), given)
        if len(players) == 2:
            result = play_series(args.game, *players, args.games, options=options, **common)
        else:
            result = play_table(args.game, players, args.games, options=options, **common)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    for f in result.forfeits:
        print(f"forfeit: {f}")
    print(result.line())
    return _say_saved(result.saved, result.games, args.save)


def _ais(text: str) -> list[str]:
    """The AIs of `--seats a,b,c` or `--tournament a,b,c`."""
    return [p.strip() for p in text.split(",") if p.strip()]


def _say_saved(saved: int, games: int, folder: str | None) -> int:
    """Say how many games --save wrote; the exit code is 1 when some could not be (each was told on stderr)."""
    if folder is None:
        return 0
    count = saved if saved == games else f"{saved} of {games}"
    print(f"saved {count} game{'s' * (games != 1)} in {folder}")
    return 0 if saved == games else 1


def _bracket(args, options: dict) -> int:
    """The source's tournament: a knockout, each match best of --best-of, printed as a bracket."""
    from boardhub.core.bracket import play_bracket

    def shown(round_number: int, match) -> None:
        if not args.quiet:
            print(f"round {round_number}: {match.line()}", file=sys.stderr)
    try:
        result = play_bracket(args.game, _ais(args.bracket), args.best_of, limit=args.limit, seed=args.seed,
                              options=options, referee=not args.no_referee, on_match=shown)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    print(result.text())
    return 0


def _tournament(args, options: dict, common: dict) -> int:
    try:
        result = play_tournament(args.game, _ais(args.tournament), args.games, options=options, **common)
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    for r in result.series:
        for f in r.forfeits:
            print(f"forfeit: {r.a} vs {r.b} {f}")
    print(result.table())
    print(f"saved {result.save()}")
    return _say_saved(sum(r.saved for r in result.series), sum(r.games for r in result.series), args.save)


def cmd_review(args, extra: list[str]) -> int:
    """Review a game file: a line per move (its value, the best move, the loss, the rating), a summary."""
    from boardhub.core.review_run import RecordError, read_game, review_json, review_lines, review_record
    game = get_game(args.game)
    if game.review is None:
        print(f"review: {game.title} has no review", file=sys.stderr)
        return 2
    png = Path(args.png) if args.png else None
    if png is not None and not png.parent.is_dir():  # said before the review's minutes, not after
        print(f"review: cannot write {args.png}: there is no folder {png.parent}", file=sys.stderr)
        return 2
    try:
        record = read_game(game, Path(args.file), _game_options(game, extra, "review", defaults=False))
    except RecordError as exc:
        print(f"review: {exc}", file=sys.stderr)
        return 2
    players = game.rules.num_players(record.options)
    if args.seat is not None and not 0 <= args.seat < players:
        print(f"review: --seat is 0 to {players - 1} in this game", file=sys.stderr)
        return 2
    limit = args.limit or game.review.default_limit
    started = time.monotonic()

    def shown(done: int, total: int) -> None:
        progress_bar(done, total, "positions judged", time.monotonic() - started)

    review = review_record(game, record, args.seat, limit, args.jobs or default_jobs(),
                           None if args.quiet else shown)
    labels = game.seat_names or tuple(f"Player {i + 1}" for i in range(players))
    if args.json:
        print(review_json(review))
    else:
        print("\n".join(review_lines(review, labels)))
        budget = f"{limit:g} s a position" if game.review.timed else "a fixed amount of work a position"
        print(f"reviewed {len(record.moves)} moves in {time.monotonic() - started:.1f} s, {budget}")
    if png is not None:
        from boardhub.ui.review_graph import save_graph  # pygame only when a picture is asked for
        try:
            save_graph(review, png, game.title, labels)
        except OSError as exc:
            print(f"review: cannot write {args.png}: {saves.refusal(exc)}", file=sys.stderr)
            return 1
        print(f"saved the graph as {args.png}")
    return 0


def _held_out_errors(stage: dict) -> str:
    """A stage's held-out errors in discs, against its labels, the results and the searched values where
    there are any, each beside the prior's."""
    parts = []
    for key, what in (("", "held-out error in discs"), ("_vs_result", "against the results"),
                      ("_vs_search", "against the search")):
        if f"rmse{key}_discs" in stage:
            prior = stage.get(f"rmse_before{key}_discs")
            parts.append(f"{what} {stage[f'rmse{key}_discs']:.2f}"
                         + ("" if prior is None else f", {prior:.2f} by the prior"))
    return "; ".join(parts)


def cmd_learn_patterns(args) -> int:
    """The expert's pattern weights: self-play on every core, a fit per stage, the weights saved."""
    settings = training.Settings(games=args.games or training.Settings.games, seed=args.seed, jobs=args.jobs,
                                 prior=Path(args.prior) if args.prior else None, label_depth=args.label_depth)
    if settings.games < 10 or settings.processes < 1:
        print("learn: --patterns needs --games of 10 or more and --jobs of 1 or more", file=sys.stderr)
        return 2
    if settings.prior is not None:
        try:
            patterns.Weights.load(settings.prior)
        except (OSError, ValueError):
            print(f"learn: --prior {args.prior} is not an Othello weights file boardhub can read", file=sys.stderr)
            return 2
    started = time.monotonic()
    phases: dict[str, float] = {}

    def show(phase: str, done: int, total: int) -> None:
        phases.setdefault(phase, time.monotonic())
        if not args.quiet:
            progress_bar(done, total, phase, time.monotonic() - phases[phase])

    print(f"learning Othello patterns from {settings.games} self-play games (seed {settings.seed}, "
          f"{settings.processes} processes)")
    path, weights = training.learn(settings, Path(args.out) if args.out else None, show)
    for stage in weights.info["stages"]:
        print(f"stage {stage['stage']:2} discs {stage['discs']:>5}: {stage['train']:7} positions fitted, "
              f"ridge {stage['ridge']:g}, {_held_out_errors(stage)} ({stage['held_out']} positions)")
    seconds = weights.info["seconds"]
    print(f"LEARNED othello patterns games={settings.games} positions={weights.info['positions']} "
          f"processes={settings.processes} self_play={seconds['self_play']}s fit={seconds['fit']}s "
          f"total={time.monotonic() - started:.0f}s")
    print(f"saved {path}")
    if args.out is None:
        print("The expert now uses these weights; delete the file to go back to the shipped ones.")
    return 0


def cmd_learn_gomoku(args) -> int:
    """Gomoku's expert: self-play on every core, its evaluation fitted to the results, saved."""
    games = args.games or gomoku_tuning.DEFAULT_GAMES
    jobs = args.jobs or default_jobs()
    if not 2 <= games <= gomoku_tuning.MAX_GAMES or jobs < 1 or args.png or args.patterns or args.out or args.prior:
        print(f"learn gomoku: give --games from 2 to {gomoku_tuning.MAX_GAMES} (each game starts from an opening of "
              "its own) and --jobs of 1 or more (--png, --patterns, --out and --prior are Othello's)", file=sys.stderr)
        return 2
    print(f"tuning the Gomoku expert by {games} self-play games (seed {args.seed}, {jobs} processes)")
    learned = gomoku_tuning.learn(games, seed=args.seed, jobs=jobs,
                                  on_game=None if args.quiet else gomoku_tuning.progress_printer(games))
    made = learned.made
    print(f"LEARNED gomoku games={games} positions={made['positions']} seed={args.seed} "
          f"log_loss={made['fit_error']['log_loss']} held_out={made['fit_error']['held_out_log_loss']} "
          f"played_with_held_out={made['fit_error']['played_with_held_out_log_loss']} seconds={made['seconds']}")
    print(f"saved {save_gomoku_weights(learned.weights, made)}")
    print("The expert now plays by these weights; delete the file to go back to the shipped ones.")
    return 0


def cmd_learn(args) -> int:
    """Othello's learned boards (named learnings, snapshots, the source's file, pictures), or the others' tuning."""
    if args.game == "gomoku":
        return cmd_learn_gomoku(args)
    if args.patterns:
        return cmd_learn_patterns(args)
    from boardhub.games.othello.offline import feng_shui
    return feng_shui.run(args)


def cmd_book(args, argv: list[str]) -> int:
    """Grow Othello's opening book with the expert's deeper searches, saving it after every ply."""
    if args.plies < 1 or args.limit <= 0 or args.margin < 0 or args.jobs < 0:
        print("book: give --plies of 1 or more, a --limit above 0, a --margin of 0 or more and --jobs of 1 or more",
              file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else book.saved_path()
    try:
        grown = book.Book() if args.fresh else book.load(out) if out.exists() else book.current_book()
    except saves.SaveError as exc:
        print(f"book: {exc}; give --fresh to start a new book there, or another --out", file=sys.stderr)
        return 2
    jobs = args.jobs or default_jobs()
    started = time.monotonic()
    run = book_growth.run_record(argv, args.plies, args.limit, args.margin, jobs, 0, 0, len(grown.positions))
    grown.made.append(run)
    before = len(grown.positions)

    def save(b: book.Book) -> None:
        run.update(added=len(b.positions) - before, positions=len(b.positions),
                   seconds=round(time.monotonic() - started))
        book.save(b, out)

    print(f"growing the Othello book to {args.plies} plies, {args.limit:g} s a position, moves within "
          f"{args.margin:g} discs of the best, {jobs} processes; from {grown.source or 'nothing'} "
          f"({before} positions)")
    try:
        book_growth.grow(grown, args.plies, args.limit, args.margin, jobs,
                         None if args.quiet else book_growth.progress_printer(), on_ply=save)
        save(grown)
    except KeyboardInterrupt:
        print(f"\nstopped: {out} keeps the plies finished ({len(book.load(out).positions)} positions)"
              if out.exists() else "\nstopped before the first ply was finished: nothing saved")
        return 1
    except OSError as exc:
        print(f"book: cannot write {out} ({saves.refusal(exc)})", file=sys.stderr)
        return 1
    print(f"BOOK othello positions={len(grown.positions)} added={run['added']} plies={args.plies} "
          f"limit={args.limit:g} margin={args.margin:g} jobs={jobs} seconds={run['seconds']}")
    print(f"saved {out} and {book.made_path(out).name}")
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
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    return run_command(parser, args, extra, argv)


def build_parser() -> argparse.ArgumentParser:
    """Every subcommand with its arguments (boardhub.commands lists them for `boardhub --help`)."""
    parser = argparse.ArgumentParser(prog="boardhub", description="boardhub command line")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("ais", help="list a game's AIs")
    p.add_argument("game", choices=GAME_KEYS)
    p = sub.add_parser("arena", help="play AIs against each other headless",
                       epilog="Game options follow, e.g. --rows 3 --cols 5 for dots. With --save, game n of a "
                       "series is DIR/GAME-A-vs-B-gNNN.EXT, the AIs' names kept to letters, digits, '.', '_' "
                       "and '-' (greedy:5 becomes greedy5).")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("--a", help="AI name, name:level, or py:module:function")
    p.add_argument("--b")
    p.add_argument("--tournament", metavar="AI1,AI2,...",
                   help="a round robin instead: every pair plays --games games (the source played best of 3)")
    p.add_argument("--bracket", metavar="AI1,AI2,...",
                   help="a knockout instead, as the source ended its experiments: pairs in the order given, "
                   "each match best of --best-of games, the winner goes on (the first listed get the byes)")
    p.add_argument("--best-of", type=int, default=3,
                   help="games a --bracket match is played over, an odd number (default 3: first to 2 wins)")
    p.add_argument("--seats", metavar="AI1,AI2,...",
                   help="the AIs at one table instead of --a and --b, as many as the game seats (Da Vinci "
                   "Code: 2 to 4, its player count set to match); the seats turn round one place a game, so "
                   "each AI starts equally often; the RESULT line gives each AI's wins and share (a game "
                   "without a winner shared alike)")
    p.add_argument("--save", metavar="DIR",
                   help="write every game into DIR (made if missing) in its game's own record, for review or "
                   "the app's Import: an Othello transcript, a Gomoku move list, Dots and Boxes 'row col' lines; "
                   "a game without a record format as a boardhub save (.json), which Saved games replays from "
                   "the saves folder's games/")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--limit", type=float, default=0.5, help="seconds per move (default 0.5)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-referee", action="store_true", help="do not forfeit late AIs")
    p.add_argument("--jobs", type=int, default=0, help="games played at a time (default: every core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = sub.add_parser("review", help="review a finished game: each move's value, the best move, what it lost",
                       epilog="FILE is a boardhub save of the game or a record in the game's notation (an Othello "
                       "transcript, a Gomoku move list or .psq file, Dots and Boxes \"row col\" lines such as "
                       "PvA.txt). Game options follow where the record does not say them, e.g. --rows 3 --cols 5.")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("file")
    p.add_argument("--limit", type=float, default=0.0,
                   help="seconds per position where the judge searches by the clock (Da Vinci Code; "
                   "default about 1); the other games' judges do a fixed amount of work")
    p.add_argument("--seat", type=int, help="review only this seat's moves (0 moves first); Da Vinci Code "
                   "is reviewed from this seat's view (default 0)")
    p.add_argument("--png", help="also save the evaluation graph as a PNG picture (in a folder that exists)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--jobs", type=int, default=0, help="positions judged at a time (default: every core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = sub.add_parser("learn", help="Othello's learned AI: learn the put and eat boards from games; "
                       "Gomoku's expert: tune its evaluation by self-play",
                       epilog="The source learned from 100,000 random-vs-random games. For gomoku, --games "
                       f"(default {gomoku_tuning.DEFAULT_GAMES}), --seed, --jobs and --quiet apply.")
    p.add_argument("game", choices=("othello", "gomoku"))
    p.add_argument("--games", type=int, default=0,
                   help="play until the learning holds N games (a new learning, or --name's continued up to N)")
    p.add_argument("--a", help="first AI (default random); a positional AI without @NAME plays by the boards "
                   "being learned, updated after every game")
    p.add_argument("--b", help="second AI (default random)")
    p.add_argument("--name", help="the learning to make, continue, import into, export or draw (letters, digits, "
                   "'-', '_'; NAME#GAMES is a snapshot, 'shipped' the learning boardhub ships)")
    p.add_argument("--snapshots", metavar="N1,N2,...", help="keep a copy of the boards after these many games")
    p.add_argument("--reference", default="shipped",
                   help="what each snapshot is compared with after a run (default shipped: 100,000 random games)")
    p.add_argument("--compare", metavar="REF1,REF2", help="print how alike two learnings or snapshots are")
    p.add_argument("--default", action="store_true",
                   help="make the learning the one the app's learned AI plays by (a run never does by itself)")
    p.add_argument("--list", action="store_true", help="list the learnings and their snapshots")
    p.add_argument("--import", dest="import_txt", metavar="FILE",
                   help="read the source's file (8 rows put, 8 rows eat, wins losses draws) as --name")
    p.add_argument("--export", dest="export_txt", metavar="FILE", help="write --name in the source's file format")
    p.add_argument("--seed", type=int, default=0, help="the same seed learns the same boards")
    p.add_argument("--limit", type=float, default=0.0,
                   help="seconds per move (default 0: no limit, so every search completes and a run replays)")
    p.add_argument("--png", help="save a picture of the boards, heat maps and 3-D (--name's, else the app's)")
    p.add_argument("--patterns", action="store_true",
                   help=f"learn the expert's pattern evaluation instead (default {training.Settings.games} games)")
    p.add_argument("--jobs", type=int, default=0, help="processes for --patterns (default: every core)")
    p.add_argument("--out", help="where --patterns writes its weights (default: a new file in the saves folder)")
    p.add_argument("--prior", metavar="FILE", help="--patterns starts from these weights and draws rare "
                   "configurations back to them (default: zero)")
    p.add_argument("--label-depth", type=int, default=0, metavar="D",
                   help="--patterns labels each position with a D-ply search of the expert as well (default 0: "
                   "results and exact scores only)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = sub.add_parser("book", help="grow Othello's opening book with the expert's deeper searches",
                       epilog="The expert plays from the saves folder's book when there is one, else from the "
                       "book shipped with boardhub; a run grows the book it reads.")
    p.add_argument("game", choices=("othello",))
    p.add_argument("--plies", type=int, default=book_growth.DEFAULT_PLIES,
                   help=f"moves from the start the book covers (default {book_growth.DEFAULT_PLIES})")
    p.add_argument("--limit", type=float, default=book_growth.DEFAULT_LIMIT,
                   help=f"seconds of search for each position (default {book_growth.DEFAULT_LIMIT:g})")
    p.add_argument("--margin", type=float, default=book_growth.EXPAND_MARGIN,
                   help=f"follow moves this many discs from the best (default {book_growth.EXPAND_MARGIN:g})")
    p.add_argument("--jobs", type=int, default=0, help="positions searched at a time (default: every core)")
    p.add_argument("--out", help="the book file to grow (default: the saves folder's)")
    p.add_argument("--fresh", action="store_true", help="start a new book instead of growing one")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p = sub.add_parser("perft", help="count the move sequences of a given length from the start")
    p.add_argument("game", choices=("othello",))
    p.add_argument("depth", type=int)
    p = sub.add_parser("engine", help="run an AI as an engine of another program: Gomoku over the Gomocup "
                       "protocol (a pbrain)", epilog="Commands come on stdin and answers go to stdout.")
    p.add_argument("game", choices=("gomoku",))
    p.add_argument("--ai", required=True, help="AI name, name:level, or py:module:function")
    p.add_argument("--seed", type=int, default=0)
    net_commands.add_parsers(sub)
    return parser


def run_command(parser: argparse.ArgumentParser, args: argparse.Namespace, extra: list[str], argv: list[str]) -> int:
    """The subcommand `args` names, its arguments checked first."""
    if args.cmd in ("serve", "host", "join"):
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return net_commands.run(args)
    refused = _refused_number(args)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    _clamp_jobs(args)
    if args.cmd == "engine":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_engine(args)
    if args.cmd == "perft":
        if extra or args.depth < 0:
            parser.error(f"perft takes a game and a depth of 0 or more: {' '.join(argv[1:])}")
        return cmd_perft(args)
    if args.cmd == "book":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_book(args, argv)
    if args.cmd == "learn":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_learn(args)
    if args.cmd == "review":
        return cmd_review(args, extra)
    if args.cmd == "arena":
        chosen = [f for f, given in (("--a/--b", args.a is not None or args.b is not None),
                                     ("--seats", args.seats is not None),
                                     ("--tournament", args.tournament is not None),
                                     ("--bracket", args.bracket is not None)) if given]
        if len(chosen) > 1:
            parser.error(f"arena takes one of --a/--b, --seats, --tournament and --bracket, not "
                         f"{' and '.join(chosen)}")
        if not args.tournament and not args.seats and not args.bracket and (args.a is None or args.b is None):
            parser.error("arena needs --a and --b, --seats AI1,AI2,..., --tournament AI1,AI2,... or "
                         "--bracket AI1,AI2,...")
    if args.cmd == "ais":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return cmd_ais(args)
    return cmd_arena(args, extra)
