"""Two people at one screen: between their turns the table is covered, and no hidden number of either
rack is drawn (tiles, the drawn tile, the status line, the move list, the hints) while the other one
could be looking."""
import pygame
from uidriver import click

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match, Timing
from boardhub.core.session import GameSession
from boardhub.core.setup import make_seats
from boardhub.games.davinci.engine import BLACK, tile_name
from boardhub.scenes.game import GameScene
from boardhub.ui import theme

DAVINCI = get_game("davinci")


def shared(app, players=2, seed=4) -> GameScene:
    match = Match(DAVINCI, make_seats([None] * players), {"players": players}, seed=seed,
                  timing=Timing(ai_delay=0, chain_delay=0))
    app.open("game", GameSession(match, app.start_worker, save_path=saves.new_game_path(DAVINCI.key)))
    app.frame(0.016)
    return app.top


def hidden_numbers_drawn(scene: GameScene, monkeypatch) -> list[str]:
    """Every hidden number of any rack or hand that one frame of the scene shows, as a tile or in words."""
    state, board = scene.match.state, scene.board
    secret = {tile_name(t.colour, t.value) for rack in state.racks for t in rack if not t.revealed}
    if state.hand is not None:
        secret.add(tile_name(*state.hand))
    found = []
    real_text, real_tile = theme.text, board._draw_tile

    def text(surface, words, *args, **kwargs):
        found.extend(name for name in secret if name in str(words))
        return real_text(surface, words, *args, **kwargs)

    def tile(surface, rect, t, shown, now):
        if shown and not t[2] and t[1] is not None:
            found.append(tile_name(t[0], t[1]))
        return real_tile(surface, rect, t, shown, now)

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(board, "_draw_tile", tile)
    scene.app.frame(0.016)
    monkeypatch.undo()
    return found


def test_the_table_is_covered_before_each_persons_turn_and_shows_no_number(app, monkeypatch):
    scene = shared(app)
    m, board = scene.match, scene.board
    hints = next(b for b in scene.action_buttons if b.label.startswith("Hints"))
    click(app, hints.rect.center)  # the odds on: they too are a person's own reading
    assert hidden_numbers_drawn(scene, monkeypatch) == []
    assert board.cover == "Pass to Player 1 - click when only they are looking"
    assert board.wants_analysis(m) == (False, None)
    click(app, board.rect.center)  # Player 1 takes the table: their own numbers show
    assert board.cover is None and board.view(m.state).seat == 0
    assert hidden_numbers_drawn(scene, monkeypatch) != []
    m.play(("draw", BLACK))
    app.frame(0.016)
    if m.state.phase == "place":
        m.play(m.rules.legal_moves(m.state)[0])
        app.frame(0.016)
    view = board.view(m.state)
    target = (1, view.hidden(1)[0])
    truth = m.state.racks[1][target[1]].value
    m.play(("guess", *target, truth))  # right: Player 1 may go on, and stops
    m.play(("stop",))
    app.frame(0.016)
    assert m.state.to_move == 1
    assert board.cover == "Pass to Player 2 - click when only they are looking"
    assert hidden_numbers_drawn(scene, monkeypatch) == []
    assert board.wants_analysis(m) == (False, None)
    assert "Pass to Player 2" in board.banner(m)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.frame(0.016)
    assert board.cover is None and board.view(m.state).seat == 1 and m.moves[-1] == ("stop",)


def test_an_undo_between_two_people_covers_the_table_again(app, monkeypatch):
    scene = shared(app)
    m, board = scene.match, scene.board
    click(app, board.rect.center)
    m.play(("draw", BLACK))
    if m.state.phase == "place":
        m.play(m.rules.legal_moves(m.state)[0])
    view = board.view(m.state)
    target = (1, view.hidden(1)[0])
    wrong = next(v for v in view.candidates(*target) if v != m.state.racks[1][target[1]].value)
    m.play(("guess", *target, wrong))  # wrong: the turn passes
    app.frame(0.016)
    click(app, board.rect.center)  # Player 2 takes the table
    assert board.view(m.state).seat == 1
    scene.undo()  # back to Player 1's decision: Player 2 is at the screen
    app.frame(0.016)
    assert m.state.to_move == 0
    assert hidden_numbers_drawn(scene, monkeypatch) == []
    assert board.cover is not None


def test_the_replay_of_a_game_between_people_is_watched_face_down_with_no_cover(app, monkeypatch):
    scene = shared(app)
    m = scene.match
    click(app, scene.board.rect.center)
    m.play(("draw", BLACK))
    if m.state.phase == "place":
        m.play(m.rules.legal_moves(m.state)[0])
    app.frame(0.016)
    path = scene.session.save_path
    replay = GameSession.replay(saves.SavedGame(path, saves.read_json(path, "game")))
    app.open("game", replay)
    replay.toggle_pause()
    watched = app.top
    for _ in range(len(replay.script) + 1):
        app.frame(0.016)
        assert watched.board.cover is None
        assert hidden_numbers_drawn(watched, monkeypatch) == []
        replay.redo()
    assert [label for label, _action in watched.board.actions(replay.match)] == ["Face up"]
