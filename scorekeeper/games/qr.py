"""QR codes of a game's links, as SVG (the `qrcode` library's path image)."""

from __future__ import annotations

import qrcode
from qrcode.image.svg import SvgPathFillImage


def qr_svg(url: str) -> bytes:
    """An SVG QR code of ``url``: black modules on a white square, no style attributes."""
    image = qrcode.make(url, image_factory=SvgPathFillImage, border=2)
    svg: bytes = image.to_string(encoding="unicode").encode()
    return svg
