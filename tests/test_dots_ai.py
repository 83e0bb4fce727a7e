"""The strong Dots and Boxes AIs: the exact solver against published values and
against plain minimax, Hard's chain play in textbook positions, and every AI's
answer time on every board shape."""
from __future__ import annotations

import random
import time
from functools import lru_cache

import pytest

from boardhub.games.dots import ENTRY
from boardhub.games.dots.ai import HardAI
from boardhub.games.dots.expert import ExpertAI
from boardhub.games.dots.engine import DotsRules, DotsState, Geometry, geometry
from boardhub.games.dots.solver import Solver, SolveTimeout, endgame_value, solve, symmetries

RULES = DotsRules()


def perfect_margin(state: DotsState) -> int:
    """Player 0's final lead under perfect play from `state`."""
    lead = state.scores[0] - state.scores[1]
    value = solve(state)
    return lead + (value if state.player == 0 else -value)


def position(rows: int, cols: int, drawn: list[tuple[int, int]], player: int = 0) -> DotsState:
    """A state with the lines at grid points `drawn` and no box completed yet."""
    g = geometry(rows, cols)
    lines = sum(1 << g.line_index[p] for p in drawn)
    assert all(lines & m != m for m in g.box_mask)
    return DotsState(g, lines, (-1,) * g.num_boxes, (0, 0), player)


def completed(g: Geometry, lines: int, line: int) -> int:
    return len(g.completes(lines, line))


def plain_minimax(g: Geometry, lines: int) -> int:
    """Net boxes to come for the mover, by trying every line in every order: no table, no pruning."""
    best = None
    for line in range(g.num_lines):
        if lines >> line & 1:
            continue
        got = completed(g, lines, line)
        after = lines | 1 << line
        v = got + plain_minimax(g, after) if got else -plain_minimax(g, after)
        best = v if best is None else max(best, v)
    return 0 if best is None else best


def exhaustive(g: Geometry):
    """The same minimax over every line, each position valued once: a reference for larger positions."""
    @lru_cache(maxsize=None)
    def value(lines: int) -> int:
        if lines == g.full:
            return 0
        best = -g.num_boxes
        for line in range(g.num_lines):
            if not lines >> line & 1:
                got = completed(g, lines, line)
                after = lines | 1 << line
                best = max(best, got + value(after) if got else -value(after))
        return best
    return value


def random_lines(g: Geometry, free: int, rng: random.Random) -> int:
    lines = g.full
    for line in rng.sample(range(g.num_lines), free):
        lines &= ~(1 << line)
    return lines


# -- the solver -----------------------------------------------------------

@pytest.mark.parametrize("rows, cols, margin", [
    (1, 1, -1), (1, 2, 0), (2, 1, 0), (2, 2, 2), (2, 3, -2), (3, 2, -2)])
def test_known_values_of_small_boards(rows, cols, margin):
    assert perfect_margin(RULES.new_game({"rows": rows, "cols": cols})) == margin


def test_three_by_three_is_a_second_player_win_by_three():
    assert perfect_margin(RULES.new_game({"rows": 3, "cols": 3})) == -3


def test_perfect_play_through_the_engine_reaches_the_value():
    """best_line's moves, applied by the rules, finish with the solved margin (and scores counted)."""
    state = RULES.new_game({"rows": 2, "cols": 3})
    solver = Solver(state.geom)
    while not RULES.is_over(state):
        state = RULES.apply_index(state, solver.best_line(state.lines))
        assert perfect_margin(state) == -2
    assert state.scores[0] - state.scores[1] == -2


@pytest.mark.parametrize("seed", range(4))
def test_solver_matches_plain_minimax_on_random_positions(seed):
    rng = random.Random(seed)
    for rows, cols in ((1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4)):
        g = geometry(rows, cols)
        for _ in range(15):
            lines = random_lines(g, rng.randint(1, 7), rng)
            assert solve(lines, g) == plain_minimax(g, lines), (rows, cols, bin(lines))


@pytest.mark.parametrize("rows, cols, most_free", [
    (2, 2, 12), (2, 3, 17), (1, 5, 16), (3, 3, 14), (2, 4, 14), (4, 3, 13), (4, 4, 12)])
def test_solver_and_its_best_line_match_exhaustive_minimax(rows, cols, most_free):
    """Larger positions, reaching the empty board on the smallest sizes; every pruning rule in play."""
    g = geometry(rows, cols)
    reference = exhaustive(g)
    rng = random.Random(rows * 10 + cols)
    for _ in range(40):
        lines = random_lines(g, rng.randint(1, most_free), rng)
        solver = Solver(g)
        expected = reference(lines)
        assert solver.value(lines) == expected, bin(lines)
        line = solver.best_line(lines)
        got = completed(g, lines, line)
        after = lines | 1 << line
        assert (got + reference(after) if got else -reference(after)) == expected, bin(lines)


def test_simple_endgames_are_valued_without_search():
    """Three 4-chains: the opener loses 4 - 8 whatever it does; the formula, the solver and minimax agree."""
    drawn = [(r, c) for r in (0, 2, 4, 6) for c in (1, 3, 5, 7)]
    state = position(3, 4, drawn)
    assert endgame_value(((4, False),) * 3) == -4
    assert solve(state) == exhaustive(state.geom)(state.lines) == -4


def test_a_timed_out_search_raises_and_leaves_a_usable_table():
    g = geometry(4, 4)
    solver = Solver(g)
    with pytest.raises(SolveTimeout):
        solver.value(0, time.monotonic())
    lines = random_lines(g, 10, random.Random(1))
    assert solver.value(lines) == exhaustive(g)(lines)


@pytest.mark.parametrize("rows, cols, count", [(3, 3, 8), (2, 5, 4), (4, 4, 8), (7, 6, 4)])
def test_symmetries_map_boxes_to_boxes(rows, cols, count):
    g = geometry(rows, cols)
    sym = symmetries(g)
    assert len(sym.tables) + 1 == count
    boxes = set(g.box_mask)
    for per_byte in sym.tables:
        for mask in g.box_mask:
            chunks = mask.to_bytes(sym.nbytes, "little")
            image = 0
            for table, v in zip(per_byte, chunks):
                image |= table[v]
            assert image in boxes


# -- Hard ---------------------------------------------------------------

def _safe(g: Geometry, lines: int, line: int) -> bool:
    """No box gets a third side from `line`."""
    return all((lines & g.box_mask[b]).bit_count() < 2 for b in g.line_boxes[line])


def _take_everything(g: Geometry, lines: int) -> int:
    """`lines` after capturing every box on offer, and every box that falls after them."""
    while True:
        scoring = [i for i in range(g.num_lines) if not lines >> i & 1 and completed(g, lines, i)]
        if not scoring:
            return lines
        lines |= 1 << scoring[0]


@pytest.mark.parametrize("rows, cols", [(3, 3), (4, 4), (5, 3), (2, 6)])
def test_hard_never_offers_a_third_side_while_a_safe_line_exists(rows, cols):
    """Its only non-capturing unsafe lines are sacrifices with no safe line left and
    all-but-two declines, made only in the endgame: once the run is taken, no safe line is left."""
    rng = random.Random(rows * cols)
    declines = 0
    for game in range(8):
        state = RULES.new_game({"rows": rows, "cols": cols})
        hard_seat = game % 2
        hard = HardAI(seed=game)
        while not RULES.is_over(state):
            g, lines = state.geom, state.lines
            free = [i for i in range(g.num_lines) if not lines >> i & 1]
            if state.player == hard_seat:
                line = g.line_index[hard.choose(state, time.monotonic() + 0.5)]
                if not completed(g, lines, line) and not _safe(g, lines, line):
                    if any((lines & m).bit_count() == 3 for m in g.box_mask):
                        declines += 1
                        rest = _take_everything(g, lines)
                        assert not any(_safe(g, rest, i) for i in range(g.num_lines) if not rest >> i & 1)
                    else:
                        assert not any(_safe(g, lines, i) for i in free), (game, g.line_coord[line])
            else:
                scoring = [i for i in free if completed(g, lines, i)]
                line = rng.choice(scoring or free)
            state = RULES.apply_index(state, line)
    assert declines  # the rule was put to the test


def _turn(ai, state: DotsState) -> list[tuple[int, int]]:
    """The lines `ai` draws in one turn (it moves again after each box)."""
    played = []
    player = state.player
    while state.player == player and not RULES.is_over(state):
        move = ai.choose(state, time.monotonic() + 0.5)
        played.append(move)
        state = RULES.apply(state, move)
    return played


def test_hard_takes_all_but_two_of_an_opened_chain():
    """Three 4-chains, the top one opened at its left end: take two, hand over two, keep control."""
    drawn = [(r, c) for r in (0, 2, 4, 6) for c in (1, 3, 5, 7)] + [(1, 0)]
    state = position(3, 4, drawn, player=1)
    assert _turn(HardAI(seed=0), state) == [(1, 2), (1, 4), (1, 8)]
    # ... which is perfect play: declining wins 2, taking all loses 2
    g = state.geom
    after_two = state.lines | 1 << g.line_index[(1, 2)] | 1 << g.line_index[(1, 4)]
    take = 1 + solve(after_two | 1 << g.line_index[(1, 6)], g)
    decline = -solve(after_two | 1 << g.line_index[(1, 8)], g)
    assert (take, decline) == (-2, 2)


def test_hard_takes_all_but_four_of_an_opened_loop():
    """A 4-loop opened in the corner, a 4-chain and an 8-chain left: decline all four loop boxes."""
    g = geometry(4, 4)
    free = {
        # the loop: the cross inside the top-left 2 x 2 block
        (1, 2), (3, 2), (2, 1), (2, 3),
        # a 4-chain round the top-right block, both ends on the top border
        (0, 5), (2, 5), (3, 6), (2, 7), (0, 7),
        # an 8-chain snaking through the bottom two rows, both ends on the left border
        (5, 0), (5, 2), (5, 4), (5, 6), (6, 7), (7, 6), (7, 4), (7, 2), (7, 0),
    }
    drawn = [p for p in g.line_coord if p not in free] + [(1, 2)]  # the opener cut the loop
    state = position(4, 4, drawn, player=1)
    hard_line = _turn(HardAI(seed=0), state)
    assert hard_line == [(3, 2)]  # no box taken: two dominoes handed over
    assert -solve(state.lines | 1 << g.line_index[(3, 2)], g) == solve(state) > 0


# -- every AI, every board shape ------------------------------------------

SHAPES = [(1, 1), (1, 7), (7, 1), (2, 2), (2, 5), (3, 3), (3, 6), (4, 4), (5, 2), (5, 5), (6, 4), (6, 6),
          (7, 5), (7, 7)]


@pytest.mark.parametrize("rows, cols", SHAPES)
def test_every_ai_answers_a_legal_move_before_the_deadline(rows, cols):
    limit = 0.25
    rng = random.Random(rows * 7 + cols)
    state = RULES.new_game({"rows": rows, "cols": cols})
    total = state.geom.num_lines
    samples = {0, total // 3, 2 * total // 3, total - 1}
    ais = {entry.name: entry.factory(seed=1) for entry in ENTRY.ai_entries}
    assert {"hard", "expert"} <= set(ais)
    for drawn in range(total):
        if drawn in samples:
            for name, ai in ais.items():
                start = time.monotonic()
                move = ai.choose(state, start + limit)
                took = time.monotonic() - start
                assert took < limit, (name, drawn, took)
                assert move in RULES.legal_moves(state), (name, move)
        state = RULES.apply_index(state, rng.choice(
            [i for i in range(total) if not state.lines >> i & 1]))


def test_expert_plays_perfectly_once_the_game_is_solvable():
    state = RULES.new_game({"rows": 2, "cols": 3})
    seats = [ExpertAI(seed=0), ExpertAI(seed=1)]
    while not RULES.is_over(state):
        state = RULES.apply(state, seats[state.player].choose(state, time.monotonic() + 0.5))
    assert state.scores[0] - state.scores[1] == -2
