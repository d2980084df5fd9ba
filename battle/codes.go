package battle

import "github.com/muster-wargames/muster/diag"

// Codes raised while loading and resolving a battle.
var (
	CodeNoBattle = diag.Code{Code: "B001", Severity: diag.Error, Title: "no battle.yaml", Unreadable: true,
		Doc: "A battle is a folder with battle.yaml at its root. muster found none in the folder it was given."}
	CodeOutside = diag.Code{Code: "B002", Severity: diag.Error, Title: "path leads outside the battle folder",
		Doc: "Every file a battle names must lie inside its folder: no absolute paths, no '..' that climbs out, no symbolic link that points out. This keeps a battle self-contained and safe to build in CI."}
	CodeNoMatch = diag.Code{Code: "B003", Severity: diag.Warning, Title: "file pattern matches nothing",
		Doc: "An entry of battle.yaml's files list matches no file. It is probably misspelt, or the file was moved."}
	CodeRules = diag.Code{Code: "B004", Severity: diag.Error, Title: "bad ruleset override",
		Doc: "battle.yaml's rules mapping overrides the rule system's ruleset, as a battle book overrides its series rules. After the override is laid on, the ruleset must still be valid; this diagnostic says where it is not."}
	CodeArmy = diag.Code{Code: "B005", Severity: diag.Error, Title: "side has no army, or two",
		Doc: "Each side's order of battle has exactly one top formation, given as `army:` in one forces document. Other forces documents attach to it with `parent:`."}
	CodeUnknownSide = diag.Code{Code: "B006", Severity: diag.Error, Title: "unknown side",
		Doc: "A side id that battle.yaml does not declare."}
	CodeDays = diag.Code{Code: "B007", Severity: diag.Error, Title: "bad day list",
		Doc: "battle.yaml's days must be distinct; each names one day of the turn track."}
	CodeOneMap = diag.Code{Code: "B008", Severity: diag.Error, Title: "more than one map document",
		Doc: "A battle has one map document; put every sheet in it."}
	CodeSystem = diag.Code{Code: "B009", Severity: diag.Error, Title: "unknown rule system",
		Doc: "battle.yaml's system must be one of gbacw, tss, summer-storm, amfs."}
	CodeVariant = diag.Code{Code: "B012", Severity: diag.Error, Title: "unknown variant", Unreadable: true,
		Doc: "A command was asked (with --variant) for a variant that battle.yaml's variants do not declare. A variant is a named list of files read instead of battle.yaml's files (the book's errata, say); the message lists the variants the battle has and the hint names the closest. Nothing else of the battle is read, and the command exits with status 2, as for a folder that is not a battle."}
	CodeDuplicate = diag.Code{Code: "R001", Severity: diag.Error, Title: "duplicate id or name",
		Doc: "Two formations under one parent share an id, two units of one formation share a name, two scenarios share an id, or two sheets share a letter. Names must be unique where they are defined so references can find them."}
	CodeUnknownName = diag.Code{Code: "R002", Severity: diag.Error, Title: "name does not resolve",
		Doc: "A scenario names a unit, leader or formation that the side's order of battle does not have. The hint names the closest known name. Names are matched exactly as written, including state abbreviations (\"74 IL\", not \"74 Ill\")."}
	CodeAmbiguous = diag.Code{Code: "R003", Severity: diag.Error, Title: "name is ambiguous",
		Doc: "A name fits more than one unit, leader or formation on its side (two Polks, two \"1 OH\"). Qualify it with its formation, \"1 OH/3/2/RW\"; the message lists the candidates."}
	CodeNoParent = diag.Code{Code: "R004", Severity: diag.Error, Title: "formation does not reach its army",
		Doc: "A forces document attaches formations with `parent:` to a designation the side's army does not have, so they would not reach the side's commander."}
	CodeLevelOrder = diag.Code{Code: "R005", Severity: diag.Error, Title: "formation level out of order",
		Doc: "A formation must sit below a formation of a higher level (a brigade in a division, a division in a corps or wing). The rule system's levels give the order."}
	CodeMissingValue = diag.Code{Code: "R006", Severity: diag.Error, Title: "counter value missing",
		Doc: "A unit lacks a value that every counter of its type carries in this rule system. Write `~` when the value is not known, so an honest gap is told from a forgotten one."}
	CodeMissingCounter = diag.Code{Code: "R011", Severity: diag.Error, Title: "counter of a face missing",
		Doc: "A unit lacks a face that its type prints on a counter of its own in this rule system (GBACW 14.21: each cavalry unit has a mounted and a dismounted counter; the ruleset's unit type lists them as `counters:`). Give the face with its values, `~` where not known (`dismounted: {weapon: ~, strength: ~, cohesion: ~, ma: ~}`); a battle book whose cavalry has one counter only overrides the type's `counters:` in battle.yaml's rules."}
	CodeValueNotHere = diag.Code{Code: "R007", Severity: diag.Error, Title: "value or face not used by this unit type",
		Doc: "A unit carries a counter value or a face that its type does not have in this rule system (a weapon code on a Summer Storm counter, a dismounted face on infantry)."}
	CodeRatingNotHere = diag.Code{Code: "R008", Severity: diag.Error, Title: "rating not used at this level",
		Doc: "A leader carries a rating that leaders of his formation's level do not have in this rule system (an initiative rating on a brigadier)."}
	CodeLedBy = diag.Code{Code: "R010", Severity: diag.Error, Title: "led_by names no leader above",
		Doc: "A formation's `led_by:` says that the leader of a formation above it leads it too, with the same counter (Dead of Winter BB 4.43: Walker leads his division and its only brigade), so its units trace command to him. It must name the leader of one of the formations it sits in, and the formation may then have no `leader:` of its own."}
	CodeRows = diag.Code{Code: "M001", Severity: diag.Error, Title: "terrain or elevation rows do not fit the sheet",
		Doc: "A sheet's terrain and elevation are one text per row, each with one character per column. The count of rows and the length of every row must match the sheet's numbering. A sheet of more than 4,000,000 hexes, or placed (`at`) so that the map would have more, is refused, on its `cols:` (or `rows:`, or `at:`), with a note (Y011) of what that skips."}
	CodeTerrainChar = diag.Code{Code: "M002", Severity: diag.Error, Title: "terrain character not in the legend",
		Doc: "A character in a terrain row has no entry in the map's terrain legend."}
	CodeTerrainName = diag.Code{Code: "M003", Severity: diag.Error, Title: "unknown terrain type",
		Doc: "The map's legend names a terrain type that the rule system does not have. Terrain names come from the ruleset (see `muster explain` and docs/rulesets.md); a battle may add its own under `rules: terrain:`."}
	CodeBadHex = diag.Code{Code: "M004", Severity: diag.Error, Title: "hex label does not name a hex",
		Doc: "A hex label does not start with a sheet letter of the map, has the wrong number of digits, or lies off its sheet."}
	CodeNotAdjacent = diag.Code{Code: "M005", Severity: diag.Error, Title: "hexside between hexes that are not adjacent",
		Doc: "A hexside is keyed by the two hexes it separates; these two do not touch."}
	CodeFeature = diag.Code{Code: "M006", Severity: diag.Error, Title: "unknown hexside feature",
		Doc: "A hexside names a feature the rule system does not have."}
	CodeHexsideClash = diag.Code{Code: "M007", Severity: diag.Error, Title: "hexside described twice, differently",
		Doc: "The same hexside is given twice (once from each side, or under two labels where sheets overlap) with different features. Say it once, or say the same thing both times."}
	CodeRoadGap = diag.Code{Code: "M008", Severity: diag.Error, Title: "road path has a gap",
		Doc: "Each hex of a road's path must be next to the one before it."}
	CodeRoadType = diag.Code{Code: "M009", Severity: diag.Error, Title: "unknown road type",
		Doc: "A road's type is not one of the rule system's road types (pike, road, trail, railroad and the like)."}
	CodeElevation = diag.Code{Code: "M010", Severity: diag.Error, Title: "bad elevation character",
		Doc: "Elevation rows hold one character per hex: 0-9, then a-z for levels 10 to 35."}
	CodeSheetClash = diag.Code{Code: "M011", Severity: diag.Error, Title: "overlapping sheets disagree",
		Doc: "Two sheets overlap on a hex but give it different terrain or elevation."}
	CodeSheetID = diag.Code{Code: "M012", Severity: diag.Error, Title: "bad sheet",
		Doc: "Sheet letters must be unique, and one letter must not start another (A and AB would make labels ambiguous). Every number of a sheet's `cols` and `rows` must fit the labels' `digits` (0-99 for `digits: 2`): a sheet numbered past them could not label its hexes, and is refused, on that number, with a note (Y011) of what that skips."}
	CodeNoMap = diag.Code{Code: "M013", Severity: diag.Error, Title: "battle has no map",
		Doc: "Scenarios place units on hexes, so a battle with scenarios needs a map document."}
	CodeTime = diag.Code{Code: "N001", Severity: diag.Error, Title: "time not on the turn track",
		Doc: "A time is written as a day of the battle and a turn of the rule system's track (\"Dec 30 1300\"). The day must be one of battle.yaml's days and the time a turn of the track."}
	CodeTurnOrder = diag.Code{Code: "N002", Severity: diag.Error, Title: "time outside the scenario",
		Doc: "A scenario's last turn comes before its first, or an arrival or withdrawal falls outside the scenario's turns."}
	CodeSheetInPlay = diag.Code{Code: "N007", Severity: diag.Error, Title: "unknown sheet in play",
		Doc: "A scenario lists a sheet the map does not have."}
	CodeArea = diag.Code{Code: "N010", Severity: diag.Error, Title: "unknown area",
		Doc: "An arrival or withdrawal names an area the map does not declare."}
	CodeOption = diag.Code{Code: "N044", Severity: diag.Error, Title: "unknown optional rule",
		Doc: "A scenario's `options:` lists the battle book's optional rules it is played with (Dead of Winter's 21.0 historical rules: `options: [historical]`); the checks of such a rule bind only the scenarios that list it. Each name must be one the battle's rules give an optional rule (a breastworks window's `option`, figures.breastworks.windows); a misspelt one would leave its rule unchecked."}
	CodeOrders = diag.Code{Code: "N016", Severity: diag.Error, Title: "unknown orders",
		Doc: "A set-up gives orders that the rule system does not have (or any orders, in a system without them)."}
	CodeFace = diag.Code{Code: "N015", Severity: diag.Error, Title: "unknown face",
		Doc: "A set-up puts a counter on a face its type does not have."}
	CodeStrength = diag.Code{Code: "N014", Severity: diag.Warning, Title: "starting strength above printed strength",
		Doc: "A set-up gives a unit a starting strength higher than its counter's printed strength, which the books treat as the most it can ever have."}
)

// Codes lists the codes of this package, for the catalogue package validate assembles.
var Codes = []diag.Code{
	CodeArtImage,
	CodeArtGrid,
	CodeArtCalibrate,
	CodeCounterArt,
	CodeIDs,
	CodeChartImage,
	CodeNoBattle,
	CodeOutside,
	CodeNoMatch,
	CodeRules,
	CodeArmy,
	CodeUnknownSide,
	CodeDays,
	CodeOneMap,
	CodeSystem,
	CodeVariant,
	CodeUnlisted,
	CodeDuplicate,
	CodeUnknownName,
	CodeAmbiguous,
	CodeNoParent,
	CodeLevelOrder,
	CodeMissingValue,
	CodeMissingCounter,
	CodeValueNotHere,
	CodeRatingNotHere,
	CodeLedBy,
	CodePrintedPath,
	CodeLeaderWords,
	CodeRestLess,
	CodeRows,
	CodeTerrainChar,
	CodeTerrainName,
	CodeBadHex,
	CodeNotAdjacent,
	CodeFeature,
	CodeHexsideClash,
	CodeRoadGap,
	CodeRoadType,
	CodeElevation,
	CodeSheetClash,
	CodeSheetID,
	CodeNoMap,
	CodeTime,
	CodeTurnOrder,
	CodeSheetInPlay,
	CodeArea,
	CodeOrders,
	CodeOption,
	CodeFace,
	CodeStrength,
	CodeSkipped,
}
