"""Othello's opening book: its symmetries, the shipped book's moves, the expert's use of it, its growth."""
from __future__ import annotations

import json
import random
import time

import pytest

from boardhub import cli
from boardhub.core import saves
from boardhub.games.othello import book
from boardhub.games.othello.offline import book_growth
from boardhub.games.othello.book import INVERSES, SYMMETRIES, Book, canonical, child_key, key_of, split_key, transform
from boardhub.games.othello.engine import START, moves_mask, play, squares_of
from boardhub.games.othello.expert import ExpertAI


def random_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """(me, opp) of positions from random games, early and late."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = START
        for _ in range(rng.randrange(1, 50)):
            legal = squares_of(moves_mask(state.me, state.opp))
            if not legal:
                break
            state = play(state, rng.choice(legal))
        out.append((state.me, state.opp))
    return out


def test_the_symmetries_are_the_boards_eight_and_keep_the_rules():
    # the move generator is checked against published perft counts: it decides what a symmetry is
    assert len(set(SYMMETRIES)) == 8
    for perm, back in zip(SYMMETRIES, INVERSES):
        assert sorted(perm) == list(range(64))
        assert all(back[perm[sq]] == sq for sq in range(64))
    for me, opp in random_positions(60, 1):
        for sym in range(8):
            assert moves_mask(transform(me, sym), transform(opp, sym)) == transform(moves_mask(me, opp), sym)


def test_a_position_and_its_images_share_one_key():
    for me, opp in random_positions(60, 2):
        keys = {key_of(*canonical(transform(me, s), transform(opp, s))[:2]) for s in range(8)}
        assert len(keys) == 1
        cme, copp, sym = canonical(me, opp)
        assert (transform(me, sym), transform(opp, sym)) == (cme, copp)
        assert split_key(key_of(cme, copp)) == (cme, copp)
    # the four first moves of the game are one opening
    assert len({child_key(START.me, START.opp, sq) for sq in squares_of(moves_mask(START.me, START.opp))}) == 1


def test_every_move_of_the_shipped_book_is_legal_in_every_symmetry():
    shipped = book.load(book.shipped_path())
    assert len(shipped.positions) > 100
    rng = random.Random(0)
    for key in shipped.positions:
        me, opp = split_key(key)
        for sym in range(8):
            tme, topp = transform(me, sym), transform(opp, sym)
            values = shipped.moves(tme, topp)
            legal = moves_mask(tme, topp)
            assert values is not None and set(values) == set(squares_of(legal))  # every legal move, scored
            assert legal >> shipped.choose(tme, topp, rng) & 1


def test_the_shipped_book_is_backed_up_by_negamax():
    shipped = book.load(book.shipped_path())
    checked = 0
    for key, values in shipped.positions.items():
        me, opp = split_key(key)
        for sq, v in values.items():
            child = child_key(me, opp, sq)
            if child in shipped.positions:
                assert v == pytest.approx(-max(shipped.positions[child].values()), abs=0.051)
                checked += 1
    assert checked > 100


def unfollowed(grown: Book, plies: int, margin: float) -> list[str]:
    """Positions up to `plies` that a move within `margin` of the best leads to, missing from the book."""
    layer, missing = {key_of(*canonical(START.me, START.opp)[:2])}, []
    for _ in range(plies):
        missing += [k for k in layer if k not in grown.positions]
        layer = {child_key(*split_key(k), sq) for k in layer if k in grown.positions
                 for sq, v in grown.positions[k].items() if v >= max(grown.positions[k].values()) - margin}
    return missing


def test_the_shipped_book_follows_every_near_best_move_to_its_last_ply():
    made = json.loads(book.made_path(book.shipped_path()).read_text(encoding="utf-8"))
    run = made["runs"][-1]
    assert unfollowed(book.load(book.shipped_path()), run["plies"], run["margin"]) == []


def test_the_shipped_book_says_how_it_was_made():
    made = json.loads(book.made_path(book.shipped_path()).read_text(encoding="utf-8"))
    assert made["positions"] == len(book.load(book.shipped_path()).positions)
    assert made["runs"] and all(run["command"].startswith("python -m boardhub book othello") for run in made["runs"])


def opening(seed: int, plies: int = 8) -> list[int]:
    """The first `plies` moves of the expert against itself, as far as both play from the book."""
    players = [ExpertAI(seed=seed), ExpertAI(seed=seed + 1000)]
    known = book.current_book()
    state, moves = START, []
    for _ in range(plies):
        if known.moves(state.me, state.opp) is None:
            break
        ai = players[state.player]
        move = ai.choose(state, time.monotonic() + 0.5)
        assert ai.nodes == 0  # a book move costs no search
        moves.append(move)
        state = play(state, move)
    return moves


def test_seeds_vary_the_expert_opening_and_each_seed_replays_it():
    games = [opening(seed) for seed in range(12)]
    assert all(len(g) == 8 for g in games)  # both sides stay in the book
    assert len({tuple(g) for g in games}) >= 4
    assert opening(3) == games[3] and opening(7) == games[7]


def test_the_expert_plays_a_near_best_book_move():
    shipped = book.current_book()
    state = START
    for move in opening(0, plies=3):
        state = play(state, move)
    values = shipped.moves(state.me, state.opp)
    assert values is not None and len(values) > 1
    for seed in range(10):
        move = ExpertAI(seed=seed).choose(state, time.monotonic() + 0.5)
        assert values[move] >= max(values.values()) - book.PLAY_MARGIN


def test_the_book_command_grows_a_book_in_the_saves_folder(saves_folder, capsys):
    assert cli.main(["book", "othello", "--plies", "2", "--limit", "0.02", "--jobs", "1", "--fresh",
                     "--quiet"]) == 0
    path = saves_folder / book.SAVED_NAME
    first = book.load(path)
    start_key = key_of(*canonical(START.me, START.opp)[:2])
    assert set(first.positions) == {start_key, child_key(START.me, START.opp, 37)}
    assert "BOOK othello positions=2" in capsys.readouterr().out
    # a second run grows the same book a ply further, keeping what it had, and notes both runs
    assert cli.main(["book", "othello", "--plies", "3", "--limit", "0.02", "--jobs", "2", "--quiet"]) == 0
    grown = book.load(path)
    assert set(first.positions) < set(grown.positions)
    made = json.loads(book.made_path(path).read_text(encoding="utf-8"))
    assert [run["plies"] for run in made["runs"]] == [2, 3] and made["positions"] == len(grown.positions)
    assert unfollowed(grown, 3, book_growth.EXPAND_MARGIN) == []


def test_the_expert_reads_the_saves_folders_book_and_survives_a_damaged_one(saves_folder, monkeypatch):
    state = START
    cme, copp, sym = canonical(state.me, state.opp)
    # c4 (26) and d3 (19) on the real board, stored in the canonical orientation; d3 is 6 discs behind
    only_c4 = Book({key_of(cme, copp): {SYMMETRIES[sym][26]: 1.0, SYMMETRIES[sym][19]: -5.0}})
    book.save(only_c4, saves_folder / book.SAVED_NAME)
    monkeypatch.setattr(book, "_BOOK", None)
    picks = {ExpertAI(seed=s).choose(state, time.monotonic() + 0.5) for s in range(8)}
    assert picks == {26}
    (saves_folder / book.SAVED_NAME).write_text("{ cut", encoding="utf-8")
    monkeypatch.setattr(book, "_BOOK", None)
    assert book.current_book().source == "shipped book"


def test_a_damaged_book_is_refused_in_words(tmp_path):
    path = tmp_path / "b.json"
    saves.write_json(path, book.KIND, {"positions": {key_of(START.me, START.opp): "a1:+1.0"}})
    with pytest.raises(saves.SaveError, match="b.json: damaged: it is not an Othello opening book"):
        book.load(path)
