"""Escape from T-Rex Island component data: every count, value and the board in one place.

The rulebook lost its pictures (the board, the card faces, the token faces, the starting die
face). Values marked "assumed" are recorded in rules.md beside this file under "Assumptions",
each with the section it comes from. The board itself lives in ``map.json`` beside this file so
that an owner of the printed board can redraw it without touching code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

# ----- names ------------------------------------------------------------------------------------
# Action cards: six kinds (Action Cards) x three colours (assumed) = 18 card types.
STEGO: Final = 0
TRICERA: Final = 1
BRACHIO: Final = 2
RAPTOR: Final = 3
PTERO: Final = 4
TREX: Final = 5
KIND_NAMES = ("Stegosaurus", "Triceratops", "Brachiosaurus", "Raptor", "Pterosaur", "T-Rex")
KIND_KEYS = ("stegosaurus", "triceratops", "brachiosaurus", "raptor", "pterosaur", "trex")
HERBIVORES = (STEGO, TRICERA, BRACHIO)
CARNIVORES = (RAPTOR, PTERO, TREX)
NUM_KINDS: Final = 6
COLOURS = ("orange", "purple", "cyan")
NUM_COLOURS: Final = 3
NUM_CARD_TYPES: Final = NUM_KINDS * NUM_COLOURS  # card type = kind * 3 + colour

# Board space kinds: a colour 0..2, a rest point or the helipad.
REST: Final = 3
HELIPAD: Final = 4
SPACE_KINDS = (*COLOURS, "rest", "helipad")
MAX_SPACES: Final = 64

# Characters (Character Cards) and the player colour that goes with each (Set-up 1).
HUNTER: Final = 0
JOURNALIST: Final = 1
SCOUT: Final = 2
EXPLORER: Final = 3
CHARACTER_NAMES = ("Hunter", "Journalist", "Boy Scout", "Explorer")
CHARACTER_KEYS = ("hunter", "journalist", "scout", "explorer")
PLAYER_COLOURS = ("Red", "Yellow", "Green", "Blue")
TEAMS_PER_PLAYER: Final = 3

# Game tokens (Game Tokens, Game Mode).
SPINO: Final = 0
FOOD1: Final = 1
FOOD2: Final = 2
FOOD3: Final = 3
SURVIVOR: Final = 4
SHOTGUN: Final = 5
SMG: Final = 6
TOKEN_NAMES = ("Spinosaur", "1-can food", "2-can food", "3-can food", "Lost survivor", "Shotgun", "SMG")
TOKEN_KEYS = ("spinosaur", "food1", "food2", "food3", "survivor", "shotgun", "smg")
NUM_TOKEN_KINDS: Final = 7

# Attacks a team may suffer.
ATTACK_RAPTOR: Final = 0
ATTACK_PTERO: Final = 1
ATTACK_TREX: Final = 2
ATTACK_SPINO: Final = 3
ATTACK_NAMES = ("Raptor", "Pterosaur", "T-Rex", "Spinosaur")

# Where a team (die) stands besides a space of the map.
START: Final = -1  # a team still behind the starting arrow
LOST: Final = -2  # a team with no crew left (out of the game)

# Bits of a player's perks: what a character may still use once (Character Cards).
FREE_SHOTGUN: Final = 1
EVADE_RAPTOR: Final = 2
EVADE_PTERO: Final = 4

MAP_FILE = Path(__file__).with_name("map.json")


def card_type(kind: int, colour: int) -> int:
    return kind * NUM_COLOURS + colour


def card_name(card: int) -> str:
    kind, colour = divmod(card, NUM_COLOURS)
    return f"{COLOURS[colour]} {KIND_NAMES[kind]}"


def load_map(path: Path = MAP_FILE) -> dict[str, Any]:
    """The board file as a dict: ``start`` and ``spaces`` (see the file's ``about``)."""
    with open(path, encoding="utf-8") as fh:
        raw: dict[str, Any] = json.load(fh)
    return raw


def _map_fields(raw: dict[str, Any]) -> dict[str, Any]:
    spaces = raw["spaces"]
    for i, s in enumerate(spaces):
        if s.get("id") != i:
            raise ValueError(f"{MAP_FILE.name}: space #{i} has id {s.get('id')!r}; ids must be 0..N-1 in order")
    return {
        "space_kinds": tuple(str(s["kind"]) for s in spaces),
        "space_next": tuple(tuple(int(n) for n in s["next"]) for s in spaces),
        "space_places": tuple((int(s["row"]), int(s["col"])) for s in spaces),
        "space_trails": tuple(str(s.get("trail", "")) for s in spaces),
        "start_space": int(raw["start"]),
    }


_MAP = _map_fields(load_map())


@dataclass(frozen=True)
class TRexIslandData:
    """Counts, values and the board of Escape from T-Rex Island."""

    # ----- the board (Game Board; from map.json) -------------------------------------------
    space_kinds: tuple[str, ...] = _MAP["space_kinds"]
    space_next: tuple[tuple[int, ...], ...] = _MAP["space_next"]
    space_places: tuple[tuple[int, ...], ...] = _MAP["space_places"]
    space_trails: tuple[str, ...] = _MAP["space_trails"]
    start_space: int = _MAP["start_space"]
    # Fields that change only what players see, not how the game plays (where a space is
    # drawn, which trail it belongs to). `dinobox data` marks them; `tune` refuses them.
    SHOWN_ONLY: ClassVar[frozenset[str]] = frozenset({"space_places", "space_trails"})

    # ----- action cards (Action Cards: 36 cards; mix assumed) --------------------------------
    # Count per card type, kind-major: (orange, purple, cyan) for each of the six kinds.
    cards: tuple[int, ...] = (2, 2, 2) * NUM_KINDS
    # Set-up 3 and Drawing card: hand size and opening hand; the Journalist's is larger.
    hand_size: int = 4
    journalist_hand_size: int = 5
    # Taking dino picture: cards of a kind needed (played + on the piles), per herbivore.
    picture_needs: tuple[int, ...] = (2, 3, 3)
    # Game Score: VP per trophy, per herbivore.
    trophy_vp: tuple[int, ...] = (3, 6, 8)
    # Carnivore cards: dino icons on each card (Raptor, Pterosaur, T-Rex) - how many of that
    # kind must be on the table to trigger it (assumed from the text: two, two, one).
    carnivore_icons: tuple[int, ...] = (2, 2, 1)
    # T-Rex: spaces moved with one / two T-Rex cards on the table.
    trex_steps: tuple[int, ...] = (2, 3)
    # T-Rex: men devoured when it stops on a single team (each of several teams loses one).
    trex_bite: int = 2
    # T-Rex meeple: how far behind the slowest die it appears.
    trex_behind: int = 3

    # ----- teams (Set-up 2; start face assumed) ------------------------------------------
    start_crew: int = 4
    family_crew: int = 6
    max_crew: int = 6

    # ----- game tokens (Game Tokens, Game Mode) ------------------------------------------
    # Token mix per player count (2, 3, 4), in the order Spinosaur, 1-can, 2-can, 3-can food,
    # Lost survivor, Shotgun, SMG. 2 and 3 players are the rulebook's lists; 4 players is the
    # full sheet of 24 (its mix is assumed).
    token_sets: tuple[tuple[int, ...], ...] = (
        (2, 2, 2, 1, 1, 2, 2),
        (3, 3, 2, 2, 2, 3, 3),
        (4, 4, 3, 2, 3, 4, 4),
    )
    # Set-up 5: tokens face down next to each rest point, per player count (2, 3, 4).
    tokens_per_rest: tuple[int, ...] = (2, 3, 4)
    spino_loss: int = 2
    survivors_per_can: int = 2
    scout_free_survivors: int = 3

    # ----- scoring (Game Score) --------------------------------------------------------------
    # VP per crew for the 1st, 2nd, 3rd and every later team to reach the helipad.
    arrival_vp: tuple[int, ...] = (5, 4, 3, 2)

    def validate(self) -> str | None:
        """A problem with this data, or None."""
        n = len(self.space_kinds)
        if not 2 <= n <= MAX_SPACES:
            return f"the board needs 2..{MAX_SPACES} spaces, not {n}"
        if len(self.space_next) != n or len(self.space_places) != n or len(self.space_trails) != n:
            return "space_kinds, space_next, space_places and space_trails must have one entry per space"
        bad = [k for k in self.space_kinds if k not in SPACE_KINDS]
        if bad:
            return f"unknown space kind {bad[0]!r} (kinds: {', '.join(SPACE_KINDS)})"
        if self.space_kinds.count("helipad") != 1:
            return "the board needs exactly one helipad space"
        if "rest" not in self.space_kinds:
            return "the board needs at least one rest point"
        if any(len(p) != 2 for p in self.space_places) or len(set(self.space_places)) != n:
            return "every space needs its own (row, col) place"
        if not 0 <= self.start_space < n:
            return f"start_space must be a space id 0..{n - 1}"
        for s, nxt in enumerate(self.space_next):
            if any(not 0 <= t < n or t == s for t in nxt):
                return f"space {s} links to a space that does not exist"
            if self.space_kinds[s] == "helipad" and nxt:
                return "the helipad is the end of the path: it links nowhere"
            if self.space_kinds[s] != "helipad" and not nxt:
                return f"space {s} is a dead end (only the helipad may be)"
        problem = _check_paths(self.space_next, self.start_space)
        if problem:
            return problem
        if len(self.cards) != NUM_CARD_TYPES or any(c < 0 for c in self.cards):
            return f"cards must list {NUM_CARD_TYPES} non-negative counts (6 kinds x 3 colours)"
        if sum(self.cards) < 8:
            return "at least 8 action cards are needed"
        if not 1 <= self.hand_size <= 10 or not 1 <= self.journalist_hand_size <= 10:
            return "hand sizes must be 1..10"
        if len(self.picture_needs) != 3 or any(not 1 <= x <= 3 for x in self.picture_needs):
            return "picture_needs lists 3 numbers, each 1..3 (at most two piles plus one card)"
        if len(self.trophy_vp) != 3 or len(self.carnivore_icons) != 3:
            return "trophy_vp and carnivore_icons list 3 numbers each"
        if any(not 1 <= x <= 2 for x in self.carnivore_icons):
            return "carnivore_icons must be 1 or 2 (there are two discard piles)"
        if len(self.trex_steps) != 2 or any(x < 1 for x in self.trex_steps):
            return "trex_steps lists the spaces moved with one and with two T-Rex cards (each >= 1)"
        if not 1 <= self.max_crew <= 9 or not 1 <= self.start_crew <= self.max_crew:
            return "crews must satisfy 1 <= start_crew <= max_crew <= 9"
        if not 1 <= self.family_crew <= self.max_crew:
            return "family_crew must be 1..max_crew"
        if len(self.token_sets) != 3 or any(len(t) != NUM_TOKEN_KINDS or min(t) < 0 for t in self.token_sets):
            return f"token_sets lists 3 mixes (2, 3, 4 players) of {NUM_TOKEN_KINDS} counts"
        if len(self.tokens_per_rest) != 3 or min(self.tokens_per_rest) < 0:
            return "tokens_per_rest lists 3 counts (2, 3, 4 players)"
        rests = self.space_kinds.count("rest")
        for i, per in enumerate(self.tokens_per_rest):
            if per * rests > sum(self.token_sets[i]):
                total = sum(self.token_sets[i])
                return f"{i + 2} players: {per} tokens at each of {rests} rest points need more than {total} tokens"
        if not self.arrival_vp or self.survivors_per_can < 1:
            return "arrival_vp must not be empty and survivors_per_can must be >= 1"
        return None


def _check_paths(nxt: tuple[tuple[int, ...], ...], start: int) -> str | None:
    """Every space reachable from the start, no loops, every path ends at the helipad."""
    n = len(nxt)
    state = [0] * n  # 0 new, 1 on stack, 2 done

    def visit(s: int) -> bool:
        stack = [(s, 0)]
        state[s] = 1
        while stack:
            node, i = stack[-1]
            if i < len(nxt[node]):
                stack[-1] = (node, i + 1)
                t = nxt[node][i]
                if state[t] == 1:
                    return False
                if state[t] == 0:
                    state[t] = 1
                    stack.append((t, 0))
            else:
                state[node] = 2
                stack.pop()
        return True

    if not visit(start):
        return "the board has a loop: dice may never move backward"
    unreached = [s for s in range(n) if state[s] == 0]
    if unreached:
        return f"space {unreached[0]} cannot be reached from the start"
    return None


DEFAULT_DATA = TRexIslandData()
