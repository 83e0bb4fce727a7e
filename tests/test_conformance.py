"""The random-playout conformance test every game passes (after OpenSpiel's api test).

Random games check the Rules protocol's promises: legal moves apply, illegal
ones raise and change nothing, states are values (replaying the move list
reproduces the state), notation round-trips, and the game ends exactly when
no move is left. Each game adds the invariants of its own rules.
"""
import random

import pytest
from hypothesis import given, settings, strategies as st

from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.rules import IllegalMove


def dots_invariants(rules, before, move, after):
    g = before.geom
    completed = sum(o >= 0 for o in after.owners) - sum(o >= 0 for o in before.owners)
    assert sum(after.scores) == sum(o >= 0 for o in after.owners)  # scores = boxes completed
    assert after.scores[before.player] - before.scores[before.player] == completed
    assert (after.player == before.player) == (completed > 0)  # an extra turn exactly on a box
    assert completed == len(g.completes(before.lines, g.line_index[move]))


def othello_invariants(rules, before, move, after):
    from boardhub.games.othello.engine import PASS
    (b0, w0), (b1, w1) = before.counts(), after.counts()
    assert after.player != before.player  # the turn always passes in Othello
    assert after.black & after.white == 0
    if move == PASS:
        assert (after.black, after.white) == (before.black, before.white)
    else:
        gained = (b1 - b0, w1 - w0)[before.player]
        lost = (b0 - b1, w0 - w1)[1 - before.player]
        assert lost >= 1 and gained == lost + 1  # the new disc plus every disc turned over


def gomoku_invariants(rules, before, move, after):
    from boardhub.games.gomoku.engine import DIRECTIONS, line_through
    changed = [p for p in range(len(before.board)) if before.board[p] != after.board[p]]
    assert changed == [move] and after.board[move] == before.player + 1  # one stone, exactly at the move
    assert after.moves == before.moves + (move,)
    assert after.player == 1 - before.player  # the turn alternates
    if after.reason == "five":
        assert after.winner == before.player and move in after.win_line
        runs = [len(line_through(after.board, after.size, move, after.board[move], dx, dy)) for dx, dy in DIRECTIONS]
        exact = after.rule == "standard" or (after.rule == "renju" and before.player == 0)
        assert 5 in runs if exact else max(runs) >= 5
    elif after.reason == "forbidden":
        assert after.rule == "renju" and before.player == 0 and after.winner == 1 and after.forbidden_loses


def davinci_invariants(rules, before, move, after):
    from boardhub.games.davinci.engine import BLACK, JOKER, VALUES, order_key
    def tiles(s):
        held = [(t.colour, t.value) for rack in s.racks for t in rack] + ([s.hand] if s.hand else [])
        return sorted(held + [(c, v) for c in (0, 1) for v in s.piles[c]])
    assert tiles(after) == [(c, v) for c in (0, 1) for v in VALUES]  # 26 tiles, each once
    for rack in after.racks:
        keys = [order_key(t.colour, t.value) for t in rack if t.value != JOKER]
        assert keys == sorted(keys)  # numbers ascending, black before white on ties
    flipped = [(s, t.uid) for s in range(after.players) for t in after.racks[s] if t.revealed
               and not any(u.uid == t.uid and u.revealed for u in before.racks[s])]
    kind = move[0]
    if kind == "draw":
        assert len(after.piles[move[1]]) == len(before.piles[move[1]]) - 1 and after.hand[0] == move[1]
    elif kind == "place":
        rack = after.racks[before.to_move]
        assert rack[move[1]].uid == before.next_uid and len(rack) == len(before.racks[before.to_move]) + 1
    elif kind == "guess":
        right = before.racks[move[1]][move[2]].value == move[3]
        if right:
            assert flipped == [(move[1], before.racks[move[1]][move[2]].uid)]
        elif before.drawn is not None:
            assert flipped == [(before.to_move, before.drawn)]
        else:
            assert flipped == [] and after.phase == "reveal" and after.to_move == before.to_move
    elif kind == "reveal":
        assert flipped == [(before.to_move, before.racks[before.to_move][move[1]].uid)]
    if kind in ("draw", "place", "stop"):
        assert flipped == []
    for s in range(after.players):  # revealed tiles stay revealed
        assert {t.uid for t in before.racks[s] if t.revealed} <= {t.uid for t in after.racks[s] if t.revealed}
    if after.phase == "over":
        alive = [s for s in range(after.players) if after.hidden_count(s)]
        assert alive == [after.winner] or (after.winner is None and not (after.piles[BLACK] or after.piles[1]))
    else:
        assert after.setup or after.hidden_count(after.to_move) > 0  # players with no hidden tile are out
        view = rules.view(after, after.to_move)
        assert view.legal_moves() == rules.legal_moves(after)
        assert all(t.value is None for s, rack in enumerate(view.racks) if s != after.to_move
                   for t in rack if not t.revealed)


GAME_INVARIANTS = {"dots": dots_invariants, "othello": othello_invariants, "gomoku": gomoku_invariants,
                   "davinci": davinci_invariants}
GAME_OPTIONS = {"dots": st.fixed_dictionaries({"rows": st.integers(1, 7), "cols": st.integers(1, 7)}),
                "othello": st.just({}),
                "gomoku": st.fixed_dictionaries({"size": st.sampled_from((19, 15)),
                                                 "rule": st.sampled_from(("renju", "freestyle", "standard")),
                                                 "forbidden_loses": st.booleans()}),
                "davinci": st.fixed_dictionaries({"players": st.integers(2, 4), "deal_jokers": st.booleans(),
                                                  "piles_end_in_draw": st.booleans()})}


def playout(key, options, seed):
    game = get_game(key)
    rules = game.rules
    rng = random.Random(seed)
    state = rules.new_game(options, seed)
    moves = []
    while not rules.is_over(state):
        legal = list(rules.legal_moves(state))
        assert legal, "a game that is not over has a legal move"
        assert rules.to_move(state) in range(rules.num_players(options))
        move = rng.choice(legal)
        text = rules.move_to_text(move, state)
        assert rules.move_from_text(text, state) == move
        after = rules.apply(state, move)
        GAME_INVARIANTS[key](rules, state, move, after)
        with pytest.raises(IllegalMove):
            rules.apply(after, move)  # the same move again is refused...
        moves.append(text)
        state = after
    assert not rules.legal_moves(state)
    with pytest.raises(IllegalMove):
        rules.apply(state, rules.move_from_text(moves[-1], state))
    replay = rules.new_game(options, seed)
    for text in moves:
        replay = rules.apply(replay, rules.move_from_text(text, replay))
    assert replay == state
    out = rules.outcome(state)
    assert out.winner is None or 0 <= out.winner < rules.num_players(options)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_random_playouts(key):
    @settings(max_examples=40, deadline=None)
    @given(options=GAME_OPTIONS[key], seed=st.integers(0, 2**31))
    def run(options, seed):
        playout(key, options, seed)

    run()
