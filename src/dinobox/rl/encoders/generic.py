"""The fallback encoder: feature hashing of a view, for games without a dedicated encoder.

Every leaf of the view (a JSON tree) has a path such as ``players.1.hand_count``. Each leaf adds
to buckets of a fixed-size vector chosen by a stable hash (CRC-32) of its path:

* a number ``x`` adds ``±x / (1 + |x|)`` to the bucket of its path (the sign comes from the hash's
  top bit, so collisions tend to cancel rather than pile up);
* a string, a bool, ``None`` or a small integer (``|x| <= 16``) also adds 1 to the bucket of
  ``path=value`` (a one-hot of categorical facts);
* the bucket ``0`` is a bias that is always 1.

The result is clipped to ``[-1, 1]``. The length is fixed (``GenericEncoder.default_size``), so
every registered game gets a usable observation the day it lands; collisions lose a little
information, which a dedicated encoder (see ``dinobox.rl.encoders``) avoids.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

from dinobox.engine.encoding import Encoder, Piece
from dinobox.engine.game import Game

SMALL_INT = 16
_INDEX = tuple(b".%d" % i for i in range(256))


class GenericEncoder(Encoder):
    default_size = 512

    def __init__(self, game: Game, size: int | None = None) -> None:
        super().__init__(game)
        self.buckets = int(size or self.default_size)
        self._names: dict[str, bytes] = {}  # dict key -> b".key", for the path CRC
        if self.buckets < 2:
            raise ValueError(f"a generic encoder needs at least 2 buckets, not {self.buckets}")
        self._finish_layout(
            [
                Piece(
                    "hashed_view",
                    (self.buckets,),
                    -1.0,
                    1.0,
                    "feature-hashed leaves of the view: bucket 0 is a constant 1; numbers add "
                    "±x/(1+|x|) at hash(path); strings, bools, None and small ints add 1 at "
                    "hash(path=value); clipped to [-1, 1]",
                )
            ]
        )

    def values(self, view: Mapping[str, object]) -> list[float]:
        out = [0.0] * self.buckets
        out[0] = 1.0
        m = self.buckets - 1
        crc = zlib.crc32
        # Depth-first over (node, running CRC-32 of its path): ``zlib.crc32`` continues a CRC,
        # so no path strings are built and a leaf costs one or two CRC updates.
        # A node is any JSON value; its kind is told by ``type`` (fast, and a bool is not an int).
        stack: list[tuple[Any, int]] = [(view, 0)]
        pop, push = stack.pop, stack.append
        names = self._names
        while stack:
            node, path = pop()
            kind = type(node)
            if kind is dict:
                for key, item in node.items():
                    name = names.get(key)
                    if name is None:
                        name = names[key] = f".{key}".encode()
                    push((item, crc(name, path)))
            elif kind is list or kind is tuple:
                for i, item in enumerate(node):
                    push((item, crc(_INDEX[i] if i < 256 else b".%d" % i, path)))
            elif kind is int or kind is float:
                x = float(node)
                out[1 + path % m] += (x if path >> 31 else -x) / (1.0 + abs(x))
                if kind is int and -SMALL_INT <= node <= SMALL_INT:
                    out[1 + crc(b"=%d" % node, path) % m] += 1.0
            elif isinstance(node, Mapping):
                for key in node:
                    push((node[key], crc(f".{key}".encode(), path)))
            else:  # str, bool, None (anything else by its text)
                out[1 + crc(f"={node}".encode(), path) % m] += 1.0
        return [-1.0 if v < -1.0 else 1.0 if v > 1.0 else v for v in out]
