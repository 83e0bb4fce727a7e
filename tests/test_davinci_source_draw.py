"""Da Vinci Code's draw when the piles run out, at the moment the source's report ends its game.

The report's main loop ("while (...) { play(); if (dq_isEmpty(&BlockDeck)) { ... 무승부입니다 ...
exit(1); } }") checks the deck after every play(), and one play() is one call: the game ends in a
draw right after the first call of the turn that took the last tile. Games without the option
(every game saved before it) keep the draw a turn later, when a turn cannot draw.
"""
import json
import random

from boardhub.games.davinci.engine import DavinciRules, DavinciState, Phase
from boardhub.games.davinci.moves import Draw, Guess
from boardhub.net.views import davinci_view, decode_davinci
from test_davinci_rules import play, tiles

RULES = DavinciRules()
SOURCE = {"piles_end_in_draw": True, "draw_at_first_call": True}


def last_tile_position(source_timing: bool) -> DavinciState:
    """Seat 0 (b2 w5) against seat 1 (b1 w3), one black 6 left in the piles, seat 0 to draw it."""
    racks = (tiles("b2 w5"), tiles("b1 w3", 2))
    return DavinciState(2, False, True, ((6,), ()), racks, 0, Phase.DRAW, next_uid=4,
                        draw_at_first_call=source_timing)


def test_a_right_first_call_of_the_turn_that_took_the_last_tile_ends_the_game_in_a_draw():
    s = play(last_tile_position(True), "draw b", "place 3", "guess 2 1 1")
    out = RULES.outcome(s)
    assert RULES.is_over(s) and out.winner is None and out.reason == "piles ran out"
    assert s.racks[1][0].revealed  # the call was played: its tile is turned up
    assert out.scores == (3, 1)


def test_a_wrong_first_call_shows_the_drawn_tile_and_ends_the_game_in_a_draw():
    s = play(last_tile_position(True), "draw b", "place 3", "guess 2 1 0")
    assert RULES.is_over(s) and RULES.outcome(s).winner is None
    assert [t.revealed for t in s.racks[0]] == [False, False, True]  # the drawn black 6, as a wrong call does


def test_without_the_source_timing_the_turn_goes_on_and_the_draw_comes_a_turn_later():
    s = play(last_tile_position(False), "draw b", "place 3", "guess 2 1 1")
    assert s.phase is Phase.CONTINUE  # today's rule, unchanged: the drawer may call again
    s = play(s, "stop")
    assert RULES.is_over(s) and RULES.outcome(s).winner is None


def test_a_first_call_that_wins_the_game_keeps_its_winner():
    racks = (tiles("b2 w5"), tiles("B1 w3", 2))
    s = DavinciState(2, False, True, ((6,), ()), racks, 0, Phase.DRAW, next_uid=4, draw_at_first_call=True)
    s = play(s, "draw b", "place 3", "guess 2 2 3")
    out = RULES.outcome(s)
    assert out.winner == 0 and out.reason == "last standing"


def test_a_call_in_a_turn_that_left_tiles_in_the_piles_goes_on():
    racks = (tiles("b2 w5"), tiles("b1 w3", 2))
    s = DavinciState(2, False, True, ((6, 7), ()), racks, 0, Phase.DRAW, next_uid=4, draw_at_first_call=True)
    s = play(s, "draw b", "place 3", "guess 2 1 1")
    assert s.phase is Phase.CONTINUE and not RULES.is_over(s)


def _source_end(moves: list, states: list[DavinciState]) -> int | None:
    """By the report's rule, read off the moves alone: the index of the first call after the draw
    that emptied both piles (None if the piles never ran out)."""
    emptied = None
    for i, (move, before) in enumerate(zip(moves, states)):
        if isinstance(move, Draw) and emptied is None and sum(map(len, before.piles)) == 1:
            emptied = i
        if emptied is not None and isinstance(move, Guess):
            return i
    return None


def test_random_games_end_where_the_report_ends_them():
    """Whole games with random moves, 2 to 4 players, both deals: each one ends right after the first
    call of the turn that took the last tile, as a draw unless that call (or one before) decided it."""
    rng = random.Random(7)
    checked = 0
    for game in range(60):
        options = {**SOURCE, "players": 2 + game % 3, "deal_jokers": game % 2 == 1}
        state = RULES.new_game(options, seed=game)
        assert state.draw_at_first_call
        states, moves = [state], []
        while not state.over:
            # stop often, so that games reach empty piles
            legal = RULES.legal_moves(state)
            move = legal[0] if state.phase is Phase.CONTINUE and rng.random() < 0.7 else rng.choice(legal)
            state = RULES.apply(state, move)
            moves.append(move)
            states.append(state)
        end = _source_end(moves, states)
        if state.winner is None:
            assert end == len(moves) - 1, (game, end, len(moves))
            checked += 1
        else:
            assert end is None or end == len(moves) - 1  # decided by then, never after
    assert checked >= 10  # enough games ran the piles out to test the rule


def test_the_option_reaches_every_view_and_crosses_the_network():
    state = RULES.new_game({**SOURCE, "players": 3}, seed=3)
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        assert view.draw_at_first_call
        assert decode_davinci(json.loads(json.dumps(davinci_view(view)))) == view
    old = davinci_view(RULES.view(RULES.new_game({"players": 2}, seed=1), 0))
    del old["draw_at_first_call"]  # a computer of before sends none
    assert decode_davinci(old).draw_at_first_call is False


def test_old_options_and_the_default_keep_the_draw_a_turn_later():
    assert RULES.new_game({"piles_end_in_draw": True}, seed=1).draw_at_first_call is False
    assert RULES.normalize({})["draw_at_first_call"] is False
