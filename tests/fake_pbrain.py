"""A scripted Gomocup brain, for testing the pbrain seat.

    python tests/fake_pbrain.py [--mode MODE] [--after N] [--busy SECONDS] [--log FILE]

In "ok" mode it speaks the protocol as the Gomocup skeleton brains do and
plays the free point nearest the centre (then the top row first, then the
left). It keeps its own board in Gomocup's coordinates (x, y from the top
left) and knows no rules beyond "a point is free", so it shares nothing with
boardhub's engine. The other modes misbehave from its (N+1)-th move on:
crash (exit 3 with a message on stderr), silent (hangs: reads nothing more,
ignores END), illegal (names a taken point), garbage (a reply that is not a
point), slow (answers half a second after its timeout_turn), controls (a reply
that is not a point, with a NUL and an escape in it, and more on stderr). "early" prints
every move and then stays busy for --busy seconds before it reads again, as
a brain that frees its search after answering; "norestart" plays well but
answers RESTART with UNKNOWN, as older brains do. Two modes fail at the
start: mute (hangs before reading anything) and refuse (answers START with ERROR).
`--log FILE` writes every command received, one a line.
"""
from __future__ import annotations

import argparse
import sys
import time

MODES = ("ok", "crash", "silent", "illegal", "garbage", "slow", "early", "mute", "refuse", "norestart", "controls")


class Brain:
    def __init__(self, args: argparse.Namespace) -> None:
        self.mode, self.after, self.busy = args.mode, args.after, args.busy
        self.log = open(args.log, "a", encoding="utf-8") if args.log else None
        self.size = 0
        self.stones: dict[tuple[int, int], int] = {}  # (x, y) -> 1 own, 2 opponent's
        self.timeout_turn = 5.0
        self.asked = 0

    def say(self, text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def read(self) -> str | None:
        line = sys.stdin.readline()
        if not line:
            return None
        line = line.strip()
        if self.log:
            self.log.write(line + "\n")
            self.log.flush()
        return line

    def run(self) -> None:
        if self.mode == "mute":
            time.sleep(3600)
        while (line := self.read()) is not None:
            if line and self.handle(line) == "end":
                return

    def handle(self, line: str) -> str | None:
        word, _, rest = line.partition(" ")
        word = word.upper()
        if word == "END":
            return "end"
        if word == "ABOUT":
            self.say('name="fake", version="1.0", author="boardhub tests", country="CZ"')
        elif word == "START":
            if self.mode == "refuse":
                self.say("ERROR unsupported size")
            else:
                self.size, self.stones = int(rest), {}
                self.say("OK")
        elif word == "RESTART" and self.mode == "norestart":
            self.say("UNKNOWN RESTART")
        elif word == "RESTART":
            self.stones = {}
            self.say("OK")
        elif word == "INFO":
            key, _, value = rest.partition(" ")
            if key == "timeout_turn":
                self.timeout_turn = int(value) / 1000
        elif word == "BEGIN":
            self.move()
        elif word == "TURN":
            x, y = map(int, rest.split(","))
            self.stones[(x, y)] = 2
            self.move()
        elif word == "BOARD":
            self.stones = {}
            while (row := self.read()) is not None and row.upper() != "DONE":
                x, y, field = map(int, row.split(","))
                self.stones[(x, y)] = field
            self.move()
        else:
            self.say(f"UNKNOWN {word}")
        return None

    def best(self) -> tuple[int, int]:
        c = self.size // 2
        free = [(x, y) for y in range(self.size) for x in range(self.size) if (x, y) not in self.stones]
        return min(free, key=lambda p: (max(abs(p[0] - c), abs(p[1] - c)), p[1], p[0]))

    def move(self) -> None:
        """Answer the move, misbehaving as the mode says."""
        self.asked += 1
        self.say("MESSAGE thinking")
        point = self.best()
        if self.asked > self.after:
            if self.mode == "crash":
                sys.stderr.write("fake brain: crashed on purpose\n")
                sys.stderr.flush()
                sys.exit(3)
            if self.mode == "silent":
                time.sleep(3600)
            if self.mode == "illegal" and self.stones:
                point = next(iter(self.stones))
            if self.mode == "garbage":
                self.say("banana")
                return
            if self.mode == "controls":
                sys.stderr.write("fake\x00 brain\x1b[2J\n")
                sys.stderr.flush()
                self.say("MESSAGE \x00\x07")
                self.say("ban\x00ana\x1b[2J")
                return
            if self.mode == "slow":
                time.sleep(self.timeout_turn + 0.5)
        self.stones[point] = 1
        self.say(f"{point[0]},{point[1]}")
        if self.mode == "early":
            time.sleep(self.busy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=MODES, default="ok")
    parser.add_argument("--after", type=int, default=0, help="misbehave from this many moves on")
    parser.add_argument("--busy", type=float, default=1.0, help="early mode: seconds busy after each move")
    parser.add_argument("--log", help="append every command received to this file")
    Brain(parser.parse_args()).run()


if __name__ == "__main__":
    main()
