"""Both players choosing at once, once for every ruleset.

Each rulebook orders a simultaneous choice the same way in its own words — the turn (active)
player chooses first, then the other (Z/X 102.7, g2022 102.8, D0 4.9.2-5, 東方VISION 1.3.3) —
and Z/X 102.8 / g2022 102.9 add that a choice of hidden cards stays hidden until every player
has chosen, the cards then moving together. `in_turn_order` asks each player's request in that
order inside one step that cites the ruleset's clauses, and returns the answers by player; the
ruleset then does what was chosen, for all players at once.

`change_target` changes the target of a spell or ability that has not resolved yet (東方VISION
8.2.8, D0 6.5.1–6.5.2): the ruleset says which target slots the new card fits (東方VISION: any,
proper or not; D0: only where it is a proper target) and the core picks the slot, asks which of
several targets it replaces, replaces it in one step citing the ruleset's clauses, and returns
what it did so the ruleset can record the rest (the new target's object, the stack's label).

`divide` is the other shared choice: an amount (damage) divided among chosen cards, each at
least 1 (Z/X 804.3b, g2022 904.3b, D0 4.7.2-6), asked of one player as a `distribute` request
citing the ruleset's clause; when it is asked is the ruleset's (Z/X and g2022 on resolution,
D0 as the spell or ability is played, 4.7.2-6).
"""

from __future__ import annotations

from ..choices import Request


def in_turn_order(g, first: str, requests: dict, *, cites: tuple, what: tuple[str, str],
                  hidden: bool = False, ask=None) -> dict:
    """`requests`: player → Request (or None when that player has nothing to choose). The
    player `first` (the turn or active player) chooses first. `ask(req)` answers a request
    (default `g.ask`). Returns player → answer."""
    order = [first] + [p for p in requests if p != first]
    order = [p for p in order if requests.get(p) is not None]
    en, ja = what
    answers: dict = {}
    if not order:
        return answers
    tail = (" Each keeps the chosen cards hidden until both have chosen; they then move "
            "together." if hidden else "")
    tail_ja = ("選んだカードは両者が選び終えるまで公開されず、その後同時に移動します。"
               if hidden else "")
    with g.step("choice", cites, f"Both players {en} at the same time: {first} chooses first, "
                f"then {', '.join(p for p in order if p != first) or 'no one else'}.{tail}",
                f"両方のプレイヤーが同時に{ja}：{first}が先に選び、その後"
                f"{'、'.join(p for p in order if p != first) or '他のプレイヤー'}が選びます。{tail_ja}",
                player=first):
        for p in order:
            answers[p] = (ask or g.ask)(requests[p])
    return answers


def divisible(count: int, amount: int) -> int:
    """How many cards an amount can be divided among: each needs at least 1."""
    return max(0, min(count, amount))


def divide(g, key: str, chooser: str, amount: int, options, *, what: tuple[str, str] = (
        "damage", "ダメージ"), cites: tuple = (), fallback_keys: tuple = ()) -> dict:
    """`chooser` divides `amount` among `options` (card ids), each at least 1: returns
    {id: share} (asked as a `distribute` request; one option takes it all, unasked)."""
    en, ja = what
    return g.ask(Request(key, chooser, f"how to divide {amount} {en} among "
                         f"{', '.join(map(str, options))}", f"{amount}{ja}の割り振り",
                         list(options), "distribute", amount=amount,
                         fallback_keys=fallback_keys, cites=cites))


def change_target(g, slots: dict, new: str, *, fits, key: str, chooser: str, cites: tuple,
                  who: str, what: tuple[str, str], why: tuple[str, str] = ("", ""),
                  apply=None):
    """Replace one target of `slots` (name → list of target ids, changed in place) by `new`:
    in the first slot `fits(name)` accepts that does not hold `new` already, the one target
    there (or the one `chooser` picks among several). `apply(name, old, targets)` records it
    on the ruleset's own object inside the step. Returns (slot name, old target), or None when
    no slot takes it (the ruleset says why)."""
    name = next((n for n, ids in slots.items() if ids and new not in ids and fits(n)), None)
    if name is None:
        return None
    ids = slots[name]
    old = ids[0]
    w_en, w_ja = what
    if len(ids) > 1:
        old = g.ask(Request(key, chooser, f"which target of {w_en} becomes {g.label(new)}?",
                            f"{w_ja}のどの対象を{g.label(new)}に変更しますか？",
                            list(ids), cites=cites))
    y_en, y_ja = why
    with g.step("effect", cites, f"{who} changes the target of {w_en}: {g.label(old)} → "
                f"{g.label(new)}" + (f" ({y_en})" if y_en else "") + ".",
                f"{who}は{w_ja}の対象を{g.label(old)}から{g.label(new)}に変更します"
                + (f"（{y_ja}）" if y_ja else "") + "。", cards=[old, new], player=chooser):
        slots[name] = [new if t == old else t for t in ids]
        if apply is not None:
            apply(name, old, slots[name])
        g.change({"op": "retarget", "entry": w_en, "from": [old], "to": [new]})
    return name, old
