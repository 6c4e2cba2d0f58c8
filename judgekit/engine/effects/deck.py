"""The deck, once for every ruleset: shuffling and searching.

A shuffle makes the order random, which the engine cannot know: it keeps the listed order and
records the assumption (a judge whose question turns on the top card states the order in the
file). A search looks through a hidden zone for cards matching what the effect names: only the
cards the file identifies can be found; unidentified cards (a deck given as a count) may or may
not match, and the trace says so instead of guessing.
"""

from __future__ import annotations

SHUFFLE_EN = ("After a shuffle the deck order is random; the engine keeps the listed order. If "
              "a later draw depends on which card is on top, state the order in the file.")
SHUFFLE_JA = ("シャッフル後のデッキの順番は無作為です。エンジンは記載の順番のまま扱います。"
              "どのカードが一番上かで結論が変わる場合は、順番をファイルに明記してください。")


def shuffle(g, p: str, *, en: str = SHUFFLE_EN, ja: str = SHUFFLE_JA) -> None:
    """`p`'s deck is shuffled (a recorded change, and the order assumption)."""
    g.change({"op": "shuffle", "player": p})
    g.assume("shuffle-order", en, ja)


def searchable(g, zone: str, match) -> tuple[list, int]:
    """The cards of `zone` that `match(card)` accepts, and how many cards of it the file does
    not identify (they might match)."""
    found, unknown = [], 0
    for cid in g.b.zones[zone]:
        c = g.b.cards[cid]
        if not c.known:
            unknown += 1
        elif match(c):
            found.append(c)
    return found, unknown
