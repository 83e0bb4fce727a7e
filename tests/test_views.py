"""Every game, every seat and the observer: a view carries nothing of what its reader may not see.

Twin states agree on everything one seat (or an observer, seat None) may know and
differ in everything else; their views and public histories must be the same
byte for byte in their plain-data form (`boardhub.core.plain.to_bytes`), which is
the form they take wherever they leave the program.
"""
from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from boardhub.core.game import get_game
from boardhub.core.plain import to_bytes
from boardhub.games.davinci.engine import DavinciRules
from test_davinci_hidden import consistent, hidden_numbers, rearranged

PERFECT = {"othello": {}, "gomoku": {"size": 15}, "dots": {}}


def random_play(rules, options: dict, seed: int, length: int) -> tuple[object, list]:
    rng = random.Random(seed)
    state = rules.new_game(options, seed)
    moves = []
    while len(moves) < length and not rules.is_over(state):
        move = rng.choice(rules.legal_moves(state))
        state = rules.apply(state, move)
        moves.append(move)
    return state, moves


@settings(max_examples=30, deadline=None)
@given(key=st.sampled_from(sorted(PERFECT)), seed=st.integers(0, 2**32), length=st.integers(0, 80))
def test_a_perfect_information_view_is_the_whole_state_for_every_seat_and_the_observer(key, seed, length):
    rules = get_game(key).rules
    state, moves = random_play(rules, PERFECT[key], seed, length)
    twin, _ = random_play(rules, PERFECT[key], seed, length)  # nothing is hidden: the twin is the same game
    seats = [*range(rules.num_players(PERFECT[key])), None] if hasattr(rules, "num_players") else [0, 1, None]
    for seat in seats:
        assert to_bytes(rules.view(state, seat)) == to_bytes(rules.view(twin, seat)) == to_bytes(state)
        assert to_bytes(rules.public_history(moves, seat)) == to_bytes(tuple(moves))


RULES = DavinciRules()


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), jokers=st.booleans(), seed=st.integers(0, 2**32),
       length=st.integers(0, 120), twin_seed=st.integers(0, 2**32))
def test_da_vinci_twins_that_a_seat_cannot_tell_apart_give_it_the_same_bytes(players, jokers, seed, length,
                                                                            twin_seed):
    options = {"players": players, "deal_jokers": jokers}
    state, moves = random_play(RULES, options, seed, length)
    rng = random.Random(twin_seed)
    for seat in [*range(players), None]:
        if state.over:  # the end shows every rack to all: only the piles' order stays unseen
            twin = replace(state, piles=tuple(tuple(rng.sample(p, len(p))) for p in state.piles))
        else:
            twin = rearranged(state, seat, rng)
        assert consistent(twin)
        assert to_bytes(RULES.view(twin, seat)) == to_bytes(RULES.view(state, seat))
        assert to_bytes(RULES.public_history(moves, seat)) == to_bytes(RULES.public_history(moves, seat))


def test_the_twins_differ_and_the_byte_check_would_see_a_leak():
    """The check above can fail: the twins really differ in hidden numbers, and a face-up view shows it."""
    differ = seen = 0
    for seed in range(40):
        state, _ = random_play(RULES, {"players": 3}, seed, 25)
        for seat in (0, None):
            twin = rearranged(state, seat, random.Random(seed))
            racks, _piles, hand = hidden_numbers(state, seat)
            twin_racks, _piles, twin_hand = hidden_numbers(twin, seat)
            if (twin_racks, twin_hand) != (racks, hand):  # a face-up view shows these, not the piles
                differ += 1
                seen += to_bytes(RULES.face_up_view(twin)) != to_bytes(RULES.face_up_view(state))
    assert differ > 30 and seen == differ


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), length=st.integers(0, 120))
def test_an_observer_sees_no_hidden_number_nor_the_gaps_of_a_tile_in_hand(players, seed, length):
    state, _ = random_play(RULES, {"players": players}, seed, length)
    view = RULES.view(state, None)
    if state.over:
        assert view.racks == state.racks
        return
    for rack, real in zip(view.racks, state.racks):
        for tile, full in zip(rack, real):
            assert tile.value == (full.value if full.revealed else None)
    if state.hand is not None:
        assert view.hand == (state.hand[0], None) and view.slots == ()
