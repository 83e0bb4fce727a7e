"""Names typed for the human seats in the setup: they name the game's seats, its save and its resumed game,
come back in the next setup by seat position, and an empty field keeps the seat's own name."""
import json

import pygame
from uidriver import click, frames, key

from boardhub.app import App
from boardhub.core import saves
from boardhub.core.match_text import players_text
from boardhub.core.seat_names import MAX_TYPED, seat_names, typed_name
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup
from boardhub.scenes.game import GameScene
from boardhub.scenes.menu import MenuScene
from boardhub.scenes.setup import SetupScene


def open_setup(app, game: str, mode: str) -> SetupScene:
    menu = app.top
    _entry, _, buttons = next(card for card in menu.cards if card[0].key == game)
    click(app, dict(zip(("pvp", "pva", "ava"), buttons))[mode].rect.center)
    assert isinstance(app.top, SetupScene)
    return app.top


def tab_to(app, setup: SetupScene, widget) -> None:
    """Tab through the setup until `widget` has the keys (the way a player without a mouse gets there)."""
    for _ in range(40):
        key(app, pygame.K_TAB)
        if setup.focus.current() is widget and setup.focus.shown:
            assert widget.focused
            return
    raise AssertionError("Tab never reached the field")


def type_in(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


def test_names_typed_in_the_setup_name_the_seats_and_the_save_and_come_back_on_resume(saves_folder):
    app = App((800, 600))
    try:
        app.open("menu")
        setup = open_setup(app, "othello", "pvp")
        assert all(f.visible for f in setup.name_fields)  # both seats are human
        tab_to(app, setup, setup.name_fields[0])
        type_in(app, "Alice")
        tab_to(app, setup, setup.name_fields[1])
        type_in(app, "민수")
        click(app, setup.start_button.rect.center)
        scene = app.top
        assert isinstance(scene, GameScene)
        assert [s.label for s in scene.match.seats] == ["Alice", "민수"]
        assert "Alice" in players_text(scene.match.seats) and "민수" in players_text(scene.match.seats)
        scene.match.play(scene.match.parse("f5"))
        frames(app, 1)
        saved = json.loads(scene.session.save_path.read_text())
        assert [s["name"] for s in saved["seats"]] == ["Alice", "민수"]
        assert GameSetup.of_match(scene.match).names == ("Alice", "민수")  # Play again and Change setup keep them
        app.reset("menu")
        frames(app, 1)
        menu = app.top
        assert isinstance(menu, MenuScene)
        click(app, menu.continue_button.rect.center)
        resumed = app.top
        assert isinstance(resumed, GameScene) and resumed is not scene
        assert [s.label for s in resumed.match.seats] == ["Alice", "민수"]
        assert len(resumed.match.history) == 1
    finally:
        app.close()


def test_names_are_remembered_by_seat_for_the_next_game(saves_folder):
    app = App((1280, 800))
    try:
        app.open("menu")
        setup = open_setup(app, "dots", "pvp")
        click(app, setup.name_fields[1].rect.center)
        type_in(app, "Bora")
        click(app, setup.start_button.rect.center)
        assert isinstance(app.top, GameScene)
    finally:
        app.close()
    assert json.loads((saves_folder / "settings.json").read_text())["seat_names"] == ["", "Bora"]

    again = App((1280, 800))
    try:
        again.open("menu")
        setup = open_setup(again, "gomoku", "pvp")  # another game: the seat position keeps the name
        assert [f.text for f in setup.name_fields] == ["", "Bora"]
        assert setup.setup().names == ("", "Bora")
        assert [s.label for s in setup.setup().match().seats] == ["Player 1", "Bora"]
    finally:
        again.close()


def test_an_empty_name_gives_the_seat_its_own_name(saves_folder):
    app = App((1280, 800))
    try:
        app.open("menu")
        setup = open_setup(app, "othello", "pva")
        assert [f.visible for f in setup.name_fields] == [True, False]  # the AI's seat has no name to type
        type_in(app, "   ")  # nothing has the keys yet: nothing is typed anywhere
        setup.name_fields[0].text = "   "
        assert setup.setup().names == ()
        click(app, setup.start_button.rect.center)
        assert [s.name for s in app.top.match.seats][0] == "You"
    finally:
        app.close()
    assert seat_names([None, None], ("", "")) == ["Player 1", "Player 2"]


def test_a_hostile_name_is_cleaned_and_cut():
    hostile = "Eve\x00\x1b[31m\n\u202e" + "x" * 10_000
    name = typed_name(hostile)
    assert len(name) <= MAX_TYPED and name.startswith("Eve")
    assert all(c.isprintable() and c not in "\x00\x1b\n\u202e" for c in name)
    seats = GameSetup("othello", (None, None), {}, mode="pvp", names=(hostile, "\t")).match().seats
    assert seats[0].name == name and seats[1].name == "Player 2"
    assert typed_name(12) == "" and typed_name(None) == ""


def test_the_settings_check_the_remembered_names(saves_folder):
    path = saves_folder / "settings.json"
    saves.write_json(path, "settings", {"seat_names": ["Ann\x07" + "y" * 60, "", "Cy"]})
    assert Settings.load().seat_names == ["Ann" + "y" * (MAX_TYPED - 3), "", "Cy"]
    for bad in ([1, 2], "Ann", ["x"] * 100, ["z" * 100_000]):
        saves.write_json(path, "settings", {"seat_names": bad, "sound": False})
        loaded = Settings.load()
        assert loaded.seat_names == [] and "seat_names" in loaded.problem and loaded.sound is False
    saves.write_json(path, "settings", {"sound": False})  # a file from before names: loads, with none
    assert Settings.load().seat_names == [] and not Settings.load().problem


def test_a_game_of_default_names_gives_a_setup_with_none_typed():
    """A game saved before names (its seats "Player 1", "You") starts again with the seats' own names."""
    for seats, mode in (((None, None), "pvp"), ((None, "greedy:1"), "pva")):
        match = GameSetup("othello", seats, {}, mode=mode).match()
        assert GameSetup.of_match(match).names == () and GameSetup.of_match(match) == GameSetup(
            "othello", seats, {}, mode=mode)
