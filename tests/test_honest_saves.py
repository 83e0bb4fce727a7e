"""Saves and stats that tell the truth: damaged files in words (and deletable), a list whose header
is right at its end, an AI's forfeit that is no win, stats that can be reset, one saves folder
however boardhub was installed (and the old checkout folder moved into it), the AI vs AI delay
kept as soon as it changes."""
import json
import time

import pygame
import pytest
from uidriver import click, frames

from boardhub.app import App
from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.rules import Outcome
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.settings import Settings
from boardhub.core.stats import Stats, result_for
from boardhub.scenes.result import ResultScene
from boardhub.scenes.saves_browser import SavesScene
from boardhub.scenes.stats import CONFIRM_SECONDS, StatsScene

DOTS = get_game("dots")


def game_data(seed: int = 1) -> dict:
    match = Match(DOTS, [Seat(), Seat("easy", "Easy AI")], {"rows": 2, "cols": 2}, seed=seed)
    match.play((0, 1))
    return {"format": saves.FORMAT, "kind": "game", **match.to_json(), "kind_of_game": "PvA",
            "players": "You vs Easy AI", "status": "move 2, You to move", "result": ""}


def write_games(folder, n: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        data = {**game_data(i), "updated": f"2026-01-{i + 1:02d}T12:00:00"}
        (folder / f"202601{i + 1:02d}-120000-dots-{i:06x}.json").write_text(json.dumps(data))


def open_browser(app) -> SavesScene:
    browser = app.open("saves")
    frames(app, 1)
    return browser


# ---------------------------------------------------------------- damaged files
DAMAGED = {
    "truncated.json": (lambda: json.dumps(game_data())[:40], "cut short"),
    "empty.json": (lambda: "", "cut short"),
    "picture.json": (lambda: "\x89PNG\r\n\x1a\n", "not a boardhub save"),
    "list.json": (lambda: "[1, 2, 3]", "not a boardhub save"),
    "future.json": (lambda: json.dumps({**game_data(), "format": saves.FORMAT + 1}), "from a newer boardhub"),
    "settings.json": (lambda: json.dumps({"format": 1, "kind": "settings"}), "not a saved game: it holds the settings"),
    "no_seats.json": (lambda: json.dumps({k: v for k, v in game_data().items() if k != "seats"}), "it has no seats"),
    "bad_seed.json": (lambda: json.dumps({**game_data(), "seed": "x"}), "damaged"),
    "chess.json": (lambda: json.dumps({**game_data(), "game": "chess"}), "a game this boardhub does not have"),
}


def test_damaged_files_are_described_in_words(app, saves_folder):
    folder = saves_folder / "games"
    folder.mkdir(parents=True)
    for name, (text, _) in DAMAGED.items():
        (folder / name).write_text(text(), encoding="latin-1")
    browser = open_browser(app)
    by_name = {e.path.name: e for e in browser.entries}
    for name, (_, words) in DAMAGED.items():
        entry = by_name[name]
        assert not entry.readable and words in entry.error, (name, entry.error)
        assert not any(w in entry.error for w in ("Error", "Expecting", "char ", "column")), (name, entry.error)
    assert browser.header().startswith(f"{len(DAMAGED)} files ({len(DAMAGED)} cannot be opened) in ")
    frames(app, 2)


def test_a_damaged_file_can_be_deleted_after_a_confirmation(app, saves_folder):
    write_games(saves_folder / "games", 1)
    bad = saves_folder / "games" / "truncated.json"
    bad.write_text(json.dumps(game_data())[:40])
    browser = open_browser(app)
    browser.select(next(i for i, e in enumerate(browser.entries) if e.path == bad))
    assert browser.delete_button.enabled and not browser.open_button.enabled
    click(app, browser.delete_button.rect.center)
    assert bad.exists() and browser.delete_button.label == "Delete: sure?"
    for _ in range(int(CONFIRM_SECONDS / 0.25) + 2):  # unconfirmed, the question goes away
        app.frame(0.25)
    assert browser.delete_button.label == "Delete"
    click(app, browser.delete_button.rect.center)
    assert bad.exists()
    click(app, browser.delete_button.rect.center)
    assert not bad.exists() and browser.message == "Deleted truncated.json"
    assert [e.readable for e in browser.entries] == [True]  # the good game is still there


# ---------------------------------------------------------------- the end of a long list
def test_the_header_is_right_at_the_end_of_a_long_list(app, saves_folder):
    write_games(saves_folder / "games", 20)
    browser = open_browser(app)
    rows = browser.visible_rows
    assert 1 < rows < 20
    assert browser.header().startswith("20 saved games in ")
    assert browser.position() == f"1-{rows} of 20: scroll down for more"
    browser.select(19)
    frames(app, 1)
    assert browser.position() == f"{21 - rows}-20 of 20: scroll up for more"
    browser.select(10)
    browser.scroll = 5
    assert browser.position() == f"6-{5 + rows} of 20: scroll up or down for more"
    browser.select(19)
    for _ in range(2):  # delete the last game at the end of the list: no empty row, the count follows
        click(app, browser.delete_button.rect.center)
    assert len(browser.entries) == 19 and browser.header().startswith("19 saved games in ")
    assert browser.scroll + rows == 19
    assert browser.position() == f"{20 - rows}-19 of 19: scroll up for more"
    frames(app, 1)


# ---------------------------------------------------------------- forfeits and the stats
def test_an_ai_forfeit_is_not_counted_as_a_win():
    human_wins_by_forfeit = Outcome(0, (), "error", "Easy AI stopped with an internal error")
    assert result_for(human_wins_by_forfeit, 0) == "forfeit"
    assert result_for(Outcome(0, (), "time", "late"), 0) == "forfeit"
    assert result_for(Outcome(0, (), "illegal", "f5 is taken"), 0) == "forfeit"
    assert result_for(Outcome(None, (), "error", "in a game of three"), 0) == "forfeit"
    assert result_for(Outcome(0, (), "forbidden", "a double four"), 0) == "win"  # Renju's rule: the play
    assert result_for(Outcome(0, (3, 1), "score"), 0) == "win"
    assert result_for(Outcome(1, (1, 3), "score"), 0) == "loss"


def test_a_game_the_ai_forfeits_counts_apart_and_the_panels_say_so(app):
    setup = GameSetup("dots", (None, "py:aihelpers:crashing"), {"rows": 2, "cols": 2}, 0.5, False, "pva")
    scene = app.open("game", GameSession.new(setup, app.start_worker))
    scene.match.play((0, 1))
    end = time.monotonic() + 20
    while not isinstance(app.top, ResultScene) and time.monotonic() < end:
        frames(app, 1, 0.01)
    assert isinstance(app.top, ResultScene)
    stats = Stats.load()
    assert stats.table.get("dots", {}).get("py:aihelpers:crashing") is None  # no win, no draw, no loss
    assert stats.forfeits["dots"]["py:aihelpers:crashing"] == 1
    lines = [text for text, _ in app.top.lines]
    assert "Py aihelpers crashing AI stopped with an internal error" in " ".join(lines)  # wrapped to fit
    assert "Not a win in your stats: AI forfeits count apart" in lines
    assert "So far against this AI: 0 won, 0 drawn, 0 lost" in lines and "and 1 game this AI forfeited" in lines
    app.reset("menu")
    page = app.open("stats")
    rows = [v for kind, v in page.lines if kind == "row"]
    assert rows == [("Py aihelpers crashing AI", 0, 0, 0, 1, "-")]
    frames(app, 1)


def test_old_stats_files_without_forfeits_still_load(saves_folder):
    saves.write_json(saves_folder / "stats.json", "stats", {"games": {"dots": {"easy": [2, 1, 0]}}})
    stats = Stats.load()
    assert not stats.error and stats.rows("dots") == [("easy", 2, 1, 0, 0)]
    stats.record("dots", "easy", "forfeit")
    assert json.loads((saves_folder / "stats.json").read_text())["games"] == {"dots": {"easy": [2, 1, 0]}}
    assert Stats.load().rows("dots") == [("easy", 2, 1, 0, 1)]


# ---------------------------------------------------------------- reset
def test_stats_are_reset_after_a_confirmation(app, saves_folder):
    stats = Stats()
    stats.record("dots", "easy", "win")
    stats.record("othello", "gtp:false", "forfeit")
    page = app.open("stats")
    frames(app, 1)
    assert isinstance(page, StatsScene) and [k for k, _ in page.lines].count("row") == 2
    click(app, page.reset_button.rect.center)
    assert page.reset_button.label == "Reset: sure?" and not Stats.load().empty  # the first click only asks
    for _ in range(int(CONFIRM_SECONDS / 0.25) + 2):
        app.frame(0.25)
    assert page.reset_button.label == "Reset stats"
    click(app, page.reset_button.rect.center)
    assert not Stats.load().empty
    click(app, page.reset_button.rect.center)
    assert Stats.load().empty and [k for k, _ in page.lines].count("row") == 0
    assert "start again" in page.message
    frames(app, 1)


def test_a_damaged_stats_file_can_be_reset(app, saves_folder):
    path = saves_folder / "stats.json"
    saves_folder.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "kind": "stats", "games": {"dots": 7}}')
    page = app.open("stats")
    frames(app, 1)
    assert "damaged" in page.stats.error and "(" not in page.stats.error
    click(app, page.reset_button.rect.center)
    click(app, page.reset_button.rect.center)
    assert not page.stats.error and not Stats.load().error
    frames(app, 1)


# ---------------------------------------------------------------- one saves folder
@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A source checkout with the saves/ folder of versions before, and the default saves folder."""
    root = tmp_path / "checkout"
    (root / "saves" / "games").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'boardhub'\n")
    monkeypatch.setattr(saves, "CHECKOUT", root)
    monkeypatch.delenv("BOARDHUB_SAVES")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where the user's data folder is on Linux
    monkeypatch.setenv("APPDATA", str(tmp_path / "data"))  # and on Windows
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # and the home folder, on macOS
    return root


def test_an_editable_install_keeps_its_saves_in_the_user_data_folder(checkout, tmp_path, monkeypatch):
    assert saves.saves_dir() == saves.user_data_dir() and tmp_path / "checkout" not in saves.saves_dir().parents
    monkeypatch.setattr(saves, "CHECKOUT", saves.Path(saves.__file__).resolve().parents[2])  # this very checkout
    assert saves.saves_dir() == saves.user_data_dir() and saves.CHECKOUT not in saves.saves_dir().parents
    monkeypatch.setenv("BOARDHUB_SAVES", str(tmp_path / "chosen"))
    assert saves.saves_dir() == tmp_path / "chosen"


def test_an_old_saves_folder_is_offered_only_when_it_has_files(checkout, monkeypatch, tmp_path):
    assert saves.old_saves_dir() is None  # an empty folder is nothing to move
    (checkout / "saves" / "PvP.txt").write_text("0 1\n")
    assert saves.old_saves_dir() == checkout / "saves"
    monkeypatch.setenv("BOARDHUB_SAVES", str(tmp_path / "chosen"))
    assert saves.old_saves_dir() is None  # a folder chosen by hand: its owner knows where the saves are
    monkeypatch.setenv("BOARDHUB_SAVES", str(checkout / "saves"))
    assert saves.old_saves_dir() is None


def test_the_old_saves_folder_moves_in_without_overwriting(checkout, tmp_path):
    old = checkout / "saves"
    new = saves.user_data_dir()
    (old / "games" / "20250101-120000-dots-abcdef.json").write_text(json.dumps(game_data()))
    saves.write_json(old / "stats.json", "stats", {"games": {"dots": {"easy": [2, 0, 1]}}})
    saves.write_json(old / "settings.json", "settings", {"sound": False})
    (old / "PvA.txt").write_text("0 1\n")
    new.mkdir(parents=True)
    saves.write_json(new / "stats.json", "stats", {"games": {"dots": {"easy": [1, 1, 0], "hard": [0, 0, 3]}},
                                                    "forfeits": {"othello": {"gtp:false": 1}}})
    saves.write_json(new / "settings.json", "settings", {"sound": True})
    before = (new / "settings.json").read_bytes()

    app = App((1280, 800))
    try:
        app.open("menu")
        browser = open_browser(app)
        assert browser.old_folder == old and browser.move_button.visible
        assert browser.list_rect.top >= browser.offer_rect.bottom  # the offer covers no row
        frames(app, 1)
        click(app, browser.move_button.rect.center)
        assert not old.exists()  # every file moved, the folder gone
        assert browser.old_folder is None and not browser.move_button.visible
        assert [e.path.name for e in browser.entries] == ["20250101-120000-dots-abcdef.json"]
        assert browser.message.startswith("Moved 2 files into ")
        assert browser.message.endswith("; stats.json added to the one there; "
                                        "kept beside the newer ones: settings.json as settings-old.json")
        frames(app, 1)
    finally:
        app.close()
    stats = Stats.load()
    assert stats.table == {"dots": {"easy": [3, 1, 1], "hard": [0, 0, 3]}}
    assert stats.forfeits == {"othello": {"gtp:false": 1}}
    assert (new / "PvA.txt").read_text() == "0 1\n"
    assert json.loads((new / "settings-old.json").read_text())["sound"] is False
    assert json.loads((new / "settings.json").read_text())["sound"] is True and before


def test_settings_that_move_in_apply_at_once(checkout, tmp_path):
    old = checkout / "saves"
    saves.write_json(old / "settings.json", "settings", {"sound": False, "ava_delay": 1.5})
    app = App((1280, 800))
    try:
        app.open("menu")
        browser = open_browser(app)
        click(app, browser.move_button.rect.center)
        assert app.settings.sound is False and app.settings.ava_delay == 1.5
    finally:
        app.close()  # writes the settings: the ones that moved in, not the defaults
    assert Settings.load().ava_delay == 1.5


def test_a_file_that_cannot_move_stays_and_is_reported(checkout, tmp_path, monkeypatch):
    old = checkout / "saves"
    (old / "PvP.txt").write_text("0 1\n")
    (old / "AvA.txt").write_text("1 0\n")

    real = saves._move_file

    def refuse(src, dst):
        if src.name == "AvA.txt":
            raise PermissionError(13, "Permission denied")
        real(src, dst)
    monkeypatch.setattr(saves, "_move_file", refuse)
    report = saves.move_old_saves(old)
    assert report.moved == ["PvP.txt"] and report.failed == ["AvA.txt (permission denied)"]
    assert (old / "AvA.txt").exists() and saves.old_saves_dir() == old  # still offered


# ---------------------------------------------------------------- the AI vs AI delay
def test_the_ai_vs_ai_delay_is_saved_when_it_changes(app):
    setup = GameSetup("dots", ("easy", "easy"), {"rows": 2, "cols": 2}, 0.5, False, "ava")
    scene = app.open("game", GameSession.new(setup, app.start_worker))
    frames(app, 2)
    assert scene.speed.visible
    slider = scene.speed
    track = slider._track()
    pos = (round(track.x + track.width * 0.75), track.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(0.016)
    assert slider.value == pytest.approx(1.5)
    assert Settings.load().ava_delay_for("dots") == pytest.approx(1.5)  # saved now, with no clean exit
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.016)
