"""Text from outside never crashes drawing: a NUL, an escape or a lone surrogate that an engine writes,
a record holds or a player pastes is cleaned where it enters, and the one place that renders text
draws whatever reaches it.

pygame refuses to render a NUL ("A null character was found in the text") and a lone surrogate (it
cannot encode it): before these guards one engine line on stderr was enough to crash the game's
screen, and the saved game then crashed Open and Replay as well.
"""
import json
import re
import sys
from pathlib import Path

import pygame
import pytest
from matchdriver import play_out

from boardhub.core.external import EngineProcess, engine_spec, program_name
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.match_text import result_text
from boardhub.core.records import read_record
from boardhub.core.rules import IllegalMove
from boardhub.core.setup import make_seats
from boardhub.core.worker import ThreadWorker
from boardhub.ui import theme

HERE = Path(__file__).resolve().parent
# what must never reach the screen: C0/C1 controls, DEL, lone surrogates, bidirectional overrides
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")
HOSTILE = ["a\x00b", "\ud800", "x\udcff", "\u200b", "\u202e", "\x1b[31mred\x07", "", "\x00", "\t\n\r",
           "f5" * 5000 + "\x00"]


@pytest.fixture(scope="module")
def surface():
    pygame.font.init()
    return pygame.Surface((400, 100))


def play_engine(game: str, spec: str) -> Match:
    seats = make_seats([spec, "random" if game == "othello" else "easy"])
    worker = ThreadWorker()
    try:
        match = Match(get_game(game), seats, None, seed=3,
                      timing=Timing(limit=0.5, ai_delay=0.0, chain_delay=0.0), worker=worker)
        play_out(match, within=30)
    finally:
        worker.close()
    return match


def drawn(surface, text: str) -> None:
    """Draw `text` as every screen does; raises what pygame raises."""
    theme.text(surface, text, 20, (0, 0))


@pytest.mark.parametrize("game, spec, said", [
    ("othello", engine_spec("gtp", [sys.executable, str(HERE / "fake_othello_engine.py"), "--protocol", "gtp",
                                     "--mode", "controls"]), 'saying "fake engine: [31mcrashed on purpose"'),
    ("gomoku", engine_spec("pbrain", [sys.executable, str(HERE / "fake_pbrain.py"), "--mode", "controls"]),
     "banana[2J"),
])
def test_an_engine_writing_nul_and_escapes_ends_the_game_in_clean_words(surface, game, spec, said):
    match = play_engine(game, spec)
    outcome = match.outcome
    assert outcome.is_forfeit and said in outcome.detail, outcome.detail
    assert not CONTROL.search(outcome.detail), repr(outcome.detail)
    saved = json.loads(json.dumps(match.to_json()))
    again = Match.from_json(get_game(game), saved)  # Open and Replay rebuild the game from its save
    words = result_text(again)
    assert not CONTROL.search(words), repr(words)
    drawn(surface, words)
    drawn(surface, outcome.describe([s.label for s in again.seats]))


def test_an_engine_line_and_its_stderr_arrive_cleaned():
    engine = EngineProcess([sys.executable, "-c", "import sys; print('= f5\\x00\\x1b[0m\\x07'); "
                            "sys.stderr.write('bad\\x00 weights\\x1b\\n'); sys.exit(5)"])
    engine.start()
    try:
        line = engine.read_line(__import__("time").monotonic() + 10)
        with pytest.raises(Exception) as info:
            engine.read_line(__import__("time").monotonic() + 10)
    finally:
        engine.close()
    assert line == "= f5[0m"
    assert not CONTROL.search(str(info.value)) and "bad weights" in str(info.value), repr(str(info.value))


def test_an_engine_program_name_is_shown_without_controls():
    assert program_name(["/usr/bin/ed\x00ax\x1b"]) == "edax"


@pytest.mark.parametrize("game, record, moves", [
    ("othello", "f5\x00d6 c3\x1b", 3),
    ("othello", "\ufefff5 d6\r\nc3", 3),
    ("gomoku", "h8\x00 i9\x07 j10", 3),
    ("dots", "0 1\x00\n\x1b1 0\n", 2),
])
def test_a_record_with_nul_and_controls_imports_as_its_moves(game, record, moves):
    entry = get_game(game)
    match = Match(entry, [Seat()] * 2, {}, seed=0)
    assert len(read_record(record, match, entry.record_formats)) == moves


@pytest.mark.parametrize("game", ["othello", "gomoku", "dots"])
def test_a_bad_record_with_controls_is_refused_in_clean_words(surface, game):
    entry = get_game(game)
    match = Match(entry, [Seat()] * 2, {}, seed=0)
    with pytest.raises(IllegalMove) as info:
        read_record("zz\x00\x1b\ud800 q\x07", match, entry.record_formats)
    assert not CONTROL.search(str(info.value)), repr(str(info.value))
    drawn(surface, str(info.value))


def test_a_record_file_with_nul_imports_as_its_moves(tmp_path):
    path = tmp_path / "game.txt"
    path.write_bytes(b"f5\x00 d6\x1b c3\x00\n")
    entry = get_game("othello")
    match = Match(entry, [Seat()] * 2, {}, seed=0)
    assert len(read_record(str(path), match, entry.record_formats)) == 3


def test_a_seat_name_from_a_save_is_shown_without_controls():
    seat = Seat.from_json({"ai": None, "name": "Ann\x00\x1b[31m\u202eie"})
    assert seat.label == "Ann[31mie"


@pytest.mark.parametrize("text", HOSTILE)
def test_the_text_helpers_draw_anything_without_raising(surface, text):
    drawn(surface, text)
    theme.fit(text, 20, 100)
    theme.fit_size(text, 20, 100)
    theme.wrap(text, 20, 100)
    assert not CONTROL.search(theme.shown(text).replace("\n", ""))


def test_a_text_field_takes_no_control_character_typed_or_pasted(monkeypatch, surface):
    from boardhub.ui import widgets
    field = widgets.TextField()
    field.rect = pygame.Rect(0, 0, 300, 40)
    field.focused = True
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="f5\x00\x1b"))
    monkeypatch.setattr(widgets.pygame.scrap, "get_text", lambda: "d6\x00\ud800\r\nc3\x07", raising=False)
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode=""))
    assert field.text == "f5d6 c3"
    field.draw(surface)


def test_a_forfeit_read_from_a_save_is_shown_without_controls(surface):
    """A save from elsewhere may hold any words in its forfeit: Open and Replay show them cleaned."""
    entry = get_game("othello")
    data = Match(entry, [Seat(), Seat("greedy:1")], {}, seed=1).to_json()
    data["forfeit"] = {"winner": 0, "scores": [], "reason": "error", "detail": "bad\x00 engine\ud800 {winner}",
                       "template": "{player} said \x1b{words}\x00", "values": [["player", "ed\x00ax"],
                                                                              ["words", "hi\x07"]]}
    match = Match.from_json(entry, json.loads(json.dumps(data)))
    words = match.forfeit.describe([s.label for s in match.seats])
    assert words == "edax said hi" and not CONTROL.search(match.forfeit.detail)
    drawn(surface, words)
