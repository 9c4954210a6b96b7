"""Reading a join code as a phone's camera would: the QR image on the page, decoded."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image
from playwright.sync_api import Locator


def scan(code: Locator) -> str:
    """The text of the QR code drawn in ``code`` (an element on a page), read from its pixels."""
    picture = Image.open(io.BytesIO(code.screenshot()))
    found = zxingcpp.read_barcodes(picture)
    assert len(found) == 1, f"{len(found)} QR codes read in the picture"
    text: str = found[0].text
    return text
