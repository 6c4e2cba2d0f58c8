"""g2022: every bundled example runs as its `expect:` says, cites only registered clauses, and
writes back a final board that is itself a valid starting file."""

from __future__ import annotations

import os

import pytest
from engine_helpers import uncited
from g2022_helpers import EXAMPLES, run_example

from judgekit.board import load_data, status
from judgekit.engine.g2022 import ENGINE

IDS = [os.path.basename(p)[:-5] for p in EXAMPLES]


def test_there_are_enough_examples_and_they_cover_the_digest_scenarios():
    assert len(EXAMPLES) >= 15
    digest = {"S01", "S02", "S03", "S04a", "S04b", "S06", "S07", "S09a", "S09b", "S09c", "S10a",
              "S11", "S12", "S13a", "S13b", "S15", "S17", "S18", "S19a"}
    have = {n.split("-")[0] for n in IDS}
    assert digest <= have, digest - have


@pytest.mark.parametrize("name", IDS)
def test_example_passes_its_expect(name):
    r = run_example(name)
    assert r.run.check == [], r.run.check
    assert r.run.stop not in ("choice_missing", "choice_invalid", "bad_step", "unsupported",
                              "budget"), r.run.error


@pytest.mark.parametrize("name", IDS)
def test_example_board_is_valid_and_its_final_board_too(name):
    r = run_example(name)
    from judgekit.board import load_file
    from g2022_helpers import example_path

    start = load_file(example_path(name))
    assert not [f for f in status(start) if f.severity == "error"]
    final = load_data(r.run.final, f"{name}-final")
    errs = [f for f in status(final) if f.severity == "error"]
    assert not errs, [f.message for f in errs]
    assert final.integrity() == []
    assert r.b.integrity() == []


@pytest.mark.parametrize("name", IDS)
def test_every_step_cites_registered_clauses_and_known_readings(name):
    r = run_example(name)
    for s in r.steps:
        for cid in s.cites:
            assert cid in ENGINE.registry, (s.index, cid)
        for rid in s.readings:
            assert rid in ENGINE.readings, (s.index, rid)
    assert uncited(r.steps) == []


@pytest.mark.parametrize("name", IDS)
def test_every_step_says_it_in_english_and_japanese(name):
    import re

    r = run_example(name)
    for s in r.steps:
        assert s.message and s.message_ja, s.index
        assert re.search(r"[ぁ-んァ-ン一-龥]", s.message_ja), (s.index, s.message_ja)


def test_the_first_example_of_the_board_format_page_runs_as_it_says():
    import re

    from g2022_helpers import ROOT, run_text

    with open(os.path.join(ROOT, "docs", "board-format-g2022.md"), encoding="utf-8") as f:
        text = f.read()
    board = re.search(r"## A first example\n\n```yaml\n(.*?)```", text, re.S).group(1)
    r = run_text(board, "board-format-g2022.md")
    assert r.run.check == [] and r.zone("B") == "P2.energy"


def test_played_and_revealed_events_trigger_where_the_rules_say():
    """908.1 with 「プレイした時」 (904.2h) and 「公開された時」: a card played from the hand is
    revealed first (904.2b), then played; the event's own 公開する reveals another card (1108.1).
    W (events P1 plays) triggers once, after the play is complete; O (P1's cards revealed)
    triggers twice — once before V counts as played, once during V's resolution."""
    r = run_example("R908.1")
    trig = [s for s in r.steps if "908.1" in s.cites and "triggers" in s.message]
    assert [s.message.split("'")[0] for s in trig] == ["O", "W", "O"]
    assert trig[0].index < r.first("904.2h") < trig[1].index < r.first("1108.1") < trig[2].index
    assert r.triggered("W") == 1 and r.triggered("O") == 2
    assert r.count("P1", "hand") == 1 and r.count("P2", "hand") == 5
