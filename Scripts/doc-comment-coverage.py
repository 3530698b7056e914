#!/usr/bin/env python3
"""Fails when a public symbol written in this project has no documentation comment.

`make docs` runs it over the symbol graphs that swift-docc-plugin extracted. Symbols the
compiler makes (synthesized conformances, inherited operators) have no source location and are
left out, as are extension declarations, which DocC shows by the type they extend.

Usage: doc-comment-coverage.py BUILD_FOLDER...
"""
import glob
import json
import sys


def missing_comments(folder):
    for path in sorted(glob.glob(f"{folder}/**/extracted-symbols/**/*.symbols.json", recursive=True)):
        for symbol in json.load(open(path))["symbols"]:
            location = symbol.get("location")
            if symbol.get("accessLevel") not in ("public", "open") or not location:
                continue
            if symbol["kind"]["identifier"] == "swift.extension" or "docComment" in symbol:
                continue
            file = location["uri"].split("/Sources/", 1)[-1]
            line = location["position"]["line"] + 1
            yield f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])} has no documentation comment"


def main(folders):
    if not folders:
        sys.exit(__doc__)
    graphs = sum(len(glob.glob(f"{f}/**/extracted-symbols/**/*.symbols.json", recursive=True)) for f in folders)
    if graphs == 0:
        sys.exit(f"doc-comment-coverage: no symbol graphs under {', '.join(folders)}: run make docs")
    problems = [problem for folder in folders for problem in missing_comments(folder)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(f"doc-comment-coverage: {len(problems)} public symbols without a documentation comment")
    print(f"doc-comment-coverage: every public symbol in {graphs} symbol graphs has a documentation comment")


if __name__ == "__main__":
    main(sys.argv[1:])
