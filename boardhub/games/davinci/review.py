"""Da Vinci Code's review judge: a seat's chance to win, by the expert's own simulations.

Why simulations: no solver reaches the end of a game of hidden numbers, and
what a position is worth to a seat is how often it goes on to win from there.
The judge plays the game out many times and counts the seat's wins.

Why from the seat's view alone: the review rates what a player did with what
they knew. A judge that read the hidden tiles would fault a sound call that
happened to miss, and it would break the rule that nothing but a seat's view
ever leaves the state (core/worker.py). So every playout starts from a full
deal drawn from the view: the hidden numbers of the other racks, the piles
and a tile in someone else's hand, weighed as the expert's exact inference
weighs arrangements (its hard facts and its bluff weights, expert.seat_belief).
The deal is drawn one hidden place at a time from the exact conditional odds
given the places already drawn (inference.infer on the racks with those
places filled in), so the whole deal follows the joint distribution: drawing
each place from its own marginal would put one tile in two places or break a
rack's order. What no rack takes lies in the piles, in a uniform order.

Who plays the playouts: every seat by `PlayoutAI`, the expert with a cheaper
draw (see there), each from its own view of the sampled game, so the
simulated players know no more than real ones would. When the reviewed seat
is to move, the expert itself chooses the move (the verdict's best move) and
every playout starts with it: the value is the seat's chance with the
expert's move and the expert's play after it. A move the player chose
instead is judged in the next position, so its loss is what the review
reads between the two.

Value: percent, 0-100, the seat's chance to win; a draw (the source's empty
piles rule) counts as a share, 1/k for each of the k players still in. A
finished game is 100 or 0 (or the share), a seat already out 0. Values are
estimates, never exact: with n playouts the standard error is at most
50 / sqrt(n) points.
"""
from __future__ import annotations

import hashlib
import math
import random
import time

from boardhub.core.i18n import N_, Wording
from boardhub.core.review import ReviewSpec, Verdict
from boardhub.games.davinci.engine import (BLACK, JOKER, NUMBERS, WHITE, DavinciRules, DavinciState,
                                           DavinciView, Move, Tile, order_key, place_slots)
from boardhub.games.davinci.expert import ExpertAI, bluff_weights, keys_in_play, ruled_out, seat_belief
from boardhub.games.davinci.moves import Phase
from boardhub.games.davinci.inference import Rack, infer, tile_key

# Playouts per position at most: past this the estimate's error (2.5 points at worst) is below
# what the thresholds separate, and the time is better left to the next position.
PLAYOUT_CAP = 400
# Least loss, in percentage points of the chance to win, of an inaccuracy, a mistake and a blunder.
# At about a second a position the judge runs some 15-40 playouts from a game's first positions
# and 50-100 or more later on (what is left to play is shorter): up to about 10 points of standard
# error per value, and a loss is the difference of two values. Under 10 points a loss is mostly
# noise, so that is the least inaccuracy; a mistake (20) and a blunder (35) are about 2 and 3
# standard errors of a difference at 40 playouts (at worst, a 50% chance), which noise alone
# seldom reaches. A longer limit judges finer; these thresholds then still hold.
THRESHOLDS = (10.0, 20.0, 35.0)
UNIT = N_("% to win")
SPAN = 50.0  # the graph's half-height: values run 0-100, so the graph's baseline is drawn at 50
DEFAULT_LIMIT = 1.0  # seconds a position

RULES = DavinciRules()


class PlayoutAI(ExpertAI):
    """The expert with a cheaper draw, to play the judge's playouts.

    The expert's draw reads its whole rack publicly for every slot the new
    tile could take (two exact inferences a slot), about three quarters of
    its thinking over a game, which would cut the playouts in a second to a
    handful. This draw keeps the expert's idea, the colour whose new tile
    the others would read worst, but reads the new tile alone: the chance
    of its number among the values left between its face-up neighbours,
    expected over what the seat believes each pile holds. It chooses as the
    expert does about 7 times in 10 (201 draws in expert games of 2-4
    players), and a game of it is some seven times as fast. Every call,
    every decision to go on or stop, every placement and every reveal is
    the expert's own. It is a little weaker than the expert (45% of 160
    two-player games against it, 26% of 90 three-player games), but every
    seat of a playout plays it, so the reviewed seat is measured against
    its equals, as in expert play.
    """

    def draw_colour(self, view: DavinciView) -> int:
        colours = [c for c in (BLACK, WHITE) if view.piles[c]]
        if len(colours) == 1:
            return colours[0]
        _, belief = seat_belief(view)
        rack = view.racks[view.seat]
        face_up = {(t.colour, t.value) for r in view.racks for t in r if t.revealed}
        scores = {}
        for c in colours:
            total = weight = 0.0
            for key, p in belief.pile.items():
                if key & 1 == c and p > 0.0:
                    total += p * _new_tile_exposure(rack, c, key >> 1, face_up)
                    weight += p
            scores[c] = total / weight if weight else 0.0
        return min(colours, key=lambda c: (scores[c], self.rng.random()))


def _new_tile_exposure(rack: tuple[Tile, ...], colour: int, value: int, face_up: set[tuple[int, int]]) -> float:
    """1 / the values a new tile may have where it would stand, read from face-up tiles alone (0 for a joker)."""
    if value == JOKER:
        return 0.0
    slot = place_slots(rack, colour, value)[0]
    shown = [(i, order_key(t.colour, t.value)) for i, t in enumerate(rack) if t.revealed and t.value != JOKER]
    lo = max((k for i, k in shown if i < slot), default=-1)
    hi = min((k for i, k in shown if i >= slot), default=2 * len(NUMBERS))
    left = sum(lo < order_key(colour, v) < hi and (colour, v) not in face_up for v in NUMBERS)
    left += (colour, JOKER) not in face_up
    return 1.0 / max(left, 1)


def sample_deal(view: DavinciView, rng: random.Random) -> DavinciState:
    """A full game the seat cannot tell from its view, drawn as the expert's inference weighs them.

    Only the view is read: the numbers filled in are drawn, place by place,
    from the exact odds of the places not yet drawn given those that are.
    """
    seat = view.seat
    ruled = ruled_out(view)
    weights = bluff_weights(view)
    others = [s for s in range(view.players) if s != seat and any(t.value is None for t in view.racks[s])]
    values = {s: [t.value for t in view.racks[s]] for s in others}
    seen = {tile_key(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(tile_key(*view.hand))

    def rack(s: int) -> Rack:
        tiles = view.racks[s]
        return Rack(tuple((t.colour, v) for t, v in zip(tiles, values[s])),
                    tuple(frozenset(ruled.get(t.uid, ())) for t in tiles),
                    tuple(weights.get(t.uid, {}) for t in tiles))

    in_play = keys_in_play(view)  # a game without jokers has 24 tiles, not 26
    for r, s in enumerate(others):
        for i, t in enumerate(view.racks[s]):
            if t.value is not None:
                continue
            belief = infer([rack(o) for o in others], in_play - seen)
            if belief.total <= 0.0:
                raise ValueError("the view contradicts itself: no deal agrees with it")
            odds = belief.places[r][i]
            value = rng.choices(list(odds), weights=list(odds.values()))[0]
            values[s][i] = value
            seen.add(tile_key(t.colour, value))
    left = {c: sorted(k >> 1 for k in in_play - seen if k & 1 == c) for c in (BLACK, WHITE)}
    hand = view.hand
    if hand is not None and hand[1] is None:
        value = rng.choice(left[hand[0]])
        left[hand[0]].remove(value)
        hand = (hand[0], value)
    if (len(left[BLACK]), len(left[WHITE])) != view.piles:
        raise ValueError("the view's piles do not hold the tiles no rack holds: not a game of all 26 tiles")
    for c in (BLACK, WHITE):
        rng.shuffle(left[c])
    racks = tuple(tuple(t._replace(value=values[s][i]) if s in values else t for i, t in enumerate(tiles))
                  for s, tiles in enumerate(view.racks))
    return DavinciState(view.players, view.deal_jokers, view.piles_end_in_draw,
                        (tuple(left[BLACK]), tuple(left[WHITE])), racks, view.to_move, view.phase, hand=hand,
                        drawn=view.drawn, setup=view.setup, history=view.history,
                        next_uid=sum(len(r) for r in racks), winner=view.winner, jokers=view.jokers,
                        draw_at_first_call=view.draw_at_first_call)


def share(view: DavinciView, seat: int) -> float:
    """What a finished game gives the seat: 1 for a win, 1/k of a draw among k players still in, else 0."""
    if view.winner is not None:
        return float(view.winner == seat)
    still_in = [s for s in range(view.players) if not view.out[s]]
    return 1.0 / len(still_in) if seat in still_in else 0.0


def playout(state: DavinciState, players: list[ExpertAI], deadline: float) -> DavinciState | None:
    """The game played to its end, each seat choosing from its own view; None if the deadline passes first."""
    while not state.over:
        if time.monotonic() > deadline:
            return None
        state = RULES.apply(state, players[state.to_move].choose(RULES.view(state, state.to_move), deadline))
    return state


def view_seed(view: DavinciView) -> int:
    """A seed from the view alone, the same in every process (str hashes are salted per process)."""
    return int.from_bytes(hashlib.blake2b(repr(view).encode(), digest_size=8).digest(), "big")


def estimate(view: DavinciView, seat: int, deadline: float, cap: int = PLAYOUT_CAP,
             seed: int | None = None) -> Verdict:
    """The judge with its knobs: at most `cap` playouts, the generator seeded by `seed` (default: the view).

    Playouts go on until the deadline or the cap; one is always finished, so
    there is a value, and one cut by the deadline is dropped, not counted.
    """
    if view.phase is Phase.OVER:
        return Verdict(100.0 * share(view, seat), None, False, N_("the game is over"))
    if view.out[seat]:
        return Verdict(0.0, None, False, N_("out of the game: every tile face up"))
    rng = random.Random(view_seed(view) if seed is None else seed)
    best: Move | None = None
    if view.to_move == seat:
        best = ExpertAI(rng.getrandbits(32)).choose(view, deadline)
    won = 0.0
    played = 0
    while played < cap:
        state = sample_deal(view, rng)
        if best is not None:
            state = RULES.apply(state, best)
        players = [PlayoutAI(rng.getrandbits(32)) for _ in range(view.players)]
        end = playout(state, players, deadline if played else math.inf)
        if end is None:
            break
        won += share(RULES.view(end, seat), seat)
        played += 1
    return Verdict(100.0 * won / played, best, False, f"{played} simulation{'s' * (played != 1)}",
                   Wording.of(N_("simulations: {count}"), count=played))


def judge(view: DavinciView, seat: int, deadline: float) -> Verdict:
    """The seat's chance to win in percent, from its view alone, and the expert's move when it is to move."""
    return estimate(view, seat, deadline)


# values are the reviewed seat's chance to win, 0-100; hidden information: each position is judged
# from that seat's view alone, and only its moves are rated
SPEC = ReviewSpec(judge, UNIT, THRESHOLDS, SPAN, zero_sum=False, baseline=50.0, default_limit=DEFAULT_LIMIT)
