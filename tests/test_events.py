"""The events of a game are one vocabulary, and each one goes to plain data and comes back equal."""
from __future__ import annotations

import json
import random

import pytest

from boardhub.core.events import (EVENTS, GameOver, HintReady, MovePlayed, Notice, Passed, Rewound, SeatNotice,
                                  event_from_plain, event_to_plain)
from boardhub.core.game import GAME_KEYS, get_game
from boardhub.core.i18n import Wording
from boardhub.core.match import Match, Seat
from boardhub.core.review import Verdict
from boardhub.core.rules import Outcome


def played_match(key: str, moves: int = 6) -> Match:
    """A match of `key` between two humans with a few random legal moves played."""
    entry = get_game(key)
    match = Match(entry, [Seat() for _ in range(entry.rules.num_players({}))], seed=7)
    pick = random.Random(3)
    for _ in range(moves):
        if match.is_over:
            break
        match.play(pick.choice(list(match.rules.legal_moves(match.state))))
    return match


def through_json(event, **move) -> object:
    """`event` as plain data, written as JSON text and read back (what a file or the wire would do)."""
    return event_from_plain(json.loads(json.dumps(event_to_plain(event, *move.get("out", ())))),
                            *move.get("back", ()))


def every_event(match: Match) -> list:
    """One event of each type, with the game's own moves where an event carries one."""
    moves = match.moves
    verdict = Verdict(1.5, moves[0], False, "Black wins", Wording.of("{side} wins", side="Black"),
                      tuple((m, float(i)) for i, m in enumerate(moves[:3])), False)
    return [*match.history,
            GameOver(Outcome(1, (3, 5), "score")),
            GameOver(Outcome.worded(0, (), "time", "{player} took {seconds} s", player="Expert AI", seconds="0.71")),
            Rewound(),
            SeatNotice(1, Wording.of("{player}'s process was restarted", limit=0.5)),
            Passed(0, "Player 1"),
            Notice("Could not save the game: disk full", "error"),
            Notice("hello"),
            HintReady("d3, +2.0 discs", verdict),
            HintReady("no verdict")]


def test_the_match_emits_the_events_its_history_keeps():
    match = played_match("othello")
    events = match.drain_events()
    assert [e for e in events if isinstance(e, MovePlayed)] == match.history
    assert [e.ply for e in match.history] == list(range(1, len(match.history) + 1))
    last = match.history[-1]  # the positions a board animates the move between
    assert match.around(last.ply) == (match.states[-2], match.state)
    assert match.rules.apply(match.around(last.ply)[0], last.move) == match.state
    match.undo()
    assert match.drain_events() == [Rewound()]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_event_type_round_trips_through_plain_data_with_moves_as_the_games_text(key):
    match = played_match(key)
    events = every_event(match)
    assert {type(e).__name__ for e in events} == set(EVENTS)  # every type is checked
    text = (lambda m: match.text(m),)
    parse = (lambda t: match.parse(t),)
    for event in events:
        back = through_json(event, out=text, back=parse)
        assert back == event and type(back) is type(event)
        if isinstance(event, MovePlayed):
            assert isinstance(event_to_plain(event, match.text)["move"], str)


def test_events_whose_moves_are_plain_data_round_trip_without_the_game():
    match = played_match("othello")  # its moves are square numbers
    for event in every_event(match):
        assert through_json(event) == event


def test_data_that_is_no_event_is_refused():
    for data in ({}, {"event": "Nonsense"}, {"event": "MovePlayed", "seat": 0}, {"event": "GameOver", "outcome": 3}):
        with pytest.raises(ValueError):
            event_from_plain(data)
