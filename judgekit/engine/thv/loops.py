"""An unending loop no player can stop (1.5.4.b, 12.10.1): a draw — or a loss for the one
player whose cards alone make it (1.5.3.e). Reached from the procedure before priority (a
state that repeats between its rounds) and from the removal pipeline (a removal that brings
back the same removal inside one round, judgekit.engine.thv.effects)."""

from __future__ import annotations

from .clauses import REGISTRY


@REGISTRY.rule("1.5.3.e", "1.5.4.b", "12.10.1")
def unavoidable_loop(g, sources=()) -> None:
    owners = {g.b.cards[c].owner for c in sources if c in g.b.cards}
    if len(owners) == 1:
        (p,) = owners
        g.note("game_end", ("1.5.3.e", "12.10.1"), f"The game state repeats and no player "
               f"can avoid it; every element of the loop is {p}'s card: {p} loses.",
               f"プレイヤーの選択により回避できない無限ループが発生し、その要素が全て{p}のカードで"
               f"あるため、{p}が敗北します。", player=p)
        g.lose([p], ("1.5.3.e", "12.10.1"), "an unavoidable loop of one player's cards",
               "1人のプレイヤーのカードのみによる回避できないループ")
    g.note("game_end", ("1.5.4.b", "12.10.1"), "The game state repeats and no player can "
           "avoid it: the game is a draw.", "プレイヤーの選択により回避できない無限ループが発生"
           "したため、引き分けとなります。")
    g.draw_game(("1.5.4.b", "12.10.1"), "an unavoidable loop (1.5.4.b)",
                "回避できない無限ループ（1.5.4.b）")
