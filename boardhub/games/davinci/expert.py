"""Da Vinci Code's expert AI, and the probability hint shown to people.

Everything starts from the exact inference of `inference`: the probability of
every value of every hidden tile of the other players, counted over all
arrangements of the unseen tiles that the seat's view allows. On top of the
hard facts of the view (face-up tiles, rack order, the seat's own tiles, calls
found wrong, no joker among the dealt tiles of the official deal) comes one
soft fact, the source's "reliability" idea: a player seldom calls a tile it
holds, so after a wrong call of (colour, value) by player q, every
arrangement that had that tile in q's rack at the time is weighted by q's
bluff rate. The rate is counted from the history: of q's wrong calls whose
tile has since come to light, how many were tiles q held (bluffs), under a
prior of one bluff in BLUFF_PRIOR calls. Honest players (the seed AIs among
them) soon get a low rate; a bluffer is believed less, never ignored.

Decisions:
- Call: the most probable (tile, value) over every opponent.
- Go on after a right call, or stop: a miss shows the drawn tile. The risk
  of going on is the chance to miss times what the drawn tile would tell
  (1 - the chance the others already give its number from public
  information). Go on while the risk is at most CONTINUE_RISK for the
  player count, tuned by simulation (bench/davinci_strength.py --tune);
  always go on with a certain call.
- Draw, place and reveal defend the AI's own rack. Its exposure is read
  from public information alone (exact inference over the rack as everyone
  sees it): each hidden tile's chance of its true number, the most exposed
  counting fully, the next READ_DECAY times, and so on, for a player who
  hits calls again. A joker, or a number beside one, goes to the slot with
  the least exposure; the colour drawn is the one whose tile, expected over
  what the pile may hold, exposes the rack least; after a miss with empty
  piles the tile shown is the one whose loss exposes the rest least.
"""
from __future__ import annotations

import random
from typing import Callable

from boardhub.games.davinci.engine import (BLACK, JOKER, WHITE, DavinciView, Move, Tile, jokers_aside, place_slots,
                                          starting_tile)
from boardhub.games.davinci.inference import ALL_KEYS, JOKER_KEYS, Belief, Rack, infer, tile_key
from boardhub.games.davinci.moves import Guess, Guessed, Phase, Stop, entry_times, routine_move

# Go on calling while (chance to miss) * (what the drawn tile would tell) <= this, by player count.
# Tuned by `bench/davinci_strength.py --tune --games 800` (expert against seed:hard, the same 800
# deals for each value), the expert's win share for risk 0 / 0.05 / 0.1 / 0.15 / 0.2 / 0.25 / 0.3 / 0.4:
#   2 players: .841 .848 .864 .861 .863 .881 .863 .856  (flat from 0.1 to 0.4)
#   3 players: .845 .849 .848 .829 .806 .797 .769 .719
#   4 players: .700 .713 .713 .709 .691 .656 .627 .547
# With more players a shown tile informs more rivals, and the best risk falls to near-certain calls.
CONTINUE_RISK = {2: 0.25, 3: 0.05, 4: 0.05}
# Prior of the bluff rate: one bluff in this many wrong calls until the history says more.
BLUFF_PRIOR = 10
# How much a rack's second most readable tile counts against the first, the third against the second...
READ_DECAY = 0.5
CERTAIN = 1.0 - 1e-9


def ruled_out(view: DavinciView) -> dict[int, set[int]]:
    """uid -> the values public facts rule out for that tile beyond the face-up ones.

    Calls found wrong on it, and the joker for a starting tile of a game that
    starts without jokers (dealt, or drawn with the jokers aside: `starting_tile`).
    """
    out: dict[int, set[int]] = {}
    for e in view.history:
        if isinstance(e, Guessed) and not e.right:
            out.setdefault(e.uid, set()).add(e.value)
    for rack in view.racks:
        for t in rack:
            if starting_tile(view, t.uid):
                out.setdefault(t.uid, set()).add(JOKER)
    return out


def keys_in_play(view: DavinciView) -> frozenset[int]:
    """The keys of every tile of the game: all 26, or the 24 numbers in a game without jokers (or while
    the jokers are set aside for the drawing of the starting tiles: in no pile and on no rack)."""
    return ALL_KEYS if view.jokers and not jokers_aside(view) else ALL_KEYS - set(JOKER_KEYS)




def bluff_weights(view: DavinciView) -> dict[int, dict[int, float]]:
    """uid -> {tile key: weight}: the soft prior from the other players' wrong calls.

    A wrong call of (colour, value) by player q at event t weighs each of q's
    hidden tiles placed before t by q's bluff rate, should it be that tile.
    """
    colour = {t.uid: t.colour for rack in view.racks for t in rack}
    entered = entry_times(view.history)
    where = {tile_key(t.colour, t.value): (s, t.uid) for s, rack in enumerate(view.racks)
             for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        where[tile_key(*view.hand)] = (view.to_move, None)
    calls: dict[int, list[tuple[int, int]]] = {}
    for when, e in enumerate(view.history):
        if isinstance(e, Guessed) and not e.right and e.seat != view.seat:
            calls.setdefault(e.seat, []).append((tile_key(colour[e.uid], e.value), when))
    out: dict[int, dict[int, float]] = {}
    for q, made in calls.items():
        checked = bluffs = 0
        for key, when in made:
            if key in where:
                checked += 1
                owner, uid = where[key]
                bluffs += owner == q and uid is not None and entered.get(uid, -1) < when
        rate = (1 + bluffs) / (BLUFF_PRIOR + checked)
        for t in view.racks[q]:
            if t.value is None:
                first = entered.get(t.uid, -1)
                for key, when in made:
                    if when > first:
                        out.setdefault(t.uid, {})[key] = rate
    return out


def _rack(tiles: tuple[Tile, ...], ruled: dict[int, set[int]], shown: Callable[[Tile], bool],
          weights: dict[int, dict[int, float]] | None = None) -> Rack:
    """A rack for the inference: tiles whose number `shown(tile)` allows to be seen keep it."""
    return Rack(tuple((t.colour, t.value if shown(t) else None) for t in tiles),
                tuple(frozenset(ruled.get(t.uid, ())) for t in tiles),
                tuple((weights or {}).get(t.uid, {}) for t in tiles))


def seat_belief(view: DavinciView) -> tuple[list[int], Belief]:
    """The other seats with hidden tiles, and the seat's exact belief about their racks."""
    ruled = ruled_out(view)
    weights = bluff_weights(view)
    seats = [s for s in range(view.players) if s != view.seat and any(t.value is None for t in view.racks[s])]
    racks = [_rack(view.racks[s], ruled, lambda t: t.value is not None, weights) for s in seats]
    seen = {tile_key(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(tile_key(*view.hand))
    return seats, infer(racks, keys_in_play(view) - seen)


def hint(view: DavinciView) -> dict[tuple[int, int], dict[int, float]]:
    """(seat, tile index) -> {value: probability} for every tile hidden from the view's seat.

    The app's optional hint for a person: the expert's own reading of the
    table, bluff weights included, so it is as good as the AI's.
    """
    if view.seat is None:
        return {}
    seats, belief = seat_belief(view)
    return {(s, i): dict(sorted(dist.items())) for s, places in zip(seats, belief.places)
            for i, dist in places.items()}


def analysis(view: DavinciView, deadline: float) -> dict[tuple[int, int], dict[int, float]]:
    """The hint as the app's analysis job: the worker runs it where the AIs run, off the UI.

    It takes milliseconds, far inside any deadline, so the deadline is not watched.
    """
    return hint(view)


def public_reading(rack: tuple[Tile, ...], view: DavinciView,
                   ruled: dict[int, set[int]]) -> dict[int, dict[int, float]]:
    """index -> {value: probability}: the hidden tiles of `rack` read from public information.

    `rack` is the seat's own, as it stands or as a draw, a placement or a
    reveal would leave it. Public information is what every other player
    knows at least; each also knows its own tiles, which this leaves unseen,
    so it is a lower bound of what they read.
    """
    public = _rack(rack, ruled, lambda t: t.revealed)
    if not public.hidden_places():
        return {}
    others = (r for s, r in enumerate(view.racks) if s != view.seat)
    seen = {tile_key(t.colour, t.value) for r in (*others, rack) for t in r if t.revealed}
    return infer([public], keys_in_play(view) - seen).places[0]


def exposure_of(rack: tuple[Tile, ...], reading: dict[int, dict[int, float]]) -> float:
    """How exposed the rack's true numbers are: 0 (not at all) upwards.

    Each hidden tile's exposure is the public chance of its true number;
    the most exposed counts fully, the next READ_DECAY times, and so on, as
    a player who hits calls again.
    """
    exposed = sorted((reading[i].get(rack[i].value, 0.0) for i in reading), reverse=True)
    return sum(p * READ_DECAY ** n for n, p in enumerate(exposed))


class ExpertAI:
    """Exact inference for every call; defence of its own rack for draws, slots and reveals."""

    def __init__(self, seed: int | None = None, continue_risk: dict[int, float] | None = None) -> None:
        self.rng = random.Random(seed)
        # the tuning run tries other thresholds; play uses the tuned ones
        self.continue_risk = dict(CONTINUE_RISK if continue_risk is None else continue_risk)

    def choose(self, view: DavinciView, deadline: float) -> Move:
        routine = routine_move(self, view)
        if routine is not None:
            return routine
        phase = view.phase
        p, move = self.best_call(view)
        if phase is Phase.CONTINUE and not self.go_on(view, p):
            return Stop()
        return move

    # ------------------------------------------------------------------ calls
    def best_call(self, view: DavinciView) -> tuple[float, Move]:
        """The most probable (tile, value) of any opponent, ties broken by the seeded generator."""
        seats, belief = seat_belief(view)
        calls = [(p, Guess(s, i, v)) for s, places in zip(seats, belief.places)
                 for i, dist in places.items() for v, p in dist.items()]
        best = max(p for p, _ in calls)
        return best, self.rng.choice([m for p, m in calls if p >= best - 1e-12])

    def go_on(self, view: DavinciView, p: float) -> bool:
        """After a right call: is another call worth the drawn tile's exposure?"""
        if p >= CERTAIN:
            return True
        return (1.0 - p) * self.miss_cost(view) <= self.continue_risk[view.players]

    def miss_cost(self, view: DavinciView) -> float:
        """What a miss would show: 1 - the public chance of the drawn tile's number.

        Without a drawn tile (empty piles) a miss shows a tile of our choice:
        the one the others read best.
        """
        rack = view.racks[view.seat]
        reading = public_reading(rack, view, ruled_out(view))
        if not reading:
            return 0.0
        if view.drawn is not None:
            index = next(i for i, t in enumerate(rack) if t.uid == view.drawn)
            return 1.0 - reading[index].get(rack[index].value, 0.0)
        return min(1.0 - reading[i].get(rack[i].value, 0.0) for i in reading)

    # ------------------------------------------------------------------ defence
    def draw_colour(self, view: DavinciView) -> int:
        """The colour whose tile, expected over what the piles may hold, leaves the rack least exposed.

        The public reading of the rack depends only on where the new tile
        stands, not on its number, so it is worked out once per slot and
        colour, then scored for every tile the pile may give.
        """
        colours = [c for c in (BLACK, WHITE) if view.piles[c]]
        if len(colours) == 1:
            return colours[0]
        _, belief = seat_belief(view)
        ruled = ruled_out(view)
        rack = view.racks[view.seat]
        scores = {}
        for c in colours:
            readings = [public_reading(_insert(rack, s, Tile(c, None, False, -1)), view, ruled)
                        for s in range(len(rack) + 1)]
            total = weight = 0.0
            for key, p in belief.pile.items():
                if key & 1 != c or p <= 0.0:
                    continue
                new = Tile(c, key >> 1, False, -1)
                total += p * min(exposure_of(_insert(rack, s, new), readings[s])
                                 for s in place_slots(rack, c, key >> 1))
                weight += p
            scores[c] = total / weight if weight else 0.0
        return min(colours, key=lambda c: (scores[c], self.rng.random()))

    def place_slot(self, view: DavinciView) -> int:
        """The allowed slot that leaves the rack least exposed (a joker's, or a number's beside one)."""
        if len(view.slots) == 1:
            return view.slots[0]
        rack = view.racks[view.seat]
        new = Tile(*view.hand, False, -1)
        ruled = ruled_out(view)

        def exposed(s: int) -> float:
            placed = _insert(rack, s, new)
            return exposure_of(placed, public_reading(placed, view, ruled))
        return min(view.slots, key=lambda s: (exposed(s), s))

    def reveal_index(self, view: DavinciView) -> int:
        """The hidden tile whose reveal leaves the rest least exposed."""
        rack = view.racks[view.seat]
        ruled = ruled_out(view)

        def exposed(i: int) -> float:
            shown = rack[:i] + (rack[i]._replace(revealed=True),) + rack[i + 1:]
            return exposure_of(shown, public_reading(shown, view, ruled))
        return min((i for i, t in enumerate(rack) if not t.revealed), key=lambda i: (exposed(i), i))


def _insert(rack: tuple[Tile, ...], slot: int, tile: Tile) -> tuple[Tile, ...]:
    return rack[:slot] + (tile,) + rack[slot:]
