"""The ruling model: everything a ruling report says, as plain data, built from one engine run.

`build_model(board, trace, ...)` takes the board as loaded from the file (the board before)
and the engine's trace (`Run.to_json()`, docs/trace-format.md) and returns a dict that both
renderings use: the HTML (judgekit.reports.render, templates/ruling/) and the JSON
(`--json`). Sections, in the order of the report (what a cited ruling contains, following the
MTG appeals practice, the Flesh and Blood head-judge statement and RulesGuru's cited answers):

    header         event / round / table / judge / time (the file's `meta`)
    ruleset        ruleset, edition, date and sha256 of the rules source; the board file and
                   its sha256 (the exact input of the ruling)
    question       the question in dispute
    facts          agreed facts; assumptions (the judge's, then the engine's); the board
                   check's findings (status flags)
    before         the board picture and listing as the file gives it
    steps          every engine step: number, context (the turn-structure clause in force),
                   nesting depth, message, citations, choices made, changes
    after          the final board; cards and zones that changed are marked
    conclusion     outcome, winner, why the run stopped, the judge's expectation compared
    contradictions the readings the engine followed where the rules contradict themselves,
                   with both clauses
    appendix       the full text of every clause cited anywhere above, as of the edition

Nothing here is HTML; the judge's strings are kept raw (the renderer escapes them).
"""

from __future__ import annotations

import os
import time

from .. import __version__
from ..engine.describe import Names, change_text
from .appendix import build_appendix
from .picture import card_title, layout

FORMAT = "judgekit-ruling/1"
SECTIONS = ("ruleset", "question", "facts", "before", "steps", "after", "conclusion",
            "contradictions", "appendix")
META_KEYS = ("title", "event", "date", "table", "round", "judge", "question", "facts",
             "assumptions", "source", "notes")

OUTCOME_TEXT = {
    "ja": {"win": "{winner} の勝利", "draw": "引き分け",
           "none": "勝敗はつかず、ゲームは続きます",
           "illegal": "盤面ファイルの行動は適正ではありません"},
    "en": {"win": "{winner} wins", "draw": "The game is a draw",
           "none": "No one has won; the game goes on",
           "illegal": "The action in the board file is not legal"},
}
STOP_TEXT = {
    "ja": {"actions_exhausted": "盤面ファイルの行動をすべて処理しました。次はプレイヤーが決める番です。",
           "until": "盤面ファイルで指定された停止点 ({until}) に達しました。",
           "game_over": "ゲームが終了しました。",
           "illegal_action": "不正な行動があり、処理を止めました。",
           "budget": "エンジンが処理の上限に達したため止めました。これは裁定ではありません"
                     "（勝者はおらず、ルールが引き分けとするループも検出されていません）。"},
    "en": {"actions_exhausted": "Every action of the board file was played; a player "
                                "decides what happens next.",
           "until": "The stop point the board file names ({until}) was reached.",
           "game_over": "The game ended.",
           "illegal_action": "An action was illegal; the run stopped there.",
           "budget": "The engine stopped at its processing budget. This is not a ruling: "
                     "nobody won, and no loop the rules end as a draw was found."},
}
# ---- small helpers ------------------------------------------------------------------------



def _as_list(v) -> list:
    if v is None or v == "":
        return []
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v]
    return [str(v)]


def meta_of(board) -> dict:
    m = dict(board.meta or {})
    out = {k: ("" if m.get(k) is None else str(m.get(k))) for k in META_KEYS
           if k not in ("facts", "assumptions")}
    out["facts"] = _as_list(m.get("facts"))
    out["assumptions"] = _as_list(m.get("assumptions"))
    out["extra"] = {str(k): str(v) for k, v in m.items() if k not in META_KEYS}
    return out


def generated_at() -> str:
    """UTC time of writing; SOURCE_DATE_EPOCH fixes it (reproducible reports)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    t = int(epoch) if epoch and epoch.isdigit() else int(time.time())
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


# ---- choices ------------------------------------------------------------------------------

def choice_text(c: dict, lang: str, name) -> str:
    """"P2 (907.2c): which life card … → Z" from a recorded choice."""
    prompt = c.get("prompt_ja") if lang == "ja" and c.get("prompt_ja") else c.get("prompt", "")
    ans = c.get("answer")
    if isinstance(ans, bool):
        a = ("はい" if ans else "いいえ") if lang == "ja" else ("yes" if ans else "no")
    elif isinstance(ans, dict):
        a = ", ".join(f"{name(str(k).split('#')[0])} {v}" for k, v in ans.items())
    elif isinstance(ans, list):
        a = ", ".join(name(str(x)) for x in ans) or ("なし" if lang == "ja" else "none")
    else:
        a = name(ans) if ans is not None else "-"
    src = c.get("source", "")
    how = {"file": "盤面ファイルの choices による" if lang == "ja" else "from the file's choices",
           "only-option": "選択肢が1つのみ" if lang == "ja" else "the only option",
           "asked": "対話で回答" if lang == "ja" else "answered at the prompt",
           "policy": "自動" if lang == "ja" else "automatic"}.get(src, src)
    key = c.get("key", "")
    who = c.get("chooser", "")
    return f"{who} [{key}] {prompt} → {a}" + (f" ({how})" if how else "")


# ---- boards --------------------------------------------------------------------------------

def listing(board, L: dict, lang: str, changed: set, view, derived: dict | None = None
            ) -> list[dict]:
    """Rows of the text listing under a picture: non-empty grid cells, then each player's
    zones, then the other shared zones."""
    rows = []

    def row(zone: str, label: str) -> None:
        ids = board.zones.get(zone, [])
        if not ids:
            return
        cards = [board.cards[i] for i in ids]
        known = [c for c in cards if c.known]
        rows.append({"zone": zone, "label": label, "n": len(cards),
                     "cards": [{"id": c.id, "text": card_title(
                         c, L, view.stat_of(c, derived)[0] if derived else None, view),
                                "changed": c.id in changed} for c in known],
                     "unknown": len(cards) - len(known)})

    for z in view.grid_zones():
        row(z, view.cell_label(z))
    for p in ("P1", "P2"):
        for z in view.panel_zones:
            row(f"{p}.{z}", view.zone_label(f"{p}.{z}", lang))
    for z in view.listed_shared:
        row(z, view.zone_label(z, lang))
    return rows


def board_changes(before, after) -> tuple[list[str], set, set]:
    """Card ids that changed (zone, state, damage, face, controller; created or gone), and
    zones whose contents changed."""
    changed: list[str] = []
    zones: set = set()
    ids = list(before.cards) + [i for i in after.cards if i not in before.cards]
    for cid in ids:
        a, b = before.cards.get(cid), after.cards.get(cid)
        if a is None or b is None:
            changed.append(cid)
            for c in (a, b):
                if c is not None:
                    zones.add(c.zone)
            continue
        if (a.zone, a.state, a.damage, a.face, a.controller) != \
                (b.zone, b.state, b.damage, b.face, b.controller):
            changed.append(cid)
            if a.zone != b.zone:
                zones.update((a.zone, b.zone))
    return changed, set(changed), zones


def left_squares(before, after, lang: str, view) -> dict:
    """cell -> [(id, "B《…》 → P2's charge")] for the cards that left a grid cell."""
    out: dict = {}
    for sq in view.grid_zones():
        for cid in before.zones.get(sq, []):
            c = after.cards.get(cid)
            dest = c.zone if c is not None else ""
            if dest != sq:
                out.setdefault(sq, []).append((cid, f"{cid} → {view.zone_label(dest, lang)}"))
    return out


def _where(board, c, L: dict, lang: str, view) -> str:
    s = view.zone_label(c.zone, lang)
    if c.state and board.has_states(c.zone):
        s += f" ({L.get(c.state, c.state)})"
    if c.damage:
        s += f" [{L['damage']} {c.damage}]"
    return s


def net_changes(before, after, lang: str, L: dict, name, view) -> list[str]:
    """What the run changed, start to end: each card that moved or changed state, then each
    player's counts, values and counters. The conclusion's answer to "what happens?"."""
    out = []
    ids = list(before.cards) + [i for i in after.cards if i not in before.cards]
    for cid in ids:
        a, b = before.cards.get(cid), after.cards.get(cid)
        if a is None:
            out.append(f"{name(cid)}: → {_where(after, b, L, lang, view)}")
        elif b is None:
            out.append(f"{name(cid)}: {_where(before, a, L, lang, view)} → "
                       f"{view.zone_label('', lang)}")
        elif (a.zone, a.state, a.damage, a.controller) != (b.zone, b.state, b.damage,
                                                           b.controller):
            out.append(f"{name(cid)}: {_where(before, a, L, lang, view)} → "
                       f"{_where(after, b, L, lang, view)}")
            if a.controller != b.controller:
                out[-1] += f" ({L['controller']} {a.controller} → {b.controller})"
    for p in ("P1", "P2"):
        bits = []
        for z in view.panel_zones:
            n0, n1 = len(before.zones[f"{p}.{z}"]), len(after.zones[f"{p}.{z}"])
            if n0 != n1:
                bits.append(f"{L['zone_' + z]} {n0} → {n1}")
        for (key, v0), (_, v1) in zip(view.player_fields(before, p),
                                      view.player_fields(after, p)):
            if v0 != v1:
                bits.append(f"{L.get(key, key)} {v0} → {v1}")
        c0, c1 = before.players[p].counters, after.players[p].counters
        for icon in sorted(set(c0) | set(c1)):
            if c0.get(icon, 0) != c1.get(icon, 0):
                bits.append(f"{L['counters']} {icon} {c0.get(icon, 0)} → {c1.get(icon, 0)}")
        if bits:
            out.append(f"{p}: " + ", ".join(bits))
    return out


def picture(board, L: dict, lang: str, view, *, caption: str,
            changed_ids: set | None = None, changed_zones: set | None = None, before=None,
            ghosts=None, derived: dict | None = None) -> dict:
    derived = derived or {}
    return {
        "picture": layout(board, L, view, changed=changed_ids, changed_zones=changed_zones,
                          before=before, ghosts=ghosts, derived=derived, caption=caption),
        "listing": listing(board, L, lang, changed_ids or set(), view, derived),
        "derived": derived,
    }


# ---- the model ---------------------------------------------------------------------------------

def build_model(board, trace: dict, final_board, rs, *, lang: str = "ja",
                board_path: str | None = None, site_url: str | None = None,
                findings: list | None = None, expectation: dict | None = None,
                derived_before: dict | None = None, derived_after: dict | None = None,
                view=None, comparison: dict | None = None) -> dict:
    """The ruling as data (see the module docstring).

    board        the Board as loaded from the file (before anything ran)
    trace        the engine run as `Run.to_json()` gives it (docs/trace-format.md)
    final_board  the Board after the run
    rs           the clause tree the run cites (judgekit.rules.load(board.ruleset))
    findings     the board check's flags (judgekit.board.status), as Flag objects
    expectation  {"ok": bool, "differences": [str]} when the file has `expect`
    derived_*    effective power and limits of the boards (the engine's derived())
    comparison   the runs under each alternative of the readings the run depended on
                 (judgekit.engine.compare.compare_readings), or None
    view         how the ruleset's board is shown (default: the board's engine's view)
    """
    if view is None:
        from ..engine import engine_for

        view = engine_for(board.ruleset).view
    L = view.labels(lang)
    name = Names(board, final_board, lang=lang, view=view)
    meta = meta_of(board)

    # steps: numbered from 1 in trace order; citations in the order the engine gives them
    steps = []
    cited: dict[str, list[dict]] = {}

    def cite(cid: str, href: str, text: str) -> None:
        cited.setdefault(cid, []).append({"href": href, "text": text})

    index_to_n: dict = {}
    for n, st in enumerate(trace.get("steps", []), start=1):
        index_to_n[st.get("index", n - 1)] = n
        msg = st.get("message_ja") if lang == "ja" and st.get("message_ja") else \
            st.get("message", "")
        alt = st.get("message") if lang == "ja" else st.get("message_ja")
        cites = [str(c) for c in st.get("cites", [])]
        for c in cites:
            cite(c, f"#step-{n}", str(n))
        changes = [t for t in (change_text(ch, lang, name, L, view)
                               for ch in st.get("changes", [])) if t]
        choices = [choice_text(c, lang, name) for c in st.get("choices", [])]
        context = st.get("context") or ""
        steps.append({
            "n": n,
            "index": st.get("index", n - 1),
            "depth": int(st.get("depth", 0) or 0),
            "parent": index_to_n.get(st.get("parent")),
            "kind": st.get("kind", ""),
            "phase": context,
            "phase_title": _clause_heading(rs, context),
            "cites": cites,
            "message": msg,
            "message_other": alt or "",
            "choice": "; ".join(choices),
            "choices": st.get("choices", []),
            "changes": changes,
            "readings": list(st.get("readings", [])),
            "player": st.get("player"),
        })

    # contradictions / readings applied, each with the steps that relied on it
    contradictions = []
    for r in _readings(trace):
        rsteps = [s["n"] for s in steps if r["id"] in s["readings"]]
        for c in r.get("clauses", []):
            cite(c, f"#contra-{r['id']}", "§" + str(SECTIONS.index("contradictions") + 1))
        contradictions.append({
            "id": r["id"], "kind": r.get("kind", ""),
            "title": (r.get("title_ja") if lang == "ja" and r.get("title_ja")
                      else r.get("title", "")),
            "clauses": list(r.get("clauses", [])),
            "reading": (r.get("reading_ja") if lang == "ja" and r.get("reading_ja")
                        else r.get("reading", "")),
            "reading_en": r.get("reading", ""), "reading_ja": r.get("reading_ja", ""),
            "source": r.get("source", ""), "steps": rsteps,
        })

    # outcome: the verdict, the engine's reason, why the run stopped and where
    out = trace.get("outcome") or {}
    result = out.get("result") or "none"
    winner = out.get("winner")
    stop = out.get("stop") or trace.get("stop") or ""
    ocites = [str(c) for c in out.get("cites", [])]
    err = trace.get("error") or {}
    if stop == "illegal_action":
        ocites += [str(c) for c in err.get("cites", [])]
    ocites = list(dict.fromkeys(ocites))
    for c in ocites:
        cite(c, "#s-conclusion", "§" + str(SECTIONS.index("conclusion") + 1))
    reason = out.get("reason_ja") if lang == "ja" and out.get("reason_ja") else \
        out.get("reason", "")
    if stop == "illegal_action" and err:
        detail = err.get("message_ja") if lang == "ja" and err.get("message_ja") else \
            err.get("message", "")
        if detail:
            reason = f"{reason}: {detail}" if lang == "en" else f"{reason}：{detail}"
    verdict = "illegal" if result == "none" and stop == "illegal_action" else result
    text = OUTCOME_TEXT[lang].get(verdict, verdict).format(winner=winner or "")
    pre, _, post = OUTCOME_TEXT[lang].get(verdict, verdict).partition("{winner}")
    stop_text = STOP_TEXT[lang].get(stop, stop).format(until=board.until or "")
    stopped_at = out.get("stopped_at") or ""

    readings_cmp = None
    if comparison is not None:
        readings_cmp = _comparison(comparison, board, lang, L, view, cite)

    # findings of the board check
    fl = []
    for f in findings or []:
        d = f.to_json() if hasattr(f, "to_json") else dict(f)
        for c in d.get("clauses", []):
            if c in rs:
                cite(c, "#s-facts", "§" + str(SECTIONS.index("facts") + 1))
        fl.append(d)

    # engine assumptions join the judge's, marked as the engine's
    engine_assumptions = []
    for a in (trace.get("assumptions") or []):
        t = a.get("text_ja") if lang == "ja" and a.get("text_ja") else a.get("text", "")
        engine_assumptions.append({"id": a.get("id", ""), "text": t,
                                   "steps": [index_to_n.get(i) for i in a.get("steps", [])
                                             if i in index_to_n]})

    appendix = build_appendix(rs, cited, site_url=site_url)

    changed_list, changed_ids, changed_zones = board_changes(board, final_board)
    boards = {
        "before": {"data": _data(board),
                   **picture(board, L, lang, view, caption=L["sec_before"],
                             derived=derived_before)},
        "after": {"data": _data(final_board),
                  **picture(final_board, L, lang, view, caption=L["sec_after"],
                            changed_ids=changed_ids, changed_zones=changed_zones,
                            before=board, ghosts=left_squares(board, final_board, lang, view),
                            derived=derived_after),
                  "changed": [name(c) for c in changed_list]},
    }

    file_edition = board.edition or ""
    return {
        "format": FORMAT,
        "lang": lang,
        "L": L,
        "sections": list(SECTIONS),
        "generated": {"at": generated_at(), "by": f"judgekit {__version__}",
                      "version": __version__},
        "meta": meta,
        "ruleset": {"game": rs.game, "title": rs.title, "title_en": rs.meta.get("title_en", ""),
                    "edition": rs.edition, "date": rs.meta.get("date", ""),
                    "publisher": rs.meta.get("publisher", ""),
                    "source_sha256": rs.source_hash},
        "board_file": {"name": os.path.basename(board_path) if board_path else board.filename,
                       "path": board_path or board.filename,
                       "sha256": board.sha256,
                       "edition": file_edition,
                       "edition_mismatch": bool(file_edition) and file_edition != rs.edition},
        "findings": fl,
        "engine_assumptions": engine_assumptions,
        "boards": boards,
        "steps": steps,
        "outcome": {"result": result, "winner": winner, "stop": stop, "text": text,
                    "text_pre": pre, "text_post": post,
                    "reason": reason, "stop_text": stop_text, "stopped_at": stopped_at,
                    "stopped_at_title": _clause_heading(rs, stopped_at), "cites": ocites,
                    "changes": net_changes(board, final_board, lang, L, name, view),
                    "losers": list(out.get("losers", []))},
        "expectation": expectation,
        "reading_comparison": readings_cmp,
        "contradictions": contradictions,
        "appendix": appendix,
        "appendix_by_id": {e["id"]: e for e in appendix},
        "site_url": site_url or "",
    }


def _comparison(cmp: dict, board, lang: str, L: dict, view, cite) -> dict:
    """The conclusion's account of the runs under each reading (side by side)."""
    from ..engine.compare import describe_alternative

    base = cmp["variants"][0]["run"]
    table = base.engine.readings
    here = "#s-conclusion"
    sec = "§" + str(SECTIONS.index("conclusion") + 1)
    cols = []
    for i, v in enumerate(cmp["variants"]):
        r = v["run"]
        readings = []
        for rid, alt in v["assignment"].items():
            d = describe_alternative(table, rid, alt)
            for c in d["clauses"]:
                cite(c, here, sec)
            readings.append({"id": rid, "alternative": alt, "default": d["default"],
                             "clauses": d["clauses"],
                             "text": d["text_ja"] if lang == "ja" else d["text"]})
        o = r.outcome
        result = o.get("result") or "none"
        verdict = "illegal" if result == "none" and o.get("stop") == "illegal_action" else result
        reason = o.get("reason_ja") if lang == "ja" and o.get("reason_ja") else o.get("reason", "")
        for c in o.get("cites", []):
            cite(str(c), here, sec)
        name = Names(board, r.board, lang=lang, view=view)
        n = v["diverges_at"]
        diverge = None
        if n is not None:
            st = r.steps[n] if n < len(r.steps) else None
            diverge = {"n": n + 1, "in_base": n < len(base.steps),
                       "cites": list(st.cites) if st is not None else [],
                       "message": (st.message_ja if lang == "ja" else st.message)
                       if st is not None else ""}
            for c in diverge["cites"]:
                cite(c, here, sec)
        cols.append({
            "label": L["readings_this_run"] if i == 0 else
            L["readings_variant"].format(n=i),
            "readings": readings,
            "result": result,
            "outcome": OUTCOME_TEXT[lang].get(verdict, verdict).format(
                winner=o.get("winner") or ""),
            "reason": reason if result != "none" or o.get("stop") == "illegal_action" else "",
            "stop": STOP_TEXT[lang].get(o.get("stop", ""), o.get("stop", "")).format(
                until=board.until or ""),
            "changes": net_changes(board, r.board, lang, L, name, view),
            "same_outcome": v["same_outcome"],
            "diverges": diverge,
        })
    names = ", ".join(cmp["readings"])
    note = (L["readings_budget"] if not cmp["complete"] else L["readings_runs"]).format(
        runs=cmp["runs"], total=cmp["combinations"], budget=cmp["budget"],
        pending=cmp["pending"])
    return {"depends": cmp["depends"], "readings": list(cmp["readings"]),
            "text": L["readings_depends"] if cmp["depends"] else
            L["readings_same"].format(names=names),
            "variants": cols, "note": note, "complete": cmp["complete"]}


def _readings(trace: dict) -> list[dict]:
    r = trace.get("readings") or []
    if isinstance(r, dict):
        return list(r.values())
    return list(r)


def _clause_heading(rs, cid: str) -> str:
    c = rs.get(cid) if cid else None
    if c is None:
        return ""
    return f"{cid} {c.first_line(50)}"


def _data(board) -> dict:
    from ..board import to_data

    return to_data(board, scenario=False)
