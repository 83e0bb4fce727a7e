"""`python -m boardhub` and the `boardhub` launcher: the app, or a subcommand."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("-"):
        from boardhub.cli import main as cli_main
        return cli_main(argv)
    from boardhub.app import run
    return run(argv)


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())
