package schema

import "github.com/muster-wargames/muster/diag"

// Codes raised while reading YAML and checking it against the schemas.
var (
	CodeSyntax = diag.Code{Code: "Y001", Severity: diag.Error, Title: "YAML syntax error",
		Doc: "The file is not valid YAML. The position is where the YAML parser gave up, which can be a line or two after the real mistake (a missing colon, a bad indent, an unclosed quote or bracket)."}
	CodeDuplicateKey = diag.Code{Code: "Y002", Severity: diag.Error, Title: "duplicate key in a mapping",
		Doc: "A mapping names the same key twice. YAML would keep only the last value, so one of the two would be lost silently; muster refuses instead."}
	CodeTooLarge = diag.Code{Code: "Y003", Severity: diag.Error, Title: "file too large",
		Doc: "The file is bigger than muster reads (32 MiB). A battle's documents are small; a file this size is almost always the wrong file. Split a very large battle over several documents."}
	CodeAliasBudget = diag.Code{Code: "Y004", Severity: diag.Error, Title: "too much alias expansion",
		Doc: "YAML aliases (*name) in the file expand to more nodes than muster allows (an 'alias bomb'). Anchors and aliases are fine for templates; nesting them into each other many times is not."}
	CodeTooDeep = diag.Code{Code: "Y005", Severity: diag.Error, Title: "nesting too deep",
		Doc: "The YAML nests mappings or sequences deeper than any battle needs (100 levels)."}
	CodeUnquoted = diag.Code{Code: "Y006", Severity: diag.Error, Title: "number with a leading zero must be quoted",
		Doc: "YAML reads an unquoted 0304 as the octal number 196 and 0408 as the number 408, so a hex label or code with a leading zero changes meaning unless it is quoted. muster keeps the text as typed but asks for quotes, so editors and other tools read it the same way: write \"0304\"."}
	CodeEmpty = diag.Code{Code: "Y007", Severity: diag.Error, Title: "empty document",
		Doc: "A file or a YAML document (between --- lines) holds nothing. Remove it from the battle's file list or give it content."}
	CodeUnreadable = diag.Code{Code: "Y008", Severity: diag.Error, Title: "file cannot be read", Unreadable: true,
		Doc: "A file the battle names is missing, is a directory, is not a regular file (a named pipe, a device or a socket, which muster refuses rather than wait on), or cannot be opened; or a folder under the battle folder cannot be listed (no permission), which would hide the YAML files in it (list it under exclude: in battle.yaml if it is not part of the battle). The run exits 2: its input could not be read."}
	CodeMergeKey = diag.Code{Code: "Y009", Severity: diag.Error, Title: "bad merge key",
		Doc: "A YAML merge key (<<) must be followed by an alias of a mapping, or a list of such aliases."}
	CodeBinary = diag.Code{Code: "Y010", Severity: diag.Error, Title: "file is not text",
		Doc: "The file holds a byte or character that YAML text may not: a byte that is not UTF-8, a NUL, a control character other than tab and the line breaks (an escape, a bell, DEL, the C1 controls), or the non-characters U+FFFE and U+FFFF. The position is the first such character. A battle's documents are YAML text; inside double quotes, escapes such as \\t stand for the characters YAML allows."}
	CodeLimit = diag.Code{Code: "Y012", Severity: diag.Error, Title: "over a limit of muster",
		Doc: "muster bounds what one run may read, so that any input finishes in seconds and in bounded memory or is refused: the bytes and the YAML nodes of every file read in one run together (a budget beside each file's own limits), the levels of a file pattern in battle.yaml's files, the pixels of a battle's pictures together (map art, counter sheets, counter art). The message names the limit and its value; what is past it is not read. docs/ci.md, \"Limits\", lists every limit muster enforces."}
	CodeText = diag.Code{Code: "S009", Severity: diag.Error, Title: "text a module cannot carry",
		Doc: "A name, label or text holds a character that muster's outputs cannot carry, made by an escape in double quotes (\"\\x1b\", \"\\uFFFE\"): a control character, which XML (VASSAL's buildFile.xml) cannot hold, or the non-characters U+FFFE and U+FFFF. Names, ids and labels, which reach VASSAL's piece definitions, must also be one line (no tab or line break, no DEL or C1 control) and may not end with a backslash, which VASSAL reads as escaping the separator after it. Notes, texts and sources may hold tabs and line breaks."}
	CodeType = diag.Code{Code: "S001", Severity: diag.Error, Title: "value has the wrong type",
		Doc: "The value is a number where text is expected, a list where a mapping is expected, and so on. Hex labels and names are text: quote them when YAML would read them as numbers."}
	CodeRequired = diag.Code{Code: "S002", Severity: diag.Error, Title: "required key missing",
		Doc: "A mapping lacks a key that its kind of document requires."}
	CodeUnknownKey = diag.Code{Code: "S003", Severity: diag.Error, Title: "unknown key",
		Doc: "A mapping has a key that its kind of document does not know. It is usually a misspelling; the hint names the nearest known key."}
	CodeEnum = diag.Code{Code: "S004", Severity: diag.Error, Title: "value not one of the allowed values",
		Doc: "The value must be one of a fixed list (a rule system, a side, a face). The hint lists them or names the nearest."}
	CodeRange = diag.Code{Code: "S005", Severity: diag.Error, Title: "number out of range",
		Doc: "A number is below its minimum or above its maximum, or a list or text is too short or too long."}
	CodePattern = diag.Code{Code: "S006", Severity: diag.Error, Title: "text does not have the expected form",
		Doc: "A text value does not match the form its key needs (a time like \"1300\", an identifier without spaces)."}
	CodeSchemaOther = diag.Code{Code: "S007", Severity: diag.Error, Title: "value does not match the schema",
		Doc: "A value breaks a schema constraint not covered by a more specific code."}
	CodeKind = diag.Code{Code: "S008", Severity: diag.Error, Title: "unknown or missing document kind",
		Doc: "Every document says what it is with `kind:` (battle, forces, map or scenario), or its file is named after its kind (forces.yaml, map.yaml, scenario-intro.yaml)."}
)

// Codes lists the codes of this package, for the catalogue package validate assembles.
var Codes = []diag.Code{
	CodeSyntax,
	CodeDuplicateKey,
	CodeTooLarge,
	CodeAliasBudget,
	CodeTooDeep,
	CodeUnquoted,
	CodeEmpty,
	CodeUnreadable,
	CodeMergeKey,
	CodeBinary,
	CodeLimit,
	CodeText,
	CodeType,
	CodeRequired,
	CodeUnknownKey,
	CodeEnum,
	CodeRange,
	CodePattern,
	CodeSchemaOther,
	CodeKind,
}
