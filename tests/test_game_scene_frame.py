"""The game screen's layout is a value: a frozen `GameFrame` of rectangles worked out from the window's
size and the scene's buttons alone, which the scene keeps and reads; and the move entry works from the
session and the board it is given, with no scene behind it."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pygame
import pytest

from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup
from boardhub.scenes.game_frame import GameFrame, frame_for
from boardhub.scenes.move_entry import MoveEntry
from boardhub.ui.board import Play, Refuse

FRAME = Path(__file__).resolve().parent.parent / "boardhub" / "scenes" / "game_frame.py"


def test_the_frame_is_a_value_of_the_size_and_the_buttons():
    pygame.font.init()  # a text line's height places the speed slider's label
    one = frame_for((1280, 800), 3, True, True)
    assert one == frame_for((1280, 800), 3, True, True)  # the same inputs, the same frame
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.moves = pygame.Rect(0, 0, 1, 1)
    assert len(one.extras) == 3 and len(frame_for((1280, 800), 5, True, True).extras) == 5
    still = frame_for((1280, 800), 3, False, True)
    assert still.moves.height > one.moves.height  # no pause row nor speed slider: the move list has their room
    assert one.pause.width < frame_for((1280, 800), 3, True, False).pause.width  # a replay has no Step beside it
    small = frame_for((800, 600), 3, True, True)
    assert small.s < one.s and small.board.width < one.board.width
    for frame in (one, still, small):
        parts = (frame.menu, frame.undo, frame.redo, frame.result, *frame.extras)
        assert all(frame.side.contains(r) for r in parts)
        assert not frame.message.colliderect(frame.board) and not frame.message.colliderect(frame.top)


def test_the_scene_keeps_its_frame_and_its_buttons_follow_it(app):
    scene = app.open("game", GameSession.new(GameSetup.default("othello", "ava"), app.start_worker))
    app.frame(0.016)
    frame = scene.frame
    assert isinstance(frame, GameFrame) and frame == frame_for(app.size, len(scene.record_buttons)
                                                               + len(scene.action_buttons)
                                                               + len(scene.hint_buttons), True, True)
    assert (scene.menu_button.rect, scene.undo_button.rect, scene.pause_button.rect, scene.speed.rect) == \
        (frame.menu, frame.undo, frame.pause, frame.speed)
    assert scene.board.rect == frame.board
    kept = pygame.Rect(frame.moves)
    scene.layout((900, 700))  # a resize: a new frame; the old one is as it was made
    assert scene.frame is not frame and scene.frame.moves != kept and frame.moves == kept
    assert scene.menu_button.rect == scene.frame.menu


def test_the_frame_module_sets_nothing_on_the_scene():
    """Drawing reads the scene; no function here gives it attributes (the layout used to make eight)."""
    def set_on_scene(source: str) -> list[str]:
        return [t.attr for n in ast.walk(ast.parse(source)) if isinstance(n, (ast.Assign, ast.AugAssign))
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "scene"]
    assert set_on_scene(FRAME.read_text(encoding="utf-8")) == []
    # the check itself: the old layout's way of placing parts is found
    assert set_on_scene("def place(scene, size):\n    scene.top_rect = make(size)\n") == ["top_rect"]


def test_the_move_entry_needs_the_session_and_the_board_only(app):
    session = GameSession.new(GameSetup.default("othello", "pvp"))
    board = session.entry.board(session.entry)
    acted = []
    entry = MoveEntry(session, board, lambda intent: acted.append(intent) or isinstance(intent, Play))
    for ch in "f5":
        assert entry.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert entry.text == "f5" and entry.shown
    assert entry.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert acted == [Play(session.match.parse("f5"))] and entry.text == ""
    entry.handle(pygame.event.Event(pygame.TEXTINPUT, text="z9"))
    entry.submit()
    assert isinstance(acted[-1], Refuse) and entry.text == "z9"  # a refused move stays, to be mended
    session.close()
