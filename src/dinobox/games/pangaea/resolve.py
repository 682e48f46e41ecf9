"""Pangaea's Players Turn (its automatic steps) and the Actions: resolving an action over its
range (Moving the Event locator, Rules of Change, Earthquake, Dinosaurs), with the level 4
interrupts and the Alliances rule. The Lightning Bolt steps are in ``lightning.py``, the end game
in ``end_game.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.pangaea import events as Ev
from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.data import EVO_BLOCK, EVO_SHELTER_MOVE
from dinobox.games.pangaea.events import (
    Action,
    CentreMatches,
    First,
    Forfeit,
    Harvest,
    Lightning,
    Locator,
    NoQuake,
    Play,
    TokenMoves,
    Turn,
)
from dinobox.games.pangaea.tiles import DINO, DOWN, QUAKE, SHIFT, UP, VOLCANO, is_trex

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState
    from dinobox.games.pangaea.world import Plan


NOTHING_BLOCKED: Final[frozenset[int]] = frozenset()
"""``PangaeaState.blocked`` with no space blocked (one value, shared)."""


# ===== Players Turn: the automatic steps (``flow.py``) ============================================
def start_turn(st: PangaeaState, seat: int) -> None:
    """Players Turn: ``seat``'s turn begins; its steps are pushed in order."""
    st.turn = seat
    st.turns += 1
    st.sel = ()
    st.played = ()
    st.act_spaces = ()
    st.interrupted = False
    st.direction = -1
    st.activated = st.wild2 = st.extra_used = False
    st.ctx = F.CTX_TURN
    st.decider = seat
    if not st._quiet:  # a playout keeps no log: no event built
        st._emit(Turn, seat)
    st.steps.extend(F.TURN_STEPS[seat])


def step1(st: PangaeaState) -> None:
    if st.ring_pos == 0:  # step 1: the token leaves the lightning space
        st.ring_pos = 1
        st._emit(TokenMoves, 1)


def after_step4(st: PangaeaState, seat: int) -> None:
    """Step 5: with three cards chosen, the other players may interrupt, then the direction is
    found and the cards are played."""
    steps = st.steps
    if len(st.sel) == 6:
        steps.append(F.STEP5[seat])
        steps.append(F.DIRECTION[seat])
        for asker in reversed(st.left_of(seat)[:-1]):
            # only a player able to interrupt is asked (nothing changes the hands in between)
            if can_interrupt(st, asker):
                steps.append(F.INTERRUPT[asker][seat])


def can_interrupt(st: PangaeaState, seat: int) -> bool:
    """Players Turn, step 5: a player with at least 4 STAR cards, a Wild among them, may
    interrupt, if nobody has yet."""
    hand = st.hands[seat]
    return not st.interrupted and len(hand) >= 4 and Wd.holds(hand, st.WILD)


def quake_erupt(st: PangaeaState) -> None:
    plan = Wd.quake_eruption(st.world, st.quake_edges)
    if plan[0]:
        start_plan(st, plan)


def ask_shelter_moves(st: PangaeaState) -> None:
    for seat in reversed(st.left_of(st.decider)):
        if st.has_active(seat, EVO_SHELTER_MOVE) and threatened(st, seat):
            st.steps.append(F.ShelterMove(seat, F.THREATENED))


def apply_changes(st: PangaeaState, seat: int, start_at: int) -> None:
    """Rules of Change: the pending changes, from change ``start_at`` - 1 on (0: from the
    eruptions); a supply run out stops them until the player picks the board tile to take."""
    pending = st.plan
    if pending is not None:
        if start_at == 0:
            for v in pending[0]:
                st.world.events.append(Ev.WErupt(v))
        start = max(0, start_at - 1)
        i = Wd.apply_plan_from(st.world, pending, st.blocked, start, True)
        if i < len(pending[1]):  # a supply ran out: the player picks the board tile to take
            st.steps.append(F.ApplyChanges(seat, i + 1))
            st.steps.append(F.TakeTile(seat, i))
            return
    st.plan = None
    st.blocked = NOTHING_BLOCKED


def dino_arrives(st: PangaeaState, dino: int, space: int) -> None:
    Wd.dino_arrive(st.world, dino, space, st.guard_use)
    st.pending_dino = ()
    st.guard_use = 0


def dino_threat(st: PangaeaState, space: int) -> None:
    w = st.world
    for seat in reversed(st.left_of(st.decider)):
        if w.shelters[space] >> seat & 1 and not st.guard_use >> seat & 1 and st.has_active(seat, EVO_SHELTER_MOVE):
            st.steps.append(F.ShelterMove(seat, F.BRONTOSAURUS))


def explorer_arrives(st: PangaeaState, seat: int, space: int, harvest: bool) -> None:
    alive = Wd.move_explorer(st.world, seat, space, bool(st.guard_use >> seat & 1))
    st.pending_dino = ()
    st.guard_use = 0
    if alive and harvest:
        st._emit(Harvest, seat, space)
        st.gain(seat, 1, F.PART_HARVEST)


def give_backs(st: PangaeaState) -> None:
    for seat in reversed(st.left_of(st.turn)):
        if len(st.hands[seat]) > st.hand_limit(seat):
            st.steps.append(F.GiveBack(seat))


def step10(st: PangaeaState, seat: int) -> None:
    steps = st.steps
    steps.append(F.NEXT_TURN[seat])
    if st.ring_pos == 0:
        st._emit(Lightning)
        steps.append(F.GiveBacks(seat))
        steps.append(F.LightningReentries(seat))
        steps.append(F.LightningAction(seat))
        steps.append(F.DrawStar(F.FOR_LIGHTNING))
        steps.append(F.DrawDirection(F.FOR_LIGHTNING))
        steps.append(F.LightningRecalc(seat))
        steps.append(F.LightningScore(seat))


def starting_positions(st: PangaeaState) -> None:
    """Kick-off the game: the start player is known (given, or drawn at random); starting
    positions are chosen from them on, in turn order, and then their first turn begins."""
    first, n = st.first, st.num_players
    st._emit(First, first, st.game.options["first"] == "random")
    st.steps.append(F.StartTurn(first))
    st.steps.extend(F.ChooseStart((first + k) % n) for k in reversed(range(n)))


def play_cards(st: PangaeaState, seat: int) -> None:
    """Step 5: the chosen cards are played in order (distance, action, range)."""
    sel = st.sel
    played = tuple([sel[i] for i in (0, 2, 4) if sel[i] >= 0])
    st.take_cards(seat, played)
    st.played = played
    if not st._quiet:
        st._emit(Play, seat, sel[0], sel[1], sel[2], sel[3], sel[4], sel[5])
    st.ctx = F.CTX_TURN
    st.decider = seat
    move_locator(st, st.direction, sel[1])
    resolve_action(st, sel[3], sel[5])


def move_locator(st: PangaeaState, direction: int, steps: int) -> None:
    end = st.world.geo.line_end(st.world.locator, direction, steps)
    st.world.locator = end
    if not st._quiet:
        st._emit(Locator, direction, steps, end)


def resolve_action(st: PangaeaState, action: int, shape: int) -> None:
    """Actions: the action on the Event locator's new space with the given range."""
    w = st.world
    spaces = w.geo.range_spaces(w.locator, shape)
    st.act_spaces = tuple(spaces)
    st.steps.append(F.ACTION_DONE[st.decider])  # runs once every decision of the action is taken
    if not st._quiet:
        st._emit(Action, action, shape)
    if action in (UP, DOWN, SHIFT):
        start_plan(st, Wd.plan_terrain(w, action, spaces))
    elif action == QUAKE:
        if w.is_sea(w.locator):
            start_plan(st, Wd.tsunami_plan(w, w.locator))
        elif Wd.crack_options(w, spaces):
            st.quake_edges = ()
            if crack_choices(st):
                st.steps.append(F.QuakeEruption(st.decider))
                st.steps.append(F.ChooseCrack(st.decider))
            elif w.sticks or w.cracks:
                st._emit(Forfeit, st.decider)  # every crack would erupt onto an ally
            else:
                st._emit(NoQuake)
        else:
            st._emit(NoQuake)
    elif action == DINO:
        if not Wd.dino_place_options(w, spaces):
            if not st._quiet:  # the event's reasons are built only when the log is read
                st._emit(no_dino, *no_dino_reasons(st, spaces))
        elif not dino_options(st, st.decider):
            st._emit(Forfeit, st.decider)  # every placement would harm an ally
        else:
            st.steps.append(F.PlaceDino(st.decider))


def dino_options(st: PangaeaState, decider: int) -> list[tuple[int, int]]:
    """Dinosaurs, with Alliances: never onto an ally's Explorer (T-Rex) or Shelter (Bronto)."""
    w = st.world
    opts = Wd.dino_place_options(w, list(st.act_spaces))
    if st.ctx == F.CTX_TURN and st.alliances:
        allies = st.allies(decider)
        if allies:
            opts = [(d, s) for d, s in opts if not dino_hurts(st, allies, d, s)]
    return opts


def dino_hurts(st: PangaeaState, allies: int, dino: int, s: int) -> bool:
    w = st.world
    if is_trex(dino):
        return any(w.explorers[p] == s and allies >> p & 1 for p in range(st.num_players))
    return bool(w.shelters[s] & allies)


def no_dino_reasons(st: PangaeaState, spaces: list[int]) -> tuple[int, tuple[int, ...]]:
    """Why a Dinosaur action finds no space (Dinosaurs): the dino that alone may move when all
    four are out and one is already in the range (or -1), then per space of the range the space,
    its top tile and the dino already there (or -1), one after the other (``no_dino`` makes the
    event of them). The event text says that nothing happens."""
    w = st.world
    inside = -1
    if all(x >= 0 for x in w.dinos):
        inside = next((d for d, x in enumerate(w.dinos) if x in spaces), -1)
    facts: list[int] = []
    for s in spaces:
        facts.append(s)
        facts.append(w.top(s))
        facts.append(w.dino_at(s))
    return inside, tuple(facts)


def no_dino(inside: int, facts: tuple[int, ...]) -> Ev.NoDino:
    """The ``NoDino`` event of ``no_dino_reasons``' facts."""
    return Ev.NoDino(inside, tuple([Ev.BlockedSpace(*facts[i : i + 3]) for i in range(0, len(facts), 3)]))


def _harms(allies: int, events: list[Ev.WorldChange]) -> bool:
    """Whether any of the world's changes costs an ally's Explorer or Shelter."""
    return any(isinstance(ev, (Ev.WExplorerLost, Ev.WShelterLost)) and allies >> ev.seat & 1 for ev in events)


def _allies_now(st: PangaeaState) -> int:
    """Alliances apply in a player's own steps only."""
    if st.ctx != F.CTX_TURN or not st.alliances:
        return 0
    return st.allies(st.decider)


def crack_choices(st: PangaeaState) -> list[int]:
    """Earthquake: the crack places still open (at most 3, connected; with no stick in stock one
    on the board must be free to move), without those whose eruption would harm an ally."""
    w = st.world
    chosen = st.quake_edges
    if len(chosen) >= 3:
        return []
    if w.sticks <= 0 and all(e in chosen for e in w.cracks):
        return []
    opts = Wd.crack_options(w, list(st.act_spaces), chosen)
    allies = _allies_now(st)
    if allies and opts:
        ends = w.geo.edge_ends
        safe = []
        for e in opts:
            if VOLCANO in (w.top(ends[e][0]), w.top(ends[e][1])):
                plan = Wd.quake_eruption(w, (*chosen, e))
                if _harms(allies, _simulate(st, plan, frozenset())):
                    continue
            safe.append(e)
        opts = safe
    return opts


def safe_directions(st: PangaeaState, seat: int) -> list[int]:
    """Alliances: a direction whose terrain change or tsunami would harm an ally is not
    offered while a harmless one exists (if none exists the action is forfeit later)."""
    every = list(range(6))
    allies = _allies_now(st)
    sel = st.sel
    if not allies or len(sel) < 6 or sel[3] not in (UP, DOWN, SHIFT, QUAKE):
        return every
    w = st.world
    geo = w.geo
    safe = []
    for d in every:
        end = geo.line_end(w.locator, d, sel[1])
        probe = w.copy()
        if sel[3] == QUAKE:
            if not probe.is_sea(end):
                safe.append(d)  # land: cracks are chosen (and checked) one by one
                continue
            plan = Wd.tsunami_plan(probe, end)
        else:
            plan = Wd.plan_terrain(probe, sel[3], geo.range_spaces(end, sel[5]))
        Wd.apply_plan(probe, plan)
        if not _harms(allies, probe.events):
            safe.append(d)
    return safe or every


def dino_lands(st: PangaeaState, dino: int, s: int) -> None:
    """A dino arrives on ``s`` (Dinosaurs). Holders of an active protection card whose piece it
    would destroy decide whether to use it; then, against a Brontosaurus, holders of an active
    Shelter-move card may move their threatened Shelter (Evolution Cards, level 4)."""
    w = st.world
    order = st.left_of(st.decider)
    if is_trex(dino):
        victims = [p for p in order if w.explorers[p] == s and w.trex_guard >> p & 1]
        movers = False
    else:
        mask = w.shelters[s]
        victims = [p for p in order if mask >> p & 1 and w.bronto_guard >> p & 1]
        movers = any(mask >> p & 1 and st.has_active(p, EVO_SHELTER_MOVE) for p in order)
    if not victims and not movers:
        Wd.dino_arrive(w, dino, s, 0)
        return
    st.pending_dino = (dino, s)
    st.guard_use = 0
    steps = st.steps
    steps.append(F.DinoArrives(dino, s))
    if movers:
        steps.append(F.DinoThreat(dino, s))
    for p in reversed(victims):
        steps.append(F.Guard(p))


def _simulate(st: PangaeaState, plan: Plan, blocked: frozenset[int]) -> list[Ev.WorldChange]:
    probe = st.world.copy()
    Wd.apply_plan(probe, plan, blocked)
    return probe.events


def start_plan(st: PangaeaState, plan: Plan) -> None:
    """Carry out a set of tile changes, after the alliance check (player steps only) and the
    level 4 interrupts (block a tile change; move a threatened Shelter)."""
    if not plan[0] and not plan[1]:
        return
    allies = _allies_now(st)
    if allies and _harms(allies, _simulate(st, plan, frozenset())):
        st._emit(Forfeit, st.decider)
        return
    st.plan = plan
    st.blocked = NOTHING_BLOCKED
    st.steps.append(F.APPLY_ALL_CHANGES[st.decider])
    st.steps.append(F.ASK_SHELTER_MOVES[st.decider])
    for seat in reversed(st.left_of(st.decider)):
        if st.has_active(seat, EVO_BLOCK):
            st.steps.append(F.Block(seat))


def threatened(st: PangaeaState, seat: int) -> list[int]:
    """Spaces where ``seat``'s Shelters would be destroyed by the pending changes."""
    if st.plan is None:
        return []
    changes = _simulate(st, st.plan, st.blocked)
    return sorted({ev.space for ev in changes if isinstance(ev, Ev.WShelterLost) and ev.seat == seat})


def step8(st: PangaeaState) -> None:
    """Step 8: used cards to the discard pile; each showing the centre symbol moves the token."""
    matches = 0
    for k in st.played:
        st.discard_card(k)
        if k < st.K and st.cards[k][3] == st.centre:
            matches += 1
    st.played = ()
    if matches:
        st._emit(CentreMatches, matches)
        st.advance_token(matches)
