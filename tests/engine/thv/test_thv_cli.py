"""The command line for 東方VISION boards: `board check`, `step --auto --check`, `step -i` with
typed actions, `board schema --game thv`, `coverage --game thv`, `ruling`, and the site's
engine marks on the thv pages."""

from __future__ import annotations

import json
import os
import re
import sys
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.dirname(__file__))
from thv_helpers import EXAMPLES, example_path  # noqa: E402

from judgekit.cli.app import cli  # noqa: E402
from judgekit.rules import load  # noqa: E402


@pytest.fixture(scope="module")
def rs():
    return load("thv")


def test_every_example_checks_and_steps_to_its_expectation():
    r = CliRunner()
    for path in EXAMPLES:
        res = r.invoke(cli, ["board", "check", path])
        assert res.exit_code == 0 and res.output.strip().endswith("ok"), (path, res.output)
        res = r.invoke(cli, ["step", "--auto", "--check", path])
        assert res.exit_code == 0, (path, res.output[-600:])
        assert "matches expect:" in res.output, path


def test_schema_is_valid_and_accepts_every_example():
    import jsonschema
    import yaml

    res = CliRunner().invoke(cli, ["board", "schema", "--game", "thv"])
    assert res.exit_code == 0
    schema = json.loads(res.output)
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for path in EXAMPLES:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
        errs = [e.message for e in v.iter_errors(data)]
        assert errs == [], (path, errs[:3])


def test_a_mistake_in_a_board_file_is_one_located_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: thv\ngame: {turn: 3, turn_player: P1, first_player: P1}\n"
                   "players:\n  P1:\n    field:\n      - {id: A, type: character, attack: "
                   "three}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["board", "check", str(bad)])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert re.search(r"bad\.yaml:6:\d+: .*attack", res.output), res.output


def test_coverage_lists_at_least_60_executed_clauses_all_in_the_tree(rs):
    res = CliRunner().invoke(cli, ["coverage", "--game", "thv", "--json"])
    assert res.exit_code == 0
    rows = json.loads(res.output)
    executed = [r for r in rows if r["examples"]]
    assert len(executed) >= 60
    for r in rows:
        c = rs.get(r["id"])
        assert c is not None and not c.virtual and "omitted" not in c.flags, r["id"]
        assert all(e.startswith("examples/thv/") for e in r["examples"])


def test_interactive_stepping_reads_typed_thv_actions(tmp_path):
    board = tmp_path / "attack.yaml"
    board.write_text("ruleset: thv\ngame: {turn: 3, turn_player: P1, first_player: P1}\n"
                     "players:\n  P1:\n    deck: 20\n    field:\n"
                     "      - {id: A, type: character, attack: 3, durability: 3, graze: 2}\n"
                     "  P2: {lp: 10, deck: 20}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["step", "-i", "--final", str(tmp_path / "out.yaml"),
                                   str(board)], input="c\natack A\nattack A\npass\npass\nno\nq\n")
    assert res.exit_code == 0, res.output
    assert "not understood" in res.output  # the typo is asked again, not taken as a pass
    assert "LP 10 → 7" in res.output
    out = (tmp_path / "out.yaml").read_text(encoding="utf-8")
    assert "lp: 7" in out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])


@pytest.mark.parametrize("name", ["S02", "S19", "R1.12.7"])
def test_ruling_quotes_the_old_edition_and_has_no_broken_link(tmp_path, rs, name):
    out = tmp_path / "ruling.html"
    res = CliRunner().invoke(cli, ["ruling", example_path(name), "-o", str(out)])
    assert res.exit_code == 0, res.output
    html = out.read_text(encoding="utf-8")
    p = _Links()
    p.feed(html)
    assert p.hrefs and all(h.startswith("#") for h in p.hrefs)
    assert [h for h in p.hrefs if h[1:] not in p.ids] == []
    cited = {h[1:] for h in p.hrefs if rs.get(h[1:]) is not None}
    assert "1.12.8.a" in cited or "1.5.3.a" in cited
    for cid in cited:
        text = rs[cid].text
        assert text.replace("&", "&amp;").replace("<", "&lt;")[:40] in html, cid
    assert "東方VISION" in html and "旧" in html
    assert "row N" not in html  # the picture is the field, not Z/X's squares


def test_site_marks_the_clauses_the_engine_executes(tmp_path):
    from judgekit.site.build import build
    from judgekit.site.linkcheck import check_site

    report = build(str(tmp_path / "site"), ["thv"])
    assert report.coverage.get("thv", 0) >= 60
    page = (tmp_path / "site" / "thv" / "1.html").read_text(encoding="utf-8")
    sec = page[page.index('id="1.5.3.a"'):]
    assert "engine-badge" in sec[: sec.index("</section>")]
    assert check_site(str(tmp_path / "site")) == []
