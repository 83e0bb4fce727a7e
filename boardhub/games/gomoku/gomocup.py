"""The Gomocup protocol's words, shared by the engine seat (external.py) and the brain (brain.py).

Gomocup names a point "x,y" counted from the TOP-left corner, both from 0;
boardhub counts rows from the bottom (p = y * size + x, "a1" = 0). Only the
row flips: Gomocup's y is size - 1 - boardhub's y. On 15 x 15:

    Gomocup  0,0  ... 14,0         boardhub  a15 ... o15   (p 210 ... 224)
              :          :                    :       :
             0,14 ... 14,14                   a1  ... o1    (p   0 ...  14)

The rule set travels as `INFO rule`, a bitmask: 1 = exactly five wins,
2 = continuous game (play on after a five), 4 = renju, 8 = caro; 0 is
freestyle. boardhub's "standard" (exactly five, for both) is 1.
"""
from __future__ import annotations

EXACT_FIVE, CONTINUOUS, RENJU, CARO = 1, 2, 4, 8
RULE_BITS = {"freestyle": 0, "standard": EXACT_FIVE, "renju": RENJU}
# What `INFO time_left` says when a match has no overall time limit.
UNLIMITED_MS = 2147483647
# Lines a brain may write at any time that answer nothing.
CHATTER = ("MESSAGE", "DEBUG")


def to_gomocup(point: int, size: int) -> str:
    """The "x,y" Gomocup writes for boardhub's point: a1 (0) is "0,14" on 15 x 15."""
    y, x = divmod(point, size)
    return f"{x},{size - 1 - y}"


def from_gomocup(text: str, size: int) -> int:
    """boardhub's point for Gomocup's "x,y"; ValueError if it is not a point of the board."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise ValueError(f"{text.strip()[:80]!r} is not a point (Gomocup writes x,y)")
    x, y = (int(p) for p in parts)
    if not (0 <= x < size and 0 <= y < size):
        raise ValueError(f"{x},{y} is off the {size} x {size} board (0-{size - 1} each way)")
    return (size - 1 - y) * size + x


def rule_from_bits(bits: int) -> str:
    """boardhub's rule set for an `INFO rule` value; ValueError for rules boardhub does not play.

    The continuous-game bit only says whether play goes on after a five,
    which a boardhub game never does, so it is accepted and has no effect.
    """
    if bits < 0 or bits & ~(EXACT_FIVE | CONTINUOUS | RENJU | CARO):
        raise ValueError(f"rule {bits} is not a Gomocup rule")
    if bits & CARO:
        raise ValueError("caro (a five blocked at both ends does not win) is not a rule boardhub plays")
    if bits & RENJU:
        return "renju"
    return "standard" if bits & EXACT_FIVE else "freestyle"


def is_chatter(line: str) -> bool:
    """A MESSAGE or DEBUG line: shown or logged by managers, never an answer."""
    return line.split(" ", 1)[0].upper() in CHATTER
