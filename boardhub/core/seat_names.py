"""How seats and AIs are named on the screen: "You", "Player 2", "Greedy 5 AI", "edax (GTP)".

A seat keeps its name as the source language writes it (saves, records and
the arena's lines read the same on every machine); the screens show it in the
language of the moment, so a game saved in one language reads right in the
other.
"""
from __future__ import annotations

import re

from boardhub.core.ai import LEARNING_AT, PROTOCOL_NAMES, AISpec
from boardhub.core.external import program_name
from boardhub.core.files import clean_text
from boardhub.core.i18n import N_, _

# The game's AIs as players call them; {level} is the AI's level (plies, or a difficulty word).
AI_NAMES = {
    "random": N_("Random AI"), "greedy": N_("Greedy {level} AI"), "positional": N_("Positional {level} AI"),
    "expert": N_("Expert AI"), "easy": N_("Easy AI"), "normal": N_("Normal AI"), "hard": N_("Hard AI"),
    "seed": N_("Classic {level} AI"), "bluffer": N_("Bluffer {level}% AI"),
}
# an AI that is named without a level in one game and with one in another (Othello's expert has levels)
LEVELLED_NAMES = {"expert": N_("Expert {level} AI")}
# names saves made before an AI was renamed, shown under its name of today
FORMER_NAMES = {"seed": "Seed {level} AI"}
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
HUMAN, YOU, PLAYER = N_("Human"), N_("You"), N_("Player {number}")
NUMBERED = N_("{name} {number}")  # the second of two seats the same AI plays: "Hard AI 2"
LEARNED = N_("{name} ({learning})")  # an AI that plays by a named learning: "Positional 3 AI (kim)"
MAX_TYPED = 24  # characters of a name a player types for a seat (net/protocol.py's MAX_NAME at tables)


def ai_name(ai: str, translate=_) -> str:
    """An AI seat's name, "Greedy 5 AI" ("edax (GTP)" for an engine); `translate` = str: the source's words."""
    external = AISpec.parse(ai).external
    if external is not None:
        proto, argv = external
        return f"{program_name(argv)} ({PROTOCOL_NAMES[proto]})"
    ai, at, learning = ai.partition(LEARNING_AT)
    if at:
        return translate(LEARNED).format(name=ai_name(ai, translate), learning=learning)
    name, _sep, level = ai.partition(":")
    template = (level and LEVELLED_NAMES.get(name)) or AI_NAMES.get(name)
    if template is None or ("{level}" in template) != bool(level):  # our own AI, or one named without its level
        return ai.replace(":", " ").capitalize() + " AI"
    return translate(template).format(level=translate(LEVEL_NAMES.get(level, level)))


def seat_label(ai: str | None, translate=_) -> str:
    """How a seat is named in the setup: "Human", "Greedy 5 AI", "edax (GTP)"."""
    return translate(HUMAN) if ai is None else ai_name(ai, translate)


def typed_name(text: object) -> str:
    """A name a player typed for a seat as it is kept: one line, no control characters, at most MAX_TYPED
    characters ("" for anything not text: a hand-edited file's number)."""
    if not isinstance(text, str):
        return ""
    return clean_text(text[:MAX_TYPED * 4], limit=MAX_TYPED * 4).strip()[:MAX_TYPED].strip()


def seat_names(ais: list[str | None], typed: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Names people can tell apart, in the source's words: "Player 1", "You", "Hard AI 2"; a human seat
    whose player typed a name (`typed`, by seat) goes by it."""
    humans = sum(a is None for a in ais)
    names = []
    for i, ai in enumerate(ais):
        own = typed_name(typed[i]) if i < len(typed) else ""
        if ai is None and own:
            names.append(own)
        elif ai is None:
            names.append(YOU if humans == 1 else PLAYER.format(number=ais[:i + 1].count(None)))
        else:
            base = seat_label(ai, str)
            names.append(NUMBERED.format(name=base, number=ais[:i + 1].count(ai)) if ais.count(ai) > 1 else base)
    return names


def shown_name(ai: str | None, name: str) -> str:
    """A seat's stored name in the language of the moment; a name it does not know (typed, or from
    another version) as it is, less any control character (a save is anyone's file)."""
    return clean_text(_shown_name(ai, name if isinstance(name, str) else str(name)))


def _shown_name(ai: str | None, name: str) -> str:
    if not name:  # a seat the arena or a review made: its AI's own name
        return _(HUMAN) if ai is None else ai.capitalize()
    if ai is None:
        if name == YOU:
            return _(YOU)
        m = re.fullmatch(r"Player (\d+)", name)
        return _(PLAYER).format(number=m.group(1)) if m else name
    try:
        base = seat_label(ai, str)
    except ValueError:
        return name
    kind, _sep, level = ai.partition(":")
    former = FORMER_NAMES[kind].format(level=level) if kind in FORMER_NAMES and level else None
    for known in (base, former):
        if known is None:
            continue
        if name == known:
            return seat_label(ai)
        m = re.fullmatch(re.escape(known) + r" (\d+)", name)
        if m:
            return _(NUMBERED).format(name=seat_label(ai), number=m.group(1))
    return name
