"""The position editor driven as a player would: synthetic clicks and keys from the setup to a game."""
import pygame
from uidriver import click, key

from boardhub.core.game import get_game
from boardhub.core.modes import Mode
from boardhub.core.setup import GameSetup
from boardhub.games.gomoku.engine import parse_point
from boardhub.games.othello.engine import BLACK, START, WHITE, parse_square
from boardhub.scenes.editor import EditorScene
from boardhub.scenes.game import GameScene
from boardhub.scenes.setup import SetupScene
from boardhub.ui import theme

EDAX_START = "---------------------------OX------XO--------------------------- X"


def open_editor(app, game: str, mode: str = "pva") -> EditorScene:
    app.open("setup", GameSetup.default(game, mode))
    key(app, pygame.K_e, pygame.KMOD_CTRL)  # Ctrl+E on the setup
    assert isinstance(app.top, EditorScene)
    return app.top


def at(editor: EditorScene, place) -> tuple[int, int]:
    x, y = editor.board.place_xy(place)
    return round(x), round(y)


def right_click(app, pos):
    click(app, pos, button=3)


def test_othello_discs_by_mouse_and_keys_then_play_from_here_with_the_setups_seats(app):
    editor = open_editor(app, "othello")
    assert editor.state == START  # it opens on the usual start
    a1 = parse_square("a1")
    click(app, at(editor, a1))
    assert editor.state.disc(a1) == BLACK
    click(app, at(editor, a1))
    assert editor.state.disc(a1) == WHITE
    right_click(app, at(editor, a1))
    assert editor.state.disc(a1) is None
    # the keys: the first arrow shows the cursor, the next ones move it; X, O and Delete put and take
    key(app, pygame.K_RIGHT)
    assert editor.cursor == a1  # where the mouse last changed a place
    key(app, pygame.K_RIGHT)
    assert editor.cursor == a1 + 1
    key(app, pygame.K_UP)
    assert editor.cursor == a1 + 1  # nothing above row 1, at the top
    key(app, pygame.K_DOWN)
    assert editor.cursor == parse_square("b2")
    here = editor.cursor
    key(app, pygame.K_x)
    assert editor.state.disc(here) == BLACK
    key(app, pygame.K_SPACE)
    assert editor.state.disc(here) == WHITE
    key(app, pygame.K_DELETE)
    assert editor.state.disc(here) is None
    key(app, pygame.K_o)
    key(app, pygame.K_t)  # white to move
    assert editor.state.player == WHITE
    expected = editor.state
    click(app, editor.play_button.rect.center)
    assert isinstance(app.top, GameScene)
    match = app.top.match
    assert match.start == expected and match.position is not None
    assert match.seats[0].is_human and not match.seats[1].is_human  # the setup's seats


def test_a_position_no_game_can_have_is_refused_in_words_and_the_editor_stays(app):
    editor = open_editor(app, "othello")
    key(app, pygame.K_c)  # an empty board: nobody can move
    assert editor.state.black == editor.state.white == 0
    key(app, pygame.K_p)
    assert app.top is editor and "over" in editor.status()[0]
    key(app, pygame.K_s)  # the usual start again
    assert editor.state == START


def test_import_reads_a_board_string_and_hostile_text_changes_nothing(app, tmp_path):
    editor = open_editor(app, "othello")
    key(app, pygame.K_c)
    before = editor.state
    for hostile in ("X" * 100_000, "f5\x00d6", EDAX_START[:40], str(tmp_path / "nowhere.txt"), "../" * 50):
        editor.field.text = hostile[:editor.field.max_chars]
        click(app, editor.import_button.rect.center)
        assert editor.state == before and editor.message_color == theme.ERROR and editor.message
        assert "Traceback" not in editor.message and "Error" not in editor.message
    path = tmp_path / "position.txt"
    path.write_text("*" + EDAX_START[1:].replace("-", ".").replace("X", "*") + "\n")
    editor.field.text = str(path)
    click(app, editor.import_button.rect.center)
    assert editor.state.disc(parse_square("a1")) == BLACK and editor.state.counts() == (3, 2)
    click(app, editor.export_button.rect.center)
    assert editor.field.text == "X" + EDAX_START[1:]  # written in the canonical spelling


def test_gomoku_stones_then_analyse_opens_a_game_of_people_with_hints(app):
    editor = open_editor(app, "gomoku")
    size = editor.state.size
    for name in ("j10", "k10", "j11"):
        click(app, at(editor, parse_point(name, size)))
    assert editor.state.board.count(1) == 3  # three clicks, three black stones: no count a game has
    assert "as many" in editor.status()[0]
    click(app, at(editor, parse_point("k10", size)))  # black to white
    assert editor.state.player == 1
    key(app, pygame.K_t)  # the stones decide: refused in words, nothing changes
    assert editor.state.player == 1 and "stones" in editor.message
    key(app, pygame.K_a)
    assert isinstance(app.top, GameScene)
    session = app.top.session
    assert session.match.mode is Mode.PVP and session.offers_hints
    assert session.match.start.moves and session.match.to_move == 1


def test_dots_lines_and_owners_on_a_smaller_rectangle(app):
    editor = open_editor(app, "dots", "pvp")
    rows, cols = (c for _o, c in editor.size_choices)
    click(app, rows.rect.midleft)  # one fewer row of boxes: a new board of 3 x 4
    assert editor.state.rows == 3 and editor.state.cols == 4
    for line in ((0, 1), (1, 0), (1, 2), (2, 1)):
        click(app, at(editor, line))
    assert editor.state.owners[0] == 0 and editor.state.scores == (1, 0)  # the mover drew its last line
    click(app, at(editor, (1, 1)))  # the box to the second player
    assert editor.state.owners[0] == 1
    click(app, at(editor, (1, 3)))  # a box with no lines has no owner: said, and nothing changes
    assert editor.state.owners[1] == -1 and editor.message
    right_click(app, at(editor, (0, 1)))  # a line of the box taken away: the box is nobody's again
    assert editor.state.owners[0] == -1 and editor.state.scores == (0, 0)
    click(app, at(editor, (0, 1)))
    click(app, at(editor, (1, 1)))
    key(app, pygame.K_t)
    expected = editor.state
    click(app, editor.play_button.rect.center)
    match = app.top.match
    assert match.start == expected and match.options["rows"] == 3 and match.to_move == 1


def test_the_setup_remembers_the_position_for_its_game_only(app):
    editor = open_editor(app, "othello", "pvp")
    click(app, at(editor, parse_square("a1")))
    click(app, editor.play_button.rect.center)
    game = app.top
    assert game.session.setup.position is not None  # Play again starts from it
    assert "position" not in app.settings.last_setup("othello", "pvp")  # the next new game starts as usual
    app.open("setup", game.session.setup)  # Change setup: the position comes with the game's setup
    assert isinstance(app.top, SetupScene) and app.top.position == game.session.setup.position
    assert app.top.setup().position == game.session.setup.position
    assert get_game("othello").position.write(game.match.start) == game.session.setup.position


def test_a_board_size_changed_in_the_setup_after_editing_is_refused_in_words(app):
    editor = open_editor(app, "gomoku", "pvp")
    size_choice = editor.size_choices[0][1]
    size_choice.set(15)
    editor.resize()
    click(app, at(editor, parse_point("h8", 15)))
    click(app, editor.play_button.rect.center)
    played = app.top.session.setup
    app.pop()
    app.open("setup", played)  # Change setup: the game's setup, its position with it
    setup = app.top
    assert setup.position is not None
    for option, choice in setup.option_choices:
        if option.key == "size":
            choice.set(19)
    click(app, setup.start_button.rect.center)
    assert app.top is setup and "15 x 15" in setup.error


def test_export_of_a_game_from_a_position_writes_only_the_records_that_hold_it(app, saves_folder):
    editor = open_editor(app, "othello", "pvp")
    click(app, at(editor, parse_square("a1")))
    click(app, editor.play_button.rect.center)
    app.top.export()  # a transcript is moves from the usual start: it would be another game
    assert "edited position" in app.top.message.text and not list(saves_folder.glob("othello-*.txt"))
    app.pop()
    editor = open_editor(app, "gomoku", "pvp")
    click(app, at(editor, parse_point("j10", 19)))
    click(app, editor.play_button.rect.center)
    app.top.export()
    psq = next(saves_folder.glob("gomoku-*.psq")).read_text()
    assert psq.splitlines()[1:] == ["10,10,0"]  # the edited position's stone, as the first move


def test_the_letter_of_the_key_that_plays_from_here_is_not_typed_into_the_game(app):
    """P plays from the editor; the P's text, which SDL sends after the key, is not a move typed in the game."""
    open_editor(app, "othello")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="p"))
    app.frame(0.016)
    game = app.top
    assert isinstance(game, GameScene) and game.keys.text == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="d"))  # what is typed next is typed
    app.frame(0.016)
    assert game.keys.text == "d"
