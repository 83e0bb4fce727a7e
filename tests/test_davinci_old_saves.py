"""Da Vinci Code saves written before its moves, events and phases had names of their own
(tests/data/davinci_saves, by make_saves.py there) still load, replay to the same state and save
to the same JSON: the names changed the code, never the files."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.plain import to_bytes, to_plain
from boardhub.core.saved_games import game_data, saved_match

DATA = Path(__file__).parent / "data" / "davinci_saves"
NAMES = sorted(p.name[:-len(".json")] for p in DATA.glob("*.json") if not p.name.endswith(".state.json"))


def test_the_old_saves_are_there() -> None:
    players = {json.loads((DATA / f"{n}.json").read_text())["options"]["players"] for n in NAMES}
    assert players == {2, 3, 4}


@pytest.mark.parametrize("name", NAMES)
def test_an_old_save_replays_to_the_same_state_and_saves_the_same(name: str) -> None:
    path = DATA / f"{name}.json"
    saved = saves.SavedGame(path, saves.read_game(path))
    match = saved_match(saved)
    assert to_plain(match.state) == json.loads((DATA / f"{name}.state.json").read_text())
    again = game_data(match, saved.data["created"], saved.data["counted"], saved.data["imported"],
                      saved.data["hints"])
    again["updated"] = saved.data["updated"]
    assert saves.json_text("game", again) == path.read_text()
    # the state a replay reaches is the state the moves give, played one by one from the seed
    rules = get_game("davinci").rules
    state = rules.new_game(saved.data["options"], saved.data["seed"])
    for text in saved.data["moves"]:
        state = rules.apply(state, rules.move_from_text(text, state))
    assert state == match.state and to_bytes(state) == to_bytes(match.state)
    for seat in (None, *range(state.players)):
        assert to_bytes(rules.view(state, seat)) == to_bytes(rules.view(match.state, seat))


def test_a_replayed_save_holds_named_moves_events_and_phases() -> None:
    from boardhub.games.davinci.moves import EVENTS, MOVES, Phase

    path = DATA / "3p-drawn-jokers.json"
    match = saved_match(saves.SavedGame(path, saves.read_game(path)))
    assert type(match.state.phase) is Phase
    assert {type(e) for e in match.state.history} == set(EVENTS.values())
    assert {type(p.move) for p in match.history} <= set(MOVES.values())
