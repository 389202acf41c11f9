"""The size of the pictures an AVIF file codes, read from its AV1 data before it is decoded.

An AVIF file declares its picture's size in a header box ("ispe"), and that is the size
Pillow reports; the AV1 decoder, though, decodes the picture its data codes, whatever the
box says, and only then is it cut to the declared size. A file of 2 KB declaring 400x400
pixels and coding 12000x12000 spent 350 MB. This reads each coded picture's size from its
AV1 sequence header (the frame size it may not exceed), so such a file is refused first.
HEIC needs no such reading: libheif itself refuses a coded picture larger than its box.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

_OBU_SEQUENCE_HEADER = 1


class _Bits:
    """Bits read most significant first, as AV1 writes them."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def read(self, n: int) -> int:
        value = 0
        for _ in range(n):
            byte = self.data[self.pos >> 3]  # IndexError past the end: a damaged header
            value = (value << 1) | ((byte >> (7 - (self.pos & 7))) & 1)
            self.pos += 1
        return value

    def uvlc(self) -> int:
        zeros = 0
        while not self.read(1):
            zeros += 1
            if zeros >= 32:
                return (1 << 32) - 1
        return self.read(zeros) + (1 << zeros) - 1


def _leb128(data: bytes, pos: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = data[pos + i]
        value |= (byte & 0x7F) << (7 * i)
        if not byte & 0x80:
            return value, pos + i + 1
    raise ValueError("an overlong size")


def _sequence_frame_size(payload: bytes) -> tuple[int, int]:
    """The largest frame (width, height) an AV1 sequence header allows."""
    bits = _Bits(payload)
    bits.read(3)  # seq_profile
    bits.read(1)  # still_picture
    if bits.read(1):  # reduced_still_picture_header
        bits.read(5)
    else:
        decoder_model = False
        delay_bits = 0
        if bits.read(1):  # timing_info_present_flag
            bits.read(32)
            bits.read(32)
            if bits.read(1):  # equal_picture_interval
                bits.uvlc()
            decoder_model = bool(bits.read(1))
            if decoder_model:
                delay_bits = bits.read(5) + 1
                bits.read(32)
                bits.read(5)
                bits.read(5)
        display_delay = bool(bits.read(1))
        for _ in range(bits.read(5) + 1):  # the operating points
            bits.read(12)
            if bits.read(5) > 7:  # seq_level_idx, then seq_tier
                bits.read(1)
            if decoder_model and bits.read(1):
                bits.read(delay_bits)
                bits.read(delay_bits)
                bits.read(1)
            if display_delay and bits.read(1):
                bits.read(4)
    width_bits = bits.read(4) + 1
    height_bits = bits.read(4) + 1
    return bits.read(width_bits) + 1, bits.read(height_bits) + 1


def _obu_frame_sizes(data: bytes) -> Iterator[tuple[int, int]]:
    """The frame sizes of the sequence headers among AV1 OBUs (an item's coded data, or an
    av1C box's configuration OBUs)."""
    pos = 0
    while pos < len(data):
        header = data[pos]
        kind = (header >> 3) & 0x0F
        pos += 2 if header & 0x04 else 1  # the extension byte
        if header & 0x02:  # has_size_field
            size, pos = _leb128(data, pos)
        else:
            size = len(data) - pos
        if kind == _OBU_SEQUENCE_HEADER:
            yield _sequence_frame_size(data[pos:pos + size])
        pos += size


def _boxes(data: bytes, start: int, end: int) -> Iterator[tuple[bytes, int, int]]:
    """The boxes (kind, start of contents, end) between ``start`` and ``end``."""
    pos = start
    while pos + 8 <= end:
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = pos + 8
        if size == 1:
            size = struct.unpack(">Q", data[body:body + 8])[0]
            body += 8
        elif size == 0:
            size = end - pos
        if size < body - pos or pos + size > end:
            raise ValueError("a box past its end")
        yield kind, body, pos + size
        pos += size


def _number(data: bytes, pos: int, size: int) -> tuple[int, int]:
    return (int.from_bytes(data[pos:pos + size], "big") if size else 0), pos + size


def _item_types(data: bytes, start: int, end: int) -> dict[int, bytes]:
    """Each item's type, from the item information box."""
    version = data[start]
    pos = start + 4 + (2 if version == 0 else 4)
    types = {}
    for kind, body, _stop in _boxes(data, pos, end):
        if kind == b"infe" and data[body] >= 2:
            id_size = 2 if data[body] == 2 else 4
            item, pos = _number(data, body + 4, id_size)
            types[item] = data[pos + 2:pos + 6]
    return types


def _item_data(data: bytes, start: int, idat: bytes) -> dict[int, bytes]:
    """Each item's bytes, from the item location box (in the file or in its idat box)."""
    version = data[start]
    sizes = data[start + 4:start + 6]
    offset_size, length_size = sizes[0] >> 4, sizes[0] & 0x0F
    base_size, index_size = sizes[1] >> 4, (sizes[1] & 0x0F if version in (1, 2) else 0)
    count, pos = _number(data, start + 6, 2 if version < 2 else 4)
    items = {}
    for _ in range(count):
        item, pos = _number(data, pos, 2 if version < 2 else 4)
        method = 0
        if version in (1, 2):
            method, pos = _number(data, pos, 2)
            method &= 0x0F
        pos += 2  # data_reference_index
        base, pos = _number(data, pos, base_size)
        extents, pos = _number(data, pos, 2)
        source = idat if method == 1 else data
        parts = []
        for _ in range(extents):
            pos += index_size
            offset, pos = _number(data, pos, offset_size)
            length, pos = _number(data, pos, length_size)
            first = base + offset
            parts.append(source[first:first + length] if length else source[first:])
        if method in (0, 1):
            items[item] = b"".join(parts)
    return items


def coded_sizes(data: bytes) -> list[tuple[int, int]]:
    """The (width, height) of every picture an AVIF file codes (its main picture, a grid's
    tiles, an alpha or depth image, a thumbnail), by the AV1 sequence headers of its items
    and of their configuration boxes; raises ValueError or IndexError for a file whose boxes
    or headers are damaged."""
    meta = next(((body, end) for kind, body, end in _boxes(data, 0, len(data))
                 if kind == b"meta"), None)
    if meta is None:
        return []
    start, end = meta[0] + 4, meta[1]  # meta is a full box
    boxes = {kind: (body, stop) for kind, body, stop in _boxes(data, start, end)}
    sizes: list[tuple[int, int]] = []
    if b"iprp" in boxes:
        for kind, body, stop in _boxes(data, *boxes[b"iprp"]):
            if kind == b"ipco":
                for prop, pbody, pstop in _boxes(data, body, stop):
                    if prop == b"av1C":
                        sizes.extend(_obu_frame_sizes(data[pbody + 4:pstop]))
    if b"iloc" in boxes and b"iinf" in boxes:
        idat = data[slice(*boxes[b"idat"])] if b"idat" in boxes else b""
        types = _item_types(data, *boxes[b"iinf"])
        for item, coded in _item_data(data, boxes[b"iloc"][0], idat).items():
            if types.get(item) == b"av01":
                sizes.extend(_obu_frame_sizes(coded))
    return sizes
