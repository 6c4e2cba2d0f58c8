"""The phrasings' share (ranking.rerank's first step) against the two fixes REVIEW-6 L4 proposed
for its counting the question's filler (issue 26): success@5 and recall@10 per set, each
variant in one process (the same evaluation as search_relevance.py: the first relevant hit's
place in `Searcher().search(q, games=G, limit=30)`; the first places do not depend on the limit).

    .venv/bin/python benchmarks/search_share_variants.py [--set S ...] [--moves] VARIANT ...

Without --set: the dev sets (relevance, heldout, concepts-heldout, -2 ... -10, concepts-dev-5,
concepts-dev-s, concepts-check-c5t; 1026 questions). --moves lists, against `shipped`, the
questions whose first relevant place moved (refused for the validation and blind sets, 11 and
up: their questions are not to be read).

Variants (the share is `ranking.asked_share` of `ranking.question_pairs` unless said):
  shipped     as in the code
  off         no share (rerank's heading rule only)
  no-kana     pairs of two characters the question wrote in hiragana left out
  no-ending   pairs wholly inside the question's ending (its last run of hiragana: どうなりますか,
              できる？) left out
  no-filler   no-ending, and also pairs of two particles (understand.PARTICLES) and pairs holding a
              question word (understand.QUESTION)
  idf         each pair weighted log(1 + N / (1 + n)): N units with phrasings, n of them holding
              the pair in their phrasings (the share is the held pairs' weight over all pairs')
  idf-known   idf, the pairs no phrasing holds left out
  idf-game    idf, N and n counted in the question's ruleset
  idf-sqrt    idf with each weight's square root
  common      the pairs held by more than a quarter of the units with phrasings left out

Measured on main 0e905e9 (helper rank2fix), success@5 pooled over the 1026 dev questions
(recall@10): shipped 1006 (0.8916); off 1002 (0.8892); no-kana 1004 (0.8914); no-ending 1005
(0.8915); no-filler 1005 (0.8915); idf 1006 (0.8912: one won, one lost); idf-known 1006;
idf-game 1006 (0.8917); idf-sqrt 1007 (0.8917, none lost); common 1007 (0.8925, none lost).
Validation (concepts-heldout-11 and -12, scores only): shipped 80 + 79, idf-sqrt 80 + 79. So
neither fix is kept (see ranking.py's notes before HEADING_WINDOW).
"""

from __future__ import annotations

import argparse
import contextvars
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

DEV = (["relevance", "heldout", "concepts-heldout"]
       + [f"concepts-heldout-{i}" for i in range(2, 11)]
       + ["concepts-dev-5", "concepts-dev-s", "concepts-check-c5t"])
VARIANTS = ("shipped", "off", "no-kana", "no-ending", "no-filler", "idf", "idf-known",
            "idf-game", "idf-sqrt", "common")
RUN = re.compile(r"[^\W_]{2,}")
_query = contextvars.ContextVar("query")


def _hiragana(c: str) -> bool:
    return "\u3041" <= c <= "\u309f"


def _pairs_of(forms) -> set:
    return {r[k:k + 2] for f in forms for r in RUN.findall(f) for k in range(len(r) - 1)}


class Variants:
    def __init__(self, searcher):
        from judgekit.search.index import GAME

        self.s = searcher
        self.df: dict = {}
        self.df_game: dict = {}
        self.n_game: dict = {}
        for d, unit in enumerate(searcher.units):
            forms = searcher.index.asks_of(d)[1]
            if not forms:
                continue
            g = unit[GAME]
            self.n_game[g] = self.n_game.get(g, 0) + 1
            per = self.df_game.setdefault(g, {})
            for p in _pairs_of(forms):
                self.df[p] = self.df.get(p, 0) + 1
                per[p] = per.get(p, 0) + 1
        self.n = sum(self.n_game.values())

    def pairs(self, q, variant: str) -> tuple:
        """The question's pairs with the filler the variant leaves out."""
        from judgekit.search import ranking
        from judgekit.search.normalize import match_form
        from judgekit.search.understand import PARTICLES, QUESTION

        out = set()
        for t in q.terms:
            raw, m = t.raw, t.text
            chars = [match_form(c) for c in raw]
            if "".join(chars) != m or any(len(c) != 1 for c in chars):
                out.update(ranking.question_pairs([m]))  # no place-for-place mapping: all
                continue
            filler = [False] * len(raw)
            if variant == "no-kana":
                filler = [_hiragana(c) for c in raw]
            else:
                i = len(raw)
                while i > 0 and (_hiragana(raw[i - 1]) or not raw[i - 1].isalnum()):
                    i -= 1
                filler[i:] = [True] * (len(raw) - i)
            for r in RUN.finditer(m):
                for k in range(r.start(), r.end() - 1):
                    if filler[k] and filler[k + 1]:
                        continue
                    if variant == "no-filler" and (
                            (raw[k] in PARTICLES and raw[k + 1] in PARTICLES)
                            or raw[k] in QUESTION or raw[k + 1] in QUESTION):
                        continue
                    out.add(m[k:k + 2])
        return tuple(sorted(out))

    def weight(self, variant: str, game: str):
        df, n = self.df, self.n
        if variant == "idf-game":
            df, n = self.df_game.get(game, {}), self.n_game.get(game, 1)
        if variant == "idf-sqrt":
            return lambda p: math.sqrt(math.log(1 + n / (1 + df.get(p, 0))))
        return lambda p: math.log(1 + n / (1 + df.get(p, 0)))

    def install(self, variant: str, game_of) -> None:
        """Patch ranking's two functions (engine._rerank imports them at each call)."""
        from judgekit.search import engine, ranking

        if not hasattr(self, "shipped"):
            self.shipped = ranking.question_pairs, ranking.asked_share
            orig = engine.Searcher._rerank

            def _rerank(searcher, found, pinned, jumped, plans, q):
                token = _query.set(q)
                try:
                    return orig(searcher, found, pinned, jumped, plans, q)
                finally:
                    _query.reset(token)

            engine.Searcher._rerank = _rerank
        shipped_pairs, shipped_share = self.shipped
        ranking.question_pairs, ranking.asked_share = shipped_pairs, shipped_share
        if variant == "off":
            ranking.asked_share = lambda pairs, forms: 0.0
        elif variant in ("no-kana", "no-ending", "no-filler"):
            ranking.question_pairs = lambda texts: self.pairs(_query.get(), variant)
        elif variant == "common":
            ranking.question_pairs = lambda texts: tuple(
                p for p in shipped_pairs(texts) if self.df.get(p, 0) <= self.n / 4)
        elif variant.startswith("idf"):
            def share(pairs, forms):
                if not pairs or not forms:
                    return 0.0
                if variant == "idf-known":
                    pairs = [p for p in pairs if p in self.df]
                w = self.weight(variant, game_of())
                ws = [w(p) for p in pairs]
                total = sum(ws)
                return sum(x for p, x in zip(pairs, ws) if p in forms) / total if total else 0.0
            ranking.asked_share = share


def main() -> int:
    import search_relevance as sr
    from judgekit.search.engine import Searcher

    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", choices=tuple(sr.SETS))
    ap.add_argument("--moves", action="store_true")
    ap.add_argument("variant", nargs="+", choices=VARIANTS)
    a = ap.parse_args()
    sets = a.set or DEV
    if a.moves and any(s not in DEV for s in sets):
        ap.error("--moves reads the questions: dev sets only")
    searcher = Searcher()
    v = Variants(searcher)
    game = ["zx"]
    best: dict = {}
    totals = {x: [0, 0, 0.0] for x in a.variant}
    for name in sets:
        qs = sr.load_set(os.path.join(HERE, sr.SETS[name]))
        for variant in a.variant:
            v.install(variant, lambda: game[0])
            s5, r10 = 0, 0.0
            for i, q in enumerate(qs):
                rel = sr.expand(q["relevant"], q["game"])
                game[0] = q["game"]
                got = [f"{h.game}:{h.id}" for h in
                       searcher.search(q["q"], games=q["game"], limit=30).hits]
                first = next((k + 1 for k, key in enumerate(got) if key in rel), None)
                best[(variant, name, i)] = (first, q)
                s5 += bool(first and first <= 5)
                r10 += len([k for k in got[:10] if k in rel]) / float(min(len(rel), 10))
            print(f"{variant:10} {name:22} {len(qs):4}  success@5 {s5 / len(qs):.3f} ({s5})"
                  f"  recall@10 {r10 / len(qs):.3f}", flush=True)
            t = totals[variant]
            t[0] += len(qs)
            t[1] += s5
            t[2] += r10
        v.install("shipped", lambda: game[0])
    for variant, (n, s5, r10) in totals.items():
        print(f"{variant:10} {'pooled':22} {n:4}  success@5 {s5} of {n}  recall@10 {r10 / n:.4f}")
    if a.moves:
        for variant in a.variant:
            for (x, name, i), (first, q) in best.items():
                if x != variant or ("shipped", name, i) not in best:
                    continue
                was = best[("shipped", name, i)][0]
                if was != first:
                    a5, b5 = (was or 99) <= 5, (first or 99) <= 5
                    tag = "won" if b5 and not a5 else "lost" if a5 and not b5 else \
                        "up" if (first or 99) < (was or 99) else "down"
                    print(f"{variant:10} {tag:4} {name:20} {q['game']:5} {was}->{first}  {q['q']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
