"""What every observation encoder provides: a fixed-length float32 vector built from one view.

The encoder is part of a game's contract (its ``GameEntry`` names it), so its base lives in the
engine; it needs NumPy (the ``rl`` extra), so only encoders import this module, and the registry
loads a game's encoder on demand (``GameEntry.encoder``), never at import.

An encoder is built for one configured game (players, options, data) and then turns
``state.view(seat)`` — and nothing else — into a vector of ``size`` floats. The vector is cut
into named *pieces* (documented in docs/rl.md); ``split`` gives NumPy views of each piece.
Because the input is the view, a seat's vector cannot depend on anything the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dinobox.engine.game import Game


@dataclass(frozen=True)
class Piece:
    """One named slice of the vector: ``shape`` (flattened in C order), value bounds, meaning."""

    name: str
    shape: tuple[int, ...]
    low: float
    high: float
    doc: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape)) if self.shape else 1


class Encoder:
    """Base class: subclasses set ``pieces`` in ``__init__`` and implement ``values``."""

    pieces: tuple[Piece, ...]

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_players = game.num_players

    # ----- layout -------------------------------------------------------------------------
    def _finish_layout(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.size = sum(p.size for p in self.pieces)
        self.low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.pieces])
        self.high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.pieces])
        self.offsets: dict[str, tuple[int, int]] = {}
        start = 0
        for p in self.pieces:
            self.offsets[p.name] = (start, start + p.size)
            start += p.size

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """Named views into ``tensor`` (no copies), shaped as each piece."""
        return {
            p.name: tensor[a:b].reshape(p.shape) for p, (a, b) in zip(self.pieces, self.offsets.values(), strict=True)
        }

    def describe(self) -> list[dict[str, Any]]:
        """The layout as JSON (used to write and check docs/rl.md)."""
        return [
            {
                "name": p.name,
                "start": self.offsets[p.name][0],
                "size": p.size,
                "shape": list(p.shape),
                "low": p.low,
                "high": p.high,
                "doc": p.doc,
            }
            for p in self.pieces
        ]

    # ----- encoding -----------------------------------------------------------------------
    def values(self, view: Mapping[str, Any]) -> list[float]:
        """The vector as a flat list of exactly ``size`` numbers."""
        raise NotImplementedError  # pragma: no cover

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        """A fresh float32 vector for ``view`` (one seat's view, ``state.view(seat)``)."""
        flat = self.values(view)
        if len(flat) != self.size:  # pragma: no cover - a broken encoder, caught by the tests
            raise AssertionError(f"{type(self).__name__} produced {len(flat)} values, not {self.size}")
        return np.asarray(flat, dtype=np.float32)


class ArrayEncoder(Encoder):
    """An encoder that fills a NumPy vector directly: subclasses implement ``encode``, and
    ``values`` is its list form."""

    def values(self, view: Mapping[str, Any]) -> list[float]:
        out: list[float] = self.encode(view).tolist()
        return out

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        raise NotImplementedError  # pragma: no cover

    def observer(self, view: Mapping[str, Any]) -> int:
        """The seat whose view this is (seat 0's frame for a spectator's view): every per-seat
        piece is laid out relative to it."""
        seat = view.get("seat")
        n = self.num_players
        return seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else 0


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a one at ``index`` (all zeros when ``index`` is None or out of range)."""
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def ratio(value: Any, scale: float, low: float = 0.0, high: float = 1.0) -> float:
    """``value / scale`` clipped to ``[low, high]`` (0 for a missing value)."""
    if value is None or value is False:
        return 0.0
    x = float(value) / scale if scale else 0.0
    return low if x < low else high if x > high else x
