"""No AI can learn Da Vinci Code's deal from its seed, and a new game's seed is too big to search."""
from __future__ import annotations

import json

from boardhub.core import files, saves
from boardhub.core.arena import play_game
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat, Timing, ai_seed
from boardhub.core.saved_games import game_data
from boardhub.core.worker import ThreadWorker

import davinci_cheat

DAVINCI = get_game("davinci")


def racks(state) -> tuple:
    return tuple(tuple((t.colour, t.value) for t in rack) for rack in state.racks)


def test_the_cheat_reads_the_deal_from_a_seed_made_the_old_way():
    # the cheat is a real one: given the seed every AI used to get, it rebuilds every hidden tile
    start = DAVINCI.rules.new_game({"players": 2}, 123456)
    view = DAVINCI.rules.view(start, 1)
    cheat = davinci_cheat.make(seed=123456 * 31 + 1)
    cheat.choose(view, 0.0)
    assert davinci_cheat.REBUILT[123456 * 31 + 1] == racks(start)


def test_against_the_expert_the_deal_the_cheat_rebuilds_from_its_seed_is_wrong():
    davinci_cheat.REBUILT.clear()
    worker = ThreadWorker()
    try:
        m = Match(DAVINCI, [Seat("expert"), Seat("py:davinci_cheat:make")], {"players": 2},
                  timing=Timing(limit=0.05, ai_delay=0.0, chain_delay=0.0), worker=worker)
        play_game(m)
    finally:
        worker.close()
    assert m.is_over and not m.outcome.is_forfeit
    [(given, rebuilt)] = davinci_cheat.REBUILT.items()  # the seed the cheat received, and the deal it made of it
    real = racks(m.start)
    assert rebuilt != real
    assert given == ai_seed(m.seed, 1)
    assert rebuilt[1] != real[1]  # not even its own tiles: the seed says nothing of the deal
    assert ai_seed(m.seed, 1) != m.seed * 31 + 1 and ai_seed(m.seed, 0) != ai_seed(m.seed, 1)


def test_a_new_games_seed_has_128_bits_and_a_save_keeps_it_exactly(tmp_path):
    seeds = {Match(DAVINCI, [Seat(), Seat()], {"players": 2}).seed for _ in range(4)}
    assert len(seeds) == 4 and all(0 <= s < 1 << 128 for s in seeds) and max(seeds).bit_length() > 100
    m = Match(DAVINCI, [Seat(), Seat()], {"players": 2}, seed=(1 << 128) - 1)
    for _ in range(3):
        m.play(m.rules.legal_moves(m.state)[0])
    data = files.loads_json(json.dumps(m.to_json()))
    assert data["seed"] == (1 << 128) - 1
    saves.write_json(tmp_path / "game.json", "game", game_data(m, "2026-01-01T00:00:00", False))
    assert saves.read_json(tmp_path / "game.json", "game")["seed"] == (1 << 128) - 1  # the file keeps every digit
    back = Match.from_json(DAVINCI, data)
    assert back.seed == m.seed and back.state == m.state and back.moves == m.moves
    old = Match.from_json(DAVINCI, {**data, "seed": 7, "moves": []})  # a save from before keeps its own seed
    assert old.seed == 7 and old.start == DAVINCI.rules.new_game({"players": 2}, 7)
