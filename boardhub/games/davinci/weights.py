"""The report's weights: what the source's computer believes about each hidden tile, as its C code keeps it.

The term-project report (section 3.3, "Computer Guessing Algorithm") keeps, for
every block, an array `score[26]`, one weight per tile of the game: index
`2 * number + colour` for the numbers (black 0, white 1) and 24, 25 for the
black and white jokers. The quotations below are the report's, translated.

- initDeck: "for (int k = 0; k < 26; k++) bnode->score[k] = 50;" - every
  weight starts at 50.
- weight_init (called by every guess()): "makes the weight of every case that
  cannot be in the block 0": the tiles already known (its own and every face-up
  one: "each block is unique"), the other colour, and, since "each rack must
  stand in ascending order", the cases the face-up blocks of the rack rule out
  (before a face-up block nothing at or above it, after it nothing at or below
  it; jokers are left alone). A weight once 0 stays 0.
- weight_add (called by every guess() right after): every remaining case of a
  hidden block gets "user_reliability / count", or "(100 - user_reliability) /
  count" if the owner called that number (count: the block's remaining cases).
  "The total weight added to a block depends on user_reliability, and a block
  with more cases shares it more thinly." The weights are never reset: they
  build up over the game.
- after_guess: "a guess was made, so that case is removed from the block".
- init_score (when the opponent draws): "the weights of a newly drawn block are
  the average of the weights of all the existing blocks", so that it is not
  "too low beside the others to be guessed".
- did_USER_lie (whenever an opponent's block is turned face up): for every
  remembered call of that very tile, "if the call was made after the block was
  drawn" (the owner held it while calling it) the reliability falls, otherwise
  it rises; "if the number of the revealed block is not among the calls,
  nothing happens".
- The memory: "a queue remembers the user's calls; the higher the difficulty,
  the bigger the queue, so it remembers more".

Where this reading goes beyond the C code, it says why: the code compares the
calls with `current_block->number`, the hidden number itself, which an AI must
not see; the calls are compared with each case, as the text says. The code keeps
ints ("int, so the decimals are dropped, but that should be fine"); the
weights here keep their fractions. The report plays two players; with more, each
opponent has its own weights, memory and reliability, and calls found wrong by
anyone rule a case out as the AI's own do. The official deal never deals a
joker, so a dealt tile's joker cases are impossible too.

Everything is replayed from the seat's view and the public history alone (a
fresh AI given a position plays as one that watched the whole game), and the
replay is resumed where the last one stopped when the history only grew.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from boardhub.games.davinci.engine import JOKER, DavinciView, order_key, starting_tiles
from boardhub.games.davinci.moves import Guessed, Placed, Revealed

START = 50.0  # initDeck: score[k] = 50
CASES = 26  # 24 numbers and 2 jokers
NUMBER_CASES = 24


def case(colour: int, value: int) -> int:
    """A tile's index in score[26]: 2 * number + colour, 24 + colour for a joker."""
    return order_key(colour, value) if value != JOKER else NUMBER_CASES + colour


@dataclass(frozen=True)
class Constants:
    """The constants the report leaves open ("how much to add or take away is to be adjusted")."""

    trust: float  # user_reliability at the start, out of 100
    fall: float  # taken off on a caught bluff
    rise: float  # added on an honest call confirmed
    least: float  # LEAST_SCORE_TO_GUESS: go on guessing only while the best weight reaches it


@dataclass
class Reading:
    """The computer's memory at one point of the history: weights, reliabilities and remembered calls."""

    scores: dict[int, list[float]] = field(default_factory=dict)  # uid -> score[26]
    reliability: list[float] = field(default_factory=list)  # per seat
    memory: list[deque] = field(default_factory=list)  # per seat: (case, event number) of its calls
    done: int = 0  # history events replayed


class Table:
    """The facts of one view the replay needs: who holds what, since when, and what became public when."""

    def __init__(self, view: DavinciView) -> None:
        self.view = view
        self.me = view.seat
        history = view.history
        self.entered = {e.uid: when for when, e in enumerate(history) if isinstance(e, Placed)}
        self.colour = {t.uid: t.colour for rack in view.racks for t in rack}
        # when each tile came face up, and as what
        self.shown: dict[int, tuple[int, int]] = {}
        self.wrong: dict[int, list[tuple[int, int]]] = {}  # uid -> (event number, value) of missed calls
        for when, e in enumerate(history):
            if isinstance(e, Guessed):
                if e.right:
                    self.shown[e.uid] = (when, e.value)
                else:
                    self.wrong.setdefault(e.uid, []).append((when, e.value))
            elif isinstance(e, Revealed):
                self.shown[e.uid] = (when, e.value)
        for rack in view.racks:  # face up with no event to say when (a position set up by hand): from the start
            for tile in rack:
                if tile.revealed and tile.uid not in self.shown:
                    self.shown[tile.uid] = (-1, tile.value)
        self.mine = [(self.entered.get(t.uid, -1), case(t.colour, t.value)) for t in view.racks[self.me]]
        # the starting tiles drawn one by one (deal_jokers) start at 50 like dealt ones: the source's
        # init_score is for draws in play only
        setup = view.players * starting_tiles(view.players) if view.deal_jokers else 0
        self.setup = {e.uid for e in [x for x in history if isinstance(x, Placed)][:setup]}

    def present(self, seat: int, t: int) -> list:
        """The seat's tiles on its rack before event `t`, left to right."""
        return [tile for tile in self.view.racks[seat] if self.entered.get(tile.uid, -1) < t]

    def face_up(self, uid: int, t: int) -> int | None:
        """The tile's case if it was face up before event `t`, else None."""
        shown = self.shown.get(uid)
        return case(self.colour[uid], shown[1]) if shown is not None and shown[0] < t else None

    def known(self, t: int) -> set[int]:
        """known_block: every tile the computer had seen before event `t` (its own, and every face-up one)."""
        seen = {c for entered, c in self.mine if entered < t}
        seen.update(case(self.colour[u], v) for u, (when, v) in self.shown.items() if when < t)
        return seen


def opponents(table: Table) -> list[int]:
    return [s for s in range(table.view.players) if s != table.me]


def weight_init(reading: Reading, table: Table, t: int) -> None:
    """Zero every case that cannot be under each hidden tile of the opponents before event `t`."""
    known = table.known(t)
    view = table.view
    for seat in opponents(table):
        rack = table.present(seat, t)
        cases = [table.face_up(tile.uid, t) for tile in rack]
        for i, tile in enumerate(rack):
            if cases[i] is not None:
                continue
            score = reading.scores[tile.uid]
            impossible = set(known)
            impossible.update(range(1 - tile.colour, CASES, 2))  # the other colour
            impossible.update(case(tile.colour, v) for when, v in table.wrong.get(tile.uid, ()) if when < t)
            if not view.jokers or (not view.deal_jokers and tile.uid not in table.entered):
                impossible.add(NUMBER_CASES + tile.colour)  # no joker in the game, or a dealt tile
            for j, c in enumerate(cases):
                if c is None or c >= NUMBER_CASES:
                    continue
                # a face-up number to the right: nothing at or above it; to the left: nothing at or below it
                impossible.update(range(c, NUMBER_CASES) if j > i else range(0, c + 1))
            for k in impossible:
                score[k] = 0.0


def weight_add(reading: Reading, table: Table, t: int) -> None:
    """Add reliability / count to each remaining case, (100 - reliability) / count to a called one."""
    for seat in opponents(table):
        r = reading.reliability[seat]
        for tile in table.present(seat, t):
            if table.face_up(tile.uid, t) is not None:
                continue
            score = reading.scores[tile.uid]
            count = sum(1 for w in score if w)
            if not count:
                continue
            since = table.entered.get(tile.uid, -1)
            # a call counts against the tiles its maker held when it was made
            called = {c for c, when in reading.memory[seat] if when > since}
            for k in range(CASES):
                if score[k]:
                    score[k] += ((100.0 - r) if k in called else r) / count


def init_score(reading: Reading, table: Table, seat: int, t: int) -> list[float]:
    """A newly drawn tile's weights: the average of the nonzero weights of the seat's tiles."""
    weights = [w for tile in table.present(seat, t) for w in reading.scores[tile.uid] if w]
    return [sum(weights) / len(weights) if weights else START] * CASES


def did_lie(reading: Reading, table: Table, seat: int, uid: int, value: int, constants: Constants) -> None:
    """A tile of `seat` came face up: judge each remembered call of it (bluff: down; honest: up)."""
    key = case(table.colour[uid], value)
    since = table.entered.get(uid, -1)
    for c, when in reading.memory[seat]:
        if c != key:
            continue
        r = reading.reliability[seat]
        # called while on the rack: a bluff; called before it was drawn: an honest call
        r = r - constants.fall if when > since else r + constants.rise
        reading.reliability[seat] = min(100.0, max(0.0, r))


def fresh(table: Table, memory: int, constants: Constants) -> Reading:
    """The reading before any event: dealt tiles at 50, every opponent trusted as much."""
    n = table.view.players
    reading = Reading(reliability=[float(constants.trust)] * n, memory=[deque(maxlen=memory) for _ in range(n)])
    for seat in opponents(table):
        for tile in table.present(seat, 0):
            reading.scores[tile.uid] = [START] * CASES
    return reading


def replay(reading: Reading, table: Table, constants: Constants, reliable: bool = True) -> Reading:
    """Bring `reading` up to the end of the view's history, event by event, from where it stopped.

    `reliable` False keeps every reliability where it started (the benchmark's
    switch: the same AI without its reliability logic).
    """
    history = table.view.history
    for when in range(reading.done, len(history)):
        e = history[when]
        if isinstance(e, Placed):
            if e.seat != table.me:
                reading.scores[e.uid] = [START] * CASES if e.uid in table.setup \
                    else init_score(reading, table, e.seat, when)
        elif isinstance(e, Guessed):
            if e.seat == table.me:
                # guess(): weight_init, weight_add, then after_guess takes the case called out
                weight_init(reading, table, when)
                weight_add(reading, table, when)
                reading.scores[e.uid][case(table.colour[e.uid], e.value)] = 0.0
            else:
                reading.memory[e.seat].append((case(table.colour[e.uid], e.value), when))
            if e.right and e.target != table.me and reliable:
                did_lie(reading, table, e.target, e.uid, e.value, constants)
        elif isinstance(e, Revealed) and e.seat != table.me and reliable:
            did_lie(reading, table, e.seat, e.uid, e.value, constants)
    reading.done = len(history)
    return reading


def candidates(reading: Reading, table: Table) -> list[tuple[float, int, int, int]]:
    """(weight, seat, index, value) of every case still possible under the opponents' hidden tiles now."""
    out = []
    for seat in opponents(table):
        for index, tile in enumerate(table.view.racks[seat]):
            if tile.revealed:
                continue
            for k, w in enumerate(reading.scores[tile.uid]):
                if w:
                    out.append((w, seat, index, JOKER if k >= NUMBER_CASES else k >> 1))
    return out
