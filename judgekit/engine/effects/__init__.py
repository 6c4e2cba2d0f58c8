"""Card-text effects: the mechanisms every ruleset shares, each written once.

The four rulesets print the same ideas in their own words; each mechanism lives here and a
ruleset binds it to its own clauses, timing and wording (issue 20). Nothing here imports a
ruleset, and nothing here is imported until an engine asks for it.

| module | mechanism |
|---|---|
| `events` | the event vocabulary: a would/did record with its kind, card, player, *source* (the card whose ability or battle makes it happen), *cause* (effect, battle, rule, cost, play) and the replacements already applied to it |
| `replace` | the replacement loop: gather, order (self-replacements first where the ruleset says so), let the ruleset's chooser pick, apply, consume one-shot replacements, go round again with a modified event; each replacement at most once per event where the rulebook says so, and an unending re-application reported as the rules' loop or a budget stop — never a RecursionError; the replacement effects spells and abilities create, as effects in force (`created`, `made`, `use_up`) |
| `prohibit` | the 「〜できない」 query: `forbidden(...)` answers None or the `Forbid` that names the source, the ability and the clause that makes "cannot" win |
| `durations` | the durations effects in force may have and when each ends (a boundary of the turn, the source leaving, a condition no longer holding); an unknown duration is an error, never a default |
| `attributes` | races / attributes as continuous effects: the printed slash form, add / set / remove in timestamp order (a card's own changes first where the ruleset says so), a card without the parameter unchanged |
| `zones` | abilities limited to a zone (`in_force`: a card's text works in its home zones unless an ability names others) and the side of a zone change a trigger reads (`reads_before`: the public zone's, else the field left, else the zone arrived in) |
| `costs` | the cost pipeline: base or alternative cost, additional costs, increases, reductions, set-to, clamp at 0, then locked |
| `choosing` | both players choosing in turn (`in_turn_order`); an amount divided among chosen cards, each at least 1 (`divide`); changing one target of a spell or ability not yet resolved (`change_target`) |
| `delayed` | one store of the triggered abilities effects create to trigger later: due once at their moment, gone with a new object |
"""
