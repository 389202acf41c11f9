"""Small CadQuery building blocks shared by the part models."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cadquery as cq

Point = tuple[float, float]


def prism(outline: Sequence[Point], z0: float, height: float) -> cq.Workplane:
    """A straight prism over a closed 2D outline, from ``z0`` up by ``height``."""
    return (cq.Workplane("XY").workplane(offset=z0).polyline(list(outline)).close()
            .extrude(height))


def chamfer_bottom_edges_on(part: cq.Workplane, amount: float,
                            keep: Callable[[cq.Edge], bool]) -> cq.Workplane:
    """Chamfer the bottom-face edges for which ``keep(edge)`` is true (elephant's foot)."""
    edges = [e for face in part.faces("<Z").vals() for e in face.Edges() if keep(e)]
    if not edges or amount <= 0:
        return part
    solid = part.val().chamfer(amount, None, edges)
    return cq.Workplane("XY").newObject([solid])


def on_line(edge: cq.Edge, axis: str, value: float, tol: float = 1e-4) -> bool:
    """True if both ends of a straight edge lie on the line ``axis == value``."""
    i = "xyz".index(axis)
    return all(abs(v.toTuple()[i] - value) < tol for v in (edge.startPoint(), edge.endPoint()))
