"""A match in words: who won, the score by each side, whose move it is, the players.

Each takes `translate`: `_` for the screen, `str` for the source's words that
saved games keep, so a saved file never follows the language of the moment.
"""
from __future__ import annotations

from typing import Callable

from boardhub.core.clock import FLAG
from boardhub.core.concede import RESIGNED
from boardhub.core.i18n import N_, _
from boardhub.core.match import Match, Seat
from boardhub.core.modes import Mode


def winner_text(match: Match, translate: Callable[[str], str] = _) -> str:
    """Who won, in words: "You win", "Expert AI wins", "A draw" ("" while the game goes on).

    `translate` = str gives the source's words, as saves keep them.
    """
    out = match.outcome
    if out is None:
        return ""
    if out.winner is None:  # a resignation among three or four names no winner, and is no draw
        return translate(N_("No winner") if out.reason in (RESIGNED, FLAG) else N_("A draw"))
    if match.mode is Mode.PVA and match.seats[out.winner].is_human:
        return translate(N_("You win"))
    return translate(N_("{name} wins")).format(name=label_of(match.seats[out.winner], translate))


def label_of(seat: Seat, translate: Callable[[str], str] = _) -> str:
    """The seat's name on the screen (`_`), or as saves keep it (`str`)."""
    return seat.label if translate is _ else (seat.name or seat.label)


def score_text(match: Match, translate: Callable[[str], str] = _) -> str:
    """Each side beside its own number: "You 0 - 9 Expert AI"; three or four seats: "You 0, Hard AI 2, ..."
    ("" for a game without scores, or not over)."""
    out = match.outcome
    if out is None:
        return ""
    scores = out.scores or tuple(getattr(match.state, "scores", ()))
    labels = [label_of(seat, translate) for seat in match.seats]
    if len(scores) != len(labels):
        return ""
    if len(labels) == 2:
        return translate(N_("{first} {first_score} - {second_score} {second}")).format(
            first=labels[0], first_score=scores[0], second_score=scores[1], second=labels[1])
    return ", ".join(f"{label} {score}" for label, score in zip(labels, scores))


def result_text(match: Match, translate: Callable[[str], str] = str) -> str:
    """The words for a finished game: the score by each side and who won (never the screen's sentences).

    "You 0 - 9 Expert AI: Expert AI wins"; with three or four seats, only the winner is named.
    Saves keep them in the source's words (`translate` = str); the saved games list says them with `_`.
    """
    score = score_text(match, translate)
    if not score or len(match.seats) > 2:
        return winner_text(match, translate)
    out = match.outcome
    if out is not None and out.winner is None:
        return translate(N_("{score}: a draw")).format(score=score)
    if out is not None and match.mode is Mode.PVA and match.seats[out.winner].is_human:
        return translate(N_("{score}: you win")).format(score=score)
    return translate(N_("{score}: {winner}")).format(score=score, winner=winner_text(match, translate))


def status_text(match: Match, translate: Callable[[str], str] = str) -> str:
    """A saved game's state in a line: its result, or whose move it is."""
    return result_text(match, translate) or translate(N_("move {number}, {name} to move")).format(
        number=len(match.history) + 1, name=label_of(match.seats[match.to_move], translate))


def players_text(seats: list[Seat], translate: Callable[[str], str] = _) -> str:
    """"You vs Expert AI": the players of a game, in turn order."""
    return " vs ".join(label_of(seat, translate) for seat in seats)
