"""Loading board files: syntax and structure errors with file:line:column, defaults, aliases."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgekit.board import BoardSyntaxError, load_text

MINI = """\
ruleset: zx
game: {turn: 3, turn_player: P1, first_player: P1, step: 506.2}
players:
  P1: {deck: 5, life: [{id: L1, type: zekusu, power: 1000}, {unknown: 2}], hand: [h1]}
  P2: {deck: 5, life: 3}
squares:
  M-C: [{id: A, name: 紅蓮の騎士, type: ゼクス, power: 5000, colors: [赤], owner: P1}]
  S-C: [{id: pc1, type: PLAYER, owner: P1}]
"""


def problems(text: str):
    with pytest.raises(BoardSyntaxError) as ei:
        load_text(text, "f.yaml")
    return ei.value.problems


def test_minimal_board_and_defaults():
    b = load_text(MINI, "f.yaml")
    assert b.step == "506.2"  # a YAML float is read as the clause id typed
    a = b.cards["A"]
    assert (a.type, a.colors, a.zone, a.state, a.face) == ("zekusu", ("red",), "M-C",
                                                           "reboot", None)
    assert b.cards["pc1"].type == "player"
    # unknown cards are real cards with generated ids, owned by the zone's player
    assert b.zones["P1.life"] == ["L1", "P1.life#1", "P1.life#2"]
    assert not b.cards["P1.life#1"].known and b.cards["P1.life#1"].owner == "P1"
    assert len(b.zones["P2.life"]) == 3 and len(b.zones["P1.deck"]) == 5
    assert b.cards["h1"].bare and b.cards["h1"].owner == "P1"
    assert b.integrity() == []


def test_yaml_syntax_error_names_line_column_expected_found():
    (p,) = problems("ruleset: zx\ngame: {turn: 3\n")
    assert (p.file, p.line, p.col) == ("f.yaml", 3, 1)
    assert "','" in p.expected and p.found == "the end of the file"
    assert str(p).startswith("f.yaml:3:1: YAML syntax error")


def test_tab_indentation_is_explained():
    (p,) = problems("ruleset: zx\ngame:\n\tturn: 3\n")
    assert p.line == 3 and "TAB" in p.found


def test_structure_errors_are_all_collected_with_positions():
    ps = problems("ruleset: zx\ngame:\n  turn: three\n  stepp: 1\nplayers:\n  P3: {}\n"
                  "  P1: {life: -1}\n")
    by_line = {(p.line, p.col): p for p in ps}
    assert (3, 9) in by_line and "whole number" in by_line[(3, 9)].expected
    assert by_line[(3, 9)].found == "the text 'three'"
    assert (4, 3) in by_line and "unknown key 'stepp'" in by_line[(4, 3)].message
    assert (6, 3) in by_line and by_line[(6, 3)].expected == "P1 or P2"
    assert (7, 14) in by_line and by_line[(7, 14)].found == "the number -1"


def test_missing_ruleset_and_empty_file():
    (p,) = problems("game: {turn: 1}\n")
    assert "missing 'ruleset'" in p.message
    (p,) = problems("")
    assert "empty" in p.message


def test_duplicate_key_and_duplicate_card_id():
    (p,) = problems("ruleset: zx\nruleset: zx\n")
    assert p.line == 2 and "duplicate key" in p.message
    ps = problems(MINI + "  N-L: [{id: A, power: 1, owner: P2}]\n")
    assert any("defined twice" in p.message and p.line == 9 for p in ps)


def test_card_on_square_needs_an_owner():
    ps = problems("ruleset: zx\nsquares:\n  M-C: [{id: A, power: 1000}]\n")
    assert ps[0].line == 3 and "owner" in ps[0].message


def test_unknown_ability_word_is_reported_at_its_position():
    ps = problems("ruleset: zx\nsquares:\n  M-C:\n    - id: A\n      owner: P1\n"
                  "      abilities: [{auto: appear, effect: []}]\n")
    (p,) = ps
    assert (p.line, p.col) == (6, 26) and "appears" in p.expected


def test_bad_utf8_is_a_syntax_error(tmp_path):
    from judgekit.board import load_file

    f = tmp_path / "b.yaml"
    f.write_bytes(b"ruleset: zx\nmeta: {title: \xff}\n")
    with pytest.raises(BoardSyntaxError) as ei:
        load_file(str(f))
    (p,) = ei.value.problems
    assert p.line == 2 and "UTF-8" in p.expected


@pytest.mark.parametrize("char, line, col", [("\x00", 1, 12), ("\x01", 3, 14), ("\x7f", 3, 14)])
def test_control_character_is_named_with_its_line_and_column(char, line, col):
    # YAML forbids control characters; libyaml counts its position in bytes, which used to
    # leave the problem without a line and column (and the Japanese before it would skew it)
    text = "ruleset: zx" + (char if line == 1 else "") + "\nmeta:\n  title: \"ゼクス" \
        + (char if line == 3 else "") + "\"\n"
    (p,) = problems(text)
    assert (p.line, p.col) == (line, col)
    assert p.expected == "printable text" and f"U+{ord(char):04X}" in p.found


def test_a_file_too_large_for_a_board_stops_reading(tmp_path):
    # /dev/zero (or any endless input) given as the board used to be read until memory ran
    # out; reading stops after 10 MB, a thousand times the largest board
    from judgekit.board import load_file

    f = tmp_path / "huge.yaml"
    f.write_bytes(b"ruleset: zx\n" + b"# padding\n" * (1024 * 1024 + 1))
    with pytest.raises(BoardSyntaxError) as ei:
        load_file(str(f))
    (p,) = ei.value.problems
    assert p.expected == "a board file of at most 10 MB" and p.message == "the file is too large"
    if os.path.exists("/dev/zero"):
        with pytest.raises(BoardSyntaxError):
            load_file("/dev/zero")


def test_missing_file_is_a_clean_error(tmp_path):
    from judgekit.board import load_file

    with pytest.raises(BoardSyntaxError) as ei:
        load_file(str(tmp_path / "nope.yaml"))
    assert "cannot read" in ei.value.problems[0].message


def test_japanese_keyword_and_state_aliases():
    b = load_text("ruleset: zx\nsquares:\n  M-C:\n    - {id: A, power: 1, owner: P1, "
                  "state: スリープ, abilities: [{keyword: ライフリカバリー}]}\n", "f.yaml")
    assert b.cards["A"].state == "sleep"
    assert b.cards["A"].abilities == [{"keyword": "life_recovery"}]


def test_placement_order_defaults_to_list_order_and_explicit_wins():
    b = load_text("ruleset: zx\nsquares:\n  M-L:\n    - {id: X, power: 1, owner: P1}\n"
                  "    - {id: Y, power: 1, owner: P1}\n  M-R: [{id: Z, power: 1, owner: P1, "
                  "placed: 50}]\n", "f.yaml")
    assert b.cards["X"].placed < b.cards["Y"].placed < b.cards["Z"].placed == 50


@pytest.mark.parametrize("deep", [
    "meta: " + "[" * 3000 + "]" * 3000 + "\n",
    "meta:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 1500)),
])
def test_absurdly_deep_nesting_is_a_syntax_error_not_a_recursion_error(deep):
    # a real board nests 14 levels at most; thousands used to end in a RecursionError
    ps = problems("ruleset: zx\n" + deep)
    assert len(ps) == 1 and ps[0].line >= 2 and ps[0].col > 1
    assert ps[0].expected == "at most 64 levels of nesting" and "nested deeper" in ps[0].found


def test_alias_bomb_stops_with_a_syntax_error():
    # nine lines whose aliases expand to 9**9 values ("billion laughs") used to run until
    # memory ran out; a board holds a few hundred values
    lines = ["ruleset: zx", 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    (p,) = problems("\n".join(lines) + "\n")
    assert p.expected == "at most 100,000 values" and "too many values" in p.message
    assert p.line >= 2 and p.col > 1


def test_aliases_within_reason_still_load():
    text = MINI.replace("colors: [赤]", "colors: *red").replace(
        "type: zekusu, power: 1000}", "type: zekusu, power: 1000, colors: &red [赤]}")
    b = load_text(text, "f.yaml")
    assert b.cards["L1"].colors == b.cards["A"].colors == ("red",)


@pytest.mark.parametrize("entry, line, col", [
    ("hand: 100000000", 5, 23), ("life: [{unknown: 100000000}]", 5, 34)])
def test_absurd_unknown_card_counts_are_refused(entry, line, col):
    # a deck is 50 cards (401.1a); 10**8 unknown cards used to be built one by one until the
    # machine gave up
    text = MINI.replace("  P2: {deck: 5, life: 3}", "  P2: {deck: 5, " + entry + "}")
    (p,) = problems(text)
    assert (p.line, p.col) == (line, col)
    assert p.expected == "a whole number from 0 to 1000" and p.found == "the number 100000000"
    assert load_text(text.replace("100000000", "1000"), "f.yaml")  # the limit itself is fine


def test_a_huge_value_is_quoted_short_in_the_message():
    # a 30 MB scalar file used to be echoed whole ("found the text 'aaaa…") to the terminal
    (p,) = problems("a" * 100_000 + "\n")
    assert p.found == "the text " + repr("a" * 60) + "… (100,000 characters)"
    (p,) = problems("ruleset: zx\n" + "k" * 1000 + ": 1\n")  # an unknown key of 1000 characters
    assert p.found == "the key " + repr("k" * 60) + "… (1,000 characters)"
    assert len(str(p)) < 600


def _deck_file(entries: list[str]) -> str:
    return ("ruleset: zx\nplayers:\n  P1:\n    deck:\n"
            + "".join(f"      - {e}\n" for e in entries)
            + "squares:\n  S-C: [{id: pc1, type: player, owner: P1}]\n")


def test_aliases_count_the_cards_they_repeat():
    # one anchor {unknown: 1000} and 2,000 aliases of it used to build 2,001,000 cards (11 s)
    # and check clean; a board holds at most 2,000 cards (a deck is 50, 401.1a) however
    # they are written, and the alias that goes over is named
    (p,) = problems(_deck_file(["&u {unknown: 1000}"] + ["*u"] * 2000))
    assert (p.line, p.col) == (7, 9)  # the second alias: cards 2,001 to 3,000
    assert p.expected == "at most 2,000 cards in a board file (a deck is 50 cards, 401.1a)"
    assert p.found == "3,000 cards by here"
    assert "alias" in p.message


def test_written_cards_meet_the_same_card_limit_as_aliased_ones():
    (p,) = problems(_deck_file(["{unknown: 1000}", "{unknown: 1000}", "{id: X}"]))
    assert (p.line, p.col, p.found) == (7, 9, "2,001 cards by here")
    # zone counts, bare ids, card mappings and their shifts all count
    text = ("ruleset: zx\nplayers:\n  P1: {deck: 1000, hand: [h1]}\n  P2: {deck: 999}\n"
            "squares:\n  M-C: [{id: A, owner: P1, shifts: [{id: S1}]}]\n")
    (p,) = problems(text)
    assert (p.line, p.col, p.found) == (6, 9, "2,001 cards by here")
    b = load_text(text.replace("deck: 999", "deck: 997"), "f.yaml")
    assert len(b.cards) == 2000  # the limit itself is fine


def test_alias_positions_are_where_the_alias_stands():
    # a repeated node is reported where its alias (*name) stands, not at its anchor
    (p,) = problems(_deck_file(["&u {unknown: 900}", "*u", "{unknown: 5}", "*u"]))
    assert (p.line, p.col, p.found) == (8, 9, "2,705 cards by here")
    # nested: cards 1,801 to 2,100 are the inner *u repeated by *d, written at *d
    text = ("ruleset: zx\nplayers:\n  P1:\n    deck: &d [{unknown: 600}, &u {unknown: 300}, *u]\n"
            "    life: *d\n")
    (p,) = problems(text)
    assert (p.line, p.col, p.found) == (5, 11, "2,100 cards by here")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 50, 400, 999, 1000]), min_size=1, max_size=8))
def test_an_alias_counts_exactly_what_writing_it_out_counts(counts):
    # the same deck written out and written with aliases (each count anchored where it first
    # stands) is accepted or refused alike, at the same entry, with the same count
    written = [f"{{unknown: {n}}}" for n in counts]
    aliased = [f"*u{n}" if n in counts[:i] else f"&u{n} {{unknown: {n}}}"
               for i, n in enumerate(counts)]
    outcomes = []
    for entries in (written, aliased):
        try:
            b = load_text(_deck_file(entries), "f.yaml")
            outcomes.append(("loaded", len(b.zones["P1.deck"])))
        except BoardSyntaxError as e:
            outcomes.append(tuple((p.line, p.col, p.found) for p in e.problems))
    assert outcomes[0] == outcomes[1]
    cards = counts + [1]  # the player card on S-C, the line after "squares:"
    lines = [5 + i for i in range(len(counts))] + [6 + len(counts)]
    over = [i for i in range(len(cards)) if sum(cards[:i + 1]) > 2000]
    if not over:
        assert outcomes[0] == ("loaded", sum(counts))
    else:
        i = over[0]
        assert outcomes[0] == ((lines[i], 9, f"{sum(cards[:i + 1]):,} cards by here"),)


@pytest.mark.parametrize("field, line, col, clause", [
    ("  P1: {deck: 5, charge_limit: -5}\n", 4, 31, "306.2a"),
    ("  P1: {deck: 5, hand_limit: -1}\n", 4, 29, "309.2b"),
    ("squares:\n  M-C: [{id: A, owner: P1, power: -1000}]\n", 6, 35, "208.1"),
    ("squares:\n  M-C: [{id: A, owner: P1, cost: -1}]\n", 6, 34, "203.2"),
    ("squares:\n  M-C: [{id: A, owner: P1, abilities: [{static: charge_limit, value: -1}]}]\n",
     6, 70, "306.2a"),
])
def test_impossible_limits_and_printed_values_are_refused_with_their_clause(field, line,
                                                                             col, clause):
    # a limit is a number of cards (306.2a: 4, 309.2b: 6, 906.1, 507.8); a printed power or
    # cost is a number on the card (208.1, 203.2): none is below 0. Power below 0 exists only
    # through effects (811.1c, 904.2), which the file writes as effects, not as printed power.
    text = "ruleset: zx\ngame: {turn: 1}\nplayers:\n" + (
        field if field.startswith("  P1") else "  P1: {deck: 5}\n" + field)
    (p,) = problems(text)
    assert (p.line, p.col) == (line, col)  # the value itself
    assert p.expected.startswith("a whole number ≥ 0") and clause in p.expected
    assert p.found.startswith("the number -")
    assert load_text(text.replace(": -", ": "), "f.yaml")  # 0 and above are fine


def test_a_pending_trigger_count_is_bounded():
    # `count: 1000000000` checked clean and then hung `step` building a billion instances
    (p,) = problems("ruleset: zx\nsquares:\n  M-C: [{id: A, power: 1, owner: P1, abilities: "
                    "[{auto: appears, effect: [{draw: 1}]}]}]\n"
                    "triggers: [{card: A, count: 1000000000}]\n")
    assert p.line == 4 and "1000" in p.expected


@pytest.mark.parametrize("game,board", [
    ("zx", "ruleset: zx\nplayers:\n  P1:\n    hand: [A, \"{id}\"]\n"),
    ("g2022", "ruleset: g2022\nplayers:\n  P1:\n    energy: [e1, \"{id}\"]\n"),
    ("d0", "ruleset: d0\nplayers:\n  P1:\n    hand: [A, \"{id}\"]\n"),
    ("thv", "ruleset: thv\nplayers:\n  P1:\n    hand: [{{id: \"{id}\", name: x}}]\n"),
])
@pytest.mark.parametrize("char", ["\u200b", "\u202e", "\u2066", "\ufeff", "\u00ad", "\u3164",
                                  "\ufe0f", "\U000e0041", "\U000e0100", "\u3000"])
def test_card_ids_with_invisible_or_bidi_characters_are_refused(game, board, char):
    """D and D + U+200B print alike: an id holding such a character is refused, naming it."""
    text = board.format(id="D" + char)
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "inv.yaml")
    msg = "\n".join(str(p) for p in e.value.problems)
    assert "inv.yaml:4:" in msg and "visible characters only" in msg
    assert f"U+{ord(char):04X}" in msg
    # the same board with a visible id loads
    load_text(board.format(id="D2"), "ok.yaml")


def test_invisible_characters_in_a_mapping_key_id_are_refused():
    text = ("ruleset: zx\nplayers:\n  P1:\n    hand: [A]\nexpect:\n  cards:\n"
            "    \"A\u200b\": {zone: P1.hand}\n")
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "k.yaml")
    assert any("U+200B" in str(p) for p in e.value.problems)


@pytest.mark.parametrize("game", ["zx", "g2022", "d0", "thv"])
@pytest.mark.parametrize("value", ['""', "''", '"   "'])
def test_a_blank_until_or_step_is_refused_at_its_position(game, value):
    text = f"ruleset: {game}\nplayers:\n  P1: {{}}\nuntil: {value}\n"
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "u.yaml")
    (p,) = e.value.problems
    assert (p.line, p.col) == (4, 8) and "not blank" in p.expected
    text = f"ruleset: {game}\ngame: {{step: {value}}}\nplayers:\n  P1: {{}}\n"
    with pytest.raises(BoardSyntaxError) as e:
        load_text(text, "s.yaml")
    assert [(p.line, "not blank" in p.expected) for p in e.value.problems] == [(2, True)]


def test_thv_target_is_a_character_or_a_card_being_played_not_both():
    # 3.8.2 / 10.26.2.a: `played:` names a card being played; `type:` narrows only that
    ps = problems("""format: judgekit-board/1
ruleset: thv
players:
  P1:
    hand:
      - {id: K, name: x, type: command,
         abilities: [{target: {played: any, character: any}, effect: [{discard: target}]}]}
      - {id: L, name: y, type: command,
         abilities: [{target: {type: spell}, effect: [{discard: target}]}]}
""")
    assert [(p.line, p.found) for p in ps] == [(7, "both"), (9, "`type:` without `played:`")]
    ok = load_text("""format: judgekit-board/1
ruleset: thv
players:
  P1:
    hand:
      - {id: K, name: x, type: command,
         abilities: [{target: {played: opponent, type: spell}, effect: [{discard: target}]}]}
""", "<ok>")
    assert ok.cards["K"].abilities[0]["target"] == {"played": "opponent", "type": "spell"}


def test_the_fingerprint_is_the_sha256_of_the_bytes_read_worked_out_when_asked(tmp_path):
    # load_file keeps the bytes it read and hashes them on first use (a plain `step` never
    # asks, and hashlib loads OpenSSL); a copy made before that, as a saved game state is,
    # gives the same fingerprint, and a fingerprint set by hand (the workbench) wins
    import copy
    import hashlib

    from judgekit.board import load_file

    src = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "zx",
                       "T01-battle-lethal-damage.yaml")
    with open(src, "rb") as f:
        raw = f.read()
    p = tmp_path / "b.yaml"
    p.write_bytes(raw)
    b = load_file(str(p))
    early = copy.deepcopy(b)
    p.write_bytes(raw + b"# changed after loading\n")
    want = hashlib.sha256(raw).hexdigest()
    assert b.sha256 == want and early.sha256 == want
    b.sha256 = "0" * 64
    assert b.sha256 == "0" * 64
