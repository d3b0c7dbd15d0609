"""QR codes of the links the app hands on (a game's, a league's invitation), as SVG (the
`qrcode` library's path image)."""

from __future__ import annotations

import qrcode
from qrcode.image.svg import SvgPathFillImage
from werkzeug.wrappers import Response


def qr_svg(url: str) -> bytes:
    """An SVG QR code of ``url``: black modules on a white square, no style attributes."""
    image = qrcode.make(url, image_factory=SvgPathFillImage, border=2)
    svg: bytes = image.to_string(encoding="unicode").encode()
    return svg


def qr_response(url: str) -> Response:
    """The QR code of ``url`` as an SVG response, kept a day by this browser alone."""
    response = Response(qr_svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response
