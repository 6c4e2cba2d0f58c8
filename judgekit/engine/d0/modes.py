"""A spell that asks for a choice of effect (4.7.2-2): 「以下から1つを選ぶ」.

A strategy's `spell:` abilities marked `mode: true` are its choices: the player declares which
one (the first marked is 1) as the spell is played, before its costs and targets (4.7.2-2);
the choice holds the targets, and only the chosen one (with any unmarked `spell:` text) is
carried out when the spell resolves. Choosing later, or again, is not possible.
"""

from __future__ import annotations

from ..choices import Request
from ..game import IllegalAction
from .clauses import REGISTRY


def modes(c) -> list[int]:
    """The 1-based ability indexes of the card's choices (empty: not a modal spell)."""
    return [i for i, ab in enumerate(c.abilities, 1) if "spell" in ab and ab.get("mode")]


@REGISTRY.rule("4.7.2-2")
def choose_mode(g, c, player: str, given) -> tuple[int | None, tuple, str, str]:
    """4.7.2-2: the player declares which choice the spell uses as it is played. Returns the
    choice's number (None: the card asks for none), cites and words."""
    idx = modes(c)
    if not idx:
        if given is not None:
            raise IllegalAction(f"{c.label()} asks for no choice of effect",
                                f"{c.label()}は効果の選択を求めません", ("4.7.2-2",))
        return None, (), "", ""
    if given is not None:
        n = int(given)
        if not 1 <= n <= len(idx):
            raise IllegalAction(f"{c.label()} has {len(idx)} choices, not a #{n}",
                                f"{c.label()}の選択肢は{len(idx)}つです", ("4.7.2-2",))
    else:
        n = int(g.ask(Request("4.7.2-2", player, f"choose which effect of {c.label()} to use",
                              f"{c.label()}のどの効果を使用するか選んでください",
                              options=list(range(1, len(idx) + 1)), cites=("4.7.2-2",))))
    ab = c.abilities[idx[n - 1] - 1]
    what = ab.get("text") or f"choice {n}"
    return n, ("4.7.2-2",), (f" using its choice {n} ({what}), declared as it is played "
                              "(4.7.2-2)"), f"（選択肢{n}「{what}」を使用することをこの時点で宣言します）"


def targets_ability(c, mode: int | None) -> dict:
    """The `spell:` ability that holds the spell's targets: the chosen choice's, else the
    first."""
    idx = modes(c)
    if idx and mode:
        return c.abilities[idx[mode - 1] - 1]
    return next((x for x in c.abilities if "spell" in x and not x.get("mode")),
                next((x for x in c.abilities if "spell" in x), {}))


def carried_out(c, mode: int | None, i: int) -> bool:
    """Is the card's ability `i` (1-based, a `spell:`) carried out on resolution? An unmarked
    text always; a choice only if it was the one declared."""
    idx = modes(c)
    if i not in idx:
        return True
    return mode is not None and idx.index(i) + 1 == mode
