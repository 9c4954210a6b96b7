"""Draw the web app's PNG icons from its SVG icon (run once; the PNGs are committed).

    .venv/bin/python tools/make_icons.py

Debian's chromium (through Playwright) renders ``static/icons/icon.svg`` at 192 and 512 pixels,
and the maskable icon: the same drawing inside the safe circle of a full-bleed background.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src/wonderland/server/static/icons"
BACKGROUND = "#2d1838"


def page_html(svg: str, size: int, maskable: bool) -> str:
    """A page showing the icon at ``size`` pixels (maskable: shrunk onto the background)."""
    inner = int(size * 0.72) if maskable else size
    return (
        f"<html><body style='margin:0;background:{BACKGROUND if maskable else 'transparent'};"
        f"width:{size}px;height:{size}px;display:grid;place-items:center'>"
        f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></body></html>"
    )


def main() -> None:
    """Write icon-192.png, icon-512.png and icon-maskable-512.png next to icon.svg."""
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8").replace("<svg ", "<svg width='100%' ")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        for name, size, maskable in (
            ("icon-192.png", 192, False),
            ("icon-512.png", 512, False),
            ("icon-maskable-512.png", 512, True),
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable))
            page.screenshot(path=str(ICONS / name), omit_background=not maskable)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
