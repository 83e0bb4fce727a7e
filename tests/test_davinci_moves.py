"""Da Vinci Code's moves, events and phases as named values: equal to the tuples and strings they
replaced, with their text form, through pickling and the wire unchanged; its words need no pygame."""
from __future__ import annotations

import copy
import json
import pickle
import random
import subprocess
import sys

import pytest

from boardhub.core.plain import to_bytes, to_plain
from boardhub.games.davinci.engine import DavinciRules
from boardhub.games.davinci.moves import (EVENTS, MOVES, Draw, Drew, Guess, Guessed, Phase, Place, Placed,
                                          Reveal, Stop, Stopped, as_event, as_move, parse)
from boardhub.net.views import davinci_view, decode_davinci

RULES = DavinciRules()


def played(players: int, seed: int, plies: int = 400):
    """A game between random legal moves, and its states."""
    rng = random.Random(seed)
    state = RULES.new_game({"players": players, "deal_jokers": seed % 2 == 1}, seed)
    states = [state]
    while not state.over and len(states) < plies:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        states.append(state)
    return states


def test_a_move_is_the_tuple_it_was() -> None:
    pairs = [(Draw(1), ("draw", 1)), (Place(3), ("place", 3)), (Guess(1, 3, 7), ("guess", 1, 3, 7)),
             (Stop(), ("stop",)), (Reveal(2), ("reveal", 2))]
    for move, plain in pairs:
        assert move == plain and hash(move) == hash(plain) and {plain: 1}[move] == 1
        assert to_plain(move) == list(plain) and repr(move) == repr(plain)
        assert as_move(plain) == move and type(as_move(plain)) is type(move)
        for back in (pickle.loads(pickle.dumps(move)), copy.deepcopy(move)):
            assert back == move and type(back) is type(move)
    assert Guess(1, 3, 7).target == 1 and Guess(1, 3, 7).value == 7 and Place(3).slot == 3
    assert as_move(("draw", True)) is None and as_move(("draw",)) is None and as_move("stop") is None


def test_an_event_is_the_tuple_it_was() -> None:
    for event, plain in [(Drew(0, 1), ("draw", 0, 1)), (Placed(1, 2, 9), ("place", 1, 2, 9)),
                         (Guessed(0, 1, 7, 3, False), ("guess", 0, 1, 7, 3, False)), (Stopped(2), ("stop", 2))]:
        assert event == plain and hash(event) == hash(plain) and repr(event) == repr(plain)
        assert type(as_event(list(plain))) is type(event) and as_event(list(plain)) == event
        assert type(pickle.loads(pickle.dumps(event))) is type(event)
    with pytest.raises(ValueError):
        as_event(["guess", 0])


def test_a_phase_is_the_string_it_was() -> None:
    for phase in Phase:
        assert phase == phase.value and hash(phase) == hash(phase.value) and repr(phase) == repr(phase.value)
        assert str(phase) == f"{phase}" == phase.value and json.dumps(phase) == json.dumps(phase.value)
        assert pickle.loads(pickle.dumps(phase)) is phase


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_is_named_and_its_text_names_it_back(players: int) -> None:
    for state in played(players, players):
        assert type(state.phase) is Phase
        assert all(type(e) in EVENTS.values() for e in state.history)
        for move in RULES.legal_moves(state):
            assert type(move) in MOVES.values()
            back = RULES.move_from_text(RULES.move_to_text(move, state), state)
            assert back == move and type(back) is type(move) and parse(move.text()) == move


def test_a_state_built_with_plain_tuples_and_strings_is_the_named_one() -> None:
    state = played(2, 7, plies=30)[-1]
    plain = type(state)(**{**{f: getattr(state, f) for f in state.__dataclass_fields__},
                           "phase": str(state.phase), "history": tuple(tuple(e) for e in state.history)})
    assert plain == state and hash(plain) == hash(state) and repr(plain) == repr(state)
    assert type(plain.phase) is Phase and [type(e) for e in plain.history] == [type(e) for e in state.history]
    # a plain move tuple plays as the named move does
    move = RULES.legal_moves(state)[0]
    assert RULES.apply(state, tuple(move)) == RULES.apply(state, move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_view_from_the_wire_holds_the_same_named_values(players: int) -> None:
    for state in played(players, 10 + players)[::7]:
        for seat in (None, *range(players)):
            view = RULES.view(state, seat)
            back = decode_davinci(json.loads(json.dumps(davinci_view(view))))
            assert back == view and to_bytes(back) == to_bytes(view)
            assert type(back.phase) is Phase
            assert [type(e) for e in back.history] == [type(e) for e in view.history]


def test_the_words_of_the_game_need_no_pygame() -> None:
    code = ("import sys; import boardhub.games.davinci.words, boardhub.games.davinci.moves; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "False", out.stderr


def test_a_view_pickles_to_the_ai_process_as_itself() -> None:
    state = played(3, 5, plies=60)[-1]
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        back = pickle.loads(pickle.dumps(view))
        assert back == view and repr(back) == repr(view) and type(back.phase) is Phase
        assert [type(e) for e in back.history] == [type(e) for e in view.history]
        assert back.legal_moves() == view.legal_moves()


def test_a_move_of_any_shape_gets_a_reason_not_an_exception() -> None:
    state = RULES.new_game({"players": 2}, 1)
    for move in [([1],), ({},), ("draw", 0, 1), ("draw", 5), ("draw", True), ("stop", 1), ("guess", 1, 2), "draw",
                 (), None]:
        assert isinstance(RULES.why_illegal(state, move), str)
