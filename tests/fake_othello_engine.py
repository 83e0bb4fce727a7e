"""A scripted Othello engine over GTP or NBoard, for testing the engine seats.

    python tests/fake_othello_engine.py --protocol gtp|nboard [--mode MODE] [--after N] [--log FILE]

In "ok" mode it speaks the protocol as Edax does and plays the first legal
move (lowest square). The other modes misbehave from its (N+1)-th move on:
crash (exit 3 with a message on stderr), die (killed by a signal), silent
(hangs: reads nothing more, ignores quit), illegal (names a taken square),
garbage (a reply that is not a move), slow (answers after 3 s), controls (a crash
whose words on stderr hold a NUL, an escape and a bell). Two modes fail
at the start: mute (hangs before reading anything) and refuse (GTP: refuses an
8x8 board; NBoard: exits, as an engine of another protocol version would).
`--log FILE` writes every command received, one a line.
"""
from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import time
from abc import ABC, abstractmethod
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardhub.games.othello.engine import (  # noqa: E402
    BLACK, PASS, START, OthelloRules, OthelloState, parse_square, play, square_name)

RULES = OthelloRules()
MODES = ("ok", "crash", "die", "silent", "illegal", "garbage", "slow", "mute", "refuse", "controls")


class Board:
    """The fake's own game: it checks what it is told, like a real engine."""

    def __init__(self) -> None:
        self.state = START

    def play(self, colour: int | None, text: str) -> bool:
        """Play `text` for `colour` (None: whoever moves), passing for the other side if it must."""
        if colour is not None and colour != self.state.player:
            if RULES.legal_moves(self.state) != [PASS]:
                return False
            self.state = play(self.state, PASS)
        try:
            move = parse_square(text)
        except ValueError:
            return False
        if move not in RULES.legal_moves(self.state):
            return False
        self.state = play(self.state, move)
        return True

    def pass_if_must(self, colour: int) -> None:
        if colour != self.state.player and RULES.legal_moves(self.state) == [PASS]:
            self.state = play(self.state, PASS)

    def best(self) -> int:
        return min(RULES.legal_moves(self.state))


class Fake(ABC):
    def __init__(self, args: argparse.Namespace) -> None:
        self.mode, self.after = args.mode, args.after
        self.log = open(args.log, "a", encoding="utf-8") if args.log else None
        self.board = Board()
        self.asked = 0

    def say(self, text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def answer_move(self) -> str:
        """The move to name when asked; misbehaves as the mode says."""
        self.asked += 1
        if self.mode in ("ok", "refuse") or self.asked <= self.after:
            return square_name(self.board.best())
        if self.mode == "crash":
            sys.stderr.write("fake engine: crashed on purpose\n")
            sys.stderr.flush()
            sys.exit(3)
        if self.mode == "controls":
            sys.stderr.write("fake\x00 engine: \x1b[31mcrashed\x07 on purpose\x00\n")
            sys.stderr.flush()
            sys.exit(3)
        if self.mode == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        if self.mode == "silent":
            time.sleep(3600)
        if self.mode == "illegal":
            return next(square_name(sq) for sq in range(64) if self.board.state.disc(sq) is not None)
        if self.mode == "garbage":
            return "banana"
        time.sleep(3.0)  # slow
        return square_name(self.board.best())

    def run(self) -> None:
        if self.mode == "mute":
            time.sleep(3600)
        for line in sys.stdin:
            line = line.strip()
            if self.log:
                self.log.write(line + "\n")
                self.log.flush()
            if line and self.handle(line) == "quit":
                return

    @abstractmethod
    def handle(self, line: str) -> str | None:
        """Answer one command; "quit" ends the engine."""


class GtpFake(Fake):
    def handle(self, line: str) -> str | None:
        word, _, rest = line.partition(" ")
        args = rest.split()
        if word == "quit":
            self.reply("")
            return "quit"
        if word in ("protocol_version", "name", "version"):
            self.reply({"protocol_version": "2", "name": "Fake", "version": "1"}[word])
        elif word == "boardsize":
            if self.mode == "refuse" or args != ["8"]:
                self.reply("unacceptable size", ok=False)
            else:
                self.reply("")
        elif word == "clear_board":
            self.board = Board()
            self.reply("")
        elif word in ("komi", "time_settings", "time_left"):
            self.reply("")
        elif word == "play" and len(args) == 2 and args[0] in ("b", "w"):
            ok = self.board.play("bw".index(args[0]), args[1])
            self.reply("" if ok else "illegal move", ok=ok)
        elif word == "genmove" and args and args[0] in ("b", "w"):
            self.board.pass_if_must("bw".index(args[0]))
            move = self.answer_move()
            self.board.play(None, move)
            self.reply(move)
        else:
            self.reply("unknown command", ok=False)
        return None

    def reply(self, text: str, ok: bool = True) -> None:
        self.say(f"{'=' if ok else '?'} {text}".rstrip() + "\n")


class NBoardFake(Fake):
    def handle(self, line: str) -> str | None:
        word, _, rest = line.partition(" ")
        if word == "quit":
            return "quit"
        if word == "nboard":
            if self.mode == "refuse":
                sys.stderr.write("fake engine: expected nboard 1\n")
                sys.exit(1)
        elif word == "ping":
            self.say(f"pong {rest}")
        elif word == "set" and rest.startswith("depth"):
            self.say(f"set myname Fake{rest.split()[-1]}")
        elif word == "set" and rest.startswith("game"):
            self.board = self.parse_game(rest[4:].strip())
        elif word == "move":
            if not self.board.play(None, rest.split("/")[0]):
                sys.stderr.write(f"fake engine: cannot play {rest}\n")
        elif word == "go":
            self.say("status Fake is thinking")
            self.say(f"=== {self.answer_move().upper()}/0.00/0.01")
            self.say("status Fake is waiting")
        else:
            sys.stderr.write(f"fake engine: unknown command {line}\n")
        return None

    @staticmethod
    def parse_game(ggf: str) -> Board:
        board = Board()
        found = re.search(r"BO\[8 ([-*O]{64}) ([*O])\]", ggf)
        if found:
            cells, side = found.groups()
            black = sum(1 << i for i, c in enumerate(cells) if c == "*")
            white = sum(1 << i for i, c in enumerate(cells) if c == "O")
            board.state = OthelloState(black, white, BLACK if side == "*" else 1 - BLACK)
        for move in re.findall(r"[BW]\[([^\]]*)\]", ggf[found.end() if found else 0:]):
            board.play(None, move.split("/")[0]) or sys.stderr.write(f"fake engine: bad move {move}\n")
        return board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--protocol", choices=("gtp", "nboard"), required=True)
    parser.add_argument("--mode", choices=MODES, default="ok")
    parser.add_argument("--after", type=int, default=0, help="misbehave from this many moves on")
    parser.add_argument("--log", help="append every command received to this file")
    args = parser.parse_args()
    (GtpFake if args.protocol == "gtp" else NBoardFake)(args).run()


if __name__ == "__main__":
    main()
