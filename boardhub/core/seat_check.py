"""Whether a seat a file names may be played on this computer: a save never starts a program by itself.

A seat of a saved game names its AI as the setup does ("hard", "greedy:5"), an
engine ("gtp:edax -gtp") or your own code ("py:module:function"). A save may come
from anyone: an engine seat or code would run whatever the file says. So only
the game's own AIs at their levels are taken from a file as they are; an engine
or code is taken only when this computer's own settings list that very seat
(the engines the player set up here), and even then the scene asks the player
before it starts (`starts_program`). A replay never starts any AI at all.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Collection

from boardhub.core.ai import PROTOCOL_NAMES, AISpec
from boardhub.core.external import program_name
from boardhub.core.files import Unreadable, clean_text
from boardhub.core.i18n import N_
from boardhub.core.seat_names import seat_label

if TYPE_CHECKING:
    from boardhub.core.game import GameEntry


def starts_program(ai: str | None) -> bool:
    """Whether playing the seat `ai` runs another program or imports code (an engine, a py: AI)."""
    if not isinstance(ai, str):
        return False
    try:
        spec = AISpec.parse(ai)
        return spec.is_custom or spec.external is not None
    except ValueError:
        return True  # an engine seat whose command does not even parse: never started


def honest_name(ai: str | None, name: str) -> str:
    """The name a file gives a seat, cleaned of control characters; for a seat that starts a program, the
    name its command gives it ("sh (GTP)") unless the file's is that one: a file cannot call `/bin/sh` "Expert AI"."""
    name = clean_text(name if isinstance(name, str) else "", limit=200)
    if not starts_program(ai):
        return name
    try:
        base = seat_label(ai, str)
    except ValueError:
        return clean_text(ai, limit=80)
    return name if name == base or re.fullmatch(re.escape(base) + r" \d+", name) else clean_text(base, limit=80)


def seat_problem(entry: "GameEntry", ai: str | None, trusted: Collection[str]) -> Unreadable | None:
    """Why the seat `ai` of a file must not be played here, or None when it may (a human, the game's AI,
    or an engine this computer's settings list)."""
    if ai is None:
        return None
    try:
        spec = AISpec.parse(ai)
        external = spec.external
    except ValueError:
        return Unreadable(N_("damaged: its seats are not what boardhub writes"))
    if external is not None:
        proto, argv = external
        if proto not in entry.externals:
            return Unreadable(N_("its engine speaks {protocol}, which this game's engines do not"),
                              protocol=PROTOCOL_NAMES.get(proto, proto))
        if ai not in trusted:
            return Unreadable(N_("it would start the program '{program}', which is not one of the engines set up "
                                 "on this computer (Replay shows its moves)"), program=program_name(argv)[:60])
        return None
    if spec.is_custom:
        if ai not in trusted:
            return Unreadable(N_("it would load the code '{code}', which is not an AI set up on this computer "
                                 "(Replay shows its moves)"), code=ai[3:63])
        return None
    try:
        known = entry.ai_entry(spec.name)
    except ValueError:
        return Unreadable(N_("an AI this boardhub does not have ({ai})"), ai=ai[:60])
    level = known.default_level if spec.level is None else spec.level
    if (spec.level is not None or known.levels) and level not in known.levels:
        return Unreadable(N_("an AI this boardhub does not have ({ai})"), ai=ai[:60])
    try:
        known.check_learning(spec.learning)
    except ValueError:
        return Unreadable(N_("its AI plays by a learning this computer does not have ({ai})"), ai=ai[:60])
    return None
