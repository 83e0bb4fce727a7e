"""Dots and Boxes rules and notation, checked against the source's examples."""
import pytest

from boardhub.core.game import get_game
from boardhub.core.rules import IllegalMove

rules = get_game("dots").rules


def play(state, *moves):
    for m in moves:
        state = rules.apply(state, m)
    return state


def test_new_game_sizes():
    s = rules.new_game()
    assert (s.rows, s.cols) == (4, 4)
    assert len(rules.legal_moves(s)) == 40  # 2 * 4 * 5
    s = rules.new_game({"rows": 2, "cols": 7})
    assert len(rules.legal_moves(s)) == 2 * 8 + 3 * 7
    for bad in (0, 8, "4"):
        with pytest.raises(ValueError):
            rules.new_game({"rows": bad})


@pytest.mark.parametrize("move, why", [
    ((0, 0), "dot"), ((2, 4), "dot"), ((1, 1), "box"), ((3, 5), "box"),
    ((9, 1), "off the board"), ((-1, 1), "off the board"), ((0, 9), "off the board"),
    ("0 1", "Not a position"), ((True, 1), "Not a position"),
])
def test_bad_positions_are_refused_and_change_nothing(move, why):
    s = play(rules.new_game(), (0, 1))
    with pytest.raises(IllegalMove, match=why):
        rules.apply(s, move)
    assert s.lines == 1 and s.player == 1


def test_a_drawn_line_is_refused():
    s = play(rules.new_game(), (0, 1))
    with pytest.raises(IllegalMove, match="already drawn"):
        rules.apply(s, (0, 1))


def test_source_example_box_scores_and_mover_moves_again():
    # the source's example: player 1 closes the top-left... box at (1, 3) with "2 3"
    s = play(rules.new_game(), (0, 1), (1, 2), (0, 3), (1, 4))
    assert s.player == 0 and s.scores == (0, 0)
    s = rules.apply(s, (2, 3))
    assert s.scores == (1, 0) and s.player == 0 and s.owners[1] == 0


def test_one_line_can_complete_two_boxes():
    s = play(rules.new_game({"rows": 1, "cols": 2}), (0, 1), (0, 3), (2, 1), (2, 3), (1, 0), (1, 4))
    mover = s.player
    s = rules.apply(s, (1, 2))
    assert s.scores[mover] == 2 and s.player == mover and rules.is_over(s)
    out = rules.outcome(s)
    assert out.winner == mover and out.reason == "score"


def test_equal_scores_draw():
    # 1x2: each side takes one box
    s = play(rules.new_game({"rows": 1, "cols": 2}), (1, 2), (0, 1), (0, 3), (1, 0), (2, 1))
    assert s.scores == (1, 0) and s.player == 0
    s = play(s, (2, 3))  # player 0 scored, so must move again: it offers the last box
    assert s.player == 1
    s = play(s, (1, 4))
    assert s.scores == (1, 1) and rules.is_over(s) and rules.outcome(s).winner is None


def test_notation_round_trip():
    for m in rules.legal_moves(rules.new_game({"rows": 3, "cols": 5})):
        assert rules.move_from_text(rules.move_to_text(m)) == m
    assert rules.move_from_text(" 2, 3 ") == (2, 3)
    for bad in ("", "2", "a b", "1 2 3"):
        with pytest.raises(IllegalMove):
            rules.move_from_text(bad)
