"""Opening the app from the command line: the window on the main menu, the start-up timing
check or the headless smoke check."""
from __future__ import annotations

import argparse

from boardhub.app import App
from boardhub.commands import epilog
from boardhub.smoke import smoke
from boardhub.ui import theme


def parse_size(text: str) -> tuple[int, int]:
    """`--size`'s "1280x800" as (1280, 800); a ValueError that says what is wrong otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 1280x800, not {text!r}") from None
    if w < theme.MIN_SIZE[0] or h < theme.MIN_SIZE[1]:
        raise ValueError(f"--size {w}x{h} is too small: the smallest window boardhub lays out is "
                         f"{theme.MIN_SIZE[0]}x{theme.MIN_SIZE[1]}")
    return w, h


def run(argv: list[str]) -> int:
    """Open the window on the main menu and play until it is closed."""
    parser = argparse.ArgumentParser(
        prog="boardhub", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Classic board games with strong AIs. With no subcommand, the window opens.",
        epilog=epilog())
    parser.add_argument("--size", help="window size, e.g. 1024x640 (default: the size it had last time, "
                        "or one that fits the screen); a one-off, not remembered")
    parser.add_argument("--startup-time", action="store_true",
                        help="draw the first menu frame, print 'ready' and exit (bench/startup.py)")
    parser.add_argument("--smoke", action="store_true",
                        help="headless check: a few AI moves of every game, screenshots, exit 0 if all worked")
    parser.add_argument("--smoke-out", metavar="FOLDER",
                        help="where --smoke writes its screenshots (default: a new temporary folder)")
    args = parser.parse_args(argv)
    size = None
    if args.size is not None:
        try:
            size = parse_size(args.size)
        except ValueError as exc:
            parser.error(str(exc))
    if args.smoke:
        return smoke(args.smoke_out, size or theme.BASE_SIZE)  # headless: a fixed size, the same every run
    app = App(size)
    app.open("menu")
    if args.startup_time:
        app.frame(0.0)
        print("ready", flush=True)
        app.close()
        return 0
    try:
        app.run()
    finally:
        app.close()
    return 0
