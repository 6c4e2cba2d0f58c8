"""`judgekit concept`: a concept side by side in every ruleset, the list, and its errors."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judgekit.cli.app import cli
from judgekit import concepts as cx


def invoke(*args):
    return CliRunner().invoke(cli, ["concept", *args])


def test_a_concept_side_by_side():
    res = invoke("チェーン")
    assert res.exit_code == 0, res.output
    out = res.output
    assert out.startswith("stack — ")
    assert "d0     スタック" in out and "thv    干渉" in out
    assert "2.23.9-1" in out and "1.12.5" in out
    assert "zx     — no such idea: Z/X has no stack" in out


def test_one_ruleset_only():
    res = invoke("退場", "--game", "g2022")
    assert res.exit_code == 0, res.output
    assert "g2022  退場" in res.output and "1110.1" in res.output
    assert "zx " not in res.output


def test_json():
    res = invoke("priority", "--json", "--game", "thv")
    assert res.exit_code == 0
    d = json.loads(res.output)
    c = d["concepts"][0]
    assert c["id"] == "priority" and list(c["games"]) == ["thv"]
    assert c["games"]["thv"]["define"][0] == {"id": "1.12.1",
                                             "line": "優先権とは、あるプレイヤーがカードのプレイや効果の使用など優先権を必要とする行…"}


def test_the_list_names_every_concept():
    res = invoke()
    assert res.exit_code == 0
    for c in cx.load():
        assert f"  {c.id} " in res.output
    d = json.loads(invoke("--json").output)
    assert len(d) == len(cx.load())
    assert d[0]["games"]["zx"] == "プレイヤー"


def test_unknown_concept_exits_1():
    res = invoke("zzzz")
    assert res.exit_code == 1
    assert "No concept is named 'zzzz'" in res.output


def test_a_concept_says_the_side_it_is_done_to():
    res = invoke("attack", "--game", "g2022")
    assert res.exit_code == 0, res.output
    assert "the side it is done to: block, named by" in res.output
    assert "アタックされ" in res.output and "攻撃を受け" in res.output
    d = json.loads(invoke("attack", "--json", "--game", "g2022").output)
    assert d["concepts"][0]["receiver"] == "block"
    assert "receiver" not in json.loads(invoke("block", "--json").output)["concepts"][0]
