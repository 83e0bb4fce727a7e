"""A damaged settings file is kept, never written over, and the menu says so once."""
from __future__ import annotations

from boardhub.app import App
from boardhub.core.settings import Settings


def test_a_damaged_settings_file_is_kept_and_reported(saves_folder):
    saves_folder.mkdir(parents=True, exist_ok=True)
    damaged = b'{"format": 1, "kind": "settings", "sound": fal'
    (saves_folder / "settings.json").write_bytes(damaged)
    app = App((1280, 800))
    try:
        menu = app.open("menu")
        app.frame(0.016)
        assert "settings" in menu.error and "settings-damaged.json" in menu.error
        assert (saves_folder / "settings-damaged.json").read_bytes() == damaged
        assert app.settings == Settings()  # the defaults apply
        app.settings.sound = False
    finally:
        app.close()
    assert Settings.load().sound is False  # a good file is written anew; the damaged one stays beside it
    assert (saves_folder / "settings-damaged.json").read_bytes() == damaged
    again = App((1280, 800))
    try:
        assert again.open("menu").error == ""  # said once
    finally:
        again.close()


def test_good_settings_load_without_a_problem(saves_folder):
    s = Settings(sound=False, ava_delay=1.5)
    s.save()
    loaded = Settings.load()
    assert loaded == s and loaded.problem == ""
