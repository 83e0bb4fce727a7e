"""Da Vinci Code's hidden information, and the AIs that play on it.

The central proof: for positions from real games, every other arrangement of
the numbers a seat cannot see (shuffled within each colour, keeping racks in
order, dealt tiles free of jokers by default, and every missed call missed)
gives that seat the same view, and every AI of the registry answers it with
the same move. So no AI can depend on a hidden number.
"""
import random
import time

import pytest

from boardhub.core.game import get_game
from boardhub.games.davinci import ai
from boardhub.games.davinci.engine import (BLACK, JOKER, PHASES, WHITE, DavinciRules, order_key,
                                           starting_tiles)
from test_davinci_rules import play, position

RULES = DavinciRules()
GAME = get_game("davinci")


def every_ai() -> list[str]:
    """Every AI of the registry at every level, as seats name them."""
    names = []
    for entry in GAME.ai_entries:
        names += [f"{entry.name}:{level}" for level in entry.levels] if entry.levels else [entry.name]
    return names


def sample_positions(options: dict, seed: int, every: int = 7) -> list:
    """Every `every`-th position of a game between the registry's AIs (one a seat, in turn), and of a
    game of random moves, which lasts into the empty piles."""
    names = every_ai()
    n = RULES.num_players(options)
    seats = [GAME.make_ai(names[(seed + s) % len(names)], seed=seed * 10 + s) for s in range(n)]
    rng = random.Random(seed)
    out = []
    for by_ai in (True, False):
        state = RULES.new_game(options, seed)
        while not RULES.is_over(state):
            if len(state.history) % every == 0 or state.phase == "reveal":
                out.append(state)
            if by_ai:
                move = seats[state.to_move].choose(RULES.view(state, state.to_move), time.monotonic() + 2)
            else:
                move = rng.choice(RULES.legal_moves(state))
            state = RULES.apply(state, move)
        out.append(state)
    return out


@pytest.fixture(scope="module")
def positions() -> list:
    options = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "deal_jokers": True},
               {"players": 3, "deal_jokers": True, "piles_end_in_draw": True},
               {"players": 3, "draw_start": True}, {"players": 4, "draw_start": True, "no_jokers": True}]
    return [s for i, opts in enumerate(options) for s in sample_positions(opts, 11 + i)]


def consistent(state) -> bool:
    """Whether a full state agrees with everything public: rack order, the deal, missed calls."""
    for rack in state.racks:
        keys = [order_key(t.colour, t.value) for t in rack if t.value != JOKER]
        if keys != sorted(keys):
            return False
    if not state.deal_jokers:
        dealt = state.players * starting_tiles(state.players)
        if any(t.value == JOKER for rack in state.racks for t in rack if t.uid < dealt):
            return False
    value = {t.uid: t.value for rack in state.racks for t in rack}
    return all(value[e[3]] != e[4] for e in state.history if e[0] == "guess" and not e[5])


def rearranged(state, seat: int, rng: random.Random, swaps: int = 60):
    """Another full state that `seat` cannot tell from `state`: unseen numbers swapped within a colour."""
    racks = [list(rack) for rack in state.racks]
    piles = [list(p) for p in state.piles]
    hand = [state.hand] if state.hand is not None and state.to_move != seat else []
    places = [("rack", o, i) for o, rack in enumerate(racks) if o != seat for i, t in enumerate(rack)
              if not t.revealed]
    places += [("pile", c, j) for c in (BLACK, WHITE) for j in range(len(piles[c]))]
    places += [("hand", 0, 0)] * bool(hand)

    def get(place):
        kind, a, b = place
        if kind == "rack":
            return racks[a][b].colour, racks[a][b].value
        return (a, piles[a][b]) if kind == "pile" else hand[0]

    def put(place, value):
        kind, a, b = place
        if kind == "rack":
            racks[a][b] = racks[a][b]._replace(value=value)
        elif kind == "pile":
            piles[a][b] = value
        else:
            hand[0] = (hand[0][0], value)

    def build():
        return state.__class__(**{**state.__dict__, "racks": tuple(map(tuple, racks)),
                                  "piles": (tuple(piles[0]), tuple(piles[1])),
                                  "hand": hand[0] if hand else state.hand})

    for _ in range(swaps if places else 0):
        p, q = rng.sample(places, 2) if len(places) > 1 else (places[0], places[0])
        (cp, vp), (cq, vq) = get(p), get(q)
        if cp != cq or vp == vq:
            continue
        put(p, vq)
        put(q, vp)
        if not consistent(build()):
            put(p, vp)
            put(q, vq)
    return build()


def hidden_numbers(state, seat):
    return ([t.value for o, rack in enumerate(state.racks) if o != seat for t in rack if not t.revealed],
            state.piles, state.hand if state.to_move != seat else None)


def test_the_sampled_positions_cover_every_phase(positions):
    assert {s.phase for s in positions} == set(PHASES)
    assert len(positions) > 60


def test_views_are_the_same_for_every_arrangement_the_seat_cannot_see_and_so_are_ai_moves(positions):
    rng = random.Random(2024)
    names = every_ai()
    assert {"easy", "seed:normal", "seed:hard"} <= set(names)
    changed = asked = 0
    for state in positions:
        if RULES.is_over(state):
            continue
        for seat in range(state.players):
            view = RULES.view(state, seat)
            for _ in range(2):
                other = rearranged(state, seat, rng)
                assert consistent(other)
                changed += hidden_numbers(other, seat) != hidden_numbers(state, seat)
                assert RULES.view(other, seat) == view
                if seat != state.to_move:
                    continue
                assert RULES.legal_moves(other) == RULES.legal_moves(state) == view.legal_moves()
                for name in names:
                    move = GAME.make_ai(name, seed=77).choose(view, time.monotonic() + 2)
                    again = GAME.make_ai(name, seed=77).choose(RULES.view(other, seat), time.monotonic() + 2)
                    assert move == again, (name, state, seat)
                    assert move in view.legal_moves()
                    asked += 1
    assert changed > 100 and asked > 100  # the arrangements really differ, and the AIs were asked


def test_a_seat_sees_its_own_numbers_face_up_ones_and_only_colours_of_the_rest(positions):
    for state in positions:
        for seat in range(state.players):
            view = RULES.view(state, seat)
            assert view.piles == (len(state.piles[0]), len(state.piles[1]))  # sizes, never the order
            for owner, (mine, full) in enumerate(zip(view.racks, state.racks)):
                for t, real in zip(mine, full):
                    assert (t.colour, t.revealed, t.uid) == (real.colour, real.revealed, real.uid)
                    shown = owner == seat or real.revealed or RULES.is_over(state)
                    assert t.value == (real.value if shown else None)
            if state.hand is not None:
                own = seat == state.to_move
                assert view.hand == (state.hand if own else (state.hand[0], None))
                assert bool(view.slots) == own
        face_up = RULES.face_up_view(state)
        assert face_up.racks == state.racks and face_up.hand == state.hand  # the face-up toggle


def test_the_view_of_the_seat_to_move_gives_its_legal_moves(positions):
    for state in positions:
        assert RULES.view(state, state.to_move).legal_moves() == RULES.legal_moves(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_ai_answers_a_legal_move_within_half_a_second(players):
    names = every_ai()
    for game in range(2):
        seats = [GAME.make_ai(names[(game + s) % len(names)], seed=s) for s in range(players)]
        state = RULES.new_game({"players": players, "deal_jokers": game == 1}, 40 + players)
        while not RULES.is_over(state):
            start = time.monotonic()
            move = seats[state.to_move].choose(RULES.view(state, state.to_move), start + 0.5)
            assert time.monotonic() - start < 0.5
            state = RULES.apply(state, move)  # raises if illegal


# ---------------------------------------------------------------- the easy AI
def test_easy_calls_a_possible_value_and_stops_after_one_right_guess():
    s = play(position("b2 w5", "b1 W3 b8", piles=((6,), (9,))), "draw b", "place 3")
    for seed in range(20):
        move = ai.EasyAI(seed).choose(RULES.view(s, 0), time.monotonic() + 0.5)
        assert move[:2] == ("guess", 1) and move[2] in (0, 2)
        assert move[3] not in (2, 6)  # black 2 and 6 are its own
    right = play(s, "guess 2 1 1")
    assert ai.EasyAI(1).choose(RULES.view(right, 0), time.monotonic() + 0.5) == ("stop",)


# ---------------------------------------------------------------- the source's computer
def seed_choice(state, level="normal", seed=0):
    return ai.SeedAI(level, seed).choose(RULES.view(state, state.to_move), time.monotonic() + 0.5)


def test_seed_draws_the_colour_it_holds_less_of():
    assert seed_choice(position("b2 b5 w7", "b1 w3")) == ("draw", WHITE)
    assert seed_choice(position("w2 b5 w7", "b1 w3")) == ("draw", BLACK)
    assert seed_choice(position("b2 w5", "b1 w3")) == ("draw", WHITE)  # a tie: white, as the source
    assert seed_choice(position("b2 b5 w7", "b1 w3", piles=((4,), ()))) == ("draw", BLACK)


def test_seed_puts_a_joker_between_equal_or_consecutive_numbers():
    s = play(position("b2 b5 w5 w9", "b1 w3", piles=((JOKER,), ())), "draw b")
    assert {seed_choice(s, seed=k) for k in range(10)} == {("place", 2)}  # between black 5 and white 5
    s = play(position("b1 b3 w4 b8", "b0 w2", piles=((JOKER,), ())), "draw b")
    assert {seed_choice(s, seed=k) for k in range(10)} == {("place", 2)}  # between 3 and 4
    s = play(position("b1 w4 b8", "b0 w2", piles=((JOKER,), ())), "draw b")
    assert len({seed_choice(s, seed=k) for k in range(30)}) > 1  # nothing snug: anywhere


def called_twice(later_calls: tuple[int, ...]):
    """Seat 1 called black 2 on seat 0's black 7, then made `later_calls` on it; seat 0 to guess.

    Seat 1's hidden black tile between its black 1 and black 4 is a 2 or a 3 (seat 0 holds the joker).
    """
    history = tuple(("guess", 1, 0, 1, v, False) for v in (2,) + later_calls)
    return position("b- b7 w9", "B1 b3 B4 w10", piles=((), ()), phase="guess", history=history)


def test_seed_remembers_calls_people_rarely_make_on_numbers_they_hold():
    fresh = position("b- b7 w9", "B1 b3 B4 w10", piles=((), ()), phase="guess")
    assert {seed_choice(fresh, seed=k) for k in range(20)} == {("guess", 1, 1, 2), ("guess", 1, 1, 3)}
    assert {seed_choice(called_twice(()), seed=k) for k in range(20)} == {("guess", 1, 1, 3)}


def test_hard_remembers_more_calls_than_normal():
    s = called_twice((5, 6, 8, 9))  # four later calls push black 2 out of normal's memory
    assert {seed_choice(s, "normal", k) for k in range(20)} == {("guess", 1, 1, 2), ("guess", 1, 1, 3)}
    assert {seed_choice(s, "hard", k) for k in range(20)} == {("guess", 1, 1, 3)}
    assert ai.MEMORY["hard"] > ai.MEMORY["normal"]


def test_seed_reveals_the_own_tile_the_others_can_best_tell_already():
    # piles empty, seat 0 missed: its b1 stands left of a face-up b2 (black 0, 1 or the joker left),
    # its w9 has many candidates
    s = position("b1 B2 w9", "b5 w6", piles=((), ()), phase="guess")
    s = play(s, "guess 2 1 4")
    assert s.phase == "reveal" and seed_choice(s) == ("reveal", 0)
