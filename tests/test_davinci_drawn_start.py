"""Da Vinci Code's "Dealing: Each player draws them in turn": the starting tiles drawn face down from piles
of numbers only, each player picking colours, the jokers joining the piles once every starting tile is
drawn; a seed and the moves replay it, and nothing of it shows in a view."""
from __future__ import annotations

import random

from boardhub.games.davinci.engine import JOKER, NUMBERS, DavinciRules, Phase, starting_tiles

RULES = DavinciRules()


def through_the_start(options: dict, seed: int, rng: random.Random):
    """The game of `options` and `seed` with its starting tiles drawn at random; the states on the way."""
    state = RULES.new_game(options, seed)
    seen = [state]
    while state.setup:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        seen.append(state)
    return state, seen


def test_the_start_is_drawn_from_numbers_only_and_the_jokers_join_after():
    for players in (2, 3, 4):
        options = {"players": players, "draw_start": True}
        state = RULES.new_game(options, 7)
        k = starting_tiles(players)
        assert state.racks == ((),) * players and state.setup == players * k and state.phase is Phase.DRAW
        assert all(sorted(pile) == list(NUMBERS) for pile in state.piles)
        after, seen = through_the_start(options, 7, random.Random(players))
        assert all(JOKER not in pile for s in seen[:-1] for pile in s.piles)  # aside while the start is drawn
        assert [pile.count(JOKER) for pile in after.piles] == [1, 1]
        assert all(len(rack) == k for rack in after.racks)
        assert all(t.value != JOKER and t.uid < players * k for rack in after.racks for t in rack)
        assert after.to_move == 0 and after.phase is Phase.DRAW and not after.deal_jokers


def test_no_jokers_leaves_them_out_and_the_usual_deal_is_as_before():
    after, _seen = through_the_start({"players": 2, "draw_start": True, "no_jokers": True}, 3, random.Random(1))
    assert all(JOKER not in pile for pile in after.piles) and not after.jokers
    # a saved game from before the option names none: the deal is the dealt one, as it was
    assert RULES.new_game({"players": 2}, 3) == RULES.new_game({"players": 2, "draw_start": False}, 3)
    assert RULES.normalize({"players": 2})["draw_start"] is False


def test_a_seed_and_the_moves_replay_the_game():
    rng = random.Random(5)
    state = RULES.new_game({"players": 3, "draw_start": True}, 11)
    moves = []
    for _ in range(60):
        if state.over:
            break
        move = rng.choice(RULES.legal_moves(state))
        moves.append(move)
        state = RULES.apply(state, move)
    again = RULES.new_game({"players": 3, "draw_start": True}, 11)
    for move in moves:
        again = RULES.apply(again, move)
    assert again == state


def test_the_jokers_land_anywhere_in_their_piles():
    places = []  # (where the black joker stands, the pile's size): the next draw takes the last
    for seed in range(120):
        after, _seen = through_the_start({"players": 2, "draw_start": True}, seed, random.Random(seed))
        pile = after.piles[0]
        places.append((pile.index(JOKER), len(pile)))
    on_top = sum(at == n - 1 for at, n in places)
    assert len({at for at, _n in places}) >= 6 and on_top < len(places) / 4


def test_the_option_shows_only_with_the_dealt_start_and_a_view_shows_no_pile_order():
    option = next(o for o in RULES.options if o.key == "draw_start")
    assert option.applies({"deal_jokers": False}) and not option.applies({"deal_jokers": True})
    state = RULES.new_game({"players": 2, "draw_start": True}, 2)
    view = RULES.view(state, 0)
    assert view.piles == (12, 12) and view.racks == ((), ())
    assert RULES.legal_moves(state) == view.legal_moves()
