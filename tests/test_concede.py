"""Resigning and offering a draw: how the game ends, what the stats count, what the save keeps,
and how an AI or the other person answers an offer."""
from __future__ import annotations

import random
import time
from dataclasses import replace

import pygame
import pytest
from matchdriver import pva
from uidriver import key

from boardhub.core import saves
from boardhub.core.concede import AGREED, RESIGNED, accepts_draw, draw_margin
from boardhub.core.events import GameOver, Notice
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.match_text import winner_text
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.core.stats import Stats
from boardhub.games.othello.engine import PASS
from boardhub.games.othello.review import EXACT_EMPTIES, judge



def pvp(game: str, **options) -> GameSetup:
    setup = GameSetup.default(game, "pvp")
    return replace(setup, options={**setup.options, **options})


def run_until(session: GameSession, done, timeout: float = 30.0) -> list:
    """Update the session until `done(events so far)`; every event returned."""
    events: list = []
    give_up = time.monotonic() + timeout
    while not done(events):
        assert time.monotonic() < give_up, "nothing happened"
        time.sleep(0.01)
        events += session.update()
    return events


# ---------------------------------------------------------------- resigning
def test_a_resignation_ends_the_game_counts_a_loss_and_is_saved_resumed_and_replayed(fast, saves_folder):
    session = GameSession.new(pva(rows=2, cols=2), fast)
    session.pace(0.0, 0.0, 0.0)
    m = session.match
    m.play(m.rules.legal_moves(m.state)[0])
    assert session.can_resign and session.resigning_seat == 0  # the person, even while the AI thinks
    assert session.resign() == ""
    events = session.update()
    assert sum(isinstance(e, GameOver) for e in events) == 1
    outcome = m.outcome
    assert (outcome.winner, outcome.reason) == (1, RESIGNED)
    assert outcome.describe([s.label for s in m.seats]) == f"{m.seats[0].label} resigned"
    assert Stats.load().table["dots"]["easy"] == [0, 0, 1]
    assert not session.can_resign and session.resign() != ""  # once over, nobody resigns again
    moves = m.moves
    session.close()
    data = saves.read_json(session.save_path, "game")
    assert data["forfeit"]["reason"] == RESIGNED and data["counted"] is True
    again = GameSession.resume(saves.SavedGame(session.save_path, data), fast)
    assert again.match.is_over and again.match.outcome == outcome and again.match.moves == moves
    again.update()
    assert Stats.load().table["dots"]["easy"] == [0, 0, 1]  # counted once
    again.close()
    replay = GameSession.replay(saves.SavedGame(session.save_path, data))
    replay.pace(0.0, 0.0, 0.0)
    give_up = time.monotonic() + 30
    while not replay.match.is_over:
        assert time.monotonic() < give_up
        replay.update(time.monotonic() + 1.0)
    assert replay.match.outcome == outcome and not replay.can_resign


def test_among_more_than_two_a_resignation_is_still_the_players_loss(fast, saves_folder):
    setup = GameSetup.default("davinci", "pva")
    setup = replace(setup, options={**setup.options, "players": 3}, seats=(None, "easy", "easy"))
    session = GameSession.new(setup, fast)
    assert session.resign() == ""
    session.update()
    assert session.match.outcome.reason == RESIGNED
    assert winner_text(session.match, str) == "No winner"  # no draw, though nobody is named winner
    assert Stats.load().table["davinci"] and list(Stats.load().table["davinci"].values())[0] == [0, 0, 1]
    session.close()


def test_nobody_resigns_in_ai_vs_ai(fast):
    setup = replace(GameSetup.default("dots", "ava"), seats=("easy", "easy"))
    session = GameSession.new(setup, fast)
    assert not session.can_resign and session.resign() != "" and not session.match.is_over
    assert not session.can_offer_draw and session.offer_draw() != ""
    session.close()


# ---------------------------------------------------------------- a draw offered to an AI
def proven_positions() -> dict[str, list]:
    """Othello games played at random to a position the review's solver proves, Black to move:
    one the AI (White) wins clearly, one it loses clearly, one even within the margin; by their moves."""
    rules = get_game("othello").rules
    margin = draw_margin("discs")
    found: dict[str, list] = {}
    rng = random.Random(11)
    while len(found) < 3:
        state, moves = rules.new_game({}), []
        while not rules.is_over(state) and bin(state.black | state.white).count("1") < 64 - EXACT_EMPTIES + 2:
            move = rng.choice(rules.legal_moves(state))
            state, moves = rules.apply(state, move), moves + [move]
        if rules.is_over(state) or rules.to_move(state) != 0 or rules.legal_moves(state) == [PASS]:
            continue
        verdict = judge(state, 1)
        assert verdict.exact
        kind = "won" if verdict.value >= 10 else "lost" if verdict.value <= -10 else \
            "even" if abs(verdict.value) <= margin else None
        if kind is not None:
            found.setdefault(kind, moves)
    return found


def test_the_ai_answers_a_draw_offer_by_the_proven_value_of_the_position(fast, saves_folder):
    entry = get_game("othello")
    for kind, moves in sorted(proven_positions().items()):
        match = Match(entry, [Seat(), Seat("random")], worker=fast())
        match.replay(moves)
        session = GameSession(match, fast, save_path=saves.new_game_path(entry.key))
        assert session.can_offer_draw and session.offer_draw() == "" and session.draw_asked is None
        events = run_until(session, lambda evs: match.is_over or any(isinstance(e, Notice) for e in evs))
        events += session.update()  # the game's end, said and counted
        if kind == "won":  # White, the AI, wins this position: it plays on
            assert not match.is_over, kind
            assert any(isinstance(e, Notice) and e.text == "Random declines the draw" for e in events)
        else:  # lost, or even: the AI takes the draw
            assert match.is_over and match.outcome.winner is None and match.outcome.reason == AGREED, kind
            assert match.outcome.describe() == "Drawn by agreement"
        session.close()
    assert Stats.load().table["othello"]["random"] == [0, 2, 0]  # two draws; the declined game did not end


def test_the_margin_of_even_in_each_games_unit():
    assert accepts_draw(2.0, 0.0, "discs") and not accepts_draw(2.5, 0.0, "discs")
    assert accepts_draw(-30.0, 0.0, "discs")  # losing: the AI takes the half point
    assert accepts_draw(55.0, 50.0, "% to win") and not accepts_draw(56.0, 50.0, "% to win")
    assert accepts_draw(1.0, 0.0, "boxes") and not accepts_draw(2.0, 0.0, "boxes")


def test_a_draw_answer_that_comes_after_a_move_is_dropped(fast, saves_folder):
    session = GameSession.new(pva("othello", "random"), fast)
    m = session.match
    assert session.offer_draw() == ""
    m.play(m.rules.legal_moves(m.state)[0])  # the position the offer was about is gone
    time.sleep(0.3)
    for _ in range(20):
        events = session.update()
        assert not any(isinstance(e, Notice) and "draw" in e.text for e in events)
        assert not (m.is_over and m.outcome.reason == AGREED)
    session.close()


# ---------------------------------------------------------------- two people on one screen
def test_two_people_answer_each_others_draw_offer(fast, saves_folder):
    session = GameSession.new(pvp("othello"), fast)
    m = session.match
    assert session.offer_draw() == "" and session.draw_asked == 1
    session.answer_draw(False)
    events = session.update()
    assert not m.is_over and session.draw_asked is None
    assert any(isinstance(e, Notice) and e.text == f"{m.seats[1].label} declines the draw" for e in events)
    m.play(m.rules.legal_moves(m.state)[0])
    assert session.offer_draw() == "" and session.draw_asked == 0  # now White offers, Black answers
    session.answer_draw(True)
    events = session.update()
    assert m.is_over and m.outcome.reason == AGREED and m.outcome.winner is None
    assert sum(isinstance(e, GameOver) for e in events) == 1
    assert saves.read_json(session.save_path, "game")["forfeit"]["reason"] == AGREED
    session.close()


def test_no_draw_is_offered_among_three_or_four(fast, saves_folder):
    setup = GameSetup.default("davinci", "pvp")
    session = GameSession.new(replace(setup, options={**setup.options, "players": 3}, seats=(None, None, None)),
                              fast)
    assert not session.can_offer_draw
    assert session.offer_draw() == "Draws are not offered in a game of more than two players"
    assert session.draw_asked is None and not session.match.is_over
    session.close()


# ---------------------------------------------------------------- the keys and the menu
def open_game(app, session):
    app.open("game", session)
    app.frame(0.016)
    return app.top


def test_ctrl_r_asks_then_resigns_and_ctrl_d_asks_the_other_person(app, saves_folder):
    from boardhub.scenes.concede import DrawOfferScene, ResignScene
    game = open_game(app, GameSession.new(pvp("othello")))
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    assert isinstance(app.top, ResignScene)
    key(app, pygame.K_ESCAPE)  # not resigned after all
    assert app.top is game and not game.match.is_over
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    assert isinstance(app.top, DrawOfferScene)
    key(app, pygame.K_ESCAPE)  # Escape declines
    assert app.top is game and not game.match.is_over and game.session.draw_asked is None
    assert game.message is not None and "declines the draw" in game.message.text
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    next(b for b in app.top.buttons if b.label == "Accept the draw").on_click()
    app.frame(0.016)
    assert game.match.is_over and game.match.outcome.reason == AGREED


def test_the_menu_offers_resign_and_the_resignation_ends_the_game(app, saves_folder):
    game = open_game(app, GameSession.new(pvp("dots")))
    key(app, pygame.K_ESCAPE)
    labels = [b.label for b in app.top.buttons]
    assert "Resign" in labels and "Offer a draw" in labels
    next(b for b in app.top.buttons if b.label == "Resign").on_click()
    next(b for b in app.top.buttons if b.label == "Resign").on_click()  # the confirmation's
    app.frame(0.016)
    assert app.top is game or game.match.is_over
    assert game.match.is_over and game.match.outcome.reason == RESIGNED and game.match.outcome.winner == 1
