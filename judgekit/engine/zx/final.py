"""The final board of a run written back as a valid starting file (`judgekit step --final`).

A token that left the squares ceased to exist (912.1, 1206.4): the final board has no such
card, so nothing in it may name one. What the rules make of each place that did:

  * an effect in force goes on applying (its source's last-known information is not a card
    of the board): it is written without `source`; one that applies to nothing any more ends;
  * a timed ability still triggers though its source changed zones (808.4b): written without
    `source`, and `these` keeps only the cards that exist;
  * a battle whose attacker or target ceased to exist goes on without it (604.2 / 604.3a:
    "no longer on a square"): the battle is written without that card;
  * the file's unused actions from the first one naming such a card (it could not be taken:
    the card is no longer on the board) and its choices keyed by such a card are left out;
  * a pending triggered ability of such a card cannot be written (a board names only its own
    cards): it is left out and the run says so among its assumptions.

(A card the file gave only as a count that can no longer be written as one gets a file id in
the core: judgekit.board.dump.name_unwritable.)
"""

from __future__ import annotations

from .model import PLAYERS


def forget_gone(g) -> None:
    b = g.b

    def gone(cid) -> bool:
        return isinstance(cid, str) and cid not in b.cards and cid not in PLAYERS

    for e in list(b.effects):
        if gone(e.get("source")):
            e.pop("source")
        if e.get("to") and all(gone(t) for t in e["to"]):
            b.effects.remove(e)
        elif e.get("to"):
            e["to"] = [t for t in e["to"] if not gone(t)]
    for t in b.timed:
        if gone(t.get("source")):
            t.pop("source")
        for k in ("these", "chosen"):
            if t.get(k):
                t[k] = [c for c in t[k] if not gone(c)]
    if b.battle:
        for k in ("attacker", "target"):
            if gone(b.battle.get(k)):
                b.battle.pop(k)
    keys = ("play", "activate", "battle", "target", "resource", "ignite")
    for i, a in enumerate(b.actions):
        if any(gone(a.get(k)) for k in keys) or any(gone(p) for p in a.get("pay", [])):
            del b.actions[i:]
            break
    for key in [k for k in b.choices if gone(str(k).split("#")[0]) and "." not in str(k)]:
        del b.choices[key]
    lost = [p for p in g.pending if p.timed is None and gone(p.card)]
    for p in lost:
        g.remove_pending(p)
    if lost:
        ids = ", ".join(sorted({p.card for p in lost}))
        g.assume("final-pending-gone",
                 f"The final board does not list the pending triggered abilities of {ids}: "
                 "the card ceased to exist (912.1), and a board file names only its own cards.",
                 f"{ids}の誘発状態の自動能力は最終盤面に記載されません（そのカードは消滅しており"
                 "（912.1）、盤面ファイルには存在するカードしか記載できないため）。")
