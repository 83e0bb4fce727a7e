"""The window opens at a size that fits the desktop, remembers how the player left it, and
`--size` still decides when given."""
import json

import pygame
import pytest

from boardhub.app import WINDOW_SAVE, App
from boardhub.core import saves
from boardhub.core.settings import Settings
from boardhub.launch import parse_size
from boardhub.ui import theme
from boardhub.ui.window import FRAME_ROOM, place_window

# a title bar and a panel or taskbar together: what a window must leave free of a desktop's height
TITLE_AND_PANEL = 70


def fits(size, desktop) -> bool:
    return size[0] <= desktop[0] and size[1] + TITLE_AND_PANEL <= desktop[1]


# ---------------------------------------------------------------- the size for a desktop
def test_a_small_laptop_gets_a_window_that_fits_with_its_frame():
    place = place_window([(1366, 768)])
    assert fits(place.size, (1366, 768))
    assert place.size[0] >= theme.MIN_SIZE[0] and place.size[1] >= theme.MIN_SIZE[1]
    assert not place.maximized
    assert place.size[1] > 768 * 0.8  # not a timid window on a small screen: most of its height


def test_a_large_desktop_gets_a_comfortable_window_not_a_fullscreen_one():
    for desktop in ((2560, 1440), (1920, 1080), (3840, 2160)):
        place = place_window([desktop])
        w, h = place.size
        assert w >= theme.BASE_SIZE[0] and h >= theme.BASE_SIZE[1], desktop
        assert w <= desktop[0] * 0.85 and h <= desktop[1] * 0.85, desktop
        assert not place.maximized and place.minimum == theme.MIN_SIZE


def test_every_desktop_from_small_to_large_gets_a_window_that_fits():
    for desktop in ((1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
                    (1920, 1200), (2560, 1600)):
        size = place_window([desktop]).size
        assert fits(size, desktop), (desktop, size)
        assert size[0] >= theme.MIN_SIZE[0] and size[1] >= theme.MIN_SIZE[1], (desktop, size)


def test_a_desktop_too_small_for_the_smallest_layout_gets_the_window_maximised():
    place = place_window([(800, 600)])
    assert place.maximized
    assert fits(place.size, (800, 600))
    # the window manager may make it as small as the screen allows, below the usual minimum
    assert place.minimum[0] <= 800 - FRAME_ROOM[0] and place.minimum[1] <= 600 - FRAME_ROOM[1]


def test_the_window_opens_on_the_first_desktop():
    assert place_window([(1366, 768), (2560, 1440)]) == place_window([(1366, 768)])


def test_an_odd_headless_desktop_gets_the_design_size():
    for desktops in ([], [(0, 0)], [(1, 1)], [(100, 5000)]):
        place = place_window(desktops)
        assert place.size == theme.BASE_SIZE and not place.maximized and place.minimum == theme.MIN_SIZE


# ---------------------------------------------------------------- the size remembered
def test_the_remembered_size_is_restored_where_it_fits():
    place = place_window([(1920, 1080)], (1000, 700), False)
    assert place.size == (1000, 700) and not place.maximized


def test_a_remembered_size_too_big_for_this_desktop_is_shrunk_to_fit():
    place = place_window([(1366, 768)], (2400, 1350), False)
    assert fits(place.size, (1366, 768))
    assert place.size == place_window([(1366, 768)], (5000, 5000)).size  # as large as fits


def test_a_remembered_size_below_the_minimum_is_grown_to_it():
    assert place_window([(1920, 1080)], (300, 200)).size == theme.MIN_SIZE


def test_nothing_remembered_or_nonsense_gives_the_size_that_fits():
    first = place_window([(1920, 1080)])
    assert place_window([(1920, 1080)], (0, 0)) == first
    assert place_window([(1920, 1080)], (-5, 900)) == first


def test_a_maximised_window_is_maximised_again_at_its_remembered_size():
    place = place_window([(1920, 1080)], (1100, 700), True)
    assert place.maximized and place.size == (1100, 700)


# ---------------------------------------------------------------- the settings file
def test_an_old_settings_file_without_the_window_loads_with_its_own_values(saves_folder):
    saves.write_json(saves.saves_dir() / "settings.json", "settings",
                     {"sound": False, "animation": "slow", "ava_delay": 2.0})
    s = Settings.load()
    assert s.sound is False and s.animation == "slow" and s.ava_delay == 2.0
    assert (s.window_width, s.window_height, s.window_maximized) == (0, 0, False)


def test_the_window_round_trips_through_the_settings_file(saves_folder):
    s = Settings()
    s.window_width, s.window_height, s.window_maximized = 1111, 666, True
    s.save()
    back = Settings.load()
    assert (back.window_width, back.window_height, back.window_maximized) == (1111, 666, True)


def test_window_values_of_the_wrong_kind_are_ignored(saves_folder):
    saves.write_json(saves.saves_dir() / "settings.json", "settings",
                     {"window_width": "wide", "window_height": [3], "window_maximized": "yes"})
    s = Settings.load()
    assert (s.window_width, s.window_height, s.window_maximized) == (0, 0, False)


# ---------------------------------------------------------------- the app follows the window
def resize(app: App, size) -> None:
    """What a player's drag does: the window gets the size, then the event says so."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


def saved() -> dict:
    return json.loads((saves.saves_dir() / "settings.json").read_text())


@pytest.fixture
def fitted_app():
    """The app as `python -m boardhub` opens it: no size given."""
    a = App()
    pygame.event.get()
    yield a
    a.close()


def test_with_no_size_the_app_opens_where_place_window_puts_it(fitted_app):
    expected = place_window(pygame.display.get_desktop_sizes())
    assert fitted_app.size == expected.size and fitted_app.remember_window


def test_the_app_opens_at_the_remembered_size(saves_folder):
    s = Settings()
    s.window_width, s.window_height = 1000, 640
    s.save()
    app = App()
    try:
        assert app.size == place_window(pygame.display.get_desktop_sizes(), (1000, 640)).size
    finally:
        app.close()


def test_resizes_and_maximising_are_remembered_and_saved(fitted_app, saves_folder):
    app = fitted_app
    app.open("menu")
    resize(app, (1000, 650))
    assert app.size == (1000, 650) and app.top.size == (1000, 650)
    assert (app.settings.window_width, app.settings.window_height) == (1000, 650)
    app.handle(pygame.event.Event(WINDOW_SAVE))  # the moment after the drag ends
    assert (saved()["window_width"], saved()["window_height"], saved()["window_maximized"]) == (1000, 650, False)
    # maximised: the event comes before the new size, which is the screen's, not the window's own
    app.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    resize(app, (1366, 749))
    assert app.size == (1366, 749)
    assert (app.settings.window_width, app.settings.window_height, app.settings.window_maximized) == (1000, 650, True)
    # to the taskbar and back: still maximised
    app.handle(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.handle(pygame.event.Event(pygame.WINDOWRESTORED))
    assert app.settings.window_maximized
    # restored: its own size again
    app.handle(pygame.event.Event(pygame.WINDOWRESTORED))
    resize(app, (1000, 650))
    assert not app.settings.window_maximized and app.settings.window_width == 1000


def test_the_window_is_saved_on_exit(saves_folder):
    app = App()
    pygame.event.get()
    resize(app, (900, 620))
    app.close()  # before the save the drag's end would have made
    back = Settings.load()
    assert (back.window_width, back.window_height) == (900, 620)


def test_a_drag_writes_the_settings_once_after_it_ends(fitted_app, saves_folder, monkeypatch):
    writes = []
    monkeypatch.setattr(Settings, "save", lambda self: writes.append(1))
    for step in range(20):
        resize(fitted_app, (900 + step, 620))
    assert writes == []
    deadline = pygame.time.get_ticks() + 3000
    while not writes and pygame.time.get_ticks() < deadline:
        for event in pygame.event.get():
            fitted_app.handle(event)
        pygame.time.wait(20)
    assert writes == [1]


def test_an_explicit_size_is_a_one_off_and_not_remembered(saves_folder):
    s = Settings()
    s.window_width, s.window_height = 1000, 640
    s.save()
    app = App((1280, 800))
    try:
        assert app.size == (1280, 800) and not app.remember_window
        resize(app, (900, 620))
        app.handle(pygame.event.Event(pygame.WINDOWMAXIMIZED))
        assert app.size == (900, 620)
    finally:
        app.close()
    back = Settings.load()
    assert (back.window_width, back.window_height, back.window_maximized) == (1000, 640, False)


def test_a_window_smaller_than_the_minimum_still_gets_the_minimum_layout(app):
    resize(app, (640, 480))
    assert app.size == theme.MIN_SIZE and app.top.size == theme.MIN_SIZE


# ---------------------------------------------------------------- --size
def test_size_on_the_command_line():
    assert parse_size("1024x640") == (1024, 640)
    assert parse_size("1920X1080") == (1920, 1080)
    with pytest.raises(ValueError, match="must look like 1280x800"):
        parse_size("big")
    with pytest.raises(ValueError, match="smallest window boardhub lays out is 800x600"):
        parse_size("640x480")


def test_a_bad_size_is_refused_in_words(capsys):
    from boardhub.launch import run
    with pytest.raises(SystemExit):
        run(["--size", "12x"])
    err = capsys.readouterr().err
    assert "--size must look like 1280x800" in err and "Traceback" not in err
