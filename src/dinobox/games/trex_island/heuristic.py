"""A hand-written Escape from T-Rex Island policy over the seat's view and the legal actions.

Turn actions, in order of preference:

1. land a team on the helipad (the biggest crew first: arrival order pays per crew);
2. take a dino picture (Brachiosaurus, Triceratops, Stegosaurus);
3. move the team that gains most ground, preferring rest points with tokens while food is
   short, avoiding the T-Rex (passing it or stopping within its reach) and keeping cards that
   could make a picture;
4. draw unless the hand is already large (cards are worth more than a small step), else the
   best move anyway; a hand above its size that can play
   nothing gives up a carnivore before picture material;
5. fire a Shotgun at the T-Rex (a free action) just before a move that would pass it, or
   instead of passing (or giving up a card) when nothing else can be done (the T-Rex may be
   what holds a team back).

Other choices: discard so that Raptors and Pterosaurs trigger only when they hurt opponents
more than us, and so that herbivore tops stay useful to us; always defend (free evasion first,
then SMG, then Shotguns for the big bites); draw tokens unless a Spinosaur would wipe the team
out; send the T-Rex at opponents; pick the Boy Scout, the Hunter, the Explorer, the Journalist.

Some weights are switched off (0) in the defaults and only the shipped table (``weights.json``,
played by the ``strong`` bot) turns them on. They come from what decides this game: teams left
on the island for want of food score nothing, pictures score as much as the helipad, and a
T-Rex card sets the T-Rex on whichever team is nearest, ours too.

- ``trex_card_mine``, ``trex_card_theirs``: a T-Rex card played to move is valued by the men
  the T-Rex it sets off would bite (where it appears and walks is public: "Carnivore cards"),
  ours and theirs, after the move; its discard pile then picks 2 or 3 spaces the same way.
- ``food_need``: a rest point with tokens, while the crews not yet landed need more food than
  we hold.
- ``gain_fed``: ground gained by a team that our food can already feed at the helipad.
- ``picture_setup``: a first action moving with a herbivore card that puts it on a pile from
  which the second action photographs it with the cards left in hand.
- ``deny_top``: a discard that covers a herbivore top we cannot photograph (the next players
  might).
- ``give_top`` (0 in the shipped table too): per VP of the picture that a herbivore card
  played to move offers the next players.

The numbers behind these rules are the named weights in ``WEIGHTS`` (the defaults are the
hand-written policy); ``dinobox train trex-island`` learns other values (``weights.json``,
played by the ``strong`` bot).
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple, TypeVar

from dinobox.engine.heuristic import Option, Turn, Weights, best_option, weighted_heuristic
from dinobox.engine.values import ActionInfo, kind_of
from dinobox.games.trex_island import moves as M
from dinobox.games.trex_island.board import FAR, Paths, paths
from dinobox.games.trex_island.carnivores import appear_space, walk_ends
from dinobox.games.trex_island.data import DEFAULT_DATA
from dinobox.games.trex_island.viewtypes import DieView, TRexView

PICTURE_VP = {"stegosaurus": 3, "triceratops": 6, "brachiosaurus": 8}
CHARACTER_PREFERENCE = ("scout", "hunter", "explorer", "journalist")
CARNIVORES = ("raptor", "pterosaur", "trex")

WEIGHTS: dict[str, float] = {
    # turn actions
    "picture": 100.0,
    "picture_vp": 1.0,
    # drawing pays more than it looks: a seat that draws whenever it may beat the weights
    # 6 and -3 three games in four (benchmarks/RESULTS.md, "Exploit probes")
    "draw": 12.0,
    "draw_per_card": -1.5,
    "helipad": 200.0,
    "helipad_crew": 1.0,
    "gain": 1.0,
    "passes_trex": -6.0,
    "rest_tokens": 4.0,
    "food_short": 6.0,  # food is short while fewer than this many meals are spare
    "trex_reach": 3.0,
    "trex_near": -2.0,
    "trex_near_crew": -0.5,
    "keep_picture": -3.0,
    "carnivore": 1.0,
    "shoot_before_pass": 1.0,  # fire a Shotgun before passing the T-Rex when this is above 0
    # discards
    "bury_top": -3.0,
    "pile_picture": 2.0,
    "strike_mine": -1.5,
    "strike_theirs": 1.0,
    # attacks
    "react_evade": 5.0,
    "react_smg": 4.0,
    "react_free_shotgun": 3.0,
    "react_shotgun": 2.0,
    "react_take": 0.0,
    "react_shotgun_small": -1.0,  # the Shotgun against a one-man bite on a big crew
    # tokens
    "token": 1.0,
    "spinosaur_risk": 1.0,
    "spinosaur_risk_weak": 4.0,
    "weak_crew": 2.0,
    # the T-Rex's move
    "trex_mine": -2.0,
    "trex_theirs": 1.0,
    # new terms, off (0) in the defaults; the shipped table (weights.json) turns them on
    # a T-Rex card played to move: per man the T-Rex it sets off would bite, ours / theirs
    "trex_card_mine": 0.0,
    "trex_card_theirs": 0.0,
    # a rest point with tokens while the crews not yet landed need more food than we hold
    "food_need": 0.0,
    # a first action moving with a herbivore card that lets the second action photograph it
    "picture_setup": 0.0,
    # per VP of a picture a herbivore card played to move offers the next players (one card
    # from them completes it: a Stegosaurus, or a second Triceratops / Brachiosaurus on top)
    "give_top": 0.0,
    # per space gained by a team the food we hold can already feed at the helipad
    "gain_fed": 0.0,
    # covering a herbivore top that we cannot photograph (the next players might)
    "deny_top": 0.0,
}


@weighted_heuristic(WEIGHTS)
def choose(turn: Turn[TRexView], rng: random.Random, w: Weights) -> int:
    """The Escape from T-Rex Island heuristic (see the module's docstring)."""
    view = turn.view
    seat = turn.seat
    options = turn.options
    phase = view["phase"]
    if phase == "character":
        return best_option(options, lambda i: -CHARACTER_PREFERENCE.index(_as(i, M.Character).character), rng)
    if phase == "discard":
        return best_option(options, lambda i: _pile_value(view, seat, _as(i, M.Pile).pile, w), rng)
    if phase == "token":
        return best_option(options, lambda i: _token_value(view, _as(i, M.Token).take, w), rng)
    if phase == "attack":
        order = {k: w["react_" + k] for k in ("evade", "smg", "free_shotgun", "shotgun", "take")}
        if view["attack"]["men"] == 1 and view["dice"][view["attack"]["team"]]["crew"] > 2:
            order["shotgun"] = w["react_shotgun_small"]  # keep the Shotgun for a worse bite
        return best_option(options, lambda i: order[_as(i, M.React).reaction], rng)
    if phase == "trex":
        return best_option(options, lambda i: _trex_value(view, seat, _as(i, M.TrexWay).space, w), rng)
    return _turn(view, seat, options, rng, w)


K = TypeVar("K", bound=ActionInfo)
NEW_MOVE_TERMS = ("trex_card_mine", "trex_card_theirs", "food_need", "picture_setup", "give_top", "gain_fed")


def _as(info: ActionInfo, cls: type[K]) -> K:
    """``info`` as ``cls``, the class of every choice at this decision."""
    if not isinstance(info, cls):
        raise TypeError(f"a {kind_of(info)} action among the choices of a {cls.__name__}")
    return info


def _to_helipad(view: TRexView) -> tuple[int, ...]:
    return _view_paths(view).to_helipad


def _turn(view: TRexView, seat: int, options: list[Option], rng: random.Random, w: Weights) -> int:
    me = view["players"][seat]
    dist = _to_helipad(view)
    start_dist = max(d for d in dist if d < FAR) + 1
    tops = {p["top"]["kind"] for p in view["piles"] if p["top"]}
    held: dict[str, int] = {}
    for c in view.get("hand", []):
        held[c["kind"]] = held.get(c["kind"], 0) + c["count"]
    short_of_food = me["can_feed"] - me["rescued"] < w["food_short"]
    trex = view["trex"]
    new_terms = any(w[k] for k in NEW_MOVE_TERMS)

    def material(card_kind: str) -> bool:
        return card_kind in PICTURE_VP and (card_kind in tops or held.get(card_kind, 0) >= 2)

    def move_value(info: M.Move, die: DieView) -> float:
        if info.helipad:
            return w["helipad"] + w["helipad_crew"] * die["crew"]
        here = dist[die["space"]] if die["space"] is not None else start_dist
        gain = here - dist[info.space]
        score = w["gain"] * gain
        if info.passes_trex:
            score += w["passes_trex"]
        if info.rest_point:
            tokens = view["board"][info.space]["tokens"]
            if tokens and short_of_food:
                score += w["rest_tokens"]
        reach = w["trex_reach"]
        if trex is not None and abs(dist[info.space] - dist[trex]) <= reach and dist[info.space] >= dist[trex]:
            score += w["trex_near"] + w["trex_near_crew"] * die["crew"]  # within the T-Rex's reach
        if material(info.card_kind):
            score += w["keep_picture"]  # keep picture material
        if info.card_kind in CARNIVORES:
            score += w["carnivore"]  # get rid of carnivores, whose effects we then steer with the pile
        if new_terms:
            score += _move_terms(view, seat, info, held, tops, w)
            if die["crew"] <= me["can_feed"] - me["rescued"]:
                score += w["gain_fed"] * gain
        return score

    def value(info: ActionInfo) -> float:
        match info:
            case M.Move(die=int(die)):
                return move_value(info, view["dice"][die])
            case M.Picture(dino=dino):
                return w["picture"] + w["picture_vp"] * PICTURE_VP[dino]
            case M.Draw():
                return w["draw"] + w["draw_per_card"] * me["hand_count"]
            case M.Shed(card_kind=card_kind):  # give up a carnivore before picture material
                return (
                    -40
                    + (w["keep_picture"] if material(card_kind) else 0.0)
                    + (w["carnivore"] if card_kind in CARNIVORES else 0.0)
                )
            case _:
                return -50

    split = _sort_for_shots(options)
    choice = best_option(split.rest, value, rng)
    shots = split.shots
    if shots and ((w["shoot_before_pass"] > 0 and choice in split.passing) or not split.busy):
        # clear the way before a move that would pass the T-Rex, or, with nothing else to do,
        # drive the T-Rex off: it may be what holds a team back (the free Shotgun first)
        return max(shots, key=lambda s: s[1].free)[0]
    return choice


class _ForShots(NamedTuple):
    """A turn's options sorted for the Shotgun rule."""

    shots: list[tuple[int, M.Shoot]]  # each with its description
    rest: list[Option]  # every option but a shot
    passing: set[int]  # moves that would pass the T-Rex
    busy: bool  # something to do besides passing or giving up a card


def _sort_for_shots(options: list[Option]) -> _ForShots:
    shots: list[tuple[int, M.Shoot]] = []
    rest: list[Option] = []
    passing: set[int] = set()
    busy = False
    for option in options:
        match option.info:
            case M.Shoot() as shot:
                shots.append((option.action, shot))
                continue
            case M.Move(passes_trex=True):
                passing.add(option.action)
                busy = True
            case M.Pass() | M.Shed():
                pass
            case _:
                busy = True
        rest.append(option)
    return _ForShots(shots, rest, passing, busy)


def _pile_value(view: TRexView, seat: int, pile: int, w: Weights) -> float:
    card = view["playing"]
    kind = card["kind"]
    piles = view["piles"]
    other = piles[1 - pile]["top"]
    covered = piles[pile]["top"]
    held = {c["kind"] for c in view.get("hand", [])}
    score = 0.0
    if covered and covered["kind"] in PICTURE_VP and covered["kind"] in held:
        score += w["bury_top"]  # do not bury a top we could photograph
    if kind in PICTURE_VP and kind in held:
        score += w["pile_picture"]
    if covered and covered["kind"] in PICTURE_VP and covered["kind"] not in held:
        score += w["deny_top"]  # new term: what we cannot photograph, the next players might
    if kind in ("raptor", "pterosaur"):
        triggers = bool(other and other["kind"] == kind)
        if triggers:
            score += _strike_balance(view, seat, kind, w)
    if kind == "trex" and (w["trex_card_mine"] or w["trex_card_theirs"]):  # two on the table: 3 spaces
        steps = DEFAULT_DATA.trex_steps[1 if other and other["kind"] == "trex" else 0]
        score += _trex_card_value(view, seat, None, -1, steps, w)
    return score


def _strike_balance(view: TRexView, seat: int, kind: str, w: Weights) -> float:
    """Opponent teams hit minus our teams hit, if Raptors / Pterosaurs struck now."""
    dist = _to_helipad(view)
    # (steps to the helipad, crew, owner) of every team on the island
    live = [
        (dist[d["space"]], d["crew"], d["owner"]) for d in view["dice"] if d["space"] is not None and not d["arrived"]
    ]
    if not live:
        return 0.0
    if kind == "raptor":
        best = min(steps for steps, _, _ in live)
        hit = [owner for steps, _, owner in live if steps == best]
    else:
        best = max(crew for _, crew, _ in live)
        hit = [owner for _, crew, owner in live if crew == best]
    return sum(w["strike_mine"] if owner == seat else w["strike_theirs"] for owner in hit)


def _token_value(view: TRexView, take: bool, w: Weights) -> float:
    if not take:
        return 0.0
    undrawn = view["tokens_undrawn"]
    total = sum(undrawn.values()) or 1
    risk = undrawn["spinosaur"] / total
    crews = [d["crew"] for d in view["dice"] if d["space"] is not None and not d["arrived"]]
    weakest = min(crews) if crews else 6
    return w["token"] - risk * (w["spinosaur_risk_weak"] if weakest <= w["weak_crew"] else w["spinosaur_risk"])


def _trex_value(view: TRexView, seat: int, space: int, w: Weights) -> float:
    score = 0.0
    for d in view["dice"]:
        if d["space"] == space and not d["arrived"]:
            score += w["trex_mine"] if d["owner"] == seat else w["trex_theirs"]
    return score


@cache
def _paths(nexts: tuple[tuple[int, ...], ...], helipad: int) -> Paths:
    return paths(nexts, helipad)


def _view_paths(view: TRexView) -> Paths:
    return _paths(tuple(tuple(s["next"]) for s in view["board"]), view["helipad"])


def _move_terms(view: TRexView, seat: int, info: M.Move, held: dict[str, int], tops: set[str], w: Weights) -> float:
    """The new terms' part of a move's value (all 0 with the default weights)."""
    score = 0.0
    kind = info.card_kind
    if kind == "trex" and (w["trex_card_mine"] or w["trex_card_theirs"]):
        on_top = sum(1 for p in view["piles"] if p["top"] and p["top"]["kind"] == "trex")
        counts = {2} if on_top == 2 else ({1, 2} if on_top == 1 else {1})
        steps = DEFAULT_DATA.trex_steps
        score += max(_trex_card_value(view, seat, info.die, info.space, steps[c - 1], w) for c in counts)
    if w["food_need"] and info.rest_point and view["board"][info.space].get("tokens"):
        me = view["players"][seat]
        crews = sum(d["crew"] for d in view["dice"] if d["owner"] == seat and not d["arrived"] and not d["lost"])
        if crews > me["can_feed"] - me["rescued"]:
            score += w["food_need"]
    if kind in PICTURE_VP and kind not in tops:
        if view["actions_done"] == 0 and held.get(kind, 0) >= (2 if kind == "stegosaurus" else 3):
            score += w["picture_setup"]  # the second action takes the picture
        elif kind == "stegosaurus":
            score += w["give_top"] * PICTURE_VP[kind]
    elif kind in PICTURE_VP and held.get(kind, 0) < 2:  # a second one on top: one more card photographs it
        score += w["give_top"] * PICTURE_VP[kind]
    return score


def _trex_card_value(view: TRexView, seat: int, moved: int | None, dest: int, steps: int, w: Weights) -> float:
    """Men the T-Rex would bite (theirs less ours, weighted) if a T-Rex card set it off now, with
    ``moved`` (a die, or None) on ``dest``; on a tie the way best for us (the player picks). The
    T-Rex's numbers are the game's defaults (data.py), as the view does not carry them."""
    links = _view_paths(view)
    helipad = view["helipad"]
    pos: dict[int, int] = {}
    for d in view["dice"]:
        space = dest if d["id"] == moved else d["space"]
        if space is not None and space != helipad and not d["lost"]:
            pos[d["id"]] = space
    trex = view["trex"]
    if trex is None:
        trex = appear_space(links, view["start"], list(pos.values()), DEFAULT_DATA.trex_behind)
    targets = sorted({p for p in pos.values() if p != trex})
    if not targets:
        return 0.0
    ends, _ = walk_ends(links.dist, trex, targets, steps)
    best: float | None = None
    for end in ends:
        prey = [i for i, p in pos.items() if p == end]
        bite = DEFAULT_DATA.trex_bite if len(prey) == 1 else 1
        value = 0.0
        for i in prey:
            die = view["dice"][i]
            value += min(bite, die["crew"]) * (w["trex_card_mine"] if die["owner"] == seat else w["trex_card_theirs"])
        best = value if best is None else max(best, value)
    return best or 0.0
