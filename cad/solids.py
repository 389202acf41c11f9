"""Small CadQuery building blocks shared by the part models."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cadquery as cq

Point = tuple[float, float]


def shape_of(part: cq.Workplane) -> cq.Shape:
    """The one shape a workplane holds (a solid, a compound...)."""
    shape = part.val()
    if not isinstance(shape, cq.Shape):
        raise ValueError(f"expected a shape, the workplane holds {type(shape).__name__}")
    return shape


def shapes_of(part: cq.Workplane) -> list[cq.Shape]:
    """Every shape a workplane holds."""
    return [s for s in part.vals() if isinstance(s, cq.Shape)]


def prism(outline: Sequence[Point], z0: float, height: float) -> cq.Workplane:
    """A straight prism over a closed 2D outline, from ``z0`` up by ``height``."""
    return (cq.Workplane("XY").workplane(offset=z0).polyline(list(outline)).close()
            .extrude(height))


def off_line(axis: str, value: float) -> Callable[[cq.Edge], bool]:
    """A test for edges that do not lie on the line ``axis == value`` (see :func:`on_line`)."""
    return lambda e: not on_line(e, axis, value)


def chamfer_bottom_edges_on(part: cq.Workplane, amount: float,
                            keep: Callable[[cq.Edge], bool]) -> cq.Workplane:
    """Chamfer the bottom-face edges for which ``keep(edge)`` is true (elephant's foot)."""
    edges = [e for face in shapes_of(part.faces("<Z")) for e in face.Edges() if keep(e)]
    if not edges or amount <= 0:
        return part
    solid = shape_of(part)
    if not isinstance(solid, (cq.Solid, cq.Compound)):
        raise ValueError("only a solid's edges can be chamfered")
    solid = solid.chamfer(amount, None, edges)
    return cq.Workplane("XY").newObject([solid])


def on_line(edge: cq.Edge, axis: str, value: float, tol: float = 1e-4) -> bool:
    """True if both ends of a straight edge lie on the line ``axis == value``."""
    i = "xyz".index(axis)
    return all(abs(v.toTuple()[i] - value) < tol for v in (edge.startPoint(), edge.endPoint()))
