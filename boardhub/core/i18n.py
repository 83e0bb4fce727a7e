"""The interface's language: one message catalog, the language in use, numbers as it writes them.

Every text a person sees is an English sentence in the source, looked up in
the catalog of the language in use: `_("Saved games")` where it is shown, or
`N_("Saved games")` where it is only named (a button's label, a game's blurb)
and translated where it is drawn. A sentence with values is one whole
template with named places, `_("{name} wins").format(name=...)`, never
fragments glued in English word order, so that a language may put the words
where its grammar wants them.

The catalogs are gettext's: `boardhub/locale/<lang>/LC_MESSAGES/boardhub.po`,
compiled into the `.mo` beside it by `tools/catalog.py` (the tests check that
each `.mo` is its `.po`'s). The standard library reads them, so the app
needs nothing more to speak another language. English is the source
language: it has no catalog.

This module knows no pygame: the core's messages (a forfeit's reason, a save
that cannot be read) go through it as the screens' do.
"""
from __future__ import annotations

import gettext
import locale
import os
from dataclasses import dataclass
from importlib import resources
from typing import Any, Callable

DOMAIN = "boardhub"
# Every language the interface speaks, by code, named in itself (as the Settings switch shows it).
LANGUAGES = {"en": "English", "ko": "한국어"}
SOURCE = "en"

_language = SOURCE
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """`message` in the language in use (itself where the catalog has no translation).

    The empty text stays empty: gettext would answer it with the catalog's header.
    """
    return _catalog.gettext(message) if message else message


def N_(message: str) -> str:
    """Marks `message` for the catalog where it is only named; `_()` translates it where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for `n` things, by the language's own rule (Korean has one form)."""
    return _catalog.ngettext(singular, plural, n)


def language() -> str:
    """The code of the language in use ("en", "ko")."""
    return _language


def catalog_file(code: str):
    """Where the compiled catalog of language `code` lies inside the package."""
    return resources.files("boardhub") / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def set_language(code: str | None) -> str:
    """Speak `code` from now on (None or an unknown code: the system's language); returns the code used.

    A catalog that cannot be read leaves the interface in English rather than
    stopping the app.
    """
    global _language, _catalog
    if code not in LANGUAGES:
        code = detect()
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if code != SOURCE:
        try:
            with catalog_file(code).open("rb") as fp:
                catalog = gettext.GNUTranslations(fp)
        except (OSError, ValueError):
            code = SOURCE
    _language, _catalog = code, catalog
    return code


def detect(environ: dict[str, str] | None = None) -> str:
    """The system's language, if the interface speaks it, else English.

    The variables gettext reads come first (LANGUAGE may list several,
    "ko:en"), then the locale Python found (Windows and macOS name it there).
    """
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            wanted += env[var].split(":")
            break
    if environ is None:
        try:
            wanted.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    for name in wanted:
        code = name.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
        if name.lower().startswith("korean"):  # Windows names the locale "Korean_Korea"
            return "ko"
    return SOURCE


class Places(dict):
    """A template's values: a place the values do not fill stays as it is written ("{winner}")."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True)
class Wording:
    """A sentence kept as its English template and its values, said in the language of the moment when shown.

    Made where the screen's language is not known or may change before it is
    read: in the AI process (which speaks no language of its own), on a
    thread, in a file. `english()` is the sentence logs and the command line
    show; `said()` the one a person reads. A place left unfilled (the seat's
    name, "{player}") is filled by whoever shows it, so a language may put
    the name where its grammar wants it. Picklable, to cross to and from the
    AI process.
    """

    template: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, template: str, /, **values: Any) -> "Wording":
        return cls(template, tuple(values.items()))

    def english(self, **more: Any) -> str:
        return self.template.format_map(Places({**dict(self.values), **more}))

    def said(self, translate: Callable[[str], str] | None = None, **more: Any) -> str:
        """In the language in use (or by `translate`); `more` fills places with words already in it.

        Words among the values are looked up too: a reason marked for the
        catalog ("permission denied") is translated, a program's name or an
        engine's own reply is not in the catalog and stays as it is.
        """
        say = translate or _
        values = Places({k: say(v) if isinstance(v, str) else v for k, v in self.values})
        values.update(more)
        return say(self.template).format_map(values)


def number(value: float, decimals: int = 0) -> str:
    """`value` with its thousands grouped, as both languages write them: 12,345 and 0.5."""
    return f"{value:,.{decimals}f}"


def percent(fraction: float) -> str:
    """A share as a whole percent: 0.625 -> "63%" (Korean writes it the same way)."""
    return f"{fraction:.0%}"


def seconds(value: float | str, spec: str = "g") -> str:
    """A time in seconds, with the unit the language writes: "0.5 s", "0.5초"; `spec` formats the number."""
    return _("{seconds} s").format(seconds=format(value, spec))
