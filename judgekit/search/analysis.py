"""The search index's analyzer: the matching form, then 1- and 2-grams and the corpus's own words.

One Whoosh tokenizer (`MatchFormAnalyzer`) analyses every text field, index and query alike:

  1. the matching form (`normalize.match_form`): NFKC, dash and variant folding, ASCII lower
     case, and hiragana written as katakana (kana folding: すりーぷ finds スリープ);
  2. every 1-gram and 2-gram of it: a term of n >= 2 characters occurs in a text exactly when
     all its bigrams do at consecutive places, so any substring can be found (the search checks
     the substring itself; see `judgekit.search.engine`);
  3. the corpus's words: the maximal runs of katakana, kanji or Latin letters and digits of three
     or more characters found anywhere in the rules (優先権前処理, プレイヤー, ドローフェイズ,
     igob), each emitted wherever it occurs inside a run of its own script. A query term that is
     one of these words is one posting list, with its exact occurrences: the common words
     (カード, プレイヤー) are answered without checking a thousand candidates;
  4. each whole word of the text, marked (WHOLE + the run): 場 standing alone (場に置く, the
     heading 場) and not inside 場合 or 登場, ループ in 無限ループ and not in グループ. A term
     found as a whole word ranks above the same term found inside a longer word.

Why not a morphological analyzer: it misses partial words (ドロー inside ドローフェイズ) and
splits the games' own katakana words at random (ゼク/ス), measured in
/work/shared/docs/search-deps.md; the words of step 3 are the games' own vocabulary instead.

The text field is a sequence of segments, each with the weight its tokens carry (the field
boosts of BM25F inside one field): the rule text, the section it sits in, the examples.
`segments()` writes such a value; the title is a field of its own (with a field boost).

Whoosh pickles the schema, analyzer objects included, into the index's TOC file, so this class
must stay importable under this exact path and carry no state into the pickle: the vocabulary
is attached at run time, by the index build and by `judgekit.search.index.Index.analyzer`.
"""

from __future__ import annotations

from ._whoosh import ensure

ensure()  # Whoosh's core, without the imports it never uses (see _whoosh)

from whoosh.analysis import Token, Tokenizer  # noqa: E402

from .normalize import fold, fold_map, kana_fold  # noqa: E402

SEGMENT = "\x1e"  # starts a segment of a field value; the next character names its weight
WHOLE = "\ue000"  # marks the token of a whole word (a maximal run of one script)
# the weight of each segment's tokens (the rule text is 1)
WEIGHTS = {"b": 1.0, "c": 0.5, "e": 0.3}
MIN_WORD = 3  # shorter words are grams already


def segments(body: str = "", context: str = "", examples: str = "") -> str:
    """The text field's value: rule text, the headings above it, the examples."""
    out = []
    for code, text in (("b", body), ("c", context), ("e", examples)):
        if text:
            out.append(SEGMENT + code + text)
    return "".join(out)


def script(ch: str) -> str:
    """The script class of a character: "k" katakana (with ー and ・), "r" hiragana, "h" kanji,
    "a" ASCII letters and digits, "" anything else."""
    o = ord(ch)
    if 0x30A1 <= o <= 0x30FF:
        return "k"
    if 0x3041 <= o <= 0x3096:
        return "r"
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF or ch in "々〆ヶ":
        return "h"
    if o < 128 and ch.isalnum():
        return "a"
    return ""


def runs(s: str, kana_apart: bool = False) -> list[tuple[str, str]]:
    """(class, run) for the maximal runs of one script class in `s`, in order. Hiragana counts
    as katakana (a matching form has no hiragana) unless `kana_apart`. The long-vowel mark
    continues the run it follows (すりーぷ is one hiragana run)."""
    out = []
    cur = ""
    kind = ""
    for ch in s:
        k = script(ch)
        if ch == "ー" and kind:
            k = kind
        if k == "r" and not kana_apart:
            k = "k"
        if k and k == kind:
            cur += ch
            continue
        if cur:
            out.append((kind, cur))
        cur, kind = (ch, k) if k else ("", "")
    if cur:
        out.append((kind, cur))
    return out


def words_of(folded: str) -> list[str]:
    """Word candidates of a folded (not yet kana-folded) text: its runs of katakana, kanji or
    Latin of MIN_WORD or more characters, in matching form. Hiragana runs are not words
    (particles, endings); a hiragana word typed for a katakana one is found by kana folding."""
    return [kana_fold(r) for k, r in runs(folded, kana_apart=True)
            if k != "r" and len(r) >= MIN_WORD]


class Vocabulary:
    """The corpus's words (matching form) and how many units hold each."""

    __slots__ = ("df", "prefixes", "longest")

    def __init__(self, df: dict[str, int]):
        self.df = df
        self.prefixes = {w[:MIN_WORD] for w in df}
        self.longest = max((len(w) for w in df), default=0)

    def __contains__(self, word: str) -> bool:
        return word in self.df

    def occurrences(self, run: str):
        """(start, word) for every word of the vocabulary inside `run` (overlaps included)."""
        df = self.df
        prefixes = self.prefixes
        n = len(run)
        for i in range(n - MIN_WORD + 1):
            if run[i:i + MIN_WORD] not in prefixes:
                continue
            for j in range(i + MIN_WORD, min(n, i + self.longest) + 1):
                if run[i:j] in df:
                    yield i, run[i:j]


def tokens_of(form: str, vocabulary: Vocabulary | None, folded: str | None = None):
    """(start, end, token) of one segment's matching form: 1-grams, 2-grams, the words, and
    (given `folded`, the same text before kana folding, where hiragana still ends a word) each
    whole word marked."""
    n = len(form)
    for i in range(n):
        yield i, i + 1, form[i]
        if i + 1 < n:
            yield i, i + 2, form[i:i + 2]
    if vocabulary is None:
        return
    pos = 0
    for _, r in runs(form):
        at = form.index(r, pos)
        pos = at + len(r)
        if len(r) >= MIN_WORD:
            for i, w in vocabulary.occurrences(r):
                yield at + i, at + i + len(w), w
    if folded is None:
        return
    pos = 0
    for kind, r in runs(folded, kana_apart=True):
        at = folded.index(r, pos)
        pos = at + len(r)
        if kind != "r":
            yield at, at + len(r), WHOLE + kana_fold(r)


class MatchFormAnalyzer(Tokenizer):
    """The whole analyzer of the title and text fields (see the module docstring).

    Called with chars=True it maps each token's characters back to the source text
    (`normalize.match_map`), so Whoosh's highlighting marks the source's own characters.
    """

    def __init__(self):
        self.vocabulary: Vocabulary | None = None

    def __getstate__(self):
        return {}

    def __setstate__(self, state):
        self.vocabulary = None

    def __eq__(self, other):
        return other is not None and other.__class__ is self.__class__

    def __call__(self, value, positions=False, chars=False, keeporiginal=False,
                 removestops=True, start_pos=0, start_char=0, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        t.stopped = False
        pos = start_pos
        offset = 0
        parts = value.split(SEGMENT) if SEGMENT in value else [value]
        for k, part in enumerate(parts):
            if k == 0 and SEGMENT in value:
                offset += len(part) + 1
                continue  # nothing before the first segment
            weight, text = (WEIGHTS[part[0]], part[1:]) if k else (1.0, part)
            base = offset + (1 if k else 0)
            if chars:
                folded, starts, ends = fold_map(text)
            else:
                folded = fold(text)
            form = kana_fold(folded)
            t.boost = weight
            for a, b, tok in tokens_of(form, self.vocabulary, folded):
                t.text = tok
                if keeporiginal:
                    t.original = tok
                if positions:
                    t.pos = pos
                    pos += 1
                if chars:
                    t.startchar = start_char + base + starts[a]
                    t.endchar = start_char + base + ends[b - 1]
                yield t
            offset += len(part) + 1


def analyzer() -> MatchFormAnalyzer:
    return MatchFormAnalyzer()


def grams(term: str) -> list[str]:
    """The grams a term of the matching form is made of: itself if short, else its bigrams."""
    if len(term) <= 2:
        return [term]
    return [term[i:i + 2] for i in range(len(term) - 1)]


def whole_word(raw: str) -> str | None:
    """The whole-word token of a typed term that is one word (one run of katakana, kanji or
    Latin), else None."""
    f = fold(raw).strip()
    rs = runs(f, kana_apart=True)
    if len(rs) == 1 and rs[0][0] != "r" and rs[0][1] == f:
        return WHOLE + kana_fold(f)
    return None


def query_tokens(term: str, vocabulary: Vocabulary | None) -> tuple[list[str], bool]:
    """The index tokens that stand for a term of the matching form, and whether they match it
    exactly: a short term or a word of the vocabulary is one token (exact). Any other term is
    its runs of one script (致死ダメージ: 致死, ダメージ), each a token when it is short or a word,
    else its bigrams: every text containing the term holds them all (the caller checks the
    substring itself), and they score it as the words it is made of."""
    if len(term) <= 2 or (vocabulary is not None and term in vocabulary):
        return [term], True
    out: list[str] = []
    pos = 0
    for _, r in runs(term):
        at = term.index(r, pos)
        if at > pos:  # punctuation, spaces: their grams with the neighbours
            out.extend(grams(term[max(0, pos - 1):at + 1]))
        pos = at + len(r)
        if len(r) <= 2 or (vocabulary is not None and r in vocabulary):
            out.append(r)
        else:
            out.extend(grams(r))
    if pos < len(term):
        out.extend(grams(term[max(0, pos - 1):]))
    return list(dict.fromkeys(out)), False
