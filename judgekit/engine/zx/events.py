"""The file's `events`: things that just happened, applied in order before stepping."""

from __future__ import annotations

from .effects import EffCtx, deal_damage, deal_player_damage, execute


def apply_events(g) -> None:
    b = g.b
    for i, ev in enumerate(b.events):
        src = ev.get("source")
        sc = b.cards.get(src) if src else None
        ctrl = ev.get("controller") or (sc.controller if sc else b.turn_player)
        ctx = EffCtx(g, ctrl, src, g.snap(sc) if sc else None)
        kind = next(k for k in ev if k not in ("source", "controller", "battle"))
        with g.step("event", (), f"Given in the file (event {i + 1}): {kind}"
                    + (f" by {src}" if src else "") + ".",
                    f"ファイルに記載された事象（{i + 1}）：{kind}" + (f"（{src}）" if src else "") + "。",
                    player=ctrl):
            if ev.get("battle") and kind == "damage" and sc is not None:
                tgts = [b.cards[t] for t in ([ev["to"]] if isinstance(ev["to"], str) else [])
                        if t in b.cards]
                with g.step("phase", ("604.3a", "1001.1", "814.3"),
                            f"{src} dealt battle damage {ev['damage']} to "
                            f"{', '.join(t.id for t in tgts)}.",
                            f"{src}は{', '.join(t.id for t in tgts)}にバトルで{ev['damage']}点の"
                            "ダメージを与えました。", readings=("battle-damage-208.3",)):
                    deal_damage(g, tgts, ev["damage"], ctx, battle_attacker=sc)
            elif ev.get("battle") and kind == "damage_player":
                p = ev.get("player", "opponent")
                p = ctrl if p == "you" else ("P2" if ctrl == "P1" else "P1")
                deal_player_damage(g, p, ev["damage_player"], ctx, battle=True)
            else:
                execute(g, {k: v for k, v in ev.items() if k not in ("source", "controller",
                                                                     "battle")}, ctx)
    b.events = []
