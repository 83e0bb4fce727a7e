"""The Othello engine against counts and games that others published, and against plain code.

The bitboard code is written for speed, so every fast path is checked
against something slower and obvious: the published perft counts, a
square-by-square walk for moves and flips, a plain recursive count over the
Rules protocol for perft near the end of games (passes, finished games),
and real published games whose final positions are known.
"""
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from boardhub.cli import main as cli_main
from boardhub.core.rules import IllegalMove
from boardhub.games.othello.engine import (BLACK, LANE, PASS, START, WHITE, OthelloRules, OthelloState, flips,
                                           lanes_with_moves, moves_mask, parse_square, parse_transcript, play,
                                           square_name, transcript)
from boardhub.games.othello.offline.perft import perft, plain_perft

RULES = OthelloRules()
PUBLISHED_PERFT = (1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288)
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


def sq(name: str) -> int:
    return parse_square(name)


def board(*names: str) -> int:
    return sum(1 << sq(n) for n in names)


def walk_flips(me: int, opp: int, square: int) -> int:
    """Flips by stepping out from the square one neighbour at a time."""
    if (me | opp) >> square & 1:
        return 0
    out = 0
    for dr, dc in STEPS:
        r, c = divmod(square, 8)
        run = 0
        r, c = r + dr, c + dc
        while 0 <= r < 8 and 0 <= c < 8 and opp >> (8 * r + c) & 1:
            run |= 1 << (8 * r + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and me >> (8 * r + c) & 1:
            out |= run
    return out


def walk_moves(me: int, opp: int) -> int:
    return sum(1 << s for s in range(64) if walk_flips(me, opp, s))


def random_game(seed: int) -> list[int]:
    rng = random.Random(seed)
    state, moves = START, []
    while legal := RULES.legal_moves(state):
        moves.append(rng.choice(legal))
        state = play(state, moves[-1])
    return moves


def replay(moves: list[int]) -> OthelloState:
    state = START
    for m in moves:
        state = RULES.apply(state, m)
    return state


def picture(state: OthelloState) -> list[str]:
    """Rows 1 to 8, B, W or . per square, as diagrams print them."""
    marks = {BLACK: "B", WHITE: "W", None: "."}
    return ["".join(marks[state.disc(8 * r + c)] for c in range(8)) for r in range(8)]


# perft

@pytest.mark.parametrize("depth", range(8))
def test_perft_matches_the_published_counts(depth):
    assert perft(START, depth) == PUBLISHED_PERFT[depth]


def test_perft_counts_passes_and_finished_games_as_the_plain_recursion_does():
    """Published counts stop before passes matter; the last moves of games have plenty of both."""
    passes = 0
    for seed in range(12):
        moves = random_game(seed)
        passes += moves[-7:].count(PASS)
        for cut in (len(moves) - 7, len(moves) - 4):
            state = replay(moves[:cut])
            for depth in (1, 2, 3, 8):  # 8 plies reach the end of every line from here
                assert perft(state, depth) == plain_perft(state, depth), (seed, cut, depth)
    assert passes > 0  # the sample does hold passes


def test_perft_of_a_finished_game_is_one_leaf():
    over = OthelloState(board("a1", "b1"), 0, WHITE)
    assert [perft(over, d) for d in range(4)] == [1, 1, 1, 1]
    with pytest.raises(ValueError):
        perft(START, -1)


def test_cli_prints_the_leaf_count(capsys):
    assert cli_main(["perft", "othello", "6"]) == 0
    assert capsys.readouterr().out.strip() == "8200"


# move generation

boards = st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1)).map(
    lambda t: (t[0] & t[2], t[1] & ~t[0] & t[2]))  # two disjoint sets of discs, some squares empty


@settings(max_examples=300, deadline=None)
@given(boards)
def test_moves_and_flips_agree_with_a_square_by_square_walk(discs):
    me, opp = discs
    assert moves_mask(me, opp) == walk_moves(me, opp)
    for s in range(64):
        if not (me | opp) >> s & 1:
            assert flips(me, opp, s) == walk_flips(me, opp, s)


@settings(max_examples=100, deadline=None)
@given(st.lists(boards, min_size=1, max_size=40))
def test_packed_boards_give_each_board_its_own_moves(positions):
    movers = sum(me << (LANE * i) for i, (me, _) in enumerate(positions))
    others = sum(opp << (LANE * i) for i, (_, opp) in enumerate(positions))
    packed = moves_mask(movers, others, len(positions))
    singles = [moves_mask(me, opp) for me, opp in positions]
    assert packed == sum(m << (LANE * i) for i, m in enumerate(singles))
    assert lanes_with_moves(packed, len(positions)) == sum(1 for m in singles if m)


# rules

def test_start_position_and_first_moves():
    assert RULES.new_game({}) == START
    assert picture(START)[3:5] == ["...WB...", "...BW..."]
    assert START.counts() == (2, 2) and RULES.to_move(START) == BLACK
    assert sorted(map(square_name, RULES.legal_moves(START))) == ["c4", "d3", "e6", "f5"]
    after = RULES.apply(START, sq("f5"))
    assert after.player == WHITE and after.counts() == (4, 1)
    assert sorted(map(square_name, RULES.legal_moves(after))) == ["d6", "f4", "f6"]


def test_a_player_without_a_move_passes_and_only_then():
    state = OthelloState(black=board("a1"), white=board("b1"), player=WHITE)  # white cannot flank a1
    assert RULES.legal_moves(state) == [PASS] and not RULES.is_over(state)
    with pytest.raises(IllegalMove, match="must pass"):
        RULES.apply(state, sq("c1"))
    passed = RULES.apply(state, PASS)
    assert passed == OthelloState(board("a1"), board("b1"), BLACK)
    assert RULES.legal_moves(passed) == [sq("c1")]
    with pytest.raises(IllegalMove, match="cannot pass"):
        RULES.apply(passed, PASS)


def test_refusals_say_why_and_change_nothing():
    with pytest.raises(IllegalMove, match="d5 is taken"):
        RULES.apply(START, sq("d5"))
    with pytest.raises(IllegalMove, match="a1 flips nothing"):
        RULES.apply(START, sq("a1"))
    with pytest.raises(IllegalMove, match="Not a square"):
        RULES.apply(START, 65)
    assert START.counts() == (2, 2)


def test_the_game_ends_when_neither_side_can_move_and_empties_go_to_the_winner():
    wiped = OthelloState(black=board("d4", "d5", "e4"), white=0, player=WHITE)
    assert RULES.is_over(wiped) and RULES.legal_moves(wiped) == []
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(wiped, PASS)
    out = RULES.outcome(wiped)
    assert out.winner == BLACK and out.scores == (64, 0)
    stuck = OthelloState(black=board("a1", "b2", "c3"), white=board("h8", "h7"), player=BLACK)
    assert RULES.is_over(stuck) and RULES.outcome(stuck).scores == (62, 2)
    with pytest.raises(ValueError):
        RULES.outcome(START)


def test_draws_score_32_each_with_or_without_empties():
    full = OthelloState(black=(1 << 32) - 1, white=((1 << 64) - 1) ^ ((1 << 32) - 1), player=BLACK)
    apart = OthelloState(black=board("a1"), white=board("h8"), player=WHITE)
    for state in (full, apart):
        out = RULES.outcome(state)
        assert out.is_draw and out.scores == (32, 32)


# notation

def test_squares_are_named_by_column_and_row():
    assert sq("a1") == 0 and sq("h1") == 7 and sq("a8") == 56 and sq("f5") == 37 and sq(" F5 ") == 37
    assert [parse_square(square_name(s)) for s in range(65)] == list(range(65))
    assert parse_square("PASS") == PASS and parse_square("pa") == PASS
    for bad in ("i1", "a9", "a0", "f", "f55", "", "55"):
        with pytest.raises(IllegalMove):
            parse_square(bad)


# transcripts

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.randoms(use_true_random=False))
def test_transcripts_round_trip(seed, rng):
    moves = random_game(seed)
    text = transcript(moves)
    assert "pass" not in text and len(text) == 2 * (len(moves) - moves.count(PASS))
    assert parse_transcript(text) == moves
    # the same game as a person might paste it: any case, spaces, line breaks, explicit passes
    tokens = [square_name(m) if m != PASS else rng.choice(["pass", "PA", "Pass", ""]) for m in moves]
    tokens = [t.upper() if rng.random() < 0.3 else t for t in tokens]
    pasted = "".join(t + rng.choice(["", " ", "\n", "  \t"]) for t in tokens)
    assert parse_transcript(pasted) == moves


@pytest.mark.parametrize("text, message", [
    ("f5d6z9c3", "Move 3 (z9) is not a move"),
    ("f5 d6 c", "Move 3 (c) is not a move"),
    ("f5,d6", "Move 2 (,d) is not a move"),
    ("f5f5", "Move 2 (f5) is illegal: f5 is taken"),
    ("f5 d6 a1", "Move 3 (a1) is illegal: a1 flips nothing"),
    ("F5 PASS", "Move 2 (PASS) is illegal: You cannot pass while you have a move"),
    ("f5d6c5f4e3f6g5e6e7 a1", "Move 10 (a1) is illegal: The game is over"),
    ("f5d6c5f4e3f6g5e6e7 pass", "Move 10 (pass) is illegal: The game is over"),
])
def test_bad_transcripts_name_the_first_bad_move(text, message):
    with pytest.raises(IllegalMove, match=re.escape(message)):
        parse_transcript(text)


def test_empty_transcript_is_the_start():
    assert parse_transcript("  \n") == [] and transcript([]) == ""


def test_a_shortest_game_is_nine_moves_and_a_wipe_out():
    """The shortest possible games last 9 moves and end in a 13-0 wipe-out by black; this is one."""
    state = replay(parse_transcript("f5d6c5f4e3f6g5e6e7"))
    assert RULES.is_over(state) and state.counts() == (13, 0)
    assert RULES.outcome(state).scores == (64, 0)


def test_published_eleven_move_game_ends_in_its_published_position():
    """W. D. Smith's shortest non-wipe-out game, math-fun list: 1.f5 2.f4 3.c3 4.e6 5.f7
    6.g6 7.g4 8.e8 9.g8 10.g5 11.h5, ending black 14, white 1 in the diagram below."""
    state = replay(parse_transcript("f5 f4 c3 e6 f7 g6 g4 e8 g8 g5 h5"))
    assert RULES.is_over(state) and state.counts() == (14, 1)
    assert picture(state) == ["........", "........", "..B.....", "...BBBB.",
                              "...BBBBB", "....B.B.", ".....B..", "....W.B."]


def test_published_wipe_out_with_23_passes_reads_with_its_passes_left_out():
    """A real game (W. D. Smith, math-fun list) that white won 64-0 while black passed 23
    times; black's moves are written in capitals."""
    text = ("F5d6C4g5D7c7H5d8B8b7B6a7b5A6a5b4B3c6E8f8C8a8e7a4b2A2c2D2d1e2F2c5c3a1a3e6d3"
            "f6F7f1g2H2e3F4b1g1c1e1g8g7f3h1h3h4h6")
    moves = parse_transcript(text)
    assert moves.count(PASS) == 23
    state = replay(moves)
    assert RULES.is_over(state) and state.counts() == (0, 59)
    assert RULES.outcome(state).scores == (0, 64)
    assert transcript(moves) == text.lower()
