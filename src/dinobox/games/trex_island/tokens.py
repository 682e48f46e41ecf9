"""Game Tokens and attacks on a team: drawing a token at a rest point, the Spinosaur, the Lost
survivor, and the defences (SMG token, Shotgun token, the Hunter's free Shotgun and the
Explorer's evasion from the Character Cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import events as E
from dinobox.games.trex_island import flow as F
from dinobox.games.trex_island.data import (
    ATTACK_PTERO,
    ATTACK_RAPTOR,
    ATTACK_SPINO,
    ATTACK_TREX,
    EVADE_PTERO,
    EVADE_RAPTOR,
    EXPLORER,
    FREE_SHOTGUN,
    LOST,
    NUM_TOKEN_KINDS,
    SHOTGUN,
    SMG,
    SPINO,
    SURVIVOR,
)
from dinobox.games.trex_island.tuples import put

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

K: Final = NUM_TOKEN_KINDS


def token(st: TRexIslandState, seat: int, die: int, drawn: int) -> None:
    """Game Tokens: the token is revealed at once and takes effect."""
    st.pool = put(st.pool, drawn, st.pool[drawn] - 1)
    rest = st.facts.rest_index[st.pos[die]]
    st.rest_left = put(st.rest_left, rest, st.rest_left[rest] - 1)
    st._emit(E.Token, seat, die, drawn)
    if drawn == SPINO:
        st.steps.append(F.Attack(die, st.facts.spino_loss, ATTACK_SPINO))
    elif drawn == SURVIVOR:
        st.crew = put(st.crew, die, min(st.facts.max_crew, st.crew[die] + 1))
    else:
        st.held = put(st.held, seat * K + drawn, st.held[seat * K + drawn] + 1)


def defences(st: TRexIslandState, attack: int, die: int) -> list[int]:
    """Ways the owner of ``die`` may answer this attack (always including taking it)."""
    seat = die // 3
    held = st.held
    out = [A.TAKE_IT]
    beast = attack in (ATTACK_RAPTOR, ATTACK_PTERO)
    if beast and held[seat * K + SMG]:
        out.append(A.USE_SMG)
    if held[seat * K + SHOTGUN]:
        out.append(A.USE_SHOTGUN)
    if st.perks[seat] & FREE_SHOTGUN:
        out.append(A.USE_FREE_SHOTGUN)
    if beast and st.perks[seat] & (EVADE_RAPTOR if attack == ATTACK_RAPTOR else EVADE_PTERO):
        out.append(A.EVADE)
    return out


def defend(st: TRexIslandState, step: F.Attack, reaction: int) -> None:
    """An attack on one team: its owner takes the loss or cancels it (SMG, Shotgun, the
    Hunter's free Shotgun, the Explorer's evasion)."""
    die = step.die
    attack = step.attack
    seat = die // 3
    if st.chars[seat] == EXPLORER and attack in (ATTACK_RAPTOR, ATTACK_PTERO):
        # Character Cards: the evasion covers the first attack of each kind only.
        st.perks = put(st.perks, seat, st.perks[seat] & ~(EVADE_RAPTOR if attack == ATTACK_RAPTOR else EVADE_PTERO))
    if reaction == A.TAKE_IT:
        lose(st, die, step.amount, attack)
        return
    if reaction == A.USE_SMG:
        st.held = put(st.held, seat * K + SMG, st.held[seat * K + SMG] - 1)
    elif reaction == A.USE_SHOTGUN:
        st.held = put(st.held, seat * K + SHOTGUN, st.held[seat * K + SHOTGUN] - 1)
    elif reaction == A.USE_FREE_SHOTGUN:
        st.perks = put(st.perks, seat, st.perks[seat] & ~FREE_SHOTGUN)
    st._emit(E.Defend, seat, die, attack, reaction)
    if reaction == A.EVADE:
        _evade_rest_of_strike(st, seat, attack)
    if attack == ATTACK_TREX and reaction in (A.USE_SHOTGUN, A.USE_FREE_SHOTGUN) and st.trex >= 0:
        st.trex = -1
        st._emit(E.TrexGone, seat)


def _evade_rest_of_strike(st: TRexIslandState, seat: int, attack: int) -> None:
    """Character Cards: one card's strike is one attack, so the Explorer's evasion covers
    every one of the Explorer's teams it hits (a tie strikes several teams at once)."""
    steps = st.steps
    i = len(steps) - 1
    while i >= 0:
        strike = cast("F.IslandStep", steps[i]).attack_on()
        if strike is None or strike.attack != attack:
            break
        if strike.die // 3 == seat:
            del steps[i]
            if st.on_map(strike.die):
                st._emit(E.Defend, seat, strike.die, attack, A.EVADE)
        i -= 1


def shoot(st: TRexIslandState, seat: int, weapon: int) -> None:
    """Shotgun token: used whenever its owner wants; fired at the T-Rex, it drives the meeple
    off the map (the Hunter's free Shotgun likewise, once per game)."""
    if weapon == A.SHOOT_TOKEN:
        st.held = put(st.held, seat * K + SHOTGUN, st.held[seat * K + SHOTGUN] - 1)
    else:
        st.perks = put(st.perks, seat, st.perks[seat] & ~FREE_SHOTGUN)
    st.passes = 0
    st.trex = -1
    st._emit(E.Shoot, seat, weapon)
    st._emit(E.TrexGone, seat)


def lose(st: TRexIslandState, die: int, amount: int, attack: int) -> None:
    """A team loses ``amount`` survivors; a team with none left is out of the game."""
    crew = st.crew[die] - amount
    st._emit(E.Loss, die // 3, die, attack, min(amount, st.crew[die]))
    if crew <= 0:
        st.crew = put(st.crew, die, 0)
        st.occ[st.pos[die]] -= 1
        st.pos = put(st.pos, die, LOST)
        st._emit(E.TeamLost, die // 3, die)
    else:
        st.crew = put(st.crew, die, crew)
