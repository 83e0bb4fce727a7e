"""Da Vinci Code's review judge: a seat's chance to win from its view alone.

The judge plays games out from deals drawn from the seat's view. These tests
check that every drawn deal is a game the seat cannot tell from its own,
that the deals follow the expert's odds, that two games differing only in
numbers the seat cannot see get the same verdict, that sure results read
as sure, that the deadline holds, and that a whole review rates the
reviewed seat's moves only. Playouts are capped, not timed, wherever a
number is compared, so nothing depends on the machine's speed.
"""
import math
import random
import time
from collections import Counter

import pytest

from boardhub.core.game import get_game
from boardhub.core.review import review_game
from boardhub.games.davinci import review
from boardhub.games.davinci.ai import EasyAI
from boardhub.games.davinci.engine import VALUES, DavinciRules
from boardhub.games.davinci.expert import ExpertAI, seat_belief
from test_davinci_hidden import consistent, hidden_numbers, rearranged
from test_davinci_rules import play, position

RULES = DavinciRules()
FAR = 600.0  # seconds: a deadline that never comes, so that only the cap ends the playouts


def far() -> float:
    return time.monotonic() + FAR


def expert_game(options: dict, seed: int, every: int = 5) -> list:
    """Every `every`-th position of a game between experts, and its last."""
    n = RULES.num_players(options)
    seats = [ExpertAI(seed * 10 + s) for s in range(n)]
    state = RULES.new_game(options, seed)
    out = []
    while not RULES.is_over(state):
        if len(state.history) % every == 0:
            out.append(state)
        state = RULES.apply(state, seats[state.to_move].choose(RULES.view(state, state.to_move), far()))
    return out + [state]


@pytest.fixture(scope="module")
def positions() -> list:
    options = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "deal_jokers": True},
               {"players": 3, "deal_jokers": True}]
    return [s for i, o in enumerate(options) for s in expert_game(o, 5 + i)]


def sure_win():
    """Seat 0 to draw; seat 1's one hidden tile stands between its black 1 and black 4: a black 2 or
    3 (a dealt tile is no joker), and seat 0 holds the black 2. The piles hold every other tile, the
    black 0 on top."""
    black = tuple(v for v in VALUES if v not in (0, 1, 2, 3, 4)) + (0,)
    return position("b2 w5", "B1 b3 B4", piles=(black, tuple(v for v in VALUES if v != 5)))


def test_sampled_deals_are_games_the_seat_cannot_tell_from_its_own(positions):
    rng = random.Random(3)
    phases, checked = set(), 0
    for state in positions:
        if RULES.is_over(state):
            continue
        for seat in range(state.players):
            view = RULES.view(state, seat)
            if view.out[seat]:
                continue
            deal = review.sample_deal(view, rng)
            assert RULES.view(deal, seat) == view
            assert consistent(deal)
            tiles = [(t.colour, t.value) for rack in deal.racks for t in rack]
            tiles += [(c, v) for c in (0, 1) for v in deal.piles[c]] + ([deal.hand] if deal.hand else [])
            assert len(tiles) == len(set(tiles)) == 26
            phases.add(state.phase)
            checked += 1
    assert checked > 100 and {"draw", "place", "guess", "continue"} <= phases


def assert_follows_the_odds(view, samples: int = 400) -> None:
    """Each hidden place's drawn numbers against the expert's exact odds, within 4.5 standard errors."""
    rng = random.Random(11)
    seats, belief = seat_belief(view)
    counts = {(s, i): Counter() for s, places in zip(seats, belief.places) for i in places}
    for _ in range(samples):
        deal = review.sample_deal(view, rng)
        for s, i in counts:
            counts[s, i][deal.racks[s][i].value] += 1
    for (s, i), got in counts.items():
        odds = belief.places[seats.index(s)][i]
        assert set(got) <= set(odds)
        for value, p in odds.items():
            error = 4.5 * math.sqrt(p * (1 - p) / samples) + 0.01
            assert abs(got[value] / samples - p) <= error, (s, i, value, got[value] / samples, p)


def test_deals_follow_the_experts_odds_bluff_weights_included():
    # seat 1 called black 2 on seat 0's black 7 and missed: the expert believes it seldom holds a tile
    # it calls, so seat 1's black tile between its 1 and 4 is a 3 far more often than a 2
    called = position("b0 b7 w9", "B1 b3 B4 w10", phase="guess", history=(("guess", 1, 0, 1, 2, False),))
    view = RULES.view(called, 0)
    odds = seat_belief(view)[1].places[0][1]
    assert odds[3] > 0.85 and odds[2] > 0.0
    assert_follows_the_odds(view)


def test_deals_follow_the_experts_odds_in_a_game_of_three(positions):
    views = [RULES.view(s, s.to_move) for s in positions if s.players == 3 and not RULES.is_over(s)]
    view = max(views, key=lambda v: sum(t.value is None for rack in v.racks for t in rack))
    assert sum(t.value is None for rack in view.racks for t in rack) >= 5
    assert_follows_the_odds(view, samples=200)


def test_the_judge_reads_the_seats_view_alone(positions):
    # the same view from two games whose hidden numbers differ: the same verdict, to the last digit
    rng = random.Random(5)
    mid = [s for s in positions if s.players == 2 and not RULES.is_over(s) and len(s.history) > 10]
    for state in mid[:2]:
        seat = state.to_move
        other = rearranged(state, seat, rng)
        assert hidden_numbers(other, seat) != hidden_numbers(state, seat)
        view = RULES.view(state, seat)
        assert RULES.view(other, seat) == view
        verdict = review.estimate(view, seat, far(), cap=4)
        assert review.estimate(RULES.view(other, seat), seat, far(), cap=4) == verdict
        assert verdict.note == "4 simulations" and verdict.best in view.legal_moves()


def test_a_finished_game_is_won_or_lost():
    over = play(sure_win(), "draw b", "place 1", "guess 2 2 3")
    assert RULES.is_over(over) and over.winner == 0
    for seat, value in ((0, 100.0), (1, 0.0)):
        verdict = review.judge(RULES.view(over, seat), seat, far())
        assert (verdict.value, verdict.best, verdict.exact) == (value, None, False)
    drawn = play(position("b2 w5", "b1 w3", piles=((6,), ()), piles_end_in_draw=True),
                 "draw b", "place 3", "guess 2 1 1", "stop")  # the piles ran out: a draw
    assert RULES.is_over(drawn) and drawn.winner is None
    assert review.judge(RULES.view(drawn, 1), 1, far()).value == 50.0  # half of it for each


def test_a_win_in_hand_is_valued_as_sure():
    state = sure_win()
    view = RULES.view(state, 0)
    verdict = review.estimate(view, 0, far(), cap=12)
    assert verdict.value == 100.0 and verdict.note == "12 simulations"
    assert verdict.best == ExpertAI().choose(view, far()) and not verdict.exact
    # after seat 0 calls the 2 it holds (a bluff) and misses, seat 1 must read both of seat 0's
    # hidden tiles this turn, or lose to the sure call next turn: its chance is small
    after = play(state, "draw b", "place 1", "guess 2 2 2")
    assert after.to_move == 1 and after.phase == "draw"
    assert review.estimate(RULES.view(after, 1), 1, far(), cap=12).value < 50.0


def test_the_judge_answers_by_its_deadline(positions):
    state = next(s for s in positions if s.players == 2 and not RULES.is_over(s) and len(s.history) > 6)
    view = RULES.view(state, state.to_move)
    start = time.monotonic()
    verdict = review.judge(view, state.to_move, start + 0.3)
    assert time.monotonic() - start < 0.3 + 0.2  # loose: tests never assert timings closely
    assert verdict.note.endswith(("simulation", "simulations")) and 0.0 <= verdict.value <= 100.0


def test_the_entry_reviews_from_the_seats_view_in_percent_to_win():
    spec = get_game("davinci").review
    assert spec.judge is review.judge and spec.unit == "% to win" and not spec.zero_sum
    assert spec.span == 50.0 and 0.0 < spec.thresholds[0] < spec.thresholds[1] < spec.thresholds[2]


def test_a_review_of_a_game_rates_the_reviewed_seats_moves_only():
    spec = get_game("davinci").review
    seed, seats = 3, [ExpertAI(1), EasyAI(2)]
    state, moves = RULES.new_game({"players": 2}, seed), []
    while not RULES.is_over(state):
        moves.append(seats[state.to_move].choose(RULES.view(state, state.to_move), far()))
        state = RULES.apply(state, moves[-1])
    asked = []

    def judge_all(jobs):
        asked.extend(seat for _, seat in jobs)
        assert all(view.seat == seat for view, seat in jobs)
        return [spec.judge(view, seat, time.monotonic() + 0.01) for view, seat in jobs]

    result = review_game(RULES, spec, "davinci", {"players": 2}, seed, moves, 1, judge_all)
    assert set(asked) == {1} and len(result.values) == len(moves) + 1
    assert result.seats == (1,) and result.perspective == 1
    assert all(0.0 <= v.value <= 100.0 for v in result.values)
    assert result.values[-1].value == (100.0 if state.winner == 1 else 0.0)
    mine = [m for m in result.moves if m.seat == 1]
    theirs = [m for m in result.moves if m.seat == 0]
    assert mine and theirs
    assert all(not m.rated and m.rating == "" and m.loss == 0.0 and m.best_text == "" for m in theirs)
    assert all(m.rated == (not m.forced) for m in mine)
    assert all(m.best_text for m in mine)  # the judge names the expert's move at each of seat 1's turns
    assert result.summary()[1]["moves"] == sum(m.rated for m in mine) > 0


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_without_jokers_is_sampled_and_estimated_without_them(players):
    rules = DavinciRules()
    state = rules.new_game({"players": players, "no_jokers": True}, 7)
    rng = random.Random(1)
    for _ in range(6):
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    view = rules.view(state, 0)
    deal = review.sample_deal(view, random.Random(2))
    assert rules.view(deal, 0) == view and not deal.jokers
    assert all(t.value != 12 for rack in deal.racks for t in rack) and 12 not in deal.piles[0] + deal.piles[1]
    assert 0.0 <= review.estimate(view, 0, time.monotonic() + 5, cap=20).value <= 100.0
