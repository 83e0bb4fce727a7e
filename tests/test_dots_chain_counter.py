"""The long chain counter: long chains (3+ boxes) and loops counted on hand-built positions, and who the
long chain rule (Berlekamp: the first player wants dots + long chains even) says wants them odd."""
import pygame

from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.games.dots.chains import chain_count
from boardhub.games.dots.engine import geometry
from boardhub.games.dots.ui.board import DotsBoard

ENTRY = get_game("dots")


def lines_of(g, *moves):
    return sum(1 << g.line_index[m] for m in moves)


def test_a_row_with_a_chain_of_three_and_one_of_two():
    # 1 x 7 boxes. Boxes 0-2 have top and bottom drawn: a chain of 3 from the left border to box 3
    # (no side drawn); boxes 4-5 likewise, a chain of 2 between boxes 3 and 6. By hand: 1 long chain,
    # no loop. 2 x 8 = 16 dots, even: the first player wants the long chains even, the second odd.
    g = geometry(1, 7)
    sides = [(r, 2 * k + 1) for k in (0, 1, 2, 4, 5) for r in (0, 2)]
    count = chain_count(lines_of(g, *sides), g)
    assert (count.long_chains, count.loops, count.wants_odd) == (1, 0, 1)


def test_a_two_by_two_border_is_one_loop():
    # 2 x 2 boxes with the 8 border lines drawn: each box has two sides, the 4 inner lines join them in
    # a ring. By hand: 0 long chains, 1 loop. 3 x 3 = 9 dots, odd: the first player wants them odd.
    g = geometry(2, 2)
    border = [(0, 1), (0, 3), (4, 1), (4, 3), (1, 0), (3, 0), (1, 4), (3, 4)]
    count = chain_count(lines_of(g, *border), g)
    assert (count.long_chains, count.loops, count.wants_odd) == (0, 1, 0)


def test_a_ring_of_eight_around_a_closed_box_and_the_empty_board():
    # 3 x 3 boxes: the 12 border lines and the centre box's 4 sides drawn. Every box of the ring then has
    # two sides: one loop of 8, no chain. 4 x 4 = 16 dots, even: the second player wants them odd.
    g = geometry(3, 3)
    border = [(0, c) for c in (1, 3, 5)] + [(6, c) for c in (1, 3, 5)] + \
        [(r, 0) for r in (1, 3, 5)] + [(r, 6) for r in (1, 3, 5)]
    count = chain_count(lines_of(g, *border, (2, 3), (4, 3), (3, 2), (3, 4)), g)
    assert (count.long_chains, count.loops, count.wants_odd) == (0, 1, 1)
    assert chain_count(0, g)[:2] == (0, 0)  # nothing drawn: no box has two sides


def test_two_long_chains_side_by_side():
    # 2 x 3 boxes with every horizontal line drawn (grid rows 0, 2 and 4): each box has its top and
    # bottom, so row 0 is a chain of 3 from border to border and row 1 another. By hand: 2 long chains,
    # no loop. 3 x 4 = 12 dots, even: the second player wants them odd.
    g = geometry(2, 3)
    drawn = [(r, c) for r in (0, 2, 4) for c in (1, 3, 5)]
    count = chain_count(lines_of(g, *drawn), g)
    assert (count.long_chains, count.loops, count.wants_odd) == (2, 0, 1)


def test_the_board_button_and_ctrl_l_show_the_rule_in_words():
    m = Match(ENTRY, [Seat(), Seat()], {"rows": 2, "cols": 2}, seed=1)
    for move in [(0, 1), (0, 3), (4, 1), (4, 3), (1, 0), (3, 0), (1, 4), (3, 4)]:
        m.replay([move])
    view = DotsBoard(ENTRY)
    assert view.banner(m) is None  # off until asked for
    (label, action), = view.actions(m)
    assert label == "Chains"
    assert view.shortcut(pygame.K_l, m) == action
    action()
    assert view.actions(m)[0][0] == "Chains: on"
    first, second = (s.label for s in m.seats)
    assert view.banner(m) == f"Long chains: 0, loops: 1. Odd is good for {first}, even for {second}"
    view.shortcut(pygame.K_l, m)()
    assert view.banner(m) is None
    # where the button is not offered (a network table hides the engine's help), the key does nothing
    view.actions = lambda match: []
    assert view.shortcut(pygame.K_l, m) is None


def test_a_game_started_with_the_quick_start_shows_the_counter_on_ctrl_l(app):
    from uidriver import key

    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    from boardhub.scenes.game_frame import status

    setup = GameSetup("dots", (None, None), {"rows": 3, "cols": 3, "quick_start": True}, 0.5, False, "pvp")
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    game = app.top
    assert game.match.state.lines  # the safe lines are there before the first turn
    assert "Long chains" not in status(game)[0]
    key(app, pygame.K_l, pygame.KMOD_CTRL)
    count = chain_count(game.match.state.lines, game.match.state.geom)
    assert status(game)[0].startswith(f"Long chains: {count.long_chains}, loops: {count.loops}.")
    assert not game.keys.text  # the shortcut typed nothing
    key(app, pygame.K_l, pygame.KMOD_CTRL)
    assert "Long chains" not in status(game)[0]
