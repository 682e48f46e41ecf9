"""A typed value's JSON fields (``fields_of``): what the web and ``describe_action`` read."""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import ActionInfo, fields_of, kind_of


@dataclass(frozen=True)
class JumpOver(ActionInfo):
    with_: str
    cards: tuple[str, str]
    dino: int | None = None


def test_the_kind_is_the_class_name_in_snake_case() -> None:
    assert kind_of(JumpOver("wild", ("egg", "push"))) == "jump_over"


def test_a_field_named_by_a_keyword_keeps_its_json_name_and_none_is_left_out() -> None:
    # ``with`` cannot name a field in Python: PEP 8's ``with_`` stands for it
    fields = fields_of(JumpOver("wild", ("egg", "push")))
    assert fields == {"kind": "jump_over", "with": "wild", "cards": ["egg", "push"]}
    assert fields_of(JumpOver("match", ("egg", "egg"), dino=3))["dino"] == 3
