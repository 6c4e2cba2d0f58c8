"""A judge's concept index (rules_data/concepts.toml): the ideas a judge thinks in, each
ruleset's word for them and the clauses that define and govern them.

    >>> from judgekit import concepts
    >>> c = concepts.get("stack")
    >>> c.games["thv"].word, c.games["thv"].define[:1]
    ('干渉', ('1.12.5',))
    >>> c.games["zx"].none[:18]
    'Z/X has no stack: '

Used by `judgekit concept`, the site's concordance page and clause pages, and the search: a
question that names a concept in any of its words ranks that ruleset's defining clauses first
(`judgekit.search.engine`). The search reads only `words_from(ch)` for the characters of a question (and
`match_row(n)` for a concept it names), compact forms cached with
marshal in the user cache directory under the sha256 of the file and of this module's format
(parse once: tomllib is not imported on a search's path once the cache exists).

The file is data, reviewed like the rules' reference corrections: tests/rules/test_concepts.py
checks every clause id against the parsed trees and every ruleset's word against its text.
"""

from __future__ import annotations

import os

from . import paths

FORMAT = 15  # bump when match_table()'s layout or the words it derives change
GAMES = ("zx", "g2022", "d0", "thv")
# the concordance's groups, in order
AREAS = (
    ("game", "The game and its principles"),
    ("setup", "Setting up"),
    ("turn", "The turn"),
    ("priority", "Priority and responding"),
    ("play", "Playing cards"),
    ("abilities", "Abilities and triggers"),
    ("effects", "Effects"),
    ("costs", "Costs"),
    ("damage", "Damage and leaving play"),
    ("battle", "Battle"),
    ("zones", "Zones"),
    ("hidden", "Hidden information"),
    ("cards", "Cards: kinds, parts and states"),
    ("actions", "Actions on cards"),
    ("keywords", "Keyword families"),
)
MIN_KEY = 2  # a word shorter than this is never read as naming a concept
# a word of two or more parts ("置換+順番"): the question names the idea when it holds every
# part, anywhere (置換効果が2つあるとき順番を決めるのは誰); match_words() files them under PAIR
PAIR = "+"


# A verb's dictionary form stands for its other forms in a question (殴る for 殴った, 殴られ;
# 寝る for 寝た, 寝かせ...): a word ending in one of these kana after a kanji, or an ichidan
# verb's stem, also names the concept in the forms its stem takes (inflections()).
GODAN = {"う": "わいえおっ", "く": "かきけこい", "ぐ": "がぎげごい", "す": "さしせそ",
         "つ": "たちてとっ", "ぬ": "なにねのん", "ぶ": "ばびべぼん", "む": "まみめもん",
         "る": "らりれろっ"}
ICHIDAN = "たてなられよまか"  # after a one-kanji ichidan stem (寝た, 見て, 寝かせ)


def _kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch in "々"


def _hiragana(ch: str) -> bool:
    return "ぁ" <= ch <= "ゟ"


IE_ROW = "いきぎしじちにひびみりえけげせぜてでねへべめれ"  # an ichidan verb's stem ends in one
HIRAGANA_MIN = 3  # a word of hiragana alone names a concept only as a verb of this length or more


def inflections(word: str) -> tuple[str, ...]:
    """The stems a verb given in its dictionary form takes in a question, as words that name
    the same concept: 殴る → 殴ら 殴り 殴れ 殴ろ 殴っ (and, a kanji before る may be an ichidan
    verb's whole stem, 寝た 寝て ...); 起きる → 起き; 倒す → 倒さ 倒し 倒せ 倒そ; with kana
    inside the stem, 起こす → 起こさ 起こし ..., 寝かせる → 寝かせ; the potential, passive and
    causative forms follow from these (打つ → 打て for 打てる, 殴ら for 殴られた).
    A verb in hiragana alone derives stems of HIRAGANA_MIN characters or more (やられる →
    やられ, めくる → めくら めくり めくれ めくろ めくっ). A word that is not a verb's
    dictionary form derives nothing, nor a noun + する (its noun is a word of its own, read
    only where a word starts: 投了 in 投了したい, not in 再投了)."""
    if len(word) < 2:
        return ()
    if word.endswith("する"):
        return ()  # the noun before it (投了 of 投了する) is read where a word starts
    end, stem = word[-1], word[:-1]
    if end not in GODAN:
        return ()
    last = stem[-1]
    if _kanji(last):
        out = [stem + k for k in GODAN[end]]
        if end == "る":
            out += [stem + k for k in ICHIDAN]
        return tuple(dict.fromkeys(out))
    if not _hiragana(last):
        return ()
    plain = all(_hiragana(ch) for ch in stem)  # a verb in hiragana alone
    if not plain and not _kanji(stem[0]):
        return ()  # a phrase (ゲームが勝手にやる), not a verb written with its kanji
    if plain and len(stem) < 2:
        return ()
    if end == "る" and last in IE_ROW:
        if plain and len(stem) < HIRAGANA_MIN:
            return ()
        return (stem,)  # 起きる → 起き (起きた, 起き上がる), 寝かせる → 寝かせ, やられる → やられ
    if not plain and not all(_hiragana(ch) for ch in stem[1:]) and \
            not all(_kanji(ch) or ch == last for ch in stem):
        return ()
    return tuple(stem + k for k in GODAN[end])  # 起こす → 起こさ..., めくる → めくら...


# the receiving side of an action (concepts.toml `receiver`): a question in the passive
# (アタックされた側, 殴られた) or with を受ける (攻撃を受けた) or 〜てくる (相手がアタックしてきた)
# asks about the one the action is done to
RECEIVING_NOUN = ("され", "を受け", "してき", "してくる")  # after the noun of a noun + する verb


def receiving(word: str) -> tuple[str, ...]:
    """The forms in which a question speaks of undergoing the action a word names, as words
    that name the receiver concept: a noun + する verb (アタックする, 攻撃する) → its noun +
    される (アタックされ), を受ける (攻撃を受け), してくる (アタックしてき, してくる); a verb of one
    or more kanji (殴る), a kanji and an い/え-row kana (攻める) or hiragana alone (なぐる) →
    its passive (殴られ, 攻められ, なぐられ) and its 〜てくる (殴ってき, 攻めてき). Anything else
    (a phrase: 殴りに行く, 攻撃を仕掛ける; a noun alone: 攻撃) derives nothing: the noun alone
    may be the actor's side too."""
    if len(word) < 2:
        return ()
    if word.endswith("する"):
        noun = word[:-2]
        if len(noun) >= 2 and not any(_hiragana(ch) for ch in noun):
            return tuple(noun + e for e in RECEIVING_NOUN)
        return ()
    end, stem = word[-1], word[:-1]
    if end not in GODAN:
        return ()
    plain = all(_hiragana(ch) for ch in stem)
    if end == "る" and stem[-1] in IE_ROW and (plain or all(_kanji(ch) for ch in stem[:-1])):
        return (stem + "られ", stem + "てき", stem + "てくる")  # 攻める: ichidan
    if not (plain or all(_kanji(ch) for ch in stem)):
        return ()
    te = {"う": "って", "つ": "って", "る": "って", "く": "いて", "ぐ": "いで", "す": "して",
          "ぬ": "んで", "ぶ": "んで", "む": "んで"}[end]
    a_row = GODAN[end][0]
    return (stem + a_row + "れ", stem + te + "き", stem + te + "くる")


PHRASE_PARTICLES = "をがにでとはも"  # where a phrase's last verb starts (アタックを|止める)


def phrase_inflections(word: str) -> tuple[str, ...]:
    """A phrase that ends in a verb written with its kanji (アタックを止める, 攻撃を防ぐ,
    負けを認める) names its concept in that verb's other forms too, the words before it
    unchanged: アタックを止め (止められる, 止めた), 攻撃を防が 攻撃を防ぎ ... The verb is what
    follows the phrase's last particle and starts with a kanji, its stems inflections()'s; a
    phrase ending in a verb in hiragana (ゲームが勝手にやる) or in a noun (効果に対応) derives
    nothing."""
    cut = max(word.rfind(p) for p in PHRASE_PARTICLES)
    if cut <= 0 or cut + 1 >= len(word) or not _kanji(word[cut + 1]):
        return ()
    head, verb = word[:cut + 1], word[cut + 1:]
    return tuple(head + d for d in inflections(verb))


def verb_word(word: str) -> bool:
    """May a word of hiragana alone name a concept? Only a verb in its dictionary form of
    HIRAGANA_MIN characters or more (やられる, めくる), never a phrase (してよい)."""
    return len(word) >= HIRAGANA_MIN and bool(inflections(word))


class ConceptError(ValueError):
    """The concept file is malformed (the message names the file, and the line or concept)."""


class Entry:
    """One ruleset's side of a concept: its word and clauses, or why it has no such idea."""

    __slots__ = ("word", "define", "govern", "none", "see")

    def __init__(self, word: str = "", define=(), govern=(), none: str = "", see=()):
        self.word = word
        self.define = tuple(define)
        self.govern = tuple(govern)
        self.none = none
        self.see = tuple(see)  # with none: the clauses that say how the ruleset does without

    @property
    def words(self) -> tuple[str, ...]:
        """The ruleset's word(s): "A / B" names two."""
        return tuple(w.strip() for w in self.word.split(" / ") if w.strip())

    def as_dict(self) -> dict:
        if self.none:
            return {"none": self.none, "see": list(self.see)} if self.see else \
                {"none": self.none}
        return {"word": self.word, "define": list(self.define), "govern": list(self.govern)}


class Concept:
    __slots__ = ("id", "area", "en", "ja", "words", "games", "line", "broad", "receiver")

    def __init__(self, cid: str, area: str, en, ja, words, games: dict, line: int = 0,
                 broad: bool = False, receiver: str = ""):
        self.id = cid
        self.broad = broad  # a category: read by the search only when nothing else is named
        # the concept of the side an action is done to (attack: block): its verbs in the
        # passive (アタックされた) name that concept (receiving())
        self.receiver = receiver
        self.area = area
        self.en = tuple(en)
        self.ja = tuple(ja)
        self.words = tuple(words)
        self.games = games  # {game: Entry}, in GAMES order
        self.line = line

    @property
    def name(self) -> str:
        return self.en[0] if self.en else self.id

    def keys(self) -> tuple[str, ...]:
        """Everything a question may name it by: its Japanese names, the words judges use,
        the English names and every ruleset's word."""
        return tuple(dict.fromkeys(self.own_keys() + self.ruleset_keys()))

    def own_keys(self) -> tuple[str, ...]:
        return tuple(self.ja) + tuple(self.words) + tuple(self.en)

    def ruleset_keys(self) -> tuple[str, ...]:
        return tuple(w for e in self.games.values() for w in e.words)

    def as_dict(self, games=None) -> dict:
        out = {"id": self.id, "area": self.area, "name": self.name, "broad": self.broad,
               "en": list(self.en),
               "ja": list(self.ja), "words": list(self.words),
               "games": {g: e.as_dict() for g, e in self.games.items()
                         if games is None or g in games}}
        if self.receiver:
            out["receiver"] = self.receiver
        return out

    def receiving_words(self) -> tuple[str, ...]:
        """The receiving forms of its own verbs (receiving()), which name its receiver."""
        return tuple(dict.fromkeys(d for k in self.own_keys() if PAIR not in k
                                   for d in receiving(k)))

    def __repr__(self) -> str:
        return f"Concept({self.id})"


_concepts: list[Concept] | None = None
_table: dict | None = None  # {first character: marshalled words} (words_from)
_rows: tuple | None = None  # (marshalled row, ...) (match_row)
_words_memo: dict = {}
_row_memo: dict = {}


def concepts_file() -> str:
    return os.path.join(paths.rules_data_dir(), "concepts.toml")


def load() -> list[Concept]:
    """Every concept, in the file's order: parsed once, then read from the marshal cache while
    the file is unchanged (as the clause trees are)."""
    global _concepts
    if _concepts is None:
        _concepts = _cached("concepts", _parse_data, _from_data)
    return _concepts


def _parse_data() -> tuple:
    return tuple((c.id, c.area, c.en, c.ja, c.words, c.line, c.broad,
                  tuple((g, e.word, e.define, e.govern, e.none, e.see)
                        for g, e in c.games.items()), c.receiver)
                 for c in parse(concepts_file()))


def _from_data(data: tuple) -> list[Concept]:
    return [Concept(cid, area, en, ja, words,
                    {g: Entry(word, define, govern, none, see)
                     for g, word, define, govern, none, see in games}, line, broad, receiver)
            for cid, area, en, ja, words, line, broad, games, receiver in data]


def _cached(kind: str, build, convert):
    """convert(data), where data is read from `<cache>/concepts-<kind>-<key>.marshal` (key: the
    sha256 of the concept file and FORMAT), or built by build() and written there atomically.
    A missing file builds nothing (ConceptError); an unreadable cache is rebuilt."""
    import marshal

    key = _file_key()
    cache = os.path.join(paths.cache_dir(), f"concepts-{kind}-{key}.marshal")
    try:
        with open(cache, "rb") as f:
            return convert(marshal.loads(f.read()))
    except (OSError, EOFError, ValueError, TypeError):
        pass
    data = build()
    try:
        from .rules.cache import write_atomic

        os.makedirs(paths.cache_dir(), exist_ok=True)
        write_atomic(cache, marshal.dumps(data))
        for n in os.listdir(paths.cache_dir()):  # older versions of the file: never read again
            if n.startswith(f"concepts-{kind}-") and n != os.path.basename(cache):
                try:
                    os.remove(os.path.join(paths.cache_dir(), n))
                except OSError:
                    pass
    except OSError:
        pass  # a read-only cache: built again next time
    return convert(data)


def _file_key() -> str:
    """sha256 of the concept file and FORMAT, memoised in a stamp file under the file's size
    and modification time (as the trees' keys are: a search does not import hashlib, ~5 ms)."""
    from . import memo

    path = concepts_file()
    try:
        st = os.stat(path)
    except OSError as e:
        raise ConceptError(f"{path}: cannot read the concept index ({e.strerror})") from None
    stamp = (path, st.st_size, st.st_mtime_ns, FORMAT)
    key = memo.read_stamped("concepts-stamp.marshal", stamp)
    if key is not None:
        return key
    from hashlib import sha256

    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise ConceptError(f"{path}: cannot read the concept index ({e.strerror})") from None
    key = sha256(b"judgekit-concepts-%d\0" % FORMAT + raw).hexdigest()[:24]
    memo.write_stamped("concepts-stamp.marshal", stamp, key)
    return key


def parse(path: str) -> list[Concept]:
    import tomllib

    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise ConceptError(f"{path}: cannot read the concept index ({e.strerror})") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConceptError(f"{path}: {e}") from None
    lines = _concept_lines(raw)
    out: list[Concept] = []
    seen: set[str] = set()
    areas = {a for a, _ in AREAS}
    items = data.get("concept")
    if not isinstance(items, list):
        raise ConceptError(f"{path}: expected [[concept]] tables, found none")
    for k, item in enumerate(items):
        line = lines[k] if k < len(lines) else 0
        where = f"{path}:{line}"
        cid = item.get("id")
        if not isinstance(cid, str) or not cid:
            raise ConceptError(f"{where}: a concept needs an id (a string)")
        if cid in seen:
            raise ConceptError(f"{where}: concept {cid!r} is defined twice")
        seen.add(cid)
        area = item.get("area", "")
        if area not in areas:
            raise ConceptError(f"{where}: concept {cid!r}: area {area!r} is not one of "
                               f"{', '.join(sorted(areas))}")
        lists = {}
        for name in ("en", "ja", "words"):
            v = item.get(name, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise ConceptError(f"{where}: concept {cid!r}: {name} must be a list of "
                                   "strings")
            lists[name] = v
        games = {}
        for g in GAMES:
            e = item.get(g)
            if e is None:
                continue
            if not isinstance(e, dict):
                raise ConceptError(f"{where}: concept {cid!r}: {g} must be a table")
            if "none" in e:
                see = e.get("see", [])
                if set(e) - {"none", "see"} or not isinstance(e["none"], str) or \
                        not e["none"] or not isinstance(see, list) or \
                        not all(isinstance(x, str) for x in see):
                    raise ConceptError(f"{where}: concept {cid!r}: {g} has none = \"why\" "
                                       "and at most see = [clause ids]")
                games[g] = Entry(none=e["none"], see=see)
                continue
            extra = set(e) - {"word", "define", "govern"}
            if extra or not isinstance(e.get("word"), str) or not e["word"]:
                raise ConceptError(f"{where}: concept {cid!r}: {g} needs word, define, govern"
                                   + (f" (unknown: {', '.join(sorted(extra))})" if extra
                                      else ""))
            ids = {}
            for name in ("define", "govern"):
                v = e.get(name, [])
                if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                    raise ConceptError(f"{where}: concept {cid!r}: {g}.{name} must be a list "
                                       "of clause ids")
                ids[name] = v
            if not ids["define"]:
                raise ConceptError(f"{where}: concept {cid!r}: {g} names no defining clause")
            games[g] = Entry(e["word"], ids["define"], ids["govern"])
        if not any(not e.none for e in games.values()):
            raise ConceptError(f"{where}: concept {cid!r} names no ruleset with such an idea")
        broad = item.get("broad", False)
        if not isinstance(broad, bool):
            raise ConceptError(f"{where}: concept {cid!r}: broad must be true or false")
        receiver = item.get("receiver", "")
        if not isinstance(receiver, str) or receiver == cid:
            raise ConceptError(f"{where}: concept {cid!r}: receiver must be the id of another "
                               "concept")
        out.append(Concept(cid, area, lists["en"], lists["ja"], lists["words"], games, line,
                           broad, receiver))
    for c in out:
        if c.receiver and c.receiver not in seen:
            raise ConceptError(f"{path}:{c.line}: concept {c.id!r}: receiver {c.receiver!r} is "
                               "not a concept of the file")
    return out


def _concept_lines(raw: bytes) -> list[int]:
    """The line of each [[concept]] header (for messages)."""
    return [n for n, ln in enumerate(raw.split(b"\n"), 1) if ln.strip() == b"[[concept]]"]


def get(cid: str) -> Concept | None:
    for c in load():
        if c.id == cid:
            return c
    return None


def find(query: str) -> list[Concept]:
    """Concepts a lookup names: its id, else any of its words (exact, in matching form), else
    any word holding the query or held by it."""
    from .search.normalize import kana_fold, match_form

    q = query.strip()
    if not q:
        return []
    exact = [c for c in load() if c.id == q]
    if exact:
        return exact
    fq = kana_fold(match_form(q))
    named, loose = [], []
    for c in load():
        forms = [kana_fold(match_form(k)) for k in c.keys()] + [c.id]
        if fq in forms:
            named.append(c)
        elif len(fq) >= MIN_KEY and any(fq in f or (len(f) >= MIN_KEY and f in fq)
                                         for f in forms):
            loose.append(c)
    return named or loose


def for_clauses(game: str) -> dict[str, list[tuple[str, str, str]]]:
    """{clause id: [(concept id, concept name, "define" | "govern")]} of one ruleset."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for c in load():
        e = c.games.get(game)
        if e is None or e.none:
            continue
        for role, ids in (("define", e.define), ("govern", e.govern)):
            for cid in ids:
                row = (c.id, c.name, role)
                have = out.setdefault(cid, [])
                if all(x[0] != c.id for x in have):
                    have.append(row)
    return out


def concordance(games=GAMES) -> list[dict]:
    """The concordance as data, one row a concept grouped by area (for the site's page and the
    workbench): {"area", "area_title", "concepts": [concept dicts with "games"]}."""
    titles = dict(AREAS)
    by_area: dict[str, list[dict]] = {a: [] for a, _ in AREAS}
    for c in load():
        by_area[c.area].append(c.as_dict(games))
    return [{"area": a, "area_title": titles[a], "concepts": rows}
            for a, rows in by_area.items() if rows]


# ---- the search's compact form -------------------------------------------------------------

def match_table() -> tuple:
    """(keys, concepts) for the search:
    keys: ((key in kana-folded matching form, concept index), ...), longest first;
    concepts: ((id, name, {game: (word, define ids, govern ids) | (None, why, see ids)},
    broad, how many clauses it names), ...).
    Read from the marshal cache when the file is unchanged, else built and cached."""
    keys = sorted((kv for kvs in match_words().values() for kv in kvs),
                  key=lambda kv: (-len(kv[0]), kv[0]))
    return tuple(keys), match_rows()


def match_words() -> dict:
    """The words of match_table() grouped by their first MIN_KEY characters (pair words under
    PAIR), {start: ((key, row), ...)}, every group decoded (the search reads words_from)."""
    return {ch: words_from(ch) for ch in _packed_words()}


def words_from(ch: str) -> tuple:
    """The words of match_table() that start with `ch`, their first MIN_KEY characters
    ((key, row), ...), longest first: what the search reads first, only for the character
    pairs of the question. The cache keeps each group marshalled apart, so a search decodes a
    few small groups, not the whole table."""
    got = _words_memo.get(ch)
    if got is None:
        import marshal

        raw = _packed_words().get(ch)
        got = _words_memo[ch] = marshal.loads(raw) if raw is not None else ()
    return got


def match_row(n: int) -> tuple:
    """Row `n` of match_table()'s concepts (id, name, {game: entry}, broad, clauses), decoded alone
    (read when a question names that concept)."""
    got = _row_memo.get(n)
    if got is None:
        import marshal

        got = _row_memo[n] = marshal.loads(_packed_rows()[n])
    return got


def match_rows() -> tuple:
    """The concepts' rows of match_table(), every one decoded."""
    return tuple(match_row(n) for n in range(len(_packed_rows())))


def match_index() -> tuple:
    """(match_words(), match_rows())."""
    return match_words(), match_rows()


def _packed_words() -> dict:
    global _table
    if _table is None:
        _table = _cached("words", lambda: _pack_words(_build_table()[0]), lambda data: data)
    return _table


def _packed_rows() -> tuple:
    global _rows
    if _rows is None:
        _rows = _cached("rows", lambda: _pack_rows(_build_table()[1]), lambda data: data)
    return _rows


def _pack_words(by_first: dict) -> dict:
    import marshal

    return {ch: marshal.dumps(kvs) for ch, kvs in by_first.items()}


def _pack_rows(rows: tuple) -> tuple:
    import marshal

    return tuple(marshal.dumps(r) for r in rows)


def _build_table() -> tuple:
    from .search.normalize import fold, kana_fold, match_form

    keys: dict[str, int] = {}
    rows = []
    everything = load()
    for c in everything:
        games = {}
        for g, e in c.games.items():
            games[g] = (None, e.none, e.see) if e.none else (e.word, e.define, e.govern)
        rows.append((c.id, c.name, games, c.broad, _clauses(c)))
    # every concept's own words first, then the rulesets' words (デッキ is the deck zone's
    # word before it is one ruleset's word for deck building)
    for own in (True, False):
        for n, c in enumerate(everything):
            for k in (c.own_keys() if own else c.ruleset_keys()):
                if PAIR in k:  # words that name the idea together, wherever they stand
                    parts = [kana_fold(match_form(fold(p))) for p in k.split(PAIR)]
                    form = PAIR.join(parts)
                    if any(len(p) < MIN_KEY for p in parts) or form in keys:
                        continue
                    keys[form] = n
                    continue
                form = kana_fold(match_form(fold(k)))
                if len(form) < MIN_KEY or form in keys:
                    continue  # the first concept to claim a word keeps it
                if all(_hiragana(ch) for ch in k) and not verb_word(k):
                    continue  # a word of hiragana alone (してよい) names nothing by itself,
                    # unless it is a verb (やられる, read where a word starts)
                keys[form] = n
    # then the forms of the verbs among every concept's own words, a longer word's first
    # (見せる's 見せ before 見る's), where no word above claims them
    # the receiving forms of a concept's verbs name its receiver (アタックされ: the block),
    # before the inflections (殴られ is the block's, 殴ら the attack's)
    where = {c.id: n for n, c in enumerate(everything)}
    for c in everything:
        if c.receiver:
            for k in c.own_keys():
                for d in receiving(k) if PAIR not in k else ():
                    form = kana_fold(match_form(fold(d)))
                    if form not in keys:
                        keys[form] = where[c.receiver]
    derived = sorted(((len(k), n, d) for n, c in enumerate(everything) for k in c.own_keys()
                      if PAIR not in k
                      for d in inflections(k) + (() if c.broad else phrase_inflections(k))),
                     key=lambda x: (-x[0], x[1]))
    for _, n, d in derived:
        form = kana_fold(match_form(fold(d)))
        if len(form) >= MIN_KEY and form not in keys:
            keys[form] = n
    by_first: dict[str, list] = {}
    for key, n in sorted(keys.items(), key=lambda kv: (-len(kv[0]), kv[0])):
        by_first.setdefault(PAIR if PAIR in key else key[:MIN_KEY], []).append((key, n))
    return {ch: tuple(kvs) for ch, kvs in by_first.items()}, tuple(rows)


def _clauses(c: Concept) -> int:
    """How many clauses a concept names, over every ruleset with the idea (its defining and
    governing ones): of two concepts a question names in words of one length, the one with
    fewer is the more specific and is read first (understand.read_concepts)."""
    return sum(len(e.define) + len(e.govern) for e in c.games.values() if not e.none)


def clear_memory_cache() -> None:
    global _concepts, _table, _rows
    _concepts = None
    _table = None
    _rows = None
    _words_memo.clear()
    _row_memo.clear()


__all__ = ["AREAS", "Concept", "ConceptError", "Entry", "concordance", "find", "for_clauses",
           "get", "load", "match_table", "parse"]
