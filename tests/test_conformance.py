"""The random-playout conformance test every game passes (after OpenSpiel's api test).

Random games check the Rules protocol's promises: legal moves apply, illegal
ones raise and change nothing, states are values (replaying the move list
reproduces the state), notation round-trips, and the game ends exactly when
no move is left. Each game adds the invariants of its own rules.
"""
import random

import pytest
from hypothesis import given, settings, strategies as st

from boardhub import games
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


GAME_INVARIANTS = {"dots": dots_invariants, "othello": othello_invariants, "gomoku": gomoku_invariants}
GAME_OPTIONS = {"dots": st.fixed_dictionaries({"rows": st.integers(1, 7), "cols": st.integers(1, 7)}),
                "othello": st.just({}),
                "gomoku": st.fixed_dictionaries({"size": st.sampled_from((19, 15)),
                                                 "rule": st.sampled_from(("renju", "freestyle", "standard")),
                                                 "forbidden_loses": st.booleans()})}


def playout(key, options, seed):
    game = games.get(key)
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


@pytest.mark.parametrize("key", games.GAME_KEYS)
def test_random_playouts(key):
    @settings(max_examples=40, deadline=None)
    @given(options=GAME_OPTIONS[key], seed=st.integers(0, 2**31))
    def run(options, seed):
        playout(key, options, seed)

    run()
