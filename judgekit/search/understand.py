"""Reading a query the way a judge says it: the content words of a sentence.

`ブロックされなかったら`, `山札がなくなったら`, `手札が多すぎるとき`: a term that holds hiragana
(particles, verb endings) or a player's word is read as a sentence, not as a string that must
occur verbatim. It becomes the list of its content words:

  * a judge's vocabulary first (vocabulary.toml, per ruleset): 山札 is searched as デッキ in
    Z/X, 墓地 as 冥界 in 東方VISION, なくなったら as 0枚以下 in Dimension Zero, each noted so
    that the output can say "searched for デッキ (you wrote 山札)";
  * then the runs of one script: kanji and katakana runs are words, compounds kept whole
    (優先権前処理, ドローフェイズ); a number keeps its counter (0枚, 1ターン); Latin and digits
    are words (IGOB); a verb or adjective keeps its kanji (破壊された -> 破壊, 引いた -> 引,
    多すぎる -> 多), since the rules inflect it differently (破壊する, 引きます);
  * hiragana runs are particles and endings and are dropped, unless they are a katakana word
    typed in hiragana (すりーぷ -> スリープ: kana folding, checked against the corpus's words);
  * question words (何, 何枚, 誰) are dropped: the rules never ask;
  * a negation (されなかったら, できない, 足りない) is kept as a hint: clauses that say ない or
    無い (存在しない場合, 選べない場合) score extra, without being required.

No dictionary is loaded: the words are the rules' own (measured against sudachi and fugashi in
benchmarks/search_relevance.py --analyzer; see docs/ARCHITECTURE.md).

The engine then asks for clauses holding most of these words (a minimum-should-match that
relaxes until something matches) and ranks them with Whoosh's BM25F.
"""

from __future__ import annotations

import os

from .analysis import runs, script
from .normalize import fold, kana_fold, match_form

_HERE = os.path.dirname(os.path.abspath(__file__))
VOCABULARY_FILE = os.path.join(_HERE, "vocabulary.toml")
COUNTERS = ("枚", "点", "回", "個", "人", "体", "つ", "ターン", "ダメージ")
QUESTION = "何誰"
PLURAL = ("枚", "回", "体", "人", "つ")  # counters the rules also say of 複数 (複数枚, 複数回)
# the particles after which a word in hiragana may start (ユニットがやられた, を めくる): a
# concept word read on hiragana starts the question, follows other writing or one of these
PARTICLES = "がをにはでもとへの、"

_tables: dict[str, list[tuple[str, str, tuple[str, ...]]]] | None = None


def tables() -> dict[str, list[tuple[str, str, tuple[str, ...]]]]:
    """{game: [(key in matching form, key as written, rules' words as written)]}, longest key
    first. Parsed once, then read from a marshal file in the user cache while the vocabulary
    file's size and modification time are unchanged (as the trees are): a sentence search does
    not import tomllib (~4 ms of a cold search)."""
    global _tables
    if _tables is None:
        _tables = _cached_tables()
    return _tables


TABLES_FORMAT = 1  # bump when the layout of tables() changes


def _cached_tables() -> dict:
    from .. import memo

    try:
        st = os.stat(VOCABULARY_FILE)
        stamp = (VOCABULARY_FILE, st.st_size, st.st_mtime_ns, TABLES_FORMAT)
    except OSError:
        stamp = None  # reading it below says why
    if stamp is not None:
        data = memo.read_stamped("vocabulary.marshal", stamp)
        if data is not None:
            return data
    data = _parse_tables()
    if stamp is not None:
        memo.write_stamped("vocabulary.marshal", stamp, data)  # read-only cache: parsed again
    return data


def _parse_tables() -> dict:
    import tomllib

    with open(VOCABULARY_FILE, "rb") as f:
        data = tomllib.load(f)
    out = {}
    for game, table in data.items():
        rows = [(match_form(k), k, tuple(v)) for k, v in table.items()]
        rows.sort(key=lambda r: (-len(r[0]), r[0]))
        out[game] = rows
    return out


class Word:
    """A content word of a query: its alternatives (matching forms, any one may match), what
    to show, and where it came from ("typed", "vocabulary", "kana")."""

    __slots__ = ("alts", "shown", "origin", "wrote", "unruled", "okuri")

    def __init__(self, alts, shown: str, origin: str = "typed", wrote: str = ""):
        self.alts = tuple(dict.fromkeys(a for a in alts if a))
        self.shown = shown
        self.origin = origin
        self.wrote = wrote  # the judge's own word, when the search looks for others
        # a word the rules' text never holds, searched in the judges' phrasings alone
        # (engine.Searcher._plan): its first form as asked, else ""
        self.unruled = ""
        # one kanji typed with its okurigana (守る, 倒した): the judge's word as a clause's
        # phrasings say it, matching forms (`okuri`), looked for there when the rules never
        # write the kanji (engine.Searcher._plan); else ()
        self.okuri: tuple[str, ...] = ()

    def __repr__(self) -> str:
        extra = f" ({self.origin}: {self.wrote})" if self.wrote else ""
        return f"Word({'|'.join(self.alts)}{extra})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Word) and self.alts == other.alts

    def __hash__(self) -> int:
        return hash(self.alts)


def is_sentence(raw: str, game: str | None = None, occurs=None) -> bool:
    """Is a typed term (no quotes) read as a sentence? When it holds hiragana next to other
    writing (破壊された, 手札が) or is all hiragana, or when it holds a player's word for that
    ruleset and, as typed, occurs nowhere in that ruleset (山札 in Z/X; but 場 stays 場 in
    Z/X, where 場合 holds it). `occurs(form)` answers the last question."""
    f = fold(raw)
    kinds = {k for k, _ in runs(f, kana_apart=True)}
    if "r" in kinds:
        return True  # hiragana: particles and endings, or a katakana word typed in hiragana
    if game is None or (occurs is not None and occurs(match_form(raw))):
        return False  # (the table is not even read for a term the rules use)
    fk = kana_fold(f)
    return any(key in fk and _key_at(f, key, fk) for key, _, _ in tables().get(game, ()))


_ends: dict[str, frozenset] = {}


def counter_ends(f: str) -> frozenset:
    """The places right after a number's counter (2枚|捨てて, 1ターン|に, 何枚|引く: 何 asks
    for a number): a word ends there even when a kanji or katakana follows. Memoised by
    string: a search asks it for the same terms again and again (each vocabulary key)."""
    got = _ends.get(f)
    if got is None:
        if len(_ends) > 1024:
            _ends.clear()
        got = _ends[f] = frozenset(_counter_ends(f))
    return got


def _counter_ends(f: str) -> list[int]:
    out = []
    n = len(f)
    i = 0
    while i < n:
        ch = f[i]
        if ("0" <= ch <= "9" or ch == "何") and (
                i == 0 or not ("0" <= f[i - 1] <= "9" or f[i - 1] == "何")):
            j = i
            while j < n and ("0" <= f[j] <= "9" or f[j] == "何"):
                j += 1
            for c in COUNTERS:
                if f.startswith(c, j):
                    out.append(j + len(c))
                    break
            i = j
        else:
            i += 1
    return out


def _boundary_ok(f: str, start: int, end: int, breaks=frozenset()) -> bool:
    """A vocabulary key may match at f[start:end] when a word can start there (not inside a
    run of the same script, unless a counter ends there) and, if the key ends in a kanji,
    katakana or Latin character, a word ends there too."""
    first = script(f[start])
    if start > 0 and start not in breaks and first and first != "r" and \
            script(f[start - 1]) == first:
        return False
    last = script(f[end - 1])
    if end < len(f) and end not in breaks and last and last != "r" and script(f[end]) == last:
        return False
    return True


def _key_at(f: str, key: str, fk: str | None = None) -> list[int]:
    """Where a vocabulary key (matching form) is in the folded text `f`: compared with kana
    folded (ぶろっく is ブロック; `fk`, when the caller has folded it once for every key),
    word boundaries judged on `f` itself."""
    if fk is None:
        fk = kana_fold(f)
    i = fk.find(key)
    if i < 0:
        return []
    breaks = counter_ends(f)
    out = []
    bound = key.startswith(NOT_AFTER_KANA)
    while i >= 0:
        if _boundary_ok(f, i, i + len(key), breaks) and not (
                bound and i > 0 and script(f[i - 1]) == "r" and f[i - 1] not in PARTICLES):
            out.append(i)
        i = fk.find(key, i + 1)
    return out


# a vocabulary key starting so (なくなる: 無くなる, runs out) is another word right after a
# verb's or a copula's kana (じゃなくなる, できなくなる, 取れなくなる: ない + なる, stops
# being, can no longer): read only at the start, after other writing or after a particle
# (山札がなくなる, 山札なくなる)
NOT_AFTER_KANA = "ナク"


def analyse(raw: str, game: str | None, known=None) -> list[Word]:
    """The content words of a typed term read as a sentence (see the module docstring).

    `known(word)` says whether a katakana word (matching form) is one of the corpus's words;
    it decides which hiragana runs are katakana words typed in hiragana."""
    f = fold(raw)
    fk = kana_fold(f)
    taken = [False] * len(f)
    found: list[tuple[int, Word]] = []
    for key, written, targets in (tables().get(game, ()) if game else ()):
        if key not in fk:
            continue  # (most keys; no call)
        for i in _key_at(f, key, fk):
            if any(taken[i:i + len(key)]):
                continue
            for k in range(i, i + len(key)):
                taken[k] = True
            wrote = f[i:i + len(key)]
            if script(written[-1]) == "r":  # a stem: 多すぎ… for 多すぎる
                wrote += "…"
            found.append((i, Word([match_form(t) for t in targets], " / ".join(targets),
                                  "vocabulary", wrote)))
    # the rest, run by run (a run also ends after a number's counter: 2枚|捨)
    breaks = counter_ends(f)
    pos = 0
    pieces: list[tuple[int, str, str]] = []  # (start, class, run) of untaken characters
    for kind, r in runs(f, kana_apart=True):
        at = f.index(r, pos)
        pos = at + len(r)
        k = 0
        while k < len(r):
            if taken[at + k]:
                k += 1
                continue
            j = k + 1
            while j < len(r) and not taken[at + j] and at + j not in breaks:
                j += 1
            pieces.append((at + k, kind, r[k:j]))
            k = j
    n = len(pieces)
    skip = set()
    for idx, (at, kind, r) in enumerate(pieces):
        if idx in skip:
            continue
        if kind == "r":
            w = _kana_word(r, known)
            if w:
                found.append((at, Word([w], w, "kana", r)))
            continue
        if r[0] in QUESTION:
            # 何枚, 何回: the question word and its counter go
            continue
        word = r
        if kind == "a" and r.isdigit() and idx + 1 < n:
            nat, nkind, nr = pieces[idx + 1]
            if nat == at + len(r) and nkind in "hk" and nr.startswith(COUNTERS):
                counter = next(c for c in COUNTERS if nr.startswith(c))
                word = r + counter
                if nr == counter:
                    skip.add(idx + 1)
                if r.isascii() and int(r) >= 2 and counter in PLURAL:
                    # 2回, 3枚: an example of what the rules say as 複数回, 複数枚
                    found.append((at, Word([kana_fold(word), "複数" + counter], word)))
                    continue
        w = Word([kana_fold(word)], word)
        end = at + len(r)
        if kind == "h" and len(r) == 1 and end < len(f) and script(f[end]) == "r":
            w.okuri = okuri(r, f[end])
        found.append((at, w))
    found.sort(key=lambda x: x[0])
    out: list[Word] = []
    for _, w in found:
        if w not in out:
            out.append(w)
    return out


# kana after one kanji that is not taken as its okurigana: particles (側の, 側を), the
# a-row of a godan verb (倒された, 送られる, 変わる: a passive or negative form that the
# phrasings, in the active voice, rarely share; measured), and い and ん, which end a noun or
# a sound change of several rows alike (違い, 込んで)
NOT_OKURI = "のをへはもかがさたなばまらわいん"


def okuri(kanji: str, kana: str) -> tuple[str, ...]:
    """The matching forms a judge's one-kanji word typed with its okurigana (守る, 倒した: the
    kanji and the first kana after it) is looked for as in the judges' phrasings: the kanji
    and that kana (守ル, 倒シ); () after a kana of NOT_OKURI."""
    return () if kana in NOT_OKURI else (kana_fold(kanji + kana),)


NEGATION = ("ない", "なかっ", "なけれ", "ません", "ず")
NEGATION_WORDS = ("ナイ", "無イ")  # what a clause that denies says, in matching form
CONDITION = ("たら", "れば", "なら", "とき", "場合", "時")
# a denied condition (ブロックされなかったら) is how the rules write "X ない場合"
NEGATED_CONDITION_WORDS = ("ナイ場合", "無イ場合")


# one word the rules spell in kanji or in kana (東方VISION writes 出来ない and しても良い, the
# others できない and してもよい), in matching form: a part of a question in quotes (「できない」)
# is a hint in either spelling (`spellings`)
SPELLINGS = (("出来", "デキ"), ("良イ", "ヨイ"))


def spellings(form: str) -> list[str]:
    """`form` (matching form) and its other spellings (SPELLINGS swapped, one pair at a
    time, each way): デキナイ -> [デキナイ, 出来ナイ]."""
    out = [form]
    for a, b in SPELLINGS:
        for x, y in ((a, b), (b, a)):
            v = form.replace(x, y)
            if v not in out:
                out.append(v)
    return out


def negated(raw: str) -> tuple[str, ...]:
    """The words a clause answering a denying sentence says (ブロックされなかったら: ない場合,
    ない; プレイできない: ない), or () when the sentence does not deny. A hiragana run of it
    holds a negative ending; a conditional ending or word after it makes it a condition."""
    f = fold(raw)
    rs = runs(f, kana_apart=True)
    for i, (k, r) in enumerate(rs):
        if k == "r" and any(n in r for n in NEGATION):
            after = r + "".join(x for _, x in rs[i + 1:])
            if any(c in after for c in CONDITION):
                return NEGATED_CONDITION_WORDS + NEGATION_WORDS
            return NEGATION_WORDS
    return ()


def _kana_word(r: str, known) -> str:
    """The katakana word a hiragana run was typed for (すりーぷした -> スリープ), or ""."""
    if known is None:
        return ""
    k = kana_fold(r)
    for end in range(len(k), 2, -1):
        if known(k[:end]):
            return k[:end]
    return ""


def read_concepts(raws) -> list[tuple[int, str]]:
    """The concepts (rules_data/concepts.toml) a question names: [(row of
    `judgekit.concepts.match_row()`, the words as typed)], most specific first.

    In each typed term, every concept word is looked for longest first, and a place a longer
    word took is not read again; a word of two characters only where a word may start and end
    (as the vocabulary's keys: 場 is not read in 場合). A concept is read once, at its longest
    word, and the concepts are ordered by the length of that word, then by where it stands. A
    broad concept (a category: 手札, キャラ, ダメージ) is read only when the question holds
    nothing else but kana and question words (手札とは, not 手札を2枚捨ててキャラを動かす) and
    no other concept is read (ユニットがやられた reads only the destruction).
    A katakana word of three characters or fewer is not read where the katakana runs on
    (メイン in メインデッキ). A pair word (置換+順番, concepts.PAIR) is read when the question
    holds every part, anywhere; it ranks by its whole length, before the concept of a part. A
    word of several words (hand size) is read across the typed terms, joined by spaces."""
    from ..concepts import MIN_KEY, PAIR, match_row, words_from

    found: list[tuple[int, int, int, int, str]] = []
    seen_pairs: set = set()  # the question's character pairs (where the pair words are looked up)
    folded = [fold(raw) for raw in raws]
    fks = [kana_fold(f) for f in folded]
    for t, f in enumerate(folded):
        if len(f) < 2:
            continue
        fk = fks[t]
        breaks = counter_ends(f)
        taken = [False] * len(f)
        # only the words that start with two characters of the question and are in it,
        # longest first (the order matters only among those that are there)
        sts = {fk[i:i + MIN_KEY] for i in range(len(fk) - 1)}
        seen_pairs |= sts
        cand = sorted((kv for st in sts for kv in words_from(st) if kv[0] in fk),
                      key=lambda kv: (-len(kv[0]), kv[0]))
        for key, n in cand:
            size = len(key)
            if size > len(f):
                continue
            i = fk.find(key)
            while i >= 0:
                if not any(taken[i:i + size]) and (
                        size > 2 or _boundary_ok(f, i, i + size, breaks)) and (
                        size > 3 or not _runs_on(f, i + size)) and _kana_start(f, i, size):
                    for k in range(i, i + size):
                        taken[k] = True
                    if not _ruled_out(f, i + size):
                        found.append((-size, t, i, n, f[i:i + size]))
                    break
                i = fk.find(key, i + 1)
    if len(folded) > 1:  # a word of several words (hand size) across the typed terms
        joined = " ".join(folded)
        jk = kana_fold(joined)
        starts, at = [], 0  # such a word starts where a typed term does
        for f in folded:
            starts.append(at)
            at += len(f) + 1
        for st in dict.fromkeys(jk[i:i + MIN_KEY] for i in starts[:-1]):
            for key, n in words_from(st):
                if " " not in key:
                    continue
                i = jk.find(key)
                while i >= 0:
                    if _boundary_ok(joined, i, i + len(key)):
                        found.append((-len(key), len(folded), i, n, joined[i:i + len(key)]))
                        break
                    i = jk.find(key, i + 1)
    every = "\n".join(fks)
    src = words_from(PAIR)
    if _parts.get("src") is not src:  # each pair word with its parts, split once a table, and
        by: dict = {}                 # filed under its first part's first MIN_KEY characters
        for pos, (key, n) in enumerate(src):
            parts = key.split(PAIR)
            by.setdefault(parts[0][:MIN_KEY], []).append((pos, key, n, parts))
        _parts["src"], _parts["by"] = src, by
    by = _parts["by"]
    # only the pair words whose first part starts with a character pair of the question, in
    # the table's order
    pairs = sorted(x for st in seen_pairs if st in by for x in by[st])
    for _, key, n, parts in pairs:
        if parts[0] not in every or not all(p in every for p in parts[1:]):
            continue
        at = _pair_at(parts, folded)
        if at is not None:
            found.append((-len(key),) + at[:2] + (n, at[2]))  # a pair outranks its parts
    if not found:
        return []
    # stable: a word before a pair word of its length (as search.js); a word read on hiragana
    # alone (やられる) ranks as one character shorter, after a word of other writing of its
    # length (やられる代わりに: the replacement first)
    found = sorted(((x[0] + _weak(x[4]),) + x for x in found),
                   key=lambda x: (x[0], x[2], x[3], x[4]))
    if len(found) > 1:
        _specific_first(found, match_row)
    found = [x[1:] for x in found]
    out: list[tuple[int, str]] = []
    seen: set[int] = set()
    # a broad concept is read only when nothing else is: a concept read in hiragana alone
    # (ユニットがやられた) is something else
    other = any(not match_row(x[3])[3] for x in found)
    for neg, t, i, n, wrote in found:
        if n in seen:
            continue
        if match_row(n)[3] and (other or not (
                _alone(folded, t, i, i - neg) if t < len(folded) else
                _alone([" ".join(folded)], 0, i, i - neg))):
            continue
        seen.add(n)
        out.append((n, wrote))
    return out


def _specific_first(found: list, match_row) -> None:
    """Of the concepts read in words of one rank (found's rows: (rank, -size, term, place,
    row, wrote), sorted), the first (by where it stands) leads unless another names at most
    half as many clauses (concepts.match_row's count over the rulesets): that one is clearly
    the more specific idea and leads (負けを認め, conceding, before タイミング, timing; 不発, a
    target gone on resolution, before 狙っ, targets)."""
    n = len(found)
    if len({x[0] for x in found}) == n:
        return  # (most questions: no two words of one rank)
    i = 0
    while i < n:
        rank = found[i][0]
        j = i + 1
        while j < n and found[j][0] == rank:
            j += 1
        if j - i > 1:
            counts = [match_row(x[4])[4] for x in found[i:j]]
            m = min(range(j - i), key=lambda k: (counts[k], k))
            if m and 2 * counts[m] <= counts[0]:
                found.insert(i, found.pop(i + m))
        i = j


# a concept word followed by one of these is what the question rules out, not what it asks
# about (トラッシュではなくどこへ置かれる: not the graveyard): its place is taken, nothing read.
# Not before なる (ゼクスじゃなくなる, stops being one: still its topic), and not ではない /
# じゃない (スタックじゃないの？ asks whether it is)
RULED_OUT = ("ではなく", "じゃなく", "でなく")


def _ruled_out(f: str, end: int) -> bool:
    """Does a concept word ending at f[end] stand before ではなく (RULED_OUT), not before
    ではなくなる?"""
    for r in RULED_OUT:
        if f.startswith(r, end):
            return not f.startswith("な", end + len(r))
    return False


_parts: dict = {}  # the pair words with their parts (under PAIR), split once, by first characters


def _kana_start(f: str, i: int, size: int) -> bool:
    """May a concept word read on hiragana alone start at f[i]? At the start, after other
    writing or after a particle (ユニットがやられた, not the やられ of はやられ...); a word read
    on other writing too (る代わりに) may start anywhere its own rules allow."""
    return i == 0 or script(f[i - 1]) != "r" or f[i - 1] in PARTICLES or \
        any(script(ch) != "r" for ch in f[i:i + size])


def _weak(wrote: str) -> int:
    """1 for a concept word read on hiragana alone, else 0 (read_concepts' order)."""
    return 1 if all(script(ch) == "r" for ch in wrote) else 0


def _runs_on(f: str, end: int) -> bool:
    """Does a katakana word ending at f[end] run on into more katakana (メイン in メインデッキ)?
    A concept word of three characters or fewer is not read there."""
    return 0 < end < len(f) and script(f[end - 1]) == "k" and script(f[end]) == "k"


def _starts_word(f: str, i: int, breaks) -> bool:
    """May a word start at f[i] (_boundary_ok's first half)?"""
    first = script(f[i])
    return not (i > 0 and i not in breaks and first and first != "r"
                and script(f[i - 1]) == first)


def _pair_at(parts: list[str], folded: list[str]):
    """(term, place, the parts as typed joined by …) of the first part when the question holds
    every part of a pair word (a part of two characters where a word may start: 置換 in
    置換効果, not in 再置換), else None."""
    first = None
    wrote = []
    for part in parts:
        size = len(part)
        place = None
        for t, f in enumerate(folded):
            fk = kana_fold(f)
            breaks = counter_ends(f) if size <= 2 else ()
            i = fk.find(part)
            while i >= 0:
                if size > 2 or _starts_word(f, i, breaks):
                    place = (t, i)
                    break
                i = fk.find(part, i + 1)
            if place is not None:
                break
        if place is None:
            return None
        first = first or place
        wrote.append(folded[place[0]][place[1]:place[1] + size])
    return first[0], first[1], "…".join(wrote)


def _alone(folded: list[str], t: int, a: int, b: int) -> bool:
    """Does the question hold nothing but kana particles, punctuation and question words
    outside folded[t][a:b]?"""
    for k, f in enumerate(folded):
        for j, ch in enumerate(f):
            if k == t and a <= j < b:
                continue
            if script(ch) in ("h", "k", "a") and ch not in QUESTION:
                return False
    return True
