"""The setup as a player reads it: every AI described whole (never cut with "..."), selectors as
tall as the window allows rather than squeezed over empty space, and names and descriptions in
a player's words, not the developers' ("as in the source document", "Our own")."""
import pytest

from boardhub.core import i18n
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.ladder import ladder_specs
from boardhub.core.seat_names import seat_label
from boardhub.core.setup import GameSetup
from boardhub.ui import theme

DEVELOPER_WORDS = ("source document", "the source's", "our own", "seed ", "원작", "자체 ai")


@pytest.fixture(scope="module", params=[(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def sized(request, tmp_path_factory):
    """The app at the smallest and a large window, on its menu."""
    from boardhub.app import App
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOARDHUB_SAVES", str(tmp_path_factory.mktemp("setup-saves")))
        app = App(request.param)
        app.open("menu")
        yield app
        app.close()


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_ai_is_described_whole(sized, key):
    app = sized
    app.open("setup", GameSetup.default(key, "pva"))
    setup = app.top
    seat = next(i for i, c in enumerate(setup.seat_choices) if c.value is not None)
    for spec in ladder_specs(setup.game):
        setup.seat_choices[seat].set(spec)
        setup.seat_changed(seat)
        whole = setup.detail_text()
        with theme.recording() as drawn:
            setup.draw(app.screen)
        box = [d.text for d in drawn if setup.message_box.contains(d.rect)]
        assert not any(t.endswith("…") for t in box), f"{spec} cut: {box}"
        assert " ".join(box).split() == whole.split(), f"{spec}: {box} is not {whole!r}"
    app.pop()


@pytest.mark.parametrize("key", ["gomoku", "davinci"])
def test_the_selectors_keep_a_readable_height(sized, key):
    app = sized
    app.open("setup", GameSetup.default(key, "pva"))
    setup = app.top
    s = theme.scale(app.size)
    tall = [c.rect.height for c in setup.seat_choices] + [c.rect.height for _o, c in setup.option_choices if c.visible]
    assert min(tall) >= min(28, 40 * s), f"choices squeezed to {min(tall)} px at {app.size}"
    app.pop()


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_ais_and_options_are_named_in_a_player_s_words(code):
    i18n.set_language(code)
    try:
        shown = []
        for key in GAME_KEYS:
            game = get_game(key)
            shown += [i18n._(e.blurb) for e in game.ai_entries]
            shown += [seat_label(spec) for spec in ladder_specs(game)]
            shown += [i18n._(o.label_of(c)) for o in game.options for c in o.choices]
        found = [t for t in shown if any(w in t.lower() for w in DEVELOPER_WORDS)]
        assert not found, f"developer wording on screen ({code}): {found}"
    finally:
        i18n.set_language(i18n.SOURCE)


def test_a_game_saved_under_an_ai_s_former_name_shows_its_name_of_today():
    from boardhub.core.seat_names import shown_name
    assert shown_name("seed:hard", "Seed hard AI") == "Classic hard AI"
    assert shown_name("seed:normal", "Seed normal AI 2") == "Classic normal AI 2"
    assert shown_name("seed:hard", "My own name") == "My own name"
