#!/usr/bin/env python3
"""Lists the public symbols of the documented modules that have no doc comment.

usage: doc-coverage.py [--report-only] SYMBOL_GRAPH_DIR MODULE [MODULE ...]

Reads MODULE.symbols.json and MODULE@*.symbols.json (extensions of other modules' types) as
`swift package dump-symbol-graph` writes them. A symbol counts as documented when the symbol
graph gives it a doc comment: its own, or the one it inherits from the protocol requirement it
implements. Symbols the compiler synthesizes (their identifier says so) are not checked.
Exits 1, listing each undocumented symbol with its file and line, when there is any; with
--report-only the list is printed as notes and the exit status is 0 (for generated modules,
whose doc comments come from the generator).
"""
import glob
import json
import os
import sys


def undocumented(directory, module):
    """(path, line, kind, name) of every public symbol of `module` without a doc comment."""
    missing = []
    paths = [os.path.join(directory, module + ".symbols.json")]
    paths += sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json")))
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            location = symbol.get("location", {})
            file = location.get("uri", "?").replace("file://", "")
            line = location.get("position", {}).get("line", -1) + 1
            missing.append((os.path.relpath(file), line, symbol["kind"]["displayName"], ".".join(symbol["pathComponents"])))
    return missing


def main(arguments):
    report_only = arguments[:1] == ["--report-only"]
    if report_only:
        arguments = arguments[1:]
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    directory, modules = arguments[0], arguments[1:]
    failed = False
    for module in modules:
        missing = sorted(set(undocumented(directory, module)))
        severity = "note" if report_only else "error"
        for file, line, kind, name in missing:
            print(f"{file}:{line}: {severity}: public {kind.lower()} '{name}' of {module} has no doc comment")
        failed = failed or bool(missing)
    return 1 if failed and not report_only else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
