"""`python -m boardhub` and the `boardhub` launcher: the app, or a subcommand."""
from __future__ import annotations

import multiprocessing
import os
import sys


def main(argv: list[str] | None = None) -> int:
    # First of all: in a frozen build the AI worker process is this executable
    # started again, and this call turns it into the worker instead of a second app.
    multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    # The two imports below are late on purpose: the command line never loads pygame and the
    # window never loads the arena; each saves the other's start-up time (bench/startup.py).
    if argv and not argv[0].startswith("-"):
        from boardhub.cli import main as cli_main
        try:
            return cli_main(argv)
        except BrokenPipeError:  # `... | head` closed the pipe: not an error of ours
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    from boardhub.launch import run
    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
