#!/usr/bin/env python3
"""Mutation testing of the package's own suite.

Finds mutation sites in the hand-written sources (operators below), applies one mutant at a
time, rebuilds incrementally, runs the test targets that cover the mutated folder, reverts, and
reports which mutants the tests caught (with the first test that failed) and which survived.

    python3 Tests/Mutation/mutate.py --list                 # every site, one line each
    python3 Tests/Mutation/mutate.py --sample 6 --seed S    # short mode (CI): a seeded sample
    python3 Tests/Mutation/mutate.py --sample 150           # long mode, spread over the areas
    python3 Tests/Mutation/mutate.py --only ID [ID ...]     # chosen mutants again
    python3 Tests/Mutation/mutate.py --recheck mutation.md --report final.md
                                    # a report's survivors again, on today's tests, merged into it
    python3 Tests/Mutation/mutate.py --extend mutation.md --sample 40 --seed T --report final.md
                                    # 40 more mutants the report does not have, added to it

CI runs the short mode as its last step (`.ci/run`): 5 mutants, one per area, seeded by the
commit so each commit tries others, with a 240 s test limit and no rebuild afterwards.

`--recheck` reads a report this script wrote, tries each of its survivors again (unless
`equivalent.txt` now explains it) and writes the report with their new verdicts, each marked as
rechecked, so a survivor killed by a new test is shown caught by that test. `--extend` reads
one the same way and adds a new sample of sites it does not have yet, so a long run can be grown.

The score is caught / (tried - stillborn - equivalent): a mutant that does not compile is
stillborn and not counted; one listed in `equivalent.txt` (ID, then the reason) cannot change
behaviour and is not counted either. The report goes to standard output and, as Markdown, to
`--report FILE`. The working tree is restored after every mutant, also on Ctrl-C.
"""

import argparse
import hashlib
import os
import random
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))

# Source folders (the areas a sample is spread over) and the test targets that cover each.
AREAS = {
    "Generator/SDKGenCore": "GeneratorTests",
    "Sources/SDKRuntime": "SDKRuntimeTests|VoidhashContractTests|MobileJoeContractTests",
    "Sources/Voidhash": "VoidhashTests",
    "Sources/MobileJoe": "MobileJoeTests",
    "Sources/SDKEmulator": "EmulatorTests|VoidhashContractTests|MobileJoeContractTests",
    # Last, so that CI's sample of five keeps one mutant in each area above.
    "Sources/SDKDateTimeText": "TransportJSONCodingTests|DiagnosticFixtureTests",
}

BUILD_TIMEOUT = 1200
test_timeout = 420

STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
BOUNDARY = {" < ": " <= ", " <= ": " < ", " > ": " >= ", " >= ": " > "}
NEGATE = {" == ": " != ", " != ": " == "}
LOGICAL = {" && ": " || ", " || ": " && "}
BOOLEAN = {"true": "false", "false": "true"}
GUARD = re.compile(r"^\s*guard .+ else \{.*\}\s*$")
STATEMENT = re.compile(
    r"^\s*(?:try |await |try await )?[A-Za-z_][A-Za-z0-9_.]*(?:\(.*\)|\s[-+]?=\s.+|\.(?:append|insert|remove\w*|"
    r"formUnion|subtract|removeAll)\(.*\))\s*$")
INTEGER = re.compile(r"(?<![A-Za-z0-9_.$])([0-9]+)(?![A-Za-z0-9_.])")  # not a closure's $0
# A guard that binds a name (its removal leaves the name undefined: a mutant that cannot compile).
BINDING_GUARD = re.compile(r"^\s*guard\b.*\b(?:let|var|case)\b")


# Compilation conditions whose value on Linux is known; any other leaves both branches in.
APPLE_ONLY = re.compile(r"^(?:canImport\((?:Darwin|UIKit|StoreKit|CryptoKit|SQLite3)\)|os\((?:macOS|iOS|tvOS|watchOS|visionOS)\))")
LINUX_ONLY = re.compile(r"^(?:canImport\((?:Glibc|FoundationNetworking)\)|os\(Linux\))$")


def condition_value(condition):
    """True or False when `condition` of an `#if` is known on Linux, else None."""
    condition = condition.strip()
    if "||" in condition:
        return None
    if APPLE_ONLY.match(condition):
        return False
    if LINUX_ONLY.match(condition):
        return True
    return None


def built_lines(lines):
    """For each line, whether it is compiled on Linux (`#if` branches for Apple platforms are not)."""
    built = []
    stack = []  # per open #if: [this branch built, an earlier branch was surely taken]
    for line in lines:
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            kind, condition = directive.groups()
            if kind == "if":
                value = condition_value(condition)
                stack.append([value is not False, value is True])
            elif kind == "elseif" and stack:
                value = condition_value(condition)
                stack[-1] = [not stack[-1][1] and value is not False, stack[-1][1] or value is True]
            elif kind == "else" and stack:
                stack[-1] = [not stack[-1][1], True]
            elif kind == "endif" and stack:
                stack.pop()
            built.append(False)
            continue
        built.append(all(branch for branch, _ in stack))
    return built


def code_part(line):
    """The line with string literals blanked and a trailing comment cut, for finding operators."""
    blanked = STRING.sub(lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', line)
    cut = blanked.find("//")
    return blanked if cut < 0 else blanked[:cut]


def is_code(line):
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith(("//", "///", "*", "import ", "#", "@"))


def continues(lines, index):
    """Whether line `index` continues an expression begun on the line before it."""
    previous = code_part(lines[index - 1]).rstrip() if index > 0 else ""
    return previous.endswith(("(", ",", "=", "?", ":", "&&", "||", "[", "+", "-", "in"))


def is_sole_expression(lines, index):
    """Whether line `index` is the whole body of a closure or function (its value is returned, so
    removing it leaves a body without a result: a mutant that cannot compile)."""
    previous = code_part(lines[index - 1]).rstrip() if index > 0 else ""
    following = code_part(lines[index + 1]).strip() if index + 1 < len(lines) else ""
    opens_body = re.search(r"(?:\b(?:func|init|var|subscript)\b.*|->.*|\bget\s*)\{$", previous)
    return bool(opens_body) and following.startswith("}")


def is_call(code):
    """Whether a statement is a call whose order may matter: not an assignment, not one member of
    a keyed encoding or a hash (whose order never changes the result)."""
    return "(" in code and not re.match(r"^\s*[A-Za-z_][A-Za-z0-9_.]*\s[-+]?=\s", code) \
        and not re.search(r"\b(?:container|hasher)\.(?:encode|decode|combine)", code)


def sites_in(path):
    """Every (line index, operator, replacement line) of one file."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    found = []
    built = built_lines(lines)
    for index, line in enumerate(lines):
        if not is_code(line):
            continue
        code = code_part(line)

        def replace_each(table, operator, pattern=None):
            for old, new in table.items():
                regex = re.compile(pattern.format(re.escape(old)) if pattern else re.escape(old))
                for match in regex.finditer(code):
                    mutated = line[: match.start()] + new + line[match.end():]
                    found.append((index, operator, mutated))

        replace_each(BOUNDARY, "boundary")
        replace_each(NEGATE, "negate")
        replace_each(LOGICAL, "logical")
        replace_each(BOOLEAN, "boolean", r"(?<![A-Za-z0-9_]){}(?![A-Za-z0-9_:])")
        if not re.search(r"\b(?:case|let|var)\b.*=\s*[0-9]|\bcase\b", code):
            for match in INTEGER.finditer(code):
                value = int(match.group(1))
                if value > 100_000:
                    continue
                mutated = line[: match.start()] + str(value + 1) + line[match.end():]
                found.append((index, "constant+1", mutated))
        if GUARD.match(code):
            if not BINDING_GUARD.match(code):
                found.append((index, "remove-guard", None))
        elif STATEMENT.match(code) and not code.rstrip().endswith(("{", ",", "(")) \
                and not continues(lines, index) and not is_sole_expression(lines, index) \
                and not re.match(r"^\s*self\.\w+ = \w+$", code.rstrip()) \
                and not re.match(r"^\s*(return|let|var|case|throw|guard|if|else|\})", code):
            found.append((index, "remove-statement", None))
            following = lines[index + 1] if index + 1 < len(lines) else ""
            # Two calls at one level swapped (two assignments seldom depend on each other).
            if is_code(following) and STATEMENT.match(code_part(following)) and is_call(code) and \
                    is_call(code_part(following)) and \
                    len(following) - len(following.lstrip()) == len(line) - len(line.lstrip()):
                found.append((index, "swap-statements", following + "\n" + line))
    return lines, found, built


def all_sites():
    """Every site of every area, in a stable order, with a stable ID."""
    result = []
    for area in AREAS:
        for directory, _, files in sorted(os.walk(os.path.join(ROOT, area))):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.relpath(os.path.join(directory, name), ROOT)
                lines, found, built = sites_in(path)
                seen = {}
                for index, operator, mutated in found:
                    key = (lines[index].strip(), operator, mutated.strip() if mutated else "")
                    occurrence = seen.get(key, 0)
                    seen[key] = occurrence + 1
                    digest = hashlib.sha1(
                        "\0".join([path, *key, str(occurrence)]).encode()).hexdigest()[:10]
                    result.append({
                        "id": digest, "area": area, "path": path, "line": index, "operator": operator,
                        "original": lines[index], "mutated": mutated, "built": built[index],
                    })
    return result


def load_equivalents():
    path = os.path.join(HERE, "equivalent.txt")
    equivalents = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for row in handle:
                row = row.strip()
                if row and not row.startswith("#"):
                    mutant, _, reason = row.partition(" ")
                    equivalents[mutant] = reason.strip()
    return equivalents


def sample(sites, count, seed):
    """`count` sites spread evenly over the areas, chosen by a seeded generator."""
    generator = random.Random(seed)
    by_area = {area: [s for s in sites if s["area"] == area] for area in AREAS}
    for group in by_area.values():
        generator.shuffle(group)
    chosen = []
    while len(chosen) < count and any(by_area.values()):
        for area in AREAS:
            if by_area[area] and len(chosen) < count:
                chosen.append(by_area[area].pop())
    return chosen


def descendants(pid):
    """Every process below `pid`, read from /proc (a process that left its group included)."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, pending = [], [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def run(command, timeout, log):
    """Runs `command` in a process group of its own; on timeout the whole group is killed, and
    every process below it: `swift test` starts the test process in a group of its own, and one
    spinning in a mutant's endless loop outlived the group and starved the next CI run."""
    with open(log, "w") as output:
        process = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            return process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        finally:
            for pid in descendants(process.pid) if os.path.isdir("/proc") else []:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


def first_failure(log):
    with open(log, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            match = re.search(r"✘ Test (.+?) (recorded an issue|failed)", line)
            if match:
                return match.group(1)
            if "error: " in line and "Fatal error" in line or "Crash:" in line:
                return "a crash: " + line.strip()[:120]
    return "the test process failed"


def try_mutant(site, logs):
    path = os.path.join(ROOT, site["path"])
    with open(path, encoding="utf-8") as handle:
        original = handle.read()
    lines = original.split("\n")
    index = site["line"]
    if site["operator"] == "swap-statements":
        lines[index:index + 2] = site["mutated"].split("\n")
    elif site["mutated"] is None:
        del lines[index]
    else:
        lines[index] = site["mutated"]
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines))
        signal.signal(signal.SIGINT, previous)
        build_log = os.path.join(logs, site["id"] + ".build.log")
        status = run(["swift", "build", "--build-tests"], BUILD_TIMEOUT, build_log)
        if status != 0:
            return "stillborn", "does not compile"
        test_log = os.path.join(logs, site["id"] + ".test.log")
        status = run(["swift", "test", "--skip-build", "--filter", AREAS[site["area"]]], test_timeout,
                     test_log)
        if status is None:
            return "caught", f"no result within {test_timeout} s (a test that waits too long)"
        if status != 0:
            return "caught", first_failure(test_log)
        return "survived", ""
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original)
        signal.signal(signal.SIGINT, previous)


REPORT_ROW = re.compile(r"^\| ([0-9a-f]{10}) \| (\w+) \| (.*) \| (.*) \|$")


def read_report(path):
    """The rows of a Markdown report, (ID, verdict, mutant, detail) in order, and the lines of
    its account before the table (what was run, and what it found)."""
    rows = []
    account = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            match = REPORT_ROW.match(line)
            if match:
                rows.append(tuple(cell.replace("\\|", "|") for cell in match.groups()))
            elif line and not line.startswith(("# ", "| ")):
                account.append(line)
    return rows, account


def commit():
    """The checked-out commit, short, with `+` when the tree has changes."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True)
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


def describe(site):
    before = site["original"].strip()
    if site["operator"] == "swap-statements":
        after = "(swapped with the next line)"
    else:
        after = "(removed)" if site["mutated"] is None else site["mutated"].strip()
    return f'{site["path"]}:{site["line"] + 1} [{site["operator"]}] `{before}` -> `{after}`'


def main():
    global test_timeout
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="print every site and exit")
    parser.add_argument("--sample", type=int, help="how many mutants to try, spread over the areas")
    parser.add_argument("--seed", default="sdkgen", help="seed of the sample")
    parser.add_argument("--only", nargs="+", metavar="ID", help="try these mutants")
    parser.add_argument("--recheck", metavar="REPORT",
                        help="try the survivors of an earlier report again and merge the verdicts into it")
    parser.add_argument("--extend", metavar="REPORT",
                        help="with --sample: try mutants an earlier report does not have and add them to it")
    parser.add_argument("--report", help="also write the report as Markdown to this file")
    parser.add_argument("--test-timeout", type=int, default=test_timeout,
                        help="seconds the tests of one mutant may take before it counts as caught (hung)")
    parser.add_argument("--no-restore", action="store_true",
                        help="do not rebuild the unmutated sources at the end (the sources are restored anyway)")
    parser.add_argument("--minimum-score", type=float, default=0.0,
                        help="exit 1 when the score is lower (a fraction, e.g. 0.9)")
    options = parser.parse_args()
    test_timeout = options.test_timeout

    every_site = all_sites()
    # Code inside an `#if` for Apple platforms is not compiled here, so no mutant of it can be.
    sites = [site for site in every_site if site["built"]]
    if options.list:
        for site in sites:
            print(site["id"], describe(site))
        print(f"{len(sites)} sites", file=sys.stderr)
        return 0
    if options.recheck and options.extend:
        parser.error("give --recheck or --extend, not both")
    earlier, history = read_report(options.recheck or options.extend) if options.recheck or options.extend else (None, [])
    if options.extend:
        if not options.sample:
            parser.error("--extend needs --sample N")
        known = {row[0] for row in earlier}
        chosen = sample([s for s in sites if s["id"] not in known], options.sample, options.seed)
    elif earlier is not None:
        wanted = {row[0] for row in earlier if row[1] == "survived"}
        chosen = [s for s in sites if s["id"] in wanted]
        unbuilt = {site["id"] for site in every_site if not site["built"]} & wanted
        for mutant in sorted(wanted - unbuilt - {s["id"] for s in chosen}):
            print(f"{mutant}: its line changed since the report; left as it was", file=sys.stderr)
    elif options.only:
        wanted = set(options.only)
        chosen = [s for s in sites if s["id"] in wanted]
    elif options.sample:
        chosen = sample(sites, options.sample, options.seed)
    else:
        parser.error("give --list, --sample N or --only ID")
    equivalents = load_equivalents()
    logs = os.path.join(ROOT, ".build", "mutation")
    os.makedirs(logs, exist_ok=True)

    results = []
    started = time.monotonic()
    try:
        for number, site in enumerate(chosen, 1):
            began = time.monotonic()
            if site["id"] in equivalents:
                verdict, detail = "equivalent", equivalents[site["id"]]
            else:
                verdict, detail = try_mutant(site, logs)
            results.append((site, verdict, detail))
            print(f'[{number}/{len(chosen)}] {site["id"]} {verdict:10} {time.monotonic() - began:6.1f} s  '
                  f'{describe(site)}' + (f"  <- {detail}" if detail else ""), flush=True)
    finally:
        # Leave a build of the unmutated sources behind for whatever runs next.
        if not options.no_restore:
            run(["swift", "build", "--build-tests"], BUILD_TIMEOUT, os.path.join(logs, "restore.build.log"))

    rows = [(site["id"], verdict, describe(site), detail) for site, verdict, detail in results]
    if options.extend:
        rows = earlier + rows
    elif earlier is not None:
        rechecked = {row[0]: row for row in rows}
        for mutant in unbuilt:
            rechecked[mutant] = (mutant, "unbuilt", "", "inside an #if for Apple platforms: not compiled on Linux")
        rows = [(row[0], rechecked[row[0]][1], row[2], f"rechecked on {commit()}: " + rechecked[row[0]][3])
                if row[0] in rechecked else row for row in earlier]
    counts = {v: sum(1 for _, verdict, _, _ in rows if verdict == v)
              for v in ("caught", "survived", "stillborn", "equivalent", "unbuilt")}
    counted = counts["caught"] + counts["survived"]
    score = counts["caught"] / counted if counted else 1.0
    summary = (f'mutation score {score:.1%}: {counts["caught"]} caught, {counts["survived"]} survived, '
               f'{counts["stillborn"]} stillborn, {counts["equivalent"]} equivalent, {counts["unbuilt"]} not built here, '
               f'of {len(rows)} tried '
               f'in {time.monotonic() - started:.0f} s')
    print(summary)
    if options.report:
        how = " ".join(["python3 Tests/Mutation/mutate.py"] + sys.argv[1:])
        with open(options.report, "w", encoding="utf-8") as report:
            report.write(f"# Mutation report\n\n{summary}\n\n`{how}`, on commit {commit()}\n\n")
            if history:
                report.write("Before that:\n\n" + "\n".join(f"> {line.lstrip('> ')}" for line in history) + "\n\n")
            report.write("| ID | verdict | mutant | caught by / why |\n| --- | --- | --- | --- |\n")
            for row in rows:
                report.write("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |\n")
    return 1 if score < options.minimum_score else 0


if __name__ == "__main__":
    sys.exit(main())
