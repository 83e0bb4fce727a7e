"""Cut the UI font shipped in boardhub/assets/ out of Noto Sans CJK KR (run once; the fonts are committed).

    .venv/bin/pip install -e ".[tools]"   # fontTools, needed by this script only
    apt-get install fonts-noto-cjk        # the source fonts, on Debian and Ubuntu
    .venv/bin/python tools/make_font.py [REGULAR.ttc BOLD.ttc]

Writes boardhub/assets/BoardhubSans-Regular.otf and BoardhubSans-Bold.otf, the
Korean face of Noto Sans CJK (SIL Open Font License 1.1, beside them as
OFL-NotoSansCJK.txt) cut down to what the interface draws:

- Latin (ASCII, Latin-1, Latin Extended-A), punctuation, arrows, the
  geometric shapes and the few symbols the screens use (… · ‹ › △ □ × → ...);
- all 11,172 modern Hangul syllables, not only the 2,350 of KS X 1001: the
  interface's own Korean words would fit in the smaller set, but what a player
  types or pastes (a file's path, an engine's command) may hold any syllable,
  and a name such as 똠 would otherwise draw as a box;
- the compatibility jamo a Korean input method shows while a syllable is being
  typed, and the modern conjoining jamo.

The fonts keep the source's Latin kerning and ligatures but none of its
language-dependent forms ("locl"), so the text looks the same whatever the
player's locale; the ellipsis and dashes are the font's proportional forms, on
the baseline as English text sets them, not the CJK ones centred in a
full-width box.
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "boardhub" / "assets"
DEBIAN = Path("/usr/share/fonts/opentype/noto")
DEBIAN_LICENCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
KOREAN_FACE = "Noto Sans CJK KR"  # one face of the collection; its index differs between releases
FAMILY = "Boardhub Sans"  # a subset is a Modified Version: it is named apart from the original

CODEPOINTS = [
    *range(0x0020, 0x007F),  # ASCII
    *range(0x00A0, 0x0180),  # Latin-1 and Latin Extended-A: names with accents, ° ± × ·
    *range(0x2010, 0x2028),  # dashes, quotes, bullet, ellipsis
    *range(0x2030, 0x203B),  # per mille, primes, ‹ ›
    0x20A9, 0x20AC,  # won and euro signs
    *range(0x2190, 0x219A),  # arrows
    0x2212, 0x221E, 0x2260, 0x2264, 0x2265,  # minus, infinity, comparisons
    *range(0x25A0, 0x2600),  # geometric shapes: △ □ ● ○ ▶ ...
    0x2605, 0x2606, 0x2713, 0x2717,  # stars, check and cross marks
    *range(0x3000, 0x3004), *range(0x3008, 0x3012),  # CJK space, marks and brackets used in Korean text
    *range(0x1100, 0x1113), *range(0x1161, 0x1176), *range(0x11A8, 0x11C3),  # modern conjoining jamo
    *range(0x3131, 0x318F),  # compatibility jamo
    *range(0xAC00, 0xD7A4),  # every modern Hangul syllable
]
FEATURES = ["kern", "liga", "ccmp"]
PUNCTUATION = range(0x2010, 0x2040)  # where the proportional forms replace the full-width ones


def korean_face(path: Path) -> int:
    """The index of the Korean face in a Noto Sans CJK collection."""
    for i, face in enumerate(TTCollection(str(path)).fonts):
        if face["name"].getDebugName(4).startswith(KOREAN_FACE):
            return i
    raise SystemExit(f"{path} holds no {KOREAN_FACE} face")


def proportional_forms(font: TTFont) -> dict[str, str]:
    """The font's proportional forms ('pwid'): glyph name -> the form Latin text sets."""
    table = font["GSUB"].table
    forms: dict[str, str] = {}
    for record in table.FeatureList.FeatureRecord:
        if record.FeatureTag != "pwid":
            continue
        for index in record.Feature.LookupListIndex:
            lookup = table.LookupList.Lookup[index]
            for sub in lookup.SubTable:
                sub = sub.ExtSubTable if lookup.LookupType == 7 else sub
                forms.update(getattr(sub, "mapping", {}))
    return forms


def cut(source: Path, weight: str) -> Path:
    options = subset.Options()
    options.font_number = korean_face(source)
    options.layout_features = FEATURES
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # keep the copyright and licence lines
    options.notdef_outline = True  # a character outside the set shows as a box, not as nothing
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]  # the UI writes horizontally only
    font = subset.load_font(str(source), options)
    font.recalcTimestamp = False  # the same sources cut to the same bytes
    # the CJK faces set the ellipsis and a few dashes full-width and centred; Latin text
    # wants their proportional forms, so the cmap points at those (the CJK space stays wide)
    forms, cmap = proportional_forms(font), font.getBestCmap()
    swaps = {c: forms[cmap[c]] for c in PUNCTUATION if cmap.get(c) in forms}
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=CODEPOINTS, glyphs=list(swaps.values()))
    subsetter.subset(font)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap.update({c: g for c, g in swaps.items() if c in table.cmap})
    rename(font, weight)
    out = ASSETS / f"BoardhubSans-{weight}.otf"
    subset.save_font(font, str(out), options)
    return out


def rename(font: TTFont, weight: str) -> None:
    """Name the cut font apart from the original, as the licence asks of a Modified Version."""
    names = font["name"]
    full, postscript = f"{FAMILY} {weight}", f"{FAMILY.replace(' ', '')}-{weight}"
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (4, 18):
            names.setName(full, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(postscript, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(f"{postscript};{record.toUnicode()}", record.nameID, record.platformID,
                          record.platEncID, record.langID)
    cff = font["CFF "].cff
    cff.fontNames = [postscript]
    top = cff.topDictIndex[0]
    for key, value in (("FamilyName", FAMILY), ("FullName", full)):
        if hasattr(top, key):
            setattr(top, key, value)
    if hasattr(top, "ROS"):  # a CID-keyed font carries its name in its sub-fonts too
        for sub in getattr(top, "FDArray", []):
            if hasattr(sub, "FontName"):
                sub.FontName = f"{postscript}-{sub.FontName.rsplit('-', 1)[-1]}"


def main(argv: list[str]) -> None:
    sources = [Path(a) for a in argv] or [DEBIAN / "NotoSansCJK-Regular.ttc", DEBIAN / "NotoSansCJK-Bold.ttc"]
    missing = [str(p) for p in sources if not p.exists()]
    if len(sources) != 2 or missing:
        raise SystemExit("Give the regular and the bold Noto Sans CJK collections "
                         f"(install Debian's fonts-noto-cjk for the defaults); not found: {', '.join(missing)}")
    for source, weight in zip(sources, ("Regular", "Bold")):
        out = cut(source, weight)
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size / 1e6:.2f} MB")
    if DEBIAN_LICENCE.exists():
        write_licence()


def write_licence() -> None:
    """The OFL text with the fonts' copyright line, taken from Debian's record of the package."""
    text = DEBIAN_LICENCE.read_text(encoding="utf-8")
    start = text.index("\nLicense: SIL-1.1\n -") + 1  # the licence's own paragraph, not a Files stanza's field
    body = text[start:].split("\n", 1)[1].split("\n\nLicense:", 1)[0]
    lines = [line[1:] if line.startswith(" ") else line for line in body.splitlines()]
    lines = ["" if line == "." else line for line in lines]
    header = ("BoardhubSans-Regular.otf and BoardhubSans-Bold.otf are subsets of Noto Sans CJK KR\n"
              "(https://github.com/googlefonts/noto-cjk), cut by tools/make_font.py.\n\n"
              "Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n\n"
              "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n\n")
    (ASSETS / "OFL-NotoSansCJK.txt").write_text(header + "\n".join(lines).strip() + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
