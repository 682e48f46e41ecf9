"""A socket's pictures as changes (#40): a client that opens its table's socket with
``?delta=1`` gets each ``state`` message after the first without what it already has.

- ``same``: the message's keys among ``table``, ``legal``, ``refusals`` and ``clock`` equal to
  the last message's: left out, the client keeps its own.
- ``view_same``: the view's keys equal to the last view's: left out of ``view``, which holds the
  others; a key in neither is gone from the view.

T-Rex Island's map (3 kB of every view) is sent once; with permessage-deflate an update is
about 1 kB on the wire (``benchmarks/bench_wire.py``). Without ``delta`` every message is whole,
as before (``tests/server/test_hidden_information.py`` reads whole ones)."""

from __future__ import annotations

from dinobox.server.wire import Message

KEPT = ("table", "legal", "refusals", "clock")


class Deltas:
    """One socket's last whole picture, and each next one as its change."""

    def __init__(self) -> None:
        self.last: Message | None = None

    def change(self, message: Message) -> Message:
        if message.get("type") != "state":
            return message
        last, self.last = self.last, message
        if last is None:
            return message
        out = dict(message)
        out["same"] = same_keys = [key for key in KEPT if key in last and key in message and last[key] == message[key]]
        for key in same_keys:
            del out[key]
        view, before = message.get("view"), last.get("view")
        if isinstance(view, dict) and isinstance(before, dict):
            same = [k for k, v in view.items() if k in before and before[k] == v]
            out["view"] = {k: v for k, v in view.items() if k not in same}
            out["view_same"] = same
        return out
