"""Renju VCF puzzles (wins by continuous fours) from published collections, with solutions.

The positions are the first forty of the collection "black to move, VCF"
(黑先VCF) and the first twenty of "white to move, VCF" (白先VCF) of the
renju puzzle site https://lfz084.gitee.io/renju/puzzle.html (puzzle/json/
黑先VCF_puzzle.json and 白先VCF_puzzle.json in the lfz084.github.io
repository): 15 x 15, renju rules, the stones listed black, white, black...
in the collections' own notation (columns A-O, rows 1-15 from the bottom,
as boardhub names points). Whoever has as many stones as the other moves:
black in the first collection, white in the second.

Each solution is a line of play, the attacker's fours and the defender's
forced replies in turn, ending with the attacker's five or with a four whose
every answer is forbidden to black; tests/test_gomoku_vcf.py replays each
through the referee and checks that every reply was forced.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from boardhub.games.gomoku.engine import GomokuState, parse_point

SIZE = 15


class Puzzle(NamedTuple):
    name: str
    stones: str  # black, white, black... as "G12H12G11..."
    solution: str  # "l8 m7 e11 ...": the attacker's moves and the forced replies


def state(puzzle: Puzzle) -> GomokuState:
    """The puzzle's position under renju, the attacker to move."""
    points = [parse_point(name, SIZE) for name in re.findall(r"[A-Oa-o]\d{1,2}", puzzle.stones)]
    board = bytearray(SIZE * SIZE)
    for i, p in enumerate(points):
        board[p] = 1 + i % 2
    return GomokuState(SIZE, "renju", bytes(board), len(points) % 2, tuple(points))


PUZZLES = (
    Puzzle("black to move 001", "G12H12G11H10I11I10F10E9J10J9G9G8I9J8K9K8L9M8F8F7H8G7I6I7",
           "l8 m7 e11 d12 l12 k11 l10 l11 l7 l6 f11 h11 d11 c11 f12 f9 g13 g10 h14 d10 i15"),
    Puzzle("black to move 002", "I9H10H8E7D7E6G6I6H6C4D5G4H5H4F3I4G3J3I3H2",
           "e3 h3 d3 c3 d4 d6 h7 h9 d2 d1 f4 g5 f5 e4 f2 f1 f6"),
    Puzzle("black to move 003", "L13I13I12K11K12H10J11I10I9J10J9H9M9M8H8H7K8K7L8H6",
           "l9 k9 k10 h13 i8 j8 m12 l11 l12 j12 o12 n12 n11 m10 k14 o10 j15"),
    Puzzle("black to move 004", "H13I14K13J13J12G12L12H12G11I12L10I10G9K10H9J9I9K9M9N9H8N8K8N7",
           "i11 h10 j10 k11 l14 m15 l11 l13 l8 l9 i8 j8 g7 f6 g10 g8 f11 j7 e12"),
    Puzzle("black to move 005", "F8H9H8F6J8I6H7J6F5J5H4E4I4F4J4G4I3J3",
           "h6 h5 i5 g7 i8 g8 k8 l8 l4 k4 k3 l2 i1 i2 j2 m5 g5 k1 j9 g6 k9 i7 k10 l11 k7 k6 k11"),
    Puzzle("black to move 006", "K13K14J12I13M12J13I11K12K11L12M11H10K10J10G9N10J9I9H8I8K7J8",
           "k9 k8 m15 l14 m13 m14 m9 m10 l10 n8 o13 n12 l13 n13 l11 j11 n11 o11 l9 n9 l8 l7 j6 i5 i7 k5 f10"),
    Puzzle("black to move 007", "C14F14I14D12C13H12D13D11H13G11C12H10E11F9D10I9F10B8C9H8C8H7G7F6",
           "f12 g13 c11 c15 e9 f8 a13 b12 e13 b13 e10 e12 e7 e8 b10 c10 d8 a11 f11 g12 d9 b7 b9 a9 d7 d6 e6 f5 a10"),
    Puzzle("black to move 008", "I14J13H13K13I12G12J12H12L12I10G11K10G9L10I9H9J9K9M9N9H8N8K8N7",
           "j10 k11 k12 m12 g7 f6 g8 g10 i8 j8 f8 e8 g6 g5 h7 f5 h10 i11 e7 d6 f7 d7 i7"),
    Puzzle("black to move 009", "H13G14I13K13I12F12J12G11I11L11F10I10G10J10K10H9I9H8E8I8",
           "h11 f9 j11 l9 j13 k14 g13 f13 i14 i15 j15 j14 g12 f11 h12 k12 h14 h10 h15"),
    Puzzle("black to move 010", "H11I9I10K9F8G8H8G7J8H6H7K6I7N6K7L5H5J4N5K4I4G3M4J3H3J2",
           "h9 h10 l7 j7 k8 j9 m6 o4 l8 i8 m8 n8 m7 m5 m9 m10 j6 i5 n10"),
    Puzzle("black to move 011", "H11I9I10K9F8G8K7H8H6J8N6G7H5H7L5I7J4K6K4N5G3I4H3M4J2J3",
           "h4 h2 i5 j6 k5 j5 k3 l2 k1 k2 i3 g5 l6 m7 l4 m5 l7 l3 l8"),
    Puzzle("black to move 012", "F12J12G11H11J10J11K10K11H9G10I9H10F8I10J8K9H7L9G6H8",
           "j9 i8 f9 g9 f10 f11 j6 j7 f6 f7 i6 h6 g8 j5 e10"),
    Puzzle("black to move 013", "N13K12I10L12J10M12H9L11J9M11H8M10I8F8L7K8M7N8O7H7",
           "k7 n7 i7 j7 i11 i9 k9 l8 h12 g13 h10 h11 g10 f10 k10"),
    Puzzle("black to move 014", "C14F14I14D12C13H12D13D11H13E11C12G11D10F9F10I9H10B8C9H8C8H7G7F6",
           "c11 c15 e10 g10 f11 g12 e12 b15 e9 f8 d9 b7 b9 a9 b12 a13 b10 c10 b11 b13 e14 a10 f15"),
    Puzzle("black to move 015", "E11G10I11H10I10J10K9I9F8K8H8M7J8F6I7G6E6H6",
           "g8 i8 h9 f7 j11 k12 m11 l10 k11 l11 g11 h11 f10 g9 d8 e8 e9 c7 h12"),
    Puzzle("black to move 016", "H8I9F7G8G7K6K7L5J6F4H5H4L4J4I3E3J3L3",
           "i4 g6 i7 k5 i5 i6 h7 e7 h6 h9 f8 e9 f10 g9 f9 f6 f11"),
    Puzzle("black to move 017", "H11H9F10J9D9K9J8H8G7I8I7J7F6G6E5I6G5J6I5J4I4L4",
           "h6 f4 f8 e9 f7 f9 h7 e7 h5 f5 j5 k5 h3 h4 k6 g2 l7"),
    Puzzle("black to move 018", "G12G11H12I11F10H10I10J10E9I9G9J9K9F8L9K8G8F7H8G7J8I7M8I6",
           "d12 e11 f12 e12 i12 j12 j11 k10 h9 k12 f9 d9 f13 f11 h11 e14 g10 e8 j13"),
    Puzzle("black to move 019", "J12I11K10G10I9H10G8I10H8G9K8H9I7J9G6H7I6F6G4H6",
           "j7 h5 g7 g5 j10 k11 m10 l9 l10 n10 j8 i8 k9 m11 k7 k6 m7 l7 l8 n6 l6 m5 n8 m8 k5 j4 o9"),
    Puzzle("black to move 020", "H13I14K13J13I12G12J12H12L12I10G11K10L10I9G9J9H9N9K9H8M9N8K8N7",
           "k12 m12 k11 i13 i11 h10 l14 m15 l11 l13 k14 k15 l8 l9 j10 m7 j11 m11 n14 m13 m14 j14 o14"),
    Puzzle("black to move 021", "I9H10D7H8E7E6H6G6I6C4D5G4H5I4H4I3F3J3G3H2",
           "h3 h7 d3 e3 d6 d4 d8 d9 g5 f6 e5 f5 f4 c7 i7 j8 i8 i5 i10"),
    Puzzle("black to move 022", "I11K11J11J10L10H9I8J9K8H8N8J8J7I6K7J6N7J5M6K5M5L5N4J4L3M4",
           "l6 o3 n6 n5 k6 o6 k10 k9 l9 m8 m10 n11 i12 h13 i9 i10 n9 n10 l8 l7 l11 l12 k12 o8 j13"),
    Puzzle("black to move 023", "J12I11H10G10I9I10H8K10K8G9I7H9G6J9H6G8I6H7G4F6",
           "i8 i5 l8 j8 j7 h5 k6 j6 l5 m4 l9 m10 l7 l6 k7 m7 k5 k4 k9"),
    Puzzle("black to move 024", "F13F14H13G14D12G13G11F12H11G12D10H12E10G10F10H9H10I9E9H8",
           "d8 c7 d11 d9 c10 b10 e12 b9 d13 d14 e13 e11 b13 c13 c12 f9 a14"),
    Puzzle("black to move 025", "I14H13K13J13G12I12H12L12J12G11K10I10L10G9H9J9I9K9M9K8N9N8H8N7",
           "h11 h10 k11 i13 j10 g7 m10 n10 k12 k14 l11 o8 j11 i11 m11 n11 m8 m7 m12"),
    Puzzle("black to move 026", "H11I9I10K9F8G8H8G7J8H6H7H5I7L5K7N5K6J4N6K4I4G3M4H3J3J2",
           "h9 h10 l7 j7 k8 j9 m8 j5 n9 o10 n8 l8 n7 n10 m7 o7 m5 m6 l6 n4 k5 o9 j6 l4 g9"),
    Puzzle("black to move 027", "N13K12L12M12M11L11J10I10M10H9H8J9I8F8L7K8M7N8O7H7",
           "i9 k11 k7 n7 i7 j7 m9 m8 i5 i6 l8 j6 k9 n6 i11"),
    Puzzle("black to move 028", "H10J12I10H11K10K11L10L11N10M11H9J10M9K9H8L9I8N8M8N7",
           "m10 o10 h7 h6 j9 g6 m6 m7 k8 l7 g8 j8 j11 f7 k12"),
    Puzzle("black to move 029", "F8H9H8H7J8F6I6J6F5J5E4F4G4H4I4I3J4J3",
           "i8 g8 i5 i7 g7 h6 k8 l8 h5 j7 g5 e5 g3 g6 f3 e2 g2 g1 d5 h1 c6"),
    Puzzle("black to move 030", "K13L14N12M14K11L13L11N13M11L12I10M12K9J11H8L10J8M10L8H9",
           "n11 o11 k8 i8 k7 k10 k5 k6 n8 m8 n10 n9 j6 m9 i7 l4 g9"),
    Puzzle("black to move 031", "J12K12K11E11I10I11G9F10I9H10J9J10H8F9I8K9J8K8H6H7",
           "g8 f8 i7 i6 j6 k5 j7 j5 g5 f4 g7 g6 g10 g11 h9 k6 f11"),
    Puzzle("black to move 032", "E11I11I10G10J10H10H8I9J8K9I7F8M7K8F6E6G6H6",
           "g9 f10 j6 k5 j7 j9 k7 l7 g7 h7 j5 j4 g5 g8 e5 d4 g3 g4 h4 i5 i3 j2 e7"),
    Puzzle("black to move 033", "I14H13K13J13G12I12H12G11J12I10L12K10L10G9H9K9I9M9J9N9H8K8N7N8",
           "k11 j10 h10 h11 l14 i11 h14 i13 k14 j14 k12 k15 m12 n12 l13 l11 n11 o10 j15"),
    Puzzle("black to move 034", "K12I12L12J12N12G11J11H11M11K11H10L11J10I10I9L10J9K9L9M7H8N7L7J5",
           "j8 j7 l6 k7 l8 l5 k8 i8 m6 n5 n8 m8 g7 f6 o12 m12 n11 m10 n10 n9 k13 o9 j14"),
    Puzzle("black to move 035", "J12I12L12K12G11N12J11H11H10K11I10L11L10M11J9J10L9I9H8K9L7M7N7J5",
           "k10 m8 l8 l6 k8 m6 i8 j8 h7 g6 h9 h6 g8 f7 f8 e8 g9 i11 g10 g7 g12"),
    Puzzle("black to move 036", "I9H10H8D7H6E7I6E6H5G6G4D5G3C4I3H4J3I4H2F3",
           "h7 h9 k3 h3 l3 m3 j5 k4 g8 f9 k8 j7 i8 j8 i7 i5 i10"),
    Puzzle("black to move 037", "H12G12I11G11H10F10J10I10E9G9I9J9L9K9F8M8G8F7H8G7J8I7K8I6",
           "h11 h9 g13 f14 e8 d8 h13 h14 k11 l12 j11 l11 l6 k7 i12 k10 g14 f15 g10 f9 j13 k14 i13 f13 k13"),
    Puzzle("black to move 038", "I12J12L12K12G11N12H11J11M11K11I10L11J10H10L10I9K9J9L9M7H8N7L7J5",
           "k10 m10 j8 i7 l8 l6 k8 i8 k6 k7 m8 n8 n9 o10 o9 m9 k13 n10 j14 i15 h12 i11 i13 f10 k15"),
    Puzzle("black to move 039", "G11H10H11H9K9I9H8K8D7F7E7G7I7H7F6J7H6G5J6K5",
           "g9 f10 g6 i6 j8 l10 d6 e6 f8 c5 g8 i8 g10 g12 d8 e8 d9 d5 d10"),
    Puzzle("black to move 040", "J13K14K13I13J12K12M12L12I11H10K11J10M11K10N10G9I9I8J9J8H8K7",
           "m15 l14 m13 m14 m9 m10 l10 n8 k9 l9 n12 o13 n13 l13 n11 n9 n14"),
    Puzzle("white to move 001", "J10I11H9K8J9G7H8C6H7G6I7H6F6F5J6H5D5J5G5D4I5E4H4G4I4",
           "c4 f4 c2 d3 c5 c3 c8 c7 d7 e6 a4 b4 e8 b5 f7 d9 g10 f9 g9 g8 j7"),
    Puzzle("white to move 002", "D12H11E12H9H12I9F11J9G11D8E10G8G10H8I10E6G9I6F6",
           "h10 h7 l9 k9 d5 f7 f8 e8 i8 j8 i5"),
    Puzzle("white to move 003", "E10B10D9C9G9I9D8C8G8F8H8J8F7B7C6C7H6D7C5G7E5D6E4",
           "c11 c10 d10 e9 a7 e7 e11 b8 f12 g13 g11 h10 f11 d11 i11 h11 f10"),
    Puzzle("white to move 004", "H13L14J13N14L13K12J12L12M11M12J10J11K10K11H9N10I9K9L9J8H8K7I8K6K8L6J7",
           "n12 o12 m13 o15 o11 k15 m9 l8 m5 n4 n11 n13 n8 n9 l10 o7 h6 i7 j6"),
    Puzzle("white to move 005", "G11N11J11G10J10K10M10L9G9H8J9J8K9L8I8M8K8N8L7I7K6J6L6L5M5",
           "k5 l4 n7 o6 n10 n9 k7 m9 i5 h4 j5 h5 j4 j7 j3 j2 k4"),
    Puzzle("white to move 006", "F10I9G8F8H8D7E6E7F6H7B5G6C5H6E5D5F5G5I5C4E4D4D3H4H3C3D2",
           "d6 d8 g9 h10 g7 f7 e9 d10 g4 g3 h9 f9 k9 j9 i7 j8 f4"),
    Puzzle("white to move 007", "L14H13N14J13L13J12M12K12J11L12K11M11K10J10N10H9I9L9K9H8I8J8J7K8K7K6L6",
           "h12 i12 h11 h10 h15 h14 l11 i14 l8 l10 m10 n9 n11 o12 m8 n8 m9"),
    Puzzle("white to move 008", "N10N11I9H9J9J8H8K8M8I7K7J6L7L6K6J5N6L5K4",
           "j7 j4 l9 m10 h5 i6 k5 i5 n5 m5 m3"),
    Puzzle("white to move 009", "L14J13N14J12H13K12L13L12M12J11K11M11J10K10N10H9I9K9L9H8I8K7J8K6K8L6J7",
           "h12 i12 j14 j15 h10 h11 h6 h7 k13 i15 i11 g9 g8 i10 j6"),
    Puzzle("white to move 010", "K14J12K13K12L13L12H12I11I12J10J11K10G10E9H10K9L10E8F9H8G9F7I9I7M9F6J8",
           "m12 n12 m7 l8 k8 k11 k7 k6 j7 l7 g7 h7 e5 d4 e7 e6 c7 d7 e11"),
    Puzzle("white to move 011", "G10I10E9J10F9G9I9H9L9J9G8E8H8F8I8J8J7K8L7H7G6K6I6",
           "h11 g12 j12 j11 h10 i11 k10 l10 h12 h13 e7 d6 k9 k7 k12 k11 l12 i12 m12 n12 n13"),
    Puzzle("white to move 012", "H9N9I9G8H8J8I8G7M8K7J7F6L7L6M7M6I6L5J5J4K5K3K4K2J3J1J2",
           "i5 h6 l2 m1 l3 l4 m4 n5 m5 n4 m3 m2 n3 o3 k6 o2 n6 j6 o6"),
    Puzzle("white to move 013", "N9H9G8I9I8H8J8G7M8K7J7L7F6M7J5I6K5L6L5M6K4J4J3K3J2J1K2",
           "i5 h6 l2 m1 k11 j10 k6 j6 n6 o6 o7 n7 m5 l4 m3 m4 n4 o3 o5 k1 k9 l8 k8 k10 l9"),
    Puzzle("white to move 014", "J10L10J9H9G8J8H8K8I8L8G7H7J7K7M7L7H6J6K6O6L6K5M6N5I5N4M5",
           "m8 n8 l9 l11 k10 n7 n10 m9 m10 o10 o12 n11 i12 j11 k9"),
    Puzzle("white to move 015", "I11H8J10G7H9I7J9C6K8G6H7F5F6H5H6I5J6J5D5D4G5E4H4G4I4",
           "c4 f4 k5 l5 c2 d3 c5 c3 c8 c7 d7 e6 a4 b4 e8 b5 f7 d9 g10 f9 g8"),
    Puzzle("white to move 016", "J10G10E9I10G9F9H9J9I9L9E8F8H8G8H7I8L7J8G6K8I6J7K6",
           "h11 g12 m8 l8 i12 j13 k10 j11 m10 n11 m12 l11 m11 m9 j5"),
    Puzzle("white to move 017", "H9N9I9H8G8I8M8J8K7G7L7J7M7L6F6K5I6L5M6J4J5K4K3J3K2J2J1",
           "m4 k6 i4 l4 k8 l8 h4 g4 i3 h2 i2 h1 i5 i1 k1 g5 h6 f8 h7 h5 i7"),
    Puzzle("white to move 018", "J11M11L10K10J9G9H8H9I8I9L8L9I7J8J7K8K6L7N6M7I5L6J5L5M5",
           "k7 h10 n7 o7 m8 o6 m9 m10 k9 k11 o9 n9 e9 f9 n8 k5 l3"),
    Puzzle("white to move 019", "I13H13I12I11F11G10G11H10H11H9J11I9K10J9F9G8G9H8I8J8F7G7J7K6F6",
           "h6 h7 j10 k11 l6 k7 j6 i6 m6 n6 i10 f10 l7 k8 k9"),
    Puzzle("white to move 020", "F12F11E11E9G10F9G9H9E8J9H8L9I8D8J8F8K8G8C7L8H7I7J7J6K6K5I5L5J5H3I4I3J4J2J3",
           "f10 f7 l4 m3 k9 i9 m9 n9 n10 k7 h12 g11 j10 i11 n6 m7 m5 k3 l7 l6 l10 l11 k10 m10 i10"),
)
