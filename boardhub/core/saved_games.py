"""Saved games as the app uses them: the data a game's file holds, the match a
file replays to, and the checks behind the saves browser and Continue (each
file replayed once per version of it, an unusable one carrying its reason).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Callable, Collection

from boardhub.core import saves, schema
from boardhub.core.files import Unreadable, clean_text
from boardhub.core.game import get_game
from boardhub.core.i18n import _
from boardhub.core.match import Match, Seat
from boardhub.core.match_text import players_text, result_text, status_text
from boardhub.core.rules import IllegalMove
from boardhub.core.seat_check import honest_name, seat_problem, starts_program
from boardhub.core.seat_names import seat_label
from boardhub.core.worker import Worker


def game_data(match: Match, created: str, counted: bool, imported: int = 0, hints: int = 0) -> dict:
    """A game as its file in the saves holds it: the match to replay, and the lines the saves browser lists.

    The app's autosave and the arena's saved games write the same data, so
    either file resumes and replays alike.
    """
    m = match
    result = result_text(m)
    return {**m.to_json(), "kind_of_game": m.kind, "created": created,
            "updated": datetime.now().isoformat(timespec="milliseconds"),
            "players": players_text(m.seats, str),
            "status": status_text(m),
            "result": result, "counted": counted, "imported": imported, "hints": hints}


def saved_imported(saved: saves.SavedGame, match: Match) -> int:
    """How many of a saved game's first moves came from an import (0 in saves from before it was kept)."""
    n = saved.data.get("imported", 0)
    if isinstance(n, bool) or not isinstance(n, int):
        return 0
    return max(0, min(n, len(match.history)))


def saved_match(saved: saves.SavedGame, worker: Callable[[], Worker] | None = None,
                trusted: Collection[str] = ()) -> Match:
    """The match a saved game holds, replayed move by move; ValueError naming the file and the reason.

    `worker()` gives the AI worker, asked for only when a seat is an AI; a match
    with a worker takes an engine or `py:` seat only when `trusted` (this
    computer's settings, `Settings.engines()`) lists it. Without a worker, as
    for a replay, no seat's AI is ever started.
    """
    data, name = saved.data, saves.file_name(saved.path)
    try:
        game = get_game(data["game"])
    except (KeyError, TypeError):
        raise ValueError(_("{name}: a game this boardhub does not have ({game})").format(
            name=name, game=clean_text(str(data.get("game")), limit=40))) from None
    try:
        schema.check_game(data)
        if worker is not None and "limit" in data.get("timing", {}):  # a game that plays on: the setup's limits
            schema.check_limit(data["timing"]["limit"])
        wants_worker = worker is not None and any(seat.get("ai") for seat in data["seats"])
        if wants_worker:  # the seats are checked before the AI process is even asked for
            for seat in data["seats"]:
                refused = seat_problem(game, seat.get("ai"), trusted)
                if refused is not None:
                    raise refused
        return Match.from_json(game, data, worker=worker() if wants_worker else None, trusted=trusted)
    except KeyError as exc:
        raise ValueError(_("{name}: damaged: it has no {field}").format(name=name, field=exc.args[0])) from None
    except Unreadable as exc:  # a seat, a limit or a field refused, in words
        raise ValueError(_("{name}: {why}").format(name=name, why=exc)) from None
    except ValueError as exc:
        if isinstance(exc.__cause__, IllegalMove):  # a move its rules refuse, said in the game's words
            raise ValueError(_("{name}: {why}").format(name=name, why=clean_text(str(exc), limit=200))) from None
        raise ValueError(_("{name}: damaged: some of its values are not what boardhub writes").format(
            name=name)) from None
    except (TypeError, AttributeError, IndexError):
        raise ValueError(_("{name}: damaged: some of its values are not what boardhub writes").format(
            name=name)) from None


# file name -> (modification time, size, the match it holds or why it cannot be used): a new version of
# a file replaces the old one's entry
_checked: dict[str, tuple[float, int, Match | str]] = {}


def _checked_match(saved: saves.SavedGame) -> Match | str:
    """The match a file holds, replayed once per version of the file, or why it cannot be."""
    try:
        st = saved.path.stat()
    except OSError as exc:
        return _("{name}: it cannot be read ({why})").format(name=saves.file_name(saved.path),
                                                              why=saves.refusal(exc))
    known = _checked.get(saved.path.name)
    if known is not None and known[:2] == (st.st_mtime, st.st_size):
        return known[2]
    try:
        found: Match | str = saved_match(saved)
    except ValueError as exc:
        found = str(exc)
    _checked[saved.path.name] = (st.st_mtime, st.st_size, found)
    return found


def problem(saved: saves.SavedGame) -> str:
    """Why a readable file still cannot be resumed: an unknown game or a bad move ("" if none)."""
    found = _checked_match(saved)
    return found if isinstance(found, str) else ""


def resume_problem(saved: saves.SavedGame, trusted: Collection[str]) -> str:
    """Why a readable saved game cannot be played on here (a seat that would start a program this computer's
    settings do not list, an AI this boardhub lacks, a move limit the setup could not give), "" if it can;
    its moves may still replay."""
    try:
        game = get_game(saved.data["game"])
        timing = saved.data.get("timing", {})
        if "limit" in timing:
            schema.check_limit(timing["limit"])
        for seat in saved.data["seats"]:
            refused = seat_problem(game, seat.get("ai"), trusted)
            if refused is not None:
                return _("{name}: {why}").format(name=saves.file_name(saved.path), why=refused)
    except Unreadable as exc:
        return _("{name}: {why}").format(name=saves.file_name(saved.path), why=exc)
    except (KeyError, TypeError, AttributeError):
        return _("{name}: damaged: some of its values are not what boardhub writes").format(
            name=saves.file_name(saved.path))
    return ""


def programs_started(saved: saves.SavedGame) -> list[str]:
    """What a saved game's seats would start on this computer, named from the seats' own commands, never from
    the names the file gives them: "edax (GTP): edax -gtp", "py:mybot:make". The player is asked before."""
    out = []
    for x in saved.data.get("seats", []):
        ai = x.get("ai") if isinstance(x, dict) else None
        if not starts_program(ai):
            continue
        try:
            label = seat_label(ai, str)
        except ValueError:
            label = ai
        command = ai.partition(":")[2]
        out.append(clean_text(label if ai.startswith("py:") else f"{label}: {command}", limit=160))
    return out


def saved_players(saved: saves.SavedGame) -> str:
    """A saved game's players in the language of the moment (the file's words where its seats are unreadable)."""
    try:
        text = players_text([Seat(seat.ai, honest_name(seat.ai, seat.name))
                             for seat in map(Seat.from_json, saved.data["seats"])])
    except (KeyError, TypeError, AttributeError, ValueError):
        text = str(saved.data.get("players", ""))
    return clean_text(text, limit=300)


def saved_status(saved: saves.SavedGame) -> str:
    """A saved game's result or whose move it is, in the language of the moment; the file's words for an
    ending the moves do not show (a forfeit)."""
    found = _checked_match(saved) if saved.readable else ""
    if isinstance(found, str) or (saved.finished and not found.is_over):
        return clean_text(str(saved.data.get("status", "")), limit=300)
    return clean_text(status_text(found, _), limit=300)


def load_entries() -> list[saves.SavedGame]:
    """The games folder, each file checked: unusable ones carry their reason."""
    out = []
    for saved in saves.list_games():
        if saved.readable:
            reason = problem(saved)
            if reason:
                saved = saves.SavedGame(saved.path, error=reason)
        out.append(saved)
    return out


# A game is abandoned once nobody has played it for this long: the browser says so on its button's question
ABANDONED_DAYS = 7
STATES = ("all", "unfinished", "finished")  # the saves browser's filter on a game's state


def shown_by(saved: saves.SavedGame, game: str | None, state: str) -> bool:
    """Whether the browser's filter shows a file: `game` a game's key (None: every game), `state` one of
    STATES. A file that cannot be used has neither a game nor a state: only "every game, all" shows it."""
    if not saved.readable:
        return game is None and state == "all"
    if game is not None and saved.data.get("game") != game:
        return False
    return state == "all" or (state == "finished") == saved.finished


def abandoned(entries: list[saves.SavedGame], now: datetime | None = None,
              days: int = ABANDONED_DAYS) -> list[saves.SavedGame]:
    """The usable unfinished games last played more than `days` days before `now`: never a finished game,
    nor a file that cannot be used (it is the player's to look at and delete one by one)."""
    limit = (now or datetime.now()) - timedelta(days=days)
    out = []
    for saved in entries:
        if not saved.readable or saved.finished:
            continue
        try:
            played = datetime.fromisoformat(saved.updated)
        except ValueError:
            continue  # no time it was played: not known to be old
        if played.tzinfo is None and played < limit:
            out.append(saved)
    return out


def remove_games(entries: list[saves.SavedGame]) -> tuple[list[saves.SavedGame], list[tuple[saves.SavedGame, str]]]:
    """Delete each file as the browser's Delete does (a game open in another window refuses, locks.Busy):
    the ones removed, and the ones kept with why in the player's words."""
    removed, kept = [], []
    for saved in entries:
        try:
            saves.delete_game(saved.path)
        except OSError as exc:
            kept.append((saved, saves.refusal(exc)))
        else:
            removed.append(saved)
    return removed, kept


def latest_unfinished(trusted: Collection[str] = ()) -> saves.SavedGame | None:
    """The game Continue resumes: the newest one not over that can be played on here (its engine seats, if
    any, among `trusted`, this computer's settings' engines)."""
    for saved in saves.list_games():
        if saved.readable and not saved.finished and not problem(saved) and not resume_problem(saved, trusted):
            return saved
    return None
