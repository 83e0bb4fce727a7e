"""Othello's small marks stand out from what they are drawn on: the legal-move dots on the green
(for either colour to move) and the discs beside each move in the move list on the dark panel,
by at least the 3:1 contrast asked of a mark that carries meaning (WCAG's non-text contrast)."""
import pygame
import pytest

from boardhub.core.game import get_game
from boardhub.ui import theme
from boardhub.ui.board import DrawContext


def luminance(rgb) -> float:
    def channel(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("moves", [[], ["f5"]], ids=["black-to-move", "white-to-move"])
def test_the_legal_move_dots_stand_out_from_the_board(moves):
    pygame.font.init()  # the board draws its coordinates
    game = get_game("othello")
    rules = game.rules
    state = rules.new_game({}, 0)
    for text in moves:
        state = rules.apply(state, rules.move_from_text(text, state))
    board = game.board(game)
    surface = pygame.Surface((640, 640))
    board.layout(surface.get_rect(), state)
    board.draw(surface, state, [], DrawContext(0.0, (1, 1), True, False, 0.0, ("A", "B")))
    for sq in rules.legal_moves(state):
        square = board.square_rect(sq)
        dot, green = surface.get_at(square.center), surface.get_at((square.x + 6, square.y + 6))
        assert contrast(dot, green) >= 3, f"{rules.move_to_text(sq)}: {tuple(dot)} on {tuple(green)}"


@pytest.mark.parametrize("seat", [0, 1])
def test_the_move_list_discs_stand_out_from_the_panel(seat):
    game = get_game("othello")
    board = game.board(game)
    surface = pygame.Surface((40, 40))
    surface.fill(theme.PANEL)
    board.draw_seat_icon(surface, (20, 20), 7, seat)  # the move list's size at 1280 x 800
    edge = [surface.get_at((x, 20)) for x in range(10, 30)]
    best = max(contrast(c, theme.PANEL) for c in edge)
    assert best >= 3, f"seat {seat}'s disc barely shows on the panel ({best:.1f}:1)"
