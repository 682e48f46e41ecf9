"""Which function carries out each of Pangaea's automatic steps (``flow.Auto``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.engine.flow import Step
from dinobox.games.pangaea import end_game, lightning, resolve
from dinobox.games.pangaea import flow as F

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def run_auto(st: PangaeaState, step: Step) -> None:
    """Run one automatic step (``flow.Auto``): the kinds of step and what each does, the most
    frequent first (a chain of type tests, which the compiled build turns into direct calls)."""
    if isinstance(step, F.GiveBacks):
        resolve.auto_trims(st, step)
    elif isinstance(step, F.StartTurn):
        resolve.auto_turn(st, step)
    elif isinstance(step, F.Step1):
        resolve.auto_step1(st, step)
    elif isinstance(step, F.AfterStep4):
        resolve.auto_after4(st, step)
    elif isinstance(step, F.Step8):
        resolve.auto_step8(st, step)
    elif isinstance(step, F.Step9):
        resolve.auto_step9(st, step)
    elif isinstance(step, F.Step10):
        resolve.auto_step10(st, step)
    elif isinstance(step, F.NextTurn):
        resolve.auto_next_turn(st, step)
    elif isinstance(step, F.ActionDone):
        resolve.auto_action_done(st, step)
    elif isinstance(step, F.Direction):
        resolve.auto_direction(st, step)
    elif isinstance(step, F.Step5):
        resolve.auto_resolve(st, step)
    elif isinstance(step, F.ApplyChanges):
        resolve.auto_apply(st, step)
    elif isinstance(step, F.AskShelterMoves):
        resolve.auto_ask_moves(st, step)
    elif isinstance(step, F.QuakeEruption):
        resolve.auto_quake_erupt(st, step)
    elif isinstance(step, F.DinoArrives):
        resolve.auto_dino_arrive(st, step)
    elif isinstance(step, F.DinoThreat):
        resolve.auto_dino_threat(st, step)
    elif isinstance(step, F.ExplorerArrives):
        resolve.auto_explorer_arrive(st, step)
    else:
        _run_rare(st, step)


def _run_rare(st: PangaeaState, step: Step) -> None:
    """The Lightning Bolt steps, the end game and the kick-off."""
    if isinstance(step, F.LightningScore):
        lightning.auto_l_score(st, step)
    elif isinstance(step, F.LightningRecalc):
        lightning.auto_l_recalc(st, step)
    elif isinstance(step, F.LightningAction):
        lightning.auto_l_action(st, step)
    elif isinstance(step, F.LightningReentries):
        lightning.auto_l_reenter(st, step)
    elif isinstance(step, F.NewRound):
        lightning.auto_l_round(st, step)
    elif isinstance(step, F.ImpactPoint):
        end_game.auto_e_place(st, step)
    elif isinstance(step, F.EndShelterMoves):
        end_game.auto_e_moves(st, step)
    elif isinstance(step, F.Impact):
        end_game.auto_e_impact(st, step)
    elif isinstance(step, F.Debris):
        end_game.auto_e_debris(st, step)
    elif isinstance(step, F.Finish):
        end_game.auto_e_finish(st, step)
    elif isinstance(step, F.StartingPositions):
        resolve.auto_seats(st, step)
    else:  # pragma: no cover
        raise AssertionError(f"unknown step {step!r}")
