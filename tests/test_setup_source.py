"""The setup's "As in the source": one click (or Ctrl+O) sets every field as the game's source plays it,
says in words what it set, and is remembered like any setup."""
import pygame
import pytest

from boardhub.core.game import get_game
from boardhub.core.modes import Mode
from boardhub.core.setup import GameSetup
from boardhub.games.gomoku.engine import GomokuRules
from boardhub.ui import theme


@pytest.fixture
def app(tmp_path, monkeypatch):
    from boardhub.app import App
    monkeypatch.setenv("BOARDHUB_SAVES", str(tmp_path))
    app = App((800, 600))
    app.open("menu")
    yield app
    app.close()


def click(app, widget) -> None:
    pos = widget.rect.center
    pygame.mouse.set_pos(pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.top.process_event(pygame.event.Event(kind, pos=pos, button=1))


def ctrl_o(app) -> None:
    app.top.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_LCTRL, unicode="o"))


def shown_text(app) -> str:
    with theme.recording() as drawn:
        app.top.draw(app.screen)
    return " ".join(d.text for d in drawn if app.top.message_box.contains(d.rect))


def test_dots_as_in_the_source_in_each_mode(app):
    app.settings.ai_delay = 3.0
    app.settings.set_ava_delay("dots", 2.0)
    for mode, seats in ((Mode.PVA, (None, "hard")), (Mode.AVA, ("hard", "hard")), (Mode.PVP, (None, None))):
        start = GameSetup("dots", GameSetup.default("dots", mode).seats, {"rows": 6, "cols": 3, "quick_start": True},
                          2.0, mode is not Mode.AVA, mode)
        app.open("setup", start)
        click(app, app.top.source_button)
        got = app.top.setup()
        assert got.options == {"rows": 4, "cols": 4, "quick_start": False}
        assert (got.seats, got.mode, got.limit, got.referee) == (seats, mode, 0.5, mode is Mode.AVA)
        assert "4 x 4 boxes" in shown_text(app).replace("\n", " ")
        app.pop()
    # the pauses before AI moves are settings: 1 s against a person, 0.5 s a move in AI vs AI (this game's)
    assert app.settings.ai_delay == 1.0 and app.settings.ava_delay_for("dots") == 0.5


def test_gomoku_as_in_the_source_holds_every_ai_to_half_a_second_in_every_mode(app):
    for mode in Mode:
        app.open("setup", GameSetup("gomoku", GameSetup.default("gomoku", mode).seats,
                                    {"size": 15, "rule": "freestyle", "forbidden_loses": False}, 5.0, False, mode))
        ctrl_o(app)
        got = app.top.setup()
        assert got.options == {"size": 19, "rule": "renju", "forbidden_loses": True, "opening": "none",
                               "renju_opening": "none"}
        assert (got.limit, got.referee, got.mode) == (0.5, True, mode)
        assert all(seat in (None, "normal") for seat in got.seats)
        app.pop()


def test_a_forbidden_move_in_the_source_game_loses_for_a_person_too(app):
    setup = get_game("gomoku").source.setup("gomoku", Mode.PVP)
    match = setup.match()
    n = 19
    row = [7 * n + x for x in (3, 4, 5, 7, 8, 9)]  # black's six around an empty point: the seventh is an overline
    far = [0, 2, 4, 36, 38, 40]
    for black, white in zip(row, far):
        match.play(black)
        match.play(white)
    match.play(7 * n + 6)
    assert match.is_over and match.outcome.reason == "forbidden" and match.outcome.winner == 1
    assert GomokuRules().normalize({})["forbidden_loses"] is False  # today's default game refuses it instead


def test_da_vinci_as_in_the_source_is_the_computer_first_against_you(app):
    app.open("setup", GameSetup.default("davinci", Mode.AVA))  # the source has one mode: it is chosen
    players = next(c for o, c in app.top.option_choices if o.key == "players")
    players.set(4)
    app.top.sync_seats()
    click(app, app.top.source_button)
    got = app.top.setup()
    assert got.seats == ("seed:hard", None) and got.mode is Mode.PVA
    assert got.options == {"players": 2, "deal_jokers": True, "no_jokers": False, "draw_start": False,
                           "piles_end_in_draw": True, "draw_at_first_call": True, "bluff_calls": True}
    words = shown_text(app)
    assert "moves first" in words and "jokers" in words
    match = got.match(seed=5)
    assert match.state.draw_at_first_call and match.state.deal_jokers and match.to_move == 0


def test_the_words_go_when_a_field_is_changed_and_the_setup_is_remembered(app):
    app.open("setup", GameSetup.default("dots", Mode.PVA))
    setup = app.top
    click(app, setup.source_button)
    assert setup.notice
    setup.limit.step(1)
    assert not setup.notice and "4 x 4 boxes" not in shown_text(app)
    ctrl_o(app)
    chosen = setup.setup()
    setup.begin(chosen)  # what Start does once nothing is left to check
    assert app.settings.last_setup("dots", "pva") == chosen.fields()
    app.top.session.close()


def test_ctrl_o_works_while_a_name_is_being_typed(app):
    app.open("setup", GameSetup("dots", (None, "easy"), {"rows": 2, "cols": 2}, 0.5, False, Mode.PVA))
    field = app.top.name_fields[0]
    field.focused = True
    ctrl_o(app)
    assert app.top.setup().options["rows"] == 4 and field.text == ""


def test_a_game_without_a_source_set_up_shows_no_button(app):
    app.open("setup", GameSetup.default("othello", Mode.PVA))
    assert not app.top.source_button.visible and app.top.source_button not in list(app.top.widgets())
    ctrl_o(app)
    assert app.top.setup() == GameSetup.default("othello", Mode.PVA) and not app.top.notice


@pytest.mark.parametrize("bluffs", [False, True])
def test_the_number_pad_offers_your_own_numbers_only_with_any_number(app, bluffs):
    entry = get_game("davinci")
    setup = GameSetup("davinci", (None, "easy"), {"bluff_calls": bluffs}, 0.5, False, Mode.PVA)
    match = setup.match(seed=3)
    while match.state.phase.value != "guess":
        match.play(match.rules.legal_moves(match.state)[0])
    board = entry.board(entry)
    view = board.look(match)
    target = next(i for i in view.hidden(1))
    colour = view.racks[1][target].colour
    own = {t.value for t in view.racks[0] if t.colour == colour}
    offered = set(board.callable(view, 1, target))
    assert own and (own & offered == own if bluffs else not own & offered)
    assert offered <= set(view.candidates(1, target))  # never a number the open tiles rule out
    match.close()
