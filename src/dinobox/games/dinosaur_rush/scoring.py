"""The Great Dinosaur Rush scoring rules that need no table: a category's places (Exhibit phase,
Ties, Two-player variant) and the Notoriety at the end (End of game, Two-player variant)."""

from __future__ import annotations

from collections.abc import Sequence

from dinobox.games.dinosaur_rush.data import DinosaurRushData


def category_points(counts: list[int], row: int, data: DinosaurRushData, two_player: bool) -> list[int]:
    """Points per seat for one category: friendly ties; third place only with 4+ players; the
    two-player variant scores the runner-up by the margin. No bones, no points."""
    table = data.class_points[row]
    n = len(counts)
    out = [0] * n
    if two_player:
        best = max(counts)
        for s in range(n):
            gap = best - counts[s]
            if counts[s] == 0:
                continue
            if gap == 0:
                out[s] = table[0]
            elif gap <= data.two_player_second_within:
                out[s] = table[1]
            elif gap <= data.two_player_third_within:
                out[s] = table[2]
        return out
    places = 3 if n >= 4 else 2
    for s in range(n):
        count = counts[s]
        if count > 0:
            place = len({c for c in counts if c > count})  # the better counts, ties as one
            if place < places:
                out[s] = table[place]
    return out


def notoriety_adjustments(totals: Sequence[int], two_player: bool) -> list[int]:
    """End of game: everyone adds their Notoriety except a single most notorious player, who
    subtracts it; a tie for the most means everyone adds. The Two-player variant changes only
    what the most notorious player subtracts: the difference between the two totals."""
    hi = max(totals)
    if list(totals).count(hi) > 1:
        return list(totals)
    if two_player:
        lo = min(totals)
        return [-(hi - lo) if t == hi else t for t in totals]
    return [-t if t == hi else t for t in totals]
