"""Results that read right, headless: one Othello score everywhere and why it differs from the discs,
each side beside its own number, imports that end a game, seats named, evaluations with their unit,
Othello's Pass button, imported moves shown as imported, and a Dots click on a drawn line."""
import random
import time

from uidriver import click, frames

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match, Timing
from boardhub.core.match_text import result_text
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup, make_seats
from boardhub.core.stats import Stats, opponent_of
from boardhub.games.davinci.engine import LAST_STANDING
from boardhub.games.othello.engine import PASS
from boardhub.games.othello.ui.board import eval_text
from boardhub.scenes import game_frame
from boardhub.scenes.game import GameScene
from boardhub.scenes.overlay import PanelScene
from boardhub.scenes.result import result_lines

OTHELLO, DOTS, DAVINCI = get_game("othello"), get_game("dots"), get_game("davinci")
# a real game that ends at 13 discs to 0 with 51 squares empty: 64-0 as tournaments score it
WIPEOUT = "d3 c3 f5 f4 f3 d2 d1 e3 b3".split()
# a game in which white, to move after these, has no move but a pass
TO_PASS = "d3 c3 e6 d2 d1 e1 b2 c1".split()


def start(app, game, seats=(None, None), options=None) -> GameScene:
    mode = "pvp" if all(s is None for s in seats) else "pva"
    setup = GameSetup(game.key, tuple(seats), options or {}, 0.5, False, mode)
    app.open("game", GameSession.new(setup, app.start_worker))
    app.frame(0.016)
    return app.top


def until_result(app, seconds=5.0):
    end = time.monotonic() + seconds
    while not isinstance(app.top, PanelScene) and time.monotonic() < end:
        frames(app, 1, 0.02)
    return app.top


def parse(game: GameScene, texts):
    return [game.match.parse(t) for t in texts]


def test_othello_header_and_result_agree_once_the_game_ends_with_empty_squares(app):
    game = start(app, OTHELLO)
    assert game.board.scores(game.match.state) == ["2", "2"]  # in play: the discs on the board
    for move in parse(game, WIPEOUT):
        game.session.play(move)
    assert game.match.state.counts() == (13, 0)
    panel = until_result(app)
    assert panel.title == "Game over"
    assert game.board.scores(game.match.state) == ["64", "0"]  # the header gives the final score
    texts = [text for text, _ in panel.lines]
    assert texts[0] == "Player 1 wins"
    assert "Player 1 64 - 0 Player 2" in texts
    assert "Empty squares go to the winner: 13 discs to 0" in texts
    [saved] = saves.list_games()
    assert saved.data["result"] == "Player 1 64 - 0 Player 2: Player 1 wins"


def test_a_full_board_needs_no_explanation():
    rules = OTHELLO.rules
    rng = random.Random(1)
    state = rules.new_game()
    while not rules.is_over(state):
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    if sum(state.counts()) == 64:
        assert rules.outcome(state).detail == ""
        assert rules.outcome(state).scores == state.counts()


def test_results_read_with_each_side_beside_its_own_number():
    def finished(ais):
        m = Match(OTHELLO, make_seats(ais), {}, seed=1)
        m.replay([OTHELLO.rules.move_from_text(t) for t in WIPEOUT])
        return m
    won, lost = finished([None, "random"]), finished(["random", None])
    assert result_text(won) == "You 64 - 0 Random AI: you win"
    assert result_text(lost) == "Random AI 64 - 0 You: Random AI wins"
    assert "wins 64" not in result_text(lost)
    boxes = Match(DOTS, make_seats([None, "random"]), {"rows": 1, "cols": 1}, seed=1)
    boxes.replay([DOTS.rules.move_from_text(t) for t in ("0 1", "2 1", "1 0", "1 2")])
    assert result_text(boxes) == "You 0 - 1 Random AI: Random AI wins"


def test_an_import_that_ends_the_game_opens_the_result_and_counts_once(app):
    game = start(app, OTHELLO, (None, "random"))
    seats = game.match.seats
    opponent = opponent_of(seats)
    assert Stats.load().record_of("othello", opponent) is None
    game.session.import_record(" ".join(WIPEOUT))
    panel = until_result(app)
    assert panel.title == "Game over" and panel.lines[0][0] == "You win!"
    assert "You 64 - 0 Random AI" in [text for text, _ in panel.lines]
    assert Stats.load().record_of("othello", opponent) == (1, 0, 0, 0)
    frames(app, 10)
    assert Stats.load().record_of("othello", opponent) == (1, 0, 0, 0)  # once, however many frames follow
    assert game.session.counted


def finished_davinci(seed_from: int = 0) -> Match:
    """A two-player Da Vinci game, You against Expert AI, played out at random until one is left."""
    rules = DAVINCI.rules
    for seed in range(seed_from, seed_from + 200):
        m = Match(DAVINCI, make_seats([None, "expert"]), {"players": 2}, seed=seed, timing=Timing())
        rng = random.Random(seed)
        while not m.is_over:
            m.push_recorded(rng.choice(rules.legal_moves(m.state)), 0.0)
        if m.outcome.reason == LAST_STANDING:
            return m
    raise AssertionError("no random game ended with one player left")


def test_the_davinci_result_names_the_seat_not_a_number(app):
    m = finished_davinci()
    session = GameSession(m)
    texts = [text for text, _ in result_lines(session)]
    winner = m.seats[m.outcome.winner].label
    assert f"{winner} kept the last hidden tiles." in texts
    assert not any("Player" in t for t in texts)
    assert "{winner}" not in " ".join(texts)


def test_evaluations_never_show_minus_zero_and_say_their_unit(app):
    assert [eval_text(v) for v in (-0.0, -0.4, 0.3, 0, 3, 2.6, -2.6, -7)] == ["0", "0", "0", "0", "+3", "+3", "-3",
                                                                           "-7"]
    game = start(app, OTHELLO)
    assert "discs ahead" not in game_frame.status(game)[0]
    click(app, game.action_buttons[0].rect.center)
    assert game.board.show_eval and "discs ahead" in game_frame.status(game)[0]


def test_the_pass_button_shows_only_when_passing_is_the_only_move_and_passes(app):
    game = start(app, OTHELLO)
    labels = lambda: [b.label for b in game.action_buttons]  # noqa: E731
    assert "Pass" not in labels()
    moves = parse(game, TO_PASS)
    for move in moves[:-1]:
        game.session.play(move)
        app.frame(0.016)
        assert "Pass" not in labels()
    game.session.play(moves[-1])
    app.frame(0.016)
    assert OTHELLO.rules.legal_moves(game.match.state) == [PASS] and "Pass" in labels()
    button = game.action_buttons[labels().index("Pass")]
    assert button.visible and game.side_rect.contains(button.rect)
    frames(app, 2)  # the pass button is drawn on the side panel
    click(app, button.rect.center)
    assert game.match.moves[-1] == PASS
    app.frame(0.016)
    assert "Pass" not in labels() and "passes" in game.message.text


def test_imported_moves_read_imported_in_the_move_list_and_after_a_resume(app):
    game = start(app, OTHELLO)
    game.session.import_record("f5 d6 c3")
    app.frame(0.016)
    assert game.session.imported == 3
    game.session.play(game.match.parse("d3"))
    app.frame(0.016)
    assert [game_frame.move_by(game, i) for i in range(4)] == ["Imported"] * 3 + ["Player 2"]
    path = game.session.save_path
    [saved] = [s for s in saves.list_games() if s.path == path]
    assert saved.data["imported"] == 3
    resumed = GameSession.resume(saved)
    assert resumed.imported == 3
    app.open("game", resumed)
    app.frame(0.016)
    assert [game_frame.move_by(app.top, i) for i in range(4)] == ["Imported"] * 3 + ["Player 2"]
    # an undo into the imported moves and a new move there: that move is the player's
    app.top.session.undo()
    app.top.session.undo()
    app.frame(0.016)
    assert len(app.top.match.history) == 2
    app.top.session.play(app.top.match.parse("c5"))
    app.frame(0.016)
    assert [game_frame.move_by(app.top, i) for i in range(3)] == ["Imported", "Imported", "Player 1"]


def test_an_old_save_without_the_import_count_loads_with_none_imported(app):
    game = start(app, OTHELLO)
    game.session.play(game.match.parse("f5"))
    app.frame(0.016)
    [saved] = saves.list_games()
    data = dict(saved.data)
    del data["imported"]
    saves.write_game(saved.path, data)
    [saved] = saves.list_games()
    assert GameSession.resume(saved).imported == 0


def test_a_dots_click_on_a_drawn_line_says_it_is_taken(app):
    game = start(app, DOTS, options={"rows": 2, "cols": 2})
    a, b = game.board.ends((0, 1))
    on_line = (round((a[0] + b[0]) / 2), round(a[1]))
    click(app, on_line)
    assert game.match.moves == [(0, 1)]
    click(app, on_line)
    assert game.match.moves == [(0, 1)] and "already drawn" in game.message.text
