"""Pangaea's steps carry their behaviour (``flow.py``, ``draws.py``): each kind of decision names
its own phase, which the encoder knows, and each chance step's fast draw gives the outcome the
engine's weighted draw gives from the same random numbers, at every chance node of seeded games."""

from __future__ import annotations

import random

from dinobox.engine.chance import sample_weighted
from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea.encoder import PHASES
from dinobox.games.pangaea.game import PangaeaGame
from dinobox.games.pangaea.rules import PangaeaState
from dinobox.games.pangaea.stepbase import Decision

DECISIONS: list[Decision] = [
    F.ChooseStart(0),
    F.Step2(0),
    F.Step3(0),
    F.Step4(0, 0),
    F.Interrupt(1, 0),
    F.ChooseDirection(0),
    F.ChooseCrack(0),
    F.PlaceDino(0),
    F.Step6(0),
    F.ExtraMove(0),
    F.Step7(0),
    F.Block(0),
    F.ShelterMove(0, F.THREATENED),
    F.GiveBack(0),
    F.TakeTile(0, 0),
    F.ReuseCrack(0, 0),
    F.Guard(0),
    F.LightningReenter(0),
]


def test_every_kind_of_decision_has_its_own_phase_and_the_encoder_knows_it() -> None:
    assert {type(step) for step in DECISIONS} == set(_decision_kinds())
    phases = [step.phase() for step in DECISIONS]
    assert len(set(phases)) == len(phases)
    assert all(phase in PHASES and phase not in ("resolve", "over", "other") for phase in phases)
    assert [step.decider() for step in DECISIONS][:5] == [0, 0, 0, 0, 1]


def test_every_other_step_is_resolve_and_decided_by_nobody() -> None:
    others = [F.STARTING_POSITIONS, F.START_TURN[0], F.IMPACT, F.FINISH, F.DrawStar(F.FOR_LIGHTNING)]
    assert [step.phase() for step in others] == ["resolve"] * len(others)
    assert [step.decider() for step in others] == [-1] * len(others)


def test_each_chance_step_draws_as_its_weights_say() -> None:
    kinds_seen: set[str] = set()
    for players, seed in ((4, 1), (2, 7), (3, 11)):
        st = PangaeaGame(players=players, first="random").new_initial_state()
        assert isinstance(st, PangaeaState)
        pick = random.Random(seed)
        while not st.is_terminal():
            top = st.top_step()
            assert top is not None
            if st.is_chance_node():
                kinds_seen.add(top.draws())
                for x in range(5):
                    fast, engine = random.Random(seed * 100 + x), random.Random(seed * 100 + x)
                    assert top.sample(st, fast) == sample_weighted(top.chance(st), engine)
                    assert fast.random() == engine.random()  # as many numbers used
                st.apply_action(st.sample_chance(pick))
            else:
                assert top.decider() == st.current_player()
                st.apply_action(pick.choice(st.legal_actions()))
    assert kinds_seen == {"card", "direction", "token", "start_player"}


def _decision_kinds() -> list[type]:
    return [k for k in vars(F).values() if isinstance(k, type) and issubclass(k, Decision) and k is not Decision]
