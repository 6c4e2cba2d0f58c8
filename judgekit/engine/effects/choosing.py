"""Both players choosing at once, once for every ruleset.

Each rulebook orders a simultaneous choice the same way in its own words — the turn (active)
player chooses first, then the other (Z/X 102.7, g2022 102.8, D0 4.9.2-5, 東方VISION 1.3.3) —
and Z/X 102.8 / g2022 102.9 add that a choice of hidden cards stays hidden until every player
has chosen, the cards then moving together. `in_turn_order` asks each player's request in that
order inside one step that cites the ruleset's clauses, and returns the answers by player; the
ruleset then does what was chosen, for all players at once.

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
