"""The setup screen headless, driven with synthetic events: what it shows for each set-up,
selectors that stop at their ends, the last setup kept across restarts, engines started
(and refused) before a game begins, and the keys a line of text takes."""
import json
import shlex
import sys
import time
from pathlib import Path

import pygame
import pytest
from uidriver import click, frames, key

from boardhub.app import App
from boardhub.core import saves
from boardhub.core.game import all_games, get_game
from boardhub.core.setup import GameSetup
from boardhub.scenes.game import GameScene
from boardhub.scenes.setup import SetupScene
from boardhub.ui import theme, widgets

TESTS = Path(__file__).resolve().parent
FAKE_OTHELLO = TESTS / "fake_othello_engine.py"
FAKE_PBRAIN = TESTS / "fake_pbrain.py"


def open_setup(app, key_: str, mode: str) -> SetupScene:
    """The setup as the menu opens it: a click on the mode's button on the game's card."""
    menu = app.top
    game, _, buttons = next(card for card in menu.cards if card[0].key == key_)
    click(app, dict(zip(("pvp", "pva", "ava"), buttons))[mode].rect.center)
    assert isinstance(app.top, SetupScene) and app.top.game is game
    return app.top


def left(choice):
    return choice.rect.x + 4, choice.rect.centery


def right(choice):
    return choice.rect.right - 4, choice.rect.centery


def labels(setup: SetupScene) -> list[str]:
    return [label for label, _ in setup.rows]


def option(setup: SetupScene, key_: str):
    return next(c for o, c in setup.option_choices if o.key == key_)


def engine_command(script: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(script), *args])


def choose_engine(app, setup: SetupScene, seat: int, command: str) -> None:
    """Step the seat's choice to its engine with clicks, then type the command into the field below it."""
    choice = setup.seat_choices[seat]
    while not setup._is_engine(choice.value):
        click(app, right(choice))
    field = setup.engine_fields[seat]
    click(app, field.rect.center)
    assert field.focused
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=command))
    frames(app, 1)
    assert field.text == command


def wait_for_check(app, setup: SetupScene, limit: float = 15.0) -> None:
    """Frames until the engines being started have answered (or failed)."""
    end = time.monotonic() + limit
    while setup.check is not None:
        assert time.monotonic() < end, "the engine check never ended"
        frames(app, 1)
        time.sleep(0.02)
    frames(app, 1)


# ---------------------------------------------------------------- what is shown
def test_forbidden_moves_show_under_renju_only(app):
    setup = open_setup(app, "gomoku", "pva")
    rule, forbidden = option(setup, "rule"), option(setup, "forbidden_loses")
    assert rule.value == "renju" and forbidden in list(setup.widgets()) and "Forbidden moves" in labels(setup)
    rule_at = rule.rect.copy()
    click(app, right(rule))  # freestyle
    assert rule.value == "freestyle"
    assert forbidden not in list(setup.widgets()) and "Forbidden moves" not in labels(setup)
    click(app, right(rule))  # standard: no forbidden moves either
    assert rule.value == "standard" and forbidden not in list(setup.widgets())
    assert rule.rect == rule_at  # the choice clicked stays under the mouse
    click(app, forbidden.rect.center)  # where it was: nothing hidden takes a click
    assert forbidden.value is False
    click(app, left(rule))
    click(app, left(rule))
    assert rule.value == "renju" and forbidden in list(setup.widgets())


def test_the_move_limit_and_referee_show_only_when_an_ai_plays(app):
    setup = open_setup(app, "othello", "pvp")
    shown = list(setup.widgets())
    assert setup.limit not in shown and setup.referee not in shown
    assert "AI move limit" not in labels(setup) and "Referee" not in labels(setup)
    assert setup.swap_button not in shown  # two humans: swapping changes nothing
    click(app, right(setup.seat_choices[1]))  # the second seat becomes an AI
    shown = list(setup.widgets())
    assert setup.current_mode() == "pva"
    assert setup.limit in shown and setup.referee in shown and setup.swap_button in shown
    assert {"Time control", "Referee"} <= set(labels(setup))
    assert setup.limit.label.startswith("AI move limit")  # on the time control's row: no clock, a limit a move
    assert setup.limit.rect.y == setup.clock.rect.y and not setup.limit.rect.colliderect(setup.clock.rect)
    click(app, setup.mode_buttons[0].rect.center)  # Player vs Player again
    assert setup.limit not in list(setup.widgets())


def test_option_labels_say_what_they_mean():
    texts = [label for g in all_games() for o in g.options for label in (o.label, *o.labels)]
    assert not [t for t in texts if "(source)" in t or "(official)" in t]
    davinci = {o.key: o for o in get_game("davinci").options}
    assert "the official rules" in davinci["deal_jokers"].label_of(False)
    assert "variant" in davinci["deal_jokers"].label_of(True)  # a player's word, not the source document's


# ---------------------------------------------------------------- selectors
def test_number_selectors_stop_at_their_ends(app):
    setup = open_setup(app, "dots", "pvp")
    rows = option(setup, "rows")
    top = rows.values[-1]
    for _ in range(len(rows.values) + 3):
        click(app, right(rows))
    assert rows.value == top  # never round to the smallest
    click(app, right(rows))
    assert rows.value == top
    for _ in range(len(rows.values) + 3):
        click(app, left(rows))
    assert rows.value == rows.values[0]


def test_a_choice_at_its_end_does_not_report_a_change(monkeypatch):
    changes = []
    choice = widgets.Choice((1, 2, 3), ("1", "2", "3"), 3, changes.append)
    choice.rect = pygame.Rect(0, 0, 200, 30)
    for _ in range(2):
        assert choice.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(196, 15), button=1))
    choice.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(4, 15), button=1))
    assert choice.value == 2 and changes == [2]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (100, 15))  # the wheel turns over the choice
    for _ in range(3):
        choice.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert choice.value == 1 and changes == [2, 1]
    for _ in range(4):
        choice.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert choice.value == 3 and changes == [2, 1, 2, 3]


def test_choosing_an_engine_moves_no_arrow(app):
    setup = open_setup(app, "gomoku", "pva")
    seat = setup.seat_choices[1]
    before = [c.rect.copy() for c in setup.seat_choices] + [c.rect.copy() for _, c in setup.option_choices]
    while not setup._is_engine(seat.value):
        click(app, right(seat))
        assert [c.rect for c in setup.seat_choices] + [c.rect for _, c in setup.option_choices] == before
    field = setup.engine_fields[1]
    assert field.visible and field.rect.top >= seat.rect.bottom  # its command line opens below it
    click(app, left(seat))
    assert not field.visible and seat.rect == before[1]


def test_more_players_add_seats_below_the_choice_that_asked_for_them(app):
    setup = open_setup(app, "davinci", "pva")
    players = option(setup, "players")
    at = players.rect.copy()
    click(app, right(players))
    click(app, right(players))
    assert players.value == 4 and len(setup.seat_choices) == 4 and players.rect == at
    assert all(c.rect.top > players.rect.bottom for c in setup.seat_choices)
    buttons = (setup.start_button, setup.back_button, setup.source_button)  # the bottom row
    assert all(w.rect.bottom <= setup.start_button.rect.top for w in setup.widgets() if w not in buttons)


# ---------------------------------------------------------------- remembered
def test_the_last_setup_of_each_game_and_mode_survives_a_restart(saves_folder):
    first = App((1280, 800))
    try:
        first.open("menu")
        setup = open_setup(first, "othello", "pva")
        click(first, right(setup.seat_choices[1]))
        click(first, right(setup.limit))
        click(first, setup.referee.rect.center)
        chosen = setup.setup()
        assert chosen != GameSetup.default("othello", "pva")
        click(first, setup.start_button.rect.center)
        assert isinstance(first.top, GameScene)
    finally:
        first.close()
    stored = json.loads((saves_folder / "settings.json").read_text())
    assert stored["last_setups"]["othello/pva"]["seats"] == list(chosen.seats)

    second = App((1280, 800))
    try:
        second.open("menu")
        again = open_setup(second, "othello", "pva")
        assert again.setup() == chosen
        second.pop()
        other = open_setup(second, "othello", "ava")  # another mode keeps its own
        assert other.setup() == GameSetup.default("othello", "ava")
    finally:
        second.close()


def test_a_stored_setup_no_longer_valid_is_passed_over_quietly(saves_folder):
    good = GameSetup.default("gomoku", "pva").fields()
    broken = {
        "othello/pva": {**GameSetup.default("othello", "pva").fields(), "seats": [None, "nosuch"]},
        "gomoku/pva": {**good, "options": {**good["options"], "size": 17}},
        "dots/pva": {**GameSetup.default("dots", "pva").fields(), "limit": "fast"},
        "davinci/pva": "not a setup",
    }
    saves.write_json(saves_folder / "settings.json", "settings", {"sound": False, "last_setups": broken})
    app = App((1280, 800))
    try:
        assert app.settings.sound is False  # the rest of the file still counts
        app.open("menu")
        for game in ("othello", "gomoku", "dots", "davinci"):
            setup = open_setup(app, game, "pva")
            assert setup.setup() == GameSetup.default(game, "pva") and not setup.error
            app.pop()
    finally:
        app.close()


def test_a_settings_file_from_before_still_loads(saves_folder):
    saves.write_json(saves_folder / "settings.json", "settings", {"sound": False, "animation": "fast"})
    from boardhub.core.settings import Settings
    loaded = Settings.load()
    assert loaded.sound is False and loaded.animation == "fast" and loaded.last_setups == {}


def test_every_default_setup_round_trips_through_its_stored_form():
    for game in all_games():
        for mode in ("pvp", "pva", "ava"):
            setup = GameSetup.default(game.key, mode)
            assert GameSetup.from_fields(json.loads(json.dumps(setup.fields()))) == setup
    engine = GameSetup("othello", (None, "gtp:edax -gtp"), {"hint_level": 5}, 1.0, True, "pva")
    assert GameSetup.from_fields(engine.fields()) == engine
    for bad in ({**engine.fields(), "seats": [None, "pbrain:x"]}, {**engine.fields(), "mode": "solo"},
                {**engine.fields(), "seats": [None]}, {**engine.fields(), "referee": "yes"}, [], None):
        with pytest.raises(ValueError):
            GameSetup.from_fields(bad)


# ---------------------------------------------------------------- engines at Start
def test_a_missing_engine_program_is_reported_and_no_game_starts(app):
    setup = open_setup(app, "othello", "pva")
    choose_engine(app, setup, 1, "/no/such/engine -gtp")
    click(app, setup.start_button.rect.center)
    assert app.top is setup and setup.check is None
    assert "Cannot find the engine program '/no/such/engine'" in setup.error
    assert app.settings.last_setup("othello", "pva") is None


def test_an_engine_that_exits_at_once_is_reported_and_no_game_starts(app):
    setup = open_setup(app, "othello", "pva")
    choose_engine(app, setup, 1, "false")
    click(app, setup.start_button.rect.center)
    wait_for_check(app, setup)
    assert app.top is setup and not isinstance(app.top, GameScene)
    assert setup.error == "The engine 'false' stopped at start (exit code 1)"
    assert app.settings.last_setup("othello", "pva") is None  # only a setup that started is kept


def test_an_engine_that_refuses_its_greeting_is_reported_in_words(app):
    setup = open_setup(app, "othello", "pva")
    choose_engine(app, setup, 1, engine_command(FAKE_OTHELLO, "--protocol", "gtp", "--mode", "refuse"))
    setup.start()
    assert setup.check is not None and not setup.start_button.enabled
    frames(app, 2)  # the window goes on drawing meanwhile, with a word of what it waits for
    wait_for_check(app, setup)
    assert app.top is setup and "fake_othello_engine" in setup.error and "8x8" in setup.error
    assert "Error" not in setup.error and ".py" not in setup.error and setup.start_button.enabled


def test_a_silent_engine_is_reported_and_no_game_starts(app):
    setup = open_setup(app, "gomoku", "pva")
    choose_engine(app, setup, 1, engine_command(FAKE_PBRAIN, "--mode", "mute"))
    key(app, pygame.K_RETURN)  # Enter in the command line starts, as the Start button does
    assert setup.check is not None
    wait_for_check(app, setup)
    assert app.top is setup
    assert setup.error.startswith("The engine 'fake_pbrain' did not answer")


def test_an_engine_that_answers_starts_the_game(app):
    setup = open_setup(app, "othello", "pva")
    choose_engine(app, setup, 1, engine_command(FAKE_OTHELLO, "--protocol", "gtp"))
    assert setup.seat_values()[1].startswith("gtp:")  # the first engine protocol in the list
    click(app, setup.start_button.rect.center)
    wait_for_check(app, setup)
    game = app.top
    assert isinstance(game, GameScene), setup.error
    assert game.match.seats[1].ai == setup.seat_values()[1]
    assert app.settings.last_setup("othello", "pva")["seats"][1] == setup.seat_values()[1]


def test_leaving_while_an_engine_starts_opens_no_game(app):
    menu = app.top
    setup = open_setup(app, "gomoku", "pva")
    choose_engine(app, setup, 1, engine_command(FAKE_PBRAIN, "--mode", "mute"))
    setup.start()
    click(app, setup.mode_buttons[0].rect.center)  # the setup waits: nothing changes under it
    assert setup._is_engine(setup.seat_choices[1].value)
    check = setup.check
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    while not check.done:  # the engine is given its time to answer, then ended
        frames(app, 1)
        time.sleep(0.05)
    frames(app, 2)
    assert app.top is menu and "did not answer" in check.problem


# ---------------------------------------------------------------- a line of text
@pytest.fixture
def field():
    pygame.init()
    f = widgets.TextField("edax -gtp", placeholder="the engine's program and arguments")
    f.rect = pygame.Rect(10, 10, 400, 36)
    f.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    assert f.focused
    return f


def press(f, k, mod=0):
    return f.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def type_text(f, text):
    return f.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_ctrl_a_selects_all_and_typing_replaces_it(field):
    assert press(field, pygame.K_a, pygame.KMOD_LCTRL) and field.all_selected
    type_text(field, "n")
    assert field.text == "n" and not field.all_selected
    type_text(field, "test")
    assert field.text == "ntest"
    press(field, pygame.K_a, pygame.KMOD_CTRL)
    press(field, pygame.K_BACKSPACE)
    assert field.text == ""


def test_ctrl_backspace_deletes_a_word(field):
    field.text = "python engine.py --mode  "
    press(field, pygame.K_BACKSPACE, pygame.KMOD_LCTRL)
    assert field.text == "python engine.py "
    press(field, pygame.K_BACKSPACE, pygame.KMOD_RCTRL)
    assert field.text == "python "
    press(field, pygame.K_BACKSPACE)
    assert field.text == "python"
    press(field, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    press(field, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    assert field.text == ""


def test_paste_adds_one_line_or_replaces_a_selection(field, monkeypatch):
    monkeypatch.setattr(widgets, "clipboard_text", lambda: " -l 10\n")
    press(field, pygame.K_v, pygame.KMOD_LCTRL)
    assert field.text == "edax -gtp -l 10 "
    monkeypatch.setattr(widgets, "clipboard_text", lambda: "/opt/edax/edax")
    press(field, pygame.K_a, pygame.KMOD_CTRL)
    press(field, pygame.K_v, pygame.KMOD_CTRL)
    assert field.text == "/opt/edax/edax"


def test_the_caret_follows_the_placeholder(field, monkeypatch):
    field.text = ""
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)  # the caret's visible half of its blink
    surface = pygame.Surface((420, 60))
    field.draw(surface)
    width = theme.font(int(field.rect.height * 0.5)).size(field.placeholder)[0]
    column = [x for x in range(field.rect.x, field.rect.right)
              if all(surface.get_at((x, y))[:3] == theme.TEXT for y in range(field.rect.y + 9, field.rect.bottom - 9))]
    assert column and min(column) > field.rect.x + 10 + width - 2  # after the placeholder, not over its start


@pytest.mark.parametrize("typed", ["~nosuchuser/engine", "a\x00b", "x" * 5000])
def test_an_engine_path_that_names_nothing_is_said_in_words(typed):
    from boardhub.scenes.setup import _is_file

    assert _is_file(typed) is False


def test_an_engine_seat_with_an_opening_rule_is_refused_in_words_before_anything_starts(app):
    setup = open_setup(app, "gomoku", "pva")
    choose_engine(app, setup, 1, "pbrain-nowhere")
    rule = option(setup, "renju_opening")
    click(app, right(rule))
    assert rule.value == "soosorv8"
    setup.start()
    assert setup.check is None and "no opening rule" in setup.error
    click(app, left(rule))
    setup.start()  # then the engine's own problem: no such program
    assert setup.check is None and "no opening rule" not in setup.error and "pbrain-nowhere" in setup.error
