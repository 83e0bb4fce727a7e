"""Gomoku's opening rules against their published texts: swap2 (Gomocup) and Soosõrv-8 (RIF)."""
from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.rules import IllegalMove
from boardhub.games.gomoku import openings, review
from boardhub.games.gomoku.ai import EasyAI, NormalAI
from boardhub.games.gomoku.engine import BLACK, WHITE, GomokuRules
from boardhub.games.gomoku.expert import ExpertAI

R = GomokuRules()
SWAP2 = {"rule": "freestyle", "opening": "swap2", "size": 15}
SOOSORV = {"rule": "renju", "renju_opening": "soosorv8", "size": 15}


def play(state, *texts):
    for text in texts:
        state = R.apply(state, R.move_from_text(text, state))
    return state


def colour_at(state, text):
    return state.board[R.move_from_text(text, state)] - 1


# ---------------------------------------------------------------- swap2
def test_swap2_the_first_player_places_black_white_black_then_the_second_player_has_three_choices():
    s = R.new_game(SWAP2)
    assert s.phase == openings.PLACE3 and R.to_move(s) == 0 and len(R.legal_moves(s)) == 225
    s = play(s, "h8", "a1", "o15")  # anywhere on the board
    assert [colour_at(s, t) for t in ("h8", "a1", "o15")] == [BLACK, WHITE, BLACK]
    assert s.phase == openings.ANSWER and R.to_move(s) == 1
    legal = R.legal_moves(s)
    assert {"swap", "more"} <= set(legal) and len(legal) == 2 + 222
    assert "black" not in legal and "stay" not in legal


def test_swap2_playing_white_places_the_fourth_stone_and_black_the_first_player_goes_on():
    s = play(R.new_game(SWAP2), "h8", "h9", "i9", "j10")
    assert colour_at(s, "j10") == WHITE and s.phase == "" and not s.swapped
    assert s.player == BLACK and R.to_move(s) == 0


def test_swap2_a_swap_gives_black_to_the_second_player_and_the_first_places_the_fourth_stone_as_white():
    s = play(R.new_game(SWAP2), "h8", "h9", "i9", "swap")
    assert s.phase == "" and s.swapped and s.player == WHITE and R.to_move(s) == 0
    s = play(s, "g7")
    assert colour_at(s, "g7") == WHITE and R.to_move(s) == 1  # seat 1 plays black now


def test_swap2_two_more_stones_then_the_first_player_chooses_the_colour_and_white_plays_the_sixth():
    s = play(R.new_game(SWAP2), "h8", "h9", "i9", "more")
    assert s.phase == openings.PLACE2 and R.to_move(s) == 1
    s = play(s, "j10", "g7")
    assert colour_at(s, "j10") == WHITE and colour_at(s, "g7") == BLACK
    assert s.phase == openings.CHOOSE and R.to_move(s) == 0 and R.legal_moves(s) == ["black", "white"]
    white = play(s, "white")
    assert white.swapped and white.player == WHITE and R.to_move(white) == 0  # chose white: plays the 6th
    black = play(s, "black")
    assert not black.swapped and R.to_move(black) == 1


def test_a_decision_out_of_its_phase_and_a_point_during_a_choice_are_refused_in_words():
    s = play(R.new_game(SWAP2), "h8", "h9", "i9", "more", "j10", "g7")
    with pytest.raises(IllegalMove, match="Choose first"):
        R.apply(s, 0)
    with pytest.raises(IllegalMove, match="not a choice"):
        R.apply(s, "swap")
    with pytest.raises(IllegalMove, match="not a choice"):
        R.apply(R.new_game(SWAP2), "swap")


def test_after_a_swap_the_five_wins_for_the_seat_that_holds_the_colour():
    s = play(R.new_game(SWAP2), "h8", "a1", "i8", "swap", "a2", "j8", "a3", "k8", "a4", "l8")
    assert s.over and s.winner == BLACK
    out = R.outcome(s)
    assert out.winner == 1 and "Black" in out.detail


# ---------------------------------------------------------------- Soosõrv-8
def test_soosorv_the_first_three_stones_make_one_of_the_26_openings():
    s = R.new_game(SOOSORV)
    assert R.legal_moves(s) == [R.move_from_text("h8", s)]  # the centre of 15 x 15
    with pytest.raises(IllegalMove, match="centre"):
        R.apply(s, R.move_from_text("h9", s))
    s = play(s, "h8")
    assert len(R.legal_moves(s)) == 8  # the central 3 x 3 square
    with pytest.raises(IllegalMove, match="3 x 3"):
        R.apply(s, R.move_from_text("h10", s))
    s = play(s, "i9")
    assert len(R.legal_moves(s)) == 23  # the central 5 x 5 square less two stones
    s = play(s, "h10")
    assert [colour_at(s, t) for t in ("h8", "i9", "h10")] == [BLACK, WHITE, BLACK]
    assert s.phase == openings.SWAP1 and R.to_move(s) == 1 and R.legal_moves(s) == ["swap", "stay"]


def test_soosorv_white_places_the_fourth_anywhere_declares_one_to_eight_and_black_may_swap():
    s = play(R.new_game(SOOSORV), "h8", "i9", "h10", "swap")
    assert s.swapped and s.phase == openings.FOURTH and R.to_move(s) == 0  # seat 0 now white
    s = play(s, "a1")
    assert colour_at(s, "a1") == WHITE and s.phase == openings.DECLARE and R.to_move(s) == 0
    assert R.legal_moves(s) == [str(n) for n in range(1, 9)]
    s = play(s, "3")
    assert s.wanted == 3 and s.phase == openings.SWAP2 and R.to_move(s) == 1  # black, the other player
    s = play(s, "swap")
    assert not s.swapped and s.phase == openings.OFFER and R.to_move(s) == 0


def test_soosorv_black_offers_the_declared_number_none_symmetrical_and_white_keeps_one_and_plays_the_sixth():
    # h8 b, h9 w, h10 b, h6 w: one column, mirror-symmetric left to right
    s = play(R.new_game(SOOSORV), "h8", "h9", "h10", "stay", "h6", "2", "stay", "g7")
    with pytest.raises(IllegalMove, match="symmetry"):
        R.apply(s, R.move_from_text("i7", s))  # g7's mirror image
    with pytest.raises(IllegalMove, match="symmetry"):
        R.apply(s, R.move_from_text("g7", s))
    s = play(s, "j7")
    assert s.phase == openings.PICK and R.to_move(s) == 1 and sorted(R.legal_moves(s)) == sorted(s.offers)
    assert not s.board[R.move_from_text("g7", s)]  # an offer is not a stone
    with pytest.raises(IllegalMove, match="offered"):
        R.apply(s, R.move_from_text("a1", s))
    s = play(s, "j7")
    assert colour_at(s, "j7") == BLACK and s.phase == "" and s.offers == ()
    assert s.player == WHITE and R.to_move(s) == 1 and len(s.moves) == 5


def test_an_asymmetric_position_refuses_only_the_same_point_twice():
    s = play(R.new_game(SOOSORV), "h8", "i9", "h10", "stay", "a1", "8", "stay", "g7")
    assert R.move_from_text("i7", s) in R.legal_moves(s)
    assert R.move_from_text("g7", s) not in R.legal_moves(s)


# ---------------------------------------------------------------- notation, options, saves
def test_decisions_read_and_write_as_words_and_old_settings_mean_no_opening_rule():
    s = R.new_game(SWAP2)
    for word in ("swap", "stay", "more", "black", "white", "5"):
        assert R.move_from_text(R.move_to_text(word, s), s) == word
    assert R.move_from_text(" SWAP ", s) == "swap"
    old = R.new_game({"rule": "freestyle", "size": 15})  # a setup saved before the option
    assert old.opening == "none" and old.phase == ""
    assert R.new_game({"rule": "renju", "opening": "swap2"}).phase == ""  # swap2 is not a renju rule
    with pytest.raises(ValueError):
        R.normalize({"renju_opening": "swap2"})


def test_a_game_with_swap2_saves_resumes_and_reviews_with_the_seats_colours():
    game = get_game("gomoku")
    match = Match(game, [Seat(None, "Ann"), Seat(None, "Bob")], SWAP2, 7)
    for text in ("h8", "h9", "i9", "more", "j10", "g7", "white", "a1"):
        match.play(match.parse(text))
    data = match.to_json()
    assert data["moves"][3] == "more" and data["moves"][6] == "white"
    again = Match.from_json(game, data)
    assert again.state == match.state and again.state.swapped and again.to_move == 1
    match.undo()
    assert match.state.phase == "" and match.to_move == 0
    match.undo()
    assert match.state.phase == openings.CHOOSE
    done = play(R.new_game(SWAP2), "h8", "a1", "i8", "swap", "a2", "j8", "a3", "k8", "a4", "l8")
    assert review.judge(done, 1).value == 100.0 and review.judge(done, 0).value == 0.0
    step = review.judge(play(R.new_game(SWAP2), "h8", "h9", "i9"), 1)
    assert not step.confident and step.best in R.legal_moves(play(R.new_game(SWAP2), "h8", "h9", "i9"))
    # a step of the opening is not rated; its best move is a hint the screen can word ("swaps colours")


# ---------------------------------------------------------------- the AIs
AIS = (EasyAI, NormalAI, ExpertAI)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([SWAP2, SOOSORV, {**SWAP2, "rule": "standard", "size": 19}]),
       st.sampled_from(AIS), st.sampled_from(AIS), st.integers(0, 10 ** 6))
def test_every_ai_plays_every_decision_of_the_opening_legally(options, first, second, seed):
    s = R.new_game(options)
    ais = (first(seed=seed), second(seed=seed + 1))
    steps = 0
    while s.phase:
        move = ais[R.to_move(s)].choose(s, time.monotonic() + 0.5)
        assert move in R.legal_moves(s), (s.phase, move)
        s = R.apply(s, move)
        steps += 1
        assert steps < 20
    assert len(s.moves) in (3, 4, 5) and not s.over  # 3: swap2 ends at a swap, the 4th stone to play


def test_the_ai_keeps_the_offer_worst_for_black_and_swaps_to_the_better_colour():
    s = play(R.new_game(SOOSORV), "h8", "i9", "h10", "stay", "a1", "2", "stay", "h9", "o15")
    assert ExpertAI(seed=1).choose(s, time.monotonic() + 1) == R.move_from_text("o15", s)  # the far offer
    strong = play(R.new_game(SWAP2), "h8", "a1", "h9")  # two black stones together, white far away
    assert NormalAI(seed=1).choose(strong, time.monotonic() + 1) == "swap"


def test_records_keep_the_opening_choices_as_words_and_a_psq_holds_the_stones_only():
    from boardhub.games.gomoku import psq_options, write_psq
    from boardhub.games.gomoku.records import from_psq, parse_record, record_text
    game = get_game("gomoku")
    match = Match(game, [Seat(None, "Ann"), Seat(None, "Bob")], SOOSORV, 7)
    texts = ("h8", "i9", "h10", "swap", "a1", "2", "stay", "g7", "o15", "o15", "b2")
    for text in texts:
        match.play(match.parse(text))
    line = record_text(match.moves, 15)
    assert line == " ".join(texts)
    again = Match(game, [Seat(None, "Ann"), Seat(None, "Bob")], SOOSORV, 7)
    again.replay(parse_record(line, 15))
    assert again.state == match.state
    psq = write_psq(match)
    size, stones = from_psq(psq)
    assert stones == list(match.state.moves) and len(stones) == 6  # the offer not kept is no stone
    assert psq_options(psq) == {"size": 15, "opening": "none", "renju_opening": "none"}


def test_the_seats_are_named_by_turn_where_an_opening_rule_may_swap_their_colours():
    from boardhub.core.game import get_game
    entry = get_game("gomoku")
    assert [entry.seat_title(i, {"rule": "renju"}) for i in (0, 1)] == ["Black", "White"]
    assert [entry.seat_title(i, {"rule": "renju", "renju_opening": "soosorv8"}) for i in (0, 1)] == \
        ["Moves first", "Moves second"]
    assert [entry.seat_title(i, {"rule": "freestyle", "opening": "swap2"}) for i in (0, 1)] == \
        ["Moves first", "Moves second"]
    assert get_game("othello").seat_title(1, {}) == "White" and get_game("dots").seat_title(1, {}) == "Moves second"
