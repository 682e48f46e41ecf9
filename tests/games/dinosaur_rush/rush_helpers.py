"""A small driver for rule tests: forced chance outcomes and actions found by description."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dinobox.engine import load_game
from dinobox.engine.state import State
from dinobox.games.dinosaur_rush.viewtypes import CellView, DinosaurRushView, as_view

GREEN, RED, YELLOW, BLUE, WHITE = range(5)
# Paleontologist cards by name (data.py order).
(
    COPE,
    MARSH,
    LEIDY,
    STERNBERG,
    BROWN,
    WILLISTON,
    LAKES,
    MUDGE,
    HATCHER,
    REED,
    BALDWIN,
    HARGER,
    WORTMAN,
    OSBORN,
    DOUGLASS,
) = range(15)
NEUTRAL = [STERNBERG, HARGER, OSBORN, LEIDY, MARSH]


class Table:
    """A game whose chance nodes are resolved from queues (or simple defaults)."""

    def __init__(
        self,
        n: int = 3,
        paleos: list[int] | None = None,
        bonus: list[int] | None = None,
        bones: Callable[[int], int] | None = None,
        data: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.game = load_game("dinosaur-rush", players=n, data=data or {}, **options)
        self.state: State = self.game.new_initial_state()
        self.n = n
        self.paleos = list(paleos if paleos is not None else NEUTRAL[:n])
        self.bonus = list(bonus or [])
        self.tokens: list[int] = []
        self.pile_bones: list[int] = []
        self.bone_choice = bones or (lambda i: GREEN if i < 3 else i % 5)
        self.bones_drawn = 0
        self.settle()

    # ----- chance -------------------------------------------------------------------------
    def settle(self) -> State:
        s = self.state
        while s.is_chance_node():
            legal = s.legal_actions()
            kind = s.action_to_string(legal[0]).split(":")[0]
            if kind == "paleontologist" and self.paleos:
                a = self.paleos.pop(0)
            elif kind == "bonus card" and self.bonus:
                a = self.bonus.pop(0)
            elif kind == "Notoriety token" and self.tokens:
                a = self.tokens.pop(0)
            elif kind == "bone":
                if self.pile_bones and self.drawing_to_pile():
                    a = self.pile_bones.pop(0)
                else:
                    a = self.bone_choice(self.bones_drawn)
                    self.bones_drawn += 1
                if a not in legal:
                    a = legal[0]
            else:
                a = legal[0]
            s.apply_action(a)
        return s

    def drawing_to_pile(self) -> bool:
        return self.state.view(None)["phase"] == "field"

    # ----- decisions ----------------------------------------------------------------------
    def find(self, kind: str, **fields: Any) -> int:
        s = self.state
        for a in s.legal_actions():
            info = s.describe_action(a)
            if info["kind"] == kind and all(info.get(k) == v for k, v in fields.items()):
                return a
        raise AssertionError(f"no legal {kind} {fields}: {[s.action_to_string(a) for a in s.legal_actions()]}")

    def has(self, kind: str, **fields: Any) -> bool:
        try:
            self.find(kind, **fields)
        except AssertionError:
            return False
        return True

    def do(self, kind: str, **fields: Any) -> None:
        self.state.apply_action(self.find(kind, **fields))
        self.settle()

    def first(self) -> None:
        self.state.apply_action(self.state.legal_actions()[0])
        self.settle()

    def view(self, seat: int | None) -> DinosaurRushView:
        return as_view(self.state.view(seat))

    def step(self) -> str:
        return str(self.state.view(None)["step"])

    def place_all(self) -> None:
        while self.step() == "place":
            self.first()

    def cell(self, label: str) -> CellView:
        return next(c for c in self.view(None)["board"]["cells"] if c["label"] == label)

    def seat_cell(self, seat: int) -> CellView:
        cell = self.view(None)["players"][seat]["cell"]
        assert cell is not None, f"seat {seat} has no paleontologist on the board"
        return self.view(None)["board"]["cells"][cell]

    def quiet_turn(self, dig: bool = False) -> None:
        """Move (to the first site, or with ``dig`` to the first site with bones), publicize,
        then the Publicize action (no Notoriety)."""
        assert self.step() == "move"
        cells = self.view(None)["board"]["cells"]
        legal = self.state.legal_actions()
        if dig:
            legal = [a for a in legal if sum(cells[self.state.describe_action(a)["cell"]].get("bones", []))]
            legal = legal or self.state.legal_actions()
        self.state.apply_action(legal[0])
        self.settle()
        self.first()
        self.do("publicize")

    def finish_field(self, dig: bool = False) -> None:
        while self.step() in ("move", "publicize", "action", "steal_more"):
            if self.step() == "move":
                self.quiet_turn(dig)
            else:
                self.first()

    def build_all(self, choose: Callable[[int], Any] | None = None) -> None:
        from dinobox.games.dinosaur_rush import build

        while self.step() == "build":
            seat = self.state.current_player()
            view = as_view(self.state.view(seat))
            legal = self.state.legal_actions()
            skeleton = choose(seat) if choose else None
            if skeleton is None:
                skeleton = build.suggest(view)
            for a in build.actions_for_skeleton(view, legal, skeleton):
                self.state.apply_action(a)
            self.settle()

    def play_to_end(self) -> None:
        while not self.state.is_terminal():
            if self.step() == "build":
                self.build_all()
            elif self.step() == "move":
                self.quiet_turn()
            else:
                self.first()


def expected_moves(view: DinosaurRushView, seat: int, cross_tar: bool = False) -> set[int]:
    """Move: the free cells in straight lines from ``seat``'s paleontologist, worked out from the view."""
    cells = view["board"]["cells"]
    at = {(c["x"], c["y"]): c for c in cells}
    where = view["players"][seat]["cell"]
    assert where is not None
    here = cells[where]
    taken = {p["cell"] for p in view["players"]}
    out = set()
    for dx, dy in ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)):
        x, y = here["x"], here["y"]
        while True:
            x, y = x + dx, y + dy
            c = at.get((x, y))
            if c is None or c["kind"] in ("start", "start_4p"):
                break
            if c["kind"] == "tar":
                if cross_tar:
                    continue
                break
            if c["cell"] not in taken:
                out.add(c["cell"])
    return out


def to_action_on_c2(t: Table) -> None:
    """Seat 0 moved to C2, publicized, and is about to choose its action."""
    t.place_all()
    t.do("move", label="B1")
    t.first()
    assert t.step() == "action"
