"""The board's own buttons (Values, Numbers, Hints, Face up, each on and off) read whole at the
smallest window in every language: a label cut to "Evaluation:..." says nothing."""
import pytest

from boardhub.app import App
from boardhub.core import i18n
from boardhub.core.game import GAME_KEYS
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.ui import theme


@pytest.fixture(scope="module")
def small_app(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDHUB_SAVES", str(tmp_path_factory.mktemp("buttons-saves")))
        app = App(theme.MIN_SIZE)
        app.open("menu")
        yield app
        app.close()


def whole(label: str, rect) -> bool:
    """The label fits its button, shrunk at most to the smallest text, without an ellipsis."""
    room = rect.width - rect.height * 0.5
    px = theme.fit_size(label, rect.height * 0.58, room)
    return theme.fit(label, px, room) == theme.shown(label)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize("mode", ["pva", "ava"])
def test_the_board_buttons_read_whole_at_800x600(small_app, key, mode, code):
    app = small_app
    i18n.set_language(code)
    try:
        setup = GameSetup.default(key, mode)
        app.open("game", GameSession.new(setup, app.start_worker))
        game = app.top
        game.match.paused = True
        cut = []
        for _ in range(2):  # each toggle off, then on
            app.frame(0.016)
            cut += [i18n._(b.label) for b in game.action_buttons if b.visible and not whole(i18n._(b.label), b.rect)]
            for b in list(game.action_buttons):
                if b.visible:
                    b.on_click()
        assert not cut, f"cut at 800x600: {cut}"
    finally:
        i18n.set_language(i18n.SOURCE)
        app.reset("menu")
