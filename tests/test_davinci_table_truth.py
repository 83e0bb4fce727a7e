"""What the Da Vinci table says is true: who is out, whether jokers are in the game, the Best move in
words on its tile, and a number pad that offers only calls that can be right."""
from types import SimpleNamespace

import pytest

from boardhub.core.game import get_game
from boardhub.core.i18n import Wording
from boardhub.core.match import Match, Timing
from boardhub.core.review import Verdict
from boardhub.core.events import HintReady
from boardhub.core.session import GameSession
from boardhub.core.setup import make_seats
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciRules
from boardhub.scenes.game import GameScene
from boardhub.ui import theme

DAVINCI = get_game("davinci")
RULES = DavinciRules()


def table(app, options=None, seats=(None, "davinci:easy"), seed=5) -> GameScene:
    from boardhub.core import saves
    match = Match(DAVINCI, make_seats(list(seats)), {"players": 2, **(options or {})}, seed=seed,
                  timing=Timing(ai_delay=0, chain_delay=0))
    session = GameSession(match, None, save_path=saves.new_game_path(DAVINCI.key))
    app.open("game", session)
    app.frame(0.016)
    return app.top


def test_no_seat_is_out_while_the_starting_tiles_are_drawn():
    state = RULES.new_game({"players": 3, "deal_jokers": True}, 1)
    board = DAVINCI.board(DAVINCI)
    assert state.setup and "out" not in board.scores(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_without_jokers_has_none_in_its_piles_nor_among_its_calls(players):
    for seed in range(5):
        state = RULES.new_game({"players": players, "no_jokers": True}, seed)
        assert JOKER not in state.piles[0] + state.piles[1]
        assert len(state.piles[0]) + len(state.piles[1]) + sum(map(len, state.racks)) == 24
        state = RULES.apply(state, ("draw", BLACK))
        state = RULES.apply(state, RULES.legal_moves(state)[0]) if state.phase == "place" else state
        assert all(m[3] != JOKER for m in RULES.legal_moves(state) if m[0] == "guess")


def test_saved_games_of_the_official_deal_replay_as_they_were():
    """A save of the official deal names no joker option: it is the deal with the jokers in the piles."""
    for seed in range(5):
        old = RULES.new_game({"players": 2, "deal_jokers": False}, seed)
        assert old == RULES.new_game({"players": 2, "deal_jokers": False, "no_jokers": False}, seed)
        assert JOKER in old.piles[0] + old.piles[1]


def to_guess(scene: GameScene) -> None:
    m = scene.match
    m.play(("draw", BLACK))
    if m.state.phase == "place":
        m.play(RULES.legal_moves(m.state)[0])
    scene.app.frame(0.016)


def test_the_pad_offers_no_number_of_your_own_rack_and_no_joker_for_a_dealt_tile(app):
    scene = table(app)
    to_guess(scene)
    board, view = scene.board, scene.board.view(scene.match.state)
    target = (1, view.hidden(1)[0])
    colour = view.racks[1][target[1]].colour
    own = {t.value for t in view.racks[0] if t.colour == colour}
    offered = board.callable(view, *target)
    assert not own & set(offered) and JOKER not in offered
    assert set(offered) | own | {JOKER} >= set(view.candidates(*target))  # the rest stays offered
    board.selected = target
    held = sorted(own)[0]
    refusal = board.choose(("guess", *target, held), view)
    assert "yourself" in refusal.message
    assert "no jokers" in board.choose(("guess", *target, JOKER), view).message


def test_best_move_is_said_in_words_ringed_on_its_tile_and_no_rough_chance_is_quoted(app):
    scene = table(app)
    to_guess(scene)
    m, board = scene.match, scene.board
    view = board.view(m.state)
    target = (1, view.hidden(1)[0])
    value = board.callable(view, *target)[0]
    verdict = Verdict(42.857, ("guess", *target, value), False, "7 simulations",
                      Wording.of("simulations: {count}", count=7))
    session = scene.session
    session._hint.state, session._hint.answer = m.state, verdict
    session._events.append(HintReady("guess 2 1 0, 42.9 % to win (estimated): simulations: 7", verdict))
    app.frame(0.016)
    said = scene.message.text
    assert "guess 2" not in said and "42.9" not in said and "43" not in said
    assert "call" in said and "tile" in said and "too few simulations" in said
    rect = board.rack_rects(view)[target]
    ring = rect.inflate(round(board._table(view).tw * 0.3), round(board._table(view).tw * 0.3))
    assert app.screen.get_at((ring.centerx, ring.y + 1))[:3] == theme.BEST


def test_a_chance_from_many_simulations_comes_with_its_margin(app):
    scene = table(app)
    to_guess(scene)
    m = scene.match
    view = scene.board.view(m.state)
    target = (1, view.hidden(1)[0])
    verdict = Verdict(60.0, ("guess", *target, view.candidates(*target)[0]), False, "400 simulations",
                      Wording.of("simulations: {count}", count=400))
    scene.session._events.append(HintReady("", verdict))
    app.frame(0.016)
    assert "about 60 % to win (give or take 5, 400 simulations)" in scene.message.text
