"""Dots and Boxes' quick start (KSquares' option): the safe lines drawn at random from the game's seed
before the first turn, kept exact by saves, replays and exported records."""
import json

import pytest

from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.rules import IllegalMove
from boardhub.games.dots import record_options
from boardhub.games.dots.chains import board, degrees

ENTRY = get_game("dots")
rules = ENTRY.rules
QUICK = {"rows": 4, "cols": 5, "quick_start": True}


def match(seed: int, options: dict = QUICK) -> Match:
    return Match(ENTRY, [Seat(), Seat()], options, seed)


@pytest.mark.parametrize("rows, cols", [(1, 1), (2, 3), (4, 4), (5, 7), (7, 7)])
def test_the_quick_start_draws_safe_lines_until_none_is_left(rows, cols):
    for seed in range(20):
        s = rules.new_game({"rows": rows, "cols": cols, "quick_start": True}, seed)
        deg = degrees(s.lines, board(s.geom))
        assert max(deg) <= 2  # no box was handed a third side
        assert s.lines, "a quick start draws some lines"
        # and it stopped only when every line left would give a box its third side
        for i in range(s.geom.num_lines):
            if not s.lines >> i & 1:
                assert any(deg[b] == 2 for b in s.geom.line_boxes[i])
        assert s.scores == (0, 0) and s.player == 0 and set(s.owners) == {-1}


def test_the_same_seed_draws_the_same_lines_and_others_draw_others():
    a, b = (rules.new_game(QUICK, 12345) for _ in range(2))
    assert a == b
    assert len({rules.new_game(QUICK, seed).lines for seed in range(10)}) > 1
    assert rules.new_game({"rows": 4, "cols": 5}, 12345).lines == 0  # without it: the empty board


def test_options_without_the_quick_start_stay_as_saves_always_had_them():
    assert rules.normalize({"rows": 3, "cols": 3}) == {"rows": 3, "cols": 3}
    assert rules.normalize(QUICK) == QUICK
    with pytest.raises(ValueError):
        rules.normalize({"quick_start": "yes"})


def played(m: Match, count: int) -> Match:
    for _ in range(count):
        m.replay([rules.legal_moves(m.state)[0]])
    return m


def test_a_quick_start_game_saves_and_loads_exactly():
    m = played(match(987654321), 5)
    data = json.loads(json.dumps(m.to_json()))
    back = Match.from_json(ENTRY, data)
    assert back.start == m.start and back.state == m.state
    assert back.states == m.states


def test_the_record_carries_the_quick_start_lines():
    m = played(match(42), 4)
    fmt = ENTRY.record_formats[0]
    text = fmt.write(m)
    drawn = bin(m.start.lines).count("1")
    assert text.count("+ ") == drawn and len(text.splitlines()) == drawn + 4
    assert record_options(text) == {"rows": 4, "cols": 5, "quick_start": True}
    # read back into the same game's start: the very moves
    assert fmt.read(text, match(42)) == [p.move for p in m.history]
    # another seed drew other lines: refused in words, not played onto the wrong board
    with pytest.raises(IllegalMove, match="other lines"):
        fmt.read(text, match(43))


def test_a_plain_record_still_reads_and_names_no_quick_start():
    m = played(match(1, {"rows": 2, "cols": 2}), 3)
    text = ENTRY.record_formats[0].write(m)
    assert "+" not in text
    assert record_options(text)["quick_start"] is False  # an import into a quick-start game switches it off
    assert ENTRY.record_formats[0].read(text, match(5, {"rows": 2, "cols": 2})) == [p.move for p in m.history]


def test_a_network_table_offers_no_quick_start():
    # a table keeps its seed from the players, whose screens rebuild the board from the moves alone
    from boardhub.net.table import Table
    assert Table("dots", {"rows": 3, "cols": 3}, ["me", "open"], clock=lambda: 0.0).options["quick_start"] is False
    with pytest.raises(ValueError):
        Table("dots", QUICK, ["me", "open"], clock=lambda: 0.0)
