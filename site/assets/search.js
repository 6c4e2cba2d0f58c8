/* judgekit rules site: offline search and clause-id jump.
 *
 * No framework, no network. The index of each ruleset is a script (search/<game>.js) that calls
 * JK.addIndex(...); it is loaded on demand with a <script> element, which works from file://
 * where fetch() of a local file does not.
 *
 * Matching form = judgekit.search.normalize.fold() + ASCII lower case, ported below rule by rule.
 * The tables come from the Python modules (the builder writes them in place of the marker).
 * tests/site/test_js_parity.py runs this file under node and compares with Python.
 */
(function (global) {
  "use strict";

/*@TABLES@*/

  // ---------------------------------------------------------------------------------------
  // Python's str predicates, from the generated code point ranges

  function inRanges(cp, ranges) {
    var lo = 0, hi = ranges.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (cp < ranges[mid][0]) hi = mid - 1;
      else if (cp > ranges[mid][1]) lo = mid + 1;
      else return true;
    }
    return false;
  }
  function pyIsSpace(ch) { return ch !== "" && inRanges(ch.codePointAt(0), PY_SPACE); }
  function pyIsDigit(ch) { return ch !== "" && inRanges(ch.codePointAt(0), PY_DIGIT); }
  function pyIsAscii(ch) { return ch.codePointAt(0) < 0x80; }
  function isAsciiAlpha(ch) { return /^[A-Za-z]$/.test(ch); }
  function pyStrip(s) {
    var cs = Array.from(s), a = 0, b = cs.length;
    while (a < b && pyIsSpace(cs[a])) a++;
    while (b > a && pyIsSpace(cs[b - 1])) b--;
    return cs.slice(a, b).join("");
  }
  function replaceAll(s, a, b) { return s.split(a).join(b); }

  // ---------------------------------------------------------------------------------------
  // fold(): port of judgekit.search.normalize.fold

  // (code units, not code points: every space and CJK character is in the BMP, and a
  // surrogate is neither, as the astral character it belongs to is neither)
  function isSpaceCode(c) { return c > 0x20 && c < 0x7F ? false : inRanges(c, PY_SPACE); }
  function isCjkCode(o) {
    return (0x3000 <= o && o <= 0x30FF) || (0x3400 <= o && o <= 0x4DBF) || (0x4E00 <= o && o <= 0x9FFF) ||
      (0xF900 <= o && o <= 0xFAFF) || (0xFF00 <= o && o <= 0xFFEF);
  }

  function collapseCjkSpaces(s) {
    if (s.indexOf(" ") < 0 && s.indexOf("\t") < 0 && s.indexOf("\u3000") < 0) return s;
    var n = s.length, parts = [], from = 0, i = 0, prev = -1;  // prev: the output's last code unit
    while (i < n) {
      var c = s.charCodeAt(i);
      if (!isSpaceCode(c)) { i++; continue; }
      if (i > from) { parts.push(s.slice(from, i)); prev = s.charCodeAt(i - 1); }
      var j = i;
      while (j < n && s.charCodeAt(j) !== 10 && isSpaceCode(s.charCodeAt(j))) j++;
      var nxt = j < n ? s.charCodeAt(j) : -1;
      if (j > i && prev >= 0 && nxt >= 0 && (isCjkCode(prev) || isCjkCode(nxt)) && !(prev < 0x80 && nxt < 0x80)) {
        i = from = j;  // drop the space between CJK characters
        continue;
      }
      parts.push(c !== 10 ? " " : "\n");
      prev = c !== 10 ? 32 : 10;
      i = from = j > i ? j : i + 1;
    }
    if (from < n) parts.push(s.slice(from));
    return parts.join("");
  }

  // the characters fold() rewrites one by one (all in the BMP: a class of code units), ー
  // itself left out (it stays as it is)
  function charClass(chars, flags) {
    var out = "";
    for (var k = 0; k < chars.length; k++) {
      if (chars[k] === "ー") continue;
      var h = chars.charCodeAt(k).toString(16);
      out += "\\u" + "0000".slice(h.length) + h;
    }
    return new RegExp("[" + out + "]", flags);
  }
  var DASHES_RE = charClass(FOLD_DASHES, "g"), INVISIBLE_RE = charClass(FOLD_INVISIBLE, "g");

  function fold(text) {
    if (!text) return "";
    var s = text.normalize("NFKC");
    if (s.indexOf("**") >= 0) s = replaceAll(s, "**", "");
    DASHES_RE.lastIndex = 0;
    if (DASHES_RE.test(s)) s = s.replace(DASHES_RE, "ー");
    INVISIBLE_RE.lastIndex = 0;
    if (INVISIBLE_RE.test(s)) s = s.replace(INVISIBLE_RE, "");
    for (var v = 0; v < FOLD_VARIANTS.length; v++) {
      if (s.indexOf(FOLD_VARIANTS[v][0]) >= 0) s = replaceAll(s, FOLD_VARIANTS[v][0], FOLD_VARIANTS[v][1]);
    }
    return collapseCjkSpaces(s);
  }

  // A-Z to a-z and hiragana to katakana, one character for one (normalize.match_form)
  var KANA_BUF = new Uint16Array(4096);
  function kanaFold(s) {
    var n = s.length, k = 0, o;
    for (; k < n; k++) {  // nothing to change: the string itself
      o = s.charCodeAt(k);
      if ((o >= 0x41 && o <= 0x5A) || (o >= 0x3041 && o <= 0x3096) || o === 0x309D || o === 0x309E) break;
    }
    if (k === n) return s;
    if (n > KANA_BUF.length) KANA_BUF = new Uint16Array(n * 2);
    var buf = KANA_BUF, out = "", from = 0;
    for (k = 0; k < n; k++) {
      o = s.charCodeAt(k);
      if (o >= 0x41 && o <= 0x5A) o += 32;
      else if ((o >= 0x3041 && o <= 0x3096) || o === 0x309D || o === 0x309E) o += 0x60;
      buf[k] = o;
    }
    for (from = 0; from < n; from += 8192) out += String.fromCharCode.apply(null, buf.subarray(from, Math.min(n, from + 8192)));
    return out;
  }

  function matchForm(text) { return kanaFold(fold(text)); }

  // ---------------------------------------------------------------------------------------
  // clause ids typed loosely: port of judgekit.rules.lookup.candidates

  function cleanInput(raw) {
    var s = pyStrip(raw.normalize("NFKC"));
    s = Array.from(s).map(function (ch) { return ID_DASHES.indexOf(ch) >= 0 ? "-" : ch; }).join("");
    s = Array.from(s).filter(function (ch) { return ID_QUOTES.indexOf(ch) < 0; }).join("");
    return pyStrip(s);
  }

  function tokens(s) {
    var out = [], buf = "", kind = "", cs = Array.from(s), i = 0;
    while (i < cs.length) {
      var ch = cs[i];
      if (ch === "序" && cs[i + 1] === "文") {
        if (buf) out.push(buf);
        out.push("序文");
        buf = ""; kind = "";
        i += 2;
        continue;
      }
      var k = pyIsDigit(ch) ? "d" : (isAsciiAlpha(ch) ? "a" : "");
      if ("部章節項".indexOf(ch) >= 0) {
        if (buf) out.push(buf);
        out.push(ch);
        buf = ""; kind = "";
      } else if (k && k === kind) {
        buf += ch;
      } else {
        if (buf) out.push(buf);
        if (k) { buf = ch; kind = k; } else { buf = ""; kind = ""; }
      }
      i++;
    }
    if (buf) out.push(buf);
    return out;
  }

  function allDigits(t) { return t !== "" && Array.from(t).every(pyIsDigit); }
  function lstripChars(s, chars) { var i = 0; while (i < s.length && chars.indexOf(s[i]) >= 0) i++; return s.slice(i); }

  function d0Candidates(s, toks, digits) {
    if (toks.indexOf("序文") >= 0 || s.toLowerCase().indexOf("intro") === 0) {
      return digits.length ? ["intro." + digits[0]] : ["intro"];
    }
    if (toks.indexOf("部") >= 0 || toks.indexOf("章") >= 0) {
      var part = null, chap = null, rest = [], prev = null;
      toks.forEach(function (t) {
        if (t === "部" && prev !== null) { part = prev; prev = null; }
        else if (t === "章" && prev !== null) { chap = prev; prev = null; }
        else if (t === "節" || t === "項") { if (prev !== null) rest.push(prev); prev = null; }
        else if (allDigits(t)) { if (prev !== null) rest.push(prev); prev = t; }
      });
      if (prev !== null) rest.push(prev);
      var head = [part, chap].filter(function (x) { return x !== null; }).join(".");
      if (!rest.length) return [head];
      return [head + "." + rest[0] + rest.slice(1).map(function (x) { return "-" + x; }).join("")];
    }
    if (!digits.length) return [];
    return [digits.slice(0, 3).join(".") + digits.slice(3).map(function (d) { return "-" + d; }).join("")];
  }

  // port of judgekit.rules.lookup._shaped: the whole input is a clause number of the numbering
  function shaped(s, toks, game) {
    if (!s || !toks.length) return false;
    var kinds = toks.map(function (t) { return allDigits(t) ? "d" : (/^[A-Za-z]+$/.test(t) ? "a" : t); });
    var first = Array.from(s)[0], k = kinds.join(" ");
    if (game === "d0") {
      if (s.toLowerCase().indexOf("intro") === 0 || toks.indexOf("序文") >= 0) return true;
      if (first === "第" || toks.indexOf("部") >= 0 || toks.indexOf("章") >= 0) {
        return (pyIsDigit(first) || first === "第") && kinds.indexOf("a") < 0;
      }
      return pyIsDigit(first) && kinds.every(function (x) { return x === "d"; });
    }
    if (!pyIsDigit(first)) return false;
    if (game === "zx" || game === "g2022") return k === "d" || k === "d d" || k === "d d a";
    if (game === "thv") return k === "d" || k === "d d" || k === "d d d" || k === "d d d a";
    return true;
  }

  function candidates(raw, game) {
    var s = cleanInput(raw), low = s.toLowerCase(), out = [];
    if (low.indexOf("guide") === 0 || low === "intro" || low.indexOf("intro.") === 0) out.push(replaceAll(low, " ", ""));
    for (var p = 0; p < ID_PREFIXES.length; p++) {
      var pre = ID_PREFIXES[p];
      if (low.indexOf(pre) === 0 && low.length > pre.length) {
        var nx = Array.from(low.slice(pre.length))[0];
        if (pyIsDigit(nx) || " .:#-".indexOf(nx) >= 0) {
          s = lstripChars(s.slice(pre.length), " .:#-");
          low = s.toLowerCase();
          break;
        }
      }
    }
    var toks = tokens(s);
    var digits = toks.filter(allDigits);
    var letters = toks.filter(function (t) { return /^[A-Za-z]+$/.test(t); }).map(function (t) { return t.toLowerCase(); });
    if (!shaped(s, toks, game)) { toks = []; digits = []; letters = []; }
    var cid;
    if (game === "zx" || game === "g2022") {
      if (digits.length) {
        cid = digits[0];
        if (digits.length > 1) cid += "." + digits[1];
        if (letters.length && digits.length > 1) cid += letters[0];
        out.push(cid);
      }
    } else if (game === "thv") {
      if (digits.length) {
        cid = digits.slice(0, 3).join(".");
        if (letters.length && digits.length >= 3) cid += "." + letters[0];
        out.push(cid);
      }
    } else if (game === "d0") {
      out = out.concat(d0Candidates(s, toks, digits));
    }
    var plain = replaceAll(s, " ", "");
    if (out.indexOf(plain) < 0) out.push(plain);
    return out.filter(function (c) { return c; });
  }

  // ---------------------------------------------------------------------------------------
  // the index

  var ALL_GAMES = GAMES;  // index order (judgekit.rules.GAMES): the last tie-break of the ranking
  var indexes = {};      // game -> index data (+ derived tables)
  var order = [];        // games in the order their indexes arrived
  var pending = {};      // game -> callbacks waiting for its index

  function decodePostings(str) {
    var out = [], prev = 0;
    if (!str) return out;
    str.split(",").forEach(function (d) { prev += parseInt(d, 36); out.push(prev); });
    return out;
  }

  function addIndex(data) {
    data.byId = {};
    data.children = data.docs.map(function () { return []; });
    data.docs.forEach(function (d, i) {
      data.byId[d[0]] = i;
      if (d[5] >= 0) data.children[d[5]].push(i);
    });
    data.forms = [];       // lazily: matching forms of each doc's fields
    data.decoded = {};     // gram -> postings
    indexes[data.game] = data;
    if (order.indexOf(data.game) < 0) order.push(data.game);
    (pending[data.game] || []).forEach(function (cb) { cb(); });
    delete pending[data.game];
  }

  function heading(doc) { return doc[2] || (doc[3] ? doc[3].split("\n")[0] : ""); }

  // nearest titled ancestor: 904 致死ダメージエフェクト for 904.1 (a ranking level of its own)
  function ctxTitle(ix, i) {
    var p = ix.docs[i][5];
    while (p >= 0) { if (ix.docs[p][2]) return ix.docs[p][2]; p = ix.docs[p][5]; }
    return "";
  }

  function forms(ix, i) {
    var f = ix.forms[i];
    if (!f) {
      var d = ix.docs[i];
      f = ix.forms[i] = {
        title: matchForm(d[2]),
        text: matchForm(d[3]),
        examples: matchForm(d[4].join("\n")),
        parent: d[5] >= 0 ? matchForm(heading(ix.docs[d[5]])) : "",
        ctx: matchForm(ctxTitle(ix, i))
      };
    }
    return f;
  }

  // the value of `key` in a sorted table of the index (the grams, the document frequencies:
  // judgekit/site/index.py), or undefined: a binary search over the string itself (splitting
  // it would make tens of thousands of strings), entry by entry, "key;value" each, in
  // JavaScript's string order, `sep` apart (the value holds no ";", the key may)
  function tableValue(str, sep, key) {
    var lo = 0, hi = str.length;  // the entries that start in [lo, hi)
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      var a = mid > 0 ? str.lastIndexOf(sep, mid - 1) + 1 : 0;  // the entry holding mid (>= lo)
      var b = str.indexOf(sep, a);
      if (b < 0) b = str.length;
      var semi = str.lastIndexOf(";", b - 1), k = str.slice(a, semi);
      if (k === key) return str.slice(semi + 1, b);
      if (k < key) lo = b + 1; else hi = a;
    }
    return undefined;
  }

  function postings(ix, gram) {
    if (!(gram in ix.decoded)) ix.decoded[gram] = decodePostings(tableValue(ix.grams, ix.sep, gram));
    return ix.decoded[gram];
  }

  function intersect(a, b) {
    var out = [], i = 0, j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { out.push(a[i]); i++; j++; }
      else if (a[i] < b[j]) i++;
      else j++;
    }
    return out;
  }

  function union(a, b) {
    var out = [], i = 0, j = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
      else if (i >= a.length || b[j] < a[i]) out.push(b[j++]);
      else { out.push(a[i]); i++; j++; }
    }
    return out;
  }

  // docs that may contain `term` (grams never span white space; the caller checks substrings)
  function candidatesFor(ix, term) {
    var words = term.split(/\s+/).filter(Boolean), result = null;
    words.forEach(function (w) {
      var cs = Array.from(w), grams = [];
      if (cs.length === 1) grams.push(cs[0]);
      for (var k = 0; k + 1 < cs.length; k++) grams.push(cs[k] + cs[k + 1]);
      grams.forEach(function (g) {
        var p = postings(ix, g);
        result = result === null ? p : intersect(result, p);
      });
    });
    return result || [];
  }

  function contains(f, t) {
    return f.title.indexOf(t) >= 0 || f.text.indexOf(t) >= 0 || f.examples.indexOf(t) >= 0 ||
      f.parent.indexOf(t) >= 0 || f.ctx.indexOf(t) >= 0;
  }

  // ---------------------------------------------------------------------------------------
  // the query language: port of judgekit.search.query.parse

  var QUOTES = { "\"": "\"", "\u201c": "\u201d", "\u201d": "\u201d", "\u201e": "\u201c",
                 "\u300c": "\u300d", "\u300e": "\u300f" };
  var ASCII_CLOSE = "\"\u201d";

  function queryTokens(s) {
    var cs = Array.from(s), n = cs.length, out = [], i = 0, j;
    while (i < n) {
      var ch = cs[i];
      if (pyIsSpace(ch)) { i++; continue; }
      var neg = false;
      if (ch === "-" && i + 1 < n && !pyIsSpace(cs[i + 1])) { neg = true; i++; ch = cs[i]; }
      if (QUOTES.hasOwnProperty(ch)) {
        var close = QUOTES[ch];
        j = i + 1;
        while (j < n && cs[j] !== close && !(ASCII_CLOSE.indexOf(close) >= 0 && ASCII_CLOSE.indexOf(cs[j]) >= 0)) j++;
        out.push(["term", cs.slice(i + 1, j).join(""), ch, neg]);
        i = j + 1;
        continue;
      }
      j = i;
      while (j < n && !pyIsSpace(cs[j])) j++;
      var word = cs.slice(i, j).join("");
      if (word === "OR" && !neg) out.push(["or", word, "", false]);
      else out.push(["term", word, "", neg]);
      i = j;
    }
    return out;
  }

  function parseQuery(raw) {
    var toks = queryTokens(raw.normalize("NFKC")), groups = [], excludes = [], joinNext = false;
    toks.forEach(function (tok, k) {
      var kind = tok[0], text = tok[1], phrase = !!tok[2], neg = tok[3];
      if (kind === "or") {
        var prevOk = groups.length > 0 && k > 0 && toks[k - 1][0] === "term" && !toks[k - 1][3];
        var nextOk = k + 1 < toks.length && toks[k + 1][0] === "term" && !toks[k + 1][3];
        if (prevOk && nextOk) { joinNext = true; return; }
        text = "or";  // a dangling OR is just a word
      }
      var form = pyStrip(matchForm(text));
      // port of query._only_operators: a typed word of nothing but ASCII punctuation is not searched
      if (!form || (!phrase && /^[!-\/:-@\[-`{-~\s]+$/.test(text))) { joinNext = false; return; }
      var t = { text: form, raw: text, phrase: phrase, quote: tok[2] };
      if (neg) excludes.push(t);
      else if (joinNext && groups.length) {
        var last = groups[groups.length - 1];
        if (!last.some(function (u) { return u.text === t.text && u.phrase === t.phrase; })) last.push(t);
      } else groups.push([t]);
      joinNext = false;
    });
    var idCandidate = null;
    if (toks.length === 1 && toks[0][0] === "term" && ["", "\u300c", "\u300e"].indexOf(toks[0][2]) >= 0 &&
        !toks[0][3] && idLike(toks[0][1])) {
      idCandidate = pyStrip(raw);
    }
    return { groups: groups, excludes: excludes, idCandidate: idCandidate,
             terms: [].concat.apply([], groups) };
  }

  // a query read as a sentence: each part in Japanese quotes, typed as a term or inside one,
  // a term of its own read as words, not a phrase (query.read_quotes)
  var JAPANESE_QUOTES = "\u300c\u300e";
  function term(text, raw, phrase, quote) { return { text: text, raw: raw, phrase: phrase, quote: quote }; }
  function withGroups(q, groups) {
    return { groups: groups, excludes: q.excludes, idCandidate: q.idCandidate, terms: [].concat.apply([], groups) };
  }
  function hasJapaneseQuote(s) { return s.indexOf("\u300c") >= 0 || s.indexOf("\u300e") >= 0; }
  // does a sentence hold what readQuotes reads as words (query.has_quotes_to_read)?
  function hasQuotesToRead(q) {
    return q.terms.some(function (t) { return (t.phrase && t.quote && JAPANESE_QUOTES.indexOf(t.quote) >= 0) || hasJapaneseQuote(t.raw); }) ||
      q.groups.some(function (g) { return g.length > 1 && g.some(function (t) { return t.phrase; }); });
  }
  function readQuotes(q) {
    var groups = [];
    q.groups.forEach(function (g) {
      var t = g[0];
      if (g.length === 1 && t.phrase && t.quote && JAPANESE_QUOTES.indexOf(t.quote) >= 0) {
        if (hasJapaneseQuote(t.raw)) splitQuotes(t.raw, 2).forEach(function (x) { groups.push([x]); });
        else if (hasWord(t.text)) groups.push([term(t.text, t.raw, false, t.quote)]);
      } else if (g.length === 1 && !t.phrase && hasJapaneseQuote(t.raw)) {
        splitQuotes(t.raw, 1).forEach(function (x) { groups.push([x]); });
      } else {  // (an alternative of OR in quotes is words too: no OR of required phrases)
        groups.push(g.map(function (u) {
          return u.phrase && ((u.quote && JAPANESE_QUOTES.indexOf(u.quote) >= 0) || g.length > 1) ? term(u.text, u.raw, false, u.quote) : u;
        }));
      }
    });
    return withGroups(q, groups);
  }
  // the text around a typed term's Japanese quotes and each quoted part (query._split_quotes)
  var QUOTE_DEPTH = 8;  // quotes in quotes read as parts of their own down to this depth (query.QUOTE_DEPTH)
  function splitQuotes(raw, depth) {
    var cs = Array.from(raw), n = cs.length, pieces = [], i = 0, start = 0, out = [];
    while (i < n) {
      var ch = cs[i];
      if (JAPANESE_QUOTES.indexOf(ch) >= 0) {
        pieces.push([cs.slice(start, i).join(""), ""]);
        var j = cs.indexOf(QUOTES[ch], i + 1);
        if (j < 0) j = n;
        pieces.push([cs.slice(i + 1, j).join(""), ch]);
        i = start = j + 1;
        continue;
      }
      i++;
    }
    pieces.push([cs.slice(start).join(""), ""]);
    pieces.forEach(function (p) {
      var text = p[0];
      if (p[1] && hasJapaneseQuote(text)) {
        if (depth < QUOTE_DEPTH) { out.push.apply(out, splitQuotes(text, depth + 1)); return; }
        text = text.replace(/[\u300c\u300d\u300e\u300f]/g, "");
      }
      var form = pyStrip(matchForm(text));
      if (form && (p[1] ? hasWord(form) : !/^[!-\/:-@\[-`{-~\s]+$/.test(text))) out.push(term(form, text, false, p[1]));
    });
    return out;
  }
  // does a quoted part hold a letter or a digit, something to search (query._has_word)?
  function hasWord(form) { return /[\p{L}\p{N}]/u.test(form); }
  // a form and its other spellings (understand.spellings: 出来 / でき)
  function spellings(form) {
    var out = [form];
    SEARCH.SPELLINGS.forEach(function (p) {
      [[p[0], p[1]], [p[1], p[0]]].forEach(function (xy) {
        var v = replaceAll(form, xy[0], xy[1]);
        if (out.indexOf(v) < 0) out.push(v);
      });
    });
    return out;
  }
  // a term as typed with its quotes (query.Term.quoted)
  function quoted(t) {
    if (!t.quote) return t.raw;
    if (JAPANESE_QUOTES.indexOf(t.quote) >= 0) return t.quote + t.raw + QUOTES[t.quote];
    return "\"" + t.raw + "\"";
  }

  var ID_CHARS = ".-_:#()[]「」『』【】<>ー－―‐第部章節項序文";

  // could the word be a clause number (702.2a, 第4部第6章3, guide.deck)? (query._id_like)
  function idLike(word) {
    var cs = Array.from(word), low = word.toLowerCase();
    if (!(cs.some(pyIsDigit) || low.indexOf("guide") === 0 || low.indexOf("intro") === 0)) return false;
    return cs.every(function (ch) { return /^[A-Za-z0-9]$/.test(ch) || ID_CHARS.indexOf(ch) >= 0; });
  }

  // ---------------------------------------------------------------------------------------
  // scripts and runs: port of judgekit.search.analysis.script / runs / whole_word / query_tokens

  function script(ch) {
    var o = ch.codePointAt(0);
    if (0x30A1 <= o && o <= 0x30FF) return "k";
    if (0x3041 <= o && o <= 0x3096) return "r";
    if ((0x4E00 <= o && o <= 0x9FFF) || (0x3400 <= o && o <= 0x4DBF) || (0xF900 <= o && o <= 0xFAFF) ||
        "々〆ヶ".indexOf(ch) >= 0) return "h";
    if (o < 128 && /^[A-Za-z0-9]$/.test(ch)) return "a";
    return "";
  }

  // [[class, run, start], ...] (start in code points); hiragana joins katakana unless kanaApart
  function runs(s, kanaApart) {
    var out = [], cur = [], kind = "", start = 0, cs = Array.from(s);
    for (var i = 0; i < cs.length; i++) {
      var ch = cs[i], k = script(ch);
      if (ch === "ー" && kind) k = kind;
      if (k === "r" && !kanaApart) k = "k";
      if (k && k === kind) { cur.push(ch); continue; }
      if (cur.length) out.push([kind, cur.join(""), start]);
      if (k) { cur = [ch]; kind = k; start = i; } else { cur = []; kind = ""; }
    }
    if (cur.length) out.push([kind, cur.join(""), start]);
    return out;
  }

  function grams(term) {
    var cs = Array.from(term);
    if (cs.length <= 2) return [term];
    var out = [];
    for (var i = 0; i + 1 < cs.length; i++) out.push(cs[i] + cs[i + 1]);
    return out;
  }

  function whole(raw) {
    var f = pyStrip(fold(raw)), rs = runs(f, true);
    if (rs.length === 1 && rs[0][0] !== "r" && rs[0][1] === f) return SEARCH.WHOLE + kanaFold(f);
    return null;
  }

  // the length in code points (Python's len), without building an array
  function cpLen(s) {
    var n = s.length;
    for (var k = 0; k < s.length; k++) {
      var c = s.charCodeAt(k);
      if (c >= 0xD800 && c <= 0xDBFF && k + 1 < s.length) {
        var d = s.charCodeAt(k + 1);
        if (d >= 0xDC00 && d <= 0xDFFF) { n--; k++; }
      }
    }
    return n;
  }

  function uniq(xs) { var out = []; xs.forEach(function (x) { if (out.indexOf(x) < 0) out.push(x); }); return out; }

  // [tokens, exact]: a short term or a word of the index is one token; else its runs' tokens
  function queryTokensOf(term, known) {
    var n = cpLen(term);
    if (n <= 2 || known(term)) return [[term], true];
    var out = [], cs = Array.from(term), pos = 0;
    runs(term, false).forEach(function (r) {
      var at = r[2], len = cpLen(r[1]);
      if (at > pos) out = out.concat(grams(cs.slice(Math.max(0, pos - 1), at + 1).join("")));
      pos = at + len;
      if (len <= 2 || known(r[1])) out.push(r[1]);
      else out = out.concat(grams(r[1]));
    });
    if (pos < cs.length) out = out.concat(grams(cs.slice(Math.max(0, pos - 1)).join("")));
    return [uniq(out), false];
  }

  // ---------------------------------------------------------------------------------------
  // a sentence's content words: port of judgekit.search.understand

  // the places right after a number's counter (understand.counter_ends): {position: true}
  function counterEnds(cs) {
    var out = {}, n = cs.length, i = 0, isDigit = function (c) { return (c >= "0" && c <= "9") || c === "何"; };  // 何枚 asks for a number
    while (i < n) {
      if (isDigit(cs[i]) && (i === 0 || !isDigit(cs[i - 1]))) {
        var j = i;
        while (j < n && isDigit(cs[j])) j++;
        for (var c = 0; c < SEARCH.COUNTERS.length; c++) {
          var cc = Array.from(SEARCH.COUNTERS[c]);
          if (cs.slice(j, j + cc.length).join("") === cc.join("")) { out[j + cc.length] = true; break; }
        }
        i = j;
      } else i++;
    }
    return out;
  }

  function boundaryOk(cs, start, end, breaks) {
    var first = script(cs[start]);
    if (start > 0 && !breaks[start] && first && first !== "r" && script(cs[start - 1]) === first) return false;
    var last = script(cs[end - 1]);
    if (end < cs.length && !breaks[end] && last && last !== "r" && script(cs[end]) === last) return false;
    return true;
  }

  // a katakana concept word of three characters or fewer does not end inside a katakana run
  // (understand._runs_on: メイン in メインデッキ)
  function runsOn(cs, end) {
    return end > 0 && end < cs.length && script(cs[end - 1]) === "k" && script(cs[end]) === "k";
  }

  // may a concept word read on hiragana alone start at cs[i] (understand._kana_start)?
  function kanaStart(cs, i, size) {
    if (i === 0 || script(cs[i - 1]) !== "r" || SEARCH.PARTICLES.indexOf(cs[i - 1]) >= 0) return true;
    for (var m = i; m < i + size; m++) if (script(cs[m]) !== "r") return true;
    return false;
  }

  function startsWord(cs, i, breaks) {
    var first = script(cs[i]);
    return !(i > 0 && !breaks[i] && first && first !== "r" && script(cs[i - 1]) === first);
  }

  // the text's folded forms, kept while the same text is asked about every vocabulary key
  var keyAtMemo = { f: null };

  function keyAt(f, key) {
    var memo = keyAtMemo;
    if (memo.f !== f) { memo.f = f; memo.cs = Array.from(f); memo.fks = kanaFold(f); memo.fk = Array.from(memo.fks); memo.breaks = null; }
    if (memo.fks.indexOf(key) < 0) return [];  // not there at all: no place to judge
    if (!memo.breaks) memo.breaks = counterEnds(memo.cs);
    var cs = memo.cs, fk = memo.fk, ks = Array.from(key), out = [], breaks = memo.breaks;
    // a key starting so (なくな) is no word right after a verb's kana (understand.NOT_AFTER_KANA)
    var bound = key.indexOf(SEARCH.NOT_AFTER_KANA) === 0;
    for (var i = 0; i + ks.length <= fk.length; i++) {
      var hit = true;
      for (var m = 0; m < ks.length; m++) if (fk[i + m] !== ks[m]) { hit = false; break; }
      if (hit && boundaryOk(cs, i, i + ks.length, breaks) && !(bound && i > 0 && script(cs[i - 1]) === "r" && SEARCH.PARTICLES.indexOf(cs[i - 1]) < 0)) out.push(i);
    }
    return out;
  }

  function table(game) { var ix = indexes[game]; return ix && ix.table ? ix.table : []; }

  function isSentence(raw, game, occurs) {
    var f = fold(raw);
    if (runs(f, true).some(function (r) { return r[0] === "r"; })) return true;
    if (occurs(matchForm(raw))) return false;
    return table(game).some(function (row) { return keyAt(f, row[0]).length > 0; });
  }

  // the concepts a question names (understand.read_concepts): [{n: row, wrote}], most
  // specific first; the words and rows come with any loaded index (the same in each)
  function conceptTable(games) {
    for (var k = 0; k < games.length; k++) {
      var ix = indexes[games[k]];
      if (ix && ix.concepts) { ix.concepts.sep = ix.sep; return ix.concepts; }
    }
    return null;
  }

  function alone(folded, t, a, b) {
    for (var k = 0; k < folded.length; k++) {
      for (var j = 0; j < folded[k].length; j++) {
        if (k === t && a <= j && j < b) continue;
        var ch = folded[k][j];
        if (["h", "k", "a"].indexOf(script(ch)) >= 0 && SEARCH.QUESTION.indexOf(ch) < 0) return false;
      }
    }
    return true;
  }

  // the concept words grouped by their first two characters, in the table's order (longest
  // first), and the pair words apart (concepts.words_from): a question reads only the groups
  // of its own character pairs, not every word of the index
  function conceptGroups(ct) {
    if (ct.groups) return ct.groups;
    var by = {}, pairs = {};
    // "word;row" entries, `sep` apart (judgekit/site/index.py)
    var keys = ct.keys ? ct.keys.split(ct.sep).map(function (e) {
      var semi = e.lastIndexOf(";");
      return [e.slice(0, semi), +e.slice(semi + 1)];
    }) : [];
    keys.forEach(function (kv, k) {
      if (kv[0].indexOf("+") >= 0) {  // split once, filed under its first part's first two characters
        var parts = kv[0].split("+"), ps = Array.from(parts[0]), pst = ps[0] + ps[1];
        (pairs[pst] = pairs[pst] || []).push([kv[0], kv[1], parts, k]);
        return;
      }
      var ks = Array.from(kv[0]), st = ks[0] + ks[1];
      (by[st] = by[st] || []).push([ks, kv[1], k]);
    });
    ct.groups = { by: by, pairs: pairs };
    return ct.groups;
  }

  function by_has(by, st) { return Object.prototype.hasOwnProperty.call(by, st); }

  function readConcepts(raws, games) {
    var ct = conceptTable(games);
    if (!ct) return [];
    var groups = conceptGroups(ct);
    var found = [], folded = raws.map(function (raw) { return Array.from(fold(raw)); });
    var seenPairs = {};  // the question's character pairs (where the pair words are looked up)
    folded.forEach(function (cs, t) {
      if (cs.length < 2) return;
      var fk = Array.from(kanaFold(cs.join(""))), breaks = counterEnds(cs), taken = cs.map(function () { return false; });
      var cand = [], at = {}, sts = [];  // the places of each character pair that starts a word of the index
      for (var j = 0; j + 1 < fk.length; j++) {
        var st = fk[j] + fk[j + 1];
        seenPairs[st] = true;
        if (!by_has(groups.by, st)) continue;
        if (!at[st]) { at[st] = []; sts.push(st); }
        at[st].push(j);
      }
      // only the words that are in the question (as understand.read_concepts), in the table's order
      sts.forEach(function (st) {
        var group = groups.by[st], places = at[st];
        for (var g = 0; g < group.length; g++) {
          var ks = group[g][0], size = ks.length;
          for (var p = 0; p < places.length; p++) {
            var i = places[p], hit = i + size <= fk.length;
            for (var m = 2; hit && m < size; m++) if (fk[i + m] !== ks[m]) hit = false;
            if (hit) { cand.push(group[g]); break; }
          }
        }
      });
      cand.sort(function (a, b) { return a[2] - b[2]; });
      cand.forEach(function (kv) {
        var ks = kv[0], size = ks.length, places = at[ks[0] + ks[1]];
        if (size > cs.length) return;
        for (var p = 0; p < places.length; p++) {
          var i = places[p], hit = i + size <= fk.length;
          for (var m = 2; hit && m < size; m++) if (fk[i + m] !== ks[m]) hit = false;
          if (!hit) continue;
          var free = true;
          for (m = i; m < i + size; m++) if (taken[m]) { free = false; break; }
          if (free && (size > 2 || boundaryOk(cs, i, i + size, breaks)) && (size > 3 || !runsOn(cs, i + size)) && kanaStart(cs, i, size)) {
            for (m = i; m < i + size; m++) taken[m] = true;
            // a word the question rules out (トラッシュではなく) is read as nothing (understand.RULED_OUT)
            var after = cs.slice(i + size).join(""), out_ = null;
            SEARCH.RULED_OUT.forEach(function (r) { if (out_ === null && after.indexOf(r) === 0) out_ = after.charAt(r.length) !== "な"; });
            if (out_) break;
            // a word read on hiragana alone ranks as one character shorter (understand._weak)
            var weak = 1;
            for (m = i; m < i + size; m++) if (script(cs[m]) !== "r") { weak = 0; break; }
            found.push([-size, t, i, kv[1], cs.slice(i, i + size).join(""), weak]);
            break;
          }
        }
      });
    });
    // a word of several words (hand size) across the typed terms, joined by spaces
    if (folded.length > 1) {
      var jcs = Array.from(folded.map(function (cs) { return cs.join(""); }).join(" "));
      var jk = Array.from(kanaFold(jcs.join(""))), jmet = {}, starts = [], at = 0;
      folded.forEach(function (cs) { starts.push(at); at += cs.length + 1; });  // where a typed term starts
      starts.slice(0, -1).forEach(function (jj) {
        var jst = jk[jj] + jk[jj + 1];
        if (jmet[jst] || !by_has(groups.by, jst)) return;
        jmet[jst] = true;
        groups.by[jst].forEach(function (kv) {
          var ks = kv[0], size = ks.length;
          if (ks.indexOf(" ") < 0) return;
          for (var i = 0; i + size <= jk.length; i++) {
            var hit = true;
            for (var m = 0; m < size; m++) if (jk[i + m] !== ks[m]) { hit = false; break; }
            if (hit && boundaryOk(jcs, i, i + size, {})) { found.push([-size, folded.length, i, kv[1], jcs.slice(i, i + size).join("")]); break; }
          }
        });
      });
    }
    // pair words (concepts.PAIR): every part anywhere in the question (understand._pair_at)
    var fks = folded.map(function (cs) { return Array.from(kanaFold(cs.join(""))); });
    var every = fks.map(function (fk) { return fk.join(""); }).join("\n"), ends = [];
    // only the pair words whose first part starts with a character pair of the question, in
    // the table's order
    var pairWords = [];
    Object.keys(seenPairs).forEach(function (st) { if (by_has(groups.pairs, st)) pairWords = pairWords.concat(groups.pairs[st]); });
    pairWords.sort(function (a, b) { return a[3] - b[3]; });
    pairWords.forEach(function (kv) {
      var first = null, wrote = [], parts = kv[2];
      for (var pp = 0; pp < parts.length; pp++) if (every.indexOf(parts[pp]) < 0) return;
      var ok = parts.every(function (part) {
        var ps = Array.from(part), size = ps.length, place = null;
        for (var t = 0; t < folded.length && !place; t++) {
          var cs = folded[t], fk = fks[t], breaks = size <= 2 ? (ends[t] = ends[t] || counterEnds(cs)) : {};
          for (var i = 0; i + size <= fk.length; i++) {
            var hit = true;
            for (var m = 0; m < size; m++) if (fk[i + m] !== ps[m]) { hit = false; break; }
            if (hit && (size > 2 || startsWord(cs, i, breaks))) { place = [t, i]; break; }
          }
        }
        if (!place) return false;
        if (!first) first = place;
        wrote.push(folded[place[0]].slice(place[1], place[1] + size).join(""));
        return true;
      });
      if (ok) found.push([-Array.from(kv[0]).length, first[0], first[1], kv[1], wrote.join("\u2026")]);
    });
    found.sort(function (a, b) { return (a[0] + (a[5] || 0)) - (b[0] + (b[5] || 0)) || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]; });
    // of one rank, a concept naming at most half the clauses of the first leads
    // (understand._specific_first)
    for (var gi = 0; gi < found.length;) {
      var rank = found[gi][0] + (found[gi][5] || 0), gj = gi + 1;
      while (gj < found.length && found[gj][0] + (found[gj][5] || 0) === rank) gj++;
      if (gj - gi > 1) {
        var best = 0;
        for (var gk = 1; gk < gj - gi; gk++) if (ct.rows[found[gi + gk][3]][4] < ct.rows[found[gi + best][3]][4]) best = gk;
        if (best && 2 * ct.rows[found[gi + best][3]][4] <= ct.rows[found[gi][3]][4]) found.splice(gi, 0, found.splice(gi + best, 1)[0]);
      }
      gi = gj;
    }
    var out = [], seen = {};
    // a broad concept only when nothing else is read (understand.read_concepts)
    var other = found.some(function (x) { return !ct.rows[x[3]][2]; });
    found.forEach(function (x) {
      var n = x[3];
      if (seen[n]) return;
      if (ct.rows[n][2] && (other || !(x[1] < folded.length ? alone(folded, x[1], x[2], x[2] - x[0]) :
          alone([Array.from(folded.map(function (cs) { return cs.join(""); }).join(" "))], 0, x[2], x[2] - x[0])))) return;
      seen[n] = true;
      out.push({ n: n, wrote: x[4] });
    });
    return out.slice(0, SEARCH.CONCEPT_PINS.length);
  }

  // is a ruleset's word for a concept a word to search, not a sentence? (engine._one_word)
  function oneWord(text) {
    var cs = Array.from(text);
    if (cs.length < 2 || !/^[\p{L}\p{N}]+$/u.test(text)) return false;
    return cs.length <= 6 || !cs.some(function (ch) { return script(ch) === "r"; });
  }

  // is a concept's word as typed a phrase (kana joining kanji or katakana)? (engine._phrase)
  function isPhrase(wrote) {
    var kinds = {};
    Array.from(wrote).forEach(function (ch) { kinds[script(ch)] = true; });
    return !!kinds.r && !!(kinds.h || kinds.k);
  }

  function conceptEntry(g, n) {
    var ix = indexes[g];
    return ix && ix.concepts ? ix.concepts.rows[n][3] : null;
  }

  function word(alts, shown, origin, wrote) {
    return { alts: uniq(alts.filter(Boolean)), shown: shown, origin: origin || "typed", wrote: wrote || "", unruled: "", okuri: [] };
  }
  function sameWord(a, b) { return a.alts.join("\u0000") === b.alts.join("\u0000"); }
  function addWord(list, w) { if (!list.some(function (x) { return sameWord(x, w); })) list.push(w); }

  function kanaWord(r, known) {
    var k = Array.from(kanaFold(r));
    for (var end = k.length; end > 2; end--) {
      var w = k.slice(0, end).join("");
      if (known(w)) return w;
    }
    return "";
  }

  function analyse(raw, game, known) {
    var f = fold(raw), cs = Array.from(f), taken = cs.map(function () { return false; }), found = [];
    table(game).forEach(function (row) {
      var key = row[0], written = row[1], targets = row[2], kl = cpLen(key);
      keyAt(f, key).forEach(function (i) {
        for (var k = i; k < i + kl; k++) if (taken[k]) return;
        for (k = i; k < i + kl; k++) taken[k] = true;
        var wrote = cs.slice(i, i + kl).join(""), wc = Array.from(written);
        if (script(wc[wc.length - 1]) === "r") wrote += "…";
        found.push([i, word(targets.map(matchForm), targets.join(" / "), "vocabulary", wrote)]);
      });
    });
    var pieces = [], breaks = counterEnds(cs);
    runs(f, true).forEach(function (r) {
      var rc = Array.from(r[1]), at = r[2], k = 0;
      while (k < rc.length) {
        if (taken[at + k]) { k++; continue; }
        var j = k + 1;
        while (j < rc.length && !taken[at + j] && !breaks[at + j]) j++;
        pieces.push([at + k, r[0], rc.slice(k, j).join("")]);
        k = j;
      }
    });
    var skip = {};
    pieces.forEach(function (p, idx) {
      if (skip[idx]) return;
      var at = p[0], kind = p[1], r = p[2];
      if (kind === "r") {
        var w = kanaWord(r, known);
        if (w) found.push([at, word([w], w, "kana", r)]);
        return;
      }
      if (SEARCH.QUESTION.indexOf(Array.from(r)[0]) >= 0) return;
      var text = r;
      if (kind === "a" && /^[0-9]+$/.test(r) && idx + 1 < pieces.length) {
        var nx = pieces[idx + 1];
        if (nx[0] === at + cpLen(r) && (nx[1] === "h" || nx[1] === "k")) {
          var counter = null;
          SEARCH.COUNTERS.forEach(function (c) { if (!counter && nx[2].indexOf(c) === 0) counter = c; });
          if (counter) { text = r + counter; if (nx[2] === counter) skip[idx + 1] = true; }
          if (counter && parseInt(r, 10) >= 2 && SEARCH.PLURAL.indexOf(counter) >= 0) {
            // 2回, 3枚: an example of what the rules say as 複数回, 複数枚 (understand.analyse)
            found.push([at, word([kanaFold(text), "複数" + counter], text)]);
            return;
          }
        }
      }
      var w1 = word([kanaFold(text)], text), end = at + cpLen(r);
      if (kind === "h" && cpLen(r) === 1 && end < cs.length && script(cs[end]) === "r") {
        w1.okuri = okuri(r, cs[end]);  // 守る: the kanji with its okurigana (understand.okuri)
      }
      found.push([at, w1]);
    });
    found.sort(function (a, b) { return a[0] - b[0]; });  // stable: ties keep their order
    var out = [];
    found.forEach(function (x) { addWord(out, x[1]); });
    return out;
  }

  // the matching forms a one-kanji word typed with its okurigana is looked for as in the
  // phrasings: the kanji and the first kana (守ル), none after a kana of NOT_OKURI (understand.okuri)
  function okuri(kanji, kana) {
    return SEARCH.NOT_OKURI.indexOf(kana) >= 0 ? [] : [kanaFold(kanji + kana)];
  }

  function negated(raw) {
    var rs = runs(fold(raw), true);
    for (var i = 0; i < rs.length; i++) {
      var r = rs[i][1];
      if (rs[i][0] === "r" && SEARCH.NEGATION.some(function (n) { return r.indexOf(n) >= 0; })) {
        var after = r + rs.slice(i + 1).map(function (x) { return x[1]; }).join("");
        if (SEARCH.CONDITION.some(function (c) { return after.indexOf(c) >= 0; })) {
          return SEARCH.NEGATED_CONDITION_WORDS.concat(SEARCH.NEGATION_WORDS);
        }
        return SEARCH.NEGATION_WORDS.slice();
      }
    }
    return [];
  }

  // ---------------------------------------------------------------------------------------
  // matching: the docs whose fields hold a term (the substring oracle of `judgekit search`)

  function containing(ix, term, memo) {
    if (!term || term.indexOf("\u0000") >= 0) return [];
    if (memo && memo.hasOwnProperty(term)) return memo[term];
    var got = candidatesFor(ix, term).filter(function (i) { return contains(forms(ix, i), term); });
    if (memo) memo[term] = got;
    return got;
  }

  // the docs one of whose judges' phrasings holds `term` (engine.Searcher.containing_asks):
  // a scan of the docs that have phrasings (they have no gram postings)
  function containingAsks(ix, term, memo) {
    if (!term || term.indexOf("\u0000") >= 0 || term.indexOf("\u0001") >= 0) return [];
    var key = "\u0001" + term;
    if (memo && memo.hasOwnProperty(key)) return memo[key];
    var all = asksText(ix), text = all.text, starts = all.starts, docs = all.docs, got = [];
    // one scan of the ruleset's phrasings: each place the term stands names its doc (the
    // docs in order, a term never spans two: it holds no U+0001), the rest of that doc skipped
    var wide = 0;  // (a term that starts with Latin-1 characters, 0枚: see findFrom)
    while (wide < term.length && term.charCodeAt(wide) < 0x100) wide++;
    if (wide === term.length) wide = 0;
    var at = findFrom(text, term, wide, 0), k = 0;
    while (at >= 0) {
      while (k + 1 < starts.length && starts[k + 1] <= at) k++;
      got.push(docs[k]);
      if (k + 1 >= starts.length) break;
      at = findFrom(text, term, wide, starts[k + 1]);
    }
    if (memo) memo[key] = got;
    return got;
  }

  // the matching forms of all the ruleset's phrasings in one string, each doc's after a
  // U+0001 (its own NUL apart): [text, where each doc's starts, the docs], made once
  function asksText(ix) {
    if (!ix.asksAll) {
      var parts = [], starts = [], docs = [], at = 0;
      ix.docs.forEach(function (d, i) {
        if (!d[8]) return;
        starts.push(at);
        docs.push(i);
        parts.push(d[8]);
        at += d[8].length + 1;
      });
      ix.asksAll = { text: parts.join("\u0001"), starts: starts, docs: docs };
    }
    return ix.asksAll;
  }

  // the first place at or after `from` where `term` stands in `text`. V8 is slow to find a
  // pattern that starts with a Latin-1 character in the phrasings (measured in node: 0点以下
  // 47 us to its first place in thv's, 点以下 3 us), so such a term is looked for from its
  // k-th code unit on (the first one past Latin-1) and its head checked.
  function findFrom(text, term, k, from) {
    if (k <= 0) return text.indexOf(term, from);
    var tail = term.slice(k), q = text.indexOf(tail, from + k);
    while (q >= 0 && !text.startsWith(term, q - k)) q = text.indexOf(tail, q + 1);
    return q < 0 ? -1 : q - k;
  }

  // the judge's own word of a word whose search looks for other words (engine._asks_typed)
  function asksTyped(w) {
    if (!w.wrote) return "";
    var t = matchForm(w.wrote.replace(/…+$/, ""));
    return cpLen(t) >= 2 && w.alts.indexOf(t) < 0 && t.indexOf("\u0000") < 0 ? t : "";
  }

  // the forms of a word looked for in the phrasings: its forms and the judge's own word, none
  // holding an excluded term (engine._asked_forms)
  function askedForms(w, q) {
    var typed = asksTyped(w);
    return w.alts.concat(typed ? [typed] : []).filter(function (a) {
      return !q.excludes.some(function (x) { return a.indexOf(x.text) >= 0; });
    });
  }

  function known(game) {
    var ix = indexes[game];
    if (!ix || !ix.stats) return function () { return false; };
    var seen = ix.known || (ix.known = new Map());  // (the table's answers, kept)
    return function (w) {
      var got = seen.get(w);
      if (got === undefined) {
        got = cpLen(w) >= SEARCH.MIN_WORD && tableValue(ix.stats.df, ix.sep, w) !== undefined;
        seen.set(w, got);
      }
      return got;
    };
  }

  // ---------------------------------------------------------------------------------------
  // ranking: Whoosh's BM25F as `judgekit search` computes it (judgekit.search.engine)

  function countIn(hay, needle) {
    if (!hay || !needle) return 0;
    var n = 0, i = hay.indexOf(needle);
    while (i >= 0) { n++; i = hay.indexOf(needle, i + 1); }  // overlapping, as the analyzer emits
    return n;
  }

  function wholeCount(folded, w, seg) {
    var n = 0, wholes = seg ? seg.wholes : null;
    if (!wholes) {  // the segment's whole words, once (a segment is scored for many tokens)
      wholes = [];
      runs(folded, true).forEach(function (r) { if (r[0] !== "r") wholes.push(SEARCH.WHOLE + kanaFold(r[1])); });
      if (seg) seg.wholes = wholes;
    }
    wholes.forEach(function (x) { if (x === w) n++; });
    return n;
  }

  // the occurrences of an index token in one segment (its folded and matching forms), as the
  // analyzer emits them: grams anywhere, words inside runs, whole words as runs
  function tokenCount(seg, tok) {
    if (tok.indexOf(SEARCH.WHOLE) === 0) return wholeCount(seg.folded, tok, seg);
    if (cpLen(tok) < SEARCH.MIN_WORD) return countIn(seg.form, tok);
    // the segment's runs joined by U+0002 (which no run holds), once a segment: one count
    // where a token of the runs stands, none across two
    if (seg.inRuns === undefined) seg.inRuns = runs(seg.form, false).map(function (r) { return r[1]; }).join("\u0002");
    return tok.indexOf("\u0002") >= 0 ? 0 : countIn(seg.inRuns, tok);
  }

  function segment(text) { var f = fold(text); return { folded: f, form: kanaFold(f) }; }

  // the three fields as indexed: [[segment, weight], ...] each (build.field_values)
  function fieldSegments(ix, i) {
    var f = forms(ix, i);
    if (!f.segments) {
      var d = ix.docs[i], ctx = ctxTitle(ix, i);
      var parentHead = d[5] >= 0 ? heading(ix.docs[d[5]]) : "";
      var parentLine = parentHead !== ctx ? parentHead : "";
      var text = [];
      if (d[3]) text.push([segment(d[3]), SEARCH.WEIGHTS.b]);
      if (parentLine) text.push([segment(parentLine), SEARCH.WEIGHTS.c]);
      if (d[4].length) text.push([segment(d[4].join("\n")), SEARCH.WEIGHTS.e]);
      // (the asks field is only ever scored for grams and words, never whole words: its
      // segments need only their matching forms; all its segments weigh the same and no
      // token spans the NUL between two, so they are counted as one: the same additions)
      f.segments = [d[2] ? [[segment(d[2]), 1.0]] : [], ctx ? [[segment(ctx), 1.0]] : [], text,
        d[8] ? [[{ form: d[8] }, SEARCH.WEIGHTS.b]] : []];
    }
    return f.segments;
  }

  function bm25(idf, tf, fl, avgfl, B, K1) {
    return idf * ((tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avgfl)));
  }

  function dfOf(ix, tok, field) {
    var memo = ix.stats.dfs || (ix.stats.dfs = new Map()), got = memo.get(tok);
    if (got === undefined) {  // a token's document frequencies, decoded once
      var s = tableValue(ix.stats.df, ix.sep, tok);
      got = s === undefined ? null : s.split(",").map(function (v) { return v ? parseInt(v, 36) : 0; });
      memo.set(tok, got);
    }
    return got ? (got[field] || 0) : 0;
  }

  // one token in the title, the section's title, the text or the asks field (engine._fields);
  // `fields`: which of the four (the rules' three when not given)
  var RULES_FIELDS = [0, 1, 2], ASKS_ONLY = [3];
  var FIELD_BS = [SEARCH.TITLE_B, SEARCH.B, SEARCH.B, SEARCH.ASKS_B];
  function fieldsScore(ix, i, tok, sectionBoost, fields) {
    var segs = fieldSegments(ix, i), st = ix.stats, total = 0;
    fields = fields || RULES_FIELDS;
    for (var f = 0; f < fields.length; f++) {  // (ascending: the fields' order of addition)
      var fld = fields[f], seg = segs[fld], w = 0, any = false;
      for (var j = 0; j < seg.length; j++) {
        var c = tokenCount(seg[j][0], tok);
        for (var k = 0; k < c; k++) { w += seg[j][1]; any = true; }
      }
      if (!any) continue;
      var tf = Math.fround(w), df = dfOf(ix, tok, fld);
      var idf = Math.log(st.n / (df + 1)) + 1;
      var boost = fld === 0 ? SEARCH.TITLE_BOOST : fld === 1 ? sectionBoost : fld === 2 ? 1.0 : SEARCH.ASKS_BOOST;
      total += bm25(idf, tf, ix.docs[i][6][fld], st.avgfl[fld], FIELD_BS[fld], SEARCH.K1) * boost;
    }
    return total;
  }

  // one term (engine.term_query): its tokens' scores, and its whole word's when it stands so
  function termScore(ix, i, form, raw, words, memo) {
    var section = words ? SEARCH.SECTION_BOOST_WORDS : SEARCH.SECTION_BOOST;
    var kt = termTokens(ix, form, memo), s = 0, toks = kt[0];
    for (var k = 0; k < toks.length; k++) s += fieldsScore(ix, i, toks[k], section, RULES_FIELDS);
    var w = raw !== null && raw !== undefined ? wholeOf(raw, memo) : null;
    if (w) s += fieldsScore(ix, i, w, section, kt[1] ? telling(ix, w, kt[0][0]) : RULES_FIELDS);
    return s;
  }

  // queryTokensOf and whole, once a term a search (a search scores a term in many docs)
  function termTokens(ix, form, memo) {
    if (!memo) return queryTokensOf(form, known(ix.game));
    var key = "\u0000t" + form, got = memo[key];
    if (got === undefined) got = memo[key] = queryTokensOf(form, known(ix.game));
    return got;
  }
  function wholeOf(raw, memo) {
    if (!memo) return whole(raw);
    var key = "\u0000w" + raw, got = memo[key];
    if (got === undefined) got = memo[key] = whole(raw);
    return got;
  }

  // a word in the judges' phrasings: its tokens' scores in the asks field (engine.asks_query)
  function asksScore(ix, i, form, memo) {
    var toks = termTokens(ix, form, memo)[0], s = 0;
    for (var k = 0; k < toks.length; k++) s += fieldsScore(ix, i, toks[k], SEARCH.SECTION_BOOST_WORDS, ASKS_ONLY);
    return s;
  }

  // the fields where a whole-word token tells units apart (engine.Searcher._telling)
  function telling(ix, w, tok) {
    return RULES_FIELDS.filter(function (f) { return dfOf(ix, w, f) < SEARCH.WHOLE_TELLS * dfOf(ix, tok, f); });
  }

  // is doc i among `list` (ascending doc numbers)? a flag per doc, made once a list
  function flags(ix, list) {
    var f = list.flags;
    if (!f) {
      f = list.flags = new Uint8Array(ix.docs.length);
      for (var k = 0; k < list.length; k++) f[list[k]] = 1;
    }
    return f;
  }

  function has(ix, i, term, memo) { return flags(ix, containing(ix, term, memo))[i] === 1; }

  // ---------------------------------------------------------------------------------------
  // the two readings of a query (engine.Searcher._search)

  function exactDocs(ix, q, memo) {
    var got = null;
    q.groups.forEach(function (g) {
      var alt = [];
      g.forEach(function (t) { alt = union(alt, containing(ix, t.text, memo)); });
      got = got === null ? alt : intersect(got, alt);
    });
    got = got || [];
    q.excludes.forEach(function (t) {
      var ex = containing(ix, t.text, memo);
      got = got.filter(function (i) { return ex.indexOf(i) < 0; });
    });
    return got;
  }

  function exactHits(ix, q, memo) {
    var single = q.groups.filter(function (g) { return g.length === 1; }).map(function (g) { return g[0]; });
    var pairs = [];
    for (var k = 0; k + 1 < single.length; k++) {
      var p = matchForm(single[k].raw + " " + single[k + 1].raw);
      if (pairs.indexOf(p) < 0 && containing(ix, p, memo).length) pairs.push(p);
    }
    return exactDocs(ix, q, memo).map(function (i) {
      var s = 0;
      q.groups.forEach(function (g) {
        g.forEach(function (t) { if (has(ix, i, t.text, memo)) s += termScore(ix, i, t.text, t.raw, false, memo); });
      });
      pairs.forEach(function (p) { if (has(ix, i, p, memo)) s += termScore(ix, i, p, null, false, memo); });
      return { game: ix.game, doc: i, score: s };
    });
  }

  // [words, verbatim hints, words that matched nothing] of a query in one ruleset (engine._plan)
  function plan(ix, q, memo) {
    var words = [], verbatim = [], bare = [], kn = known(ix.game);
    var occurs = function (form) { return containing(ix, form, memo).length > 0; };
    q.groups.forEach(function (g) {
      if (g.length === 1 && g[0].phrase) return;
      if (g.length === 1 && isSentence(g[0].raw, ix.game, occurs)) {
        var t = g[0], got = analyse(t.raw, ix.game, kn);
        if (got.length > 1 || (got.length && !(got[0].alts.length === 1 && got[0].alts[0] === t.text)) ||
            (t.quote && !got.length)) verbatim.push(t.text);
        // a quoted part a clause says as written: that is its hint, not the denial's ない (engine._plan)
        var said = false;
        if (t.quote) {  // a quoted part: as written, in either spelling (出来ない)
          var fs = spellings(t.text);
          fs.slice(1).forEach(function (v) { if (verbatim.indexOf(v) < 0) verbatim.push(v); });
          said = fs.some(occurs);
        }
        if (!said) negated(t.raw).forEach(function (n) { if (verbatim.indexOf(n) < 0) verbatim.push(n); });
        if (t.quote && !got.length && said) bare.push(word(fs.filter(occurs), t.raw));
        got.forEach(function (w) { addWord(words, w); });
        return;
      }
      addWord(words, word(g.map(function (t) { return t.text; }), g.map(function (t) { return t.raw; }).join(" | ")));
    });
    // a quoted part with no word of its own, as written: a word when the sentence has no other
    if (bare.length && !words.length) bare.forEach(function (w) { addWord(words, w); });
    var kept = [], dropped = [], gone = [];
    words.forEach(function (w) {
      var live = w.alts.filter(function (a) { return occurs(a); });
      if (live.length) {  // (its other forms too where a clause's phrasings hold them)
        w.alts = w.alts.filter(function (a) { return live.indexOf(a) >= 0 || containingAsks(ix, a, memo).length > 0; });
        addWord(kept, w);
        return;
      }
      var parts = [];
      if (w.alts.length === 1) {
        var text = w.alts[0], pieces = runs(text, false), tc = Array.from(text);
        if (pieces.length > 1) {
          pieces.forEach(function (p) {
            if (cpLen(p[1]) >= 2 && occurs(p[1])) parts.push(word([p[1]], p[1], "split", w.shown));
          });
        } else if (pieces.length === 1 && tc.length >= 3 && script(tc[0]) === "h") {
          // a kanji compound the rules never write (速攻持ち): its longest head they write,
          // and the rest when they write that too (engine._respell)
          for (var end = tc.length - 1; end > Math.max(1, Math.floor((tc.length - 1) / 2)); end--) {
            var head = tc.slice(0, end).join("");  // at least half of it
            if (occurs(head)) {
              parts.push(word([head], head, "split", w.shown));
              var rest = tc.slice(end).join("");
              if (tc.length - end >= 2 && occurs(rest)) parts.push(word([rest], rest, "split", w.shown));
              break;
            }
          }
        }
      }
      if (!parts.length) {
        // a word the rules never write that a clause's phrasings hold: searched in the
        // phrasings alone, when of two characters or more (engine._plan)
        // (a kanji typed with its okurigana, 守る: as typed, 守ル: w.okuri)
        var asked = w.alts.concat(w.okuri).filter(function (a) { return cpLen(a) >= 2 && containingAsks(ix, a, memo).length > 0; });
        if (asked.length) { w.unruled = w.alts[0]; w.alts = asked; addWord(kept, w); return; }
      }
      dropped.push(w.shown);  // (the site does not guess misspellings: `judgekit search` does)
      gone.push(w.alts.length ? w.alts[0] : "");
      parts.forEach(function (x) { addWord(kept, x); });
    });
    return [kept, verbatim.filter(occurs), dropped, gone];
  }

  // a concept read in words the rules never write (寝かせる): the ruleset's own word for it
  // joins the words searched for (engine._concept_words)
  function conceptWords(reads, plans, games, memo) {
    reads.forEach(function (r) {
      var form = matchForm(r.wrote);
      games.forEach(function (g) {
        var e = conceptEntry(g, r.n), pl = plans[g];
        if (!e || e[0] === null) return;
        // the words the rules' own text holds, and the forms of those it does not (a word of
        // the judges' phrasings alone among them)
        var ruled = pl[0].filter(function (w) { return !w.unruled; });
        var unmatched = pl[3].concat(pl[0].filter(function (w) { return w.unruled; }).map(function (w) { return w.unruled; }));
        // (and other words matched: a question that is the concept alone gets its clauses first)
        if (!ruled.length || !unmatched.some(function (f) { return f && form.indexOf(f) >= 0; })) return;
        // (and none of the span's words matched: not 墓地に送ら, whose 墓地 did; engine._typed)
        if (ruled.some(function (w) {
          var t = w.wrote ? matchForm(w.wrote.replace(/…$/, "")) : (w.alts.length ? w.alts[0] : "");
          return t && form.indexOf(t) >= 0;
        })) return;
        var alts = e[0].split("/").map(function (p) { return pyStrip(p); }).filter(function (p) {
          return oneWord(p) && containing(indexes[g], matchForm(p), memo[g]).length > 0;
        }).map(matchForm);
        var words = pl[0];
        if (alts.length && !words.some(function (w) { return alts.some(function (a) { return w.alts.indexOf(a) >= 0; }); })) {
          words.push(word(alts, uniq(alts).join(" / "), "concept", r.wrote));
        }
      });
    });
  }

  // how many of the words each doc holds (in its fields, or its phrasings hold one of the
  // word's asked forms): a count per doc, made once a search for wordHits and relaxedK
  function heldCounts(ix, words, q, memo) {
    var got = memo && memo["\u0000held"];
    if (got && got.words === words && got.n === words.length) return got.counts;
    var n = ix.docs.length, counts = new Int32Array(n), stamp = new Int32Array(n);
    words.forEach(function (w, k) {
      var lists = [];
      w.alts.forEach(function (a) { lists.push(containing(ix, a, memo)); });
      askedForms(w, q).forEach(function (a) { lists.push(containingAsks(ix, a, memo)); });
      for (var l = 0; l < lists.length; l++) {
        var ds = lists[l];
        for (var m = 0; m < ds.length; m++) {
          var i = ds[m];
          if (stamp[i] !== k + 1) { stamp[i] = k + 1; counts[i]++; }
        }
      }
    });
    if (memo) memo["\u0000held"] = { words: words, n: words.length, counts: counts };
    return counts;
  }

  function wordHits(ix, q, words, verbatim, need, memo) {
    var phrases = q.terms.filter(function (t) { return t.phrase; }), out = [];
    var cand = [];
    if (words.length) {
      var counts = heldCounts(ix, words, q, memo);
      for (var i = 0; i < counts.length; i++) if (counts[i] >= need) cand.push(i);
    } else if (phrases.length) cand = containing(ix, phrases[0].text, memo).slice();
    phrases.forEach(function (t) { var ds = flags(ix, containing(ix, t.text, memo)); cand = cand.filter(function (i) { return ds[i] === 1; }); });
    q.excludes.forEach(function (t) { var ds = flags(ix, containing(ix, t.text, memo)); cand = cand.filter(function (i) { return ds[i] !== 1; }); });
    cand.sort(function (a, b) { return a - b; });
    // each word's forms, once: where the rules' fields hold them, and where a phrasing holds
    // its asked forms (askedForms), with whether the phrasings' form is common
    var plan = words.map(function (w) {
      return {
        rules: w.alts.map(function (a) { return [a, flags(ix, containing(ix, a, memo))]; }),
        asks: askedForms(w, q).map(function (a) {
          var ds = containingAsks(ix, a, memo);
          return [a, flags(ix, ds), ds.length > SEARCH.ASKS_COMMON];
        })
      };
    });
    var hints = verbatim.map(function (v) { return [v, flags(ix, containing(ix, v, memo))]; });
    cand.forEach(function (i) {
      var s = 0, matched = 0, ws = 0;
      for (var k = 0; k < plan.length; k++) {
        var sc = 0, hit = false, p = plan[k], m, a;
        // each form where the rules' fields hold it, and each form (and the judge's own word)
        // where a phrasing does; a form common in the phrasings only where the rules' fields
        // hold none of the word's forms (engine._word_query)
        for (m = 0; m < p.rules.length; m++) {
          a = p.rules[m];
          if (a[1][i] === 1) { hit = true; sc += termScore(ix, i, a[0], a[0], true, memo); }
        }
        var ruled = hit;
        for (m = 0; m < p.asks.length; m++) {
          a = p.asks[m];
          if (ruled && a[2]) continue;
          if (a[1][i] === 1) { hit = true; sc += asksScore(ix, i, a[0], memo); }
        }
        if (hit) { matched++; ws += sc; }
      }
      if (words.length > 1) s += ws * matched / words.length; else s += ws;
      phrases.forEach(function (t) { s += termScore(ix, i, t.text, null, true, memo); });
      var hint = 0;
      hints.forEach(function (v) { if (v[1][i] === 1) hint += termScore(ix, i, v[0], null, true, memo); });
      s += hint * SEARCH.HINT_BOOST;
      out.push({ game: ix.game, doc: i, score: s });
    });
    return out;
  }

  function relaxedK(plans, q, games, most, memo) {
    var phrases = q.terms.filter(function (t) { return t.phrase; }), counts = {};
    games.forEach(function (g) {
      var ix = indexes[g], words = plans[g][0], gap = most - words.length, ok = [], held = null;
      if (words.length) {
        held = heldCounts(ix, words, q, memo[g]);
        for (var i = 0; i < held.length; i++) if (held[i] > 0) ok.push(i);
      } else if (phrases.length) ok = containing(ix, phrases[0].text, memo[g]).slice();
      phrases.forEach(function (t) { var ds = flags(ix, containing(ix, t.text, memo[g])); ok = ok.filter(function (i) { return ds[i] === 1; }); });
      q.excludes.forEach(function (t) { var ds = flags(ix, containing(ix, t.text, memo[g])); ok = ok.filter(function (i) { return ds[i] !== 1; }); });
      ok.forEach(function (i) { var c = (held ? held[i] : 0) + gap; counts[c] = (counts[c] || 0) + 1; });
    });
    if (most === 0) { var all = 0; for (var c in counts) all += counts[c]; return [0, all]; }
    var k = most, have = counts[most] || 0;
    while (k > 1 && have < SEARCH.RELAX_UNTIL) { k--; have += counts[k] || 0; }
    return [k, have];
  }

  function byRank(a, b) {
    var sa = a.rounded, sb = b.rounded;
    if (sa === undefined) sa = a.rounded = Math.round(a.score * 1e9) / 1e9;
    if (sb === undefined) sb = b.rounded = Math.round(b.score * 1e9) / 1e9;
    return sb - sa || GAME_ORDER(a.game) - GAME_ORDER(b.game) || a.doc - b.doc;
  }

  // every doc matching q in `games`, ranked as judgekit search ranks them; res.mode, res.words,
  // res.terms (to highlight) and res.notes say how the query was read
  // (wordsOnly: the words reading of a sentence whose phrases were read as words: engine._unphrased)
  function searchAll(raw, games, wordsOnly) {
    var q = typeof raw === "string" ? parseQuery(raw) : raw;
    games = games.filter(function (g) { return indexes[g]; });
    var res = { query: q, hits: [], mode: "exact", words: [], terms: q.terms.map(function (t) { return t.text; }), notes: [] };
    if (!q.groups.length) return res;
    var jumped = {};
    resolveIdQ(q, games).forEach(function (j) { jumped[j.game + ":" + j.doc] = true; });
    var memo = {};
    games.forEach(function (g) { memo[g] = {}; });
    var sentence = wordsOnly ? false : games.some(function (g) {
      var occurs = function (form) { return containing(indexes[g], form, memo[g]).length > 0; };
      return q.terms.some(function (t) { return !t.phrase && isSentence(t.raw, g, occurs); });
    });
    var hits = [];
    if (sentence) {
      if (hasQuotesToRead(q)) {
        q = readQuotes(q);  // a judge quoting words in a sentence: words, not phrases
      }
    } else if (!wordsOnly) {
      games.forEach(function (g) { hits = hits.concat(exactHits(indexes[g], q, memo[g])); });
      if (hits.length || !q.terms.some(function (t) { return !t.phrase; })) {
        res.hits = hits.filter(function (h) { return !jumped[h.game + ":" + h.doc]; }).sort(byRank);
        return res;
      }
      res.notes.push({ kind: "fallback" });
    }
    // the concepts the question names (read before the words: a concept's word may join them)
    // (none where a phrase was typed in ASCII quotes, even one read as words)
    var reads = q.terms.some(function (t) { return t.phrase || (t.quote && JAPANESE_QUOTES.indexOf(t.quote) < 0); }) ? [] :
      readConcepts(q.groups.reduce(function (a, g) { return a.concat(g.filter(function (t) { return !t.phrase; }).map(function (t) { return t.raw; })); }, []), games);
    var plans = {}, most = 0;
    games.forEach(function (g) { plans[g] = plan(indexes[g], q, memo[g]); });
    if (reads.length) conceptWords(reads, plans, games, memo);
    games.forEach(function (g) { most = Math.max(most, plans[g][0].length); });
    // how each quoted part was read (engine._quote_notes)
    var seenQuote = {}, ored = [];
    q.groups.forEach(function (g) { if (g.length > 1) ored = ored.concat(g); });
    q.terms.forEach(function (t) {
      var wrote = quoted(t);
      if (t.phrase || !t.quote || seenQuote[wrote]) return;
      seenQuote[wrote] = true;
      var ja = JAPANESE_QUOTES.indexOf(t.quote) >= 0, fs = spellings(t.text);
      res.notes.push({ kind: ja ? "quoted" : ored.indexOf(t) >= 0 ? "ored" : "unphrased", wrote: wrote,
        games: games.filter(function (g) { return fs.some(function (v) { return containing(indexes[g], v, memo[g]).length > 0; }); }) });
    });
    var seen = {};
    games.forEach(function (g) {
      plans[g][0].forEach(function (w) {
        if (["vocabulary", "kana"].indexOf(w.origin) < 0) return;
        var key = w.origin + "\u0000" + w.wrote + "\u0000" + w.shown;
        if (seen[key]) seen[key].games.push(g);
        else { seen[key] = { kind: w.origin, wrote: w.wrote, words: w.shown.split(" / "), games: [g] }; res.notes.push(seen[key]); }
      });
    });
    plans[games[0]][2].forEach(function (m) {
      if (games.every(function (g) { return plans[g][2].indexOf(m) >= 0; })) res.notes.push({ kind: "nothing", wrote: m, words: [] });
    });
    var kh = relaxedK(plans, q, games, most, memo), k = kh[0];
    if (sentence && !kh[1] && q.terms.some(function (t) { return t.phrase; })) {
      // the required phrases leave no clause: read them as words (engine._unphrased)
      var again = searchAll(withGroups(q, q.groups.map(function (g) {
        return g.map(function (t) { return t.phrase ? term(t.text, t.raw, false, t.quote) : t; });
      })), games, true);
      if (again.hits.length) return again;
    }
    games.forEach(function (g) {
      var words = plans[g][0], need = Math.max(1, words.length - (most - k));
      hits = hits.concat(wordHits(indexes[g], q, words, plans[g][1], need, memo[g]));
    });
    if (hits.length && most > 1 && k < most) res.notes.push({ kind: "relaxed", k: k, total: most });
    // the concepts the question names: their defining clauses first (engine._pins, _pin)
    // each concept's first defining clause, then the places left to those of its defining
    // and governing clauses the words score highest (engine._candidates, _choose)
    var pins = [], pinned = {}, scoreOf = {}, lists = [], wanted = {};
    reads.forEach(function (r, k) {
      games.forEach(function (g) {
        var e = conceptEntry(g, r.n), ix = indexes[g];
        if (!e) return;
        var docs = (e[0] !== null ? [e[1], e[2]] : [e[2], []]).map(function (ids) {
          return ids.filter(function (cid) {
            if (!(cid in ix.byId)) return false;
            var doc = ix.byId[cid];
            if (jumped[g + ":" + doc]) return false;
            return !q.excludes.some(function (t) { return containing(ix, t.text, memo[g]).indexOf(doc) >= 0; });
          }).map(function (cid) { (wanted[g] = wanted[g] || {})[ix.byId[cid]] = true; return g + ":" + ix.byId[cid]; });
        });
        lists.push([k, g, ix, docs]);
      });
    });
    // the scores of the concepts' clauses only (a sentence may hold thousands of hits)
    if (lists.length) hits.forEach(function (h) { if (wanted[h.game] && wanted[h.game][h.doc]) scoreOf[h.game + ":" + h.doc] = h.score; });
    lists.forEach(function (l) {
      (function (k, g, ix, docs) {
        var define = docs[0], places = SEARCH.CONCEPT_PINS[k], mine = [];
        var taken = function (key) { return pinned[key] || mine.indexOf(key) >= 0; };
        if (define.length && !pinned[define[0]]) mine.push(define[0]);
        var cands = [];
        define.concat(docs[1]).forEach(function (key) { if (cands.indexOf(key) < 0) cands.push(key); });
        // those that say another concept read in this ruleset's word (engine._said), in order
        var said = {};
        if (reads.length > 1) reads.forEach(function (r, j) {
          var e = j === k ? null : conceptEntry(g, r.n);
          if (!e || e[0] === null) return;
          e[0].split("/").forEach(function (part) {
            var form = matchForm(part.trim());
            if (cpLen(form) >= 2 && form.indexOf("\u0000") < 0) cands.forEach(function (key) {
              if (!taken(key) && contains(forms(ix, +key.slice(g.length + 1)), form)) said[key] = true;
            });
          });
        });
        // those that say the concept as the question typed it (a phrase: ターンを終了する),
        // then those that say another concept read, each in order (engine._choose)
        var own = isPhrase(reads[k].wrote) ? matchForm(reads[k].wrote) : "";
        var hinted = own ? cands.filter(function (key) {
          return !taken(key) && contains(forms(ix, +key.slice(g.length + 1)), own);
        }) : [];
        cands.forEach(function (key) { if (said[key] && !taken(key) && hinted.indexOf(key) < 0) hinted.push(key); });
        // the defining clauses the words score before the governing ones (engine._choose)
        var scored = cands.filter(function (key) { return (scoreOf[key] || 0) > 0 && !taken(key); })
          .sort(function (a, b) { return (define.indexOf(a) < 0) - (define.indexOf(b) < 0) || scoreOf[b] - scoreOf[a]; });
        hinted.concat(scored, define).forEach(function (key) {
          if (mine.length < places && !taken(key)) mine.push(key);
        });
        mine.slice(0, places).forEach(function (key) {
          pinned[key] = true;
          var doc = +key.slice(g.length + 1);
          pins.push({ game: g, doc: doc, concept: pinConcept(reads, g, ix, doc) });
        });
      }).apply(null, l);
    });
    reads.forEach(function (r, j) {
      var have = [], lack = [], row = null;
      games.forEach(function (g) {
        var ix = indexes[g];
        if (!ix || !ix.concepts) return;
        row = ix.concepts.rows[r.n];
        var e = row[3];
        if (!e) return;
        if (e[0] !== null) have.push(g); else lack.push(g);
      });
      if (!row) return;
      if (have.length) res.notes.push({ kind: "concept", wrote: r.wrote, words: [row[0], row[1]], games: have,
        k: SEARCH.CONCEPT_PINS[j], why: have.map(function (g) { return g + " " + conceptEntry(g, r.n)[0]; }).join("; ") });
      lack.forEach(function (g) {
        res.notes.push({ kind: "concept-none", wrote: r.wrote, words: [row[0], row[1]], games: [g], why: conceptEntry(g, r.n)[1] });
      });
    });
    if (!hits.length && !pins.length) res.notes = res.notes.filter(function (n) { return n.kind !== "fallback"; });
    res.mode = "words";
    var terms = q.terms.filter(function (t) { return t.phrase; }).map(function (t) { return t.text; });
    games.forEach(function (g) {
      plans[g][0].forEach(function (w) {
        if (res.words.indexOf(w.shown) < 0) res.words.push(w.shown);
        w.alts.forEach(function (a) { if (terms.indexOf(a) < 0) terms.push(a); });
      });
    });
    res.terms = terms;
    var asksTerms = terms.filter(function (t) {
      return !q.terms.some(function (p) { return p.phrase && p.text === t; }) &&
        !q.excludes.some(function (x) { return t.indexOf(x.text) >= 0; });
    });
    games.forEach(function (g) {
      plans[g][0].forEach(function (w) {
        askedForms(w, q).forEach(function (t) { if (w.alts.indexOf(t) < 0 && asksTerms.indexOf(t) < 0) asksTerms.push(t); });
      });
    });
    res.asksTerms = asksTerms;
    // a quoted part as written, highlighted where a clause says it (not in the phrasings)
    q.terms.forEach(function (t) {
      if (!t.quote || t.phrase) return;
      spellings(t.text).forEach(function (f) {
        if (terms.indexOf(f) < 0 && games.some(function (g) { return containing(indexes[g], f, memo[g]).length > 0; })) terms.push(f);
      });
    });
    var ranked = hits.filter(function (h) { return !jumped[h.game + ":" + h.doc]; }).sort(byRank);
    var first = pins.map(function (p) {  // a pin's score where the words match it (scoreOf holds them), else 0
      return { game: p.game, doc: p.doc, score: scoreOf[p.game + ":" + p.doc] || 0, concept: p.concept };
    });
    res.hits = fewGuide(first.concat(rerank(ranked.filter(function (h) { return !pinned[h.game + ":" + h.doc]; }),
                                            plans, q, memo)));
    res.concepts = reads.map(function (r) { return r.n; });
    return res;
  }

  // the first results looked at again (ranking.rerank, engine.Searcher._rerank): the first
  // HEADING_WINDOW results below the pins ordered again by their scores times 1 + the share of
  // the question's character pairs their judges' phrasings hold (askedShare; ties keep their
  // order); then among them a heading with no text gives its place to the first clause of its
  // own subtree below it (in that window) that holds more of the question's words (heldCounts)
  // than it does, for a question of two words or more in the ruleset
  function rerank(ranked, plans, q, memo) {
    var window = Math.min(SEARCH.HEADING_WINDOW, ranked.length);
    if (window < 2) return ranked;
    var perGame = {}, pool = ranked.slice(0, window), done = [], i = 0, k, h;
    var pairs = questionPairs(q.terms.map(function (t) { return t.text; }));
    if (pairs.length) {
      var keys = new Float64Array(window), order = new Array(window);
      for (k = 0; k < window; k++) {
        h = pool[k];
        keys[k] = h.score * (1 + askedShare(pairs, indexes[h.game].docs[h.doc][8]));
        order[k] = k;
      }
      order.sort(function (a, b) { return keys[b] - keys[a] || a - b; });
      pool = order.map(function (n) { return pool[n]; });
    }
    while (i < window) {
      h = pool[i];
      var held = heldOf(h);
      if (held === null || done.indexOf(h) >= 0 || !isHeading(indexes[h.game].docs[h.doc])) { i++; continue; }
      var j = -1;
      for (k = i + 1; k < window; k++) {
        var c = heldOf(pool[k]);
        if (c !== null && c > held && under(pool[k], h)) { j = k; break; }
      }
      if (j < 0) { i++; continue; }
      // the clause takes the heading's place (and is looked at next); the heading yields once
      pool.splice(i, 0, pool.splice(j, 1)[0]);
      done.push(h);
    }
    return pool.concat(ranked.slice(window));

    function heldOf(x) {  // how many of the question's words the doc holds, or null
      var got = perGame[x.game];
      if (got === undefined) {
        var words = plans[x.game][0];
        got = perGame[x.game] = words.length < 2 ? null : heldCounts(indexes[x.game], words, q, memo[x.game]);
      }
      return got === null ? null : got[x.doc];
    }
  }

  // the pairs of characters that follow each other in the question's matching forms `texts`,
  // letters and digits only (ranking.question_pairs), each once
  function questionPairs(texts) {
    var seen = new Set(), out = [];
    for (var i = 0; i < texts.length; i++) {
      var runs = texts[i].match(LETTER_OR_DIGIT_RUNS);
      if (!runs) continue;
      for (var r = 0; r < runs.length; r++) {
        var cs = Array.from(runs[r]);  // (code points: an astral character is one)
        for (var k = 1; k < cs.length; k++) {
          var p = cs[k - 1] + cs[k];
          if (!seen.has(p)) { seen.add(p); out.push(p); }
        }
      }
    }
    return out;
  }
  var LETTER_OR_DIGIT_RUNS = /[\p{L}\p{N}]{2,}/gu;

  // the share of `pairs` a doc's judges' phrasings hold (`forms`: their matching forms, NUL
  // apart; ranking.asked_share)
  function askedShare(pairs, forms) {
    if (!forms || !pairs.length) return 0;
    var n = 0;
    for (var k = 0; k < pairs.length; k++) if (forms.indexOf(pairs[k]) >= 0) n++;
    return n / pairs.length;
  }

  function isHeading(d) { return !d[3] && !!d[2]; }  // a title and no text of its own

  // is hit `a` in the subtree of hit `h` (the clause tree: each doc's parent, docs in tree order)?
  function under(a, h) {
    if (a.game !== h.game) return false;
    var docs = indexes[a.game].docs, p = docs[a.doc][5];
    while (p >= h.doc) { if (p === h.doc) return true; p = docs[p][5]; }
    return false;
  }

  // at most GUIDE_TOP guide sections among the first TOP_PLACES (engine._few_guide)
  function fewGuide(hits) {
    var out = [], later = [], n = 0, k = 0;
    for (; k < hits.length && out.length < SEARCH.TOP_PLACES; k++) {
      var h = hits[k];
      if (indexes[h.game].docs[h.doc][0].indexOf("guide.") === 0) {
        if (n >= SEARCH.GUIDE_TOP) { later.push(h); continue; }
        n++;
      }
      out.push(h);
    }
    return out.concat(later, hits.slice(k));
  }

  function ct_id(g, n) { return indexes[g].concepts.rows[n][0]; }

  // the first concept read whose clauses hold a pinned clause (engine._mark_pins)
  function pinConcept(reads, g, ix, doc) {
    for (var k = 0; k < reads.length; k++) {
      var e = conceptEntry(g, reads[k].n);
      if (!e) continue;
      var ids = e[0] !== null ? e[1].concat(e[2]) : e[2];
      for (var m = 0; m < ids.length; m++) if (ix.byId[ids[m]] === doc) return ct_id(g, reads[k].n);
    }
    return null;
  }

  function search(raw, games) { return searchAll(raw, games).hits; }

  // the judges' phrasing of doc i that holds the most of `terms` (res.asksTerms), then the
  // most of their characters, then the first: [line, the spans of it where the terms occur
  // (termSpans)], or null (engine.best_asked)
  function bestAsked(ix, i, terms) {
    var lines = ix.docs[i][7] || [];
    if (!lines.length || !terms || !terms.length) return null;
    var best = -1, key = [0, 0];
    (ix.docs[i][8] || "").split("\u0000").forEach(function (f, k) {
      var held = terms.filter(function (t) { return t && f.indexOf(t) >= 0; });
      if (!held.length) return;
      var n = 0;
      held.forEach(function (t) { n += cpLen(t); });
      if (held.length > key[0] || (held.length === key[0] && n > key[1])) {
        best = k; key = [held.length, n];
      }
    });
    return best < 0 ? null : [lines[best], termSpans(lines[best], terms)];
  }

  // the spans [from, to) of `line` (code points of the source) where `terms` (matching forms)
  // occur, the longest at a place, never overlapping (highlight.term_spans): a phrasing is
  // short and shown whole, every word it was found by marked
  function termSpans(line, terms) {
    var cs = Array.from(line), form = matchForm(line), found = [];
    terms.forEach(function (t) {
      if (!t) return;
      var n = cpLen(t), i = form.indexOf(t);
      while (i >= 0) {
        var a = cpLen(form.slice(0, i));
        found.push([a, -n, a + n]);
        i = form.indexOf(t, i + 1);
      }
    });
    if (!found.length) return [];
    found.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
    var out = [], end = -1;
    if (cpLen(form) === cs.length && !/[*\s]/.test(line) && line.normalize("NFKC") === line) {
      INVISIBLE_RE.lastIndex = 0;
      if (!INVISIBLE_RE.test(line)) {  // folded character for character (normalize._one_for_one)
        found.forEach(function (f) { if (f[0] >= end) { out.push([f[0], f[2]]); end = f[2]; } });
        return out;
      }
    }
    // where each folded character starts and ends in the source (normalize.fold_map, by
    // folding prefixes): held[j] = how much of the folded line the first j source characters
    // surely give (their fold's common start with it: a space between kanji is dropped only
    // once the next kanji comes, "**" once its second star does)
    var held = [0], fcs = Array.from(form);
    for (var k = 1; k <= cs.length; k++) {
      var p = Array.from(matchForm(cs.slice(0, k).join(""))), c = 0;
      while (c < p.length && c < fcs.length && p[c] === fcs[c]) c++;
      held.push(c);
    }
    found.forEach(function (f) {
      if (f[0] < end) return;
      var a = 0, b = cs.length, j;
      for (j = 0; j <= cs.length; j++) if (held[j] <= f[0]) a = j;
      while (a > 0 && MARK.test(cs[a])) a--;  // a mark NFKC joins to the character before it
      for (j = a + 1; j <= cs.length; j++) if (held[j] >= f[2]) { b = j; break; }
      // a run of white space folds to one: a span ending in it takes the whole run
      if (/\s/.test(fcs[f[2] - 1])) while (b < cs.length && /\s/.test(cs[b]) && held[b + 1] === held[b]) b++;
      out.push([a, b]);
      end = f[2];
    });
    return out;
  }
  var MARK = /[\p{M}\u3099\u309a\uff9e\uff9f]/u;

  // a phrasing shown whole, its spans marked
  function markedLine(line, spans) {
    var cs = Array.from(line), frag = document.createDocumentFragment(), at = 0;
    spans.forEach(function (sp) {
      if (sp[0] > at) frag.appendChild(document.createTextNode(cs.slice(at, sp[0]).join("")));
      frag.appendChild(el("mark", "", cs.slice(sp[0], sp[1]).join("")));
      at = sp[1];
    });
    if (at < cs.length) frag.appendChild(document.createTextNode(cs.slice(at).join("")));
    return frag;
  }

  function GAME_ORDER(g) { var k = ALL_GAMES.indexOf(g); return k < 0 ? ALL_GAMES.length : k; }

  function resolveIdQ(q, games) {
    var out = [];
    if (!q.idCandidate) return out;
    games.forEach(function (g) {
      var ix = indexes[g];
      if (!ix) return;
      var cs = candidates(q.idCandidate, g);
      for (var k = 0; k < cs.length; k++) {
        if (cs[k] in ix.byId) { out.push({ game: g, doc: ix.byId[cs[k]], id: cs[k] }); break; }
      }
    });
    return out;
  }

  function resolveId(raw, games) { return resolveIdQ(parseQuery(raw), games); }

  var FRAGMENT_ESCAPES = /[ "<>`#%\u0000-\u0020\u007f]/g;
  function fragment(id) {
    return id.replace(FRAGMENT_ESCAPES, function (c) {
      var h = c.charCodeAt(0).toString(16).toUpperCase();
      return "%" + (h.length < 2 ? "0" + h : h);
    });
  }
  function url(ix, i) { return ix.pages[ix.docs[i][1]] + "#" + fragment(ix.docs[i][0]); }

  // what the search did beyond the literal query (judgekit.search.render.note_lines)
  function noteLines(res, games) {
    var out = [];
    res.notes.forEach(function (n) {
      var where = !n.games || n.games.length === games.length ? "" : " in " + n.games.join(", ");
      var words = (n.words || []).join(" / ");
      if (n.kind === "vocabulary") out.push("searched for " + words + where + " (you wrote " + n.wrote + ": the rules' word)");
      else if (n.kind === "kana") out.push("searched for " + words + " (you wrote " + n.wrote + ")");
      else if (n.kind === "nothing") out.push("「" + n.wrote + "」 matches nothing; left out (this offline search does not guess misspellings: judgekit search does)");
      else if (n.kind === "fallback") out.push("no clause holds every term as written: searched for the words");
      else if (n.kind === "relaxed") out.push("no clause holds all " + n.total + " words: clauses with " + n.k + " or more");
      else if (n.kind === "concept") out.push("read " + n.wrote + " as the idea “" + n.words[1] + "” (judgekit concept " + n.words[0] + "): " +
        (n.k ? "its defining clauses first" : "it chooses among the first idea's clauses") + ": " + n.why);
      else if (n.kind === "quoted" || n.kind === "unphrased" || n.kind === "ored") out.push(quoteLine(n, games));
      else if (n.kind === "concept-none") out.push(n.games[0] + " has no such idea as “" + n.words[1] + "”: " + n.why);
    });
    if (res.mode === "words" && res.words.length) out.unshift("words: " + res.words.join(" · "));
    return out;
  }

  // a quoted part of a sentence, read as words (render.quote_line)
  function quoteLine(n, games) {
    if (!n.games.length) return n.wrote + " as written is in no clause; read as words";
    if (n.kind === "unphrased") return "no clause holds " + n.wrote + " with the other words; read as words";
    if (n.kind === "ored") return "read " + n.wrote + " as words: in a question an alternative of OR is not required as written";
    var where = n.games.length === games.length ? "" : " (in " + n.games.join(", ") + ")";
    return "read " + n.wrote + " as words of the question, not required as written; clauses that say it" +
      where + " rank higher";
  }

  var JK = {
    fold: fold, matchForm: matchForm, candidates: candidates, addIndex: addIndex, search: search,
    searchAll: searchAll, analyse: analyse, isSentence: isSentence, negated: negated,
    bestAsked: bestAsked, termSpans: termSpans, tableValue: tableValue, questionPairs: questionPairs,
    askedShare: askedShare,
    known: known, noteLines: noteLines,
    resolveId: resolveId, parseQuery: parseQuery, readQuotes: readQuotes, fragment: fragment, url: url, indexes: indexes,
    UNICODE_VERSION: UNICODE_VERSION
  };
  global.JK = JK;

  // ---------------------------------------------------------------------------------------
  // the page: search box, results panel (nothing below runs without a document, e.g. in node)

  if (typeof document === "undefined") return;

  var body = document.body;
  var ROOT = body.getAttribute("data-root") || "";
  var HERE = body.getAttribute("data-game") || "";
  var ALL = (body.getAttribute("data-games") || "").split(" ").filter(Boolean);
  var input = document.getElementById("q");
  var panel = document.getElementById("results");
  if (!input || !panel) return;
  var allBox = null;
  if (HERE && ALL.length > 1) {  // on a ruleset's pages: that ruleset, or all of them
    var lab = el("label", "res-scope");
    allBox = el("input");
    allBox.type = "checkbox";
    allBox.id = "q-all";
    lab.appendChild(allBox);
    lab.appendChild(document.createTextNode(" all rulesets"));
  }
  var selected = -1, lastQuery = null, limit = 50;

  function scope() { return HERE && !(allBox && allBox.checked) ? [HERE] : ALL; }

  function load(games, cb) {
    var waiting = games.filter(function (g) { return !indexes[g]; });
    if (!waiting.length) { cb(); return; }
    var left = waiting.length;
    waiting.forEach(function (g) {
      (pending[g] = pending[g] || []).push(function () { if (--left === 0) cb(); });
      if (document.querySelector('script[data-index="' + g + '"]')) return;
      var s = document.createElement("script");
      s.src = ROOT + "search/" + g + ".js";
      s.setAttribute("data-index", g);
      s.onerror = function () { status("The search index for " + g + " could not be loaded."); };
      document.head.appendChild(s);
    });
  }

  function status(msg) {
    panel.hidden = false;
    panel.innerHTML = "";
    var p = document.createElement("p");
    p.className = "res-status";
    p.textContent = msg;
    panel.appendChild(p);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // the original characters around the first match of `term` (a matching-form string) in `line`
  function snippet(line, term, width) {
    var cs = Array.from(line), f = matchForm(line), at = f.indexOf(term);
    var frag = document.createDocumentFragment();
    if (at < 0) { frag.appendChild(document.createTextNode(cs.slice(0, width * 2).join("") + (cs.length > width * 2 ? "…" : ""))); return frag; }
    // map matching-form offsets back to the original by folding prefixes (lines are short)
    var fa = Array.from(f.slice(0, at)).length, fb = fa + Array.from(term).length, a = 0, b = cs.length;
    for (var i = 0; i <= cs.length; i++) {
      var n = Array.from(matchForm(cs.slice(0, i).join(""))).length;
      if (n <= fa) a = i;
      if (n >= fb) { b = i; break; }
    }
    var from = Math.max(0, a - width), to = Math.min(cs.length, b + width);
    frag.appendChild(document.createTextNode((from > 0 ? "…" : "") + cs.slice(from, a).join("")));
    frag.appendChild(el("mark", "", cs.slice(a, b).join("")));
    frag.appendChild(document.createTextNode(cs.slice(b, to).join("") + (to < cs.length ? "…" : "")));
    return frag;
  }

  function crumbs(ix, i) {
    var out = [], p = ix.docs[i][5];
    while (p >= 0) { out.unshift(ix.docs[p][2] ? ix.docs[p][0] + " " + ix.docs[p][2] : ix.docs[p][0]); p = ix.docs[p][5]; }
    return out.join(" › ");
  }

  function resultItem(ix, i, hit, jump) {
    var d = ix.docs[i], li = el("li", "res" + (jump ? " res-jump" : "") + (hit && hit.concept ? " res-concept" : ""));
    if (hit && hit.concept) li.title = "defines the idea this question names (concepts.html#" + hit.concept + ")";
    var a = el("a");
    a.href = ROOT + url(ix, i);
    var head = el("span", "res-head");
    head.appendChild(el("span", "res-id", d[0]));
    if (d[2]) head.appendChild(el("span", "res-title", d[2]));
    if (ALL.length > 1 && scope().length > 1) head.appendChild(el("span", "res-game", ix.short || ix.game));
    if (jump) head.appendChild(el("span", "res-tag", "go to clause ↵"));
    a.appendChild(head);
    var c = crumbs(ix, i);
    if (c) a.appendChild(el("span", "res-crumbs", c));
    var text = el("span", "res-text");
    var terms = hit ? hit.terms : [];
    var found = pickLine(d[3], terms), isEx = false;
    if (!found && terms.length && !termIn(matchForm(d[2]), terms)) {
      found = pickLine(d[4].join("\n"), terms);
      isEx = !!found;
    }
    var line = found ? found.line : (d[3] ? d[3].split("\n")[0] : "");
    if (isEx) text.appendChild(el("span", "res-ex", "例"));
    if (line.indexOf("- ") === 0) { line = line.slice(2); text.appendChild(document.createTextNode("• ")); }
    if (found) text.appendChild(snippet(line, found.term, 40));
    else if (line) text.appendChild(document.createTextNode(trim(line, 90)));
    if (text.childNodes.length) a.appendChild(text);
    // the judges' phrasing the words matched: why a clause in other words came up
    var asked = hit && hit.asksTerms ? bestAsked(ix, i, hit.asksTerms) : null;
    if (asked) {
      var q = el("span", "res-asked");
      q.appendChild(el("span", "res-asked-label", "答える問い: "));
      q.appendChild(markedLine(asked[0], asked[1]));
      a.appendChild(q);
    }
    li.appendChild(a);
    // a heading without text of its own: offer its clauses directly (904 -> 904.1, 904.2)
    if (!d[3] && ix.children[i].length) {
      var kids = el("span", "res-kids");
      ix.children[i].slice(0, 12).forEach(function (ci) {
        var ka = el("a", "", ix.docs[ci][0]);
        ka.href = ROOT + url(ix, ci);
        ka.title = heading(ix.docs[ci]);
        kids.appendChild(ka);
      });
      li.appendChild(kids);
    }
    return li;
  }

  function termIn(form, terms) { return terms.some(function (t) { return form.indexOf(t) >= 0; }); }

  // the first line of `src` that shows one of the terms, and that term
  function pickLine(src, terms) {
    if (!src || !terms.length) return null;
    var lines = src.split("\n");
    for (var k = 0; k < lines.length; k++) {
      var f = matchForm(lines[k]);
      for (var m = 0; m < terms.length; m++) if (f.indexOf(terms[m]) >= 0) return { line: lines[k], term: terms[m] };
    }
    return null;
  }

  function trim(s, n) { var cs = Array.from(s); return cs.length > n ? cs.slice(0, n - 1).join("") + "…" : s; }

  function render(q) {
    var games = scope();
    var pq = parseQuery(q), jumps = resolveIdQ(pq, games), res = searchAll(pq, games), hits = res.hits;
    hits.forEach(function (h) { h.terms = res.terms; h.asksTerms = res.mode === "words" ? res.asksTerms : null; });
    panel.innerHTML = "";
    panel.hidden = false;
    var bar = el("div", "res-bar");
    var count = el("span", "res-count");
    count.textContent = hits.length === 0 ? (jumps.length ? "" : "No clause matches “" + q + "”.") :
      hits.length + (hits.length === 1 ? " clause" : " clauses") +
      (res.mode === "words" ? " (ranked by the words they hold)" : "");
    bar.appendChild(count);
    if (allBox) bar.appendChild(allBox.parentNode);
    var close = el("button", "res-close", "×");
    close.type = "button";
    close.setAttribute("aria-label", "Close the results");
    close.addEventListener("click", hide);
    bar.appendChild(close);
    panel.appendChild(bar);
    var lines = noteLines(res, games);
    if (lines.length) {
      var notes = el("ul", "res-notes");
      lines.forEach(function (line) { notes.appendChild(el("li", "", line)); });
      panel.appendChild(notes);
    }
    var ul = el("ol", "res-list");
    var shownIds = {};
    jumps.forEach(function (j) {
      ul.appendChild(resultItem(indexes[j.game], j.doc, null, true));
      shownIds[j.game + ":" + j.doc] = true;
    });
    hits.slice(0, limit).forEach(function (h) {
      if (shownIds[h.game + ":" + h.doc]) return;
      ul.appendChild(resultItem(indexes[h.game], h.doc, h, false));
    });
    panel.appendChild(ul);
    if (hits.length > limit) {
      var more = el("button", "res-more", "Show all " + hits.length);
      more.type = "button";
      more.addEventListener("click", function () { limit = hits.length; render(q); });
      panel.appendChild(more);
    }
    selected = -1;
  }

  function run() {
    var q = input.value.trim();
    if (q === lastQuery && !panel.hidden) return;
    lastQuery = q;
    limit = 50;
    if (!q) { hide(); return; }
    var games = scope();
    if (games.some(function (g) { return !indexes[g]; })) status("Loading the search index…");
    load(games, function () { if (input.value.trim() === q) render(q); });
  }

  function hide() { panel.hidden = true; panel.innerHTML = ""; lastQuery = null; selected = -1; }

  function items() { return panel.querySelectorAll(".res > a"); }

  function move(delta) {
    var list = items();
    if (!list.length) return;
    selected = Math.max(-1, Math.min(list.length - 1, selected + delta));
    Array.prototype.forEach.call(list, function (a, k) { a.parentNode.classList.toggle("res-sel", k === selected); });
    if (selected >= 0) list[selected].scrollIntoView({ block: "nearest" });
  }

  var timer = null;
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 60); });
  input.addEventListener("focus", function () { load(scope(), function () {}); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown") { move(1); e.preventDefault(); }
    else if (e.key === "ArrowUp") { move(-1); e.preventDefault(); }
    else if (e.key === "Escape") { hide(); }
  });
  input.form.addEventListener("submit", function (e) {
    e.preventDefault();
    clearTimeout(timer);
    var q = input.value.trim();
    if (!q) return;
    load(scope(), function () {
      var list = items(), pick = null;
      if (selected >= 0 && list[selected]) pick = list[selected];
      else {
        var j = resolveId(q, scope());
        if (j.length) pick = { href: ROOT + url(indexes[j[0].game], j[0].doc) };
      }
      if (pick) { hide(); location.href = pick.href; }
      else { lastQuery = null; run(); input.blur(); }
    });
  });
  if (allBox) allBox.addEventListener("change", function () { lastQuery = null; run(); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "/" && document.activeElement !== input && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      input.focus();
    }
  });
  panel.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a");
    if (a && a.getAttribute("href")) hide();
  });

  // ?q=… opens the page with that search (links to a search, and the form without script)
  var m = /[?&]q=([^&#]*)/.exec(location.search);
  if (m) {
    try { input.value = decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (err) { input.value = m[1]; }
    run();
  }
})(typeof window !== "undefined" ? window : globalThis);
