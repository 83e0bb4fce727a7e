"""The message catalogs: every text marked in the source, each language's .po, and the .mo the app reads.

    python tools/catalog.py           # extract, merge into every .po, compile every .mo
    python tools/catalog.py --check   # list what is missing or out of date; exit 1 if anything is

A text is marked by `_("...")`, `N_("...")` or `ngettext("...", "...", n)`
(boardhub/core/i18n.py), found here by reading the source with `ast`, so the
catalog never misses a text and never keeps one the source dropped.
`boardhub/locale/boardhub.pot` lists them all; merging adds the new ones to
each language's `.po` with an empty translation (the tests name each one) and
drops those no longer used. The `.mo` is what gettext reads: compiled here as
the standard library's `Tools/i18n/msgfmt.py` does, committed beside its `.po`
so that an install or a build needs no step of its own.
"""
from __future__ import annotations

import argparse
import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "boardhub"
LOCALE = PACKAGE / "locale"
DOMAIN = "boardhub"
MARKERS = {"_": 1, "N_": 1, "ngettext": 2}  # the marking functions and how many texts each takes

Key = tuple[str, str | None]  # (msgid, msgid_plural or None)


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    strs: list[str] = field(default_factory=lambda: [""])  # msgstr, or msgstr[0..n-1] for a plural
    where: list[str] = field(default_factory=list)  # "path:line" of its uses

    @property
    def key(self) -> Key:
        return (self.msgid, self.plural)

    @property
    def translated(self) -> bool:
        return all(self.strs)


def extract(root: Path = PACKAGE) -> dict[Key, list[str]]:
    """Every marked text of the package, with where it is used, in the order first met."""
    found: dict[Key, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS):
                continue
            n = MARKERS[node.func.id]
            args = node.args[:n]
            if len(args) < n or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                continue  # `_(variable)`: a text marked elsewhere, translated here
            key = (args[0].value, args[1].value if n == 2 else None)
            found.setdefault(key, []).append(f"{rel}:{node.lineno}")
    return found


def unmarked_calls(root: Path = PACKAGE) -> list[str]:
    """Marking calls whose text is not a literal (an f-string, a sum): the catalog cannot hold them."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS
                    and node.args and isinstance(node.args[0], (ast.JoinedStr, ast.BinOp))):
                out.append(f"{path.relative_to(root.parent).as_posix()}:{node.lineno}")
    return out


# ---------------------------------------------------------------- .po files
def _unquote(text: str) -> str:
    body = text.strip()
    assert body.startswith('"') and body.endswith('"'), f"not a quoted string: {text!r}"
    out, i, body = [], 0, body[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def read_po(path: Path) -> tuple[str, list[Entry]]:
    """The header (the translation of "") and the entries of a .po file."""
    entries: list[Entry] = []
    header = ""
    current: Entry | None = None
    target: tuple[str, int] | None = None  # ("msgid" | "plural" | "str", index)
    where: list[str] = []

    def finish() -> None:
        nonlocal current, header
        if current is not None:
            if current.msgid == "" and current.plural is None:
                header = current.strs[0]
            else:
                entries.append(current)
        current = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#:"):
                where += line[2:].split()
            continue
        word, _sep, rest = line.partition(" ")
        if word == "msgid":
            finish()
            current, target = Entry(_unquote(rest), where=where), ("msgid", 0)
            where = []
        elif word == "msgid_plural":
            assert current is not None
            current.plural, target = _unquote(rest), ("plural", 0)
        elif word.startswith("msgstr"):
            assert current is not None
            index = int(word[7:-1]) if word.startswith("msgstr[") else 0
            while len(current.strs) <= index:
                current.strs.append("")
            current.strs[index], target = _unquote(rest), ("str", index)
        elif line.startswith('"'):
            assert current is not None and target is not None, f"{path}: a string continues nothing: {raw!r}"
            kind, index = target
            if kind == "msgid":
                current.msgid += _unquote(line)
            elif kind == "plural":
                current.plural = (current.plural or "") + _unquote(line)
            else:
                current.strs[index] += _unquote(line)
        else:
            raise ValueError(f"{path}: cannot read the line {raw!r}")
    finish()
    return header, entries


def _po_string(keyword: str, text: str) -> list[str]:
    """A keyword and its text, split after each line break so long texts read as paragraphs."""
    if "\n" not in text.rstrip("\n"):
        return [f"{keyword} {_quote(text)}"]
    parts = text.split("\n")
    lines = [f'{keyword} ""']
    for i, part in enumerate(parts):
        piece = part + ("\n" if i < len(parts) - 1 else "")
        if piece:
            lines.append(_quote(piece))
    return lines


def write_po(path: Path, header: str, entries: list[Entry]) -> None:
    out = ['msgid ""', *_po_string("msgstr", header)]
    for e in entries:
        out.append("")
        if e.where:
            out.append("#: " + " ".join(e.where))
        out += _po_string("msgid", e.msgid)
        if e.plural is None:
            out += _po_string("msgstr", e.strs[0])
        else:
            out += _po_string("msgid_plural", e.plural)
            for i, s in enumerate(e.strs):
                out += _po_string(f"msgstr[{i}]", s)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def header_for(language: str, plurals: str) -> str:
    return ("Project-Id-Version: boardhub\n"
            f"Language: {language}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {plurals}\n")


def merge(found: dict[Key, list[str]], entries: list[Entry], nplurals: int) -> tuple[list[Entry], list[Entry]]:
    """The catalog for `found`: the translations kept, new texts added untranslated; and the entries dropped."""
    old = {e.key: e for e in entries}
    merged = []
    for key, where in found.items():
        e = old.get(key) or Entry(key[0], key[1], [""] * (nplurals if key[1] is not None else 1))
        e.where = where[:4]  # a few uses are enough to find it
        merged.append(e)
    dropped = [e for e in entries if e.key not in found]
    return merged, dropped


# ---------------------------------------------------------------- .mo files
def compile_mo(header: str, entries: list[Entry]) -> bytes:
    """The GNU .mo of a catalog (untranslated entries left out, so gettext falls back to the source)."""
    pairs = {b"": header.encode("utf-8")}
    for e in entries:
        if not e.translated:
            continue
        if e.plural is None:
            pairs[e.msgid.encode("utf-8")] = e.strs[0].encode("utf-8")
        else:
            pairs[(e.msgid + "\0" + e.plural).encode("utf-8")] = "\0".join(e.strs).encode("utf-8")
    keys = sorted(pairs)
    ids = strs = b""
    offsets = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\0"
        strs += pairs[k] + b"\0"
    start = 7 * 4 + 16 * len(keys)  # the header, then the two tables of (length, offset)
    key_table, value_table = [], []
    for o1, l1, o2, l2 in offsets:
        key_table += [l1, o1 + start]
        value_table += [l2, o2 + start + len(ids)]
    out = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    out += struct.pack(f"{len(key_table)}i", *key_table) + struct.pack(f"{len(value_table)}i", *value_table)
    return out + ids + strs


def po_files() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def mo_of(po: Path) -> Path:
    return po.with_suffix(".mo")


def nplurals_of(header: str) -> int:
    for line in header.splitlines():
        if line.startswith("Plural-Forms:") and "nplurals=" in line:
            return int(line.split("nplurals=")[1].split(";")[0])
    return 2


def update() -> int:
    """Extract, merge every .po and compile its .mo; say what is left to translate."""
    found = extract()
    pot = merge(found, [], 2)[0]
    write_po(LOCALE / f"{DOMAIN}.pot", header_for("", "nplurals=2; plural=(n != 1);"), pot)
    for po in po_files():
        header, entries = read_po(po)
        merged, dropped = merge(found, entries, nplurals_of(header))
        write_po(po, header, merged)
        mo_of(po).write_bytes(compile_mo(header, merged))
        left = sum(not e.translated for e in merged)
        print(f"{po.relative_to(ROOT)}: {len(merged)} texts, {left} untranslated, {len(dropped)} dropped")
    return 0


def check() -> list[str]:
    """What keeps the catalogs from matching the source: each gap, in words."""
    problems = [f"a marked text that is not a literal at {w}" for w in unmarked_calls()]
    found = extract()
    for po in po_files():
        header, entries = read_po(po)
        keys = {e.key for e in entries}
        problems += [f"{po.parent.parent.name}: missing {k[0]!r} ({', '.join(w[:2])})"
                     for k, w in found.items() if k not in keys]
        problems += [f"{po.parent.parent.name}: untranslated {e.msgid!r}" for e in entries if not e.translated]
        problems += [f"{po.parent.parent.name}: no longer in the source {e.msgid!r}"
                     for e in entries if e.key not in found]
        mo = mo_of(po)
        if not mo.exists() or mo.read_bytes() != compile_mo(header, entries):
            problems.append(f"{mo.relative_to(ROOT)} is not compiled from its .po: run python tools/catalog.py")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="list the gaps; exit 1 if there are any")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        print("\n".join(problems) or "the catalogs match the source")
        return 1 if problems else 0
    return update()


if __name__ == "__main__":
    sys.exit(main())
