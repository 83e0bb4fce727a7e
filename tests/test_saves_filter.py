"""The saved games' filter (game, unfinished, finished) and the removal of abandoned games in one action."""
import os
from datetime import datetime, timedelta

import pygame
import pytest
from uidriver import click, frames, key

from boardhub.core import locks, saves
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.i18n import _
from boardhub.core.match import Match
from boardhub.core.saved_games import ABANDONED_DAYS
from boardhub.core.setup import make_seats
from boardhub.scenes.saves_browser import SavesScene
from boardhub.ui import theme


def write_save(name: str, game_key: str, finished: bool, days_ago: float = 0.0):
    """A two-human game in the games folder, last played `days_ago` days ago, with no moves yet."""
    game = get_game(game_key)
    options = {o.key: o.default for o in game.options}
    match = Match(game, make_seats([None] * game.rules.num_players(options)), options, seed=1)
    stamp = (datetime.now() - timedelta(days=days_ago)).isoformat(timespec="milliseconds")
    path = saves.games_dir() / f"{name}.json"
    saves.write_game(path, {**match.to_json(), "kind_of_game": "PvP", "created": stamp, "updated": stamp,
                            "result": "Player 1 wins" if finished else "", "players": "Player 1 vs Player 2",
                            "status": "Game over" if finished else "Player 1 to move"})
    return path


def choose(app, choice, value):
    """Click the choice's right arrow (or its left one) until it shows `value`, as a player would."""
    for _ in range(len(choice.values) * 2):
        if choice.value == value:
            return
        right = choice.values.index(value) > choice.index
        r = choice.rect
        click(app, (r.right - 2 if right else r.x + 2, r.centery))
    assert choice.value == value


def drawn_texts(app) -> list[str]:
    with theme.recording() as drawn:
        app.top.draw(app.screen)
    return [d.text for d in drawn]


def test_each_filter_choice_lists_the_right_games_and_is_remembered(app):
    made = {}
    for n, game_key in enumerate(GAME_KEYS):
        made[game_key, "unfinished"] = write_save(f"{game_key}-going", game_key, False, days_ago=n)
        made[game_key, "finished"] = write_save(f"{game_key}-done", game_key, True, days_ago=n + 0.5)
    damaged = saves.games_dir() / "damaged.json"
    saves.atomic_write_text(damaged, '{"format": 1, "kind": "ga')
    browser = app.open("saves")
    frames(app, 1)
    assert isinstance(browser, SavesScene)
    assert {e.path for e in browser.entries} == {*made.values(), damaged}
    for game_key in (None, *GAME_KEYS):
        choose(app, browser.game_choice, game_key)
        for state in ("all", "unfinished", "finished"):
            choose(app, browser.state_choice, state)
            want = {path for (k, s), path in made.items() if game_key in (None, k) and state in ("all", s)}
            if game_key is None and state == "all":
                want.add(damaged)  # a file that cannot be used has neither a game nor a state
            assert {e.path for e in browser.entries} == want, (game_key, state)
            assert browser.current is None or browser.current.path in want
    # the selected game stays selected where the filter still shows it
    choose(app, browser.game_choice, None)
    choose(app, browser.state_choice, "unfinished")
    browser.select([e.path for e in browser.entries].index(made["gomoku", "unfinished"]))
    choose(app, browser.state_choice, "all")  # one step back: the game still shows
    assert browser.current.path == made["gomoku", "unfinished"]
    assert browser.scroll <= browser.selected < browser.scroll + browser.visible_rows
    choose(app, browser.state_choice, "finished")  # a filter that hides it: the first row
    assert browser.selected == 0 and browser.scroll == 0 and not browser.current.path.name.endswith("going.json")

    # an empty result says so in words
    made["othello", "unfinished"].unlink()
    browser.refresh()
    choose(app, browser.game_choice, "othello")
    choose(app, browser.state_choice, "unfinished")
    assert browser.entries == [] and browser.current is None and not browser.open_button.enabled
    assert any("No saved game fits this filter" in t for t in drawn_texts(app))

    # remembered while the app runs: the browser opened again shows the same filter
    app.pop()
    again = app.open("saves")
    frames(app, 1)
    assert (again.game_choice.value, again.state_choice.value) == ("othello", "unfinished")
    assert again.entries == []


def test_the_filter_changes_by_keys(app):
    going = write_save("dots-going", "dots", False)
    done = write_save("othello-done", "othello", True)
    browser = app.open("saves")
    frames(app, 1)
    key(app, pygame.K_TAB)  # the first key shows the ring on the first control: the game's filter
    assert browser.focus.shown and browser.focus.current() is browser.game_choice
    key(app, pygame.K_RIGHT)
    assert browser.game_choice.value == GAME_KEYS[0]
    key(app, pygame.K_LEFT)
    assert browser.game_choice.value is None
    key(app, pygame.K_TAB)
    assert browser.focus.current() is browser.state_choice
    key(app, pygame.K_RETURN)
    assert browser.state_choice.value == "unfinished" and [e.path for e in browser.entries] == [going]
    key(app, pygame.K_RETURN)
    assert browser.state_choice.value == "finished" and [e.path for e in browser.entries] == [done]
    key(app, pygame.K_RETURN)  # Enter goes round to the first value again
    assert browser.state_choice.value == "all" and len(browser.entries) == 2
    key(app, pygame.K_DOWN)  # Up and Down still move through the list
    assert browser.current.path == [e.path for e in browser.entries][1]


@pytest.fixture
def held_elsewhere():
    """Hold a game's lock as another boardhub window does: the system's lock on its own descriptor."""
    fcntl = pytest.importorskip("fcntl")
    fds = []

    def hold(path):
        lock = locks.lock_path(path)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fds.append(fd)
    yield hold
    for fd in fds:
        os.close(fd)


def test_removing_abandoned_games_asks_then_removes_only_those(app, held_elsewhere):
    old = ABANDONED_DAYS + 1
    gone = [write_save("old-1", "dots", False, days_ago=old), write_save("old-2", "gomoku", False, days_ago=old + 30)]
    held = write_save("old-held", "othello", False, days_ago=old)
    stay = [write_save("recent", "dots", False, days_ago=ABANDONED_DAYS - 1),
            write_save("old-finished", "davinci", True, days_ago=old), held]
    damaged = saves.games_dir() / "damaged.json"
    saves.atomic_write_text(damaged, '{"format": 1, "kind": "ga')
    os.utime(damaged, (0, 0))  # as old as can be, yet not a game that is known to be unfinished
    held_elsewhere(held)
    contents = {p: p.read_bytes() for p in [*stay, damaged]}
    browser = app.open("saves")
    frames(app, 1)
    choose(app, browser.state_choice, "finished")  # the removal is of every game, whatever the list shows

    # cancelling removes nothing
    click(app, browser.remove_button.rect.center)
    assert browser.confirm is not None
    assert "Remove 3 unfinished games" in browser.confirm.text and f"{ABANDONED_DAYS} days" in browser.confirm.text
    click(app, browser.confirm.no.rect.center)
    assert browser.confirm is None and all(p.exists() for p in [*gone, *stay, damaged])

    # Escape cancels too
    click(app, browser.remove_button.rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.top is browser and browser.confirm is None and all(p.exists() for p in [*gone, *stay, damaged])

    click(app, browser.remove_button.rect.center)
    click(app, browser.confirm.yes.rect.center)
    assert browser.confirm is None
    assert not any(p.exists() for p in gone)
    assert {p: p.read_bytes() for p in [*stay, damaged]} == contents  # nothing else changes
    assert "Removed 2 abandoned games" in browser.message and "old-held.json" in browser.message \
        and "in use" in browser.message and browser.message_color == theme.ERROR
    assert {e.path for e in browser.all_entries} == {*stay, damaged}

    # asked again with nothing abandoned but the held one: one game
    click(app, browser.remove_button.rect.center)
    assert "Remove 1 unfinished game " in browser.confirm.text
    click(app, browser.confirm.no.rect.center)


def test_no_abandoned_game_says_so_and_asks_nothing(app):
    recent = write_save("recent", "dots", False, days_ago=1)
    finished = write_save("old-finished", "dots", True, days_ago=ABANDONED_DAYS + 5)
    browser = app.open("saves")
    frames(app, 1)
    click(app, browser.remove_button.rect.center)
    assert browser.confirm is None and f"more than {ABANDONED_DAYS} days ago" in browser.message
    assert recent.exists() and finished.exists()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_filter_row_and_the_question_fit_the_smallest_window(language):
    """At 800x600 every filter value and the question before the removal show whole, each in its place
    (the module test_text_fits checks the screen itself; the question lies over it, which that check
    would take for texts running into each other)."""
    from boardhub.app import App
    from boardhub.core import i18n
    app = App((800, 600))
    try:
        app.open("menu")
        app.set_language(language)
        for n, game_key in enumerate(GAME_KEYS):
            write_save(f"{game_key}-old", game_key, False, days_ago=ABANDONED_DAYS + 1 + n)
        browser = app.open("saves")
        frames(app, 1)
        for choice in (browser.game_choice, browser.state_choice):
            for value in choice.values:
                choice.set(value)
                texts = drawn_texts(app)
                assert choice.label in texts, (value, [t for t in texts if "…" in t])
        assert _(browser.remove_button.label) in drawn_texts(app)
        browser.ask_remove_abandoned()
        with theme.recording() as drawn:
            browser.draw(app.screen)
        box = browser.confirm.rect
        own = [d for d in drawn if box.contains(d.ink) and d.ink.width]
        assert not any("…" in d.text for d in own)
        joined = "".join(d.text for d in own if d.text not in (_("Remove them"), _("Cancel")))
        assert joined.replace(" ", "") == (_("Remove abandoned games?") + browser.confirm.text).replace(" ", "")
    finally:
        i18n.set_language("en")
        app.close()
