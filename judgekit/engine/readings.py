"""Readings: where a ruleset's rulebook is silent, ambiguous or contradicts itself.

Every ruleset names these places in its `readings.py` (`READINGS`: id -> reading), each with the
clauses it weighs and one kind from one vocabulary shared by the four rulesets (`KINDS`):

    ambiguity      one text that can be read two ways
    contradiction  two texts that say different things (two clauses, or the rules and a
                   companion document of the same publisher)
    gap            the rules are silent; the engine fills the gap by inference
    defect         the text is damaged: a lost word or icon, a misprint whose intent is plain,
                   a reference to the wrong clause
    omitted        the clause the question belongs to reads 省略 in this edition
    scope          what the engine models of a rule written for more than it runs (two players)

An ambiguity or a contradiction is a question a judge may be asked to decide: the engine
implements each defensible reading as an alternative (`alternatives`, the first is the
default), each tied to the clauses it rests on. The other kinds keep one behaviour and say so.

A run chooses alternatives (`Choice`: the board file's `readings:` and `step --reading
ID=ALT`); an engine asks `game.reading(id)` at the decision point, which records that the run
depended on the reading and returns the alternative to follow.
"""

from __future__ import annotations

# kind -> (English, Japanese): what the kind means
KINDS: dict[str, tuple[str, str]] = {
    "ambiguity": ("one text that can be read two ways", "1つの条文に2通りの読み方がある"),
    "contradiction": ("two texts say different things", "2つの条文（文書）が異なることを述べている"),
    "gap": ("the rules are silent; the engine fills the gap by inference (one behaviour)",
            "ルールに規定がなく、エンジンが推論で補う（1通りの処理）"),
    "defect": ("the text is damaged (a lost word or icon, a misprint, a wrong reference) and "
               "only one reading can be applied (one behaviour)",
               "条文が損なわれている（語やアイコンの欠落、誤記、参照先の誤り）。適用できる読み方は1つ"
               "（1通りの処理）"),
    "omitted": ("the clause reads 省略 in this edition (one behaviour)",
                "この版では条文が「省略」となっている（1通りの処理）"),
    "scope": ("what the engine models of a rule written for more (one behaviour)",
              "より多くの場合のために書かれたルールのうち、エンジンが扱う範囲（1通りの処理）"),
}
# the kinds whose readings are questions a judge decides: each has two or more alternatives
CHOICE_KINDS = ("ambiguity", "contradiction")


def define(table: dict, rid: str, clauses, kind: str, title: str, title_ja: str, reading: str,
           reading_ja: str, source: str, *, default: str = "") -> dict:
    """Add a reading to a ruleset's table. `reading` is what the engine does by default; for an
    ambiguity or a contradiction `default` names that alternative and `alternative()` adds the
    others."""
    if rid in table:
        raise ValueError(f"reading {rid} defined twice")
    if kind not in KINDS:
        raise ValueError(f"reading {rid}: unknown kind {kind!r} (one of {', '.join(KINDS)})")
    if kind in CHOICE_KINDS and not default:
        raise ValueError(f"reading {rid}: an {kind} names its default alternative")
    if kind not in CHOICE_KINDS and default:
        raise ValueError(f"reading {rid}: a {kind} has one behaviour and no alternatives")
    r = {"id": rid, "clauses": list(clauses), "kind": kind, "title": title,
         "title_ja": title_ja, "reading": reading, "reading_ja": reading_ja, "source": source,
         "default": default or None, "alternatives": [], "why_one": "", "why_one_ja": ""}
    if default:
        r["alternatives"].append({"id": default, "clauses": list(clauses), "text": reading,
                                  "text_ja": reading_ja})
    table[rid] = r
    return r


def alternative(table: dict, rid: str, alt: str, clauses, text: str, text_ja: str) -> None:
    """Another defensible reading of `rid`, resting on `clauses`."""
    r = table[rid]
    if r["kind"] not in CHOICE_KINDS:
        raise ValueError(f"reading {rid} is a {r['kind']}: it has one behaviour")
    # the default rests on the reading's clauses but those this alternative rests on
    first = r["alternatives"][0]
    own = [c for c in first["clauses"] if c not in clauses]
    if own:
        first["clauses"] = own
    if any(a["id"] == alt for a in r["alternatives"]):
        raise ValueError(f"reading {rid}: alternative {alt} defined twice")
    r["alternatives"].append({"id": alt, "clauses": list(clauses), "text": text,
                              "text_ja": text_ja})


def rests_on(table: dict, rid: str, alt: str, clauses) -> None:
    """Name the clauses one alternative rests on (the default's are otherwise the reading's
    clauses but those the other alternatives rest on)."""
    for a in table[rid]["alternatives"]:
        if a["id"] == alt:
            a["clauses"] = list(clauses)
            return
    raise KeyError(f"{rid}={alt}")


def one_behaviour(table: dict, rid: str, why: str, why_ja: str) -> None:
    """Why a reading that asks a question keeps one behaviour (the other reading is ruled out
    by the text, or no one could defend it): listed by coverage and the site."""
    r = table[rid]
    if r["kind"] in CHOICE_KINDS:
        raise ValueError(f"reading {rid} is an {r['kind']}: it has alternatives")
    r["why_one"], r["why_one_ja"] = why, why_ja


def alternatives(r: dict) -> list[str]:
    return [a["id"] for a in r.get("alternatives", [])]


def has_choice(r: dict) -> bool:
    """True when the reading is a question with two or more implemented alternatives."""
    return len(r.get("alternatives", [])) >= 2


def followed(r: dict, alt: str | None) -> dict:
    """The reading as a run followed it: its data with `followed` (the alternative, or None)
    and `reading`/`reading_ja` the text of that alternative."""
    d = dict(r)
    d["followed"] = alt
    d["rests_on"] = list(r["clauses"])
    if alt is not None:
        for a in r.get("alternatives", []):
            if a["id"] == alt:
                d["reading"], d["reading_ja"] = a["text"], a["text_ja"]
                d["rests_on"] = list(a["clauses"])
    return d


def parse_choice(text: str) -> tuple[str, str]:
    """`ID=ALT` (the command line's --reading) -> (id, alternative); ValueError if not so."""
    rid, sep, alt = text.partition("=")
    if not sep or not rid.strip() or not alt.strip():
        raise ValueError(f"expected ID=ALTERNATIVE (e.g. controller-trash=owner); found {text!r}")
    return rid.strip(), alt.strip()


def check_choices(table: dict, chosen: dict) -> list[tuple[str, str]]:
    """Problems with chosen alternatives: [(reading id, message)] for an unknown id, a reading
    with one behaviour, an unknown alternative."""
    out = []
    for rid, alt in chosen.items():
        r = table.get(rid)
        if r is None:
            near = sorted(k for k in table if k.split("-")[0] == rid.split("-")[0])[:3]
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            out.append((rid, f"no reading {rid!r} in this ruleset{hint}"))
        elif not has_choice(r):
            what = f"an {r['kind']}" if r["kind"][0] in "aeiou" else f"a {r['kind']}"
            out.append((rid, f"reading {rid} is {what} with one behaviour: there is no "
                             "alternative to choose"))
        elif alt not in alternatives(r):
            out.append((rid, f"reading {rid} has no alternative {alt!r} (one of "
                             f"{', '.join(alternatives(r))})"))
    return out


def reading_rows(table: dict) -> list[dict]:
    """Every reading of a ruleset with its kind and alternatives (coverage, the site)."""
    return [{"id": r["id"], "kind": r["kind"], "title": r["title"], "title_ja": r["title_ja"],
             "clauses": list(r["clauses"]), "default": r.get("default"),
             "why_one": r.get("why_one", ""),
             "alternatives": [dict(a) for a in r.get("alternatives", [])]}
            for r in table.values()]
