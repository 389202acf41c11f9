"""A QR code of a link as a small SVG (ReportLab's encoder; the drawing is ours)."""

from __future__ import annotations

from reportlab.graphics.barcode import qrencoder

QUIET = 4  # modules of white border that readers need


def qr_svg(text: str) -> str:
    """An SVG image of ``text`` as a QR code, one unit per module."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    n = code.getModuleCount()
    side = n + 2 * QUIET
    path = "".join(f"M{c + QUIET} {r + QUIET}h1v1h-1z" for r in range(n) for c in range(n)
                   if code.isDark(r, c))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'shape-rendering="crispEdges"><rect width="{side}" height="{side}" '
            f'fill="#fff"/><path d="{path}" fill="#000"/></svg>')
