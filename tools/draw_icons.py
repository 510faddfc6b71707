"""Draws the installed app's icons (static/img/icon-*.png) from the favicon's spade, with Debian's
chromium (the browser tests' Playwright): `.venv/bin/python tools/draw_icons.py`. The PNGs are
committed; run it again only when the drawing changes.
It also draws favicon.ico (the favicon's spade at 16, 32 and 48 px, PNGs in an ICO): browsers ask
for /favicon.ico on their own, before any page has told them of the SVG.

"any" icons: the felt's rounded square, as the favicon. The maskable one fills its whole square with
the felt and keeps the spade inside the central circle of 80% that every launcher's mask leaves."""

import shutil
import struct
from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parents[1] / "static" / "img"
SPADE = (
    "M32 8C24 20 12 26 12 37c0 6 5 10 10 10 3 0 6-1 8-4-1 5-3 9-6 13h16c-3-4-5-8-6-13 2 3 5 4 8 4 "
    "5 0 10-4 10-10C52 26 40 20 32 8z"
)
FELT, FELT_DARK = "#0b5d3b", "#07402a"


def svg(size: int, maskable: bool) -> str:
    radius = 0 if maskable else 12
    # The spade's box is 40x48 of the 64 grid; a maskable icon shrinks it into the safe circle.
    scale, dx, dy = (0.62, 12.2, 12.2) if maskable else (0.82, 5.8, 2.6)
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="{size}" height="{size}">
<defs><radialGradient id="g"><stop offset="0" stop-color="#13814f"/><stop offset=".6" stop-color="{FELT}"/>
<stop offset="1" stop-color="{FELT_DARK}"/></radialGradient></defs>
<rect width="64" height="64" rx="{radius}" fill="url(#g)"/>
<g transform="translate({dx} {dy}) scale({scale})"><path fill="#fff" d="{SPADE}"/></g>
<text x="32" y="{58 if not maskable else 51}" font-family="sans-serif" font-weight="700"
 font-size="{7 if not maskable else 5}" fill="#ffe28a" text-anchor="middle">ARF</text></svg>"""


def favicon(size: int) -> str:
    """The favicon as static/img/favicon.svg draws it, at ``size`` px."""
    source = (IMG / "favicon.svg").read_text()
    return source.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)


def ico(pngs: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG images (every browser since 2007 reads them): its header, one
    directory entry each (size, colours, planes, bits, length, offset), then the images."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in pngs:
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        for name, size, maskable in (
            ("icon-192.png", 192, False),
            ("icon-512.png", 512, False),
            ("icon-maskable-512.png", 512, True),
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<body style='margin:0'>{svg(size, maskable)}</body>")
            page.screenshot(path=str(IMG / name), omit_background=True)
            page.close()
        pngs = []
        for size in (16, 32, 48):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<body style='margin:0'>{favicon(size)}</body>")
            pngs.append((size, page.screenshot(omit_background=True)))
            page.close()
        (IMG / "favicon.ico").write_bytes(ico(pngs))
        browser.close()


if __name__ == "__main__":
    main()
