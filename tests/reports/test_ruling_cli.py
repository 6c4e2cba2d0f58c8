"""`judgekit ruling`: untrusted judge text, errors like the rest of judgekit, atomic output."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from judgekit.cli.app import cli
from judgekit.reports.text import visible
from report_dom import parse

RLO, PDF, ZWSP, LRM = "\u202e", "\u202c", "\u200b", "\u200e"
EVIL = {
    "title": "<script>alert('title')</script>Battle at table 12",
    "event": "Store <b>Championship</b> </style><script>alert(1)</script>",
    "table": "12\" onmouseover=\"alert(2)\" data-x=\"",
    "judge": "Sato' onfocus='alert(3)' autofocus x='",
    "date": "2024-05-01 14:20 <img src=x onerror=alert(4)>",
    "question": f"Does B survive? {RLO}P1 wins{PDF} &amp; <!-- comment --> ]]>",
    "facts": [f"B had no{ZWSP} damage", "</li></ul><h1>forged heading</h1>",
              f"עברית {LRM}mixed direction"],
    "assumptions": ["{{ 7*7 }} {% raw %} jinja stays text"],
    "notes": "javascript:alert(5)",
}
CARD_NAME = f"<svg onload=alert(6)>騎士{RLO}{ZWSP}</text><script>x</script>"


def _evil_file(tmp_path, showcase) -> str:
    import yaml

    with open(showcase, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    data["meta"] = dict(EVIL)
    data["squares"]["M-C"][0]["name"] = CARD_NAME
    p = tmp_path / "evil.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return str(p)


@pytest.fixture(scope="module")
def evil_report(tmp_path_factory, showcase):
    from judgekit.reports.ruling import write_ruling

    d = tmp_path_factory.mktemp("evil")
    path = _evil_file(d, showcase)
    out, js = d / "evil.html", d / "evil.json"
    write_ruling(path, str(out), json_out=str(js), lang="en")
    return out.read_text("utf-8"), json.loads(js.read_text("utf-8"))


def test_no_judge_text_becomes_markup(evil_report):
    html, _ = evil_report
    doc = parse(html)
    assert doc.errors == []
    root = doc.root
    # no element or attribute the judge's text could have created
    assert root.find_all("script") == [] and root.find_all("img") == []
    assert [h.text for h in root.find_all("h1")] == [visible(EVIL["title"])]
    assert all(not k.startswith("on") for e in root.iter() for k in e.attrs)
    assert not [e for e in root.iter() if "autofocus" in e.attrs or "data-x" in e.attrs]
    # </style> inside the text did not end the stylesheet early
    assert len(root.find_all("style")) == 1 and "svg.board" in root.find("style").text
    # no bidi override or zero-width character survives anywhere in the file
    for ch in (RLO, PDF, ZWSP, LRM):
        assert ch not in html
    assert html.count("[U+202E]") >= 3  # question, card name in the picture, listing, steps


def test_judge_text_reads_exactly_as_typed(evil_report):
    html, data = evil_report
    root = parse(html).root
    for key in ("event", "table", "judge", "date"):
        dd = next(e for e in root.iter() if e.attrs.get("data-field") == key)
        (bdi,) = dd.find_all("bdi")
        assert bdi.text == visible(EVIL[key])
    q = next(e for e in root.iter() if e.attrs.get("data-field") == "question")
    assert q.find("bdi").text == visible(EVIL["question"])
    assert q.find("span", cls="cc").attrs["title"] == "U+202E RIGHT-TO-LEFT OVERRIDE"
    facts = next(e for e in root.iter() if e.attrs.get("data-field") == "facts")
    assert [li.find("bdi").text for li in facts.find_all("li")] == \
        [visible(f) for f in EVIL["facts"]]
    ass = next(e for e in root.iter() if e.attrs.get("data-field") == "assumptions")
    assert ass.find("bdi").text == EVIL["assumptions"][0]  # not evaluated by Jinja2
    # the card name: in the picture (tooltip and chip), the listing and the steps
    chip = root.by_id("board-before").find("g", data_card="A")
    assert visible(CARD_NAME) in chip.find("title").text
    shown = "".join(t.text for t in chip.find_all("text", cls="cname"))
    assert shown.startswith("《<svg onload=alert(6)>")  # drawn as text, cut to fit
    listing = root.by_id("s-before").find("span", data_card="A")
    assert visible(CARD_NAME) in listing.text
    # the JSON keeps the data as typed (it is data, not a document)
    assert data["meta"]["question"] == EVIL["question"]
    assert data["meta"]["facts"] == EVIL["facts"]


def _run(args, cwd=None):
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-m", "judgekit", "ruling", *args], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=180)


def test_cli_writes_report_next_to_cwd_and_json(tmp_path, showcase):
    r = _run([showcase, "--json", "t.json", "--lang", "en"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = tmp_path / (os.path.basename(showcase)[:-5] + ".html")
    assert out.exists() and (tmp_path / "t.json").exists()
    assert f"wrote {out.name}" in r.stdout
    assert oct(out.stat().st_mode & 0o077) != "0o0"  # shareable, not mkstemp's 0600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")] == []


def _existing(tmp_path):
    out = tmp_path / "ruling.html"
    out.write_text("previous ruling\n", "utf-8")
    return out


def _assert_untouched(out, tmp_path):
    assert out.read_text("utf-8") == "previous ruling\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")] == []


def test_syntax_error_names_file_line_column(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: zx\nsquares:\n  M-C:\n    - {id: A, power: lots, owner: P1}\n",
                   "utf-8")
    out = _existing(tmp_path)
    r = _run([str(bad), "-o", str(out)])
    assert r.returncode == 2
    assert f"{bad}:4:" in r.stderr and "expected" in r.stderr and "found" in r.stderr
    assert "Traceback" not in r.stderr
    _assert_untouched(out, tmp_path)


def test_impossible_board_is_refused(tmp_path, showcase):
    with open(showcase, encoding="utf-8") as f:
        text = f.read()
    bad = tmp_path / "neg.yaml"
    bad.write_text(text.replace("{id: A, name: 紅蓮の騎士, power: 5000, owner: P1}",
                                "{id: A, name: 紅蓮の騎士, power: 5000, owner: P1, damage: -1}"),
                   "utf-8")
    out = _existing(tmp_path)
    r = _run([str(bad), "-o", str(out)])
    assert r.returncode == 1
    assert "NEGATIVE_DAMAGE" in r.stderr and f"{bad}:" in r.stderr
    assert "Traceback" not in r.stderr
    _assert_untouched(out, tmp_path)


def test_missing_choice_is_refused(tmp_path, showcase):
    """907.2c asks P1 which of P2's life cards; without the answer there is no ruling."""
    import yaml

    with open(showcase, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    del data["choices"]["907.2c"]
    bad = tmp_path / "nochoice.yaml"
    bad.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    out = _existing(tmp_path)
    r = _run([str(bad), "-o", str(out)])
    assert r.returncode == 2
    assert "907.2c" in r.stderr and "P1" in r.stderr and "Traceback" not in r.stderr
    _assert_untouched(out, tmp_path)


def test_render_failure_leaves_existing_report(tmp_path, showcase, monkeypatch):
    from judgekit.reports import render, ruling

    out = _existing(tmp_path)

    def boom(model):
        raise RuntimeError("disk full halfway")

    monkeypatch.setattr(render, "render_json", boom)
    with pytest.raises(RuntimeError):
        ruling.write_ruling(showcase, str(out), json_out=str(tmp_path / "r.json"))
    _assert_untouched(out, tmp_path)  # the HTML was rendered but nothing was written
    assert not (tmp_path / "r.json").exists()


def test_output_must_not_be_the_board_file(tmp_path, showcase):
    import shutil

    b = tmp_path / "b.yaml"
    shutil.copy(showcase, b)
    res = CliRunner().invoke(cli, ["ruling", str(b), "-o", str(b)])
    assert res.exit_code == 1 and "board file itself" in res.output
    with open(showcase, "rb") as f:
        assert b.read_bytes() == f.read()


def test_site_url_turns_permalinks_into_links(tmp_path, showcase):
    from judgekit.site import permalink

    out = tmp_path / "r.html"
    res = CliRunner().invoke(cli, ["ruling", showcase, "-o", str(out),
                                   "--site-url", "https://judge.example.org/rules"])
    assert res.exit_code == 0, res.output
    root = parse(out.read_text("utf-8")).root
    links = {a.attrs["href"] for a in root.find_all("a", cls="permalink")}
    art = root.by_id("907.2e")
    assert art.find("a", cls="permalink").attrs["href"] == \
        "https://judge.example.org/rules/" + permalink("zx", "907.2e")
    assert len(links) == len(root.by_id("s-appendix").find_all("article"))
    # without it: the address as text, no link that cannot work offline
    out2 = tmp_path / "r2.html"
    res = CliRunner().invoke(cli, ["ruling", showcase, "-o", str(out2)], env={
        "JUDGEKIT_SITE_URL": ""})
    root2 = parse(out2.read_text("utf-8")).root
    assert root2.find_all("a", cls="permalink") == []
    assert root2.by_id("907.2e").find("code", cls="permalink").text == permalink("zx", "907.2e")


def test_unwritable_json_output_leaves_the_existing_report(tmp_path, showcase):
    # --json names a place under a file: refused before anything is written (the HTML used
    # to be replaced first, and only then the JSON failed)
    out = _existing(tmp_path)
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me", "utf-8")
    res = CliRunner().invoke(cli, ["ruling", showcase, "-o", str(out),
                                   "--json", str(blocker / "r.json")])
    assert res.exit_code == 1
    assert f"{blocker / 'r.json'}: cannot write the report: {blocker} is a file" in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    _assert_untouched(out, tmp_path)
    assert blocker.read_text("utf-8") == "keep me"


@pytest.mark.parametrize("url, found", [
    ("javascript:alert(1)//", "the scheme javascript:"),
    ("data:text/html,x", "the scheme data:"),
    ("not a url", "the character ' '"),
])
def test_site_url_that_is_no_web_address_is_refused(tmp_path, showcase, url, found):
    # the report is shared with players: --site-url javascript:… used to become a link on
    # every quoted clause, and a typo with spaces became links that cannot work
    out = _existing(tmp_path)
    res = CliRunner().invoke(cli, ["ruling", showcase, "-o", str(out), "--site-url", url])
    assert res.exit_code == 2
    assert "expected the http(s):// or file:// address of a published rules site" in res.output
    assert f"found {found}" in res.output
    _assert_untouched(out, tmp_path)


def test_board_file_name_that_is_not_utf8(tmp_path, showcase):
    # a Latin-1 file name (byte 0xff) reaches Python as a lone surrogate; writing the JSON
    # report used to fail with a UnicodeEncodeError traceback after the HTML was written
    import shutil

    name = os.fsdecode(b"\xff-board.yaml")
    try:
        shutil.copy(showcase, tmp_path / name)
    except (OSError, UnicodeError):
        pytest.skip("this file system takes UTF-8 file names only")
    res = CliRunner().invoke(cli, ["ruling", str(tmp_path / name), "-o", str(tmp_path / "r.html"),
                                   "--json", str(tmp_path / "r.json")])
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert data["board_file"]["name"] == name  # the JSON escape \udcff reads back as typed


def test_a_replaced_report_keeps_its_permissions(tmp_path, showcase):
    # a judge who made last round's report private (0600) keeps it private when replaced;
    # the report used to be chmod-ed to 0666 less the umask after every write
    import stat

    out = _existing(tmp_path)
    os.chmod(out, 0o600)
    res = CliRunner().invoke(cli, ["ruling", showcase, "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert out.read_text("utf-8") != "previous ruling\n"


def test_a_board_from_a_pipe_carries_the_sha256_of_the_bytes_read(tmp_path, showcase):
    # `cat board.yaml | judgekit ruling /dev/stdin`: the file was read once to load it and
    # again (now empty) to fingerprint it, so the report named the sha256 of nothing
    import hashlib

    with open(showcase, "rb") as f:
        data = f.read()
    r = subprocess.run([sys.executable, "-m", "judgekit", "ruling", "/dev/stdin", "-o", "r.html",
                        "--json", "r.json"], input=data, cwd=tmp_path, capture_output=True,
                       timeout=180)
    assert r.returncode == 0, r.stderr.decode()
    digest = hashlib.sha256(data).hexdigest()
    js = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert js["board_file"]["sha256"] == digest
    assert js["board_file"]["path"] == "/dev/stdin"
    root = parse((tmp_path / "r.html").read_text("utf-8")).root
    fp = next(e for e in root.iter() if e.attrs.get("data-field") == "board_sha256")
    assert fp.attrs["title"] == digest
