"""Effects: the instructions of a card's text (7.1.9–7.1.12), objects and targets (8.1, 8.2),
damage (1.10.12), removal (chapter 9), and the 自動γ the rules resolve in their own steps
(7.4.7).

An effect is a list of instructions applied from the first to the last (7.1.9). A part that
cannot be applied as written stops the rest and the effect fails (7.1.12); what was applied
stays. Applying a removal suspends the effect, the removal resolves, the effect goes on (9.1.3);
so does any other process it causes (7.1.10) — here by plain recursion.
"""

from __future__ import annotations

from ..choices import Request
from ..effects import grants as _grants
from ..effects import replace as _replace
from ..effects.delayed import Store, in_turn_words, of_phase_and_turn
from ..effects.events import Event
from .clauses import REGISTRY
from .model import PLAYERS, keyword_name, opponent, zone_kind, zone_player
from .stats import battle_stats, raw_stats, resists

_rule = REGISTRY.rule

SUSPEND = "suspend"  # an instruction started a nested interference (6.3.5.a)


class Ctx:
    """What is being resolved: who resolves it (「あなた」, 1.4.4), its source (発生源, 12.2.1),
    the targets chosen (8.2.4), the kind (play / use / auto / waiting) and, for an 自動γ, the
    event that met its condition."""

    __slots__ = ("player", "source", "source_type", "targets", "target_inc", "kind", "label",
                 "event", "clause", "spec", "seen", "x")

    def __init__(self, player: str, source: str | None = None, *, source_type: str | None = None,
                 targets=(), target_inc: dict | None = None, kind: str = "effect",
                 label: str = "", event: dict | None = None, clause: str = "",
                 spec: dict | None = None) -> None:
        self.player = player
        self.source = source
        self.source_type = source_type
        self.targets = list(targets)
        self.target_inc = dict(target_inc or {})
        self.kind = kind
        self.label = label
        self.event = event or {}
        self.clause = clause
        self.spec = spec  # the target specification of the ability (8.2.2)
        self.seen: dict = {}  # deck owner → how its cards were seen or revealed (3.2.5, 11.6, 11.7)
        self.x = None  # what was paid for the played card's cost X (1.8.7.h)


# ---- targets (8.2) --------------------------------------------------------------------------

def target_spec(ability: dict) -> dict | None:
    t = ability.get("target")
    if t is None:
        return None
    return t if isinstance(t, dict) else {"character": t}


@_rule("10.34.2.a")
def legal_target(g, spec: dict, cid: str, player: str, source_type: str | None,
                 inc: int | None = None) -> bool:
    """8.2.6: a character on the field matching 〔…〕; a リーダー is not a legal target of the
    opponent's command cards (10.34.2.a); a 「目標にできない」 wins (1.3.2); a card that left
    its zone is another object."""
    b = g.b
    c = b.cards.get(cid)
    if "played" in spec:
        return played_target(g, spec, c, player, inc)
    if c is None or not b.is_character(c):
        return False
    if inc is not None and c.incarnation != inc:
        return False
    who = spec.get("character", "any")
    ctl = g.ctl(c)
    if who == "you" and ctl != player or who == "opponent" and ctl == player:
        return False
    race = spec.get("race")
    if race and race not in c.races:
        return False
    if c.has("リーダー") and ctl != player and source_type == "command":
        return False
    from .stats import forbid

    return forbid(g, c, "be_targeted") is None


@_rule("3.8.2")
def played_target(g, spec: dict, c, player: str, inc: int | None = None) -> bool:
    """〔プレイされているカード〕: a card in a play area is treated as a played card (3.8.2) —
    yours (`played: you`), the opponent's, or any, optionally of one card type."""
    if c is None or zone_kind(c.zone) != "play":
        return False
    if inc is not None and c.incarnation != inc:
        return False
    who = spec["played"]
    owner = zone_player(c.zone)
    if who == "you" and owner != player or who == "opponent" and owner == player:
        return False
    return spec.get("type") in (None, c.type)


def legal_targets(g, spec: dict, player: str, source_type: str | None) -> list[str]:
    if "played" in spec:
        return [i for p in PLAYERS for i in g.b.pzone(p, "play")
                if played_target(g, spec, g.b.cards[i], player)]
    return [c.id for c in g.b.characters() if legal_target(g, spec, c.id, player, source_type)]


@_rule("8.2.5.a", "8.2.5.b")
def targets_ok(g, ctx: Ctx, spec: dict | None, when: str) -> bool:
    """8.2.5: at the start of the resolution (a) and when the effect applies (b) every target
    must still be legal; if one is not, the effect fails."""
    if spec is None or not ctx.targets:
        return True
    bad = [t for t in ctx.targets
           if not legal_target(g, spec, t, ctx.player, ctx.source_type, ctx.target_inc.get(t))]
    if not bad:
        return True
    lab = ", ".join(g.label(t) for t in bad)
    leaf = "8.2.5.a" if "8.2.5.a" in when else "8.2.5.b"
    g.note("target", (leaf,), f"{ctx.label}: its target {lab} is no longer a legal target "
           f"at {when}; the effect fails.", f"{ctx.label}：目標の{lab}は{when}の時点で適切な目標"
           "ではないため、効果の解決に失敗します。", cards=bad, player=ctx.player)
    return False


# ---- applying an effect (7.1.9–7.1.12) --------------------------------------------------------

INSTRUCTIONS = ("damage", "gain_lp", "draw", "discard_hand", "discard", "kesshi", "exclude",
                "return", "modify", "cannot", "grant", "lose", "pay_lp", "set_lp",
                "change_target", "at", "search", "look", "reveal", "shuffle", "active", "sleep",
                "to_nodes", "attack", "nullify", "prevent_next_damage", "lose_game", "win_game",
                "transform", "pay")


def kind_of(instr: dict) -> str:
    for k in INSTRUCTIONS:
        if k in instr:
            return k
    raise ValueError(f"unknown instruction {instr!r}")  # the spec refuses it first


@_rule("7.1.12", "7.1.12.a", "7.1.10")
def apply(g, ctx: Ctx, instrs: list, start: int = 0):
    """Apply the instructions from `start`. Returns ("ok", None), ("fail", None) (7.1.12), or
    (SUSPEND, next index) when one started a nested interference (the effect resumes later,
    7.1.10)."""
    g.depth += 1
    g.resolving += 1
    g.check_depth()
    try:
        for i in range(start, len(instrs)):
            ins = instrs[i]
            r = _INSTR[kind_of(ins)](g, ctx, ins)
            if r == SUSPEND:
                return SUSPEND, i + 1
            if r is False:
                if i + 1 < len(instrs):
                    g.note("effect", ("7.1.12", "7.1.12.a"), f"{ctx.label}: this part cannot be applied as "
                           "written; the rest of the text is not applied and the effect fails.",
                           f"{ctx.label}：この部分が指示通りに適用できないため、以降の文章は適用されず、"
                           "効果の解決に失敗します。", player=ctx.player)
                _seen_end(g, ctx)
                return "fail", None
        _seen_end(g, ctx)
        return "ok", None
    finally:
        g.depth -= 1
        g.resolving -= 1


def _players(g, ctx: Ctx, who) -> list[str]:
    tp = g.b.turn_player
    if who in PLAYERS:
        return [who]
    if who == "you":
        return [ctx.player]
    if who == "opponent":
        return [opponent(ctx.player)]
    if who == "each":
        return [tp, opponent(tp)]
    return []


@_rule("8.1.3", "8.1.3.a")
def _cards(g, ctx: Ctx, what, spec: dict | None = None):
    """The cards an instruction acts on; None when an object cannot be found (8.1.3)."""
    b = g.b
    if what == "target":
        if not ctx.targets:
            return None
        return [b.cards[t] for t in ctx.targets]
    if what == "self":
        c = b.cards.get(ctx.source) if ctx.source else None
        return [c] if c is not None else None
    if what == "popularity":
        host = b.cards.get(ctx.source) if ctx.source else None
        pops = [b.cards[i] for i in (host.set if host else []) if i in b.cards
                and b.cards[i].set_as == "popularity"]
        return pops[:1] or None
    if isinstance(what, str) and what in b.cards:
        return [b.cards[what]]
    return None


def _target_check(g, ctx: Ctx, ins: dict) -> bool:
    """8.2.5.b: the targets are checked again when the effect actually applies to them."""
    if ins.get("to", ins.get(kind_of(ins))) == "target" and ctx.targets and ctx.spec:
        return targets_ok(g, ctx, ctx.spec, "the application (8.2.5.b)")
    return True


@_rule("1.10.6")
def _i_damage(g, ctx: Ctx, ins: dict):
    from .costs import amount

    n = amount(ins["damage"], ctx)
    to = ins.get("to", "opponent")
    if to in ("opponent", "you", "each") or to in PLAYERS:
        rec = _players(g, ctx, to)
    else:
        if not _target_check(g, ctx, ins):
            return False
        cards = _cards(g, ctx, to)
        if cards is None:
            return False
        rec = [c.id for c in cards]
    deal(g, [Damage(ctx.source, r, n, "effect") for r in rec], ctx)
    return True


@_rule("1.9.5")
def _i_gain_lp(g, ctx: Ctx, ins: dict):
    for p in _players(g, ctx, ins.get("to", "you")):
        old = g.lp(p)
        with g.step("lp", ("1.9.5",), f"{p} gains {ins['gain_lp']} LP: {old} → "
                    f"{old + ins['gain_lp']}.", f"{p}はライフポイントを{ins['gain_lp']}点得ます："
                    f"{old} → {old + ins['gain_lp']}。", player=p):
            g.set_lp(p, old + ins["gain_lp"])
    return True


@_rule("1.9.4", "1.9.4.a")
def _i_pay_lp(g, ctx: Ctx, ins: dict):
    """1.9.4: paying LP lowers it by that much — more than the player has, too (1.9.4.a); it
    is not damage (no 1.10 procedure, no 'receives damage' 自動γ)."""
    n = ins["pay_lp"]
    for p in _players(g, ctx, ins.get("player", "you")):
        old = g.lp(p)
        over = n > old
        with g.step("lp", ("1.9.4",) + (("1.9.4.a",) if over else ()),
                    f"{p} pays {n} LP: {old} → {old - n}"
                    + (" (more than it has: allowed, 1.9.4.a)" if over else "")
                    + "; this is not damage.", f"{p}はライフポイントを{n}点支払います："
                    f"{old} → {old - n}" + ("（現在のライフポイントを上回っていても支払えます）"
                                          if over else "") + "。", player=p):
            g.set_lp(p, old - n)
    return True


@_rule("1.8.9.a", "1.8.9.b", "1.8.9.c", "1.8.9.g")
def _i_pay(g, ctx: Ctx, ins: dict):
    """「Xを支払う。支払えない場合、…」: a cost the effect asks as it resolves, paid at once
    (1.8.9.g) from the nodes (1.8.7); paid whenever it can be (1.8.9.a), unless the text makes
    it optional (1.8.9.c); not paid, the text's own 「支払えない場合」 applies (1.8.9.b) — without
    one, this part cannot be applied and the effect fails (7.1.12.a)."""
    n = ins["pay"]
    p = _players(g, ctx, ins.get("player", "you"))[0]
    if n <= len(g.nodes(p)):  # each node pays at most 1 (1.8.7.d; play.can_pay)
        pay = True
        if ins.get("optional"):
            pay = g.ask(Request(ctx.source or "1.8.9.c", p, f"{ctx.label}: pay {n}?",
                                f"{ctx.label}：{n}を支払いますか？", kind="yesno",
                                fallback_keys=("1.8.9.c",), cites=("1.8.9.c",)))
        if pay:
            with g.step("cost", ("1.8.9.g",) + (("1.8.9.c",) if ins.get("optional") else
                                                 ("1.8.9.a",)),
                        f"{ctx.label} asks {p} to pay {n}: it is paid at once"
                        + (" (the text lets it choose, and it pays)" if ins.get("optional")
                           else " (a payment asked must be made when it can be)") + ".",
                        f"{ctx.label}により{p}は{n}の支払いを求められ、即座に支払います。", player=p):
                g.pay_nodes(p, n, ctx.label)
            return True
        why, why_ja, cites = "it chooses not to pay", "支払わないことを選びます", ("1.8.9.c",)
    else:
        why, why_ja, cites = (f"it cannot: {len(g.nodes(p))} node(s) pay at most "
                              f"{len(g.nodes(p))} (1.8.7.d)", "支払えません", ("1.8.9.b",))
    rest = ins.get("otherwise")
    g.note("cost", cites + (("1.8.9.b",) if rest and "1.8.9.b" not in cites else ()),
           f"{ctx.label} asks {p} to pay {n}; {why}"
           + (": what the text says for that case applies." if rest else "."),
           f"{ctx.label}により{p}は{n}の支払いを求められ、{why_ja}"
           + ("。支払えない場合の記述が適用されます。" if rest else "。"), player=p)
    if not rest:
        return False  # 7.1.12.a: this part is not applied as written
    status, _nxt = apply(g, ctx, rest)
    if status == SUSPEND:
        from ..game import Halt

        raise Halt("unsupported", "an attack inside 「支払えない場合」 is not modelled")
    return status == "ok"


@_rule("1.9.7")
def _i_set_lp(g, ctx: Ctx, ins: dict):
    """1.9.7: LP set to a value; the difference is neither gained nor lost."""
    n = ins["set_lp"]
    for p in _players(g, ctx, ins.get("player", "you")):
        old = g.lp(p)
        with g.step("lp", ("1.9.7",), f"{p}'s LP becomes {n} ({old} → {n}); the difference is "
                    "neither gained nor lost.", f"{p}のライフポイントを{n}点にします（{old} → {n}）。"
                    "差を得たり失ったりしたものとしては扱いません。", player=p):
            g.set_lp(p, n)
    return True


def _i_draw(g, ctx: Ctx, ins: dict):
    from .costs import amount

    g.draw(_players(g, ctx, ins.get("player", "you")), amount(ins["draw"], ctx), ())
    return True


@_rule("9.2.2.c")
def _removal(kind: str):
    def run(g, ctx: Ctx, ins: dict):
        what = ins[kind]
        if what == "target" and not _target_check(g, ctx, ins):
            return False
        cards = _cards(g, ctx, what)
        if cards is None:
            g.note("effect", ("8.1.3", "8.1.3.a"), f"{ctx.label}: there is no card to {kind}; the effect "
                   "cannot be applied and fails as a whole.", f"{ctx.label}：対象を指定できない"
                   "ため、効果全体の解決に失敗します。", player=ctx.player)
            return False
        if kind == "kesshi":
            g.note("removal", ("9.2.2.c",), f"{ctx.label}: an effect that makes "
                   f"{', '.join(g.label(c) for c in cards)} 決死 is applied.",
                   f"{ctx.label}：{'、'.join(g.label(c) for c in cards)}を決死状態にする効果が"
                   "適用されます。", cards=[c.id for c in cards], player=ctx.player)
        remove(g, kind, cards, cause=ctx.source, by_effect=True, ctx=ctx)
        return True
    return run


@_rule("11.3.14", "11.3.3")
def _i_return(g, ctx: Ctx, ins: dict):
    if not _target_check(g, ctx, ins):
        return False
    cards = _cards(g, ctx, ins["return"])
    if cards is None:
        return False
    dest = ins.get("to", "hand")
    for c in cards:
        if zone_kind(c.zone) != "field":
            continue
        leave_field(g, [c])
        with g.step("move", ("11.3.14", "3.1.6", "3.1.7"),
                    f"{g.label(c)} returns to {c.owner}'s {dest} (戻す = 移す); it is no longer a "
                    "character and loses everything given to it.",
                    f"{g.label(c)}を{c.owner}の手札に戻します（戻す＝移す）。キャラクターではなくなり、"
                    "与えられていた情報は全て失われます。", cards=[c.id], player=ctx.player):
            g.move([c], g.owner_zone(c, dest), reason="return")
    return True


@_rule("7.6.1", "1.3.2")
def _i_cannot(g, ctx: Ctx, ins: dict):
    """「〜できない」 for a period (7.6): an effect in force naming the cards it affects now."""
    verb = ins["cannot"]
    if verb in ("play", "draw") and ins.get("player"):
        return _cannot_play(g, ctx, ins)
    if not _target_check(g, ctx, ins):
        return False
    cards = _cards(g, ctx, ins.get("to", "target"))
    if cards is None:
        return False
    en, ja = _CANNOT_WORDS[verb]
    g.b.clock += 1
    eff = {"cannot": verb, "to": [c.id for c in cards], "source": ctx.source,
           "until": ins.get("until", "turn_end"), "ts": g.b.clock}
    with g.step("effect", ("7.6.1", "1.3.2"), f"{', '.join(g.label(c) for c in cards)} cannot "
                f"{en} ({_until_en(eff['until'])}); 「出来ない」 wins over 「出来る」 (1.3.2).",
                f"{'、'.join(g.label(c) for c in cards)}は{ja}出来なくなります（出来ないという効果"
                "が優先されます）。", cards=[c.id for c in cards], player=ctx.player):
        g.add_effect(eff)
    return True


def _cannot_play(g, ctx: Ctx, ins: dict) -> bool:
    """「〔あなた〕は…カードをプレイ出来ない」 / 「…ドロー出来ない」 for a period: the players it
    names (and the card type), an effect in force reaching every such card they would play, or
    their draws (1.3.2, 10.3.3)."""
    who = _players(g, ctx, ins["player"])
    verb, typ = ins["cannot"], ins.get("type")
    t_en = {"character": "character cards", "spell": "spell cards", "command": "command cards"}
    t_ja = {"character": "キャラクターカード", "spell": "スペルカード", "command": "コマンドカード"}
    g.b.clock += 1
    eff = {"cannot": verb, "to": who, "source": ctx.source,
           "until": ins.get("until", "turn_end"), "ts": g.b.clock}
    if typ:
        eff["type"] = typ
    en = f"play {t_en.get(typ, 'cards')}" if verb == "play" else "draw"
    ja = f"{t_ja.get(typ, 'カード')}をプレイ" if verb == "play" else "ドロー"
    with g.step("effect", ("7.6.1", "1.3.2"), f"{', '.join(who)} cannot {en} "
                f"({_until_en(eff['until'])}); 「出来ない」 wins over 「出来る」 (1.3.2).",
                f"{'、'.join(who)}は{ja}出来なくなります（出来ないという効果が優先されます）。",
                player=ctx.player):
        g.add_effect(eff)
    return True


@_rule("7.6.1")
def _i_grant(g, ctx: Ctx, ins: dict):
    return _grant(g, ctx, ins, "grant")


@_rule("7.6.1", "1.3.2")
def _i_lose(g, ctx: Ctx, ins: dict):
    return _grant(g, ctx, ins, "lose")


def _grant(g, ctx: Ctx, ins: dict, how: str):
    """A tactic or special effect gained (「得る」) or lost (「失う」) for a period (7.6.1):
    the cards it affects now, as they are now (a card that becomes a new object loses
    it); 「失う」 wins over 「得る」 (1.3.2); the same one twice is two (10.1.3)."""
    if not _target_check(g, ctx, ins):
        return False
    cards = _cards(g, ctx, ins.get("to", "target"))
    if cards is None:
        return False
    kw = ins[how]
    name = next(iter(kw)) if isinstance(kw, dict) else kw
    word = f"{name}({next(iter(kw.values()))})" if isinstance(kw, dict) else name
    g.b.clock += 1
    eff = {how: kw, "to": [c.id for c in cards], "incs": {c.id: c.incarnation for c in cards},
           "source": ctx.source, "until": ins.get("until", "turn_end"), "ts": g.b.clock}
    # a grant to a card that an effect in force makes lose the same one: 「失う」 wins (1.3.2)
    held = [] if how == "lose" else [c for c in cards if any(
        keyword_name(v) == name for v in _grants.lost(c))]
    cites = ("7.6.1",) + (("1.3.2",) if how == "lose" or held else ())
    en = "gains" if how == "grant" else "loses"
    with g.step("effect", cites, f"{', '.join(g.label(c) for c in cards)} {en} {word} "
                f"({_until_en(eff['until'])})"
                + ("; 「失う」 wins over any 「得る」 (1.3.2)" if how == "lose" else "")
                + (f"; but an effect in force makes {', '.join(g.label(c) for c in held)} lose "
                   f"{name}, and 「失う」 wins (1.3.2): {'it does' if len(held) == 1 else 'they do'}"
                   " not have it" if held else "") + ".",
                f"{'、'.join(g.label(c) for c in cards)}は{word}を"
                f"{'得ます' if how == 'grant' else '失います（失うという効果が優先されます）'}"
                + (f"（ただし{'、'.join(g.label(c) for c in held)}は{name}を失う効果の適用中で、"
                   "失うという効果が優先されます）" if held else "") + "。",
                cards=[c.id for c in cards], player=ctx.player):
        g.add_effect(eff)
    return True


@_rule("8.2.8")
def _i_change_target(g, ctx: Ctx, ins: dict):
    """8.2.8: the target of an effect still waiting in the interference (the one just below
    this one: an effect already resolved cannot have its target changed) becomes the card this
    effect names — whether or not that card is a proper target for it; the waiting effect checks
    its targets again when it starts resolving (8.2.5.a)."""
    fr = g.b.frame()
    waiting = [e for e in (fr["entries"] if fr else []) if e.get("targets")]
    new = _cards(g, ctx, ins.get("to", "target"))
    if not waiting or not new:
        g.note("effect", ("8.2.8",), f"{ctx.label}: no effect waiting in the interference has a "
               "target to change (an effect already resolved cannot have its target changed).",
               f"{ctx.label}：干渉中に目標を変更できる効果がありません（既に解決された効果の目標は"
               "変更できません）。", player=ctx.player)
        return True
    e = waiting[-1]
    tgt = new[0]
    what = g.label(e.get("play") or e.get("use") or "")
    from ..effects.choosing import change_target

    def apply(_name, _old, ids) -> None:
        e["targets"] = ids
        e["_inc"] = {**e.get("_inc", {}), tgt.id: tgt.incarnation}

    change_target(g, {"targets": list(e["targets"])}, tgt.id, fits=lambda _: True,
                  key=ctx.source or "8.2.8", chooser=ctx.player, cites=("8.2.8",),
                  who=g.label(ctx.source) if ctx.source else "The effect",
                  what=(f"{what}'s effect", f"{what}の効果"),
                  why=("whether or not it is a proper target; it is checked when that effect "
                       "starts resolving, 8.2.5.a", "適切な目標かどうかに関係なく指定できます"),
                  apply=apply)
    return True


# 待機中の効果 (7.8) wait on `board.waiting`, the core's one store of created triggers
# (judgekit.engine.effects.delayed): those resolved at a timing name it as `at:` (7.7.1); a one-shot
# damage nullification (`prevent_next_damage`, 1.10.12.b) waits there too, and never comes due
WAITING = Store("waiting", key="at", record=lambda st, added, w: {
    "op": "waiting+" if added else "waiting-",
    "effect": {k: v for k, v in w.items() if not k.startswith("_")}})

_AT_WORDS = {"turn_start": ("at the start of the turn", "ターン開始時"),
             "turn_end": ("at the end of the turn", "ターン終了時"),
             "phase_start": ("at the start of the {phase} phase", "{phase}フェイズ開始時"),
             "phase_end": ("at the end of the {phase} phase", "{phase}フェイズ終了時"),
             "combat_end": ("at the end of the combat", "戦闘終了時")}


def at_words(w: dict) -> tuple[str, str]:
    en, ja = _AT_WORDS[w["at"]]
    en, ja = en.format(phase=w.get("phase", "")), ja.format(phase=w.get("phase", ""))
    # 「次の自分のターン開始時」: the first such timing in that player's turn
    return in_turn_words(en, ja, w, w.get("player"), opponent)


def at_due(turn_player: str, phase: str | None):
    """A waiting effect (7.7.1) whose timing it is: of this phase, if it names one, and in the
    turn of the player it names (「次の自分のターン開始時」), if it names one."""
    return of_phase_and_turn(phase, turn_player, "player")


@_rule("7.7.1")
def _i_at(g, ctx: Ctx, ins: dict):
    """7.7.1: an effect resolved when the named timing comes, not now (a waiting effect: it
    does not end when its card leaves the field, 7.8.2)."""
    w = {"at": ins["at"], "effect": ins["effect"], "player": ctx.player}
    for k in ("phase", "whose"):
        if ins.get(k):
            w[k] = ins[k]
    if ctx.source:
        w["source"] = ctx.source
    en, ja = at_words(w)
    with g.step("effect", ("7.7.1",), f"{ctx.label}: the rest resolves {en}, not now.",
                f"{ctx.label}：{ja}に解決される効果が発生します（今は解決しません）。",
                player=ctx.player):
        WAITING.add(g, w)
    return True


@_rule("11.4.1", "11.8.1")
def _i_search(g, ctx: Ctx, ins: dict):
    """「デッキから〔…〕を1枚抜き出し、手札に加える。その後デッキをシャッフルする。」: the player
    looks through the deck for a card that matches, extracts it (11.4.1) and puts it into the
    hand; then the deck is shuffled (11.8.1). Only cards the file identifies can be found."""
    from ..effects.deck import searchable, shuffle

    want = ins["search"]
    p = ctx.player
    zone = f"{p}.deck"

    def match(c):
        return all((k == "type" and c.type == v) or (k == "race" and v in c.races)
                   or (k == "name" and v in (c.name or "")) for k, v in want.items())

    found, unknown = searchable(g, zone, match)
    words = "、".join(f"{v}" for v in want.values())
    n = ins.get("count", 1)
    if found:
        req = Request(ctx.source or "11.4.1", p, f"{ctx.label}: which card to extract from the "
                      f"deck", f"{ctx.label}：デッキから抜き出すカード", [(c.id, g.label(c))
                                                                     for c in found],
                      kind="many", min=min(n, len(found)), max=min(n, len(found)),
                      cites=("11.4.1",))
        ids = g.ask_cards(req, [c.id for c in found[:n]])
        with g.step("effect", ("11.4.1",), f"{p} extracts {', '.join(ids)} from the deck "
                    f"(matching {words}) and puts it into the hand.",
                    f"{p}はデッキから{'、'.join(ids)}（{words}）を抜き出し、手札に加えます。",
                    cards=list(ids), player=p):
            g.move([g.b.cards[i] for i in ids], f"{p}.hand", reason="search")
    else:
        g.note("effect", ("11.4.1",), f"{p} looks through the deck for {words}: none of the "
               "cards the file identifies matches"
               + (f" ({unknown} card(s) are not identified: state them in the file if one "
                  "could)" if unknown else "") + "; nothing is extracted.",
               f"{p}はデッキから{words}を探しますが、該当するカードはありません"
               + (f"（{unknown}枚は内容が不明です）" if unknown else "") + "。", player=p)
    if ins.get("shuffle", True):
        with g.step("effect", ("11.8.1",), f"{p}'s deck is shuffled.",
                    f"{p}のデッキをシャッフルします。", player=p):
            shuffle(g, p)
        _shuffled(ctx, p)
    return True


# ---- 見る / 公開する (11.6, 11.7) and the deck they leave (3.2.5) ----------------------------------

_SEE = {"look": ("11.7.1", "11.7.2"), "reveal": ("11.6.1", "11.6.2", "11.6.4")}


@_rule("11.7.1", "11.7.2", "11.6.1", "11.6.2", "11.6.4", "3.2.5.a", "3.2.5.b")
def _i_see(kind: str):
    """「デッキの上からN枚を見る / 公開する」: the cards stay in the deck (11.6.2, 11.7.2);
    公開 shows them to every player and is not 見る (11.6.4). Which deck: `deck:` (default the
    resolving player's, as 3.2.6 reads 「デッキ」 alone). How much of the deck was seen decides 3.2.5 at the effect's
    end: the whole deck with no number named is shuffled; part of it (3.2.5.a), or all of it
    through a number (3.2.5.b), is not."""
    def run(g, ctx: Ctx, ins: dict):
        owner = (_players(g, ctx, ins.get("deck", "you")) or [ctx.player])[0]
        viewer = (_players(g, ctx, ins.get("player", "you")) or [ctx.player])[0]
        deck = g.b.cards_in(f"{owner}.deck")
        n = ins[kind]
        cards = deck if n == "all" else deck[:n]
        labels = ", ".join(g.label(c) for c in cards) or "no card (the deck is empty)"
        unknown = sum(1 for c in cards if not c.known)
        whose = "its own" if owner == viewer else f"{owner}'s"
        how = ("all the cards" if n == "all" else f"the top {n} card(s)"
               + (f" (all {len(cards)} it holds)" if len(cards) < n else ""))
        how_ja = "デッキの全て" if n == "all" else f"デッキの上から{n}枚" + \
            (f"（デッキにある{len(cards)}枚全て）" if len(cards) < n else "")
        if kind == "look":
            en = (f"{ctx.label}: {viewer} looks at {how} of {whose} deck ({labels}); only "
                  f"{viewer} sees them, and they stay in the deck (見る, 11.7.1, 11.7.2).")
            ja = (f"{ctx.label}：{viewer}は{owner}の{how_ja}を見ます（{viewer}のみが確認でき、"
                  "カードはデッキに属したままです）。")
        else:
            en = (f"{ctx.label}: {how} of {owner}'s deck ({labels}) are revealed to every "
                  "player; they stay in the deck (公開する, 11.6.1, 11.6.2) — this is not 見る "
                  "(11.6.4).")
            ja = (f"{ctx.label}：{owner}の{how_ja}を全てのプレイヤーに公開します（カードはデッキに"
                  "属したままです。公開は見る効果ではありません）。")
        if unknown:
            en += f" {unknown} of them are not identified by the file."
            ja += f"（うち{unknown}枚は内容が不明です）"
        with g.step("effect", _SEE[kind], en, ja,
                    cards=[c.id for c in cards], player=viewer if kind == "look" else ctx.player):
            pass
        prev = ctx.seen.get(owner)
        if n == "all" and cards:
            ctx.seen[owner] = ("all", kind)
        elif prev is None or prev[0] != "all":
            ctx.seen[owner] = ("part" if len(cards) < len(deck) else "counted", kind)
        return True
    return run


@_rule("11.8.1")
def _i_shuffle(g, ctx: Ctx, ins: dict):
    from ..effects.deck import shuffle

    for p in _players(g, ctx, ins["shuffle"]):
        with g.step("effect", ("11.8.1",), f"{ctx.label}: {p}'s deck is shuffled.",
                    f"{ctx.label}：{p}のデッキをシャッフルします。", player=p):
            shuffle(g, p)
        _shuffled(ctx, p)
    return True


def _shuffled(ctx: Ctx, p: str) -> None:
    """The effect itself shuffles the deck it saw: 3.2.5 adds no shuffle of its own."""
    if ctx.seen.get(p, ("",))[0] == "all":
        ctx.seen[p] = ("shuffled", ctx.seen[p][1])


@_rule("11.6.3", "11.7.3", "3.2.5", "3.2.5.a", "3.2.5.b")
def _seen_end(g, ctx: Ctx) -> None:
    """When the effect ends, the cards it showed are hidden again in their own order (11.6.3,
    11.7.3); a deck seen whole, with no shuffle in the effect, is then shuffled (3.2.5), one
    seen in part (3.2.5.a) or through a number (3.2.5.b) is not."""
    from ..effects.deck import shuffle

    for owner, (how, kind) in list(ctx.seen.items()):
        hide = "11.7.3" if kind == "look" else "11.6.3"
        if how == "all":
            with g.step("effect", (hide, "3.2.5"), f"{ctx.label} has ended: the cards of "
                        f"{owner}'s deck are hidden again ({hide}); the whole deck was "
                        f"{'seen' if kind == 'look' else 'revealed'} and the effect did not say to "
                        "shuffle it, so it is shuffled now (3.2.5).", f"{ctx.label}の解決が終了し、"
                        f"{owner}のデッキのカードを再び非公開にします。デッキの全てを"
                        f"{'見た' if kind == 'look' else '公開した'}ため、効果でシャッフルの指示はあり"
                        "ませんでしたがシャッフルします。", player=owner):
                shuffle(g, owner)
            continue
        why = {"part": ("3.2.5.a", "only part of the deck was seen: no shuffle",
                        "デッキの一部のみのため、シャッフルは行いません"),
               "counted": ("3.2.5.b", "the whole deck was seen, but through an effect that "
                           "named a number of cards: no shuffle", "枚数を指定する効果で結果的に"
                           "デッキの全てとなったため、シャッフルは行いません"),
               "shuffled": ("3.2.5", "the effect shuffled the deck itself (11.8.1), so 3.2.5 "
                            "adds no shuffle", "効果でシャッフルが指示されているため、追加のシャッフル"
                            "は行いません")}[how]
        order = "" if how == "shuffled" else ", in the same order"
        order_ja = "" if how == "shuffled" else "元の順番のまま"
        g.note("effect", (hide, why[0]), f"{ctx.label} has ended: the cards of {owner}'s deck "
               f"go back to hidden{order} ({hide}); {why[1]}.",
               f"{ctx.label}の解決が終了し、{owner}のデッキのカードを{order_ja}非公開に戻します"
               f"（{why[2]}）。", player=owner)
    ctx.seen.clear()


@_rule("1.3.3", "1.3.3.a", "1.3.3.c", "9.1.5")
def _i_discard_hand(g, ctx: Ctx, ins: dict):
    """「（お互いのプレイヤーは）手札をN枚選んで破棄する」: each player named chooses N of its hand
    cards (as many as it has); several players choose in turn order, each all of its cards
    before the next (1.3.3, 1.3.3.a), the choice shown face down (1.3.3.c); then the cards are
    discarded together (9.1.5) by the removal procedure (9.3)."""
    from ..effects.choosing import in_turn_order

    n = ins["discard_hand"]
    ps = _players(g, ctx, ins.get("player", "you"))
    reqs: dict = {}
    for p in ps:
        hand = g.b.cards_in(f"{p}.hand")
        k = min(n, len(hand))
        reqs[p] = Request(ctx.source or "1.3.3", p, f"{ctx.label}: which {k} hand card(s) to "
                          "discard", f"{ctx.label}：破棄する手札{k}枚", [(c.id, g.label(c))
                                                                 for c in hand],
                          kind="many", min=k, max=k, cites=("1.3.3",)) if k else None
    if all(r is None for r in reqs.values()):
        g.note("effect", ("1.3.3",), f"{ctx.label}: no hand card to discard.",
               f"{ctx.label}：破棄する手札がありません。", player=ctx.player)
        return True

    def ask(r):
        return g.ask_cards(r, [v for v in r.values()[:r.min]])

    if len(ps) > 1:
        answers = in_turn_order(g, g.b.turn_player, reqs, cites=("1.3.3", "1.3.3.a", "1.3.3.c"),
                                what=(f"choose {n} hand card(s) to discard, face down",
                                      f"破棄する手札{n}枚を裏向きのまま選びます"), ask=ask)
    else:
        answers = {p: ask(r) for p, r in reqs.items() if r is not None}
    cards = [g.b.cards[i] for p in ps for i in answers.get(p, ())]
    remove(g, "discard", cards, cause=ctx.source, by_effect=True, ctx=ctx)
    return True


_CANNOT_WORDS = {"attack": ("attack", "攻撃"), "defend": ("defend", "防御"),
                 "be_targeted": ("be chosen as a target", "目標に"),
                 "be_kesshi": ("become 決死", "決死状態に"), "be_discarded": ("be discarded", "破棄"),
                 "be_excluded": ("be excluded", "除外"),
                 "use": ("use activated effects", "起動効果を使用"),
                 "be_damaged": ("receive damage", "ダメージを受けることが"),
                 "play": ("be played", "プレイ"), "draw": ("draw", "ドロー"),
                 "become_active": ("become active", "アクティブ状態に")}


@_rule("6.1.10", "7.6.1")
def _i_modify(g, ctx: Ctx, ins: dict):
    from .stats import parse_modifier

    if not _target_check(g, ctx, ins):
        return False
    cards = _cards(g, ctx, ins.get("to", "target"))
    if cards is None:
        return False
    da, dd = parse_modifier(ins["modify"])
    cites = ("6.1.10",) + (("6.1.14",) if da is None or dd is None else ())
    g.b.clock += 1
    eff = {"modify": ins["modify"], "to": [c.id for c in cards], "source": ctx.source,
           "until": ins.get("until", "turn_end"), "ts": g.b.clock}
    after = []
    for c in cards:
        atk, dur = raw_stats(g, c)
        after.append(f"{c.id} {atk + (da or 0)}/{dur + (dd or 0)}")
    with g.step("effect", cites, f"{', '.join(g.label(c) for c in cards)} gets battle modifier "
                f"{ins['modify']} ({_until_en(eff['until'])}): {', '.join(after)}.",
                f"{'、'.join(g.label(c) for c in cards)}は戦闘修正{ins['modify']}を得ます："
                f"{'、'.join(after)}。", cards=[c.id for c in cards], player=ctx.player):
        g.add_effect(eff)
    # 7.6.1 / 6.1.12: 決死 is judged once all the changes are applied
    state_check(g, cards, ctx, extra=("7.6.1",))
    return True


def _until_en(u: str) -> str:
    return {"turn_end": "until end of turn", "combat_end": "until end of combat",
            "interference": "during the interference"}.get(u, u)


@_rule("11.5.1")
def not_activated(g, cards: list, cites: tuple) -> list:
    """The cards no 「アクティブ状態にならない」 stops (1.3.2 over the active phase's regulated
    effect, 4.4.1.a, 警戒's, and an effect's アクティブ状態にする, 11.5.1); says so for the others."""
    from .stats import allowed

    return allowed(g, cards, "become_active", lambda c, no: g.note(
        "effect", cites + ("1.3.2",), f"{g.label(c)} does not become active ({no.words()[0]}): "
        "「出来ない」 wins (1.3.2).", f"{g.label(c)}はアクティブ状態になりません（{no.words()[1]}。"
        "出来ないという効果が優先されます）。", cards=[c.id]))


@_rule("11.5.3")
def _i_state(state: str):
    def run(g, ctx: Ctx, ins: dict):
        if not _target_check(g, ctx, ins):
            return False
        cards = _cards(g, ctx, ins[state])
        if cards is None:
            return False
        if state == "active":
            cards = not_activated(g, cards, ("11.5.1",))
            if not cards:
                return False
        done = [c for c in cards if g.set_state(c, state)]
        if done:
            g.note("effect", (), f"{', '.join(g.label(c) for c in done)} becomes {state}.",
                   f"{'、'.join(g.label(c) for c in done)}を"
                   f"{'アクティブ' if state == 'active' else 'スリープ'}状態にします。",
                   cards=[c.id for c in done], player=ctx.player)
        if not done:
            g.note("effect", ("11.5.3",), f"{', '.join(g.label(c) for c in cards)} is already "
                   f"{state}: this part is not applied.", f"{'、'.join(g.label(c) for c in cards)}"
                   "は既にその状態のため、効果は適用されません。", player=ctx.player)
        return bool(done)
    return run


@_rule("1.8.4", "1.8.5")
def _i_to_nodes(g, ctx: Ctx, ins: dict):
    """An effect setting cards into the node area is followed as written (1.8.4): here the top
    N of the deck, asleep; they are face down whatever they were (1.8.5)."""
    p = ctx.player
    cards = g.b.cards_in(f"{p}.deck")[: ins["to_nodes"]]
    with g.step("effect", ("1.8.4", "1.8.5"), f"The top {len(cards)} card(s) of {p}'s deck are "
                f"set into {p}'s node area asleep, as the effect says (1.8.4), face down (1.8.5).",
                f"{p}のデッキの上から{len(cards)}枚を、効果の指示通りスリープ状態で、裏向きにして"
                "ノードにセットします。", player=p, cards=[c.id for c in cards]):
        g.move(cards, f"{p}.nodes", state="sleep", face="down", reason="node")
    return len(cards) == ins["to_nodes"]


@_rule("10.28.2.b")
def _i_transform(g, ctx: Ctx, ins: dict):
    """変身's (常時)0 (10.28.2.b): if this character is active as the effect resolves, it is
    transformed until its player's next turn start."""
    c = g.b.cards.get(ctx.source or "")
    if c is None or c.zone != f"{ctx.player}.field":
        return False
    return g.transform_card(c, c.state == "active")


def _i_attack(g, ctx: Ctx, ins: dict):
    if not _target_check(g, ctx, ins):
        return False
    cards = _cards(g, ctx, ins["attack"])
    if not cards:
        return False
    return g.effect_attack(cards[0], ctx)


@_rule("9.2.4.a", "9.2.4.b", "9.2.5", "1.10.13.a")
def _i_nullify(g, ctx: Ctx, ins: dict):
    ev = ctx.event
    cid = ev.get("card")
    c = g.b.cards.get(cid) if cid else None
    if ins["nullify"] == "discard":
        return _nullify_discard(g, ctx, c, ev.get("discard_state"))
    if c is None or "kesshi_state" not in ev:
        return False
    if raw_stats(g, c)[1] <= 0:
        g.note("removal", ("9.2.5",), f"{g.label(c)}'s durability is 0 or less: its 決死 cannot "
               "be nullified (this rule overrides card effects).", f"{g.label(c)}の耐久力は0以下の"
               "ため、決死状態を無効にすることは出来ません（このルールはカードの効果に優先します）。",
               cards=[c.id], player=ctx.player)
        return False
    with g.step("removal", ("9.2.4.a", "9.2.4.b", "1.10.13.a"), f"{g.label(c)}'s 決死 is nullified: the 決死 "
                "procedure ends and its accumulated damage is reset.",
                f"{g.label(c)}の決死状態が無効になり、決死状態の処理を終了し、蓄積ダメージをリセット"
                "します。", cards=[c.id], player=ctx.player):
        ev["kesshi_state"]["nullified"] = True
        g.reset_damage(c)
    return True


@_rule("9.3.5.a", "9.3.5.b", "9.3.6")
def _nullify_discard(g, ctx: Ctx, c, state) -> bool:
    """「破棄を無効にする」 in a 破棄 window's 自動γ (9.3.4.a–d): the 破棄 procedure ends for the
    card there (9.3.5.a) and its accumulated damage is reset (9.3.5.b) — not at durability 0
    or less (9.3.6: that rule prevails over card effects)."""
    if c is None or state is None:
        return False
    if g.b.is_character(c) and raw_stats(g, c)[1] <= 0:
        g.note("removal", ("9.3.6",), f"{g.label(c)}'s durability is 0 or less: its 破棄 cannot "
               "be nullified.", f"{g.label(c)}の耐久力は0以下のため、破棄を無効にすることは出来"
               "ません。", cards=[c.id], player=ctx.player)
        return False
    with g.step("removal", ("9.3.5.a", "9.3.5.b"), f"{g.label(c)}'s 破棄 is nullified: the 破棄 "
                "procedure ends for it and its accumulated damage is reset.",
                f"{g.label(c)}の破棄が無効になり、破棄状態の解決を終了し、蓄積ダメージをリセットします。",
                cards=[c.id], player=ctx.player):
        state["nullified"] = True
        g.reset_damage(c)
    return True


@_rule("7.8.1")
def _i_prevent(g, ctx: Ctx, ins: dict):
    for p in _players(g, ctx, ins["prevent_next_damage"]):
        w = {"prevent_next_damage": p, "until": ins.get("until", "turn_end"),
             "source": ctx.source}
        with g.step("effect", ("7.8.1",), f"A waiting effect: the next damage {p} would receive "
                    "this turn is nullified.", f"待機中の効果：このターン、{p}が次にダメージを受ける"
                    "場合、そのダメージを無効とします。", player=ctx.player):
            WAITING.add(g, w)
    return True


@_rule("1.5.3.c", "1.5.2.a")
def _i_game(result: str):
    def run(g, ctx: Ctx, ins: dict):
        ps = _players(g, ctx, ins[result])
        who = " and ".join(ps)
        if result == "lose_game":
            g.note("game_end", ("1.5.3.c",), f"{ctx.label}: a 'you lose the game' effect is "
                   f"applied — {who} loses at that moment.", f"{ctx.label}：ゲームに敗北するという"
                   f"効果が適用され、{who}はその時点で敗北します。", player=ctx.player)
            g.lose(ps, ("1.5.3.c",), "a 'you lose the game' effect (1.5.3.c)",
                   "ゲームに敗北する効果（1.5.3.c）")
        g.note("game_end", ("1.5.2.a",), f"{ctx.label}: a 'you win the game' effect is applied "
               f"— {who} wins at that moment, and every opponent loses.", f"{ctx.label}：ゲームに"
               f"勝利するという効果が適用され、{who}はその時点で勝利し、全ての相手プレイヤーは敗北します。",
               player=ctx.player)
        g.lose([opponent(p) for p in ps], ("1.5.2.a",), "a 'you win the game' effect (1.5.2.a)",
               "ゲームに勝利する効果（1.5.2.a）")
    return run


_INSTR = {
    "damage": _i_damage, "gain_lp": _i_gain_lp, "draw": _i_draw,
    "discard": _removal("discard"), "kesshi": _removal("kesshi"),
    "exclude": _removal("exclude"), "return": _i_return, "modify": _i_modify, "cannot": _i_cannot,
    "grant": _i_grant, "lose": _i_lose, "pay_lp": _i_pay_lp, "set_lp": _i_set_lp,
    "pay": _i_pay,
    "change_target": _i_change_target, "at": _i_at, "search": _i_search,
    "look": _i_see("look"), "reveal": _i_see("reveal"), "shuffle": _i_shuffle,
    "discard_hand": _i_discard_hand,
    "active": _i_state("active"), "sleep": _i_state("sleep"), "to_nodes": _i_to_nodes,
    "transform": _i_transform,
    "attack": _i_attack, "nullify": _i_nullify, "prevent_next_damage": _i_prevent,
    "lose_game": _i_game("lose_game"), "win_game": _i_game("win_game"),
}


# ---- damage (1.10) -----------------------------------------------------------------------------

class Damage:
    __slots__ = ("source", "to", "amount", "kind", "pierce", "snap", "applied")

    def __init__(self, source: str | None, to: str, amount: int, kind: str,
                 pierce: bool = False, snap: dict | None = None) -> None:
        self.source = source
        self.to = to  # a player (P1/P2) or a card id
        self.amount = amount
        self.kind = kind  # combat / effect (1.10.4)
        self.pierce = pierce
        self.snap = snap or {}  # last-known information of the source (its races, graze …)
        self.applied = False

    @property
    def to_player(self) -> bool:
        return self.to in PLAYERS


def _dmg_en(g, d: Damage) -> str:
    src = g.label(d.source) if d.source else "the effect"
    kind = "combat" if d.kind == "combat" else "effect"
    return f"{src} deals {d.amount} {kind} damage to {g.label(d.to)}"


@_rule("1.10.2", "1.10.3", "1.10.5", "1.10.11.a", "1.10.11.b", "1.10.12.c", "1.10.12.f",
       "1.10.14", "1.10.16", "1.9.3", "1.9.6", "9.2.6.a", "9.2.6.b", "10.11.2.a")
def deal(g, dmgs: list[Damage], ctx: Ctx | None = None) -> list[Damage]:
    """The damage procedure 1.10.12 for damage dealt at the same time (1.10.3): one pass of
    a–f for all of it. Returns the damage actually applied."""
    b = g.b
    live = []
    for d in dmgs:
        if d.amount <= 0:
            g.note("damage", ("1.10.14",), f"{g.label(d.source) if d.source else 'The effect'} "
                   f"would deal {d.amount} damage to {g.label(d.to)}: damage of 0 or less is no "
                   "damage; nothing of the damage procedure happens.",
                   f"0点以下のダメージは発生せず、ダメージに関係する処理は発生しません。")
            continue
        if not d.to_player:
            c = b.cards.get(d.to)
            if c is None or not b.is_character(c):
                continue  # 1.10.10.a: only players and characters
            if not d.snap and d.source and d.source in b.cards:
                d.snap = g.snap(b.cards[d.source])
            from .stats import forbid

            no = forbid(g, c, "be_damaged")
            if no is not None:  # 1.10.16: 「ダメージを受けない」
                g.note("damage", ("1.10.16", "1.3.2"), f"{g.label(c)} receives no damage "
                       f"({no.words()[0]}): {_dmg_en(g, d)} — nothing accumulates and no damage "
                       "procedure happens.", f"{g.label(c)}はダメージを受けません（{no.words()[1]}）。"
                       "ダメージは蓄積されず、ダメージの処理は発生しません。", cards=[c.id])
                continue
            if d.kind == "combat" and resists(c, d.snap):
                g.note("damage", ("10.11.2.a", "1.10.16"), f"{g.label(c)} has 耐性"
                       f"({c.keyword('耐性')}) and receives no combat damage from "
                       f"{g.label(d.source)}: nothing accumulates and no damage procedure "
                       "happens.", f"{g.label(c)}は耐性（{c.keyword('耐性')}）を持つため、"
                       f"{g.label(d.source)}から戦闘ダメージを受けません。ダメージは蓄積されず、"
                       "ダメージの処理は発生しません。", cards=[c.id], readings=("race-omitted",))
                continue
        if not d.snap and d.source and d.source in b.cards:
            d.snap = g.snap(b.cards[d.source])
        live.append(d)
    if not live:
        return []
    # a / b: 'would deal' / 'would receive' — the waiting effects that nullify damage act here
    for d in list(live):
        if d.to_player and _prevented(g, d):
            live.remove(d)
    if not live:
        return []
    # c: apply
    cites = ["1.10.12.c", "1.10.2"]
    cites.append("1.10.5" if any(d.kind == "combat" for d in live) else "1.10.6")
    if len(live) > 1:
        cites.append("1.10.3")
    parts_en, parts_ja = [], []
    for d in live:
        if d.to_player:
            old = g.lp(d.to)
            cites += ["1.10.11.a", "1.9.3"]
            if old - d.amount < 0 <= old or old - d.amount < 0:
                cites.append("1.9.6")
            parts_en.append(f"{_dmg_en(g, d)}: LP {old} → {old - d.amount}")
            parts_ja.append(f"{g.label(d.source) if d.source else '効果'}が{d.to}に{d.amount}点の"
                            f"{'戦闘' if d.kind == 'combat' else '効果'}ダメージを与えます："
                            f"ライフポイント {old} → {old - d.amount}")
        else:
            c = b.cards[d.to]
            cites.append("1.10.11.b")
            parts_en.append(f"{_dmg_en(g, d)} (accumulated {c.damage} → {c.damage + d.amount})")
            parts_ja.append(f"{g.label(d.source) if d.source else '効果'}が{g.label(c)}に"
                            f"{d.amount}点の{'戦闘' if d.kind == 'combat' else '効果'}ダメージを"
                            f"与えます（蓄積 {c.damage} → {c.damage + d.amount}）")
    with g.step("damage", cites, "; ".join(parts_en) + ".", "。".join(parts_ja) + "。",
                cards=[x for d in live for x in (d.source, d.to) if x and x not in PLAYERS]):
        for d in live:
            if d.to_player:
                g.set_lp(d.to, g.lp(d.to) - d.amount)
            else:
                g.add_damage(b.cards[d.to], d.amount, d.kind)
            d.applied = True
    # d / e: 'dealt' / 'received'
    g.damage_windows(live)
    # f: 決死
    lethal = []
    for d in live:
        if d.to_player:
            continue
        c = b.cards.get(d.to)
        if c is None or not b.is_character(c) or c.id in [x for x, _, _ in lethal]:
            continue
        atk, dur = raw_stats(g, c)
        if c.damage >= dur and barred(g, "kesshi", c) is None:  # 9.2.8.c
            lethal.append((c.id, d.source, d.kind == "effect"))
    if lethal:
        by_eff = ("9.2.6.b",) if any(eff for *_, eff in lethal) else ()
        with g.step("damage", ("1.10.12.f", "9.2.2.a", "9.2.6.a") + by_eff,
                    "; ".join(f"{g.label(cid)}'s accumulated damage {b.cards[cid].damage} ≥ "
                              f"durability {raw_stats(g, b.cards[cid])[1]}: it becomes 決死, made "
                              f"so by {g.label(src)}" + ("'s effect (9.2.6.b)" if eff else "")
                              for cid, src, eff in lethal) + ".",
                    "。".join(f"{g.label(cid)}の蓄積ダメージ{b.cards[cid].damage}が耐久力"
                              f"{raw_stats(g, b.cards[cid])[1]}以上のため決死状態となります"
                              f"（決死状態にしたのは{g.label(src)}{'の効果' if eff else ''}）"
                              for cid, src, eff in lethal)
                    + "。", cards=[cid for cid, _, _ in lethal]):
            pass
        # each card's own: the card that dealt the damage (9.2.6.a), by its effect when the
        # damage was effect damage (9.2.6.b)
        remove(g, "kesshi", [b.cards[cid] for cid, _, _ in lethal],
               causes={cid: src for cid, src, _ in lethal},
               by_effect={cid: eff for cid, _, eff in lethal})
    return live


def _waiting_for(g, d: Damage) -> list:
    """The waiting effects (7.8.1) that nullify the next damage `d.to` would receive, oldest
    first, as one-shot candidates of the core replacement loop."""
    return [_replace.Candidate(f"waiting#{i + 1}", w.get("source"), None, w, once=True)
            for i, w in enumerate(g.b.waiting) if w.get("prevent_next_damage") == d.to]


# 東方VISION's binding of the core replacement loop (judgekit.engine.effects.replace): a waiting
# effect that nullifies the next damage acts once and is gone (7.8.1); with several, the oldest
# acts (the rules name no chooser) and the damage procedure ends there (1.10.15). The rulebook
# binds no once-per-event limit; an unending replacement would be the loop no choice avoids,
# a draw (1.5.4.b) — not reachable with one-shot effects, but never a RecursionError
POLICY = _replace.Policy(choose=lambda g, event, cands: cands[0], loop=("1.5.4.b",))


@_rule("1.10.12.b", "1.10.15", "7.8.2")
def _prevented(g, d: Damage) -> bool:
    """1.10.12.b: a waiting 'the next damage you would receive is nullified' acts; the damage
    procedure ends there (1.10.15)."""
    if not _waiting_for(g, d):
        return False

    def apply(g, event, cand):
        w = cand.data
        src = w.get("source")
        gone = src and (src not in g.b.cards or zone_kind(g.b.cards[src].zone) != "field")
        cites = ("1.10.12.b", "1.10.15") + (("7.8.2",) if gone else ())
        with g.step("damage", cites, f"{_dmg_en(g, d)}: the waiting effect of "
                    f"{g.label(src) if src else 'an earlier effect'} nullifies it"
                    + (" (it outlives its source, which has left the field)" if gone else "")
                    + "; the damage procedure ends.",
                    f"{g.label(src) if src else '効果'}の待機中の効果によりそのダメージは無効と"
                    "なり、ダメージの処理を終了します" + ("（発生源が場を離れていても待機中の効果は"
                    "無効になりません）" if gone else "") + "。", player=d.to):
            WAITING.remove(g, w)
        return None

    ev = Event("damaged", player=d.to, source=d.source,
               cause="battle" if d.kind == "combat" else "effect", amount=d.amount,
               en=_dmg_en(g, d), ja=f"{d.to}への{d.amount}点のダメージ")
    happens, _ = _replace.run(g, ev, lambda e: _waiting_for(g, d), apply, POLICY)
    return not happens


# ---- removal (chapter 9) -------------------------------------------------------------------------

ORDER = ("kesshi", "discard", "exclude")  # 9.1.4
_KIND_JA = {"kesshi": "決死状態", "discard": "破棄状態", "exclude": "除外状態"}


@_rule("9.1.3", "9.1.4", "9.1.5")
def remove(g, kind: str, cards: list, *, cause: str | None = None, by_effect=False,
           ctx: Ctx | None = None, causes: dict | None = None) -> None:
    """Apply a removal (決死 / 破棄 / 除外) to cards at the same time (`causes`: card id → the
    card that caused it, when they differ). While a removal resolves, a new one joins it and
    the order 決死 → 破棄 → 除外 is checked again (9.1.4); otherwise it resolves now, suspending
    the effect that applied it (9.1.3)."""
    q = g.removals
    causes = causes or {}
    entries = [(c.id, c.incarnation, causes.get(c.id, cause),
                by_effect.get(c.id, False) if isinstance(by_effect, dict) else by_effect)
               for c in cards]
    if q is not None:
        q[kind].extend(entries)
        g.removal_joined = True
        return
    g.removals = {k: [] for k in ORDER}
    g.removals[kind].extend(entries)
    if ctx is not None:
        g.note("removal", ("9.1.3",), f"{ctx.label}: a removal is applied; the effect is "
               "suspended while it resolves, and then goes on.", f"{ctx.label}：取り除く効果が"
               "適用されたため、効果の適用を中断してその解決を行い、その後再開します。",
               player=ctx.player)
    try:
        while True:
            kind = next((k for k in ORDER if g.removals[k]), None)
            if kind is None:
                break
            _loop_check(g)
            batch = g.removals[kind]
            g.removals[kind] = []
            cites = (("9.1.5",) if len(batch) > 1 else ()) + \
                (("9.1.4",) if any(g.removals.values()) or g.removal_joined else ())
            g.removal_joined = False
            _RESOLVE[kind](g, batch, cites)
    finally:
        g.removals = None


def _loop_check(g) -> None:
    """A removal that brings back the same removal (an ability nullifies 決死 and another makes
    it 決死 again) never returns to the procedure before priority, whose loop detection would
    see it: the same detection here, through the core (`BaseGame.repeats`). The same state with
    the same removals waiting, and no free choice made since: no player can end it (1.5.4.b;
    1.5.3.e when every element of it is one player's card)."""
    waiting = tuple((k, tuple(g.removals[k])) for k in ORDER)
    if g.repeats(("thv-removal", g.h, waiting)):
        from .loops import unavoidable_loop

        unavoidable_loop(g, sorted({x for k in ORDER for cid, _, cause, _ in g.removals[k]
                                    for x in (cid, cause) if x}))


# the windows of 9.2.3 / 9.3.4 / 9.4.4 told from the side of the card that does it (「決死状態に
# する / した」「破棄する / した」「除外する / した」): their event is about that card
_BY_SIDE = frozenset(("makes_kesshi", "made_kesshi", "discards", "discarded_by", "excludes",
                      "excluded_by"))


def _fire_removal(g, when: str, window: str, c, cause, be: bool, extra=None) -> None:
    """One removal window for card c: the event carries the card that caused it (`cause`), by
    its effect or not (`kind`: effect, or combat for 決死 by combat damage, 9.2.6.a/b) and its
    controller (`by`), so a 自動γ worded by cause matches as written. The doer's windows are
    about the card that caused it; nothing caused by the rules has a doer."""
    if when in _BY_SIDE and not cause:
        return
    src = g.b.cards.get(cause or "")
    data = {"card": c.id, "cause": cause,
            "kind": "effect" if be and cause else "combat" if cause else None,
            "by": g.ctl(src) if src is not None else None, **(extra or {})}
    g.fire(when, window, subject=cause if when in _BY_SIDE else c.id, data=data)


def _still(g, entries) -> list:
    out = []
    seen = set()
    for cid, inc, cause, by_effect in entries:
        c = g.b.cards.get(cid)
        if c is None or c.incarnation != inc or cid in seen:
            continue
        seen.add(cid)
        out.append((c, cause, by_effect))
    return out


@_rule("9.2.8.c", "9.3.8.c", "9.4.6.b", "9.2.2.b", "9.3.6")
def barred(g, kind: str, c, *, note: bool = True):
    """A 「決死状態にならない / 破棄されない / 除外されない」 effect on c (9.2.8.c, 9.3.8.c, 9.4.6.b,
    with 1.3.2), as a Forbid, or None. A durability of 0 or less is a rule that prevails over
    card effects (9.2.2.b): it still makes the character 決死, and the 破棄 that follows (9.3.6
    and the reading `discard-bar-at-zero`)."""
    from .stats import forbid

    verb = {"kesshi": "be_kesshi", "discard": "be_discarded", "exclude": "be_excluded"}[kind]
    no = forbid(g, c, verb)
    if no is None:
        return None
    leaf = {"kesshi": "9.2.8.c", "discard": "9.3.8.c", "exclude": "9.4.6.b"}[kind]
    en_v, ja_v = _CANNOT_WORDS[verb]
    by, by_ja = no.words()
    if kind in ("kesshi", "discard") and g.b.is_character(c) and raw_stats(g, c)[1] <= 0:
        if kind == "discard":
            g.reading("discard-bar-at-zero")
        if note:
            g.note("removal", ("9.2.2.b",) if kind == "kesshi" else ("9.3.6", "9.2.2.b"),
                   f"{g.label(c)} cannot {en_v} ({by}), but its durability is 0 or less: that "
                   "rule prevails over card effects, so the effect does not keep it.",
                   f"{g.label(c)}は{ja_v}ならない効果（{by_ja}）を受けていますが、耐久力が0以下の"
                   "ため、カードの効果に優先するルールにより、その効果では残りません。",
                   cards=[c.id])
        return None
    if note:
        done = {"kesshi": "made 決死", "discard": "discarded", "exclude": "excluded"}[kind]
        g.note("removal", (leaf, "1.3.2"), f"{g.label(c)} cannot {en_v} ({by}): it is not "
               f"{done} ({leaf}).",
               f"{g.label(c)}は{ja_v}{'ならない' if kind == 'kesshi' else 'されない'}効果（{by_ja}）を"
               "受けているため、そうなりません。", cards=[c.id])
    return no


@_rule("9.2.3.a", "9.2.3.b", "9.2.3.c", "9.2.3.d", "9.2.3.e")
def _kesshi(g, entries, cites=()) -> None:
    b = g.b
    items = [(c, cause, be) for c, cause, be in _still(g, entries)
             if zone_kind(c.zone) == "field" and b.is_character(c)]  # 9.2.8
    items = [(c, cause, be) for c, cause, be in items if barred(g, "kesshi", c) is None]
    if not items:
        return
    lab = ", ".join(g.label(c) for c, _, _ in items)
    state = {c.id: {"nullified": False} for c, _, _ in items}
    with g.step("removal", cites + ("9.2.3.a", "9.2.3.b", "9.2.3.c", "9.2.3.d"),
                f"決死: {lab} — the effects and 自動γ of 9.2.3.a–d resolve.",
                f"決死状態：{lab}。9.2.3.a〜dの効果と「自動γ」を解決します。",
                cards=[c.id for c, _, _ in items]):
        for window, when in (("9.2.3.a", "makes_kesshi"), ("9.2.3.b", "becomes_kesshi"),
                             ("9.2.3.c", "made_kesshi"), ("9.2.3.d", "became_kesshi")):
            for c, cause, be in items:
                if state[c.id]["nullified"] or c.zone == "" or zone_kind(c.zone) != "field":
                    continue
                _fire_removal(g, when, window, c, cause, be, {"kesshi_state": state[c.id]})
        rest = [(c, cause, be) for c, cause, be in items
                if not state[c.id]["nullified"] and zone_kind(c.zone) == "field"]
        if rest:
            # 9.2.3.e: the one that discards it is the effect that made it 決死 — when an effect
            # did; 決死 by combat damage names no discarder
            g.note("removal", ("9.2.3.e",), "; ".join(
                       f"{g.label(c)} is treated as discarded (破棄)"
                       + (f" — by {g.label(cause)}'s effect, which made it 決死" if cause and be
                          else "") for c, cause, be in rest) + ".",
                   f"{'、'.join(g.label(c) for c, _, _ in rest)}に破棄する効果が適用されたものとして"
                   "扱います。" + "".join(f"{g.label(c)}を破棄したのは、決死状態にした{g.label(cause)}"
                                      "の効果です。" for c, cause, be in rest if cause and be),
                   cards=[c.id for c, _, _ in rest])
            g.removals["discard"].extend((c.id, c.incarnation, cause if be else None, be)
                                         for c, cause, be in rest)


@_rule("9.3.3", "9.3.4.a", "9.3.4.b", "9.3.4.c", "9.3.4.d", "9.3.4.e", "9.3.4.g", "9.3.6",
       "3.1.6", "3.3.2", "3.4.6")
def _discard(g, entries, cites=()) -> None:
    b = g.b
    items = [(c, cause, be) for c, cause, be in _still(g, entries)
             if zone_kind(c.zone) not in ("netherworld", "removed")  # 9.3.8.a, 9.3.8.b
             and barred(g, "discard", c) is None]  # 9.3.8.c
    if not items:
        return
    cards = [c for c, _, _ in items]
    lab = ", ".join(g.label(c) for c in cards)
    zero = [c for c in cards if b.is_character(c) and raw_stats(g, c)[1] <= 0]
    cites += ("9.3.6",) if zero else ()
    state = {c.id: {"nullified": False} for c in cards}  # 9.3.5: 「破棄を無効にする」
    with g.step("removal", cites + ("9.3.3", "9.3.4.a", "9.3.4.b", "9.3.4.c", "9.3.4.d"),
                f"破棄: {lab} — the effects and 自動γ of 9.3.4.a–d resolve"
                + (f"; with durability 0 or less it cannot be nullified" if zero else "") + ".",
                f"破棄状態：{lab}。9.3.4.a〜dの効果と「自動γ」を解決します"
                + ("（耐久力が0以下のため、無効にすることは出来ません）" if zero else "") + "。",
                cards=[c.id for c in cards]):
        for window, when in (("9.3.4.a", "discards"), ("9.3.4.b", "would_be_discarded"),
                             ("9.3.4.c", "discarded_by"), ("9.3.4.d", "discarded")):
            for c, cause, be in items:
                if zone_kind(c.zone) == "field" and not state[c.id]["nullified"]:
                    _fire_removal(g, when, window, c, cause, be,
                                  {"discard_state": state[c.id]})
        cards = [c for c in cards if zone_kind(c.zone) not in ("netherworld", "removed")
                 and not state[c.id]["nullified"]]
        if not cards:
            return
        sets = _set_tree(g, cards)
        if sets:
            g.note("removal", ("9.3.4.e", "3.4.6"), f"The cards set on {lab} "
                   f"({', '.join(g.label(s) for s in sets)}) are discarded with it.",
                   f"{lab}にセットされているカード（{'、'.join(g.label(s) for s in sets)}）も"
                   "破棄します。", cards=[s.id for s in sets])
        to_netherworld(g, cards + sets, ("9.3.4.g", "3.1.6", "3.3.2"), reason="discard",
                       ask_order=True)


@_rule("9.4.3", "9.4.4.a", "9.4.4.b", "9.4.4.c", "9.4.4.d", "9.4.4.e", "9.4.4.l")
def _exclude(g, entries, cites=()) -> None:
    items = [(c, cause, be) for c, cause, be in _still(g, entries)
             if zone_kind(c.zone) != "removed"  # 9.4.6.a
             and barred(g, "exclude", c) is None]  # 9.4.6.b
    if not items:
        return
    cards = [c for c, _, _ in items]
    lab = ", ".join(g.label(c) for c in cards)
    with g.step("removal", cites + ("9.4.3", "9.4.4.a", "9.4.4.b", "9.4.4.c", "9.4.4.d"),
                f"除外: {lab} — the effects and 自動γ of 9.4.4.a–d resolve.",
                f"除外状態：{lab}。9.4.4.a〜dの効果と「自動γ」を解決します。",
                cards=[c.id for c in cards]):
        for window, when in (("9.4.4.a", "excludes"), ("9.4.4.b", "would_be_excluded"),
                             ("9.4.4.c", "excluded_by"), ("9.4.4.d", "excluded")):
            for c, cause, be in items:
                if zone_kind(c.zone) == "field":
                    _fire_removal(g, when, window, c, cause, be)
        sets = _set_tree(g, cards)
        with g.step("move", ("9.4.4.l", "3.1.6") + (("9.4.4.e",) if sets else ()),
                    f"{lab} goes to the removed area"
                    + (f"; the cards set on it ({', '.join(g.label(s) for s in sets)}) are "
                       "discarded to the netherworld" if sets else "") + ".",
                    f"{lab}を除外エリアに置きます"
                    + ("。セットカードは破棄して冥界に置きます" if sets else "") + "。",
                    cards=[c.id for c in cards + sets]):
            hosts = _detach(g, cards)
            g.move_batch([(c, g.owner_zone(c, "removed")) for c in cards], reason="exclude")
            if sets:
                g.move_batch([(s, g.owner_zone(s, "netherworld")) for s in sets],
                             reason="discard")
        if hosts:  # 11.1.1
            kesshi_now(g, ("6.1.13",), hosts)


_RESOLVE = {"kesshi": _kesshi, "discard": _discard, "exclude": _exclude}


def _set_tree(g, cards) -> list:
    """The cards set on `cards`, and on those, recursively (9.3.4.f, 9.4.4.k)."""
    out = []
    todo = list(cards)
    while todo:
        c = todo.pop(0)
        for sid in c.set:
            s = g.b.cards.get(sid)
            if s is not None and s not in out and s not in cards:
                out.append(s)
                todo.append(s)
    return out


def _detach(g, cards) -> list:
    """Unset `cards` from each other and from their hosts; returns the hosts that stay and
    lost a set card (their battle modifiers, 6.1.13, are gone)."""
    hosts = []
    for c in cards:
        if c.set:
            g.change({"op": "unset", "card": c.id, "set": list(c.set)})
            c.set = []
    for c in cards:
        h = g.b.host_of(c) if c.zone else None
        if h is not None:
            h.set.remove(c.id)
            g.change({"op": "unset", "card": h.id, "set": [c.id]})
            if h not in cards and h not in hosts:
                hosts.append(h)
    return hosts


@_rule("3.3.5")
def to_netherworld(g, cards: list, cites: tuple, reason: str = "discard",
                   ask_order: bool = False) -> None:
    """Cards (and set cards) go on top of their original owner's netherworld (3.1.6, 3.3.2).
    Cards arriving together have no order but are counted bottom up (3.3.5); after 破棄 the
    owner chooses it (9.3.4.g, `ask_order`)."""
    b = g.b
    ordered = []
    tp = b.turn_player
    for p in (tp, opponent(tp)):
        mine = [c for c in cards if c.owner == p]
        while ask_order and len(mine) > 1:
            req = Request("9.3.4.g", p, f"Which of these cards goes to {p}'s netherworld first "
                          "(lowest)?", f"どのカードを先に（下に）冥界に置きますか？",
                          [(c.id, g.label(c)) for c in mine], cites=("9.3.4.g",))
            pick = g.ask_cards(req, mine[0].id)
            c = b.cards[pick]
            mine.remove(c)
            ordered.append(c)
        ordered.extend(mine)
    lab = ", ".join(g.label(c) for c in ordered)
    if len(ordered) > 1 and not ask_order:
        cites += ("3.3.5",)
    verb = "goes" if len(ordered) == 1 else "go"
    with g.step("move", cites, f"{lab} {verb} on top of the owner's netherworld"
                + (" (cards put there together: counted from the bottom up)"
                   if len(ordered) > 1 and not ask_order else "") + ".",
                f"{lab}を本来のプレイヤーの冥界の上に置きます。", cards=[c.id for c in ordered]):
        hosts = _detach(g, ordered)
        from .putting import put_replaced

        for c in ordered:  # one at a time, so the last chosen ends on top
            if put_replaced(g, c, "netherworld"):
                continue  # 11.2.2.a: put elsewhere instead; this put ends
            g.move([c], g.owner_zone(c, "netherworld"), reason=reason)
    if hosts:  # 11.1.1: a host that lost its set card's durability is judged at once
        kesshi_now(g, ("6.1.13",), hosts)


@_rule("11.3.3")
def leave_field(g, cards: list) -> None:
    """11.3.3: before a field card moves to another zone (other than by removal), the cards
    set on it are discarded (11.3.3.a–g); they go to the netherworld with the move."""
    sets = _set_tree(g, cards)
    if not sets:
        return
    g.note("move", ("11.3.3",), f"{', '.join(g.label(c) for c in cards)} leaves the field: the "
           f"cards set on it ({', '.join(g.label(s) for s in sets)}) are discarded first.",
           f"{'、'.join(g.label(c) for c in cards)}が場から移るため、先にセットカード"
           f"（{'、'.join(g.label(s) for s in sets)}）を破棄します。", cards=[s.id for s in sets])
    to_netherworld(g, sets, ("11.3.3", "3.1.6"))
    _detach(g, cards)


# ---- 決死 from the state of the field (9.2.2) ------------------------------------------------------

@_rule("9.2.2.a", "9.2.2.b", "6.1.12")
def state_check(g, cards=None, ctx: Ctx | None = None, extra: tuple = ()) -> bool:
    """Characters whose durability is 0 or less (9.2.2.b, judged after all modifications,
    6.1.12, 7.6.1) or whose accumulated damage reached their durability (9.2.2.a) become 決死.
    True when any did."""
    b = g.b
    found = []
    for c in (cards if cards is not None else b.characters()):
        if not b.is_character(c):
            continue
        atk, dur = raw_stats(g, c)
        if dur <= 0:
            found.append((c, f"durability {dur} ≤ 0", f"耐久力が{dur}で0以下", ("9.2.2.b", "6.1.12")))
        elif c.damage >= dur and barred(g, "kesshi", c, note=False) is None:  # 9.2.8.c
            found.append((c, f"accumulated damage {c.damage} ≥ durability {dur}",
                          f"蓄積ダメージ{c.damage}が耐久力{dur}以上", ("9.2.2.a",)))
    if not found:
        return False
    leaves = tuple(dict.fromkeys(x for *_, cl in found for x in cl))
    with g.step("removal", leaves + extra,
                "; ".join(f"{g.label(c)}: {en} ({', '.join(cl)})" for c, en, _, cl in found)
                + ": it becomes 決死.",
                "。".join(f"{g.label(c)}：{ja}（{'、'.join(cl)}）" for c, _, ja, cl in found)
                + "のため決死状態となります。", cards=[c.id for c, *_ in found]):
        pass
    remove(g, "kesshi", [c for c, *_ in found], cause=ctx.source if ctx else None,
           by_effect=ctx is not None, ctx=ctx)
    return True


@_rule("11.1.1")
def kesshi_now(g, cites: tuple, cards=None) -> bool:
    """11.1.1: every process happens the moment it arises. A change that lowers a character's
    durability (a modifier that ends, a set card that leaves) makes a character whose
    accumulated damage now reaches it 決死 at that moment (9.2.2.a) — before the next step of
    the procedure that made the change, not at the next grant of priority. `cites`: the step
    that made the change."""
    live = [c for c in (cards if cards is not None else g.b.characters())
            if c.zone and g.b.is_character(c)]
    return state_check(g, live, extra=tuple(cites) + ("11.1.1",)) if live else False


def stats_text(g, c) -> str:
    atk, dur = battle_stats(g, c)
    return f"{atk}/{dur}"
