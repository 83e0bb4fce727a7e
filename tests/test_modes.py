"""The one spelling of the three modes: its written forms are the ones settings and saves always held."""
import json

import pytest

from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.modes import Mode
from boardhub.core.setup import GameSetup


def test_the_written_forms_are_those_of_every_older_file():
    assert [m.value for m in Mode] == ["pvp", "pva", "ava"]
    assert [m.kind for m in Mode] == ["PvP", "PvA", "AvA"]
    assert [Mode.of_kind(k) for k in ("PvP", "PvA", "AvA", "pva", None, 3)] == [*Mode, None, None, None]


def test_a_setup_stored_before_loads_and_is_stored_again_byte_for_byte():
    stored = {"game": "othello", "seats": [None, "greedy:3"], "options": {}, "limit": 0.5, "referee": False,
              "mode": "pva"}
    stored["options"] = GameSetup.default("othello", "pva").options
    setup = GameSetup.from_fields(json.loads(json.dumps(stored)))
    assert setup.mode is Mode.PVA
    assert json.dumps(setup.fields(), sort_keys=True) == json.dumps(stored, sort_keys=True)
    with pytest.raises(ValueError):
        GameSetup.from_fields({**stored, "mode": "PvA"})


@pytest.mark.parametrize("ais, mode", [((None, None), Mode.PVP), ((None, "easy"), Mode.PVA),
                                       (("easy", None), Mode.PVA), (("easy", "normal"), Mode.AVA)])
def test_a_match_tells_its_mode_and_its_saves_kind(ais, mode):
    m = Match(get_game("dots"), [Seat(ai) for ai in ais], {"rows": 2, "cols": 3}, seed=5)
    assert m.mode is mode and m.kind == mode.kind
    assert GameSetup.of_match(m).mode is mode and f"dots/{GameSetup.of_match(m).mode}" == f"dots/{mode.value}"
