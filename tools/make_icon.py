"""Draw the app icon and write it in every format the launchers need.

    python tools/make_icon.py

Writes boardhub/assets/icon.png (the window and the Linux launcher),
packaging/boardhub.ico (Windows) and packaging/boardhub.icns (macOS). The
icon is the four games in a 2 x 2 grid: a closed box, Othello discs, Gomoku
stones and two Da Vinci tiles. Drawn four times larger and scaled down, so
the edges are smooth.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BACK, EDGE = (40, 46, 60), (250, 196, 72)
PAPER, INK, BLUE = (246, 240, 226), (52, 56, 66), (54, 118, 235)
FELT, WOOD = (34, 128, 78), (222, 184, 120)
BLACK, WHITE = (30, 30, 34), (246, 246, 240)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# the icns types that hold PNG data, by pixel size
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024))


def draw(size: int) -> pygame.Surface:
    """The icon, `size` pixels square, on a transparent background."""
    big = 4 * size
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    u = big / 64  # drawing units: the icon is designed on a 64 x 64 grid
    pygame.draw.rect(s, BACK, (u, u, 62 * u, 62 * u), border_radius=round(12 * u))
    pygame.draw.rect(s, EDGE, (u, u, 62 * u, 62 * u), width=round(2 * u), border_radius=round(12 * u))
    cells = [pygame.Rect(round(x * u), round(y * u), round(26 * u), round(26 * u))
             for y in (6, 32) for x in (6, 32)]
    dots(s, cells[0], u)
    othello(s, cells[1], u)
    gomoku(s, cells[2], u)
    davinci(s, cells[3], u)
    return pygame.transform.smoothscale(s, (size, size))


def dots(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    pygame.draw.rect(s, PAPER, r, border_radius=round(4 * u))
    step = r.w / 3
    pts = [[(r.x + step * (i + 0.5), r.y + step * (j + 0.5)) for i in range(3)] for j in range(3)]
    pygame.draw.rect(s, BLUE, (*pts[0][0], step, step))
    for a, b in ((pts[0][0], pts[0][1]), (pts[0][1], pts[1][1]), (pts[1][1], pts[1][0]), (pts[1][0], pts[0][0]),
                 (pts[1][1], pts[1][2]), (pts[2][0], pts[2][1])):
        pygame.draw.line(s, INK, a, b, round(1.6 * u))
    for row in pts:
        for p in row:
            pygame.draw.circle(s, INK, p, 2.2 * u)


def othello(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    pygame.draw.rect(s, FELT, r, border_radius=round(4 * u))
    half = r.w / 2
    pygame.draw.line(s, (20, 90, 54), (r.centerx, r.y), (r.centerx, r.bottom - 1), round(u))
    pygame.draw.line(s, (20, 90, 54), (r.x, r.centery), (r.right - 1, r.centery), round(u))
    for i, j, colour in ((0, 0, WHITE), (1, 1, WHITE), (1, 0, BLACK), (0, 1, BLACK)):
        pygame.draw.circle(s, colour, (r.x + half * (i + 0.5), r.y + half * (j + 0.5)), half * 0.4)


def gomoku(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    pygame.draw.rect(s, WOOD, r, border_radius=round(4 * u))
    step = r.w / 4
    for k in range(1, 4):
        pygame.draw.line(s, INK, (r.x + k * step, r.y + 2 * u), (r.x + k * step, r.bottom - 2 * u), round(0.8 * u))
        pygame.draw.line(s, INK, (r.x + 2 * u, r.y + k * step), (r.right - 2 * u, r.y + k * step), round(0.8 * u))
    for i, j, colour in ((1, 3, BLACK), (2, 2, BLACK), (3, 1, BLACK), (1, 1, WHITE), (2, 3, WHITE)):
        pygame.draw.circle(s, colour, (r.x + i * step, r.y + j * step), step * 0.42)


def davinci(s: pygame.Surface, r: pygame.Rect, u: float) -> None:
    pygame.draw.rect(s, (70, 80, 104), r, border_radius=round(4 * u))
    font = pygame.font.Font(None, round(15 * u))
    for k, (fill, ink, digit) in enumerate(((BLACK, WHITE, "3"), (WHITE, BLACK, "7"))):
        tile = pygame.Rect(0, 0, round(10 * u), round(17 * u))
        tile.center = (round(r.x + r.w * (0.3 + 0.4 * k)), r.centery)
        pygame.draw.rect(s, fill, tile, border_radius=round(2 * u))
        text = font.render(digit, True, ink)
        s.blit(text, text.get_rect(center=tile.center))


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (read by Windows Vista and later)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for size, png in images.items():
        side = size % 256  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return head + entries + data


def icns(images: dict[bytes, bytes]) -> bytes:
    """A macOS .icns holding PNG images."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    pygame.font.init()
    out = {
        ROOT / "boardhub" / "assets" / "icon.png": png_bytes(draw(256)),
        ROOT / "packaging" / "boardhub.ico": ico({n: png_bytes(draw(n)) for n in ICO_SIZES}),
        ROOT / "packaging" / "boardhub.icns": icns({k: png_bytes(draw(n)) for k, n in ICNS_TYPES}),
    }
    for path, data in out.items():
        path.write_bytes(data)
        print(f"{path.relative_to(ROOT)}: {len(data)} bytes", file=sys.stdout)


if __name__ == "__main__":
    main()
