"""Does a morphological analyzer earn its install? The relevance set (search_relevance.py) with
sudachi's content words (split mode C) in place of judgekit's own reading of a sentence.

    python3 -m venv /tmp/mvenv && /tmp/mvenv/bin/pip install sudachipy sudachidict-core
    PYTHONPATH=.:.venv/lib/python3.11/site-packages /tmp/mvenv/bin/python \\
        benchmarks/search_morphology.py [runs|sudachi]

`runs` is judgekit's reading (judgekit.search.understand.analyse): kanji and katakana runs,
kana words, the judge's vocabulary. `sudachi` keeps the vocabulary table and the rest of the
search unchanged and takes the words from sudachi instead: nouns (not pronouns or 何) as
written, verbs and adjectives by their kanji (破壊する -> 破壊, 引く -> 引), other words of kanji
or katakana as written; particles, auxiliaries and symbols dropped. Measured 2026-11-25 (this
machine, 137 queries): see docs/ARCHITECTURE.md, "A judge's words".
"""

from __future__ import annotations

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def sudachi_reader():
    """(analyse function, dictionary load seconds)."""
    t0 = time.perf_counter()
    from sudachipy import Dictionary, SplitMode

    tok = Dictionary(dict="core").tokenizer()
    load = time.perf_counter() - t0
    from judgekit.search import understand as U
    from judgekit.search.analysis import script
    from judgekit.search.normalize import fold, kana_fold, match_form

    def analyse(raw, game, known=None):
        f = fold(raw)
        taken = [False] * len(f)
        found = []
        for key, written, targets in (U.tables().get(game, ()) if game else ()):
            for i in U._key_at(f, key):
                if any(taken[i:i + len(key)]):
                    continue
                for k in range(i, i + len(key)):
                    taken[k] = True
                found.append((i, U.Word([match_form(t) for t in targets], " / ".join(targets),
                                        "vocabulary", f[i:i + len(key)])))
        for m in tok.tokenize(f, SplitMode.C):
            a, b = m.begin(), m.end()
            if any(taken[a:b]):
                continue
            pos, s = m.part_of_speech(), m.surface()
            if pos[0] == "名詞" and pos[1] != "代名詞" and s != "何":
                found.append((a, U.Word([kana_fold(s)], s)))
            elif pos[0] in ("動詞", "形容詞"):
                stem = "".join(ch for ch in s if script(ch) == "h")
                if stem:
                    found.append((a, U.Word([kana_fold(stem)], stem)))
            elif pos[0] not in ("助詞", "助動詞", "補助記号", "記号", "空白") and \
                    all(script(c) in "kh" for c in s):
                found.append((a, U.Word([kana_fold(s)], s)))
        found.sort(key=lambda x: x[0])
        out = []
        for _, w in found:
            if w not in out:
                out.append(w)
        return out

    return analyse, load


def main() -> int:
    which = sys.argv[1] if len(sys.argv) > 1 else "sudachi"
    sys.path.insert(0, HERE)
    import search_relevance as R

    from judgekit.search import understand
    from judgekit.search.engine import Searcher

    load = 0.0
    if which == "sudachi":
        understand.analyse, load = sudachi_reader()
    ev = R.evaluate(Searcher())
    print(f"reader: {which}" + (f" (dictionary load {load:.2f} s)" if load else ""))
    print(R._line("all", ev["all"]))
    for k in R.KINDS:
        print(R._line(f"kind {k}", ev["kind"][k]))
    print(R._line("sentence-like", ev["sentence-like"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
