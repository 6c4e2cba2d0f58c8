"""How a ruling shows a ruleset's board: the words for its zones and the layout of its picture.

The ruling report (judgekit.reports.model) and its board picture (judgekit.reports.picture)
are the same for every ruleset; what differs is said by the ruleset's `View`
(judgekit/engine/<game>/view.py, reached as `engine.view`):

* `grid`: the board as rows of cells, each cell a shared zone (Z/X's nine squares; D0's
  battle and base squares; g2022's areas) or None, drawn as a grid of chips, one per card;
* `panel_zones`: the per-player zones drawn as boxes beside the grid, with a count and a
  detail (a limit, how many are sleeping, …) from `zone_detail`;
* `zone_words`: what each zone kind is called, in Japanese and English;
* hooks for what a card chip shows (its main number, tags), the player header, and the lines
  that say where the game stands (turn, step, battle, stack, …).
"""

from __future__ import annotations


class View:
    # ---- words --------------------------------------------------------------------------------
    zone_words: dict = {"ja": {}, "en": {}}  # zone kind -> word
    extra_labels: dict = {"ja": {}, "en": {}}  # label key -> word (merged into labels(lang))
    field_words: dict = {"ja": {}, "en": {}}  # player field -> label key of labels(lang)

    # ---- the picture ----------------------------------------------------------------------------
    rows: tuple = ()  # row labels, top to bottom (P2's side at the top)
    cols: tuple = ()  # column labels, left to right
    grid: tuple = ()  # rows of cells: a shared zone name, or None for an empty cell
    panel_zones: tuple = ()  # per-player zone kinds shown in the side panels, in order
    listed_shared: tuple = ()  # shared zones outside the grid, listed after the players
    stat: str | None = None  # the card field a chip shows as its main number (power, …)
    rotated_states: tuple = ()  # card states drawn sideways (sleep, freeze, …)
    rewind_clause = ""  # the clause that rewinds an illegal play (shown in change lines)

    def labels(self, lang: str) -> dict:
        from .labels import labels

        L = dict(labels(lang))
        L.update(self.extra_labels.get(lang, {}))
        for kind, word in self.zone_words.get(lang, {}).items():
            L.setdefault("zone_" + kind, word)
        return L

    def zone_label(self, zone: str, lang: str) -> str:
        """P2.charge -> "P2のチャージ" / "P2's charge"; shared zones by their word or name."""
        words = self.zone_words[lang]
        if not zone:
            return words.get("gone", "gone")
        if "." in zone:
            p, z = zone.split(".", 1)
            w = words.get(z, z)
            return f"{p}の{w}" if lang == "ja" else f"{p}'s {w}"
        return words.get(zone, self.cell_label(zone))

    def cell_label(self, zone: str) -> str:
        """The name a grid cell is labelled with."""
        return zone

    def cell_kind(self, zone: str) -> tuple[str, str | None]:
        """(kind, owner) of a grid cell: kind picks its tint (normal, player, centre)."""
        return "normal", None

    def grid_zones(self) -> list[str]:
        return [z for row in self.grid for z in row if z]

    # ---- cards ------------------------------------------------------------------------------------
    def stat_of(self, card, derived: dict | None):
        """(effective, printed) main number of a card, or (None, None)."""
        if self.stat is None:
            return None, None
        printed = getattr(card, self.stat, None)
        eff = (derived or {}).get(self.stat, {}).get(card.id, printed)
        return eff, printed

    def is_foot(self, card) -> bool:
        """Cards drawn as a strip at the foot of their cell (Z/X player cards)."""
        return False

    def chip_extras(self, board) -> dict:
        """card id -> extra tags computed once per board (Z/X forces under a card)."""
        return {}

    def chip_tags(self, board, card, L: dict, extras: dict) -> list[str]:
        """Short tags on a card chip after its number, damage and state."""
        return list(extras.get(card.id, []))

    # ---- panels and context -------------------------------------------------------------------------
    def zone_detail(self, board, p: str, kind: str, cards: list, L: dict,
                    derived: dict | None) -> tuple[str, str]:
        """(count text, detail) of a panel zone box."""
        return str(len(cards)), ""

    def player_head(self, board, p: str, L: dict) -> list[str]:
        """What the header of a player's panel says after the player's id."""
        return []

    def player_fields(self, board, p: str) -> list[tuple[str, object]]:
        """(label key, value) of the player's values worth listing when they change."""
        return []

    def context_extra(self, board, L: dict) -> list[str]:
        """Lines after turn and step: a battle, a stack, cards being played, …"""
        return []

    def describe_change(self, ch: dict, lang: str, name, L: dict) -> str | None:
        """Words for a change kind of the ruleset's own (None: not one of them)."""
        return None

    # the keys of an effect in force that say whom it applies to, not what it does
    EFFECT_FRAME = ("to", "source", "controller", "until", "ts", "text")

    def effect_words(self, e: dict, lang: str, L: dict) -> list[str]:
        """What an effect in force does, for the line that says it starts or ends: a number
        as a change (power +1000), `cannot` as such, anything else by its label and value."""
        out = []
        for k, v in e.items():
            if k in self.EFFECT_FRAME or k.startswith("_") or v is None:
                continue
            if k == "cannot":
                out.append(("できない: " if lang == "ja" else "cannot ") + str(v))
            elif isinstance(v, int) and not isinstance(v, bool):
                out.append(f"{L.get(k, k)} {v:+d}")
            else:
                out.append(f"{L.get(k, k)} {v}")
        return out
