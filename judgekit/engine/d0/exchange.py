"""Exchanging the squares of two units (「…2体のユニットのスクエアを入れ替える」, e.g.
「パラドクス・ストーム」).

Both units are put onto each other's square at the same time, as one event: each goes from a
square to a square and stays the same card (2.23.8-4), and every card on the squares — the two
just put there included — checks that event for its 「スクエアに置かれた時」 abilities from where
it now stands (4.8.9, 4.8.10-1). It is not a move (3.8.2-6, 4.7.3): a move declared for either
unit is no longer from the square it was declared in and is countered (4.9.3-1), so 進撃 does
not trigger (5.11.2) and 共鳴 is not enabled by it (5.13.2-1).
"""

from __future__ import annotations

from .clauses import REGISTRY
from .model import is_battle_square


def resonance_waiting(g, p: str) -> bool:
    """Whether player p has 共鳴 text that a resolved move would enable and none has yet."""
    if g.b.players[p].flags.get("resonance"):
        return False
    return any(ab.get("resonance") for x in g.b.cards.values() if x.controller == p
               for ab in x.abilities)


@REGISTRY.rule("2.23.8-4", "4.12.2", "5.13.2-1")
def swap_squares(g, ins: dict, ctx, select) -> None:
    """`{swap: T}`: the two units T selects exchange their battle squares, at the same time.
    Fewer than two units still on the battle squares: there is nothing to exchange (4.12.2)."""
    cards = [c for c in select(g, ins["swap"], ctx)
             if c.type == "unit" and is_battle_square(c.zone)]
    src = g.label(ctx.source) if ctx.source else "The effect"
    if len(cards) != 2 or cards[0].zone == cards[1].zone:
        g.note("effect", ("4.12.2",),
               f"{src} exchanges the squares of two units, but "
               + (f"only {len(cards)} is/are on the battle squares" if len(cards) != 2
                  else "both are on the same square") + ": it is not carried out.",
               f"{src}は2体のユニットのスクエアを入れ替えますが、"
               + ("バトルスペースのスクエアにあるユニットが2体ではない" if len(cards) != 2
                  else "2体は同じスクエアにある") + "ため、実行されません。")
        return
    a, b = cards
    sa, sb = a.zone, b.zone
    with g.step("effect", ("2.23.8-4",),
                f"{src} exchanges the squares of {a.label()} ({sa}) and {b.label()} ({sb}): both "
                "are put onto the other's square at the same time, square to square — each stays "
                "the same card (its damage and effects remain).",
                f"{src}により{a.label()}（{sa}）と{b.label()}（{sb}）のスクエアが入れ替わります。"
                "2体は同時に互いのスクエアに置かれます。「スクエアからスクエア」への移動のため、"
                "それぞれ同じカードとして扱われます。", cards=(a.id, b.id)):
        g.move_batch([(a, sb), (b, sa)], reason="swap")
    for p in dict.fromkeys(c.controller for c in (a, b)):
        if resonance_waiting(g, p):
            g.note("keyword", ("5.13.2-1",),
                   f"{p}'s unit changed squares by an effect, not by resolving its move: "
                   f"{p}'s 共鳴 text is not enabled by it.",
                   f"{p}のユニットは移動の解決ではなく効果によってスクエアが移っただけであるため、"
                   "共鳴によりテキストが有効になることはありません。", player=p)
