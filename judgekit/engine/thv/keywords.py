"""東方VISION's 戦術 and 特殊効果 (chapter 10) that are procedures of their own: who may play a card
when, who counts as a spell's caster, and what a played card may aim at.

* ターン1枚制限 (10.21): once the card is played, its player cannot play a card of the same name
  until the end of the turn — unless the play is made void (a play whose effect does not
  resolve); 自分ターン1枚制限 / 相手ターン1枚制限 are the same (10.21.3) and also carry the turn
  restriction below (10.22.3, 10.23.3).
* 自分ターン制限 (10.22) / 相手ターン制限 (10.23): the card is played only in its player's own
  turn / only in the opponent's turn.
* ラストワード (10.32): the card cannot be played without its caster on its player's field
  (10.32.2.a).
* ラストスペル (10.30): with its caster on its player's field, the spell may be played at a
  command's timing (10.30.2.a).
* 封術 (10.31): the character cannot be treated as a spell's caster while its player has fewer
  than 6 nodes (10.31.2.a); asked whether a character naming the caster is there, it does not
  name it (10.31.3).
* 加護(X) (10.29) / 抵抗(X) (10.26): a character with 加護 targeted by the opponent's command, or
  a card being played with 抵抗 targeted by the effect of the opponent's played card — that
  player may pay X; if not, the targeting card's effect is made void and the card discarded.
* 神器 (10.25): the card cannot be set on, or aim at as a played card's target, a character
  without 伝説 (10.25.2.a); 伝説 itself has no text (10.10.2) — it is what 神器 asks for.

The turn's 1-枚 restrictions are kept in `Board.limited` (`game.limited` in a file:
"P1:name").
"""

from __future__ import annotations

from ..game import IllegalAction
from .clauses import REGISTRY

_rule = REGISTRY.rule

ONCE = {"ターン1枚制限": None, "自分ターン1枚制限": "own", "相手ターン1枚制限": "opponent"}


def _illegal(en: str, ja: str, cites) -> IllegalAction:
    return IllegalAction(en, ja, tuple(cites))


# ---- casters (10.31) ---------------------------------------------------------------------------

@_rule("10.31.2.a", "10.31.3", "10.20.2.a")
def casters(g, c, p: str) -> tuple[list, list]:
    """The characters on p's field whose name (or a name 連結 gives it, 10.20.2.a) includes c's
    caster, and those of them 封術 keeps from being treated as it (10.31.2.a: unless p has 6
    nodes or more; 10.31.3)."""
    if not c.caster:
        return [], []
    named = [x for x in g.b.characters(p) if any(c.caster in n for n in names_of(x))]
    six = len(g.nodes(p)) >= 6
    sealed = [x for x in named if x.has("封術") and not six]
    return [x for x in named if x not in sealed], sealed


def caster_present(g, c, p: str, *, note: bool = False) -> bool:
    ok, sealed = casters(g, c, p)
    if note and ok and not any(c.caster in (x.name or "") for x in ok):
        g.note("keyword", ("10.20.2.a",), f"{', '.join(g.label(x) for x in ok)} has 連結: its name "
               f"is also each name it lists, so it includes {g.label(c)}'s caster ({c.caster}).",
               f"{'、'.join(g.label(x) for x in ok)}は連結を持ち、その名称は指定された名称としても扱うため、"
               f"{g.label(c)}の術者（{c.caster}）を名称に含みます。", player=p)
    if note and sealed and not ok:
        g.note("keyword", ("10.31.2.a", "10.31.3"),
               f"{', '.join(g.label(x) for x in sealed)} has 封術 and {p} has fewer than 6 nodes: "
               f"it is not treated as {g.label(c)}'s caster ({c.caster}), nor as a character "
               "whose name includes it.",
               f"{'、'.join(g.label(x) for x in sealed)}は封術を持ち、{p}のノードが6枚未満のため、"
               f"{g.label(c)}の術者（{c.caster}）として扱われず、術者を名称に含んでいないものとして扱い"
               "ます。", player=p)
    return bool(ok)


# ---- who may play the card when ------------------------------------------------------------------

@_rule("10.22.2.a", "10.22.3", "10.23.2.a", "10.23.3", "10.21.2.a", "10.21.3", "10.32.2.a")
def check_play(g, c, p: str) -> tuple:
    """Raise IllegalAction when a turn or 1-枚 restriction or ラストワード forbids playing c now;
    return the clauses that allowed it."""
    b = g.b
    lab = g.label(c)
    cites: list = []
    own = c.has("自分ターン制限") or c.has("自分ターン1枚制限")
    opp = c.has("相手ターン制限") or c.has("相手ターン1枚制限")
    if own:
        cl = ("10.22.2.a",) + (("10.22.3",) if c.has("自分ターン1枚制限") else ())
        if b.turn_player != p:
            raise _illegal(f"{lab} has 自分ターン制限: it is played only in {p}'s own turn",
                           f"{lab}は自分ターン制限を持つため、{p}のターンにしかプレイ出来ません", cl)
        cites += cl
    if opp:
        cl = ("10.23.2.a",) + (("10.23.3",) if c.has("相手ターン1枚制限") else ())
        if b.turn_player == p:
            raise _illegal(f"{lab} has 相手ターン制限: it is played only in the opponent's turn",
                           f"{lab}は相手ターン制限を持つため、相手プレイヤーのターンにしかプレイ出来ません",
                           cl)
        cites += cl
    word = next((w for w in ONCE if c.has(w)), None)
    if word is not None:
        cl = ("10.21.2.a",) + (("10.21.3",) if word != "ターン1枚制限" else ())
        if f"{p}:{c.name}" in b.limited:
            raise _illegal(f"{lab}: {p} has played a card named 「{c.name}」 with {word} this "
                           "turn and cannot play another until the end of the turn",
                           f"{lab}：{p}はこのターン{word}を持つ「{c.name}」をプレイしているため、ターン"
                           "終了時まで同名のカードをプレイ出来ません", cl)
    if c.has("ラストワード"):
        if not caster_present(g, c, p, note=True):
            raise _illegal(f"{lab} has ラストワード: it cannot be played without its caster "
                           f"({c.caster or 'none written'}) on {p}'s field",
                           f"{lab}はラストワードを持つため、{p}の場に術者がいない場合はプレイ出来ません",
                           ("10.32.2.a",))
        cites.append("10.32.2.a")
    return tuple(cites)


@_rule("10.30.2.a")
def last_spell_timing(g, c, p: str) -> bool:
    """10.30.2.a: a ラストスペル spell with its caster on p's field may be played at a command
    card's timing (priority is enough, 5.6.1.a)."""
    return c.type == "spell" and c.has("ラストスペル") and caster_present(g, c, p, note=True)


def record_once(g, c, p: str) -> tuple:
    """10.21.2.a: the card is played — its player cannot play a card of its name this turn."""
    word = next((w for w in ONCE if c.has(w)), None)
    if word is None or not c.name:
        return ()
    key = f"{p}:{c.name}"
    if key not in g.b.limited:
        g.b.limited.append(key)
        g.change({"op": "limited+", "key": key})
    return ("10.21.2.a",) + (("10.21.3",) if word != "ターン1枚制限" else ())


def void_once(g, c, p: str) -> None:
    """10.21.2.a 但し: the play was made void (its effect did not resolve) — the restriction
    it made is void too."""
    if c is None or not any(c.has(w) for w in ONCE):
        return
    key = f"{p}:{c.name}"
    if key in g.b.limited:
        g.note("keyword", ("10.21.2.a",), f"{g.label(c)}'s play was made void: the restriction "
               f"its ターン1枚制限 made is void, and {p} may play a card named 「{c.name}」 again.",
               f"{g.label(c)}のプレイが無効になったため、ターン1枚制限の効果も無効になります。",
               cards=[c.id], player=p)
        g.b.limited.remove(key)
        g.change({"op": "limited-", "key": key})


# ---- 神器 and 伝説 (10.25, 10.10) ------------------------------------------------------------------

@_rule("10.25.2.a", "10.10.2")
def divine_tool_target(g, c, targets: list) -> tuple:
    """10.25.2.a: a 神器 card cannot be set on, nor target when played, a character without 伝説
    (which has no text of its own, 10.10.2: it is what 神器 looks for)."""
    if not c.has("神器"):
        return ()
    for t in targets:
        x = g.b.cards.get(t)
        if x is not None and x.type == "character" and not x.has("伝説"):
            raise _illegal(f"{g.label(c)} has 神器: it cannot target (or be set on) "
                           f"{g.label(x)}, a character without 伝説",
                           f"{g.label(c)}は神器を持つため、伝説を持たない{g.label(x)}を目標にすることは"
                           "出来ません", ("10.25.2.a", "10.10.2"))
    return ("10.25.2.a", "10.10.2") if targets else ()


def legend_only(g):
    """The targets a 神器 card may choose: no character without 伝説 (10.25.2.a)."""
    def keep(t: str) -> bool:
        x = g.b.cards.get(t)
        return x is None or x.type != "character" or x.has("伝説")
    return keep


# ---- 加護(X) (10.29) ------------------------------------------------------------------------------

@_rule("10.29.2.a", "10.1.3")
def blessing(g, c, p: str, targets: list, entry: dict, can_pay, pay_nodes) -> bool:
    """10.29.2.a: a character with 加護(X) became the target of its opponent's command card —
    that player may pay X; if not, the command's effect is made void and the card discarded.
    Returns False when the play was made void. (`can_pay` / `pay_nodes`: play.py's payment,
    1.8.7, passed in.)"""
    if c.type != "command":
        return True
    for t in targets:
        x = g.b.cards.get(t)
        if x is None or x.controller == p:
            continue
        for i, n in enumerate(x.keyword_values("加護")):  # each 加護 on its own (10.1.3)
            if not _one_blessing(g, c, p, x, int(n), i, entry, can_pay, pay_nodes):
                return False
    return True


def _one_blessing(g, c, p: str, x, n: int, i: int, entry: dict, can_pay, pay_nodes) -> bool:
    """One 加護(n) of x (the i-th it has: a second one is its own, 10.1.3)."""
    from ..choices import Request

    lab, xl = g.label(c), g.label(x)
    twice = ("10.1.3",) if i else ()
    again = f" (its {'second' if i == 1 else f'{i + 1}th'} 加護: each is its own, 10.1.3)" \
        if i else ""
    again_ja = "（2つ目以降の加護もそれぞれ独立しています）" if i else ""
    pay = False
    if can_pay(g, p, n):
        pay = g.ask(Request("10.29.2.a", p, f"Pay {n} for the 加護({n}) of {xl}, the target "
                            f"of {lab}?", f"{lab}の目標になった{xl}の加護（{n}）のために{n}を"
                            "支払いますか？", kind="yesno", cites=("10.29.2.a",)))
    if pay:
        with g.step("keyword", ("10.29.2.a",) + twice, f"{xl} has 加護({n}){again} and "
                    f"became the target of {p}'s command {lab}: {p} pays {n}.",
                    f"{xl}は加護（{n}）を持ち{again_ja}、{p}のコマンド"
                    f"カード{lab}の目標になったため、{p}は{n}を支払います。", cards=[x.id, c.id],
                    player=p):
            pay_nodes(g, p, n, lab)
        return True
    with g.step("keyword", ("10.29.2.a",) + twice, f"{xl} has 加護({n}){again} and became "
                f"the target of {p}'s command {lab}; {p} does not pay {n}: the effect of {lab} "
                "is made void and the card is discarded.", f"{xl}は加護（{n}）を持ち{again_ja}、"
                f"{p}のコマンドカード{lab}の"
                f"目標になりました。{p}は{n}を支払わないため、{lab}の効果を無効とし、破棄します。",
                cards=[x.id, c.id], player=p):
        _void_play(g, c, p, entry, x.id)
    return False


def _void_play(g, c, p: str, entry: dict, cause: str) -> None:
    """The play's effect is made void (its entry leaves the interference) and the card is
    discarded — 加護 (10.29.2.a) and 抵抗 (10.26.2.a) alike."""
    from .effects import remove

    fr = g.b.frame()
    if fr is not None and entry in fr["entries"]:
        fr["entries"].remove(entry)
        g.change({"op": "entry-", "entry": {k: v for k, v in entry.items() if k[0] != "_"}})
    void_once(g, c, p)
    remove(g, "discard", [c], cause=cause, by_effect=True)


# ---- 抵抗(X) (10.26) ------------------------------------------------------------------------------

@_rule("10.26.2.a")
def resist(g, c, p: str, targets: list, entry: dict, can_pay, pay_nodes) -> bool:
    """10.26.2.a: a card being played (in a play area, 3.8.2) with 抵抗(X) became the target of
    the effect of its opponent's card c — that opponent may pay X; if not, c's effect is made
    void and c discarded. Returns False when the play was made void."""
    from ..choices import Request
    from .model import zone_kind, zone_player

    for t in targets:
        x = g.b.cards.get(t)
        if x is None or zone_kind(x.zone) != "play" or zone_player(x.zone) == p:
            continue
        n = x.keyword("抵抗")
        if n is None:
            continue
        n = int(n)
        lab, xl = g.label(c), g.label(x)
        pay = False
        if can_pay(g, p, n):
            pay = g.ask(Request("10.26.2.a", p, f"Pay {n} for the 抵抗({n}) of {xl}, the card "
                                f"being played that {lab} targets?", f"{lab}の目標になったプレイ"
                                f"されている{xl}の抵抗（{n}）のために{n}を支払いますか？",
                                kind="yesno", cites=("10.26.2.a",)))
        if pay:
            with g.step("keyword", ("10.26.2.a",), f"{xl}, being played, has 抵抗({n}) and "
                        f"became the target of {p}'s card {lab}: {p} pays {n}.",
                        f"プレイされている{xl}は抵抗（{n}）を持ち、{p}のカード{lab}の効果の目標に"
                        f"なったため、{p}は{n}を支払います。", cards=[x.id, c.id], player=p):
                pay_nodes(g, p, n, lab)
            continue
        with g.step("keyword", ("10.26.2.a",), f"{xl}, being played, has 抵抗({n}) and became "
                    f"the target of {p}'s card {lab}; {p} does not pay {n}: the effect of {lab} "
                    "is made void and the card is discarded.", f"プレイされている{xl}は抵抗（{n}）"
                    f"を持ち、{p}のカード{lab}の効果の目標になりました。{p}は{n}を支払わないため、"
                    f"{lab}の効果を無効とし、破棄します。", cards=[x.id, c.id], player=p):
            _void_play(g, c, p, entry, x.id)
        return False
    return True


# ---- オーバードライブ (10.33) and 連結 (10.20): exclude cards, or the card and its play fails ----------

def names_of(c) -> tuple:
    """10.20.2.a: a 連結 card's name is also each of the names it lists."""
    links = c.keyword("連結") if c is not None else None
    return ((c.name or ""),) + tuple(links or ())


def _exclude_or_fail(g, c, p: str, key: str, opts: list, n_min: int, n_max: int, cites: tuple,
                     what_en: str, what_ja: str, fail: tuple) -> bool:
    from ..choices import Request
    from .effects import remove

    lab = g.label(c)
    chosen: list = []
    if len(opts) >= n_min:
        chosen = list(g.ask(Request(key, p, f"{lab}: exclude {what_en} (none: {lab} itself is "
                                    "excluded and its play fails)?", f"{lab}：{what_ja}を除外しますか"
                                    f"（除外しない場合、{lab}を除外し、解決に失敗します）",
                                    [(x.id, g.label(x)) for x in opts], kind="many", min=0,
                                    max=n_max, cites=cites)) or [])
    if chosen and len(chosen) >= n_min:
        with g.step("keyword", cites, f"{lab}: {p} excludes {', '.join(g.label(i) for i in chosen)}"
                    f" ({what_en}).", f"{lab}：{p}は{'、'.join(g.label(i) for i in chosen)}を除外します"
                    "。", cards=[c.id] + chosen, player=p):
            remove(g, "exclude", [g.b.cards[i] for i in chosen], cause=c.id, by_effect=True)
        return True
    with g.step("keyword", cites + fail, f"{lab}: {p} excludes nothing ({what_en}): {lab} is "
                "excluded at once and its play (or its putting onto the field) fails.",
                f"{lab}：{p}は{what_ja}を除外しないため、直ちに{lab}を除外し、このカードのプレイ（または"
                "場に出す効果）は解決に失敗します。", cards=[c.id], player=p):
        remove(g, "exclude", [c], cause=c.id, by_effect=True)
    return False


@_rule("10.33.2.a", "10.33.3")
def overdrive(g, c, p: str) -> bool:
    """10.33.2.a: as an オーバードライブ card's play resolves, its player may exclude one or more
    cards of their netherworld — character cards naming its caster, or spells with the same
    caster; if not, the card is excluded and the play fails (10.33.3)."""
    if not c.has("オーバードライブ"):
        return True
    cast = c.caster
    opts = [x for x in (g.b.cards[i] for i in g.b.pzone(p, "netherworld"))
            if cast and ((x.type == "character" and any(cast in n for n in names_of(x)))
                         or (x.type == "spell" and x.caster == cast))]
    return _exclude_or_fail(g, c, p, "10.33.2.a", opts, 1, max(1, len(opts)),
                            ("10.33.2.a",), f"one or more netherworld cards naming {cast}",
                            f"冥界の術者「{cast}」のカード1枚以上", ("10.33.3",))


@_rule("10.20.2.b", "10.20.3")
def link(g, c, p: str) -> bool:
    """10.20.2.b: as a 連結「A」+「B」… card's play resolves, its player may exclude, from their
    field, hand or netherworld, one card whose name includes A, one B, …; if not, the card is
    excluded and the play fails (10.20.3)."""
    names = c.keyword("連結")
    if not names:
        return True
    b = g.b
    pool = [b.cards[i] for z in ("field", "hand", "netherworld") for i in b.pzone(p, z)
            if i != c.id]
    per = {n: [x for x in pool if any(n in m for m in names_of(x))] for n in names}
    # one card for each name: the player names them (in the order of the names)
    opts = [x for n in names for x in per[n]]
    opts = list(dict.fromkeys(opts))
    from ..choices import Request
    from .effects import remove

    lab = g.label(c)
    chosen: list = []
    if all(per.values()):
        chosen = list(g.ask(Request("10.20.2.b", p, f"{lab}: exclude one card for each of "
                                    f"「{'」+「'.join(names)}」 (none: {lab} is excluded and its "
                                    "play fails)?", f"{lab}：「{'」「'.join(names)}」をそれぞれ含むカードを"
                                    "1枚ずつ除外しますか？", [(x.id, g.label(x)) for x in opts],
                                    kind="many", min=0, max=len(names),
                                    cites=("10.20.2.b",))) or [])
    ok = len(chosen) == len(names) and _covers(names, [b.cards[i] for i in chosen])
    if ok:
        with g.step("keyword", ("10.20.2.b",), f"{lab} (連結「{'」+「'.join(names)}」): {p} "
                    f"excludes {', '.join(g.label(i) for i in chosen)}.",
                    f"{lab}（連結）：{p}は{'、'.join(g.label(i) for i in chosen)}を除外します。",
                    cards=[c.id] + chosen, player=p):
            remove(g, "exclude", [b.cards[i] for i in chosen], cause=c.id, by_effect=True)
        return True
    with g.step("keyword", ("10.20.2.b", "10.20.3"), f"{lab} (連結「{'」+「'.join(names)}」): "
                f"{p} does not exclude one card for each name: {lab} is excluded at once and its "
                "play fails.", f"{lab}（連結）：{p}は指定されたカードを除外しないため、直ちに{lab}を"
                "除外し、このカードのプレイは解決に失敗します。", cards=[c.id], player=p):
        remove(g, "exclude", [c], cause=c.id, by_effect=True)
    return False


def _covers(names: list, cards: list) -> bool:
    """One distinct card for each name (a matching of names to cards)."""
    def go(i: int, used: frozenset) -> bool:
        if i == len(names):
            return True
        return any(x.id not in used and any(names[i] in m for m in names_of(x))
                   and go(i + 1, used | {x.id}) for x in cards)
    return go(0, frozenset())


# ---- 壱符 and 弐符 (10.18, 10.19): スペルブレイク ----------------------------------------------------

def _b_of(c) -> str:
    """10.18.2.a: 「Aはこのカードの名称である「符ノ壱"B"」のBに等しい」 — the file's {壱符: B}, else
    the quoted part of the card's name."""
    v = c.keyword("壱符")
    if isinstance(v, str) and v:
        return v
    import re

    m = re.search(r"[“\"「『](.+?)[”\"」』]", c.name or "")
    return m.group(1) if m else ""


@_rule("10.18.2.a", "10.18.3")
def spell_break(g, c) -> None:
    """10.18.2.a: a 壱符 character has become 決死 — its player may put a 弐符 character card of
    their sideboard whose name includes A onto their field, asleep (スペルブレイク, 10.18.3), and
    may move the cards set on this character to it; then this character is discarded (the 決死
    goes on to 破棄, 9.2.3.e)."""
    from ..choices import Request
    from .triggers import set_on

    b = g.b
    p = c.controller
    a = _b_of(c)
    opts = [b.cards[i] for i in b.pzone(p, "sideboard")
            if b.cards[i].has("弐符") and a and a in (b.cards[i].name or "")]
    lab = g.label(c)
    chosen = []
    if opts:
        chosen = list(g.ask(Request("10.18.2.a", p, f"{lab} (壱符) has become 決死: put a 弐符 card "
                                    f"naming 「{a}」 from the sideboard onto the field (none: no)?",
                                    f"{lab}（壱符）が決死状態になりました。サイドボードの名称に「{a}」を"
                                    "含む弐符を持つキャラクターカードを場に出しますか？",
                                    [(x.id, g.label(x)) for x in opts], kind="many", min=0,
                                    max=1, cites=("10.18.2.a",))) or [])
    if not chosen:
        g.note("keyword", ("10.18.2.a",), f"{lab} has 壱符 and has become 決死: {p} puts no 弐符 "
               f"card naming 「{a}」 onto the field" + ("" if opts else " (the sideboard has none)")
               + "; it is discarded.", f"{lab}は壱符を持ち決死状態になりましたが、{p}は弐符を持つカードを"
               "場に出しません。破棄されます。", cards=[c.id], player=p)
        return
    new = b.cards[chosen[0]]
    with g.step("keyword", ("10.18.2.a", "10.18.3"), f"スペルブレイク: {lab} (壱符) has become "
                f"決死; {p} puts {g.label(new)} (弐符) from the sideboard onto the field, asleep.",
                f"スペルブレイク：{lab}（壱符）が決死状態になったため、{p}はサイドボードの{g.label(new)}"
                "（弐符）をスリープ状態で場に出します。", cards=[c.id, new.id], player=p):
        g.move([new], f"{p}.field", state="sleep", face="up", reason="enter")
    sets = [b.cards[i] for i in c.set if i in b.cards]
    if sets and g.ask(Request("10.18.2.a", p, f"move the cards set on {lab} to {g.label(new)}?",
                              f"{lab}にセットされているカードを{g.label(new)}に移しますか？",
                              kind="yesno", cites=("10.18.2.a",))):
        with g.step("keyword", ("10.18.2.a",), f"The cards set on {lab} "
                    f"({', '.join(g.label(s) for s in sets)}) move to {g.label(new)}.",
                    f"{lab}にセットされているカードを{g.label(new)}に移します。",
                    cards=[s.id for s in sets], player=p):
            for s in sets:
                c.set.remove(s.id)
                set_on(g, s, new, s.set_as or "other")


@_rule("10.19.2.a")
def second_card_entered(g, c, p: str) -> bool:
    """10.19.2.a: a 弐符 character that entered the field other than by 壱符's effect is excluded
    (before the other effects of its entering). True when it was."""
    if not c.has("弐符"):
        return False
    from .effects import remove

    with g.step("keyword", ("10.19.2.a",), f"{g.label(c)} has 弐符 and entered the field other than "
                "by a 壱符's effect: it is excluded (before the other effects of its entering).",
                f"{g.label(c)}は弐符を持ち、壱符の効果以外で場に出たため、ゲームから除外します"
                "（他の場に出た場合の効果よりも先に解決します）。", cards=[c.id], player=p):
        remove(g, "exclude", [c], cause=c.id, by_effect=True)
    return True


# ---- 変身 (10.28) ------------------------------------------------------------------------------------

SIDE = ("name", "attack", "durability", "graze")


def transformed(c) -> bool:
    v = c.keyword("変身")
    return isinstance(v, dict) and bool(v.get("transformed"))


@_rule("10.28.3", "10.28.4", "10.28.6.a", "10.28.6.b", "10.28.8")
def transform(g, c, cites: tuple, en: str, ja: str) -> bool:
    """10.28.6: the card is turned upside down (a) and is the character its transformed
    description gives (b), which is treated as its own description (10.28.8); a transformed card
    cannot be transformed again (10.28.4). The file keeps the side not shown in {変身: {…}}."""
    lab = g.label(c)
    if transformed(c):
        g.note("keyword", ("10.28.4",), f"{lab} is already transformed: it cannot be transformed "
               "again.", f"{lab}は既に変身状態のため、変身状態にすることは出来ません。", cards=[c.id])
        return False
    with g.step("keyword", cites + ("10.28.6.a", "10.28.6.b", "10.28.3", "10.28.8"),
                en + f" {lab} is turned upside down and becomes the character of its transformed "
                "description.", ja + f"{lab}の上下を入れ替え、変身状態の記述のキャラクターとして扱います。",
                cards=[c.id]):
        _swap(g, c, True)
    return True


@_rule("10.28.7.a", "10.28.7.b", "10.28.10")
def revert_at_turn_start(g, p: str) -> None:
    """10.28.10: transformed characters return to normal at the start of the turn of the player
    whose zone holds them (10.28.7: turned back, their own description again)."""
    for c in list(g.b.field(p)):
        if transformed(c):
            with g.step("keyword", ("10.28.10", "10.28.7.a", "10.28.7.b"),
                        f"{p}'s turn begins: {g.label(c)} returns from its transformed state to "
                        "normal (turned back; its own description again).",
                        f"{p}のターン開始時：{g.label(c)}は変身状態から通常状態に戻ります。", cards=[c.id],
                        player=p):
                _swap(g, c, False)


def _swap(g, c, on: bool) -> None:
    other = dict(c.keyword("変身") or {})
    now = {k: getattr(c, k) for k in SIDE}
    for k in SIDE:
        if k in other:
            g.set_card(c, k, other[k])
    back = {k: now[k] for k in SIDE if k in other}
    back["transformed"] = on
    kws = tuple({"変身": back} if isinstance(k, dict) and "変身" in k else k for k in c.keywords)
    g.set_card(c, "keywords", kws)


@_rule("10.28.2.a")
def offer_on_combat(g, c, p: str, what: str) -> None:
    """10.28.2.a: a character with 変身 that attacks or defends may, at the same time, be
    transformed until its player's next turn start (choice 10.28.2.a, yes/no)."""
    from ..choices import Request

    if not c.has("変身") or transformed(c):
        return
    if g.ask(Request("10.28.2.a", p, f"transform {g.label(c)} as it {what}s (変身)?",
                     f"{g.label(c)}を変身状態にしますか？", kind="yesno", cites=("10.28.2.a",))):
        transform(g, c, ("10.28.2.a",), f"変身: {g.label(c)} {what}s and is transformed until "
                  f"{p}'s next turn start.", f"変身：{g.label(c)}は攻撃／防御と同時に、次の{p}の"
                  "ターン開始時まで変身状態になります。")
