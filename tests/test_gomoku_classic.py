"""Gomoku's classic AIs from the source paper: easy, and normal, the source's point update
with its priority table, forbidden points, overlines and replies to the first moves."""
import random
import time

import pytest
from gomokupositions import position

from boardhub.games.gomoku import ENTRY
from boardhub.games.gomoku.ai import (FIVE, FOUR, LONG, NOTHING, OPEN_FOUR, SPLIT_THREE, THREE, EasyAI,
                                      NormalAI, line_tier, point_scores)
from boardhub.games.gomoku.engine import BLACK, WHITE, GomokuRules, GomokuState, parse_point
from boardhub.games.gomoku.renju import forbidden

RULES = GomokuRules()


def names(*points: str, size: int = 15) -> set[int]:
    return {parse_point(t, size) for t in points}


def normal_move(state: GomokuState, seed: int = 0) -> int:
    return NormalAI(seed).choose(state, time.monotonic() + 0.5)


def window(text: str) -> bytes:
    """An eleven-point line from "..xx.x....." (x the mover, o the opponent, | the edge)."""
    return bytes({".": 0, "x": 1, "o": 2, "|": 3}[c] for c in text)


def test_line_shapes_follow_the_source_table():
    assert line_tier(window("...xx.xx..."), False) == FIVE
    assert line_tier(window("..xxx.xx..."), False) == NOTHING  # black's overline wins nothing
    assert line_tier(window("..xxx.xx..."), True) == LONG
    assert line_tier(window("...xx.x...."), False) == OPEN_FOUR  # .xxxx. : two ways to five
    assert line_tier(window("..oxx.x...."), False) == FOUR  # blocked end: one way
    assert line_tier(window("...x..xx..."), False) == FOUR  # split four: x.xxx
    assert line_tier(window("....x.x...."), False) == THREE  # .xxx.
    assert line_tier(window("....x..x..."), False) == SPLIT_THREE  # .xx.x.
    assert line_tier(window("...ox.x...."), False) == NOTHING  # a blocked three forces nothing
    assert line_tier(window("||||x.x...."), False) == NOTHING  # the edge blocks too


@pytest.mark.parametrize("player", [BLACK, WHITE])
def test_normal_completes_its_own_five_before_blocking(player):
    mine, theirs = "d4 e4 f4 g4", "d10 e10 f10 g10"
    black, white = (mine, theirs + " a1") if player == BLACK else (theirs + " a1", mine)
    state = position(black, white, player)
    assert normal_move(state) in names("c4", "h4")


@pytest.mark.parametrize("player", [BLACK, WHITE])
def test_normal_blocks_a_four(player):
    four = "d10 e10 f10 g10"  # c10 blocks it: only h10 completes it
    if player == BLACK:
        state = position("c10 h3 j2", four, BLACK)
    else:
        state = position(four, "c10 h3", WHITE)
    assert normal_move(state) == parse_point("h10", 15)


@pytest.mark.parametrize("player", [BLACK, WHITE])
def test_normal_blocks_an_open_four_and_an_open_three(player):
    threat_four, threat_three = "e10 f10 g10 h10", "f6 g6 h6"
    for threat, blocks in ((threat_four, names("d10", "i10")), (threat_three, names("e6", "i6"))):
        if player == BLACK:
            state = position("b2 n2 b14 n14", threat, BLACK)
        else:
            state = position(threat, "b2 n2 b14", WHITE)
        assert normal_move(state) in blocks


def test_attack_outweighs_equal_defence():
    # both sides have an open three and black moves: black makes its four, it does not block
    state = position("f4 g4 h4", "f10 g10 h10", BLACK)
    assert normal_move(state) in names("e4", "i4")
    # both have an open two: the mover's three outweighs stopping the other's
    state = position("g4 h4 a1", "g10 h10", WHITE)
    scores = point_scores(state)
    assert scores[parse_point("i10", 15)] > scores[parse_point("i4", 15)]
    assert normal_move(state) in names("f10", "i10", "e10", "j10")


def test_black_steers_clear_of_forbidden_points_under_renju():
    # h8 makes two open threes for black (f8 g8 h8 and h6 h7 h8): the best score, and forbidden
    state = position("f8 g8 h6 h7", "a1 a15 o1 o15", BLACK)
    p = parse_point("h8", 15)
    scores = point_scores(state)
    assert forbidden(state.board, 15, p) == "double three"
    assert scores[p] == max(scores.values())
    move = normal_move(state)
    assert move != p and forbidden(state.board, 15, move) is None
    # the same point is fine under freestyle
    assert normal_move(position("f8 g8 h6 h7", "a1 a15 o1 o15", BLACK, rule="freestyle")) == p


def test_black_avoids_an_overline_and_white_plays_one():
    line = "c8 d8 e8 g8 h8"  # the gap f8 makes six
    black_state = position(line, "a1 a15 o1 o15 m3", BLACK)
    assert normal_move(black_state) != parse_point("f8", 15)
    white_state = position("a1 a15 o1 o15 m3 m12", line, WHITE)
    assert normal_move(white_state) == parse_point("f8", 15)
    assert RULES.apply(white_state, parse_point("f8", 15)).winner == WHITE


def test_a_five_is_played_even_where_it_also_makes_a_double_four():
    # h8 gives the exact five d8..h8 and fours in the column and the diagonal: allowed, and it wins
    state = position("d8 e8 f8 g8 h5 h6 h7 e5 f6 g7", "a1 a15 o1 o15 c8 h4 m3 m12 n12", BLACK)
    move = normal_move(state)
    assert move == parse_point("h8", 15)
    assert RULES.apply(state, move).winner == BLACK


@pytest.mark.parametrize("size", [15, 19])
def test_the_source_replies_to_the_first_moves(size):
    mid = size // 2
    centre = mid * size + mid
    start = RULES.new_game({"size": size})
    assert normal_move(start) == centre
    for seed in range(8):
        # white answers black's centre diagonally next to it
        after = RULES.apply(start, centre)
        reply = normal_move(after, seed)
        ry, rx = divmod(reply, size)
        assert abs(rx - mid) == 1 and abs(ry - mid) == 1
        # black's second stone goes next to both stones
        second = normal_move(RULES.apply(after, reply), seed)
        sy, sx = divmod(second, size)
        assert max(abs(sx - mid), abs(sy - mid)) == 1 and max(abs(sx - rx), abs(sy - ry)) == 1
        # after a direct reply, diagonal to the centre and beside white (Kagetsu)
        direct = RULES.apply(after, centre + size)
        sy, sx = divmod(normal_move(direct, seed), size)
        assert abs(sx - mid) == 1 and sy == mid + 1
    # black near an edge: white three points straight inwards; near a corner, diagonally
    for black, answer in (("b8", "e8"), ("c2", "f5"), ("h14", "h11")):
        state = RULES.apply(RULES.new_game({"size": 15}), parse_point(black, 15))
        assert normal_move(state) == parse_point(answer, 15)
    # black two from the centre: next to it, on the centre's side
    state = RULES.apply(RULES.new_game({"size": 15}), parse_point("j10", 15))
    assert normal_move(state) == parse_point("i9", 15)


def test_easy_plays_next_to_the_stones_and_never_a_forbidden_point():
    start = RULES.new_game({"size": 15})
    assert EasyAI(1).choose(start, time.monotonic() + 0.5) == 7 * 15 + 7
    state = position("f8 g8 h6 h7", "a1 a15 o1 o15", BLACK)
    banned = parse_point("h8", 15)
    for seed in range(40):
        move = EasyAI(seed).choose(state, time.monotonic() + 0.5)
        assert move != banned and not state.board[move]
        y, x = divmod(move, 15)
        assert any(state.board[(y + dy) * 15 + x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                   if 0 <= x + dx < 15 and 0 <= y + dy < 15)


@pytest.mark.parametrize("size", [15, 19])
@pytest.mark.parametrize("rule", ["renju", "freestyle", "standard"])
def test_both_answer_legal_moves_in_time(size, rule):
    rng = random.Random(size * 7 + len(rule))
    limit = 0.5
    for game in range(2):
        ais = [NormalAI(game), EasyAI(game)] if game == 0 else [EasyAI(game), NormalAI(game)]
        state = RULES.new_game({"size": size, "rule": rule, "forbidden_loses": True})
        while not state.reason and len(state.moves) < 70:
            if rng.random() < 0.15:  # odd positions too: a random legal point now and then
                move = rng.choice(RULES.legal_moves(state))
            else:
                start = time.monotonic()
                move = ais[state.player].choose(state, start + limit)
                assert time.monotonic() - start < limit
                assert move in RULES.legal_moves(state)
            state = RULES.apply(state, move)
        assert state.reason != "forbidden"


def test_registered_in_order():
    names_ = [a.name for a in ENTRY.ai_entries]
    assert names_[:2] == ["easy", "normal"]
    assert isinstance(ENTRY.make_ai("normal", seed=3), NormalAI)
