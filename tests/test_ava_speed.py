"""Each game keeps its own pace of AI vs AI: the slider on the game screen sets the current game's only."""
from __future__ import annotations

import pytest
from uidriver import click

from boardhub.core import saves
from boardhub.core.session import GameSession
from boardhub.core.settings import Settings
from boardhub.core.setup import GameSetup


def open_ava(app, game: str):
    app.open("game", GameSession.new(GameSetup.default(game, "ava"), app.start_worker))
    scene = app.top
    scene.match.paused = True  # no AI move needed: only the pace
    app.frame(0.016)
    return scene


def slide(app, scene, frac: float) -> float:
    """Click the speed slider's track at `frac` of its length, as a player would; the value it took."""
    track = scene.speed._track()
    click(app, (round(track.x + frac * track.width), track.centery))
    return scene.speed.value


def test_two_games_keep_two_speeds(app, saves_folder):
    dots = open_ava(app, "dots")
    assert dots.speed.value == 0.5  # never set: today's shared value
    fast = slide(app, dots, 0.0)
    assert fast == 0.0 and dots.match.timing.ai_delay == 0.0
    app.pop()
    davinci = open_ava(app, "davinci")
    assert davinci.speed.value == 0.5  # not the pace just given to Dots
    slow = slide(app, davinci, 1.0)
    assert slow == 2.0 and davinci.match.timing.ai_delay == 2.0
    app.pop()
    back = Settings.load()  # saved as each slider moved
    assert back.ava_delay_for("dots") == 0.0 and back.ava_delay_for("davinci") == 2.0
    assert back.ava_delay_for("gomoku") == 0.5
    again = open_ava(app, "dots")
    assert again.speed.value == 0.0 and again.match.timing.ai_delay == 0.0


def test_an_old_settings_file_with_one_speed_gives_it_to_every_game(saves_folder):
    saves.write_json(saves.saves_dir() / "settings.json", "settings", {"ava_delay": 1.5})
    s = Settings.load()
    assert s.problem == ""
    assert [s.ava_delay_for(g) for g in ("othello", "gomoku", "dots", "davinci")] == [1.5] * 4
    s.set_ava_delay("dots", 0.2)
    s.save()
    back = Settings.load()
    assert back.ava_delay_for("dots") == 0.2 and back.ava_delay_for("othello") == 1.5


@pytest.mark.parametrize("value", [[1.0], "fast", {str(i): 1.0 for i in range(65)}])
def test_speeds_of_the_wrong_shape_are_refused(saves_folder, value):
    saves.write_json(saves.saves_dir() / "settings.json", "settings", {"ava_delay": 1.0, "ava_delays": value})
    s = Settings.load()
    assert s.ava_delays == {} and "ava_delays" in s.problem and s.ava_delay_for("dots") == 1.0


def test_one_speed_out_of_range_gives_that_game_the_shared_pace(saves_folder):
    saves.write_json(saves.saves_dir() / "settings.json", "settings",
                     {"ava_delays": {"dots": -3, "gomoku": 1e300, "othello": True, "davinci": 1.25}})
    s = Settings.load()
    assert s.ava_delays == {"davinci": 1.25}
    assert s.ava_delay_for("dots") == s.ava_delay_for("gomoku") == s.ava_delay_for("othello") == 0.5


def test_two_windows_each_keep_the_speed_they_set(saves_folder):
    one, two = Settings.load(), Settings.load()
    one.set_ava_delay("dots", 0.1)
    two.set_ava_delay("gomoku", 1.9)
    one.save()
    two.save()
    back = Settings.load()
    assert back.ava_delay_for("dots") == 0.1 and back.ava_delay_for("gomoku") == 1.9
