"""A finished game's record (every card and die roll) and its replay pictures: only once the
game is over, built on the rebuilder's threads and kept (``rebuilder.py``)."""

from __future__ import annotations

from typing import Any

from dinobox.server.errors import ApiError
from dinobox.server.live import FINISHED
from dinobox.server.messages import replay_picture
from dinobox.server.outcomes import early_result
from dinobox.server.play import seat_index
from dinobox.server.table_cache import TableCache, game_of


class Replays:
    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self.rebuilder = cache.rebuilder

    async def record(self, table_id: str) -> dict[str, Any]:
        live = await self.cache.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(
                409, "not_finished", "the record (with every card and die roll) is available once the game is over"
            )
        record = await self.rebuilder.run(live.state.to_record)
        early = early_result(live.row)
        if early is not None:
            record["result"] = early  # dinobox replay ignores it
        return record

    async def replay(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        live = await self.cache.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(409, "not_finished", "replays are available once the game is over")
        if seat is not None:
            seat_index(live.row, seat)
        initial = game_of(live.row).new_initial_state()
        return await self.rebuilder.cached((live.row.id, step, seat), replay_picture, live, initial, step, seat)
