"""Rule effects 902–913 (901.2b order): the passes of 702.2a.

Each pass detects every pending rule effect of 909, 908, 906, 905, 904, 903 and executes them
in the 901.2b order, re-checking each just before it runs (readings `batch-passes`,
`revalidate`). When nothing else is pending and a player has damage, one point of player
damage (907) is processed and pre-processing starts again from the beginning (907.2d/e,
907.3). Reload (902) and 910–913 are not in the passes: they run at every moment (`anytime`,
called after every zone move). The loop of 702 itself is judgekit.engine.zx.procedure.
"""

from __future__ import annotations

from .model import (PLAYER_SQUARE, SQUARE_OWNER, Card, is_square, opponent, zone_kind)
from .spec import SQUARES
from ..choices import Request
from . import triggers
from .effects import destroy_batch, replaced, replacements, zone_ja
from .clauses import REGISTRY
from ..game import Halt
from .keywords import after_life_play
from .params import cannot, charge_limit, power
from .play import play_card

ORDER = {"909": 3, "908": 4, "906": 5, "905": 6, "904": 7, "903": 8}  # 901.2b
NAMES = {"909": ("illegal player card effect", "不正プレイヤーカードエフェクト"),
         "908": ("illegal force effect", "不正フォースエフェクト"),
         "906": ("charge overflow effect", "チャージ超過エフェクト"),
         "905": ("illegal zekusu effect", "不正ゼクスエフェクト"),
         "904": ("lethal damage effect", "致死ダメージエフェクト"),
         "903": ("defeat effect", "敗北エフェクト"),
         "907": ("player damage effect", "プレイヤーダメージエフェクト")}


# ---- any time: 910–913 (order 1), then 902 (order 2) -----------------------------------------------

@REGISTRY.rule("901.2a", "910.1", "912.1", "1206.4", "913.1")
def anytime(g, infos) -> None:
    b = g.b
    for mi in infos:
        c = mi.card
        if c.id not in b.cards or c.zone != mi.to:
            continue
        k = zone_kind(c.zone)
        in_play = k == "temporary" and c.id in g.in_play
        if c.type == "zekusu_ex" and k not in ("square", "dynamis"):
            if in_play:
                g.reading("ex-in-temporary")
            else:
                with g.step("rule_effect", ("901.2a", "910.1"),
                            f"Extra effect: Z/X EX {g.label(c)} was put into {c.zone}; it goes "
                            "face up into its owner's dynamis.",
                            f"エクストラエフェクト：ゼクス エクストラ{g.label(c)}が{zone_ja(c.zone)}に"
                            "置かれたため、表向きでデュナミスに置かれます。", cards=(c.id,)):
                    g.move([c], f"{c.owner}.dynamis", face="up", reason="rule")
        elif c.type == "zekusu_ob" and k not in ("square", "dynamis"):
            if in_play:
                g.reading("ex-in-temporary")
            else:
                _overboost(g, c)
        if c.token and k != "square" and c.id in b.cards:
            with g.step("rule_effect", ("901.2a", "912.1", "1206.4"),
                        f"Token effect: token {g.label(c)} was put into {c.zone}; it ceases to "
                        "exist.", f"トークンエフェクト：トークン{g.label(c)}は{zone_ja(c.zone)}に"
                        "置かれたため消滅します。", cards=(c.id,)):
                g.vanish(c)
        if c.shifts and c.id in b.cards and not is_square(c.zone):
            shifts = [b.cards[s] for s in c.shifts if s in b.cards and is_square(b.cards[s].zone)]
            c.shifts = []
            if shifts:
                with g.step("rule_effect", ("901.2a", "913.1"),
                            f"Shift effect: {g.label(c)} left the squares; the shift(s) on it "
                            f"({', '.join(s.id for s in shifts)}) go face up into the dynamis.",
                            f"シフトエフェクト：{g.label(c)}がスクエア以外に置かれたため、その上の"
                            "シフトは表向きでデュナミスに置かれます。", cards=(c.id,)):
                    for s in shifts:
                        g.move([s], f"{s.owner}.dynamis", face="up", reason="rule")
    _909_at_once(g, infos)
    check_reload(g)


def _909_at_once(g, infos) -> None:
    """Reading 909-in-preprocessing, asked when a player card has just left the squares and
    its player has none left: under the change log's alternative 909 is executed at once, as
    the rule effects of 901.2a are; under the clause text it waits for pre-processing."""
    players = []
    for mi in infos:
        c = mi.card
        p = c.controller
        if c.type == "player" and is_square(mi.frm) and not is_square(c.zone) and \
                p not in players and not g.player_card_on_squares(p) and \
                not g.ob_on_squares(p):
            players.append(p)
    if not players or g.reading("909-in-preprocessing", here=False) != "change-log":
        return
    for p in players:
        _EXEC.x909(g, RE("909", p, ("909.1",)), 0)


@REGISTRY.rule("911.1")
def _overboost(g, c: Card) -> None:
    with g.step("rule_effect", ("901.2a", "911.1"),
                f"Overboost effect: Z/X OB {g.label(c)} was put into {c.zone}; its top goes "
                "face up into the dynamis and the player card returns face up, rebooted, to "
                "the player square.",
                f"オーバーブーストエフェクト：ゼクス オーバーブースト{g.label(c)}の上部は表向きで"
                "デュナミスに置かれ、プレイヤーカードは表向き・リブートでプレイヤースクエアに戻ります。",
                cards=(c.id,)):
        g.move([c], f"{c.owner}.dynamis", face="up", reason="rule")
        sq = PLAYER_SQUARE[c.owner]
        for pc in g.b.cards_in(sq):
            if pc.type == "player" and pc.owner == c.owner and pc.face == "down":
                g.set_face(pc, "up")
                g.set_state(pc, "reboot")


def check_reload(g) -> None:
    """902.1: a player with no deck and ≥1 trash card reloads, interrupting what is going on."""
    if g.in_reload:
        return
    b = g.b
    for p in (b.turn_player, opponent(b.turn_player)):
        if not b.pzone(p, "deck") and b.pzone(p, "trash"):
            reload(g, p)


@REGISTRY.rule("902.1", "902.1a", "902.1b", "902.1c", "102.3")
def reload(g, p: str) -> None:
    b = g.b
    g.in_reload = True
    try:
        n = len(b.pzone(p, "trash"))
        with g.step("rule_effect", ("901.2a", "902.1"),
                    f"Reload: {p}'s deck is empty and the trash holds {n} card(s); what was being "
                    "done stops until the reload is over.",
                    f"リロードエフェクト：{p}のデッキが0枚で、トラッシュに{n}枚あるため、処理中の行動を"
                    "一旦停止してリロードします。", player=p,
                    readings=("restart-after-reload",) if g.pp_active else ()):
            with g.step("rule_effect", ("902.1a",),
                        f"{p}'s {n} trash card(s) become the deck.",
                        f"{p}のトラッシュのカード{n}枚をデッキゾーンに移動します。", player=p):
                g.move(b.cards_in(f"{p}.trash"), f"{p}.deck", reason="rule")
            with g.step("rule_effect", ("902.1b", "1003.1"), f"{p} shuffles the deck.",
                        f"{p}はデッキをシャッフルします。", player=p):
                g.shuffle(p)
            life = b.pzone(p, "life")
            opp = opponent(p)
            if not life:
                g.note("rule_effect", ("902.1c", "102.3"),
                       f"{p} has no life card: that part of the reload cannot be done; the rest "
                       "was done (102.3).",
                       f"{p}のライフにカードがないため、チャージに移動するカードはありません。", player=p)
            else:
                with g.step("rule_effect", ("902.1c",),
                            f"{opp} chooses one of {p}'s life cards; it goes to {p}'s charge "
                            "(not damage; not played even with an ignition icon).",
                            f"{opp}が{p}のライフのカードを1枚選び、{p}のチャージに移動します（ダメージでは"
                            "なく、イグニッションアイコンを持っていてもプレイされません）。",
                            player=opp) as st:
                    cid = _choose_life(g, "902.1c", opp, p)
                    c = b.cards[cid]
                    st.cards = [cid]
                    g.move([c], f"{p}.charge", reason="rule")
    finally:
        g.in_reload = False
    check_reload(g)


def _choose_life(g, key: str, chooser: str, p: str) -> str:
    life = g.b.pzone(p, "life")
    req = Request(key, chooser, f"one of {p}'s life cards", f"{p}のライフのカード1枚",
                  list(life))
    return g.ask_cards(req, life[0])


# ---- detection -----------------------------------------------------------------------------------------

class RE:
    """One pending rule effect instance."""

    __slots__ = ("code", "subject", "cites", "data")

    def __init__(self, code: str, subject, cites, data=None) -> None:
        self.code = code
        self.subject = subject
        self.cites = tuple(cites)
        self.data = data

    def _subject(self, sep: str) -> str:
        s = self.subject
        if isinstance(s, list):
            return sep.join(x if isinstance(x, str) else x.id for x in s)
        return s.id if isinstance(s, Card) else str(s)

    def describe(self) -> str:
        return f"{self.code} ({NAMES[self.code][0]}: {self._subject(', ')})"

    def describe_ja(self) -> str:
        return f"{self.code}（{NAMES[self.code][1]}：{self._subject('、')}）"


@REGISTRY.rule("901.2", "909.1", "909.2", "908.1", "906.1", "905.1", "905.2", "905.3", "904.1",
               "904.2", "903.1", "903.2")
def detect(g) -> list[RE]:
    b = g.b
    out: list[RE] = []
    tp = b.turn_player
    order_players = (tp, opponent(tp))
    for p in order_players:
        if not g.player_card_on_squares(p):
            if g.ob_on_squares(p):
                continue  # 909.2
            out.append(RE("909", p, ("909.1",)))
    for c in b.cards_in("force"):
        host = b.cards.get(c.under or "")
        if host is None or not is_square(host.zone):
            out.append(RE("908", c, ("908.1",)))
    over = []
    for p in order_players:
        n = len(b.pzone(p, "charge"))
        if not n:
            continue  # an empty charge exceeds no limit (a limit is never below 0)
        lim = charge_limit(g, p)
        if lim is not None and n > lim:
            over.append(p)
    for p in over:  # both at once: the turn player chooses first (102.7)
        out.append(RE("906", p, ("906.1",), (0, 0, len(over) > 1)))
    for sq in SQUARES:
        if not b.zones[sq]:
            continue  # an empty square breaks no rule (most of them, on every pass)
        res = illegal_zekusu(g, sq)
        if res:
            out.append(RE("905", sq, sorted({cl for _, cl in res}), res))
    lethal = []
    for c in g.zekusu_on_squares():
        cl = lethal_clauses(g, c)
        if cl and not _lethal_spent(g, c):
            lethal.append((c, cl))
    if lethal:
        out.append(RE("904", [c for c, _ in lethal],
                      sorted({x for _, cl in lethal for x in cl}), lethal))
    losers = []
    for p in order_players:
        if not b.pzone(p, "life"):
            losers.append((p, "903.1"))
        elif not b.pzone(p, "deck") and not b.pzone(p, "trash"):
            losers.append((p, "903.2"))
    if losers:
        out.append(RE("903", [p for p, _ in losers], sorted({cl for _, cl in losers}), losers))
    return out


def _lethal_key(g, c: Card) -> tuple:
    return (c.incarnation, c.zone, c.damage, power(g, c))


def _lethal_spent(g, c: Card) -> bool:
    """A zekusu that cannot be destroyed has had the lethal damage effect executed for this very
    damage and power (reading cannot-destroy-once): it is not to be processed again."""
    return g.lethal_spent.get(c.id) == _lethal_key(g, c) and bool(cannot(g, c, "be_destroyed"))


def lethal_clauses(g, c: Card) -> tuple:
    pw = power(g, c)
    if pw is None:
        g.assume("power-unknown", "A zekusu on a square without a power value is never "
                 "destroyed by the lethal damage effect (give its power in the file).",
                 "パワーが記載されていないスクエアのゼクスは、致死ダメージエフェクトの対象にしません"
                 "（ファイルにパワーを記載してください）。")
        return ()
    out = []
    if pw <= 0:
        out.append("904.2")
    if c.damage > 0 and c.damage >= pw:
        out.append("904.1")
    return tuple(out)


def illegal_zekusu(g, sq: str, ask: bool = False) -> list[tuple[Card, str]]:
    """(card, clause) for each zekusu 905 removes from square `sq`: 905.3 first, then 905.2
    and 905.1 on the zekusu that remain, or all three judged on the square as it is (reading
    player-square-905-order, asked with `ask` where the two differ)."""
    seq = _illegal_in_order(g, sq)
    if not seq:  # nothing to remove in either order (the pass looks at every square)
        return seq
    together = _orders_differ(g, sq, seq)
    if together is None:
        return seq
    alt = g.reading("player-square-905-order", here=False) if ask else \
        (g.chosen.get("player-square-905-order")
         or g.readings["player-square-905-order"]["default"])
    return together if alt == "together" else seq


def _orders_differ(g, sq: str, seq: list) -> list | None:
    """What 905 removes judged all together, when that differs from 905.3 first (else None)."""
    if SQUARE_OWNER.get(sq) is None or not any(cl == "905.3" for _, cl in seq):
        return None
    together = _illegal_together(g, sq)
    if {c.id for c, _ in together} == {c.id for c, _ in seq}:
        return None
    return together


def _illegal_together(g, sq: str) -> list[tuple[Card, str]]:
    """905.3, 905.2 and 905.1 each judged on every zekusu of the square (the first clause that
    removes a card names it)."""
    zs = [c for c in g.b.cards_in(sq) if c.is_zekusu]
    owner = SQUARE_OWNER.get(sq)
    out: dict[str, tuple[Card, str]] = {}
    for c in zs:
        if owner is not None and c.controller != owner:
            out[c.id] = (c, "905.3")
    if len({c.controller for c in zs}) > 1:
        oldest = min(zs, key=lambda c: c.placed)
        for c in zs:
            if c.controller != oldest.controller:
                out.setdefault(c.id, (c, "905.2"))
    for ctrl in {c.controller for c in zs}:
        mine = [c for c in zs if c.controller == ctrl]
        if len(mine) > 1:
            newest = max(reversed(mine), key=lambda c: c.placed)
            for c in mine:
                if c is not newest:
                    out.setdefault(c.id, (c, "905.1"))
    return list(out.values())


def _illegal_in_order(g, sq: str) -> list[tuple[Card, str]]:
    zs = [c for c in g.b.cards_in(sq) if c.is_zekusu]
    if not zs:
        return []
    out: list[tuple[Card, str]] = []
    owner = SQUARE_OWNER.get(sq)
    if owner is not None:
        for c in zs:
            if c.controller != owner:
                out.append((c, "905.3"))
    rest = [c for c in zs if c not in [x for x, _ in out]]
    if len({c.controller for c in rest}) > 1:
        oldest = min(rest, key=lambda c: c.placed)
        for c in rest:
            if c.controller != oldest.controller:
                out.append((c, "905.2"))
        rest = [c for c in rest if c.controller == oldest.controller]
    if len(rest) > 1:
        newest = max(reversed(rest), key=lambda c: c.placed)  # a tie: the later in the list
        for c in rest:
            if c is not newest:
                out.append((c, "905.1"))
    return out


# ---- execution ----------------------------------------------------------------------------------------

def _trash_reading(g) -> str:
    """Whose trash 905/908 use for a card whose owner is not its controller: the alternative
    of reading controller-trash this run follows (asked only when it matters)."""
    return g.chosen.get("controller-trash") or g.readings["controller-trash"]["default"]


def execute(g, re: RE, pass_no: int) -> None:
    getattr(_EXEC, "x" + re.code)(g, re, pass_no)


class _EXEC:
    @staticmethod
    def x909(g, re, pass_no):
        p = re.subject
        if g.player_card_on_squares(p) or g.ob_on_squares(p):
            return _skip(g, re)
        sq = PLAYER_SQUARE[p]
        with g.step("rule_effect", ("909.1", "1205.2", "1205.2a"),
                    f"Illegal player card effect: {p} controls no player card on a square; a "
                    f"virtual player card is put on {sq}.",
                    f"不正プレイヤーカードエフェクト：{p}はスクエアに種類がプレイヤーであるカードを"
                    f"持たないため、{sq}に仮想のプレイヤーカードを置きます。", player=p,
                    readings=("909-in-preprocessing",)):
            cid = f"virtual-{p}"
            n = 1
            while cid in g.b.cards:
                n += 1
                cid = f"virtual-{p}-{n}"
            c = Card(cid, type="player", owner=p, virtual=True, face="up",
                     note="virtual player card (1205)")
            g.create_card(c, sq)

    @staticmethod
    def x908(g, re, pass_no):
        c = re.subject
        host = g.b.cards.get(c.under or "")
        if c.id not in g.b.cards or c.zone != "force" or (host is not None and
                                                        is_square(host.zone)):
            return _skip(g, re)
        owner_reading = c.owner != c.controller and _trash_reading(g) == "owner"
        dest, who, who_ja = (c.owner, "owner", "所有者") if owner_reading else \
            (c.controller, "controller", "支配者")
        with g.step("rule_effect", ("908.1",) + (("302.4",) if owner_reading else ()),
                    f"Illegal force effect: force {g.label(c)} has no card it belongs to; it goes "
                    f"to its {who}'s ({dest}) trash.",
                    f"不正フォースエフェクト：フォース{g.label(c)}は関連づけられたカードがないため、"
                    f"{who_ja}（{dest}）のトラッシュに置かれます。", cards=(c.id,)):
            if c.owner != c.controller:
                g.reading("controller-trash")
            g.move([c], f"{dest}.trash", reason="rule")

    @staticmethod
    def x906(g, re, pass_no):
        p = re.subject
        lim = charge_limit(g, p)
        charge = g.b.pzone(p, "charge")
        if lim is None or len(charge) <= lim:
            return _skip(g, re)
        k = len(charge) - lim
        rd = ("charge-limit-906-example",) if getattr(g, "limit_source_left", False) else ()
        both = re.data[2] if len(re.data) > 2 else False
        with g.step("rule_effect", ("906.1", "301.5") + (("102.7",) if both else ()),
                    f"Charge overflow effect: {p} has {len(charge)} charge cards with a limit of "
                    f"{lim}; {p} chooses {k} and puts them into the trash together.",
                    f"チャージ超過エフェクト：{p}のチャージは{len(charge)}枚で上限{lim}を超えているため、"
                    f"{p}は{k}枚を選び、同時にトラッシュに置きます。", player=p, readings=rd) as st:
            req = Request("906.1", p, f"which {k} charge card(s) go to the trash",
                          f"トラッシュに置くチャージのカード{k}枚", list(charge), "many", k, k)
            ids = g.ask_cards(req, list(charge[-k:]))
            st.cards = list(ids)
            g.move([g.b.cards[i] for i in ids], f"{p}.trash", reason="rule")

    @staticmethod
    def x905(g, re, pass_no):
        sq = re.subject
        differ = _orders_differ(g, sq, _illegal_in_order(g, sq)) is not None
        res = illegal_zekusu(g, sq, ask=True)
        if not res:
            return _skip(g, re)
        cites = sorted({cl for _, cl in res})
        cards = [c for c, _ in res]
        rd = ("controller-trash",) if any(c.owner != c.controller for c in cards) else ()
        to_owner = bool(rd) and _trash_reading(g) == "owner"
        if differ:
            rd += ("player-square-905-order",)  # the two readings of 905 differ here
        why = []
        why_ja = []
        for c, cl in res:
            if cl == "905.1":
                why.append(f"{c.id} (not the most recently placed of its controller's)")
                why_ja.append(f"{c.id}（同じ支配者のうち最も新しく置かれたものではない）")
            elif cl == "905.2":
                why.append(f"{c.id} (its controller differs from that of the oldest-placed)")
                why_ja.append(f"{c.id}（最も古く置かれたゼクスと支配者が異なる）")
            else:
                why.append(f"{c.id} (on {SQUARE_OWNER[sq]}'s player square)")
                why_ja.append(f"{c.id}（{SQUARE_OWNER[sq]}のプレイヤースクエアにある）")
        # a 「かわりに」 for being put into the trash applies to this rule effect's move (812.1)
        repl = [c.id for c in cards if replacements(g, "put_into", c, "trash")]
        who, who_ja = ("owner", "所有者") if to_owner else ("controller", "支配者")
        with g.step("rule_effect", tuple(cites) + (("301.5",) if len(cards) > 1 else ())
                    + (("302.4",) if to_owner else ()),
                    f"Illegal zekusu effect on {sq}: {'; '.join(why)} → its {who}'s trash "
                    "(not destroyed)" + (f"; for {', '.join(repl)} a replacement effect applies "
                                         "instead (812.1)" if repl else "") + ".",
                    f"不正ゼクスエフェクト（{sq}）：{'、'.join(why_ja)}を{who_ja}のトラッシュに置きます"
                    "（破壊ではありません）" + (f"。{'、'.join(repl)}には置換効果が適用されます（812.1）"
                                       if repl else "") + "。",
                    cards=[c.id for c in cards], readings=rd):
            # one simultaneous move (301.5), each to its controller's (or owner's) trash
            g.move_batch([(c, f"{c.owner if to_owner else c.controller}.trash")
                          for c in cards], reason="rule")

    @staticmethod
    def x904(g, re, pass_no):
        still = []
        for c, _ in re.data:
            if c.id in g.b.cards and is_square(c.zone):
                cl = lethal_clauses(g, c)
                if cl:
                    still.append((c, cl))
                    continue
            g.note("check", ("901.2b",), f"{c.id} is no longer subject to the lethal damage "
                   "effect (re-checked before executing it).",
                   f"{c.id}は実行直前の再確認で致死ダメージエフェクトの対象ではなくなっています。",
                   cards=(c.id,), readings=("revalidate",))
        if not still:
            return
        in_605 = g.b.step == "605.1"
        entries = []  # (card, cites, en, ja, readings, destruction info)
        for c, cl in still:
            pw = power(g, c)
            head = f"Lethal damage effect: {g.label(c)} (damage {c.damage}, power {pw})"
            head_ja = f"致死ダメージエフェクト：{g.label(c)}（ダメージ{c.damage}、パワー{pw}）"
            pwc = ["811.1c"] if pw != c.power else []
            cites = list(cl) + pwc
            # 102.6 and 812.1 come before the destruction: a zekusu that cannot be destroyed
            # or whose destruction is replaced is not destroyed (nor 'destroyed in battle' or
            # 'by an effect', 1203/1204)
            src = cannot(g, c, "be_destroyed")
            if src:
                g.lethal_spent[c.id] = _lethal_key(g, c)
                g.note("rule_effect", cites + ["102.6"],
                       f"{head} would be destroyed, but it cannot be destroyed ({src}): "
                       f"「できない」 beats {cl[0]} (102.6); it stays on {c.zone}, and the lethal "
                       "damage effect is not executed again for this damage and power.",
                       f"{head_ja}は破壊されるはずですが、破壊されません（{src}）。「できない」ことが"
                       f"{cl[0]}より優先されます（102.6）。このダメージとパワーのままでは、致死ダメージ"
                       "エフェクトは再び実行されません。", cards=(c.id,),
                       readings=("cannot-destroy-once",))
                continue
            if replacements(g, "destroyed", c):
                with g.step("rule_effect", cites + ["812.1"],
                            f"{head} would be destroyed; a replacement effect applies to that "
                            "event, so it is not destroyed (812.1).",
                            f"{head_ja}は破壊されるはずですが、その事象に置換効果が適用されるため、"
                            "破壊されません（812.1）。", cards=(c.id,)):
                    g.attrib.pop(c.id, None)
                    g.battle_marks.pop(c.id, None)
                    replaced(g, "destroyed", c)
                continue
            entries.append((c, *_lethal_cause(g, c, list(cl) + ["1007.1"] + pwc, head, head_ja,
                                              in_605, pass_no)))
        if not entries:
            return
        for c, *_ in entries:
            g.attrib.pop(c.id, None)
            g.battle_marks.pop(c.id, None)
        batch = [(c, info) for c, *_, info in entries]
        if len(entries) == 1:
            ((c, cites, en, ja, readings, _),) = entries
            with g.step("rule_effect", cites, en, ja, cards=(c.id,), readings=readings):
                destroy_batch(g, batch)
            return
        ids = ", ".join(c.id for c, *_ in entries)
        lethal = sorted({x for _, cl, *_ in entries for x in cl if x.startswith("904")})
        with g.step("rule_effect", lethal + ["301.5", "1007.1"],
                    f"Lethal damage effect: {ids} are destroyed at the same time (301.5), each "
                    "to its owner's charge (1007.1).",
                    f"致死ダメージエフェクト：{ids}は同時に破壊され、それぞれ所有者のチャージに置かれます。",
                    cards=[c.id for c, *_ in entries]):
            for c, cites, en, ja, readings, _ in entries:
                g.note("rule_effect", cites, en, ja, cards=(c.id,), readings=readings)
            destroy_batch(g, batch)

    @staticmethod
    def x903(g, re, pass_no):
        losers = []
        for p, cl in re.data:
            b = g.b
            if cl == "903.1" and not b.pzone(p, "life"):
                losers.append((p, cl))
            elif cl == "903.2" and not b.pzone(p, "deck") and not b.pzone(p, "trash"):
                losers.append((p, cl))
        if not losers:
            return _skip(g, re)
        cites = sorted({cl for _, cl in losers})
        why = "; ".join(f"{p} has no life cards" if cl == "903.1" else
                        f"{p} has no cards in deck and trash" for p, cl in losers)
        why_ja = "、".join(f"{p}のライフが0枚" if cl == "903.1" else
                           f"{p}のデッキとトラッシュが0枚" for p, cl in losers)
        with g.step("rule_effect", cites, f"Defeat effect: {why}.", f"敗北エフェクト：{why_ja}。"):
            g.lose([p for p, _ in losers], cites, why, why_ja)


def _lethal_cause(g, c, cites, head, head_ja, in_605, pass_no) -> tuple:
    """How the lethal damage effect destroys `c` (1203 in battle, 1204.3 by an effect, or
    neither): (cites, English, Japanese, readings, destruction info for its events)."""
    cites = list(cites)
    en, ja, readings = [head], [head_ja], []
    info = {"cause": "rule", "source": None, "effect_key": None, "attacker": None,
            "by_damage": False}
    at = g.attrib.get(c.id)
    battled = c.id in g.battle_marks and in_605
    if at is not None and at.get("armed") and pass_no == 1:
        # an effect's damage after the battle's (an ability resolved in 605.1's own
        # pre-processing) is the last: the destruction is that effect's (1204.3, 1204.3a)
        source = at["source"]
        info.update(cause="effect", source=source, effect_key=at["effect_key"],
                    by_damage=not at.get("power"))
        cites.append("1204.3")
        if at.get("prior") or battled:
            cites.append("1204.3a")
        if at.get("after_restart"):
            readings.append("restart-first-pass")
        en.append(f"is destroyed by the effect of {source} (first rule-effect pass after it)")
        ja.append(f"は{source}の効果により破壊されたものとみなされます（直後の最初のルール"
                  "エフェクト）")
    elif battled:
        attacker = g.battle_marks[c.id]
        # the zekusu that dealt the battle damage destroyed it (1203.2) and is the damage's
        # source (814.3): whose card it was answers 「相手のカードによって」
        info.update(cause="battle", attacker=attacker, source=attacker)
        cites += ["1203.1", "1203.2", "1204.3c"]
        en.append(f"is destroyed in battle by {attacker}")
        ja.append(f"は{attacker}によりバトルで破壊されます")
    elif c.id in g.attrib_closed:
        cites.append("1204.3b")
        readings.append("batch-passes")
        src = g.attrib_closed[c.id]
        en.append(f"is destroyed, but not by the effect of {src}: the rule effect that "
                  "destroys it arose from processing the first rule effect after that effect")
        ja.append(f"は破壊されますが、最初のルールエフェクトの処理により新たに発生したルールエフェクト"
                  f"による破壊のため、{src}の効果による破壊とはみなされません")
    else:
        en.append("is destroyed")
        ja.append("は破壊されます")
    return (cites, " ".join(en) + f" → {c.owner}'s charge.",
            "".join(ja) + f"。{c.owner}のチャージに置かれます。", readings, info)


def _skip(g, re) -> None:
    g.note("check", ("901.2b",), f"{re.describe()} no longer applies when its turn comes; it is "
           "not executed.", f"{re.describe_ja()}は実行する時点で条件を満たさなくなっているため、実行"
           "しません。", readings=("revalidate",))


# ---- 907 ----------------------------------------------------------------------------------------------

def damage_player(g) -> str | None:
    b = g.b
    tp = b.turn_player
    if b.players[tp].damage >= 1:
        return tp
    ntp = opponent(tp)
    if b.players[ntp].damage >= 1:
        return ntp
    return None


@REGISTRY.rule("907.2a", "907.2b", "907.2c", "907.2d", "907.2e", "907.3")
def player_damage(g, p: str) -> None:
    """907.2a–e: one point of player damage; the caller restarts pre-processing."""
    b = g.b
    opp = opponent(p)
    cites = ["907.3", "907.2a", "907.2b"]
    both = b.players[opp].damage >= 1
    en_who = (f"{p} is the turn player and has damage" if p == b.turn_player else
              f"{p} has damage and the turn player has none")
    with g.step("rule_effect", cites,
                f"Player damage effect: nothing else is pending; {en_who}, so {p} is the damage "
                f"player. Damage {b.players[p].damage} → {b.players[p].damage - 1}."
                + (f" ({opp} is processed afterwards.)" if both else ""),
                f"プレイヤーダメージエフェクト：他に実行すべきルールエフェクトがなく、"
                f"{p}がダメージプレイヤーです。受けているダメージ{b.players[p].damage}→"
                f"{b.players[p].damage - 1}。" + (f"（{opp}はその後に処理します。）" if both else ""),
                player=p):
        g.set_player_damage(p, b.players[p].damage - 1)
        life = b.pzone(p, "life")
        if not life:
            g.note("rule_effect", ("102.3",), f"{p} has no life card to move.",
                   f"{p}のライフにカードがありません。", player=p)
            return
        with g.step("rule_effect", ("907.2c",),
                    f"{opp} chooses one of {p}'s life cards; {p} reveals it.",
                    f"{opp}が{p}のライフのカードを1枚選び、{p}はそれを公開します。", player=opp) as st:
            cid = _choose_life(g, "907.2c", opp, p)
            c = b.cards[cid]
            g.reveal(c)
            st.cards = [cid]
            st.message += f" It is {g.label(c)}."
            st.message_ja += f"{g.label(c)}です。"
        if not c.known:
            g.assume("unknown-life", "A life card whose identity the file does not give is "
                     "treated as having no ignition icon.",
                     "ファイルに内容が書かれていないライフのカードは、イグニッションアイコンを持たない"
                     "ものとして扱います。")
        if "ignition" in c.icons:
            with g.step("rule_effect", ("907.2e",),
                        f"{c.id} has the ignition icon: {p} may play it without paying its cost "
                        "(806).", f"{c.id}はイグニッションアイコンを持つため、{p}はコストを支払わずに"
                        "プレイできます。", player=p, cards=(c.id,)) as st:
                req = Request("907.2e", p, f"play {c.id} from life without paying its cost",
                              f"{c.id}をライフからコストを支払わずにプレイするか", kind="yesno")
                played = False
                if g.ask(req):
                    played = play_card(g, p, c, free=True, via="907.2e")
                    if played:
                        after_life_play(g, p, c)
                if not played and c.zone == f"{p}.life":
                    with g.step("rule_effect", ("907.2e",), f"{c.id} is not played: it goes to "
                                f"{p}'s charge.", f"{c.id}はプレイされないため、{p}のチャージに移動"
                                "します。", player=p, cards=(c.id,)):
                        g.move([c], f"{p}.charge", reason="rule")
                g.note("rule_effect", ("907.2e",), "Priority pre-processing starts again from the "
                       "beginning.", "優先権前処理を再び最初から実行します。")
        else:
            with g.step("rule_effect", ("907.2d",),
                        f"{c.id} has no ignition icon: it goes to {p}'s charge; priority "
                        "pre-processing starts again from the beginning.",
                        f"{c.id}はイグニッションアイコンを持たないため{p}のチャージに移動し、優先権前処理"
                        "を再び最初から実行します。", player=p, cards=(c.id,)):
                g.move([c], f"{p}.charge", reason="rule")


@REGISTRY.rule("702.2a", "901.2b", "1204.3", "1204.3a", "1204.3b", "1204.3c", "1203.1",
               "1203.2", "102.7", "1205.2a")
def rule_effect_passes(g, after_restart: bool) -> bool:
    """702.2a. Returns True when 907 ran and pre-processing must start again."""
    for a in g.attrib.values():
        if not a.get("armed"):
            a["armed"] = True
            a["after_restart"] = after_restart
    pass_no = 0
    noted_909_2 = False
    try:
        while True:
            pass_no += 1
            if not noted_909_2:
                noted_909_2 = True
                for p in (g.b.turn_player, opponent(g.b.turn_player)):
                    if not g.player_card_on_squares(p) and g.ob_on_squares(p):
                        g.note("check", ("909.2",), f"The illegal player card effect is not "
                               f"checked for {p}: {p}'s Z/X OB is on a square.",
                               f"{p}のゼクス オーバーブーストがスクエアにあるため、{p}の不正プレイヤー"
                               "カードエフェクトはチェックされません。", player=p)
            found = detect(g)
            if not found:
                p = damage_player(g)
                if p is None:
                    g.note("check", ("702.2a",), f"Rule effects, pass {pass_no}: none to execute.",
                           f"ルールエフェクト（第{pass_no}パス）：実行すべきものはありません。")
                    return False
                with g.step("check", ("702.2a", "907.3"),
                            f"Rule effects, pass {pass_no}: only player damage is pending.",
                            f"ルールエフェクト（第{pass_no}パス）：プレイヤーダメージエフェクトのみが"
                            "実行待ちです。"):
                    player_damage(g, p)
                return True
            found.sort(key=lambda r: ORDER[r.code])  # stable: turn player first within a slot
            desc = "; ".join(r.describe() for r in found)
            desc_ja = "、".join(r.describe_ja() for r in found)
            cites = ["702.2a", "901.2"] + (["901.2b"] if len(found) > 1 else [])
            rds = ("batch-passes",) if len(found) > 1 else ()
            with g.step("check", cites,
                        f"Rule effects, pass {pass_no}: {desc}"
                        + (" — executed in the 901.2b order." if len(found) > 1 else "."),
                        f"ルールエフェクト（第{pass_no}パス）：{desc_ja}"
                        + ("。901.2bの順に実行します。" if len(found) > 1 else "。"), readings=rds):
                for re in found:
                    execute(g, re, pass_no)
                    if g.outcome is not None:
                        raise Halt("game_over")
            if pass_no == 1:
                _close_window(g)
    finally:
        if pass_no >= 1:
            _close_window(g)


def _close_window(g) -> None:
    """1204.3: after the first pass, earlier damage no longer attributes a destruction."""
    for cid in [k for k, a in g.attrib.items() if a.get("armed")]:
        g.attrib_closed[cid] = g.attrib[cid]["source"]
        del g.attrib[cid]
