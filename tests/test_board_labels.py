"""Labels on a board keep off its stones and discs: the Best tag of a hint goes to a side of its
ring where it covers nothing, and is drawn as every text is (so the text checks see it)."""
import pygame
import pytest

from boardhub.core.game import get_game
from boardhub.ui import theme


@pytest.mark.parametrize("key,moves", [
    ("gomoku", ["j10", "j11", "k10", "k11", "h11"]),  # stones above, left and right of j10's neighbour
    ("othello", ["f5"]),  # white may play f6, right under f5
])
def test_the_best_tag_covers_no_stone_or_disc(key, moves):
    pygame.font.init()
    game = get_game(key)
    rules = game.rules
    state = rules.new_game({}, 0)
    for text in moves:
        state = rules.apply(state, rules.move_from_text(text, state))
    board = game.board(game)
    surface = pygame.Surface((800, 800))
    board.layout(pygame.Rect(0, 0, 800, 800), state)
    pieces = board.piece_rects(state)
    assert pieces, "the position has stones or discs"
    # a legal empty point right under a piece, so the tag's first place (above the ring) would cover it
    target = next(m for m in rules.legal_moves(state)
                  if board.target_xy(m) is not None
                  and any(p.collidepoint(board.target_xy(m)[0], board.target_xy(m)[1] - board.cell) for p in pieces))
    with theme.recording() as drawn:
        board.draw_mark(surface, target, theme.BEST, "Best", 1.0, state)
    tags = [d for d in drawn if d.text == "Best"]
    assert tags, "the tag is drawn through the theme"
    assert tags[0].ink.collidelist(pieces) < 0, "the Best tag covers a stone"


def test_the_dots_row_numbers_stand_clear_of_the_board_on_7x7(tmp_path, monkeypatch):
    """Two-digit row numbers (10 to 14) on the smallest window: clear of the dots, on the paper."""
    monkeypatch.setenv("BOARDHUB_SAVES", str(tmp_path))
    from boardhub.core.session import GameSession
    from boardhub.core.setup import GameSetup
    from boardhub.app import App
    small = App((800, 600))
    try:
        small.open("menu")
        setup = GameSetup("dots", (None, None), {"rows": 7, "cols": 7}, 0.5, False, "pvp")
        small.open("game", GameSession.new(setup, small.start_worker))
        small.frame(0.016)
        game = small.top
        board, state = game.board, game.match.state
        with theme.recording() as drawn:
            game.draw(small.screen)
        left = board.point(0, 0)[0]
        dot_r = max(3, board.spacing * 0.07)
        paper = pygame.Rect(0, 0, board.spacing * (state.cols + 0.75), board.spacing * (state.rows + 0.75))
        paper.center = board.point(state.rows, state.cols)
        rows = [d for d in drawn if d.text.isdigit() and d.ink.right < left]
        assert len(rows) == 2 * state.rows + 1
        for d in rows:
            assert d.ink.right <= left - dot_r - 3, f"row {d.text} touches the dots: {tuple(d.ink)}"
            assert d.ink.left >= paper.left + 1, f"row {d.text} runs off the paper: {tuple(d.ink)}"
    finally:
        small.close()
