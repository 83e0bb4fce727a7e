"""Da Vinci Code's exact inference against brute force, and the expert AI that uses it.

The reference here enumerates every placement of the unseen tiles on the
hidden places, one colour at a time, and keeps those that stand in order; it
shares nothing with the dynamic programme but the definition of a
consistent arrangement. Positions are random: abstract racks with jokers,
failed calls and soft weights for 2-4 players, and views taken from random
games of the real engine.
"""
import itertools
import math
import random
from dataclasses import replace

import pytest

from boardhub.core.game import get_game
from boardhub.core.requests import EvaluateRequest, answer_here
from boardhub.games.davinci import expert as expert_module
from boardhub.games.davinci.engine import BLACK, JOKER, WHITE, DavinciRules, DavinciView, Tile, order_key
from boardhub.games.davinci.expert import ExpertAI, bluff_weights, hint, ruled_out, seat_belief
from boardhub.games.davinci.inference import ALL_KEYS, Rack, infer, tile_key

TOL = 1e-9


def brute_force(racks, unseen):
    """(total weight, {(rack, index, value): weight}, {key: weight in the pile}) by enumeration."""
    places = [(r, i) for r, rack in enumerate(racks) for i, (_, v) in enumerate(rack.tiles) if v is None]
    by_colour = {c: [p for p in places if racks[p[0]].tiles[p[1]][0] == c] for c in (BLACK, WHITE)}
    pool = {c: sorted(k for k in unseen if k % 2 == c) for c in (BLACK, WHITE)}
    total, at, pile = 0.0, {}, {}
    for blacks in itertools.permutations(pool[BLACK], len(by_colour[BLACK])):
        for whites in itertools.permutations(pool[WHITE], len(by_colour[WHITE])):
            put = dict(zip(by_colour[BLACK], blacks)) | dict(zip(by_colour[WHITE], whites))
            weight = 1.0
            for r, rack in enumerate(racks):
                numbers = []
                for i, (colour, value) in enumerate(rack.tiles):
                    key = put[(r, i)] if value is None else tile_key(colour, value)
                    if value is None:
                        if rack.excluded and key // 2 in rack.excluded[i]:
                            weight = 0.0
                        if rack.weights:
                            weight *= rack.weights[i].get(key, 1.0)
                    if key // 2 != JOKER:
                        numbers.append(key)
                if numbers != sorted(numbers):
                    weight = 0.0
            if weight == 0.0:
                continue
            total += weight
            for (r, i), key in put.items():
                at[(r, i, key // 2)] = at.get((r, i, key // 2), 0.0) + weight
            for key in set(unseen) - set(put.values()):
                pile[key] = pile.get(key, 0.0) + weight
    return total, at, pile


def assert_matches(racks, unseen):
    belief = infer(racks, unseen)
    total, at, pile = brute_force(racks, unseen)
    assert belief.total == pytest.approx(total, rel=TOL)
    if total == 0:
        return
    for r, rack in enumerate(racks):
        for i in rack.hidden_places():
            dist = belief.places[r][i]
            for v in range(JOKER + 1):
                assert dist.get(v, 0.0) == pytest.approx(at.get((r, i, v), 0.0) / total, abs=TOL), (r, i, v)
            assert sum(dist.values()) == pytest.approx(1.0, abs=TOL)
    for key in unseen:
        assert belief.pile.get(key, 0.0) == pytest.approx(pile.get(key, 0.0) / total, abs=TOL), key


def random_position(rng, players):
    """Racks of the other players as one seat sees them, with a small unseen pool."""
    keys = list(range(26))
    rng.shuffle(keys)
    if rng.random() < 0.6:  # most positions hold a hidden joker or two
        for jk in rng.sample((24, 25), rng.randint(1, 2)):
            keys.remove(jk)
            keys.insert(rng.randrange(6), jk)
    racks, hidden, pos = [], set(), 0
    for _ in range(players - 1):
        size = rng.randint(1, 5)
        dealt = keys[pos:pos + size]
        pos += size
        rack = sorted(k for k in dealt if k < 24)
        for jk in (k for k in dealt if k >= 24):
            rack.insert(rng.randint(0, len(rack)), jk)
        tiles, excluded = [], []
        for key in rack:
            colour, value = key % 2, key // 2
            if len(hidden) < 6 and rng.random() < 0.65:
                hidden.add(key)
                tiles.append((colour, None))
                excluded.append(frozenset(rng.sample([v for v in range(13) if v != value], rng.randint(0, 2))))
            else:
                tiles.append((colour, value))
                excluded.append(frozenset())
        weights = ()
        if rng.random() < 0.5:
            weights = tuple({k: rng.choice((0.1, 0.5, 3.0)) for k in rng.sample(range(26), 5)} for _ in tiles)
        racks.append(Rack(tuple(tiles), tuple(excluded), weights))
    return racks, hidden | set(keys[pos:pos + rng.randint(0, 6)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_exact_equals_brute_force_on_random_positions(players):
    rng = random.Random(players)
    for _ in range(120):
        assert_matches(*random_position(rng, players))


def test_jokers_side_by_side_and_at_the_ends():
    # two hidden jokers next to each other, a joker first and last, bounds from face-up numbers
    cases = [
        [Rack(((BLACK, None), (WHITE, None), (BLACK, None), (WHITE, None)))],
        [Rack(((WHITE, None), (BLACK, 3), (BLACK, None), (WHITE, None))),
         Rack(((BLACK, None), (WHITE, None)))],
        [Rack(((BLACK, None),)), Rack(((WHITE, None),)), Rack(((BLACK, None), (WHITE, 9), (WHITE, None)))],
    ]
    for racks in cases:
        seen = {tile_key(c, v) for rack in racks for c, v in rack.tiles if v is not None}
        pool = sorted(ALL_KEYS - seen)
        unseen = set(pool[:4] + pool[-6:])  # both jokers among them
        assert_matches(racks, unseen)


def test_contradiction_counts_zero():
    # a black place bounded by face-up black 5 and black 6 with no joker left
    rack = Rack(((BLACK, 5), (BLACK, None), (BLACK, 6)))
    belief = infer([rack], {0, 2, 4})
    assert belief.total == 0.0 and belief.places == [{}]


# ---------------------------------------------------------------- views of real games

def view_brute_force(view):
    """hint(view) by enumeration over the view's hidden tiles, with the expert's hard and soft facts."""
    ruled = ruled_out(view)
    weights = bluff_weights(view)
    seats = [s for s in range(view.players) if s != view.seat and any(t.value is None for t in view.racks[s])]
    racks = [Rack(tuple((t.colour, t.value) for t in view.racks[s]),
                  tuple(frozenset(ruled.get(t.uid, ())) for t in view.racks[s]),
                  tuple(weights.get(t.uid, {}) for t in view.racks[s])) for s in seats]
    seen = {tile_key(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(tile_key(*view.hand))
    total, at, _ = brute_force(racks, ALL_KEYS - seen)
    return {(s, i): {v: at[(r, i, v)] / total for v in range(JOKER + 1) if (r, i, v) in at}
            for r, s in enumerate(seats) for i in racks[r].hidden_places()}


def small_enough(view):
    """Whether the enumeration of this view stays under a few tens of thousands of placements."""
    seen = {tile_key(t.colour, t.value) for rack in view.racks for t in rack if t.value is not None}
    if view.hand is not None and view.hand[1] is not None:
        seen.add(tile_key(*view.hand))
    cost = 1
    for c in (BLACK, WHITE):
        places = sum(t.value is None and t.colour == c for rack in view.racks for t in rack)
        pool = sum(k % 2 == c for k in ALL_KEYS - seen)
        cost *= math.perm(pool, places)
    return cost <= 20_000


def random_views(seed, count):
    """(state, view) pairs from random playouts: every option, bluffs and wrong calls included."""
    rules = DavinciRules()
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        options = {"players": rng.randint(2, 4), "deal_jokers": rng.random() < 0.5}
        state = rules.new_game(options, rng.randrange(1 << 30))
        while not rules.is_over(state):
            seat = rng.randrange(state.players)
            out.append((state, rules.view(state, seat)))
            state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return out


def test_hint_equals_brute_force_on_real_game_views():
    views = [v for _, v in random_views(7, 3000) if small_enough(v) and hint(v)]
    assert len(views) >= 150
    for view in views[:400]:
        got, want = hint(view), view_brute_force(view)
        assert got.keys() == want.keys()
        for place, dist in want.items():
            for v in range(JOKER + 1):
                assert got[place].get(v, 0.0) == pytest.approx(dist.get(v, 0.0), abs=TOL), (place, v)


def test_true_numbers_stay_possible():
    # the soft weights bend the odds but never rule out the truth
    for state, view in random_views(11, 1500):
        for (seat, index), dist in hint(view).items():
            assert dist.get(state.racks[seat][index].value, 0.0) > 0.0
            assert sum(dist.values()) == pytest.approx(1.0, abs=TOL)


def test_hint_covers_exactly_the_hidden_tiles():
    state, view = next((s, v) for s, v in random_views(3, 200) if v.seat is not None and hint(v))
    keys = {(s, i) for s in range(view.players) if s != view.seat
            for i, t in enumerate(view.racks[s]) if t.value is None}
    assert set(hint(view)) == keys
    assert hint(DavinciRules().view(state, None)) == {}


def test_dealt_tiles_of_the_official_deal_are_never_jokers():
    rules = DavinciRules()
    view = rules.view(rules.new_game({"players": 3}, 5), 0)
    assert all(JOKER not in dist for dist in hint(view).values())
    drawn = rules.view(rules.new_game({"players": 3, "deal_jokers": True}, 5), 0)
    assert all(not rack for rack in drawn.racks)  # the source's deal: every tile is drawn and placed


def _view(racks, history, seat=0):
    return DavinciView(seat=seat, players=len(racks), to_move=seat, phase="guess", racks=racks, piles=(3, 3),
                       hand=None, slots=(), drawn=None, setup=0, history=history,
                       out=(False,) * len(racks), winner=None, deal_jokers=True, piles_end_in_draw=False)


def test_bluff_weights_follow_calls_and_bluffs():
    me = (Tile(BLACK, 2, False, 0), Tile(WHITE, 7, False, 1))
    them = (Tile(BLACK, None, False, 2), Tile(WHITE, None, False, 3), Tile(BLACK, None, False, 4))
    place = [("place", 0, 0, 0), ("place", 0, 1, 1), ("place", 1, 0, 2), ("place", 1, 1, 3)]
    # player 1 calls black 9 on our black 2: it probably holds no black 9 among tiles 2 and 3...
    call = ("guess", 1, 0, 0, 9, False)
    history = tuple(place) + (call, ("place", 1, 2, 4))
    weights = bluff_weights(_view((me, them), history))
    rate = 1 / expert_module.BLUFF_PRIOR
    assert weights[2] == {tile_key(BLACK, 9): pytest.approx(rate)}
    assert 3 in weights and 4 not in weights  # ...but tile 4 came after the call
    # a call of a tile it turned out to hold is a bluff: it is believed less from then on
    shown = (Tile(BLACK, 9, True, 2),) + them[1:]
    bluffed = history + (("guess", 0, 1, 2, 9, True), ("guess", 1, 0, 0, 5, False))
    later = bluff_weights(_view((me, shown), bluffed))
    assert later[3][tile_key(BLACK, 5)] == pytest.approx(2 / (expert_module.BLUFF_PRIOR + 1))


# ---------------------------------------------------------------- the expert

@pytest.mark.parametrize("players,deal_jokers", [(2, False), (3, True), (4, False), (4, True)])
def test_expert_plays_whole_games_legally(players, deal_jokers):
    rules = DavinciRules()
    for seed in range(3):
        state = rules.new_game({"players": players, "deal_jokers": deal_jokers}, seed)
        ais = [ExpertAI(seed=s) if s % 2 == 0 else get_game("davinci").make_ai("seed:hard", seed=s)
               for s in range(players)]
        while not rules.is_over(state):
            seat = rules.to_move(state)
            state = rules.apply(state, ais[seat].choose(rules.view(state, seat), 0.0))  # raises if illegal


def test_expert_calls_the_most_probable_tile():
    rules = DavinciRules()
    for state, view in random_views(5, 400):
        if view.phase != "guess" or view.seat != view.to_move:
            continue
        move = ExpertAI(seed=1).choose(view, 0.0)
        best = max(p for dist in hint(view).values() for p in dist.values())
        assert hint(view)[(move[1], move[2])][move[3]] == pytest.approx(best)
        assert move in rules.legal_moves(state)


def test_expert_decides_from_its_view_alone():
    # two deals that differ only in an opponent's hidden numbers (and the piles) look the same to seat 0
    rules = DavinciRules()
    state = rules.new_game({"players": 2}, 9)
    rack, piles = list(state.racks[1]), [list(p) for p in state.piles]
    for i, t in enumerate(rack):
        lo = order_key(*rack[i - 1][:2]) if i else -1
        hi = order_key(*rack[i + 1][:2]) if i + 1 < len(rack) else 24
        swap = next((v for v in piles[t.colour] if v != JOKER and lo < order_key(t.colour, v) < hi), None)
        if swap is not None:
            piles[t.colour][piles[t.colour].index(swap)] = t.value
            rack[i] = t._replace(value=swap)
    other = replace(state, racks=(state.racks[0], tuple(rack)), piles=(tuple(piles[0]), tuple(piles[1])))
    assert other.racks[1] != state.racks[1]
    assert rules.view(state, 0) == rules.view(other, 0)
    for _ in range(6):  # draw, place and calls: the same moves on both deals while the views agree
        move = ExpertAI(seed=2).choose(rules.view(state, 0), 0.0)
        assert ExpertAI(seed=2).choose(rules.view(other, 0), 0.0) == move
        state, other = rules.apply(state, move), rules.apply(other, move)
        if rules.view(state, 0) != rules.view(other, 0) or rules.to_move(state) != 0:
            break


def test_expert_is_in_the_registry():
    game = get_game("davinci")
    assert isinstance(game.make_ai("expert", seed=1), ExpertAI)


def test_seat_belief_ignores_seats_without_hidden_tiles():
    rules = DavinciRules()
    state, view = next((s, v) for s, v in random_views(13, 2000) if v.seat is not None and not v.winner
                       and any(r and all(t.revealed for t in r) for n, r in enumerate(v.racks) if n != v.seat))
    seats, belief = seat_belief(view)
    assert all(any(t.value is None for t in view.racks[s]) for s in seats) and view.seat not in seats
    assert len(belief.places) == len(seats)
    assert rules.view(state, view.seat) == view


def test_the_hint_runs_as_the_apps_analysis_job():
    game = get_game("davinci")
    view = DavinciRules().view(DavinciRules().new_game({"players": 3}, 4), 1)
    assert answer_here(EvaluateRequest(game.key, view, 1), 0.0) == hint(view)
