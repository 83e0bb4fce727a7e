"""Reviews agree with themselves: a judgement is a function of the position alone.

The same game reviewed twice (the second time with its positions in the
reverse order, so no table or clock of the first can help) and the same game
mirrored give the same value at every position and the same rating to every
move; Othello's review, its Best move and its evaluation overlay give one
number for one square; Dots and Boxes rates only what is proven, and its
graph's scale fits its values.
"""
from __future__ import annotations

import random

import pygame
import pytest

from boardhub.core.game import get_game
from boardhub.core.requests import FirstPassRequest, JudgeRequest, answer_here
from boardhub.core.review import Review, Verdict, review_game
from boardhub.games.dots import review as dots_review
from boardhub.games.gomoku import review as gomoku_review
from boardhub.games.othello import review as othello_review
from boardhub.games.othello.book import SYMMETRIES, transform
from boardhub.games.othello.engine import PASS, START
from boardhub.ui.review_graph import draw_graph, scale


def forwards(spec):
    return lambda work: [spec.judge(view, seat) for view, seat in work]


def backwards(spec):
    return lambda work: [spec.judge(view, seat) for view, seat in reversed(work)][::-1]


def played(key: str, options: dict, seed: int, plies: int) -> list:
    """The first `plies` moves of a seeded game of random moves (a Gomoku game near the centre)."""
    rules = get_game(key).rules
    rng = random.Random(seed)
    state, moves = rules.new_game(options, 0), []
    while not rules.is_over(state) and len(moves) < plies:
        legal = list(rules.legal_moves(state))
        if key == "gomoku":
            legal = [p for p in legal if abs(p % 15 - 7) <= 3 and abs(p // 15 - 7) <= 3]
        move = rng.choice(legal)
        moves.append(move)
        state = rules.apply(state, move)
    return moves


def same_reviews(a: Review, b: Review, image=lambda m: m) -> None:
    """Every position's value, every move's value, loss and rating; the best moves' values."""
    assert [v.value for v in a.values] == [v.value for v in b.values]
    assert [v.exact for v in a.values] == [v.exact for v in b.values]
    for x, y in zip(a.moves, b.moves, strict=True):
        assert (x.value, x.loss, x.rating) == (y.value, y.loss, y.rating), x.ply
        if x.before.scores:
            assert {image(m): v for m, v in x.before.scores} == dict(y.before.scores), x.ply
            assert y.before.score(image(x.before.best)) == y.before.value


# -- Othello -----------------------------------------------------------------

def start_symmetries() -> list[int]:
    """The board's symmetries that keep the starting position: f5, d3, c4 and e6 are one move."""
    return [k for k in range(8)
            if transform(START.black, k) == START.black and transform(START.white, k) == START.white]


def othello_image(sym: int):
    return lambda move: move if move == PASS else SYMMETRIES[sym][move]


def test_othello_review_is_the_same_twice_and_for_the_mirrored_game():
    rules = get_game("othello").rules
    spec = othello_review.SPEC
    moves = played("othello", {}, 3, 10)
    first = review_game(rules, spec, "othello", {}, 0, moves, None, forwards(spec))
    again = review_game(rules, spec, "othello", {}, 0, moves, None, backwards(spec))
    same_reviews(first, again)
    f5, d3 = (rules.move_from_text(t, START) for t in ("f5", "d3"))
    for sym in [k for k in start_symmetries() if SYMMETRIES[k][f5] == d3]:
        image = othello_image(sym)
        mirrored = review_game(rules, spec, "othello", {}, 0, [image(m) for m in moves], None, forwards(spec))
        same_reviews(first, mirrored, image)


def test_othello_mirror_image_moves_share_one_value():
    scores = dict(othello_review.judge(START, 0).scores)
    f5, d3, c4, e6 = (get_game("othello").rules.move_from_text(t, START) for t in ("f5", "d3", "c4", "e6"))
    assert scores[f5] == scores[d3] == scores[c4] == scores[e6]


def test_othello_best_move_overlay_and_review_show_one_number_for_one_square():
    entry = get_game("othello")
    rules = entry.rules
    moves = played("othello", {}, 5, 12)
    state = START
    for move in moves:
        state = rules.apply(state, move)
    seat = rules.to_move(state)
    overlay = entry.analysis(state, 0.0)
    assert overlay == entry.analysis(state, 0.0)  # asked twice, one answer
    hint = answer_here(JudgeRequest("othello", state, seat), 0.0)  # the Best move job
    assert isinstance(hint, Verdict) and overlay == dict(hint.scores)
    assert overlay[hint.best] == hint.value == max(overlay.values())
    review = review_game(rules, othello_review.SPEC, "othello", {}, 0, moves + [hint.best], seat,
                         forwards(othello_review.SPEC))
    assert review.moves[-1].value == overlay[hint.best] and review.moves[-1].loss == 0


def test_the_first_pass_judges_every_position_at_once_and_rates_nothing():
    rules = get_game("othello").rules
    moves = played("othello", {}, 7, 20)
    states = [START]
    for move in moves:
        states.append(rules.apply(states[-1], move))
    work = FirstPassRequest("othello", tuple((rules.view(s, 0), 0) for s in states))
    quick = answer_here(work, 0.0)
    assert len(quick) == len(states) and all(isinstance(v, Verdict) and not v.trusted for v in quick[1:-1])
    review = review_game(rules, othello_review.SPEC, "othello", {}, 0, moves, None, lambda _work: quick)
    assert all(m.rating == "" for m in review.moves)


# -- Gomoku -----------------------------------------------------------------

def test_gomoku_review_is_the_same_twice_and_for_every_mirror_image(monkeypatch):
    # smaller budgets keep the test short; what is checked holds for any fixed budget
    monkeypatch.setattr(gomoku_review, "SEARCH_NODES", 1500)
    monkeypatch.setattr(gomoku_review, "THREAT_NODES", 3000)
    options = {"size": 15, "rule": "renju"}
    rules = get_game("gomoku").rules
    spec = gomoku_review.SPEC
    moves = played("gomoku", options, 2, 9)
    first = review_game(rules, spec, "gomoku", options, 0, moves, None, forwards(spec))
    again = review_game(rules, spec, "gomoku", options, 0, moves, None, backwards(spec))
    same_reviews(first, again)
    for perm in gomoku_review.symmetries(15)[1::3]:
        mirrored = review_game(rules, spec, "gomoku", options, 0, [perm[m] for m in moves], None, forwards(spec))
        same_reviews(first, mirrored)


# -- Dots and Boxes -----------------------------------------------------------

DOTS = {"rows": 4, "cols": 4}


def test_dots_review_is_stable_before_the_solver_reaches_and_rates_only_proven_losses():
    rules = get_game("dots").rules
    spec = dots_review.SPEC
    moves = played("dots", DOTS, 1, 16)
    first = review_game(rules, spec, "dots", DOTS, 0, moves, None, forwards(spec))
    again = review_game(rules, spec, "dots", DOTS, 0, moves, None, backwards(spec))
    same_reviews(first, again)
    for image in (lambda r, c: (r, 8 - c), lambda r, c: (c, 8 - r)):  # a mirror image and a quarter turn
        mirrored = review_game(rules, spec, "dots", DOTS, 0, [image(r, c) for r, c in moves], None, forwards(spec))
        same_reviews(first, mirrored)
    state = rules.new_game(DOTS, 0)
    for m, move in zip(first.moves, moves):
        after = rules.apply(state, move)
        if not m.before.exact:  # an estimate: the boxes banked and on offer, never a rating
            assert m.rating == "" and m.loss == 0 and not m.trusted  # the review screen says "Not rated"
            assert abs(m.before.value) <= sum(state.scores) + 4
        if m.rating:
            assert m.before.exact and m.after.exact
        state = after
    assert first.values[1].value == 0 and not first.values[1].exact  # move 1 takes no box and offers none


def test_dots_graph_scale_fits_its_values():
    review = Review("dots", (0, 1), 0, "boxes", dots_review.SPEC.span)
    for values, half in (([0, 3, -12, 9], 20), ([0, 1, -1], 1), ([0, 0], 1), ([0, 7], 10), ([2, -16], 20)):
        review.values = [Verdict(float(v)) for v in values]
        assert scale(review) == half
    capped = Review("othello", (0, 1), 0, "discs", othello_review.SPEC.span, values=[Verdict(0.0), Verdict(60.0)])
    assert scale(capped) == 32  # a span that caps: one wild value cannot flatten the rest
    # the edge label names the scale: the graph of a 12-box swing is drawn to +-20, not clipped at 8
    pygame.font.init()
    surface = pygame.Surface((400, 200))
    review.values = [Verdict(0.0), Verdict(12.0, exact=True), Verdict(12.0, exact=True)]
    draw_graph(surface, pygame.Rect(0, 0, 400, 200), review)
    top = 200 / 2 - 12 / 20 * (200 / 2 - 4)
    assert surface.get_at((400 - 6, round(top))) != surface.get_at((400 - 6, 4))


def test_a_zero_reads_the_same_from_either_seat():
    """A drawn value seen from the other seat is -0.0: it must not read "-0.0" beside "+0.0"."""
    from boardhub.core.review import value_text
    assert value_text(-0.0) == value_text(0.0) == "+0.0" and value_text(-0.0, 50.0) == "0.0"
