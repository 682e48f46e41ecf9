"""Which function carries out each of Pangaea's automatic steps (``flow.Auto``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from dinobox.engine.flow import Step
from dinobox.games.pangaea import end_game, lightning, resolve
from dinobox.games.pangaea import flow as F

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def run_auto(st: PangaeaState, step: Step) -> None:
    """Run one automatic step (``flow.Auto``)."""
    handler = AUTO_STEPS.get(type(step))
    if handler is None:  # pragma: no cover
        raise AssertionError(f"unknown step {step!r}")
    handler(st, step)


AUTO_STEPS: Final[dict[type[Step], Callable[[PangaeaState, Any], None]]] = {
    F.StartTurn: resolve.auto_turn,
    F.Step1: resolve.auto_step1,
    F.AfterStep4: resolve.auto_after4,
    F.Direction: resolve.auto_direction,
    F.Step5: resolve.auto_resolve,
    F.QuakeEruption: resolve.auto_quake_erupt,
    F.AskShelterMoves: resolve.auto_ask_moves,
    F.ApplyChanges: resolve.auto_apply,
    F.DinoArrives: resolve.auto_dino_arrive,
    F.DinoThreat: resolve.auto_dino_threat,
    F.ExplorerArrives: resolve.auto_explorer_arrive,
    F.GiveBacks: resolve.auto_trims,
    F.Step8: resolve.auto_step8,
    F.Step9: resolve.auto_step9,
    F.Step10: resolve.auto_step10,
    F.LightningScore: lightning.auto_l_score,
    F.LightningRecalc: lightning.auto_l_recalc,
    F.LightningAction: lightning.auto_l_action,
    F.LightningReentries: lightning.auto_l_reenter,
    F.NewRound: lightning.auto_l_round,
    F.NextTurn: resolve.auto_next_turn,
    F.ImpactPoint: end_game.auto_e_place,
    F.EndShelterMoves: end_game.auto_e_moves,
    F.Impact: end_game.auto_e_impact,
    F.Debris: end_game.auto_e_debris,
    F.Finish: end_game.auto_e_finish,
    F.StartingPositions: resolve.auto_seats,
    F.ActionDone: resolve.auto_action_done,
}
"""The automatic step kinds and what each does."""
