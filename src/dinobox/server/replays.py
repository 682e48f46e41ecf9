"""A finished game's record (every card and die roll) and its replay pictures: only once the
game is over, built on the rebuilder's threads and kept (``rebuilder.py``).

Who may see what: before the end, nothing (the seats' own pages show their views); once the
game is over, every seat's view to anyone (``check_may_see``). The coach's analysis of a seat
shows that seat's move texts, so it follows the same rule."""

from __future__ import annotations

from bisect import bisect_left

from dinobox.server.errors import ApiError
from dinobox.server.live import FINISHED, LiveTable
from dinobox.server.messages import replay_picture
from dinobox.server.outcomes import early_result
from dinobox.server.play import seat_index
from dinobox.server.storage import TableRow
from dinobox.server.table_cache import TableCache, game_of
from dinobox.server.wire import ReplayPicture


def check_may_see(row: TableRow, seat: int | None) -> None:
    """Refuse unless anyone may see ``seat``'s view of the replay: the game is over, and the
    table has that seat."""
    if row.status != FINISHED:
        raise ApiError(409, "not_finished", "replays and their analyses are available once the game is over")
    if seat is not None:
        seat_index(row, seat)


def players_at_decisions(live: LiveTable) -> list[tuple[int, int]]:
    """``(history index, player)`` of every player decision of the table's game, in order
    (the replay's steps)."""
    probe = game_of(live.row).new_initial_state()
    out = []
    for i, a in enumerate(live.state.history()):
        player = probe.current_player()
        if player >= 0:
            out.append((i, player))
        probe.apply_action(a)
    return out


def seat_steps(decisions: list[tuple[int, int]], seat: int) -> dict[int, int]:
    """The replay step of each of ``seat``'s decisions, by its index in the history
    (``decisions``: ``players_at_decisions``)."""
    return {i: step for step, (i, player) in enumerate(decisions) if player == seat}


def step_of(decisions: list[tuple[int, int]], move: int) -> int:
    """The replay step of the decision at history index ``move`` (the picture before it)."""
    return bisect_left([i for i, _ in decisions], move)


class Replays:
    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self.rebuilder = cache.rebuilder

    async def record(self, table_id: str) -> dict[str, object]:
        live = await self.cache.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(
                409, "not_finished", "the record (with every card and die roll) is available once the game is over"
            )
        record: dict[str, object] = await self.rebuilder.run(live.state.to_record)
        early = early_result(live.row, live.state)
        if early is not None:
            record["result"] = early  # dinobox replay ignores it
        return record

    async def replay(self, table_id: str, step: int, seat: int | None) -> ReplayPicture:
        live = await self.cache.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(409, "not_finished", "replays are available once the game is over")
        check_may_see(live.row, seat)
        initial = game_of(live.row).new_initial_state()
        return await self.rebuilder.cached((live.row.id, step, seat), replay_picture, live, initial, step, seat)
