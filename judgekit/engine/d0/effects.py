"""Effects (第4部第12–15章): the instruction vocabulary of spells and abilities, targets, conditions
and replacement effects.

An ability's instructions are followed in the order written (4.9.2-3); as much as possible is
done (1.1.3, 4.12.2). Continuous effects that change data are fixed to the cards present when
they begin (4.14.3-2): each is recorded per card, so a card that becomes a new card (2.23.1-3)
loses it alone. A card is read as it was before it left when an ability needs it (4.9.2-6).
"""

from __future__ import annotations

from ..choices import Request
from ..effects import replace as _replace
from ..effects.delayed import in_turn_words
from ..effects.events import Event
from . import deck as _deck
from .clauses import REGISTRY
from .model import (BATTLE_SQUARES, HIDDEN_ZONES, LINES, PHASE_JA, adjacent, area_of,
                    is_battle_square, is_square, line_of, opponent, row_of)
from .values import Ref, forbid, geo_cites, has_keyword, look, matches, matching, sandwiched, \
    text_works

COLOR_JA = {"red": "赤", "black": "黒", "blue": "青", "white": "白", "green": "緑"}
_UNTIL_JA = {"turn_end": "ターン終了時まで", "battle_end": "バトル終了時まで"}
_CANNOT_WORDS = {"move": ("move", "移動"), "be_targeted": ("be chosen as a target", "対象に"),
                 "draw": ("draw cards", "カードを引くことが"),
                 "activate": ("activate activated abilities", "起動型能力を起動"),
                 "play": ("play cards", "カードをプレイ"),
                 "release": ("be released", "リリース")}

_rule = REGISTRY.rule
# 「…エネルギーゾーン／スマッシュゾーンにリリース状態で置く」: zone, clause, face, words (en, ja)
_RELEASED_INTO = {
    "to_energy": ("energy", "2.23.6-2", "up", "energy zone, face up", "エネルギーゾーンに表向き"),
    "to_smash": ("smash", "2.23.7-2", "down", "smash zone, face down", "スマッシュゾーンに裏向き"),
}


class Ctx:
    """Who and what an effect is about: its controller, its source (id, the object it was, its
    last-known information), the legal targets by name, the triggering event, the item."""

    __slots__ = ("controller", "source", "src_obj", "snap", "targets", "event", "item", "it",
                 "area", "bound", "was")

    def __init__(self, controller: str, source: str | None = None, src_obj: int | None = None,
                 snap: dict | None = None, targets: dict | None = None,
                 event: dict | None = None, item=None, it=None) -> None:
        self.controller = controller
        self.source = source
        self.src_obj = src_obj
        self.snap = snap or {}
        self.targets = targets or {}
        self.event = event or {}
        self.item = item
        self.it = it  # the card a replacement or an event is about
        self.bound = None  # (unit, incarnation) a resolving strategy 結合 with (6.6.1)
        areas = [t for v in self.targets.values() for t in v if t in ("own", "center", "enemy")]
        self.area = areas[0] if areas else None
        self.was: dict | None = None  # card id -> its battle square as the resolution began

    def source_card(self, g):
        """The source as the same card it was (None once it became a new card)."""
        c = g.b.cards.get(self.source) if self.source else None
        if c is None or (self.src_obj is not None and c.incarnation != self.src_obj):
            return None
        return c

    def ref(self, g) -> Ref:
        """What filters are relative to: the source where it is, or where it last was (4.9.2-6)."""
        c = self.source_card(g)
        zone = c.zone if c is not None and is_square(c.zone) else self.snap.get(
            "zone", c.zone if c is not None else "")
        return Ref(self.source, zone, self.controller, self.targets, self.area)


# the words of a created trigger's event (4.4.4), for the step that creates it
_DELAYED_WHEN = {"turn_end": ("at the end of the turn", "ターン終了時"),
                 "battle_end": ("at the end of the battle", "バトル終了時"),
                 "turn_start": ("at the start of the turn", "ターン開始時"),
                 "phase_start": ("at the start of the {phase} phase", "{phase}の開始時")}


def _delayed_words(d: dict) -> tuple:
    """A created trigger as the step that creates it names it: its printed text when the file
    gives it, else the words of its event (never the file's key)."""
    if d.get("text"):
        return (f"「{d['text']}」",) * 2
    en, ja = _DELAYED_WHEN.get(d["trigger"], (d["trigger"], d["trigger"]))
    ph = d.get("phase", "")
    en, ja = in_turn_words(en.format(phase=ph), ja.format(phase=PHASE_JA.get(ph, ph)), d,
                           d.get("controller"), opponent)
    return f"one that triggers {en}", f"「{ja}」に誘発するもの"

def _player(ctx: Ctx, who: str | None) -> str:
    return opponent(ctx.controller) if who == "opponent" else ctx.controller


# ---- selecting cards ----------------------------------------------------------------------------

def select(g, sel, ctx: Ctx) -> list:
    b = g.b
    if isinstance(sel, dict) and "choose" in sel:
        return _choose_cards(g, sel, ctx)
    if isinstance(sel, dict):
        return matching(g, sel["all"], ctx.ref(g))
    if sel == "self":
        c = ctx.source_card(g)
        return [c] if c is not None else []
    if sel == "it":
        c = ctx.it or b.cards.get(ctx.event.get("card"))
        return [c] if c is not None else []
    if sel == "sandwiched":  # 挟撃 (5.9.1): the units this card sandwiches now
        c = ctx.source_card(g)
        return sandwiched(g, c) if c is not None else []
    if sel == "target":
        ids = [t for v in ctx.targets.values() for t in v]
    elif sel in ctx.targets:
        ids = ctx.targets[sel]
    else:
        ids = [sel]
    return [b.cards[i] for i in ids if i in b.cards]


def _whose(g, sel: dict, ctx: Ctx) -> str:
    """The player whose zones the cards are chosen from: the controller (「あなたの」), the
    opponent (「相手の手札」) or the owner of the target (「そのエネルギーゾーン」)."""
    who = sel.get("whose", "you")
    if who == "opponent":
        return opponent(ctx.controller)
    if who == "target_owner":
        t = next((g.b.cards[i] for v in ctx.targets.values() for i in v if i in g.b.cards), None)
        return t.owner if t is not None else ctx.controller
    return ctx.controller


def _choice_options(g, sel: dict, ctx: Ctx, chooser: str, whose: str) -> list:
    """The cards matching the selection's filter, `you` in it read as `chooser`."""
    zones = sel.get("from") or ["hand"]
    zones = zones if isinstance(zones, list) else [zones]
    base = ctx.ref(g)
    ref = Ref(base.card, base.zone, chooser, base.targets, base.area)
    flt = sel.get("filter") or {}
    out = []
    for z in zones:
        if z == "squares":
            out += matching(g, flt, ref)
        else:
            out += [c for c in g.b.cards_in(f"{whose}.{z}") if matches(g, look(g, c), flt, ref)]
    return out


@_rule("4.9.2-4", "2.25.3", "2.25.4")
def _choose_cards(g, sel: dict, ctx: Ctx) -> list:
    """Cards chosen on resolution (4.9.2-4) from the controller's zones, the opponent's, or the
    squares. Looking for particular cards (a filter) among the controller's own hidden cards,
    the controller may choose not to find them (2.25.3); the opponent's hidden zone the text
    has the controller choose from is public while it resolves, so a matching card there must
    be chosen (2.25.4). With `player: each`, each player chooses in turn (1.1.4, 4.9.2-5)."""
    b = g.b
    if sel.get("player") == "each":
        return _each_chooses(g, sel, ctx)
    whose = _whose(g, sel, ctx)
    opts = _choice_options(g, sel, ctx, ctx.controller, whose)
    zones = sel.get("from") or ["hand"]
    zones = zones if isinstance(zones, list) else [zones]
    hidden = [z for z in zones if z in HIDDEN_ZONES]
    n = min(sel["choose"], len(opts))
    src = g.label(ctx.source) if ctx.source else "the effect"
    public = bool(hidden) and whose != ctx.controller
    if public and n == 0:
        g.note("effect", ("2.25.4",), f"While {src} resolves, {whose}'s {'/'.join(hidden)} is "
               f"known to every player (2.25.4): it holds no matching card.",
               f"{src}の解決中、{whose}の{'・'.join(hidden)}は公開情報になります。該当するカードは"
               "ありません。", player=ctx.controller)
    if n == 0:
        return []
    # 2.25.3: particular cards asked of the controller's own hidden zone may be 'not found'
    miss = bool(sel.get("filter")) and whose == ctx.controller and all(
        c.zone.split(".")[-1] in HIDDEN_ZONES for c in opts)
    may_none = miss or bool(sel.get("up_to"))
    ids = [c.id for c in opts]
    prompt = (f"choose {'up to ' if may_none else ''}{n} card(s) from {'/'.join(zones)}",
              f"{'・'.join(zones)}からカードを{n}枚{'まで' if may_none else ''}選んでください")
    cites = ("4.9.2-4",) + (("2.25.3",) if miss else ())
    if n == 1 and may_none:
        req = Request(ctx.source or "4.9.2-4", ctx.controller, *prompt,
                      options=ids + [("none", "none (見つからなかった)" if miss else "none")],
                      fallback_keys=("4.9.2-4",), cites=cites)
    else:
        req = Request(ctx.source or "4.9.2-4", ctx.controller, *prompt, options=ids,
                      kind="many" if n > 1 or may_none else "one", min=0 if may_none else n,
                      max=n, fallback_keys=("4.9.2-4",), cites=cites)
    if miss:
        with g.step("effect", ("2.25.3", "4.9.2-4"), f"{src} asks {ctx.controller} for "
                    f"particular cards of its hidden {'/'.join(hidden)}: {ctx.controller} may "
                    "choose not to find them (2.25.3).", f"{src}は{ctx.controller}の非公開情報"
                    f"（{'・'.join(hidden)}）から特定のカードを求めています。{ctx.controller}は"
                    "それを見つけられなかったことを選べます。", player=ctx.controller) as st:
            ans = g.ask(req)
            got = [a for a in (ans if isinstance(ans, list) else [ans]) if a != "none"]
            if not got:
                st.message += f" {ctx.controller} chooses not to find one."
                st.message_ja += f"{ctx.controller}は見つからなかったことを選びました。"
    elif public:
        with g.step("effect", ("2.25.4", "4.9.2-4"), f"While {src} resolves, {whose}'s "
                    f"{'/'.join(hidden)} is known to every player: public information (2.25.4). "
                    f"{ctx.controller} sees {len(opts)} matching card(s) there and must choose; "
                    "it cannot say it found none.", f"{src}の解決中、{whose}の{'・'.join(hidden)}"
                    "はすべてのプレイヤーにわかっている情報（公開情報）になります。"
                    f"{ctx.controller}は該当するカードを見つからなかったことにして選ばないことは"
                    "できません。", player=ctx.controller):
            ans = g.ask(req)
            got = ans if isinstance(ans, list) else [ans]
    else:
        ans = g.ask_cards(req, ids[:n] if req.kind == "many" else ids[0])
        got = [a for a in (ans if isinstance(ans, list) else [ans]) if a != "none"]
    return [b.cards[i] for i in got]


@_rule("1.1.4", "4.9.2-5")
def _each_chooses(g, sel: dict, ctx: Ctx) -> list:
    """「それぞれのプレイヤーは自分の…を1枚選び」: the active player chooses first, then the other
    knowing it (1.1.4, 4.9.2-5); the instruction then acts on every chosen card at once."""
    from ..effects.choosing import in_turn_order

    ap = g.b.turn_player
    reqs = {}
    for p in (ap, opponent(ap)):
        opts = _choice_options(g, sel, ctx, p, p)
        n = min(sel["choose"], len(opts))
        if n > 0:
            reqs[p] = Request(ctx.source or "4.9.2-5", p, f"{p} chooses {n} card(s)",
                              f"{p}はカードを{n}枚選んでください", options=[c.id for c in opts],
                              kind="many", min=n, max=n, fallback_keys=("4.9.2-5",),
                              cites=("1.1.4", "4.9.2-5"))
    if not reqs:
        return []
    answers = in_turn_order(g, ap, reqs, cites=("1.1.4", "4.9.2-5"),
                            what=(f"choose {sel['choose']} card(s) each",
                                  f"それぞれカードを{sel['choose']}枚選びます"),
                            ask=lambda r: g.ask_cards(r, list(r.values()[:r.min])))
    return [g.b.cards[i] for ids in answers.values() for i in ids]


# ---- conditions (4.4.3) ---------------------------------------------------------------------------

def condition_holds(g, cond: dict | None, ctx: Ctx) -> bool:
    if not cond:
        return True
    b = g.b
    ref = ctx.ref(g)
    if "self" in cond:
        c = ctx.source_card(g)
        if c is None or not matches(g, look(g, c), cond["self"], ref):
            return False
    if "exists" in cond and not matching(g, cond["exists"], ref):
        return False
    if "count" in cond:
        zc = cond["count"]
        p = _player(ctx, zc.get("player"))
        n = len(b.pzone(p, zc.get("zone", "hand")))
        if "at_least" in cond and n < cond["at_least"]:
            return False
        if "at_most" in cond and n > cond["at_most"]:
            return False
    if "additional_paid" in cond and bool(ctx.item is not None and getattr(
            ctx.item, "additional", False)) != cond["additional_paid"]:
        return False  # 4.7.2-4: 「そうした場合」 — played paying its additional cost
    if "deck_ordered" in cond and b.players[ctx.controller].deck_ordered != cond["deck_ordered"]:
        return False  # 6.2.1: whether the deck's order was intentionally determined
    return True


@_rule("6.2.1")
def _if(g, ins: dict, ctx: Ctx) -> None:
    """「～ならば、…」: `do` when the condition holds at resolution, else `otherwise`; a card
    that reads whether the order of its controller's deck was intentionally determined (6.2.1)
    says which way it went."""
    cond = ins["if"]
    holds = condition_holds(g, cond, ctx)
    if "deck_ordered" in cond:
        p = ctx.controller
        has = g.b.players[p].deck_ordered
        src = g.label(ctx.source) if ctx.source else "The effect"
        g.note("effect", ("6.2.1",), f"{src} reads whether the order of {p}'s deck has been "
               f"intentionally determined during this duel: it has{'' if has else ' not'}.",
               f"{src}は{p}の山札のカードの順番が意図的に決定されたかどうかを参照します："
               f"{'決定されています' if has else '決定されていません'}。", player=p)
    execute(g, ins["do"] if holds else ins.get("otherwise") or [], ctx)


# ---- targets (4.7.2-5, 4.8.4-2, 4.9.2-1, 4.11) -----------------------------------------------------

def target_specs(ab: dict) -> list[dict]:
    if ab.get("targets"):
        return [dict(t, name=t.get("name") or f"t{i + 1}") for i, t in enumerate(ab["targets"])]
    if ab.get("target"):
        return [dict(ab["target"], name="target")]
    return []


def target_options(g, spec: dict, ctx: Ctx, source_colors=()) -> list:
    """The legal choices for one target (4.11): cards on the squares meeting the condition and
    not protected from this source by 耐性 (5.17.2), or the three areas."""
    if spec.get("area"):
        return ["own", "center", "enemy"]
    if spec.get("line"):  # 「対象のラインを1つ選び」 (2.24.4)
        return list(LINES)
    if spec.get("square"):
        return [sq for sq in BATTLE_SQUARES if _square_ok(g, sq, spec["square"], ctx)]
    out = []
    for c in _target_pool(g, spec, ctx):
        res = has_keyword(c, "resistance")
        if res and res in source_colors:
            continue
        if forbid(g, c, "be_targeted") is not None:  # 1.1.2: 「対象にできない」 wins
            continue
        out.append(c.id)
    return out


def _target_pool(g, spec: dict, ctx: Ctx) -> list:
    """The cards a target is chosen among: on the squares (2.23.8-3), or in the controller's
    own zone the text names (「自分の墓地にある対象の…」, 「あなたのエネルギーゾーンにある対象の…」)."""
    if spec.get("zone"):
        ref = ctx.ref(g)
        flt = spec.get("filter") or {}
        return [c for c in g.b.cards_in(f"{ctx.controller}.{spec['zone']}")
                if matches(g, look(g, c), flt, ref)]
    return matching(g, spec.get("filter") or {}, ctx.ref(g))


def _target_zone_ok(spec: dict, c, ctx: Ctx) -> bool:
    if spec.get("zone"):
        return c.zone == f"{ctx.controller}.{spec['zone']}"
    return is_square(c.zone)


def _square_ok(g, sq: str, cond: dict, ctx: Ctx) -> bool:
    if cond.get("area") and area_of(sq, ctx.controller) != cond["area"]:
        return False
    if cond.get("empty") and g.b.units_on(sq):
        return False
    if cond.get("unit_of"):  # 「…のユニットがいるスクエア」
        p = ctx.controller if cond["unit_of"] == "you" else opponent(ctx.controller)
        if not any(u.controller == p for u in g.b.units_on(sq)):
            return False
    return True


@_rule("4.7.2-5", "4.8.4-2", "4.11.3", "5.17.2")
def choose_targets(g, ab: dict, ctx: Ctx, *, chooser: str, key: str, given=None,
                   source_colors=()) -> dict | None:
    """Choose every target of an ability or spell in order (4.7.2-5). Returns {name: [ids]},
    or None when a required target has no legal choice (4.11.3). `given` are the targets the
    file's action names. One 「対象の」 never picks a card twice (4.11.5)."""
    chosen: dict = {}
    for spec in target_specs(ab):
        name = spec["name"]
        ctx.targets = dict(chosen)
        opts = target_options(g, spec, ctx, source_colors)
        count = spec.get("count", 1)
        if count == "X":  # 4.7.2-5: a number of targets given by the X decided before (4.7.2-3)
            from .costs import x_of

            count = x_of(ctx)
        elif count == "any":  # 「好きな枚数」: how many is declared first, 0 included (4.7.2-5)
            count = len(opts)
        lo = 0 if spec.get("up_to") or spec.get("count") == "any" else count
        if given is not None:
            want = given.get(name) if isinstance(given, dict) else (
                given if name in ("target", "t1") else [])
            want = list(want or [])
            if len(want) < lo or len(want) > count or len(set(want)) != len(want) or any(
                    w not in opts for w in want):
                return None
            chosen[name] = want
            continue
        if len(opts) < lo:
            return None
        req = Request(key, chooser, f"choose {'up to ' if lo < count else ''}{count} target(s)"
                      f" for {name}", f"対象（{name}）を{count}{'つまで' if lo < count else 'つ'}"
                      "選んでください", options=opts, kind="many" if count > 1 or lo == 0
                      else "one", min=min(lo, len(opts)), max=min(count, len(opts)),
                      fallback_keys=("4.8.4-2",), cites=("4.8.4-2",))
        ans = g.ask(req)
        chosen[name] = list(ans) if isinstance(ans, list) else [ans]
    ctx.targets = chosen
    return chosen


@_rule("4.9.2-1", "4.9.2-2")
def legal_targets(g, it, ab: dict, ctx: Ctx) -> tuple[dict, list]:
    """4.9.2-1: a target that moved other than square to square (a new card), or no longer meets
    its condition, is illegal; 4.9.2-2: one whose condition refers to an illegal target is
    illegal too. Returns ({name: legal ids}, [illegal ids])."""
    legal: dict = {}
    bad: list = []
    ctx.targets = legal
    dependent = []
    for spec in target_specs(ab):
        name = spec["name"]
        keep = []
        for t in it.targets.get(name, []):
            if spec.get("area") or spec.get("line") or t in ("own", "center", "enemy"):
                keep.append(t)
                continue
            if t in BATTLE_SQUARES:
                (keep if _square_ok(g, t, spec.get("square") or {}, ctx) else bad).append(t)
                continue
            c = g.b.cards.get(t)
            ok = c is not None and c.incarnation == it.objs.get(t, c.incarnation) and \
                _target_zone_ok(spec, c, ctx) and matches(g, look(g, c), spec.get("filter") or {},
                                                          ctx.ref(g))
            (keep if ok else bad).append(t)
            flt = spec.get("filter") or {}
            if not ok and c is not None and c.incarnation == it.objs.get(t, c.incarnation) and \
                    is_square(c.zone) and any(k in flt and not legal.get(flt[k]) for k in (
                        "same_area_as", "same_line_as")):
                dependent.append(t)
        legal[name] = keep
        ctx.targets = dict(legal)
    ctx.targets = legal
    ctx.area = next((t for v in legal.values() for t in v if t in ("own", "center", "enemy")),
                    None)
    if dependent:
        g.note("resolve", ("4.9.2-2",),
               f"{', '.join(g.label(t) for t in dependent)} is still on its square, but its target "
               "condition refers to a target that is illegal now: it is illegal too.",
               f"{'、'.join(g.label(t) for t in dependent)}はスクエアにありますが、その対象条件が不適切"
               "な対象を参照しているため、不適切になります。", cards=tuple(dependent))
    return legal, bad


# ---- replacement effects (4.15) -------------------------------------------------------------------

def _replacements_for(g, c, kind: str = "to_graveyard", *, plan: bool = False,
                      into: str | None = None) -> list:
    """The replacement effects (4.15.2) of the cards on the squares that apply to `c` going
    into the graveyard (or being dealt damage, or put into the smash zone), as candidates of
    the core loop; `plan`: also a plan-zone card's own, written as its zone effect (5.7.1)."""
    from .values import in_its_zone

    b = g.b
    holders = [s for s in b.on_squares() if not b.is_attached(s) and text_works(s)]
    if plan:
        holders += [b.cards[i] for p in ("P1", "P2") for i in b.pzone(p, "plan")]
    found = []
    for s in holders:
        for i, ab in enumerate(s.abilities, 1):
            if ab.get("replace") != kind or not in_its_zone(s, ab) or \
                    into is not None and ab.get("into") != into:
                continue
            of = ab.get("of", "self")
            ok = (c.id == s.id) if of == "self" else matches(g, look(g, c), of,
                                                             Ref.of_card(g, s))
            if ok:
                found.append(_replace.Candidate(f"{s.id}#{i}", s.id, s.controller, (s, i, ab)))
    return found + _created(g, kind, c.id, into) if g.b.effects else found


def _rctx(g, s, ab: dict, c=None) -> Ctx:
    """The context a replacement's 「かわりに」 runs in: its source, controlled by the
    replacement's controller (a created one's is the player whose spell made it)."""
    return Ctx(ab.get("controller") or s.controller, s.id, s.incarnation, g.snap(s), it=c)


@_rule("4.15.8-1")
def _created(g, kind: str, about: str, into: str | None = None) -> list:
    """The replacement effects spells and abilities created (4.15.3) for `about` (a card, or a
    player for a draw): the core's effects in force, each carried as (source card, None,
    effect) like a printed one; a self-replacement when the spell or ability resolving now
    created it (4.15.8-1)."""
    if not g.b.effects:
        return []
    now = getattr(g, "now_resolving", None)
    out = []
    for cand in _replace.created(g, kind, about, match=lambda e: e.get("into") == into,
                                 self_scope=lambda e: now is not None and e.get("_item") is now):
        s = g.b.cards.get(cand.source or "")
        if s is not None:
            cand.data = (s, None, cand.data)
            out.append(cand)
    return out


@_rule("4.15.8-2")
def _choose_replacement(g, event, cands):
    """4.15.8-2: the affected card's controller, or the affected player, chooses which applies
    first."""
    c = g.b.cards.get(event.card or "")
    who = c.controller if c is not None else event.player
    what, what_ja = (f"{c.controller}, its controller", f"影響を受けるカードの支配者{c.controller}") \
        if c is not None else (f"{who}, the affected player", f"影響を受けるプレイヤー{who}")
    opts = [x.key for x in cands]
    with g.step("replacement", ("4.15.8-2",), f"{len(cands)} replacement effects would replace "
                f"{event.en} ({', '.join(opts)}): {what}, chooses the order in which they "
                "apply.", f"{event.ja}イベントを{len(cands)}つの置換効果が置き換えようとしています"
                f"（{'、'.join(opts)}）。{what_ja}が適用する順番を選択します。",
                cards=((c.id,) if c is not None else ()) + tuple(x.source for x in cands),
                player=who):
        subj, subj_ja = (c.label(), c.label()) if c is not None else (event.en, event.ja)
        ans = g.ask(Request("4.15.8-2", who, f"which replacement effect applies to {subj} "
                            "first", f"{subj_ja}に最初に適用する置換効果を選んでください",
                            options=opts, cites=("4.15.8-2",)))
    return cands[opts.index(ans)]


# D0's binding of the core replacement loop (judgekit.engine.effects.replace): the affected
# card's controller chooses (4.15.8-2), and a replacement replaces one event once — never the
# events its own 「かわりに」 makes (4.15.6), so a replacement whose instead-event is the event
# it replaces ends instead of recursing (issue 20)
POLICY = _replace.Policy(choose=_choose_replacement, once=("4.15.6",), self_first="4.15.8-1",
                         consume=lambda g, cand: _used_once(g, cand))


@_rule("4.15.3")
def _used_once(g, cand) -> None:
    """A replacement effect a spell or an ability created with no duration replaces the next
    such event once (4.15.3): having replaced it, it ends."""
    s, _, e = cand.data
    if not any(x is e for x in g.b.effects):
        return  # it ended with the card it was for (that card is a new object now)
    with g.step("replacement", ("4.15.3",),
                f"{s.label()}'s replacement effect was created by a spell or ability with no "
                "duration: it replaces only the next such event, once, and now ends.",
                f"{s.label()}が生み出した置換効果は期限が規定されていないため、次に置換イベントが"
                "起こる時に1度だけ置換し、これで終了します。", cards=(s.id,)):
        _replace.use_up(g, e)


@_rule("4.15.6")
def replaced_to_graveyard(g, c, *, cost: bool = False) -> bool:
    """`c` would go from a square into the graveyard: True when a replacement effect put it
    elsewhere instead (the event did not happen, 4.15.4)."""
    if not _replacements_for(g, c):
        return False
    ev = Event("to_graveyard", card=c.id, cause="cost" if cost else "effect",
               en=f"{c.label()} being put into the graveyard",
               ja=f"{c.label()}が墓地に置かれる")

    def apply(g, event, cand):
        if cand.data[2].get("optional") and not _opted(g, c, cand.data):
            return event  # not applied: the event goes on as it is
        replace(g, c, cand.data, cost=cost)
        return None

    happens, _ = _replace.run(g, ev, lambda e: _replacements_for(g, c), apply, POLICY)
    return not happens


@_rule("4.15.7")
def _opted(g, c, rep) -> bool:
    """「かわりに～してよい」: the replacement's controller chooses whether it applies — unless its
    「かわりに」 contains something impossible, which cannot be chosen (4.15.7)."""
    from .attached import IMPOSSIBLE, possible

    s, i, ab = rep
    text = ab.get("text") or "かわりに…してよい"
    ctx = _rctx(g, s, ab, c)
    if not possible(g, ab.get("instead", []), ctx, select):
        g.note("replacement", ("4.15.7",),
               f"{s.label()}'s replacement effect may put {c.label()} elsewhere instead of the "
               f"graveyard, but that option contains something impossible now ({IMPOSSIBLE[0]}):"
               f" {s.controller} cannot choose it, and the event happens as it is.",
               f"{s.label()}の置換効果（「{text}」）は選択肢を持ちますが、その選択肢には現在不可能な"
               f"事が含まれるため（{IMPOSSIBLE[1]}）、{s.controller}はそれを選択できません。イベントは"
               "そのまま起きます。", cards=(c.id, s.id))
        return False
    ans = g.ask(Request(s.id, s.controller, f"apply {s.label()}'s replacement effect to "
                        f"{c.label()}?", f"{c.label()}に{s.label()}の置換効果を適用しますか？",
                        kind="yesno", options=[True, False], cites=("4.15.2",)))
    return ans in (True, "yes")


@_rule("4.15.5-1")
def smash_replaced(g, c) -> bool:
    """`c` (the top of a deck) would be put into the smash zone: True when a replacement put
    something else in its place (4.15.2). The effect that asked for the smash still counts it as
    done (4.15.5-1): what it says to do 「そうした場合」 follows."""
    if not _replacements_for(g, c, "to_smash", plan=True):
        return False

    def apply(g, event, cand):
        s, i, ab = cand.data
        text = ab.get("text") or "かわりに…"
        with g.step("replacement", ("4.15.2", "4.15.3", "4.15.4", "4.15.5-1"),
                    f"{c.label()} would be put into the smash zone; {s.label()}'s replacement "
                    "effect does something else instead. The effect that asked for the smash "
                    "still counts it as done (4.15.5-1).",
                    f"{c.label()}がスマッシュゾーンに置かれる時、{s.label()}の置換効果（「{text}」）"
                    "により、かわりに別のイベントが起きます。置換されても、その行動は行われたものと"
                    "みなします（4.15.5-1）。", cards=(c.id, s.id)):
            execute(g, ab.get("instead") or [], _rctx(g, s, ab, c))
        return None

    ev = Event("to_smash", card=c.id, en=f"{c.label()} being put into the smash zone",
               ja=f"{c.label()}がスマッシュゾーンに置かれる")
    happens, _ = _replace.run(g, ev, lambda e: _replacements_for(g, c, "to_smash", plan=True),
                              apply, POLICY)
    return not happens


def replace_moves(g, pairs: list) -> list:
    """「…が手札（山札、エネルギーゾーン…）に置かれる時、かわりに…」 (4.15.2) for every move into
    such a zone of a player's, whatever makes it: the moves that still happen."""
    zones = _put_into_zones(g)
    if not zones:
        return pairs
    out = []
    for pair in pairs:
        c, dest = pair[0], pair[1]
        k = dest.split(".", 1)[1] if "." in dest else None
        if k in zones and c.zone != dest and put_replaced(g, c, k):
            continue
        out.append(pair)
    return out


def _put_into_zones(g) -> frozenset:
    """The zones some `replace: put_into` names: printed ones (read once a run; cards gain no
    replacement in D0's vocabulary) and those in force."""
    printed = getattr(g, "_put_into", None)
    if printed is None:
        printed = g._put_into = frozenset(ab["into"] for c in g.b.cards.values()
                                          for ab in c.abilities
                                          if ab.get("replace") == "put_into" and "into" in ab)
    if not g.b.effects:
        return printed
    return printed | {e["into"] for e in g.b.effects
                      if e.get("replace") == "put_into" and "into" in e}


@_rule("4.15.2")
def put_replaced(g, c, into: str) -> bool:
    """`c` would be put into its owner's `into` zone: True when a replacement effect did
    something else instead (the event did not happen, 4.15.4)."""
    if not _replacements_for(g, c, "put_into", plan=True, into=into):
        return False
    where = {"hand": ("hand", "手札"), "deck": ("deck", "山札"), "energy": ("energy zone",
             "エネルギーゾーン"), "plan": ("plan zone", "プランゾーン"), "remove": (
             "remove-from-game zone", "除外ゾーン")}[into]

    def apply(g, event, cand):
        s, i, ab = cand.data
        if ab.get("optional") and not _opted(g, c, cand.data):
            return event
        text = ab.get("text") or "かわりに…"
        with g.step("replacement", ("4.15.2", "4.15.3", "4.15.4"),
                    f"{c.label()} would be put into the {where[0]}; {s.label()}'s replacement "
                    "effect does something else instead. The replaced event did not happen: "
                    "nothing triggers on it.",
                    f"{c.label()}が{where[1]}に置かれる時、{s.label()}の置換効果（「{text}」）により、"
                    "かわりに別のイベントが起きます。置き換えられたイベントは起きたことにならず、"
                    "それによって誘発するものはありません。", cards=(c.id, s.id)):
            execute(g, ab.get("instead") or [], _rctx(g, s, ab, c))
        return None

    ev = Event("put_into", card=c.id, to=into, en=f"{c.label()} being put into the {where[0]}",
               ja=f"{c.label()}が{where[1]}に置かれる")
    happens, _ = _replace.run(g, ev, lambda e: _replacements_for(g, c, "put_into", plan=True,
                                                                 into=into), apply, POLICY)
    return not happens


def _draw_replacements(g, p: str) -> list:
    found = []
    for s in g.b.on_squares():
        if g.b.is_attached(s) or not text_works(s):
            continue
        for i, ab in enumerate(s.abilities, 1):
            if ab.get("replace") == "draw" and \
                    (p == s.controller) == (ab.get("player", "you") == "you"):
                found.append(_replace.Candidate(f"{s.id}#{i}", s.id, s.controller, (s, i, ab)))
    return found + _created(g, "draw", p) if g.b.effects else found


def draw_replaced(g, p: str) -> bool:
    """「あなたがカードを引く時、かわりに～」: one draw of `p`'s replaced (4.15.2): True when it
    did not happen (nothing triggers on it, 4.15.4); each replacement once (4.15.6)."""
    if not _draw_replacements(g, p):
        return False

    def apply(g, event, cand):
        s, i, ab = cand.data
        text = ab.get("text") or "かわりに…"
        instead = ab.get("instead") or []
        with g.step("replacement", ("4.15.2", "4.15.3", "4.15.4"),
                    f"{p} would draw a card; {s.label()}'s replacement effect "
                    + ("does something else instead" if instead else "replaces it with nothing")
                    + ". The draw did not happen: nothing triggers on it.",
                    f"{p}がカードを引く時、{s.label()}の置換効果（「{text}」）により、かわりに別の"
                    "イベントが起きます。引いたことにはならず、それによって誘発するものはありません。",
                    cards=(s.id,), player=p):
            if instead:
                execute(g, instead, _rctx(g, s, ab))
        return None

    ev = Event("draw", player=p, en=f"{p} drawing a card", ja=f"{p}がカードを引く")
    happens, _ = _replace.run(g, ev, lambda e: _draw_replacements(g, p), apply, POLICY)
    return not happens


def damage_after_replacements(g, c, n: int, dealer: str | None, battle: bool) -> int | None:
    """The damage `c` is dealt after the replacement effects for it (4.15.2): None when one
    replaced it (prevented, or something else instead), else the amount, reduced by those that
    reduce it; each applies once (4.15.6)."""
    if not _replacements_for(g, c, "damaged"):
        return n

    def apply(g, event, cand):
        s, i, ab = cand.data
        text = ab.get("text") or "かわりに…"
        if "reduce" in ab:
            m = max(0, event.amount - ab["reduce"])
            with g.step("replacement", ("4.15.2", "4.15.3"),
                        f"{c.label()} would be dealt {event.amount} damage; {s.label()}'s "
                        f"replacement effect deals {m} instead.",
                        f"{c.label()}に{event.amount}のダメージが与えられる時、{s.label()}の置換効果"
                        f"（「{text}」）により、かわりに{m}のダメージが与えられます。",
                        cards=(c.id, s.id)):
                pass
            return event.modified(amount=m)
        instead = ab.get("instead") or []
        with g.step("replacement", ("4.15.2", "4.15.3", "4.15.4"),
                    f"{c.label()} would be dealt {event.amount} damage; {s.label()}'s replacement "
                    "effect " + ("does something else instead" if instead else "prevents it")
                    + ". The replaced event did not happen.",
                    f"{c.label()}に{event.amount}のダメージが与えられる時、{s.label()}の置換効果"
                    f"（「{text}」）により、" + ("かわりに別のイベントが起きます。" if instead else
                                            "そのダメージは与えられません。"),
                    cards=(c.id, s.id)):
            if instead:
                execute(g, instead, _rctx(g, s, ab, c))
        return None

    ev = Event("damaged", card=c.id, source=dealer, cause="battle" if battle else "effect",
               amount=n, en=f"{n} damage to {c.label()}", ja=f"{c.label()}への{n}のダメージ")
    happens, ev = _replace.run(g, ev, lambda e: _replacements_for(g, c, "damaged"), apply,
                               POLICY)
    return ev.amount if happens else None


@_rule("4.15.2", "4.15.3", "4.15.4", "4.15.5", "4.8.7")
def replace(g, c, rep, *, cost: bool = False) -> None:
    s, i, ab = rep
    cites = ("4.15.2", "4.15.3", "4.15.4", "4.8.7") + (("4.15.5",) if cost else ())
    text = ab.get("text") or "かわりに…"
    with g.step("replacement", cites,
                f"{c.label()} would be put into the graveyard; {s.label()}'s replacement effect "
                "puts it elsewhere instead. The replaced event did not happen: nothing triggers "
                "on it." + (" The cost still counts as paid." if cost else ""),
                f"{c.label()}が墓地に置かれる時、{s.label()}の置換効果（「{text}」）により、かわりに"
                "別の場所に置かれます。置き換えられたイベントは起きたことにならず、それによって誘発"
                "するものはありません。" + ("コストは支払われたこととなります。" if cost else ""),
                cards=(c.id, s.id)):
        ctx = _rctx(g, s, ab, c)
        execute(g, ab.get("instead", []), ctx)


_REPLACE_WORDS = {"to_graveyard": ("being put into the graveyard", "墓地に置かれる"),
                  "damaged": ("being dealt damage", "ダメージを与えられる"),
                  "draw": ("drawing a card", "カードを引く"),
                  "to_smash": ("being put into the smash zone", "スマッシュゾーンに置かれる")}


@_rule("4.15.3")
def _create_replacement(g, ins: dict, ctx: Ctx) -> None:
    """「（このターン、）次に～する時、かわりに～」: a spell or ability creates a replacement effect
    (4.15.3) — with no duration it replaces the next such event once; with one, every such
    event until it ends."""
    b = g.b
    kind = ins["replace"]
    until = ins.get("until")
    if kind == "draw":
        about = [_player(ctx, ins.get("player"))]
        names = about
    else:
        cards = select(g, ins.get("to", "self"), ctx)
        if not cards:
            return
        about = [c.id for c in cards]
        names = [c.label() for c in cards]
    what = _REPLACE_WORDS[kind]
    src = g.label(ctx.source) if ctx.source else "The effect"
    when_en = (f"every time until the {until.replace('_', ' ')}" if until else
               "the next time only, once")
    when_ja = (f"{_UNTIL_JA.get(until, until)}、置換イベントが起きるたびに" if until else
               "次に置換イベントが起こる時に1度だけ")
    with g.step("effect", ("4.15.3",), f"{src} creates a replacement effect for "
                f"{', '.join(names)} {what[0]}: it replaces {when_en} (4.15.3).",
                f"{src}は{'、'.join(names)}が{what[1]}時の置換効果を生み出します。{when_ja}"
                "置換します。", cards=tuple(x for x in about if x in b.cards),
                player=ctx.controller):
        b.clock += 1
        eff = _replace.made(ins, about, [b.cards[x] for x in about if x in b.cards],
                            source=ctx.source, controller=ctx.controller, ts=b.clock,
                            until=until)
        if ctx.item is not None:
            eff["_item"] = ctx.item  # who created it: a self-replacement while it resolves
        g.add_effect(eff)


# ---- drawing and moving -------------------------------------------------------------------------

@_rule("1.2.2")
def amount(g, spec, ctx: Ctx) -> int:
    """A number an instruction reads from the board as it resolves: 「自分のユニットのスマッシュ
    のうち1番高い数」 ({highest: smash, of: filter}). With no such card the number cannot be
    defined and is 0 (1.2.2); a negative value reads as 0 (1.2.2)."""
    if isinstance(spec, int):
        return spec
    if not isinstance(spec, dict) or "x" in spec:  # X, X × N: the X fixed when played
        from .costs import amount as x_amount

        return x_amount(spec, ctx)
    from .values import power, smash

    key = spec["highest"]
    cards = [c for c in matching(g, spec.get("of") or {}, ctx.ref(g)) if c.type == "unit"]
    word, word_ja = (("smash", "スマッシュ") if key == "smash" else ("power", "パワー"))
    if not cards:
        g.note("effect", ("1.2.2",), f"The highest {word} among the matching units: there is "
               "no such unit, so the number cannot be defined — it is 0.",
               f"該当するユニットがないため、{word_ja}のうち1番高い数は定義できません。0として扱い"
               "ます。", player=ctx.controller)
        return 0
    read = smash if key == "smash" else power
    best = max(cards, key=lambda c: read(g, c))
    n = read(g, best)
    g.note("effect", (), f"The highest {word} among the matching units is {n} "
           f"({best.label()}).", f"該当するユニットの{word_ja}のうち1番高い数は{n}です"
           f"（{best.label()}）。", cards=(best.id,), player=ctx.controller)
    return n


@_rule("2.23.1-4", "2.23.1-5", "2.23.3-1", "2.23.3-2", "1.1.1")
def draw(g, p: str, n: int, *, by_rule: bool = False) -> int:
    """Draw n cards one at a time (2.23.1-5): the top of the deck, which is the plan-zone card
    when there is one (2.23.3-1); the plan zone is then empty (2.23.3-2). A 「カードを引くことが
    できない」 in force stops it: 「できない」 wins over an effect's 「引く」 (1.1.2) and, for the
    rules' own draw (`by_rule`), the card's text wins over the rules (1.1.1)."""
    b = g.b
    drawn = 0
    if n > 0 and (g.draw_bans or any(e.get("cannot") == "draw" for e in b.effects)):
        why = forbid(g, p, "draw")
        if why is not None:
            en, ja = why.words()
            cl = ("1.1.1", "1.1.2") if by_rule else ("1.1.2",)
            g.note("effect", cl, f"{p} would draw {n} card(s) but cannot draw ({en}): "
                   + ("the card's text wins over the rules (1.1.1) — " if by_rule else "")
                   + "「できない」 wins over 「できる」 (1.1.2); no card is drawn.",
                   f"{p}はカードを{n}枚引こうとしますが、カードを引くことができません（{ja}）。"
                   + ("カードのテキストが総合ルールに優先し、" if by_rule else "")
                   + "「できない」という効果が優先されるため、カードは引かれません。",
                   cards=(why.source,) if why.source else (), player=p)
            return 0
    if n > 1:
        g.note("effect", ("2.23.1-5",), f"{p} draws {n} cards, one at a time.",
               f"{p}はカードを{n}枚、1枚ずつ引きます。", player=p)
    for _ in range(n):
        plan = b.pzone(p, "plan")
        src = plan if plan else b.pzone(p, "deck")
        if not src:
            break
        if draw_replaced(g, p):
            continue
        c = b.cards[src[0]]
        from_plan = bool(plan)
        g.move([c], f"{p}.hand", reason="draw")
        if from_plan:
            g.note("rule", ("2.23.3-1", "2.23.3-2"),
                   f"{p} drew the plan-zone card {c.label()} — it was the top of the deck; the "
                   "plan zone is empty and the next top card stays face down.",
                   f"{p}はプランゾーンのカード{c.label()}を引きました（山札の1番上のカードです）。"
                   "プランゾーンは空になり、次の山札の1番上のカードは裏向きのままです。",
                   cards=(c.id,), player=p)
        drawn += 1
        g.fire("drew", player=p)
    return drawn


def deck_top(g, p: str):
    b = g.b
    plan = b.pzone(p, "plan")
    src = plan if plan else b.pzone(p, "deck")
    return b.cards[src[0]] if src else None


@_rule("2.23.3-1", "2.23.3-2")
def deck_to_smash(g, p: str, n: int) -> int:
    """The top n cards of p's deck into p's smash zone, face down and released (2.23.7-2); the
    top card is the plan-zone card when there is one (2.23.3-1), and the plan zone is then
    empty (2.23.3-2)."""
    done = 0
    for _ in range(n):
        c = deck_top(g, p)
        if c is None:
            break
        from_plan = c.id in g.b.pzone(p, "plan")
        if smash_replaced(g, c):
            done += 1  # 4.15.5-1: the action replaced still counts as done
            continue
        g.move([c], f"{p}.smash", state="released", face="down", reason="smash")
        if from_plan:
            g.note("rule", ("2.23.3-1", "2.23.3-2"),
                   f"The plan-zone card {c.label()} was the top of {p}'s deck: it went into the "
                   "smash zone face down; the plan zone is empty and the next top card stays "
                   "face down.",
                   f"プランゾーンのカード{c.label()}は{p}の山札の1番上のカードとしてスマッシュゾーンに"
                   "裏向きで置かれました。プランゾーンは空になり、次の山札の1番上のカードは裏向きの"
                   "ままです。", cards=(c.id,), player=p)
        done += 1
    return done


def square_choices(g, c, spec, ctx: Ctx) -> list[str]:
    """The battle squares an instruction `put` may put card `c` onto."""
    if isinstance(spec, str):
        if spec == "event_square":
            sq = ctx.event.get("to")
            return [sq] if sq else []
        if spec == "target":
            return [t for v in ctx.targets.values() for t in v if t in BATTLE_SQUARES]
        if spec == "self":  # 「このカードのあるスクエア」
            src = ctx.source_card(g)
            return [src.zone] if src is not None and is_battle_square(src.zone) else []
        if spec in ctx.targets:  # a named square target (only while it is legal, 4.9.2-1)
            return [t for t in ctx.targets[spec] if t in BATTLE_SQUARES]
        return [spec]
    if spec.get("base_of_line"):  # 「そのラインの自分のベーススペースのスクエア」 (2.23.8-1)
        lines = [t for v in ctx.targets.values() for t in v if t in LINES]
        return [f"{ctx.controller}-{ln}" for ln in lines[:1]
                if not g.b.cards_in(f"{ctx.controller}-{ln}")]
    if spec.get("was"):  # 「このカード（そのユニット）があったスクエア」
        w = spec["was"]
        ids = [ctx.source] if w == "self" else [t for v in ctx.targets.values() for t in v] \
            if w == "target" else list(ctx.targets.get(w, [w]))
        sq = next(((ctx.was or {}).get(i) for i in ids if (ctx.was or {}).get(i)), None)
        return [sq] if sq else []
    here = c.zone if is_battle_square(c.zone) else ctx.snap.get("zone", "")
    out = []
    for sq in BATTLE_SQUARES:
        if sq == here:
            continue
        if spec.get("adjacent") and not adjacent(sq, here):
            continue
        if spec.get("same_line") and not (is_battle_square(here) and line_of(sq) == line_of(here)):
            continue
        if spec.get("area") and area_of(sq, c.controller) != spec["area"]:
            continue
        want = spec.get("unit_of")
        if want:
            p = c.controller if want == "you" else opponent(c.controller)
            if not any(u.controller == p for u in g.b.units_on(sq) if u.id != c.id):
                continue
        who = spec.get("no_unit_of")
        if who:
            p = c.controller if who == "you" else opponent(c.controller)
            if any(u.controller == p for u in g.b.units_on(sq) if u.id != c.id):
                continue
        out.append(sq)
    return out


def _put_together(g, group: list, ins: dict, ctx: Ctx) -> None:
    """Cards one instruction puts onto squares, `group` = [(card, square, chosen there)], go
    there at the same time, in one move: two units of different controllers arriving together
    on one square both attack (3.11.5-1); onto several squares, in the order the active player
    decides where it matters (2.20.1-8, Game._order_units)."""
    parts_en, parts_ja, cites = [], [], []
    for c, sq, chosen_here in group:
        extra = ("4.9.2-4",) if chosen_here else ()
        if not is_square(c.zone):  # 2.20.1-4: under the effect's controller
            cites += ["2.20.1-4", *extra]
            parts_en.append(f"{c.label()} is put onto {sq} under {ctx.controller}, who controls "
                            "the effect")
            parts_ja.append(f"{c.label()}は効果の支配者{ctx.controller}の支配下で{sq}に置かれます")
        else:  # 2.23.8-4: square to square, the same card
            cites += ["2.23.8-4", *extra]
            parts_en.append(f"{c.label()} is put from {c.zone} onto {sq}: square to square, it "
                            "stays the same card (its damage and effects remain)")
            parts_ja.append(f"{c.label()}は{c.zone}から{sq}に置かれます。「スクエアからスクエア」"
                            "への移動のため、同じカードとして扱われます")
        if ins.get("state") == "frozen" and has_keyword(c, "haste"):
            cites.append("5.1.2-1")  # 速攻 changes only a unit's own play, not a put
            parts_en[-1] += " (it has 速攻 but is not being played: it stays frozen)"
            parts_ja[-1] += "（速攻を持ちますが、プレイされたのではないためフリーズ状態のままです）"
    en = "; ".join(parts_en) + " — at the same time."
    ja = "。".join(parts_ja) + "（同時に置かれます）。"
    outside = [c for c, _sq, _ch in group if not is_square(c.zone)]
    with g.step("effect", tuple(dict.fromkeys(cites)), en, ja,
                cards=tuple(c.id for c, _sq, _ch in group)):
        g.move_batch([(c, sq) for c, sq, _ch in group], state=ins.get("state"), reason="put")
        for c in outside:  # 2.20.1-5: `by: owner` — the text names its owner as who puts it
            g.set_card(c, "controller", c.owner if ins.get("by") == "owner" else ctx.controller)


@_rule("4.9.2-5")
def discard_each(g, ins: dict, ctx: Ctx) -> None:
    """「各プレイヤーは手札をN枚捨てる」: the active player declares its choice first, then the
    other player, knowing it; what was declared is then done at the same time (4.9.2-5)."""
    from ..effects.choosing import in_turn_order

    b = g.b
    n = ins["discard"]
    ap = b.turn_player
    reqs = {}
    for p in (ap, opponent(ap)):
        hand = list(b.pzone(p, "hand"))
        k = min(n, len(hand))
        if k > 0:
            reqs[p] = Request("4.9.2-5", p, f"choose {k} card(s) of {p}'s hand to discard",
                              f"{p}の手札から捨てる{k}枚を選んでください", options=hand,
                              kind="many", min=k, max=k, cites=("4.9.2-5",))
    if not reqs:
        return
    answers = in_turn_order(g, ap, reqs, cites=("4.9.2-5",),
                            what=(f"choose {n} hand card(s) to discard",
                                  f"捨てる手札{n}枚を選びます"),
                            ask=lambda r: g.ask_cards(r, list(r.values()[:r.min])))
    with g.step("effect", ("4.9.2-5", "2.23.5-1"), "; ".join(
            f"{p} discards {', '.join(ids)}" for p, ids in answers.items())
                + " — what was declared is done at the same time.",
                "、".join(f"{p}は{'、'.join(ids)}" for p, ids in answers.items())
                + "を同時に捨てます。"):
        g.move_batch([(b.cards[i], f"{b.cards[i].owner}.graveyard")
                      for ids in answers.values() for i in ids], reason="discard")


# ---- executing instructions -----------------------------------------------------------------------

@_rule("4.9.2-3", "4.14.3-1", "4.14.3-2", "4.14.5-2", "2.20.1-4", "2.20.1-5", "2.20.2-4", "2.23.8-4", "2.23.6-2",
       "2.23.1-1", "4.9.2-4", "4.12.2", "5.1.2-1", "2.23.10-2", "2.26.1", "2.26.1-1", "2.27")
def _cannot_players(g, to, ctx: Ctx) -> list:
    """The players a 「〜できない」 names (`to: you | opponent | each | P1`), else []."""
    if to == "each":
        return sorted(g.b.players)
    if to in ("you", "opponent"):
        return [_player(ctx, to)]
    return [to] if isinstance(to, str) and to in g.b.players else []


def execute(g, instrs: list, ctx: Ctx) -> None:
    """Follow the instructions in the order written (4.9.2-3); an impossible part is skipped
    and the rest done (1.1.3, 4.12.2)."""
    if ctx.was is None:  # where the source and the targets stood as it began (「…があったスクエア」)
        ctx.was = {}
        src = ctx.source_card(g)
        here = src.zone if src is not None and is_battle_square(src.zone) else ctx.snap.get("zone")
        if ctx.source and here and is_battle_square(here):
            ctx.was[ctx.source] = here
        for t in (t for v in ctx.targets.values() for t in v):
            c = g.b.cards.get(t)
            if c is not None and is_battle_square(c.zone):
                ctx.was[t] = c.zone
    for ins in instrs:
        if ins.get("optional") or "then" in ins:
            _guarded(g, ins, ctx)
        else:
            _one(g, ins, ctx)


_MODIFIERS = ("optional", "then")


@_rule("4.8.5", "4.9.2-4", "4.9.2-3")
def _guarded(g, ins: dict, ctx: Ctx) -> None:
    """「～してよい」 (`optional`): the controller chooses on resolution whether to do it (a
    triggered ability's choice, 4.8.5; any other choice not made yet, 4.9.2-4). 「そうしたならば、
    ～」 (`then`): what follows is done, in the order written (4.9.2-3), only if the instruction
    was done — something changed."""
    kind = _kind(ins)
    src = g.label(ctx.source) if ctx.source else "The effect"
    if ins.get("optional"):
        trig = ctx.item is not None and getattr(ctx.item, "kind", "") == "triggered"
        cite = "4.8.5" if trig else "4.9.2-4"
        ans = g.ask(Request(ctx.source or cite, ctx.controller, f"{src}: do {kind}?",
                            f"{src}：{kind}を行いますか？", kind="yesno", options=[True, False],
                            fallback_keys=(cite,), cites=(cite,)))
        if ans not in (True, "yes"):
            g.note("effect", (cite,), f"{ctx.controller} chooses not to do {src}'s 「してよい」 "
                   f"instruction ({kind})" + (": what depends on it is not done either." if
                                              ins.get("then") else "."),
                   f"{ctx.controller}は{src}の「～してよい」指示（{kind}）を行わないことを選びました"
                   + ("。「そうしたならば」以降も行われません。" if ins.get("then") else "。"),
                   player=ctx.controller)
            return
        g.note("effect", (cite,), f"{ctx.controller} chooses to do {src}'s 「してよい」 "
               f"instruction ({kind}).", f"{ctx.controller}は{src}の「～してよい」指示（{kind}）を"
               "行うことを選びました。", player=ctx.controller)
    before = g.h
    _one(g, {k: v for k, v in ins.items() if k not in _MODIFIERS}, ctx)
    if "then" not in ins:
        return
    if g.h == before:
        g.note("effect", ("4.9.2-3",), f"{src}'s {kind} did nothing: what it says to do "
               "「そうしたならば」 is not done.", f"{src}の{kind}は行われなかったため、「そうしたならば」"
               "以降の指示は行われません。")
        return
    execute(g, ins["then"], ctx)


def _kind(ins: dict) -> str:
    return next(k for k in ins if k not in _MODIFIERS)


def _about(g, cards: list, cites: tuple, en: str, ja: str):
    """One step about these cards; `{cards}` in the messages stands for their names."""
    return g.step("effect", cites, en.replace("{cards}", ", ".join(c.label() for c in cards)),
                  ja.replace("{cards}", "、".join(c.label() for c in cards)),
                  cards=tuple(c.id for c in cards))


def _one(g, ins: dict, ctx: Ctx) -> None:
    b = g.b
    kind = _kind(ins)
    if kind in _deck.KINDS:  # the deck and its intentionally determined order (6.2)
        _deck.run(g, ins, ctx, select)
    elif kind == "if":
        _if(g, ins, ctx)
    elif kind == "modify":
        until = ins.get("until", "forever")
        cards = [c for c in select(g, ins["to"], ctx)
                 if c.type == "unit" and is_battle_square(c.zone)]
        if not cards:
            return
        what = ", ".join(f"{k} {v:+d}" for k, v in ins["modify"].items())
        with g.step("effect", ("4.14.3-2", "4.14.3-1", "4.14.5-2") + geo_cites(
                ins["to"].get("all") if isinstance(ins["to"], dict) else None),
                    f"{', '.join(c.label() for c in cards)}: {what}"
                    f"{'' if until == 'forever' else ' until ' + until.replace('_', ' ')}. A "
                    "data-changing effect of a spell or ability: it affects only these cards, not "
                    "cards put there later.", f"{'、'.join(c.label() for c in cards)}：{what}。"
                    "スペルや能力が生み出したデータを変更する継続効果のため、この時点で影響を受ける"
                    "カードにだけ影響を与え、後から置かれたカードには影響を与えません。",
                    cards=tuple(c.id for c in cards)):
            for c in cards:
                b.clock += 1
                g.add_effect({"modify": dict(ins["modify"]), "to": [c.id], "until": until,
                              "source": ctx.source, "controller": ctx.controller,
                              "ts": b.clock})
    elif kind == "color":
        until = ins.get("until", "forever")
        cards = select(g, ins["to"], ctx)
        if not cards:
            return
        col = ins["color"]
        with g.step("effect", ("4.14.3-2", "4.14.3-1"),
                    f"{', '.join(c.label() for c in cards)} become(s) {col}"
                    f"{'' if until == 'forever' else ' until ' + until.replace('_', ' ')}.",
                    f"{'、'.join(c.label() for c in cards)}は{COLOR_JA.get(col, col)}になります"
                    f"{'' if until == 'forever' else '（' + _UNTIL_JA.get(until, until) + '）'}。",
                    cards=tuple(c.id for c in cards)):
            for c in cards:
                b.clock += 1
                g.add_effect({"color": col, "to": [c.id], "until": until,
                              "source": ctx.source, "controller": ctx.controller, "ts": b.clock})
    elif kind == "replace":
        _create_replacement(g, ins, ctx)
    elif kind == "cannot":
        until = ins.get("until", "forever")
        who = _cannot_players(g, ins["to"], ctx)
        if who:  # 「あなたは…できない」: a player's prohibition (draw, activate)
            en, ja = _CANNOT_WORDS[ins["cannot"]]
            with g.step("effect", ("4.14.3-1", "1.1.2"), f"{', '.join(who)} cannot {en}"
                        f"{'' if until == 'forever' else ' until ' + until.replace('_', ' ')}: an "
                        "effect of a spell or ability, for the period its text says (4.14.3-1); "
                        "「できない」 wins over 「できる」 (1.1.2).",
                        f"{'、'.join(who)}は{ja}できなくなります"
                        f"{'' if until == 'forever' else '（' + _UNTIL_JA.get(until, until) + '）'}"
                        "（「できない」という効果が優先されます）。", player=ctx.controller):
                b.clock += 1
                g.add_effect({"cannot": ins["cannot"], "to": who, "until": until,
                              "source": ctx.source, "controller": ctx.controller, "ts": b.clock})
            return
        cards = [c for c in select(g, ins["to"], ctx) if is_square(c.zone)]
        # 「…すべてのユニットは～できない」 changes neither data nor controller: it also affects
        # the cards put onto the squares later (4.14.3-2), so it keeps its filter
        flt = ins["to"].get("all") if isinstance(ins["to"], dict) else None
        if not cards and flt is None:
            return
        verb = ins["cannot"]
        en, ja = _CANNOT_WORDS[verb]
        who = ", ".join(c.label() for c in cards) if flt is None else "every matching card"
        who_ja = "、".join(c.label() for c in cards) if flt is None else "該当するすべてのカード"
        scope = ("on these cards only" if flt is None else "on the matching cards on the squares "
                 "now and on those put there later (it changes neither data nor controller, "
                 "4.14.3-2)")
        with g.step("effect", ("4.14.3-2", "4.14.3-1", "1.1.2"),
                    f"{who} cannot {en}"
                    f"{'' if until == 'forever' else ' until ' + until.replace('_', ' ')}: an "
                    f"effect of a spell or ability, {scope}; 「できない」 wins over "
                    "「できる」 (1.1.2).",
                    f"{who_ja}は{ja}できなくなります"
                    f"{'' if until == 'forever' else '（' + _UNTIL_JA.get(until, until) + '）'}"
                    "（「できない」という効果が優先されます）。", cards=tuple(c.id for c in cards)):
            b.clock += 1
            eff = {"cannot": verb, "to": [c.id for c in cards], "until": until,
                   "source": ctx.source, "controller": ctx.controller, "ts": b.clock}
            if flt is not None:
                eff["all"] = dict(flt)
                eff["where"] = ctx.ref(g).zone
            g.add_effect(eff)
    elif kind == "control":
        until = ins.get("until", "forever")
        p = _player(ctx, ins["control"])
        cards = [c for c in select(g, ins["to"], ctx) if is_square(c.zone)
                 and c.controller != p]
        if not cards:
            return
        with g.step("effect", ("4.14.3-2", "4.14.5-2", "4.14.3-1"),
                    f"{p} gains control of {', '.join(c.label() for c in cards)}"
                    f"{'' if until == 'forever' else ' until ' + until.replace('_', ' ')}: a "
                    "continuous effect changing the controller, applied before any other kind "
                    "(4.14.5-2), on these cards only.",
                    f"{p}は{'、'.join(c.label() for c in cards)}の支配者になります"
                    f"{'' if until == 'forever' else '（' + _UNTIL_JA.get(until, until) + '）'}。",
                    cards=tuple(c.id for c in cards), player=p):
            b.clock += 1
            g.add_effect({"control": p, "to": [c.id for c in cards], "until": until,
                          "source": ctx.source, "controller": ctx.controller, "ts": b.clock})
    elif kind in ("grant", "lose"):
        until = ins.get("until", "forever")
        cards = [c for c in select(g, ins["to"], ctx) if is_square(c.zone)]
        if not cards:
            return
        from .board_io import normal_keywords

        kw, = normal_keywords([ins[kind]])
        word = kw if not isinstance(kw, dict) else ", ".join(f"{k} {v}" for k, v in kw.items())
        # an opposite effect already in force on one of these cards: the later applies last
        other = "lose" if kind == "grant" else "grant"
        against = any(e.get(other) == kw and any(
            c.id in (e.get("to") or ()) and (e.get("incs") or {}).get(c.id, c.incarnation)
            == c.incarnation for c in cards) for e in b.effects)
        with g.step("effect", ("4.14.3-2", "4.14.3-1") + (("4.14.5-4",) if against else ()),
                    f"{', '.join(c.label() for c in cards)} {'gain' if kind == 'grant' else 'lose'}"
                    f"(s) {word}{'' if until == 'forever' else ' until ' + until.replace('_', ' ')}"
                    ": an effect of a spell or ability, on these cards only (a card that becomes "
                    "a new object no longer has it)."
                    + (f" An effect that {'takes it away' if kind == 'grant' else 'gives it'} is "
                       "already in force: this one arose later and applies after it (4.14.5-4)."
                       if against else ""),
                    f"{'、'.join(c.label() for c in cards)}は{word}を"
                    f"{'得ます' if kind == 'grant' else '失います'}"
                    f"{'' if until == 'forever' else '（' + _UNTIL_JA.get(until, until) + '）'}。"
                    + (f"すでに{word}を{'失わせる' if kind == 'grant' else '得させる'}効果が"
                       "ありますが、この効果は後に発生したので後に適用されます（4.14.5-4）。"
                       if against else ""),
                    cards=tuple(c.id for c in cards)):
            b.clock += 1
            g.add_effect({kind: kw, "to": [c.id for c in cards],
                          "incs": {c.id: c.incarnation for c in cards}, "until": until,
                          "source": ctx.source, "controller": ctx.controller, "ts": b.clock})
    elif kind == "damage" and ins.get("divided"):
        _divided_damage(g, ins, ctx)
    elif kind == "damage":
        from .costs import x_words

        cards = [c for c in select(g, ins["to"], ctx) if c.type == "unit"
                 and is_battle_square(c.zone)]
        n = amount(g, ins["damage"], ctx)
        if cards:
            src = g.label(ctx.source) if ctx.source else "the effect"
            xc, xe, xj = x_words(ins["damage"], ctx)
            # what the instruction says, followed as written (4.9.2-3), from its source (2.27)
            with _about(g, cards, ("4.9.2-3", "2.27") + xc, f"{src} deals {n} damage to "
                        f"{{cards}}{xe}, as its text says (4.9.2-3); the damage's source is that "
                        "card (2.27).", f"{src}は{{cards}}に{n}のダメージを与えます{xj}（発生源は"
                        f"{src}）。"):
                g.deal_damage([(ctx.source, c, n) for c in cards], source_snap=ctx.snap)
    elif kind == "destroy":
        chosen = select(g, ins["destroy"], ctx)
        # 破壊する: from a square or the energy zone (2.23.1-4); a card the text names in a hand
        # or the plan zone (「相手の手札にあるユニットを1枚選び、持ち主の墓地に置く」) is put into
        # the graveyard from there
        cards = [c for c in chosen if is_square(c.zone) or c.zone.endswith(".energy")]
        rest = [c for c in chosen if c.zone.split(".")[-1] in ("hand", "plan")]
        if cards:
            both = len(cards + rest) > 1
            with _about(g, cards + rest, ("2.23.1-4", "2.23.5-1"),
                        "{cards} go(es) to the owner's graveyard (破壊する), on top"
                        + (", at the same time." if both else "."),
                        "{cards}を" + ("同時に" if both else "") + "持ち主の墓地の一番上に置きます"
                        "（破壊する）。"):
                g.to_graveyard(cards + rest, "destroy", info={"source": ctx.source,
                                                              "by": ctx.controller})
        elif rest:
            with _about(g, rest, ("2.23.5-1",), "{cards} go(es) from "
                        + ", ".join(sorted({f"{c.zone.split('.')[0]}'s {c.zone.split('.')[1]}"
                                            for c in rest})) + " to the owner's graveyard, on "
                        "top.", "{cards}を持ち主の墓地の一番上に置きます。"):
                g.to_graveyard(rest, "destroy")
    elif kind == "exclude":
        cards = [c for c in select(g, ins["exclude"], ctx) if is_square(c.zone)]
        if cards:
            with _about(g, cards, ("2.23.1-4", "2.23.1-3", "2.23.10-2"),
                        "{cards} is/are removed from the game (除外する): to the owner's remove "
                        "zone, a new card there — not the graveyard — face up, together with "
                        "the cards already there, open to every player (2.23.10-2).",
                        "{cards}を除外します（ゲームから取り除き、持ち主の除外ゾーンに置きます。墓地"
                        "には置かれません）。除外ゾーンのカードは表向きで1つにまとめられ、すべての"
                        "プレイヤーが見ることができます。"):
                g.move_batch([(c, f"{c.owner}.remove") for c in cards], face="up",
                             reason="exclude")
    elif kind == "to_hand":
        cards = [c for c in select(g, ins["to_hand"], ctx) if is_square(c.zone)
                 or c.zone.endswith(".graveyard")]
        if cards:
            with _about(g, cards, ("2.23.1-1", "2.23.1-3"),
                        "{cards} return(s) to the owner's hand — a new card there.",
                        "{cards}は持ち主の手札に戻ります（新しいカードとして扱われます）。"):
                g.move_batch([(c, f"{c.owner}.hand") for c in cards], reason="to_hand")
    elif kind in ("aura", "aura_from_deck"):
        from .attached import put_aura

        put_aura(g, ins, ctx, select, deck_top)
    elif kind == "bind":
        from .attached import bind

        bind(g, ins, ctx, select)
    elif kind in _RELEASED_INTO:  # the energy zone face up, the smash zone face down
        zone, clause, face, words, words_ja = _RELEASED_INTO[kind]
        cards = select(g, ins[kind], ctx)
        if cards:
            new = any(is_square(c.zone) for c in cards)
            with _about(g, cards, (clause, "2.23.1-1") + (("2.23.1-3",) if new else ()),
                        "{cards} goes into its owner's " + words + " and released.",
                        "{cards}は持ち主の" + words_ja + "のリリース状態で置かれます。"):
                g.move_batch([(c, f"{c.owner}.{zone}") for c in cards], state="released",
                             face=face, reason=kind)
    elif kind == "put":
        plan: dict = {}
        for c in select(g, ins["put"], ctx):
            opts = square_choices(g, c, ins["square"], ctx)
            if not opts:
                continue
            chosen_here = len(opts) > 1
            sq = opts[0] if len(opts) == 1 else g.ask(Request(
                ctx.source or "4.9.2-4", ctx.controller, f"choose the square to put {c.label()} "
                "onto", f"{c.label()}を置くスクエアを選んでください", options=opts,
                fallback_keys=("4.9.2-4",), cites=("4.9.2-4",)))
            plan.setdefault(sq, []).append((c, chosen_here))
        if sum(len(group) for group in plan.values()) > 1:
            # one instruction puts them all at the same time (3.11.5-1, 2.20.1-8)
            _put_together(g, [(c, sq, ch) for sq, group in plan.items() for c, ch in group],
                          ins, ctx)
            plan = {}
        for sq, group in plan.items():
            (c, chosen_here), = group
            outside = not is_square(c.zone)
            extra = ("4.9.2-4",) if chosen_here else ()
            who = c.owner if ins.get("by") == "owner" and c.type != "base" else ctx.controller
            if outside and c.type == "base":  # 2.20.2-4: under the effect's controller
                cites, en, ja = ("2.20.2-4",) + extra, (
                    f"{c.label()} is put onto the base square {sq} under {who}, who controls the "
                    "spell or ability putting it there."), (
                    f"{c.label()}はスペルまたは能力の支配者{who}の支配下でベーススペースの{sq}に"
                    "置かれます。")
            elif outside and ins.get("by") == "owner":  # 2.20.1-5: the player the text names
                cites, en, ja = ("2.20.1-5",) + extra, (
                    f"The text names who puts {c.label()} onto {sq}: its owner {who}; it enters "
                    f"under {who}'s control."), (
                    f"{c.label()}を{sq}に置くプレイヤーとしてテキストが指定している持ち主{who}の"
                    "支配下で置かれます。")
            elif outside:  # 2.20.1-4: under the effect's controller
                cites, en, ja = ("2.20.1-4",) + extra, (
                    f"{c.label()} is put onto {sq} under {ctx.controller}, who controls the "
                    "effect."), f"{c.label()}は効果の支配者{ctx.controller}の支配下で{sq}に置かれます。"
            else:  # 2.23.8-4: square to square, the same card
                cites, en, ja = ("2.23.8-4",) + extra, (
                    f"{c.label()} is put from {c.zone} onto {sq}: square to square, it stays the "
                    "same card (its damage and effects remain)."), (
                    f"{c.label()}は{c.zone}から{sq}に置かれます。「スクエアからスクエア」への移動の"
                    "ため、同じカードとして扱われます。")
            if ins.get("state") == "frozen" and has_keyword(c, "haste"):
                # 5.1.2-1: 速攻 changes only a unit's own play, not a put by an effect
                cites += ("5.1.2-1",)
                en += " It has 速攻, but it is not being played: it stays frozen."
                ja += "速攻を持ちますが、プレイされたのではないため、フリーズ状態のままです。"
            with g.step("effect", cites, en, ja, cards=(c.id,)):
                g.move([c], sq, state=ins.get("state"), reason="put")
                if outside:
                    g.set_card(c, "controller", who)
    elif kind == "swap":
        from .exchange import swap_squares

        swap_squares(g, ins, ctx, select)
    elif kind == "draw":
        from .costs import x_words

        n = amount(g, ins["draw"], ctx)
        xc, xe, xj = x_words(ins["draw"], ctx)
        if xc:
            g.note("effect", xc, f"{g.label(ctx.source) if ctx.source else 'The effect'} "
                   f"draws {n} card(s){xe}.", f"カードを{n}枚引きます{xj}。")
        draw(g, _player(ctx, ins.get("player")), n)
    elif kind == "cost":
        until = ins.get("until", "forever")
        cards = select(g, ins["to"], ctx)
        if not cards:
            return
        from .costs import change_words

        en, ja = change_words(ins["cost"])
        with g.step("effect", ("4.14.3-1", "4.7.2-3", "4.7.2-7"),
                    f"{', '.join(c.label() for c in cards)}: {en}"
                    f"{'' if until == 'forever' else ' until ' + until.replace('_', ' ')} (a "
                    "continuous effect; a cost is determined when the card is played, 4.7.2-3, "
                    "and locked before it is paid, 4.7.2-7).",
                    f"{'、'.join(c.label() for c in cards)}：{ja}"
                    f"{'' if until == 'forever' else '（' + _UNTIL_JA.get(until, until) + '）'}。",
                    cards=tuple(c.id for c in cards)):
            b.clock += 1
            g.add_effect({"cost": {k: dict(v) if isinstance(v, dict) else v
                                   for k, v in ins["cost"].items()}, "to": [c.id for c in cards],
                          "incs": {c.id: c.incarnation for c in cards}, "until": until,
                          "source": ctx.source, "controller": ctx.controller, "ts": b.clock})
    elif kind == "deck_to_smash":
        deck_to_smash(g, _player(ctx, ins.get("player")), ins["deck_to_smash"])
    elif kind == "discard" and ins.get("player") == "each":
        discard_each(g, ins, ctx)
    elif kind == "discard":
        p = _player(ctx, ins.get("player"))
        hand = list(b.pzone(p, "hand"))
        n = min(ins["discard"], len(hand))
        if n < ins["discard"]:
            # 4.12.2: all of it impossible → not carried out; part of it → as much as possible
            src = g.label(ctx.source) if ctx.source else "The effect"
            if n <= 0:
                g.note("effect", ("4.12.2",), f"{src} asks {p} for {ins['discard']} hand "
                       f"card(s); {p} has none, so it is not carried out.",
                       f"{src}は{p}の手札{ins['discard']}枚を求めますが、手札がないため実行されま"
                       "せん。", player=p)
                return
            g.note("effect", ("4.12.2",), f"{src} asks {p} for {ins['discard']} hand card(s); "
                   f"{p} has only {n}: as many as possible, {n}.",
                   f"{src}は{p}の手札{ins['discard']}枚を求めますが、{n}枚しかないため、可能な"
                   f"限り{n}枚を置きます。", player=p)
        if n <= 0:
            return
        who = "random" if ins.get("random") else p
        req = Request(ctx.source or "discard", who, f"choose {n} card(s) of {p}'s hand"
                      + (" at random" if ins.get("random") else ""),
                      f"{p}の手札から{n}枚選んでください" + ("（ランダム）" if ins.get("random")
                                                     else ""),
                      options=hand, kind="many", min=n, max=n)
        ans = g.ask_cards(req, hand[:n])
        g.move_batch([(b.cards[i], f"{b.cards[i].owner}.graveyard") for i in ans],
                     reason="discard")
    elif kind == "change_target":  # 「対象を…に変える」 (6.5.1, 6.5.2)
        from .retarget import change_target

        change_target(g, ins, ctx, (select, Ctx, target_options, target_specs))
    elif kind == "delayed":
        # an ability created by an effect (4.4.4), e.g. 即死's 「そのバトル終了時に…」
        d = dict(ins["delayed"], source=ctx.source, controller=ctx.controller)
        if d.get("about") is not None:  # fixed now: the card it is about (4.4.4-1)
            about = select(g, d["about"], ctx)
            if not about:
                return
            d["about"] = about[0].id
        if d["trigger"] == "battle_end" and d.get("square") is None:
            d.update(_battle_of(g, (ctx.source, d.get("about"))))
        with g.step("effect", ("4.4.4",), f"{g.label(ctx.source) if ctx.source else 'The effect'}"
                    f" creates a triggered ability: {_delayed_words(d)[0]}"
                    + (f" (about {g.label(d['about'])})" if d.get("about") else "") + ".",
                    f"{g.label(ctx.source) if ctx.source else '効果'}は誘発型能力を作成します："
                    f"{_delayed_words(d)[1]}"
                    + (f"（{g.label(d['about'])}について）" if d.get("about") else "") + "。",
                    cards=tuple(x for x in (ctx.source, d.get("about")) if x)):
            g.add_delayed(d)
    elif kind in ("freeze", "release"):
        state = "frozen" if kind == "freeze" else "released"
        picked = select(g, ins[kind], ctx)
        cards = [c for c in picked if c.state != state]
        if kind == "release":  # 「リリースされない」 wins over リリースする (1.1.2)
            for c, no in [(c, forbid(g, c, "release")) for c in cards]:
                if no is None:
                    continue
                g.note("effect", ("1.1.2", "2.26.1"), f"{c.label()} is not released: "
                       f"{no.words()[0]} says it cannot be, and 「できない」 wins (1.1.2).",
                       f"{c.label()}はリリースされません（{no.words()[1]}。「できない」という効果"
                       "が優先されます）。", cards=(c.id,))
                cards.remove(c)
        if cards:
            # フリーズする / リリースする (2.26.1); a card already in that state is left out (2.26.1-1)
            same = len(cards) < len(picked)
            with _about(g, cards, ("2.26.1",) + (("2.26.1-1",) if same else ()),
                        "{cards}: " + kind + " (2.26.1)" + ("; a card already " + (
                            "frozen" if kind == "freeze" else "released") + " is not (2.26.1-1)"
                            if same else "") + ".", "{cards}を"
                        + ("フリーズ" if kind == "freeze" else "リリース") + "します。"):
                for c in cards:
                    g.set_state(c, state)


@_rule("4.7.2-6")
def _divided_damage(g, ins: dict, ctx: Ctx) -> None:
    """「Nのダメージを割り振って与える」: each target still legal is dealt the share declared
    when the spell or ability was played (4.7.2-6); an illegal one gets nothing (4.9.2-1)."""
    split = ctx.item.divided if ctx.item is not None else {}
    cards = [c for c in select(g, ins["to"], ctx) if c.type == "unit"
             and is_battle_square(c.zone) and split.get(c.id)]
    if not cards:
        return
    src = g.label(ctx.source) if ctx.source else "the effect"
    parts = ", ".join(f"{c.label()} {split[c.id]}" for c in cards)
    parts_ja = "、".join(f"{c.label()}に{split[c.id]}" for c in cards)
    with g.step("effect", ("4.7.2-6",), f"{src} deals the damage as divided when it was played: "
                f"{parts}.", f"{src}はプレイ時に宣言した割り振りに従ってダメージを与えます："
                f"{parts_ja}。", cards=tuple(c.id for c in cards)):
        g.deal_damage([(ctx.source, c, split[c.id]) for c in cards], source_snap=ctx.snap)


# ---- the file's events ---------------------------------------------------------------------------

def apply_events(g) -> None:
    """The file's `events`: things that just happened, applied in order before stepping."""
    b = g.b
    for i, ev in enumerate(b.events):
        src = ev.get("source")
        sc = b.cards.get(src) if src else None
        ctrl = ev.get("controller") or (sc.controller if sc else b.turn_player)
        ctx = Ctx(ctrl, src, sc.incarnation if sc else None, g.snap(sc) if sc else None)
        kind = next(k for k in ev if k not in ("source", "controller"))
        with g.step("event", (), f"Given in the file (event {i + 1}): {kind}"
                    + (f" by {src}" if src else "") + ".",
                    f"ファイルに記載された事象（{i + 1}）：{kind}" + (f"（{src}）" if src else "")
                    + "。", player=ctrl):
            execute(g, [{k: v for k, v in ev.items() if k not in ("source", "controller")}],
                    ctx)
    b.events = []


__all__ = ["Ctx", "execute", "select", "choose_targets", "legal_targets", "condition_holds",
           "draw", "deck_to_smash", "replaced_to_graveyard", "replace", "apply_events", "row_of"]


def _battle_of(g, cards) -> dict:
    """「そのバトル終了時」: the square of the battle the first of `cards` that is battling is
    in (3.11), as `{square: …}`; nothing when none is."""
    for cid in cards:
        c = g.b.cards.get(cid) if cid else None
        for bt in (bt for fr in g.b.battles for bt in fr.battles) if c is not None else ():
            if bt.square == c.zone and any(u == c.id for u, _ in bt.units):
                return {"square": bt.square}
    return {}

