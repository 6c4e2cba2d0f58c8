"""The deck, once for every ruleset: shuffling, searching, the top cards, and putting cards
onto the top or the bottom of a deck in an order a player chooses.

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


def top(g, zone: str, n: int) -> list:
    """The top `n` cards of a deck zone (listed top first), fewer when it holds fewer."""
    b = g.b
    return [b.cards[i] for i in b.zones[zone][:n]]


def choose_order(g, chooser: str, cards: list, *, key: str, en: str, ja: str,
                 cites=()) -> list:
    """The order, top first, in which `chooser` puts `cards` onto a deck (or back onto it). One
    card, or cards the file does not tell apart, leave nothing to choose; otherwise the player
    answers with the cards listed top first (`choices:` under `key`)."""
    from ..choices import Request

    if len(cards) < 2:
        return list(cards)
    req = Request(key, chooser, f"{en}: the order, top first", f"{ja}：置く順番（上から）",
                  options=[(c.id, g.label(c)) for c in cards], kind="order", min=len(cards),
                  max=len(cards), cites=cites)
    ids = g.ask_cards(req, [c.id for c in cards])
    return [g.b.cards[i] for i in ids]


def put(g, cards: list, zone: str, *, bottom: bool = False, reason: str = "to_deck",
        face: str = "down") -> list:
    """Put `cards` (listed top first) onto the top or the bottom of a deck zone, face down, as one
    move; cards already in that zone change their position in it instead (a look that puts the
    cards back). Returns the MoveInfo of the cards that came from elsewhere."""
    b = g.b
    inside = [c for c in cards if c.zone == zone]
    if inside:
        ids = [c.id for c in inside]
        rest = [i for i in b.zones[zone] if i not in ids]
        b.zones[zone] = rest + ids if bottom else ids + rest
        g.change({"op": "order", "zone": zone, "cards": ids,
                  "where": "bottom" if bottom else "top"})
    outside = [c for c in cards if c.zone != zone]
    if not outside:
        return []
    return g.move(outside if bottom else list(reversed(outside)), zone, bottom=bottom,
                  face=face, reason=reason)
