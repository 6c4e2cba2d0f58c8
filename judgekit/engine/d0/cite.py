"""D0's own citation form beside the dotted clause id (digest d0.md §2.1–§2.2).

The document cites itself as 「3部11章1-1」 / 「第4部 第9章」: part and chapter as kanji-labelled
numbers, then the item number exactly as printed. The canonical id keeps the printed item number
(`3.11.1-1`) and writes 部/章 as dots, so the conversion is exact both ways:

    native("4.6.3")       -> "第4部第6章3"
    native("4.16.4-3-1")  -> "第4部第16章4-3-1"
    native("3.12")        -> "第3部第12章"
    native("intro.2")     -> "序文2"
    cited("4.6.3")        -> "4.6.3（第4部第6章3）"
"""

from __future__ import annotations


def native(cid: str) -> str:
    if cid == "intro":
        return "序文"
    if cid.startswith("intro."):
        return "序文" + cid[len("intro."):]
    parts = cid.split(".", 2)
    out = f"第{parts[0]}部"
    if len(parts) > 1:
        out += f"第{parts[1]}章"
    if len(parts) > 2:
        out += parts[2]
    return out


def cited(cid: str) -> str:
    return f"{cid}（{native(cid)}）"
