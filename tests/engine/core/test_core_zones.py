"""The core's zone-limited abilities and the side of a zone change a trigger reads
(judgekit.engine.effects.zones), on a toy binding and on the D0 and g2022 bindings."""

from __future__ import annotations

from judgekit.engine.effects.zones import Zones, in_force, reads_before, works_in


class _Card:
    def __init__(self, type_: str, zone: str) -> None:
        self.type = type_
        self.zone = zone


_TOY = Zones(kind=lambda z: z.split(".")[-1], home=lambda c, ab: ("field",) if c.type == "x" else (),
             public=lambda z: not z.endswith((".hand", ".deck")),
             looks_back=lambda frm, to: frm.endswith(".field") and not to.endswith(".field"))


def test_an_ability_naming_no_zone_works_in_its_cards_home_only():
    c = _Card("x", "P1.field")
    assert in_force(_TOY, c, {}) and not in_force(_TOY, c, {}, "P1.grave")
    assert works_in(_TOY, c, {}) == ("field",)


def test_an_ability_naming_zones_works_there_and_not_at_home():
    c = _Card("x", "P1.grave")
    ab = {"zone": ["grave", "energy"]}
    assert in_force(_TOY, c, ab) and in_force(_TOY, c, ab, "P1.energy")
    assert not in_force(_TOY, c, ab, "P1.field")
    assert in_force(_TOY, c, {"zone": "grave"})


def test_a_trigger_reads_the_public_side_then_the_rulesets_look_back():
    assert reads_before(_TOY, "P1.plan", "P1.hand")        # public → hidden: before
    assert not reads_before(_TOY, "P1.hand", "P1.field")   # hidden → public: after
    assert reads_before(_TOY, "P1.field", "P1.grave")      # out of the field: look back
    assert not reads_before(_TOY, "P1.grave", "P1.field")  # into the field: after


def test_d0_binding_plan_to_smash_reads_the_plan_zone_and_square_to_square_the_new_square():
    from judgekit.engine.d0.values import ZONES

    assert reads_before(ZONES, "P2.plan", "P2.smash")      # 4.8.10-2
    assert reads_before(ZONES, "C1", "P1.graveyard")       # 4.8.11
    assert reads_before(ZONES, "P1.plan", "P1.graveyard")  # 4.8.11: any move but onto a square
    assert not reads_before(ZONES, "C1", "C2")             # 4.8.9: square to square
    assert not reads_before(ZONES, "P1.hand", "C1")        # 4.8.10-1: put onto a square
    unit = _Card("unit", "C1")
    assert in_force(ZONES, unit, {}) and not in_force(ZONES, unit, {"zone": ["plan"]})
    assert in_force(ZONES, unit, {"zone": ["plan"]}, "P1.plan")


def test_g2022_binding_reads_the_area_when_leaving_it():
    from judgekit.engine.g2022.params import ZONES

    assert reads_before(ZONES, "P1.C", "P1.trash")
    assert not reads_before(ZONES, "P1.trash", "P1.C")


def test_z_x_binds_where_its_abilities_work_and_no_side():
    import pytest

    from judgekit.engine.zx.params import ZONES

    assert works_in(ZONES, _Card("zx", "P1.C1"), {}) == ("square",)
    assert works_in(ZONES, _Card("zx", "P1.trash"), {"where": "trash"}) == ("trash",)
    with pytest.raises(ValueError):
        reads_before(ZONES, "P1.hand", "P1.trash")
