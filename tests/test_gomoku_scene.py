"""The Gomoku board in the app, headless: clicks, refusals, forbidden points and the winning line."""
from uidriver import click, key

from boardhub.core.game import get_game
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.games.gomoku.ui.board import FORBIDDEN, STONE, WIN_LINE
from boardhub.scenes.game import GameScene

GOMOKU = get_game("gomoku")


def pvp(app, **options) -> GameScene:
    opts = {"size": 19, "rule": "renju", "forbidden_loses": False, **options}
    setup = GameSetup(GOMOKU.key, (None, None), opts, 0.5, False, "pvp")
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    return app.top


def at(size, x, y):
    return y * size + x


def test_a_click_puts_a_stone_on_the_point(app):
    game = pvp(app)
    h8 = GOMOKU.rules.move_from_text("h8")
    pos = tuple(round(v) for v in game.board.point_xy(h8))
    click(app, (pos[0] + 3, pos[1] - 2))  # near enough to the intersection
    assert game.match.moves == [h8]
    for _ in range(40):
        app.frame(0.016)
    edge = (pos[0] + round(game.board.cell * 0.3), pos[1])
    assert app.screen.get_at(edge)[:3] == STONE[0]
    click(app, pos)
    assert game.match.moves == [h8] and "taken" in game.message.text


def test_black_sees_its_forbidden_points_and_a_click_on_one_is_refused(app):
    game = pvp(app)
    n = 19
    # black: two across and two down that would both become open threes at k10
    black = [at(n, 8, 9), at(n, 9, 9), at(n, 10, 8), at(n, 10, 7)]
    white = [at(n, 0, 0), at(n, 0, 18), at(n, 18, 0), at(n, 18, 18)]
    game.match.replay([p for pair in zip(black, white) for p in pair])
    for _ in range(3):
        app.frame(0.016)
    k10 = at(n, 10, 9)
    assert game.board.forbidden(game.match.state).get(k10) == "double three"
    x, y = (round(v) for v in game.board.point_xy(k10))
    assert app.screen.get_at((x, y))[:3] == FORBIDDEN
    click(app, (x, y))
    assert len(game.match.moves) == 8 and "forbidden" in game.message.text and "double three" in game.message.text


def test_five_in_a_row_ends_the_game_and_shows_the_line(app):
    game = pvp(app, rule="freestyle", size=15)
    n = 15
    moves = []
    for k in range(4):
        moves += [at(n, 3 + k, 7), at(n, 3 + k, 2)]
    game.match.replay(moves)
    last = at(n, 7, 7)
    x, y = (round(v) for v in game.board.point_xy(last))
    click(app, (x, y))
    assert game.match.is_over and game.match.outcome.winner == 0
    for _ in range(20):  # the stone grows in; the result panel comes later
        app.frame(0.016)
    mx, my = (round(v) for v in game.board.point_xy(at(n, 5, 7)))  # the middle stone of the five
    band = (mx, my - round(game.board.cell * 0.56))  # beside the stones, round the five
    assert app.screen.get_at(band)[:3] == WIN_LINE
    assert app.screen.get_at((mx, my))[:3] == STONE[0]  # never through a stone (nor its move number)


def test_numbers_toggle_on_the_board(app):
    game = pvp(app)
    button = game.action_buttons[0]
    click(app, button.rect.center)
    assert game.board.numbers and button.label == "Numbers: on"


def test_records_export_as_a_move_list_and_psq_and_import_back(app, saves_folder):
    game = pvp(app, size=15)
    for text in ("h8", "i9", "j10"):
        game.match.play(game.match.parse(text))
    click(app, game.record_buttons[0].rect.center)
    txt = next(saves_folder.glob("gomoku-*.txt"))
    psq = next(saves_folder.glob("gomoku-*.psq"))
    assert txt.read_text().split() == ["h8", "i9", "j10"]
    assert psq.read_text().lower().startswith("piskvork")
    click(app, game.record_buttons[1].rect.center)
    panel = app.top
    panel.field.text = "h8 i9 h8"
    panel.load()
    assert "Move 3" in panel.error or "move 3" in panel.error
    game.match.undo()
    panel.field.text = str(psq)
    panel.load()
    assert app.top is panel and panel.pending is not None  # the game's moves would go: it asks first
    panel.load()
    assert app.top is game and [game.match.text(m) for m in game.match.moves] == ["h8", "i9", "j10"]


def test_a_15_by_15_game_saves_and_resumes_in_its_own_notation(app):
    from boardhub.core.match import Match
    game = pvp(app, size=15)
    game.match.play(game.match.parse("h8"))
    data = game.match.to_json()
    assert data["moves"] == ["h8"]
    assert Match.from_json(GOMOKU, data).state == game.match.state


def typed(app, text):
    """Type `text` and press Enter, as a player types a move."""
    import pygame
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame(0.016)
    key(app, pygame.K_RETURN)


def test_swap2_is_played_by_keys_with_its_steps_in_words_and_the_seats_colours_follow_a_swap(app):
    import pygame
    game = pvp(app, rule="freestyle", size=15, opening="swap2")
    assert "place 3 stones (2 black, 1 white)" in game.board.banner(game.match)
    key(app, pygame.K_RETURN)  # the first key shows the cursor near the centre
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert len(game.match.state.moves) == 3 and game.match.state.phase == "answer"
    assert "swap (take black), play white" in game.board.banner(game.match)
    labels = [b.label for b in game.action_buttons]
    assert "Swap" in labels and "Place 2 more" in labels
    second = game.match.moves[1]
    assert game.board.move_label(0, second, game.match.states[1], None, ()) == \
        GOMOKU.rules.move_to_text(second, game.match.state) + ", white"  # the 2nd stone is white
    key(app, pygame.K_p, pygame.KMOD_CTRL)  # Place 2 more
    assert game.match.state.phase == "place2"
    typed(app, "a1")
    typed(app, "o15")
    assert game.match.state.phase == "choose" and [b.label for b in game.action_buttons][:2] == \
        ["Take black", "Take white"]
    button = next(b for b in game.action_buttons if b.label == "Take white")
    click(app, button.rect.center)  # the button of a step that came after another's plays its own choice
    state = game.match.state
    assert state.swapped and game.match.to_move == 0 and game.board.seat_color(0) == STONE[1]
    assert game.board.move_label(0, "white", None, None, ()) == "takes white"


def test_soosorv_offers_are_marked_on_the_board_and_a_click_keeps_one(app):
    import pygame
    from boardhub.games.gomoku.ui.board import OFFER
    game = pvp(app, size=15, renju_opening="soosorv8")
    for text in ("h8", "h9", "h10", "stay", "h6"):
        typed(app, text)
    assert "declare how many fifth moves" in game.board.banner(game.match)
    plus = next(b for b in game.action_buttons if b.label == "+")
    click(app, plus.rect.center)
    click(app, next(b for b in game.action_buttons if b.label == "Declare").rect.center)
    assert game.match.state.wanted == 2
    key(app, pygame.K_k, pygame.KMOD_CTRL)  # black stays black
    typed(app, "g7")
    typed(app, "i7")  # g7's mirror image: refused
    assert "symmetry" in game.message.text and len(game.match.state.offers) == 1
    key(app, pygame.K_ESCAPE)  # a refused move stays typed, to be mended: Esc clears it
    typed(app, "j7")
    for _ in range(3):
        app.frame(0.016)
    j7 = GOMOKU.rules.move_from_text("j7", game.match.state)
    x, y = (round(v) for v in game.board.point_xy(j7))
    ring = round(game.board.cell * 0.44)  # inside the ring's width
    assert game.match.state.offers == (GOMOKU.rules.move_from_text("g7", game.match.state), j7), game.keys.text
    assert any(app.screen.get_at((x + d, y))[:3] == OFFER for d in range(ring - 6, ring + 3))
    assert "choose one of the offered" in game.board.banner(game.match)
    click(app, (x, y))
    assert game.match.state.phase == "" and game.match.state.board[j7] == 1
    assert game.board.move_label(1, j7, game.match.states[-2], None, ()) == "keeps j7 as the 5th move"


def test_a_hint_at_an_opening_choice_is_said_in_words_and_rings_no_point(app):
    from boardhub.core.review import Verdict
    from boardhub.scenes import game_frame
    game = pvp(app, rule="freestyle", size=15, opening="swap2")
    for text in ("h8", "h9", "i9"):
        game.session.play(game.match.parse(text))
    assert game.board.target_xy("swap") is None and game.board.target_xy(None) is None
    game.board.draw_mark(app.screen, "swap", (0, 0, 0), "Best", 1.0, game.match.state)  # draws nothing, no error
    hint = type("Hint", (), {"verdict": Verdict(50.0, "swap", confident=False), "text": ""})()
    assert "swaps colours" in game_frame.hint_words(game, hint)


def test_soosorv_shows_the_square_where_each_of_the_first_three_stones_may_go(app):
    from boardhub.games.gomoku.ui.board import OFFER
    game = pvp(app, size=15, renju_opening="soosorv8")
    game.session.play(game.match.parse("h8"))
    for _ in range(3):
        app.frame(0.016)
    x, y = (round(v) for v in game.board.point_xy(GOMOKU.rules.move_from_text("h8", game.match.state)))
    edge = round(game.board.cell * 1.4)  # the 3 x 3 square's side, between its ring of points and the next
    assert any(app.screen.get_at((x + d, y))[:3] == OFFER for d in range(edge - 4, edge + 5))


def test_the_move_list_marks_each_move_with_the_stone_its_seat_held_then(app):
    import pygame
    game = pvp(app, rule="freestyle", size=15, opening="swap2")
    typed(app, "h8")  # seat 0 places black, white, black
    typed(app, "h9")
    typed(app, "i9")
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # seat 1 swaps: it takes black, seat 0 plays white from now on
    assert game.match.state.swapped

    def mark(draw) -> tuple:
        surface = pygame.Surface((20, 20))
        draw(surface)
        return tuple(surface.get_at((10, 10)))[:3]
    assert mark(lambda s: game.board.draw_seat_icon(s, (10, 10), 8, 0)) == STONE[1]  # seat 0 is white now
    assert mark(lambda s: game.board.draw_move_icon(s, (10, 10), 8, game.match, 0)) == STONE[0]  # it placed black
    assert mark(lambda s: game.board.draw_move_icon(s, (10, 10), 8, game.match, 3)) == STONE[1]  # swapped as white
