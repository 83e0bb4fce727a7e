"""Da Vinci Code rules: the deal, rack order and jokers, guesses, empty piles, winners, replays, notation.

Racks are written left to right as "b3 w5 b-": colour b or w, then the number
or "-" for the joker; an upper-case colour (B3) is a face-up tile.
"""
import random

import pytest

from boardhub.core.rules import IllegalMove
from boardhub.games.davinci.engine import (BLACK, JOKER, NUMBERS, VALUES, WHITE, DavinciRules, DavinciState,
                                           Tile, order_key, place_slots, public_candidates, starting_tiles)

RULES = DavinciRules()


def tiles(text: str, first_uid: int = 0) -> tuple[Tile, ...]:
    out = []
    for i, word in enumerate(text.split()):
        colour = "bw".index(word[0].lower())
        value = JOKER if word[1:] == "-" else int(word[1:])
        out.append(Tile(colour, value, word[0].isupper(), first_uid + i))
    return tuple(out)


def position(*racks: str, to_move: int = 0, phase: str = "draw", piles: tuple | None = None,
             hand: tuple | None = None, drawn: int | None = None, history: tuple = (),
             piles_end_in_draw: bool = False) -> DavinciState:
    """A state with these racks; the piles hold every other tile (drawn from the end) unless given."""
    built, uid = [], 0
    for text in racks:
        built.append(tiles(text, uid))
        uid += len(built[-1])
    if piles is None:
        used = {(t.colour, t.value) for rack in built for t in rack} | ({hand} if hand else set())
        piles = tuple(tuple(v for v in VALUES if (c, v) not in used) for c in (BLACK, WHITE))
    return DavinciState(len(racks), False, piles_end_in_draw, piles, tuple(built), to_move, phase,
                        hand=hand, drawn=drawn, history=history, next_uid=uid)


def rack_text(rack) -> str:
    return " ".join(("BW" if t.revealed else "bw")[t.colour] + ("-" if t.value == JOKER else str(t.value))
                    for t in rack)


def play(state, *texts):
    for text in texts:
        state = RULES.apply(state, RULES.move_from_text(text, state))
    return state


# ---------------------------------------------------------------- the deal
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_sizes_and_no_jokers_by_default(players):
    k = starting_tiles(players)
    assert k == (3 if players == 4 else 4)
    for seed in range(40):
        s = RULES.new_game({"players": players}, seed)
        assert RULES.num_players({"players": players}) == players == len(s.racks)
        assert all(len(rack) == k for rack in s.racks)
        assert all(t.value != JOKER and not t.revealed for rack in s.racks for t in rack)
        assert JOKER in s.piles[BLACK] and JOKER in s.piles[WHITE]  # jokers enter by being drawn
        for rack in s.racks:
            keys = [order_key(t.colour, t.value) for t in rack]
            assert keys == sorted(keys)
        held = sorted((t.colour, t.value) for rack in s.racks for t in rack)
        held += [(c, v) for c in (BLACK, WHITE) for v in s.piles[c]]
        assert sorted(held) == [(c, v) for c in (BLACK, WHITE) for v in VALUES]
        assert (s.to_move, s.phase) == (0, "draw")


def test_jokers_reach_the_piles_at_random_places():
    tops = {RULES.new_game({}, seed).piles[BLACK].index(JOKER) for seed in range(60)}
    assert len(tops) > 5


def test_deal_depends_on_the_seed_only():
    assert RULES.new_game({"players": 3}, 7) == RULES.new_game({"players": 3}, 7)
    deals = {RULES.new_game({"players": 3}, seed).racks for seed in range(20)}
    assert len(deals) == 20


def test_the_source_deal_draws_and_places_starting_tiles_jokers_included():
    found_joker = False
    for seed in range(30):
        s = RULES.new_game({"players": 3, "deal_jokers": True}, seed)
        assert s.setup == 12 and all(rack == () for rack in s.racks)
        seats = []
        while s.setup:
            assert s.phase == "draw"
            seats.append(s.to_move)
            s = RULES.apply(s, ("draw", random.Random(seed).choice((BLACK, WHITE))))
            moves = RULES.legal_moves(s)
            if s.hand[1] == JOKER:
                found_joker = True
                assert moves == [("place", i) for i in range(len(s.racks[s.to_move]) + 1)]
            s = RULES.apply(s, moves[-1])
        assert seats == [0, 1, 2] * 4  # in turn, a tile at a time
        assert all(len(rack) == 4 for rack in s.racks) and (s.to_move, s.phase) == (0, "draw")
        assert s.history[0] == ("draw", 0, s.history[0][2])
    assert found_joker


def test_options_are_checked():
    with pytest.raises(ValueError):
        RULES.new_game({"players": 5})
    with pytest.raises(ValueError):
        RULES.num_players({"players": "3"})
    assert RULES.num_players({}) == 2


# ---------------------------------------------------------------- rack order and jokers
def test_numbers_stand_ascending_black_left_of_white():
    rack = tiles("b2 w5 b7")
    assert place_slots(rack, BLACK, 5) == (1,)  # black 5 left of white 5
    assert place_slots(rack, WHITE, 7) == (3,)  # white 7 right of black 7
    assert place_slots(rack, WHITE, 0) == (0,)
    assert place_slots(rack, BLACK, 11) == (3,)
    assert place_slots((), WHITE, 4) == (0,)


def test_a_joker_goes_anywhere_and_a_number_next_to_one_on_either_side():
    rack = tiles("b2 w- b7")
    assert place_slots(rack, BLACK, JOKER) == (0, 1, 2, 3)
    assert place_slots(rack, BLACK, 4) == (1, 2)  # either side of the joker
    assert place_slots(rack, WHITE, 1) == (0,)  # the order forbids the right of b2
    assert place_slots(rack, WHITE, 9) == (3,)
    assert place_slots(tiles("b- w- b5"), WHITE, 3) == (0, 1, 2)  # two jokers in a row: three places
    assert place_slots(tiles("b- w- b5"), WHITE, 6) == (3,)


def test_drawing_then_placing_is_two_moves_and_always_asked_for():
    s = position("b2 w- b7", "w0 w3 b9 w11", piles=((1, 4), (5, 6)))
    assert RULES.legal_moves(s) == [("draw", BLACK), ("draw", WHITE)]
    s = play(s, "draw b")
    assert s.hand == (BLACK, 4) and s.phase == "place" and s.piles == ((1,), (5, 6))
    assert RULES.legal_moves(s) == [("place", 1), ("place", 2)]
    with pytest.raises(IllegalMove):
        play(s, "place 1")  # left of the black 2: out of order
    right = play(s, "place 3")  # the third tile, right of the joker
    assert rack_text(right.racks[0]) == "b2 w- b4 b7" and right.phase == "guess"
    assert right.drawn == right.racks[0][2].uid
    assert right.history[-2:] == (("draw", 0, BLACK), ("place", 0, 2, right.drawn))
    s = play(right, "guess 2 1 1", "draw w")  # wrong: the turn passes to seat 1
    assert s.phase == "place" and RULES.legal_moves(s) == [("place", 2)]  # one slot is still a move


def test_only_a_pile_with_tiles_can_be_drawn():
    s = position("b2 w5", "w0 w3", piles=((), (6,)))
    assert RULES.legal_moves(s) == [("draw", WHITE)]
    with pytest.raises(IllegalMove, match="black pile is empty"):
        play(s, "draw b")


# ---------------------------------------------------------------- guesses
def test_a_right_guess_reveals_and_the_guesser_goes_on_or_stops_keeping_the_drawn_tile_hidden():
    s = play(position("b2 w5", "b1 w3 b8", piles=((6,), (9,))), "draw b", "place 3")
    assert rack_text(s.racks[0]) == "b2 w5 b6"
    s = play(s, "guess 2 2 3")
    assert rack_text(s.racks[1]) == "b1 W3 b8" and (s.to_move, s.phase) == (0, "continue")
    assert s.history[-1] == ("guess", 0, 1, s.racks[1][1].uid, 3, True)
    assert ("stop",) in RULES.legal_moves(s)
    again = play(s, "guess 2 1 1")
    assert rack_text(again.racks[1]) == "B1 W3 b8" and again.phase == "continue"
    stopped = play(again, "stop")
    assert rack_text(stopped.racks[0]) == "b2 w5 b6"  # the drawn tile stays hidden
    assert (stopped.to_move, stopped.phase, stopped.drawn) == (1, "draw", None)


def test_a_wrong_guess_reveals_the_drawn_tile_and_passes_the_turn():
    s = play(position("b2 w5", "b1 w3 b8", piles=((6,), (9,))), "draw w", "place 3", "guess 2 3 9")
    assert rack_text(s.racks[0]) == "b2 w5 W9"
    assert s.history[-2:] == (("guess", 0, 1, 4, 9, False), ("reveal", 0, s.racks[0][2].uid, 9))
    assert (s.to_move, s.phase) == (1, "draw")
    s = play(position("b2 w5", "b1 w3 b8", piles=((6,), (9,))), "draw w", "place 3", "guess 2 2 3",
             "guess 2 3 10")  # right, then wrong
    assert rack_text(s.racks[0]) == "b2 w5 W9" and rack_text(s.racks[1]) == "b1 W3 b8"


def test_guesses_that_are_refused():
    s = play(position("b2 w5", "b1 W3 b8", "w0 b-", piles=((6,), (9,))), "draw b", "place 3")
    before = s
    for text, why in [("guess 1 1 2", "another player's"), ("guess 2 2 3", "already face up"),
                      ("guess 2 1 5", "cannot be 5"),  # left of the face-up white 3
                      ("guess 2 3 2", "cannot be 2"),  # right of it
                      ("guess 4 1 1", "no player 4"), ("guess 2 9 1", "no tile 9"), ("stop", "Guess")]:
        with pytest.raises(IllegalMove, match=why):
            play(s, text)
        assert s == before
    assert play(s, "guess 2 3 6").to_move == 1  # calling a number you hold (a bluff) is allowed
    assert play(s, "guess 3 2 -").phase == "continue"  # the joker is called with "-"


def test_legal_guesses_are_the_public_candidates_and_a_missed_call_is_not_repeated():
    s = play(position("b2 w5", "b1 W3 w-", piles=((6,), (9,))), "draw b", "place 3")
    guesses = [m for m in RULES.legal_moves(s)]
    # b1 left of the white 3: black 0-3 or the joker (the black 2 is seat 0's secret, not public)
    assert guesses == ([("guess", 1, 0, v) for v in (0, 1, 2, 3, JOKER)]
                       + [("guess", 1, 2, v) for v in (4, 5, 6, 7, 8, 9, 10, 11, JOKER)])
    s = play(s, "guess 2 3 7", "draw w", "place 4", "guess 1 1 1")  # seat 0 misses w7, seat 1 b1
    assert rack_text(s.racks[1]) == "b1 W3 w- W9" and (s.to_move, s.phase) == (0, "guess")  # piles empty
    s = play(s, "guess 2 3 8", "reveal 1", "guess 1 2 4", "reveal 1")  # a miss each, a tile revealed each
    assert rack_text(s.racks[0]) == "B2 w5 B6" and rack_text(s.racks[1]) == "B1 W3 w- W9"
    legal = RULES.legal_moves(s)
    assert [m[3] for m in legal if m[:3] == ("guess", 1, 2)] == [4, 5, 6, JOKER]  # below the white 9
    assert ("guess", 1, 2, 7) not in legal and ("guess", 1, 2, 8) not in legal  # missed before
    with pytest.raises(IllegalMove, match="cannot be 7"):
        play(s, "guess 2 3 7")


def test_public_candidates_use_face_up_tiles_order_and_missed_calls():
    racks = (tiles("b2 w5"), tiles("b1 W3 b- w9", 2), tiles("W6 b4", 6))
    history = (("guess", 0, 1, 2, 0, False),)
    assert public_candidates(racks, history, 1, 0) == (1, 2, 3, JOKER)  # b0 missed; black 3 < white 3
    assert public_candidates(racks, history, 1, 2) == (4, 5, 6, 7, 8, 9, 10, 11, JOKER)
    assert public_candidates(racks, history, 1, 3) == (4, 5, 7, 8, 9, 10, 11, JOKER)  # w6 face up
    assert public_candidates(racks, history, 2, 1) == (7, 8, 9, 10, 11, JOKER)


# ---------------------------------------------------------------- empty piles
def test_empty_piles_play_on_and_a_miss_reveals_a_tile_of_the_guessers_choice():
    s = position("b2 w5 b7", "b1 w3", piles=((), ()), phase="guess")
    assert RULES.legal_moves(s)[0][0] == "guess"
    missed = play(s, "guess 2 1 0")
    assert (missed.to_move, missed.phase) == (0, "reveal")
    assert RULES.legal_moves(missed) == [("reveal", 0), ("reveal", 1), ("reveal", 2)]
    done = play(missed, "reveal 2")
    assert rack_text(done.racks[0]) == "b2 W5 b7" and done.history[-1] == ("reveal", 0, 1, 5)
    assert (done.to_move, done.phase) == (1, "guess")  # no draw: straight to the guess
    with pytest.raises(IllegalMove):
        play(done, "draw b")
    with pytest.raises(IllegalMove, match="your own hidden"):
        play(missed, "reveal 4")


def test_the_last_tile_drawn_starts_the_empty_pile_play():
    s = play(position("b2 w5", "b1 w3", piles=((6,), ())), "draw b", "place 3", "guess 2 1 0")
    assert (s.to_move, s.phase) == (1, "guess") and s.piles == ((), ())


def test_the_source_option_ends_the_game_as_a_draw_when_a_turn_cannot_draw():
    s = position("b2 w5", "b1 w3", piles=((6,), ()), piles_end_in_draw=True)
    s = play(s, "draw b", "place 3", "guess 2 1 1")  # right: the drawer may still go on
    assert s.phase == "continue"
    s = play(s, "stop")
    assert RULES.is_over(s) and RULES.legal_moves(s) == []
    out = RULES.outcome(s)
    assert out.winner is None and out.reason == "piles ran out" and out.scores == (3, 1)
    with pytest.raises(IllegalMove, match="over"):
        play(s, "guess 1 1 2")


# ---------------------------------------------------------------- out players and the winner
def test_players_with_every_tile_face_up_are_out_and_the_last_one_standing_wins():
    s = position("b2 w5", "B1 w3", "b0 W4", piles=((6,), (9,)))
    s = play(s, "draw b", "place 3", "guess 2 2 3")  # seat 1 is out
    assert not RULES.is_over(s) and RULES.view(s, 0).out == (False, True, False)
    assert all(m[1] != 1 for m in RULES.legal_moves(s) if m[0] == "guess")
    s = play(s, "stop")
    assert s.to_move == 2  # seat 1 is skipped
    s = play(s, "draw w", "place 3", "guess 1 2 5")
    assert s.history[-1] == ("guess", 2, 0, 1, 5, True)
    s = play(s, "guess 1 1 2", "guess 1 3 6")
    assert RULES.is_over(s) and s.winner == 2
    out = RULES.outcome(s)
    assert (out.winner, out.reason, out.scores) == (2, "last standing", (0, 0, 2))
    assert out.describe() == "Player 3 kept the last hidden tiles."
    assert out.describe(["You", "Greedy AI", "Expert AI"]) == "Expert AI kept the last hidden tiles."


def test_a_guesser_who_reveals_their_own_last_tile_loses():
    s = position("B2 w5", "b1 w3", piles=((), ()), phase="guess")
    s = play(s, "guess 2 1 0", "reveal 2")
    assert RULES.is_over(s) and s.winner == 1 and RULES.outcome(s).reason == "last standing"


def test_outcome_of_a_game_in_play_is_refused():
    with pytest.raises(ValueError):
        RULES.outcome(RULES.new_game({}, 1))


# ---------------------------------------------------------------- replays and notation
@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "deal_jokers": True},
                                     {"players": 4, "piles_end_in_draw": True}])
def test_a_game_is_its_options_seed_and_moves(options):
    rng = random.Random(5)
    s = RULES.new_game(options, 99)
    texts = []
    while not RULES.is_over(s):
        move = rng.choice(RULES.legal_moves(s))
        texts.append(RULES.move_to_text(move, s))
        s = RULES.apply(s, move)
    again = RULES.new_game(options, 99)
    for text in texts:
        again = RULES.apply(again, RULES.move_from_text(text, again))
    assert again == s and RULES.outcome(again) == RULES.outcome(s)


def test_notation_round_trip_counting_from_one():
    cases = {"draw b": ("draw", BLACK), "draw w": ("draw", WHITE), "place 3": ("place", 2),
             "guess 2 4 7": ("guess", 1, 3, 7), "guess 2 4 -": ("guess", 1, 3, JOKER),
             "guess 1 1 0": ("guess", 0, 0, 0), "stop": ("stop",), "reveal 2": ("reveal", 1)}
    for text, move in cases.items():
        assert RULES.move_from_text(text) == move
        assert RULES.move_to_text(move) == text
    for v in NUMBERS:
        assert RULES.move_from_text(RULES.move_to_text(("guess", 3, 9, v))) == ("guess", 3, 9, v)
    assert RULES.move_from_text("  GUESS 2 4 11 ") == ("guess", 1, 3, 11)
    for bad in ["", "draw", "draw x", "place 0", "place -1", "guess 2 4 12", "guess 0 1 1", "guess 2 4",
                "stop 1", "reveal", "pass", "guess a b c"]:
        with pytest.raises(IllegalMove):
            RULES.move_from_text(bad)


def test_moves_that_are_not_moves_are_refused_without_harm():
    s = RULES.new_game({}, 3)
    for bad in [None, (), ("draw",), ("draw", 2), ("draw", True), ("place", 0), ("jump", 1), "draw b",
                ("guess", 1, 0, 5)]:
        with pytest.raises(IllegalMove):
            RULES.apply(s, bad)
    assert s == RULES.new_game({}, 3)
