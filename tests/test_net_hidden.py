"""The proof that hidden tiles never reach the wrong screen, through the real server over loopback.

Twin Da Vinci Code tables agree on everything one seat may know and differ in
everything else (the other hidden numbers, the piles' order, the seed). Both are
driven by the same script: legal actions, illegal ones, chat, a watcher, drops and
reconnections. While that seat's rules view is the same in both twins, every
frame it receives is the same byte for byte, and so is every watcher's frame;
frames to the other seats have the same lengths.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from boardhub.core.plain import to_bytes
from boardhub.games.davinci.engine import DavinciRules
from boardhub.net import protocol
from boardhub.net.table import Table
from nethelpers import client, running, wait_until
from test_davinci_hidden import consistent, rearranged

RULES = DavinciRules()
CODE = "TWNTBL34"
ILLEGAL = ("guess 9 9 9", "draw x", "place 99", "reveal 0", "stop", "", "\x00" * 5)
STEP = st.tuples(st.sampled_from(["move"] * 6 + ["illegal", "chat", "watch_chat", "drop"]), st.integers(0, 10**6))


def start_twins(players: int, focus: int, seed: int, twin_seed: int, same_piles: bool, monkeypatch, urls):
    first = RULES.new_game({"players": players}, seed)
    if same_piles:  # the others' racks differ, the piles do not: the twins stay alike for longer
        twin = replace(rearranged(replace(first, piles=((), ())), focus, random.Random(twin_seed)), piles=first.piles)
    else:
        twin = rearranged(first, focus, random.Random(twin_seed))
    assert consistent(twin)
    counter = itertools.count()
    monkeypatch.setattr(protocol, "new_token", lambda: f"{next(counter) // 2:032x}")  # the same in both twins
    tables = []
    for (server, _url), state, table_seed in zip(urls, (first, twin), (seed, seed + 1)):
        table = Table("davinci", {"players": players}, ["me"] + ["open"] * (players - 1), clock=lambda: 0.0,
                      seed=table_seed, state=state, code=CODE)
        server.tables[CODE] = table
        tables.append(table)
    seats: list[list] = [[], []]
    for s in range(players):  # in lockstep, so that both twins hand out the same tokens in the same order
        for twin_index, (_server, url) in enumerate(urls):
            c = client(url, code=CODE, want=s, name=f"P{s + 1}")
            c.wait("welcome")
            seats[twin_index].append(c)
    watchers = []
    for _server, url in urls:
        w = client(url, code=CODE, want="watch")
        w.wait("welcome")
        watchers.append(w)
    for twin_index in (0, 1):
        seats[twin_index][0].send({"t": "start"})
    return tables, seats, watchers


def step(kind: str, k: int, tables, seats, watchers, players: int) -> None:
    if kind == "move":
        mover = RULES.to_move(tables[0].state)
        for table, cs in zip(tables, seats):
            legal = RULES.view(table.state, mover).legal_moves()
            cs[mover].act(RULES.move_to_text(legal[k % len(legal)], table.state))
    elif kind == "illegal":
        for cs in seats:
            cs[k % players].act(ILLEGAL[k % len(ILLEGAL)])
    elif kind == "chat":
        for cs in seats:
            cs[k % players].send({"t": "chat", "text": f"hello {k}\x00"})
    elif kind == "watch_chat":
        for w in watchers:
            w.send({"t": "chat", "text": f"from the stands {k}"})
    elif kind == "drop":
        seat = k % players
        for table, cs in zip(tables, seats):
            cs[seat].drop()
            wait_until(lambda t=table: t.seats[seat].conn is None)
        for table, cs in zip(tables, seats):
            cs[seat].wait("reconnected")
            wait_until(lambda t=table: t.seats[seat].conn is not None)  # the host has it back: then sync
    for c in [*seats[0], *seats[1], *watchers]:
        wait_until(lambda c=c: c.pending is None)
        c.caught_up()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=8, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(focus=st.integers(0, 3), seed=st.integers(2**100, 2**128), twin_seed=st.integers(0, 2**32),
       same_piles=st.booleans(),
       script=st.lists(STEP, min_size=4, max_size=24))
def test_a_seat_and_a_watcher_get_the_same_bytes_from_twin_tables(players, focus, seed, twin_seed, same_piles,
                                                                script, monkeypatch):
    focus %= players
    with running() as first, running() as second:
        tables, seats, watchers = start_twins(players, focus, seed, twin_seed, same_piles, monkeypatch,
                                              (first, second))
        for c in [*seats[0], *seats[1], *watchers]:
            c.caught_up()
        same_until = None
        for kind, k in [("sync", 0)] + script:
            if kind != "sync":
                if tables[0].over or tables[1].over:
                    break
                step(kind, k, tables, seats, watchers, players)
            if tables[0].over or tables[1].over or \
                    to_bytes(RULES.view(tables[0].state, focus)) != to_bytes(RULES.view(tables[1].state, focus)):
                break
            same_until = [[len(c.frames) for c in cs] for cs in seats] + [[len(w.frames) for w in watchers]]
        assert same_until is not None
        mine = [c.frames[:n] for c, n in zip((seats[0][focus], seats[1][focus]), (same_until[0][focus],
                                                                                  same_until[1][focus]))]
        diff = next(((i, a, b) for i, (a, b) in enumerate(zip(*mine)) if a != b), None)
        assert mine[0] == mine[1] and len(mine[0]) > players, (diff, len(mine[0]), len(mine[1]), script)
        watched = [w.frames[:n] for w, n in zip(watchers, same_until[2])]
        assert watched[0] == watched[1]
        for other in range(players):
            got = [seats[t][other].frames[:same_until[t][other]] for t in (0, 1)]
            assert [len(f) for f in got[0]] == [len(f) for f in got[1]], other
        for frames in [*mine, *watched]:  # the seed is nowhere before the reveal
            assert not any(str(t.seed) in f for f in frames for t in tables)


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**64), length=st.integers(0, 150),
       options=st.fixed_dictionaries({"deal_jokers": st.booleans(), "no_jokers": st.booleans(),
                                       "draw_start": st.booleans()}))
def test_a_view_on_the_wire_decodes_to_the_same_view(players, seed, length, options):
    from boardhub.net.views import davinci_view, decode_davinci

    rng = random.Random(seed)
    state = RULES.new_game({"players": players, **options}, seed)
    for _ in range(length):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    for seat in [*range(players), None]:
        view = RULES.view(state, seat)
        assert decode_davinci(davinci_view(view)) == view
