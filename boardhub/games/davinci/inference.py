"""Exact inference for Da Vinci Code: how likely each value is under each hidden tile.

Why exact: every constraint of the game is hard (racks sorted with black left
of white on equal numbers, each tile unique, jokers anywhere, failed guesses
ruled out), so one observer's knowledge is the set of arrangements of the
tiles it has not seen over the hidden places it sees. Deals are uniform within
the colour a player chose to draw, so every consistent arrangement is equally
likely (up to the optional soft prior below), and the probability that a
hidden tile has value v is the share of arrangements in which it does. Where
a player chose (where its joker stands, which side of a joker a number
took), each possible choice counts once: the count assumes no habits. Counting
these by brute force explodes with three opponents; this module counts them by
dynamic programming and gets every marginal at once.

Tiles are numbered by their rank in a rack: `key = 2 * value + colour` for the
numbers (black 0, white 1, so a black 5 stands left of a white 5), and
`JOKER_KEYS` (24, 25) for the black and white jokers.

Method. Within a rack the number tiles stand in ascending key order, so if all
unseen number tiles are taken in ascending key order, each one either stays in
the pile or goes to the *next* unfilled hidden place of one rack. The state of
the count is therefore one pointer per rack (how many of its hidden places are
filled) and two flags (whether each unseen joker has been placed):

    F_{i+1}(p, j) = F_i(p, j)                                  tile i in the pile
                  + sum_r F_i(p - e_r, j) A_r[p_r - 1, i]      next place of rack r
                  + (the same after first passing one or two of rack r's places
                     as jokers of their colour, flipping those jokers' flags)

where `A_r[s, i]` is 0 where tile i cannot stand at place s (wrong colour,
outside the bounds its revealed neighbours set, a value guessed there and
missed) and otherwise the soft prior's weight. Passing a joker lazily, just
before rack r takes its next number (or at the end of the rack), gives every
arrangement exactly one path, so nothing is counted twice. The sum over the
states with every rack complete is the number (weight) Z of arrangements. A
backward pass over the transposed steps gives, with the forward tables, the
weight of all arrangements that put tile i at place s: P(s = i) = that / Z. A
place's joker probability is one minus its number probabilities; a tile's
chance of being in the pile is one minus its chances in the racks.

Complexity: with opponents' hidden counts h_1..h_m and K unseen number tiles
the tables have 4 * prod(h_r + 1) states and the passes take
O(K * m * 4 * prod(h_r + 1)) steps, each a whole-table numpy operation; three
opponents with five hidden tiles each is 864 states, a few milliseconds. The
brute force it replaces enumerates up to K! / (K - sum h_r)! placements.

The soft prior: a place's `weights[k]` multiplies every arrangement that puts
tile k there. The expert uses it for what opponents' guesses suggest
(a player seldom names a tile it holds), with a weight below one, never zero,
so a bluff bends the odds without ruling out the truth.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np

from boardhub.games.davinci.engine import BLACK, JOKER, NUMBERS, WHITE, order_key

NUMBER_KEYS = 2 * len(NUMBERS)  # keys 0..23
JOKER_KEYS = (NUMBER_KEYS + BLACK, NUMBER_KEYS + WHITE)  # 2 * JOKER + colour, past every number
ALL_KEYS = frozenset(range(NUMBER_KEYS + 2))


def tile_key(colour: int, value: int) -> int:
    """A tile's key: its rank among number tiles, 24 + colour for a joker (order_key gives both)."""
    return order_key(colour, value)


@dataclass(frozen=True)
class Rack:
    """One rack as an observer sees it, left to right.

    `tiles[i]` is (colour, value) with value None where hidden and JOKER for a
    revealed joker. `excluded[i]` holds values that place i cannot have (a
    guess of that value there was wrong); JOKER may be among them.
    `weights[i]` maps tile keys to the soft prior's multiplier for place i
    (1 where absent): per place, because what a player's call suggests holds
    only for the tiles it had when it called.
    """

    tiles: tuple[tuple[int, int | None], ...]
    excluded: tuple[frozenset[int], ...] = ()
    weights: tuple[Mapping[int, float], ...] = ()

    def hidden_places(self) -> list[int]:
        return [i for i, (_, v) in enumerate(self.tiles) if v is None]


@dataclass
class Belief:
    """The result: per rack, per hidden place, {value: probability}; and the pile.

    `places[r][i]` exists for the hidden places i of rack r (indices into
    `Rack.tiles`); values with probability 0 are left out, and JOKER stands for
    the joker of the place's colour. `pile[key]` is the probability that the
    unseen tile `key` is in the pile. `total` is the (weighted) number of
    arrangements; 0 means the racks contradict each other.
    """

    places: list[dict[int, dict[int, float]]]
    pile: dict[int, float]
    total: float


class _RackTables:
    """One rack's hidden places as the count needs them: what each place may hold."""

    def __init__(self, rack: Rack, unseen: frozenset[int]) -> None:
        self.places = rack.hidden_places()
        h = len(self.places)
        self.colours = np.array([rack.tiles[i][0] for i in self.places], dtype=np.int64)
        excluded = rack.excluded or tuple(frozenset() for _ in rack.tiles)
        weights = rack.weights or tuple({} for _ in rack.tiles)
        self.number = np.zeros((h, NUMBER_KEYS))  # A[s, key]
        self.joker = np.zeros((2, h))  # J[c, s]: place s may be the joker of colour c
        for s, i in enumerate(self.places):
            colour = rack.tiles[i][0]
            lo = max((order_key(c, v) for c, v in rack.tiles[:i] if v is not None and v != JOKER), default=-1)
            hi = min((order_key(c, v) for c, v in rack.tiles[i + 1:] if v is not None and v != JOKER),
                     default=NUMBER_KEYS)
            for k in range(lo + 1, hi):
                if k & 1 == colour and k in unseen and (k >> 1) not in excluded[i]:
                    self.number[s, k] = weights[i].get(k, 1.0)
            jk = JOKER_KEYS[colour]
            if jk in unseen and JOKER not in excluded[i]:
                self.joker[colour, s] = weights[i].get(jk, 1.0)
        joker_any = self.joker.sum(axis=0)
        # two jokers side by side: necessarily one of each colour
        self.pair = joker_any[:-1] * joker_any[1:] * (self.colours[:-1] != self.colours[1:])


def infer(racks: Sequence[Rack], unseen: Iterable[int]) -> Belief:
    """Exact probabilities of every value of every hidden tile in `racks`.

    `racks` are the racks with tiles hidden from the observer (its own rack
    is known and left out); `unseen` are the keys of the tiles it has not seen,
    which fill those places or lie in the pile.
    """
    unseen = frozenset(unseen)
    tables = [_RackTables(rack, unseen) for rack in racks]
    active = [r for r, t in enumerate(tables) if t.places]
    count = _Count([tables[r] for r in active], unseen)
    places: list[dict[int, dict[int, float]]] = [{} for _ in racks]
    total, marg = count.run()
    if total <= 0.0:
        return Belief(places, {}, 0.0)
    pile = {k: 1.0 for k in unseen}
    for r, t, m in zip(active, count.tabs, marg):
        m = m / total
        for s, i in enumerate(t.places):
            nonzero = np.nonzero(m[s] > 0)[0]
            dist = {int(k >> 1): float(m[s, k]) for k in nonzero}
            for k in nonzero:
                pile[int(k)] -= float(m[s, k])
            joker = 1.0 - float(m[s].sum())
            if t.joker[t.colours[s], s] > 0 and joker > 1e-12:
                dist[JOKER] = joker
                pile[JOKER_KEYS[t.colours[s]]] -= joker
            places[r][i] = dist
    return Belief(places, {k: max(0.0, p) for k, p in pile.items()}, total)


class _Count:
    """The forward and backward passes over the tables of m racks (axes 0..m-1) and two joker flags.

    Every way a rack can take a tile is worked out once, as index tuples and
    a weight vector shaped along the rack's axis, so each pass is a short
    loop of whole-table numpy operations. Tiles no rack can take leave the
    table unchanged and are skipped.
    """

    def __init__(self, tabs: list[_RackTables], unseen: frozenset[int]) -> None:
        self.tabs = tabs
        self.m = len(tabs)
        self.shape = tuple(len(t.places) + 1 for t in tabs) + (2, 2)
        self.flags0 = tuple(0 if jk in unseen else 1 for jk in JOKER_KEYS)
        self.steps: list[tuple[int, list[tuple]]] = []
        for k in sorted(x for x in unseen if x < NUMBER_KEYS):
            moves = [move for a, t in enumerate(tabs) for move in self._moves(a, t, k)]
            if moves:
                self.steps.append((k, moves))
        self.endings = [list(self._endings(a, t)) for a, t in enumerate(tabs)]

    def _ix(self, axis: int, sl: slice, flags: tuple) -> tuple:
        """An index: `sl` along the rack axis, the joker flags fixed as `flags` says."""
        idx = [slice(None)] * self.m
        idx[axis] = sl
        if len(flags) == 2:
            return tuple(idx) + flags
        if len(flags) == 1:  # ((colour, value),): one flag fixed, the other free
            colour, value = flags[0]
            return tuple(idx) + ((value, slice(None)) if colour == BLACK else (slice(None), value))
        return tuple(idx)

    def _move(self, a: int, d: int, v: np.ndarray, src: tuple, dst: tuple) -> tuple:
        ndim = self.m + 2 - len(src)  # each fixed joker flag drops an axis
        shape = [1] * ndim
        shape[a] = len(v)
        others = tuple(x for x in range(ndim) if x != a)
        return (a, d, v, v.reshape(shape), self._ix(a, slice(None, -d), src), self._ix(a, slice(d, None), dst),
                others)

    def _moves(self, a: int, t: _RackTables, k: int):
        """The ways rack a takes tile k at its next place, after passing 0, 1 or 2 jokers."""
        a_k = t.number[:, k]
        h = len(a_k)
        if not a_k.any():
            return
        yield self._move(a, 1, a_k, (), ())
        if h >= 2:
            for c in (BLACK, WHITE):
                v = t.joker[c, :-1] * a_k[1:]
                if v.any():
                    yield self._move(a, 2, v, ((c, 0),), ((c, 1),))
        if h >= 3:
            v = t.pair[:-1] * a_k[2:]
            if v.any():
                yield self._move(a, 3, v, (0, 0), (1, 1))

    def _endings(self, a: int, t: _RackTables):
        """How rack a may end: its last 0, 1 or 2 places jokers (weight, index before, index after)."""
        h = len(t.places)
        yield 1.0, self._ix(a, slice(h, h + 1), ()), self._ix(a, slice(h, h + 1), ())
        for c in (BLACK, WHITE):
            if t.joker[c, h - 1] > 0:
                yield (t.joker[c, h - 1], self._ix(a, slice(h - 1, h), ((c, 0),)),
                       self._ix(a, slice(h, h + 1), ((c, 1),)))
        if h >= 2 and t.pair[h - 2] > 0:
            yield t.pair[h - 2], self._ix(a, slice(h - 2, h - 1), (0, 0)), self._ix(a, slice(h, h + 1), (1, 1))

    def run(self) -> tuple[float, list[np.ndarray]]:
        """The total weight and, per rack, the weight of each (place, tile)."""
        f = np.zeros(self.shape)
        f[(0,) * self.m + self.flags0] = 1.0
        forward = [f]
        for _, moves in self.steps:
            out = f.copy()
            for _, _, _, v, src, dst, _ in moves:
                out[dst] += f[src] * v
            forward.append(out)
            f = out
        for endings in self.endings:
            out = np.zeros_like(f)
            for w, before, after in endings:
                out[after] += w * f[before]
            f = out
        total = float(f.sum())
        marg = [np.zeros((len(t.places), NUMBER_KEYS)) for t in self.tabs]
        if total <= 0.0:
            return total, marg
        b = np.ones(self.shape)
        for endings in reversed(self.endings):
            out = np.zeros_like(b)
            for w, before, after in endings:
                out[before] += w * b[after]
            b = out
        for n in reversed(range(len(self.steps))):
            k, moves = self.steps[n]
            f = forward[n]
            out = b.copy()
            for a, d, flat, v, src, dst, others in moves:
                part = b[dst]
                marg[a][d - 1:, k] += (f[src] * part).sum(axis=others) * flat
                out[src] += part * v
            b = out
        return total, marg
