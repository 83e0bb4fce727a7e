"""The source report's computer, worked by hand from the report's description, and the bluffer.

The report (section 3.3): every weight starts at 50 (initDeck); each guess()
zeroes the impossible cases (weight_init) and adds reliability / count to every
remaining case of a hidden tile, (100 - reliability) / count to a case its owner
called (weight_add), then takes the case it called out (after_guess); a tile the
opponent draws starts at the average of its existing weights (init_score); and
the reliability moves only when a tile turned face up matches a remembered call:
down if its owner held it when calling (a bluff), up if not (did_USER_lie).
"""
import time

import pytest

from boardhub.core.game import get_game
from boardhub.games.davinci import ai, bluffer, weights as w
from boardhub.games.davinci.engine import BLACK, WHITE, DavinciRules
from boardhub.games.davinci.offline import tuning
from test_davinci_rules import play, position

RULES = DavinciRules()
T, FALL, RISE = 60.0, 10.0, 5.0
C = w.Constants(trust=T, fall=FALL, rise=RISE, least=100.0)


def reading(state, seat=0, constants=C, reliable=True):
    view = RULES.view(state, seat)
    table = w.Table(view)
    return w.replay(w.fresh(table, ai.MEMORY["hard"], constants), table, constants, reliable), table


def nonzero(scores, colour):
    """{value: weight} of the cases of `colour` still possible."""
    return {k >> 1: x for k, x in enumerate(scores[:w.NUMBER_CASES]) if x and k & 1 == colour}


def start():
    """Seat 0 (the computer) holds b2 b5 w7; seat 1 was dealt b1 w3; black draws 6 then 9, white 8 then 10."""
    return position("b2 b5 w7", "b1 w3", piles=((9, 6), (10, 8)))


def test_weights_start_at_50_and_the_first_guess_adds_reliability_over_the_count():
    s = play(start(), "draw b", "place 3")  # seat 0 drew b6: its own tiles are b2 b5 b6 w7
    r, table = reading(s)
    assert r.scores[3] == [50.0] * 26 and r.scores[4] == [50.0] * 26  # initDeck, nothing done yet
    w.weight_init(r, table, len(s.history))
    w.weight_add(r, table, len(s.history))
    # black tile: 12 numbers less its own b2 b5 b6 (the other colour and a dealt tile's joker are out): 9 left
    assert nonzero(r.scores[3], BLACK) == {v: pytest.approx(50 + T / 9) for v in (0, 1, 3, 4, 7, 8, 9, 10, 11)}
    assert not any(r.scores[3][k] for k in range(1, 26, 2)) and not r.scores[3][24]
    # white tile: 12 numbers less its own w7: 11 left
    assert nonzero(r.scores[4], WHITE) == {v: pytest.approx(50 + T / 11) for v in range(12) if v != 7}


def worked_game():
    """Seat 0 calls seat 1's black tile 0 (wrong, its b6 shows); seat 1 draws w8, calls 4 on seat 0's black 2
    (wrong, its w8 shows); seat 0 draws b9 and is to guess."""
    s = play(start(), "draw b", "place 3", "guess 2 1 0", "draw w", "place 3", "guess 1 1 4", "draw b", "place 5")
    assert s.racks[1][2].revealed and s.racks[1][2].value == 8 and (s.to_move, s.phase) == (0, "guess")
    return s


def test_a_drawn_tile_starts_at_the_average_and_the_weights_build_up_over_the_game():
    s = worked_game()
    r, table = reading(s)
    first_black, first_white = 50 + T / 9, 50 + T / 11  # seat 0's first guess, as above
    assert nonzero(r.scores[3], BLACK) == {v: pytest.approx(first_black) for v in (1, 3, 4, 7, 8, 9, 10, 11)}
    # after_guess took out the 0 called; w8 (uid 6) started at the average of seat 1's 8 + 11 weights
    assert r.scores[3][0] == 0
    assert r.scores[6] == [pytest.approx((8 * first_black + 11 * first_white) / 19)] * 26
    # this guess: the face-up w8 bounds seat 1's first two tiles below it; seat 1 called black 4 (not
    # held, reliability untouched), so black 4 gets (100 - T) / 5, the other four cases T / 5
    now = len(s.history)
    w.weight_init(r, table, now)
    w.weight_add(r, table, now)
    assert nonzero(r.scores[3], BLACK) == {1: pytest.approx(first_black + T / 5), 3: pytest.approx(first_black + T / 5),
                                          4: pytest.approx(first_black + (100 - T) / 5),
                                          7: pytest.approx(first_black + T / 5), 8: pytest.approx(first_black + T / 5)}
    assert nonzero(r.scores[4], WHITE) == {v: pytest.approx(first_white + T / 7) for v in range(7)}
    assert r.reliability[1] == T
    # the computer calls a heaviest case: seat 1's first tile, 1, 3, 7 or 8
    moves = {ai.SeedAI("hard", k, constants=C).choose(RULES.view(s, 0), time.monotonic() + 1) for k in range(12)}
    assert moves == {("guess", 1, 0, v) for v in (1, 3, 7, 8)}


def test_reliability_falls_on_a_caught_bluff():
    # seat 1 holds b1 and calls 1 on seat 0's black 2; seat 0 then calls seat 1's b1 right
    s = play(position("b2 b5 w7", "b1 w3", piles=((9, 6), (10, 8)), to_move=1), "draw w", "place 3", "guess 1 1 1")
    assert reading(s)[0].reliability[1] == T  # w8 shown: no call of it remembered, nothing happens
    s = play(s, "draw b", "place 3", "guess 2 1 1")
    assert s.racks[1][0].revealed
    assert reading(s)[0].reliability[1] == T - FALL
    assert reading(s, reliable=False)[0].reliability[1] == T  # the switch the benchmark compares with


def test_reliability_rises_on_an_honest_call_confirmed_and_nothing_else_moves_it():
    s = play(position("b2 b5 w7", "b1 w3", piles=((9, 6), (10, 8)), to_move=1),
             "draw w", "place 3", "guess 1 3 10",  # seat 1 calls white 10 on seat 0's w7 (not holding it)
             "draw b", "place 3", "guess 2 1 0")  # seat 0 misses
    assert reading(s)[0].reliability[1] == T  # w8 shown, no call of it: nothing
    s = play(s, "draw w", "place 4", "guess 1 1 3")  # seat 1 drew the w10 it had called, then missed
    assert s.racks[1][3].revealed and s.racks[1][3].value == 10
    assert reading(s)[0].reliability[1] == T + RISE  # called before it was drawn: an honest call


def test_a_call_counts_only_while_remembered_and_the_levels_remember_more_as_they_rise():
    assert ai.MEMORY["easy"] < ai.MEMORY["normal"] < ai.MEMORY["hard"]
    s = worked_game()
    view = RULES.view(s, 0)
    table = w.Table(view)
    forgetful = w.replay(w.fresh(table, 0, C), table, C)
    w.weight_add(forgetful, table, len(s.history))
    assert forgetful.scores[3][2 * 4] == forgetful.scores[3][2 * 1]  # the call of black 4 is forgotten


def test_the_computer_goes_on_only_while_the_best_weight_reaches_the_threshold():
    s = play(worked_game(), "guess 2 1 1")  # right: seat 1's b1 comes face up
    assert s.phase == "continue"
    view = RULES.view(s, 0)
    r, table = reading(s)
    w.weight_init(r, table, len(s.history))
    best = max(c[0] for c in w.candidates(r, table))
    low, high = w.Constants(T, FALL, RISE, best), w.Constants(T, FALL, RISE, best + 0.01)
    assert ai.SeedAI("hard", 1, constants=low).choose(view, time.monotonic() + 1)[0] == "guess"
    assert ai.SeedAI("hard", 1, constants=high).choose(view, time.monotonic() + 1) == ("stop",)


def test_a_resumed_replay_equals_a_fresh_one():
    seat = ai.SeedAI("hard", 3)
    state = RULES.new_game({"players": 3}, 5)
    rivals = [get_game("davinci").make_ai("seed:normal", seed=s) for s in range(3)]
    compared = 0
    while not state.over:
        view = RULES.view(state, state.to_move)
        if state.to_move == 0 and state.phase in ("guess", "continue"):
            resumed = seat.reading(view, w.Table(view))
            fresh = ai.SeedAI("hard", 3).reading(view, w.Table(view))
            assert (resumed.scores, resumed.reliability, resumed.memory) == \
                (fresh.scores, fresh.reliability, fresh.memory)
            compared += 1
            move = seat.choose(view, time.monotonic() + 1)
        else:
            move = rivals[state.to_move].choose(view, time.monotonic() + 1)
        state = RULES.apply(state, move)
    assert compared > 3


def test_the_shipped_constants_load_and_a_damaged_file_falls_back(tmp_path):
    assert ai.CONSTANTS == ai.load_constants()
    assert 0 <= ai.CONSTANTS.trust <= 100
    bad = tmp_path / "c.json"
    for text in ("", "{", '{"trust": 500, "fall": 1, "rise": 1, "least": 1}', '{"trust": "x"}', "[1, 2]"):
        bad.write_text(text)
        assert ai.load_constants(bad) == ai.UNTUNED
    assert ai.load_constants(tmp_path / "missing.json") == ai.UNTUNED


# ---------------------------------------------------------------- the bluffer
def long_shot():
    """Seat 0 holds b2 b5 w7 and has just drawn b6; seat 1's two tiles are wide open."""
    return play(start(), "draw b", "place 3")


def test_the_bluffer_calls_a_number_it_holds_on_a_rival_tile_of_that_colour_but_never_its_drawn_tile():
    s = long_shot()
    view = RULES.view(s, 0)
    own = {(t.colour, t.value) for t in s.racks[0]}
    drawn = (BLACK, 6)
    bluffs = honest = 0
    for k in range(40):
        move = bluffer.BlufferAI(60, k).choose(view, time.monotonic() + 1)
        assert move in view.legal_moves()
        colour = s.racks[1][move[2]].colour
        if (colour, move[3]) in own:
            bluffs += 1
            assert (colour, move[3]) != drawn
        else:
            honest += 1
    assert bluffs and honest  # at 60%, some long shots become bluffs and some stay honest


def test_the_bluffer_bluffs_more_at_a_higher_rate_and_never_after_a_right_call():
    s = long_shot()
    view = RULES.view(s, 0)
    own = {(t.colour, t.value) for t in s.racks[0]}

    def bluffs(level):
        moves = [bluffer.BlufferAI(level, k).choose(view, time.monotonic() + 1) for k in range(60)]
        return sum((s.racks[1][m[2]].colour, m[3]) in own for m in moves)
    assert bluffs(20) < bluffs(60)
    right = play(long_shot(), "guess 2 1 1")  # seat 1's b1, right
    moves = {bluffer.BlufferAI(60, k).choose(RULES.view(right, 0), time.monotonic() + 1) for k in range(20)}
    assert all(m == ("stop",) or (s.racks[1][m[2]].colour, m[3]) not in own for m in moves)


def test_the_bluffer_is_in_the_list_at_its_rates():
    game = get_game("davinci")
    entry = next(e for e in game.ai_entries if e.name == "bluffer")
    assert entry.levels == (20, 40, 60)
    assert isinstance(game.make_ai("bluffer:20", seed=1), bluffer.BlufferAI)
    assert [a.levels for a in game.ai_entries if a.name == "seed"] == [("easy", "normal", "hard")]


# ---------------------------------------------------------------- the tuning
def test_the_tuning_gives_the_same_constants_whatever_the_number_of_processes(monkeypatch):
    monkeypatch.setattr(tuning, "GRIDS", {"least": (80.0, 125.0), "trust": (60.0, 80.0)})
    one = tuning.tune(games=2, rounds=1, seed=3, jobs=1, show=lambda line: None)
    two = tuning.tune(games=2, rounds=1, seed=3, jobs=2, show=lambda line: None)
    assert one[0] == two[0]
    assert one[1]["trace"] == two[1]["trace"] and one[1]["score"] == two[1]["score"]
    assert [t["constant"] for t in one[1]["trace"]] == ["least", "trust"]


def test_the_tuning_command_writes_the_constants_and_how_they_were_made(monkeypatch, tmp_path, capsys):
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("tune_davinci", Path(__file__).parents[1] / "tools" / "tune_davinci.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(tuning, "GRIDS", {"least": (80.0, 125.0)})
    out = tmp_path / "constants.json"
    assert tool.main(["--games", "1", "--rounds", "1", "--jobs", "1", "--out", str(out)]) == 0
    made = __import__("json").loads(out.with_suffix(".made.json").read_text())
    assert made["command"].startswith("python tools/tune_davinci.py --games 1 --rounds 1")
    assert made["field"] == list(tuning.FIELD) and made["trace"][0]["constant"] == "least"
    assert ai.load_constants(out).least in (80.0, 125.0)
    assert "TUNED" in capsys.readouterr().out
