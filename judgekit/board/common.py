"""What every board file shares, whatever the ruleset (see docs/board-format.md).

A ruleset's spec (judgekit/engine/<game>/spec.py) declares its own zones, card fields,
ability vocabulary, actions and expectations, and assembles its file format with
`board_spec()`, so that the common sections read, validate and document the same way in
every ruleset: `format`, `ruleset`, `edition`, `meta`, `game` (turn, turn player, first
player, step, priority), `players`, `effects`, `triggers`, `events`, `actions`, `choices`,
`readings`, `until`, `expect`.
"""

from __future__ import annotations

from .model import PLAYERS
from .types import ByKind, Enum, Field, Int, List, Map, MapOf, Str, Tagged, Text

FORMAT = "judgekit-board/1"

# (and no control, zero-width, bidirectional or other invisible character: the loader refuses
# every one by its Unicode category, judgekit.board.types.invisible; the pattern names the
# ones of the Basic Multilingual Plane so that editors using the JSON Schema refuse them too)
ID_PATTERN = (r"[^\s.#:,\[\]{}&*!|>'\"%@`"
              r"\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5"
              r"\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164"
              r"\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]+")
PLAYER = Enum(PLAYERS, "A player: P1 or P2.")
CARD_ID = Str("A card id defined somewhere in this file.", pattern=ID_PATTERN,
              pattern_help="a card id (letters, digits, _ or -)")
# a deck is 40–70 cards in every ruleset: no zone holds anywhere near this many; a larger
# count is a typo, and each unknown card is an object the engine tracks
MAX_UNKNOWN = 1000
# and no board file describes more cards than this, however they are written: counts,
# {unknown: N}, card mappings, attached cards, and each repetition of them by a YAML alias
MAX_CARDS = 2 * MAX_UNKNOWN
UNKNOWN = Map({"unknown": Field(Int("Number of cards whose identity does not matter.",
                                    minimum=0, maximum=MAX_UNKNOWN), required=True),
               "state": Str("Their state, in a zone where cards have one (e.g. sleep); "
                            "default: the zone's usual state."),
               "face": Enum(("up", "down"), "Their face; default: the zone's usual one.")},
              name="unknown cards")


def zone_entry(card: Map) -> ByKind:
    """A zone list entry: a card (mapping), a bare card id, or {unknown: N} (with `state:` /
    `face:` for unknown cards not in the zone's usual state or face)."""
    return ByKind(scalar=CARD_ID, mapping=Tagged({"id": card, "unknown": UNKNOWN},
                                                 name="zone entry"),
                  description="A card (mapping), a bare card id, or {unknown: N}.")


def zone(entry: ByKind) -> ByKind:
    """A zone: a number of unknown cards, or a list of entries."""
    return ByKind(scalar=Int("Number of unknown cards.", minimum=0, maximum=MAX_UNKNOWN),
                  seq=List(entry), description="A number of unknown cards or a list "
                  "(ordered zones: top first).")


META = Map({
    "title": Text(), "event": Text(), "date": Text(), "table": Text(), "round": Text(),
    "judge": Text(), "question": Text(),
    "facts": List(Text(), "Facts both players agree on.", scalar_ok=True),
    "assumptions": List(Text(), "What the judge assumed where facts were missing.",
                        scalar_ok=True),
    "source": Text("Where the scenario comes from (e.g. a digest scenario)."),
    "reproduces": List(Str("A worked example of the rules: its clause id, '#', and its "
                           "1-based number among the clause's examples (1.1.2#1).",
                           pattern=r"[^\s#]+#[1-9][0-9]*",
                           pattern_help="an example id (clause id, '#', number: 1.1.2#1)"),
                       "The rulebook's worked examples (例) this scenario reproduces: its "
                       "expect: states the outcome each example states (judgekit coverage "
                       "--examples).", scalar_ok=True),
    "notes": Text(),
}, "Who, where, and what is in dispute.", name="metadata", extra=Text(),
    extra_help="other keys are kept as free text")


def game_fields(step) -> dict:
    """The keys of `game:` every ruleset has."""
    return {
        "turn": Int("Turn number (1 = the first player's first turn).", minimum=1),
        "turn_player": PLAYER,
        "first_player": PLAYER,
        "step": step,
        "priority": PLAYER,
    }


PENDING = Map({
    "card": Field(CARD_ID, required=True),
    "ability": Int("1-based index of the ability on the card.", minimum=1),
    "controller": PLAYER,
    "count": Int("How many times it is triggered.", minimum=1, maximum=MAX_UNKNOWN,
                 bound="each instance is played on its own; a board holds a few"),
    "event": MapOf(Text(), "What triggered it (for last-known information)."),
}, "A triggered ability waiting to be played or put on the stack.", name="pending trigger")

CHOICE_ANSWER = ByKind(scalar=Text(), seq=List(ByKind(scalar=Text(), mapping=MapOf(Int()))),
                       mapping=MapOf(Int()),
                       description="An answer: a card id, yes/no, a square, a list of ids, or "
                       "{card: amount} for a divided amount.")
CHOICES = MapOf(List(CHOICE_ANSWER, scalar_ok=True),
                "Answers to the choices the rules ask, keyed by the clause that asks or by "
                "the card whose ability asks; each key holds its answers in the order they "
                "are asked.")

READINGS = MapOf(Str(), "The reading to follow where the rules are ambiguous or contradict "
                 "themselves: reading id -> alternative (`judgekit coverage --readings --game G` "
                 "lists them); every other reading follows its default.",
                 key_pattern=r"[0-9A-Za-z][0-9A-Za-z.\-]*", key_help="a reading id")

STOPS = ("actions_exhausted", "until", "game_over", "illegal_action", "budget")


def expect_fields(step, zone_expect: dict, card_expect: dict) -> dict:
    """The keys of `expect:` every ruleset has; `zone_expect` are the player-section keys
    (zones and counters), `card_expect` the card properties that can be expected."""
    return {
        "outcome": Enum(("none", "win", "draw")),
        "winner": PLAYER,
        "stop": Enum(STOPS),
        "step": step,
        "players": MapOf(Map(zone_expect, name="expected player"), key_pattern="P1|P2",
                         key_help="P1 or P2"),
        "cards": MapOf(Map({"zone": Str("Where the card is, or gone (it ceased to exist)."),
                            **card_expect}, name="expected card"),
                       key_pattern=ID_PATTERN, key_help="a card id"),
        "cites": List(step, "Clause ids some step must cite."),
        "not_cited": List(step, "Clause ids no step may cite."),
        "readings": List(Str(), "Reading ids the run must apply; `id=alternative` also "
                         "names the alternative it must follow."),
    }


def board_spec(game: str, title: str, *, game_map: Map, players: Map, sections: dict,
               effects, extra: dict, events, actions, until, expect: Map) -> Map:
    """The whole file format of one ruleset, its sections in the canonical order."""
    return Map({
        "format": Enum((FORMAT,), "File format version."),
        "ruleset": Field(Enum((game,), f"The ruleset: {game} ({title})."), required=True),
        "edition": Str("The rules edition the file was written for."),
        "meta": META,
        "game": game_map,
        "players": MapOf(players, key_pattern="P1|P2", key_help="P1 or P2"),
        **sections,
        "effects": effects,
        "triggers": List(PENDING, "Triggered abilities waiting."),
        **extra,
        "events": events,
        "actions": actions,
        "choices": CHOICES,
        "readings": READINGS,
        "until": until,
        "expect": expect,
    }, f"A {title} board-state file (judgekit).", name="board file")


def events_list(instructions: dict, extra: dict, skip=("may", "if", "timed")) -> List:
    """The file's `events`: things that just happened, each written as one of the ruleset's
    effect instructions (its Map) plus `extra` keys (source, controller, …)."""
    variants = {k: Map({**m.fields, **extra}, m.description, name=k)
                for k, m in instructions.items() if k not in skip}
    return List(Tagged(variants, "Something that just happened, applied first.", name="event"),
                "What just happened (applied in order before stepping).")


PASS = Map({"pass": Field(ByKind(scalar=Enum(PLAYERS + ("true",))), required=True)},
           "Pass: the player who decides does nothing.", name="pass")
