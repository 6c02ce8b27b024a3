#!/usr/bin/env python3
"""Runs jsonx_bench and prints its results as tables: GB/s per task and file, and ratios of jsonx
to each peer, with the kernels that ran and the project's benchmark goals checked.

    bench/compare.py --binary build-bench/bench/jsonx_bench            # 3 repetitions, medians
    bench/compare.py --binary ... --filter 'sax_whole/.*/twitter' --repetitions 5
    bench/compare.py --json-in results.json                             # re-read a saved run

Each case is run --repetitions times (Google Benchmark's --benchmark_repetitions, interleaved at
random with the other cases' repetitions); the median of the repetitions is reported. Throughput is in GB/s (10^9 bytes per second of CPU time, as Google
Benchmark computes bytes/s); ratios are jsonx's throughput over the peer's, so above 1 means jsonx
is faster. Small files are also shown in ns per parse. Python 3 standard library only.
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile

FILE_ORDER = ["twitter", "citm_catalog", "canada", "small", "twitter_escaped"]
# Inputs generated at run time, in their order after the corpus files: the ndjson streams and
# the partial tasks' documents.
INPUT_ORDER = FILE_ORDER + ["twitter_statuses", "small_records", "twitter_2k", "twitter_20k",
                            "twitter_200k"]
TASK_ORDER = ["index", "sax_whole", "sax_chunked_4k", "sax_chunked_64k", "parse_dom",
              "parse_dom_chunked_64k", "serialize", "serialize_pretty", "decode_typed",
              "decode_typed_chunked_64k", "decode_partial", "encode_typed", "ndjson",
              "ndjson_memory", "document_alone", "partial", "partial_strict", "partial_64k"]
# Tasks of snapshots after every small delta: shown in time per document and per snapshot.
PARTIAL_TASKS = {"partial", "partial_strict"}
LIBRARY_ORDER = ["jsonx", "jsonx_in_array", "jsonx_no_snapshot", "jsonx_threads_1",
                 "jsonx_threads_2",
                 "jsonx_avx512", "jsonx_avx2", "jsonx_scalar", "simdjson_stage1",
                 "simdjson_minify",
                 "simdjson", "simdjson_in_array", "simdjson_ondemand", "yyjson", "sonic_cpp",
                 "boostjson", "rapidjson",
                 "nlohmann", "yajl", "pipe_read_only"]
SMALL_FILES = {"small"}

# Benchmark goals from the issues: (task, kind, argument, per-file minimum ratio).
#   "fastest_peer": jsonx / the fastest peer on the task and file
#   "peer": jsonx / the named peer
#   "own_task": jsonx / jsonx on the named task (chunked against whole buffer)
#   "peer_on_task": jsonx / the peer (task, library) on the same file (chunked jsonx against a
#                   peer's whole-buffer figure)
#   "every_kernel_vs_peer": each jsonx_<kernel> / the named peer
#   "best_kernel_vs_peer": the fastest jsonx_<kernel> / the named peer
#   "kernel_vs_kernel": jsonx_<a> / jsonx_<b>, argument (a, b), where both ran
GOALS = [
    ("index", "best_kernel_vs_peer", "simdjson_stage1",
     {"twitter": 1.0, "citm_catalog": 1.0, "canada": 1.0, "small": 1 / 1.5}),
    ("index", "kernel_vs_kernel", ("jsonx_avx512", "jsonx_avx2"),
     {"twitter": 1.2, "citm_catalog": 1.2, "canada": 1.2, "small": 1.0}),
    ("sax_whole", "fastest_peer", None, {"*": 1.1, "twitter_escaped": None}),
    # twitter.json with every non-ASCII character as a \u escape (issue 24): unescaping.
    ("sax_whole", "peer", "simdjson_ondemand", {"twitter_escaped": 1.0}),
    ("sax_chunked_64k", "own_task", "sax_whole", {"*": 0.95}),
    ("sax_chunked_4k", "own_task", "sax_whole", {"*": 0.85}),
    ("parse_dom", "peer", "simdjson",
     {"twitter": 1.1, "citm_catalog": 1.1, "canada": 1.0, "small": 1.1, "twitter_escaped": 1.0}),
    # small.json against yyjson too (issue 22), where yyjson is in the bench.
    ("parse_dom", "peer", "yyjson", {"small": 1.1}),
    ("parse_dom_chunked_64k", "own_task", "parse_dom", {"*": 0.95}),
    ("serialize", "peer", "boostjson",
     {"twitter": 2.4, "citm_catalog": 2.5, "canada": 1.8, "small": 1.5}),
    # canada against yyjson too (issue 23), where yyjson is in the bench.
    ("serialize", "peer", "yyjson", {"canada": 1.1}),
    ("decode_typed", "peer", "simdjson_ondemand", {"*": 1.1}),
    ("decode_typed_chunked_64k", "peer_on_task", ("decode_typed", "simdjson_ondemand"),
     {"*": 1.1}),
    # Issue 24: with On-Demand's guarantee for skipped values 1.1x On-Demand, fully validated 0.8x.
    ("decode_partial", "peer", "simdjson_ondemand", {"*": 0.8}),
    ("decode_partial", "library_vs_peer", ("jsonx_on_demand_guarantee", "simdjson_ondemand"),
     {"*": 1.1}),
    # The same with the members after an object's last field passed over, as On-Demand does.
    ("decode_partial", "library_vs_peer", ("jsonx_skip_remaining", "simdjson_ondemand"),
     {"*": 0.8}),
    ("decode_partial", "library_vs_peer",
     ("jsonx_skip_remaining_guarantee", "simdjson_ondemand"), {"*": 1.1}),
    ("encode_typed", "own_task", "serialize", {"*": 1.0}),
    ("encode_typed", "peer", "rapidjson", {"*": 1.5}),
    # The default UTF-8 check of encoded strings costs at most 10% (issue 26).
    ("encode_typed", "kernel_vs_kernel", ("jsonx", "jsonx_assume_valid"), {"*": 1 / 1.1}),
    ("ndjson", "peer", "simdjson", {"*": 1.1}),
    # The parallel decoder's scaling (2 workers against the sequential decoder), and the
    # sequential decoder against simdjson (reported, no minimum: a goal of 0).
    ("ndjson", "kernel_vs_kernel", ("jsonx_threads_2", "jsonx_threads_1"), {"*": 1.8}),
    ("ndjson", "library_vs_peer", ("jsonx_threads_1", "simdjson"), {"*": 0.0}),
    # The pipe's own ceiling (the same pipe read and discarded): how much of it jsonx uses,
    # and whether any reader of the pipe could reach parse_many's in-memory figure.
    ("ndjson", "peer", "pipe_read_only", {"*": 0.0}),
    ("ndjson", "library_vs_peer", ("pipe_read_only", "simdjson"), {"*": 0.0}),
    # The same from memory, every library reading the stream in memory (reported, no minimum).
    ("ndjson_memory", "peer", "simdjson", {"*": 0.0}),
    ("ndjson_memory", "peer", "yyjson", {"*": 0.0}),
    ("ndjson_memory", "library_vs_peer", ("jsonx_threads_1", "simdjson"), {"*": 0.0}),
    ("ndjson_memory", "library_vs_peer", ("jsonx_threads_1", "yyjson"), {"*": 0.0}),
    # A 4.7 KB document parsed alone costs at most 1.2x its share of a larger parse (issue 22):
    # the statuses alone against the same statuses as one array, in time per status.
    ("document_alone", "kernel_vs_kernel", ("jsonx", "jsonx_in_array"), {"*": 1 / 1.2}),
    ("document_alone", "kernel_vs_kernel", ("simdjson", "simdjson_in_array"), {"*": 0.0}),
    # Partial documents (issue 25): jsonx's snapshot after every 8-byte delta against simdjson
    # re-parsing the closed prefix after every delta; strict mode reported only.
    ("partial", "peer", "simdjson", {"twitter_2k": 0.0, "twitter_20k": 20.0,
                                     "twitter_200k": 100.0}),
    ("partial_strict", "peer", "simdjson", {"*": 0.0}),
]

# The per-snapshot cost must be flat as the document grows (issue 25): (task, bound): jsonx's
# largest ns per snapshot over its smallest, across the task's documents (2, 20, 200 KiB).
FLAT_SNAPSHOT_GOALS = [("partial", 1.3), ("partial_strict", 1.3)]

# Snapshots of a document fed in large chunks must cost at most this share of the parse
# (issue 25): (task, with snapshots, without, bound): time with / time without - 1.
OVERHEAD_GOALS = [("partial_64k", "jsonx", "jsonx_no_snapshot", 0.05)]

# Memory goals: (task, fixed allowance in MB): jsonx's peak resident size growth must stay under
# 2x the largest single value plus the allowance, whatever the stream's length (issue 5).
MEMORY_GOALS = [("ndjson", 4.0), ("ndjson_memory", 4.0)]

# Tasks compared with another task of jsonx's own in the ratio tables (besides the rule that
# X_chunked_N is compared with X_whole or X).
OWN_BASE_TASKS = {"encode_typed": "serialize"}

# Labels that mark a case whose result was checked and found wrong.
MISMATCH_MARK = "MISMATCH"


def is_jsonx(library):
    return library == "jsonx" or library.startswith("jsonx_")


# Cases that measure a ceiling rather than a parser (ndjson's pipe read and discarded): shown in
# the tables and ratios, never taken as the fastest peer.
CEILINGS = {"pipe_read_only"}


def is_peer(library):
    return not is_jsonx(library) and library not in CEILINGS


class Result:
    """The median of one case's repetitions."""

    def __init__(self, task, library, file):
        self.task, self.library, self.file = task, library, file
        self.throughputs = []  # bytes per second, one per repetition
        self.cpu_ns = []  # CPU ns per iteration, one per repetition
        self.output_rates = []  # output bytes per second (tasks that write JSON)
        self.counters = {}  # other counters: name -> values, one per repetition
        self.labels = set()
        self.error = None

    @property
    def gbps(self):
        return statistics.median(self.throughputs) / 1e9 if self.throughputs else None

    @property
    def ns(self):
        return statistics.median(self.cpu_ns) if self.cpu_ns else None

    @property
    def output_gbps(self):
        return statistics.median(self.output_rates) / 1e9 if self.output_rates else None

    def counter(self, name):
        values = self.counters.get(name)
        return statistics.median(values) if values else None


NS_PER_UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

# Counters shown in a table of their own when a task has them: name -> (heading, format).
REPORTED_COUNTERS = {
    "inexact_doubles": ("doubles not correctly rounded (within 1e-14, accepted)", "{:.0f}"),
    "peak_rss_growth_mb": ("peak resident size growth, MB", "{:.2f}"),
    "largest_value_mb": ("largest single value, MB", "{:.3f}"),
    "snapshots": ("snapshots (deltas or chunks) per document", "{:.0f}"),
    "mean_depth": ("open containers at the cuts, mean (what closing a snapshot walks)", "{:.1f}"),
}


def load_results(report):
    """Groups the per-repetition entries of a Google Benchmark JSON report by case."""
    results = {}
    for entry in report.get("benchmarks", []):
        if entry.get("run_type") == "aggregate":
            continue  # medians are taken here, from the repetitions themselves
        name = entry.get("run_name", entry["name"])
        # Cases timed in wall-clock time (ndjson) carry Google Benchmark's "/real_time".
        name = name.removesuffix("/real_time")
        parts = name.split("/")
        if len(parts) != 3:
            continue
        key = tuple(parts)
        result = results.setdefault(key, Result(*parts))
        if entry.get("error_occurred"):
            result.error = entry.get("error_message", "error")
            continue
        if "bytes_per_second" in entry:
            result.throughputs.append(float(entry["bytes_per_second"]))
        if "output_bytes_per_second" in entry:
            result.output_rates.append(float(entry["output_bytes_per_second"]))
        for name in REPORTED_COUNTERS:
            if name in entry:
                result.counters.setdefault(name, []).append(float(entry[name]))
        unit = NS_PER_UNIT.get(entry.get("time_unit", "ns"), 1.0)
        result.cpu_ns.append(float(entry["cpu_time"]) * unit)
        if entry.get("label"):
            result.labels.add(entry["label"])
    return results


def ordered(values, order):
    rank = {v: i for i, v in enumerate(order)}
    return sorted(values, key=lambda v: (rank.get(v, len(order)), v))


def library_order(results, task):
    """jsonx first (default, then kernels best first), then the peers, in a fixed order."""
    libraries = {library for (t, library, _) in results if t == task}
    jsonx = ordered([lib for lib in libraries if is_jsonx(lib)], LIBRARY_ORDER)
    return jsonx + ordered([lib for lib in libraries if not is_jsonx(lib)], LIBRARY_ORDER)


def kernel_of(result):
    for label in result.labels:
        if label.startswith("kernel "):
            return label[len("kernel "):]
    if result.library.startswith("jsonx_"):
        return result.library[len("jsonx_"):]
    return None


def format_cell(result, file):
    if result is None:
        return "-"
    if result.error:
        return "skipped"
    if result.gbps is None:
        return "?"
    text = f"{result.gbps:.2f}"
    if file in SMALL_FILES and result.ns is not None:
        text += f" ({result.ns:.0f} ns)"
    if any(MISMATCH_MARK in label for label in result.labels):
        text += " !"
    return text


def snapshot_ns(result):
    """CPU ns per snapshot (per delta or chunk): the case's time over its `snapshots`."""
    if result is None or result.error or result.ns is None:
        return None
    count = result.counter("snapshots")
    return result.ns / count if count else None


def format_duration(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} us"
    return f"{ns:.0f} ns"


def format_partial_cell(result):
    if result is None:
        return "-"
    if result.error:
        return "skipped"
    per_snapshot = snapshot_ns(result)
    if result.ns is None or per_snapshot is None:
        return "?"
    text = f"{format_duration(result.ns)} ({format_duration(per_snapshot)})"
    if any(MISMATCH_MARK in label for label in result.labels):
        text += " !"
    return text


def snapshot_cost_table(results, task, files):
    """jsonx with a snapshot after every delta or chunk against the same feeding without: what
    the snapshots themselves cost."""
    rows = []
    for file in files:
        mine = results.get((task, "jsonx", file))
        bare = results.get((task, "jsonx_no_snapshot", file))
        with_ns, without_ns = snapshot_ns(mine), snapshot_ns(bare)
        if with_ns is None or without_ns is None:
            rows.append([file, "-", "-", "-", "-"])
            continue
        rows.append([file, format_duration(with_ns), format_duration(without_ns),
                     format_duration(with_ns - without_ns),
                     f"{(mine.ns / bare.ns - 1) * 100:+.1f}%"])
    return "\n".join([
        "Snapshot cost (jsonx, median CPU time per delta or chunk):", "",
        table(["file", "feed + snapshot", "feed alone (jsonx_no_snapshot)", "snapshot alone",
               "overhead over feeding alone"], rows)])


def format_output_cell(result):
    if result is None or result.error or result.output_gbps is None:
        return "-"
    return f"{result.output_gbps:.2f}"


def format_counter_cell(result, name, fmt):
    value = None if result is None or result.error else result.counter(name)
    return "-" if value is None else fmt.format(value)


def format_ratio(numerator, denominator):
    if numerator is None or denominator is None or numerator.error or denominator.error:
        return "-"
    if not numerator.gbps or not denominator.gbps:
        return "-"
    return f"{numerator.gbps / denominator.gbps:.2f}x"


def ratio_value(numerator, denominator):
    if numerator is None or denominator is None or numerator.error or denominator.error:
        return None
    if not numerator.gbps or not denominator.gbps:
        return None
    return numerator.gbps / denominator.gbps


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def task_tables(results, task):
    libraries = library_order(results, task)
    files = ordered({f for (t, _, f) in results if t == task}, INPUT_ORDER)
    get = lambda library, file: results.get((task, library, file))

    def heading(library):
        kernels = {kernel_of(get(library, f)) for f in files if get(library, f)} - {None}
        if library == "jsonx" and kernels:
            return f"jsonx ({', '.join(sorted(kernels))})"
        return library

    out = [f"### {task}", ""]
    if task in PARTIAL_TASKS:
        out += ["Time per document, and per delta in parentheses (median; one delta is its "
                "feed and, but for jsonx_no_snapshot, its snapshot):", ""]
        rows = [[file] + [format_partial_cell(get(lib, file)) for lib in libraries]
                for file in files]
    else:
        out += ["GB/s (median; small also in ns per parse):", ""]
        rows = [[file] + [format_cell(get(lib, file), file) for lib in libraries]
                for file in files]
    out += [table(["file"] + [heading(lib) for lib in libraries], rows), ""]
    if any(get(lib, f) and get(lib, f).output_gbps for lib in libraries for f in files):
        out += ["Output written, GB/s (median; the table above is input bytes per second):", ""]
        rows = [[file] + [format_output_cell(get(lib, file)) for lib in libraries]
                for file in files]
        out += [table(["file"] + [heading(lib) for lib in libraries], rows), ""]
    for name, (title, fmt) in REPORTED_COUNTERS.items():
        if any(get(lib, f) and get(lib, f).counter(name) for lib in libraries for f in files):
            out += [f"{title[0].upper()}{title[1:]}:", ""]
            rows = [[file] + [format_counter_cell(get(lib, file), name, fmt) for lib in libraries]
                    for file in files]
            out += [table(["file"] + [heading(lib) for lib in libraries], rows), ""]

    jsonx_libraries = ["jsonx"] if "jsonx" in libraries else [l for l in libraries if is_jsonx(l)]
    # The parallel decoder's thread counts (ndjson) are compared with the peers too.
    jsonx_libraries += [l for l in libraries if l.startswith("jsonx_threads_")]
    peers = [lib for lib in libraries if not is_jsonx(lib)]
    columns, ratio_rows = [], {file: [] for file in files}
    for mine in jsonx_libraries:
        for peer in peers:
            columns.append(f"{mine} / {peer}")
            for file in files:
                ratio_rows[file].append(format_ratio(get(mine, file), get(peer, file)))
    # Chunked tasks: against jsonx's own whole-buffer figure.
    base_task = own_base_task(results, task)
    if base_task and "jsonx" in libraries:
        columns.append(f"jsonx / {base_task}/jsonx")
        for file in files:
            ratio_rows[file].append(
                format_ratio(get("jsonx", file), results.get((base_task, "jsonx", file))))
    if columns:
        out += ["Ratios (jsonx throughput / other; above 1 = jsonx faster):", ""]
        out += [table(["file"] + columns, [[file] + ratio_rows[file] for file in files]), ""]
    if "jsonx" in libraries and "jsonx_no_snapshot" in libraries:
        out += [snapshot_cost_table(results, task, files), ""]

    problems = []
    for library in libraries:
        for file in files:
            result = get(library, file)
            if result is None:
                continue
            if result.error:
                problems.append(f"- {task}/{library}/{file}: skipped: {result.error}")
            for label in sorted(result.labels):
                if MISMATCH_MARK in label:
                    problems.append(f"- {task}/{library}/{file}: {label}")
    if problems:
        out += ["Skipped or flagged:", ""] + problems + [""]
    return "\n".join(out)


def own_base_task(results, task):
    """For `X_chunked_N`: the whole-buffer task X_whole or X, if it was run; for the tasks in
    OWN_BASE_TASKS, the task named there."""
    if task in OWN_BASE_TASKS:
        base = OWN_BASE_TASKS[task]
        return base if any(t == base for (t, _, _) in results) else None
    if "_chunked_" not in task:
        return None
    stem = task.split("_chunked_")[0]
    for candidate in (stem + "_whole", stem):
        if any(t == candidate for (t, _, _) in results):
            return candidate
    return None


def goal_lines(results):
    lines = []
    for task, kind, argument, minimums in GOALS:
        files = ordered({f for (t, _, f) in results if t == task}, INPUT_ORDER)
        for file in files:
            minimum = minimums.get(file, minimums.get("*"))
            if minimum is None:
                continue
            checks = []  # (description, ratio)
            mine = results.get((task, "jsonx", file))
            if kind == "fastest_peer":
                peers = [r for (t, lib, f), r in results.items()
                         if t == task and f == file and is_peer(lib) and r.gbps and not r.error]
                if peers:
                    fastest = max(peers, key=lambda r: r.gbps)
                    checks.append((f"jsonx / fastest peer ({fastest.library})",
                                   ratio_value(mine, fastest)))
            elif kind == "peer":
                checks.append((f"jsonx / {argument}",
                               ratio_value(mine, results.get((task, argument, file)))))
            elif kind == "own_task":
                checks.append((f"jsonx / {argument}/jsonx",
                               ratio_value(mine, results.get((argument, "jsonx", file)))))
            elif kind == "peer_on_task":
                other_task, peer = argument
                checks.append((f"jsonx / {other_task}/{peer}",
                               ratio_value(mine, results.get((other_task, peer, file)))))
            elif kind == "every_kernel_vs_peer":
                kernels = [lib for (t, lib, f) in results
                           if t == task and f == file and lib.startswith("jsonx_")]
                for lib in ordered(kernels, LIBRARY_ORDER):
                    r = results[(task, lib, file)]
                    if not r.error:
                        checks.append((f"{lib} / {argument}",
                                       ratio_value(r, results.get((task, argument, file)))))
            elif kind == "best_kernel_vs_peer":
                kernels = [r for (t, lib, f), r in results.items()
                           if t == task and f == file and lib.startswith("jsonx_")
                           and r.gbps and not r.error]
                if kernels:
                    best = max(kernels, key=lambda r: r.gbps)
                    checks.append((f"{best.library} (fastest kernel) / {argument}",
                                   ratio_value(best, results.get((task, argument, file)))))
            elif kind == "library_vs_peer":
                library, peer = argument
                checks.append((f"{library} / {peer}",
                               ratio_value(results.get((task, library, file)),
                                           results.get((task, peer, file)))))
            elif kind == "kernel_vs_kernel":
                a, b = argument
                ra, rb = results.get((task, a, file)), results.get((task, b, file))
                if ra and rb and not ra.error and not rb.error:
                    checks.append((f"{a} / {b}", ratio_value(ra, rb)))
            for description, ratio in checks:
                if ratio is None:
                    continue
                if minimum == 0:  # reported only
                    lines.append(f"| {task} | {file} | {description} | {ratio:.2f}x | - | "
                                 f"reported |")
                    continue
                verdict = "met" if ratio >= minimum else "MISSED"
                lines.append(f"| {task} | {file} | {description} | {ratio:.2f}x | "
                             f">= {minimum:.2f}x | {verdict} |")
    for task, bound in FLAT_SNAPSHOT_GOALS:
        costs = [(file, snapshot_ns(results.get((task, "jsonx", file))))
                 for file in ordered({f for (t, _, f) in results if t == task}, INPUT_ORDER)]
        costs = [(file, ns) for file, ns in costs if ns is not None]
        if len(costs) < 2:
            continue
        low, high = min(costs, key=lambda c: c[1]), max(costs, key=lambda c: c[1])
        spread = high[1] / low[1]
        figures = ", ".join(f"{file} {ns:.0f}" for file, ns in costs)
        verdict = "met" if spread <= bound else "MISSED"
        lines.append(f"| {task} | {', '.join(file for file, _ in costs)} | jsonx ns per snapshot, "
                     f"largest / smallest ({figures} ns) | {spread:.2f}x | <= {bound:.2f}x | "
                     f"{verdict} |")
    for task, mine_name, bare_name, bound in OVERHEAD_GOALS:
        for file in ordered({f for (t, _, f) in results if t == task}, INPUT_ORDER):
            mine, bare = results.get((task, mine_name, file)), results.get((task, bare_name, file))
            if not mine or not bare or mine.error or bare.error or not mine.ns or not bare.ns:
                continue
            overhead = mine.ns / bare.ns - 1
            verdict = "met" if overhead <= bound else "MISSED"
            lines.append(f"| {task} | {file} | snapshot overhead, {mine_name} / {bare_name} - 1 | "
                         f"{overhead * 100:+.1f}% | <= {bound * 100:.0f}% | {verdict} |")
    for task, allowance in MEMORY_GOALS:
        for file in ordered({f for (t, _, f) in results if t == task}, FILE_ORDER):
            mine = results.get((task, "jsonx", file))
            growth = mine.counter("peak_rss_growth_mb") if mine and not mine.error else None
            largest = mine.counter("largest_value_mb") if mine and not mine.error else None
            if growth is None or largest is None:
                continue
            bound = 2 * largest + allowance
            verdict = "met" if growth <= bound else "MISSED"
            lines.append(f"| {task} | {file} | jsonx peak resident size growth | {growth:.2f} MB | "
                         f"<= 2 x {largest:.3f} + {allowance:.0f} MB | {verdict} |")
    if not lines:
        return ""
    header = ["| task | file | ratio | measured | goal | verdict |", "|---|---|---|---|---|---|"]
    return "\n".join(["### Goals", ""] + header + lines) + "\n"


def context_text(report):
    context = report.get("context", {})
    keys = ["jsonx_default_kernel", "jsonx_supported_kernels", "simdjson_version",
            "simdjson_implementation", "simdjson_ondemand_builtin", "yyjson_version",
            "yyjson_commit", "yyjson_flags", "yyjson", "sonic_cpp_version", "sonic_cpp_commit",
            "sonic_cpp_flags", "sonic_cpp", "corpus_directory"]
    facts = [f"{key}={context[key]}" for key in keys if key in context]
    cpu = context.get("num_cpus"), context.get("mhz_per_cpu")
    if cpu[0]:
        facts.append(f"cpus={cpu[0]} @ {cpu[1]} MHz")
    return "Kernels: " + ", ".join(facts) if facts else ""


# The README's table: one row per task, jsonx against the fastest peer on each file (the index
# against simdjson's stage 1, with jsonx's fastest kernel; chunked tasks against jsonx's own
# whole-buffer task).
README_TASKS = ["index", "sax_whole", "sax_chunked_64k", "parse_dom", "serialize",
                "serialize_pretty", "decode_typed", "encode_typed", "ndjson", "ndjson_memory",
                "partial"]
README_BEGIN = "<!-- compare.py --readme: begin -->"
README_END = "<!-- compare.py --readme: end -->"


def readme_cell(mine, other, other_name, file):
    if mine is None or other is None or mine.error or other.error or not mine.gbps or not other.gbps:
        return "-"
    ratio = mine.gbps / other.gbps
    if mine.task in PARTIAL_TASKS and snapshot_ns(mine) and snapshot_ns(other):
        figures = f"{snapshot_ns(mine):.0f} vs {snapshot_ns(other):.0f} ns per snapshot"
    elif file in SMALL_FILES and mine.ns is not None and other.ns is not None:
        figures = f"{mine.ns:.0f} vs {other.ns:.0f} ns"
    else:
        figures = f"{mine.gbps:.2f} vs {other.gbps:.2f} GB/s"
    return f"**{ratio:.2f}x** {other_name} ({figures})"


def readme_table(results, report):
    """The table README.md shows, with the machine and kernels it was measured on."""
    context = report.get("context", {})
    files = ordered({f for (_, _, f) in results if f in FILE_ORDER}, FILE_ORDER)
    rows = []
    for task in README_TASKS:
        cells = []
        for file in files:
            mine = results.get((task, "jsonx", file))
            if task == "index":
                kernels = [r for (t, lib, f), r in results.items()
                           if t == task and f == file and lib.startswith("jsonx_")
                           and r.gbps and not r.error]
                mine = max(kernels, key=lambda r: r.gbps) if kernels else None
                other = results.get((task, "simdjson_stage1", file))
                cell = readme_cell(mine, other, "simdjson_stage1", file)
                cells.append(cell if cell == "-" else f"{cell}, {mine.library}")
                continue
            base = own_base_task(results, task) if "_chunked_" in task else None
            if base:
                other = results.get((base, "jsonx", file))
                cells.append(readme_cell(mine, other, f"{base}/jsonx", file))
                continue
            peers = [r for (t, lib, f), r in results.items()
                     if t == task and f == file and is_peer(lib) and r.gbps and not r.error]
            other = max(peers, key=lambda r: r.gbps) if peers else None
            cells.append(readme_cell(mine, other, other.library if other else "", file))
        if any(cell != "-" for cell in cells):
            rows.append([f"`{task}`"] + cells)
    if not rows:
        return ""
    notes = []
    for task in README_TASKS:
        for (t, lib, file), mine in sorted(results.items()):
            if t != task or lib != "jsonx" or file in FILE_ORDER:
                continue
            peers = [r for (t2, l2, f2), r in results.items()
                     if t2 == task and f2 == file and is_peer(l2) and r.gbps and not r.error]
            other = max(peers, key=lambda r: r.gbps) if peers else None
            if other:
                notes.append(f"`{task}` ({file}): " + readme_cell(mine, other, other.library, file)
                             + ".")
    when = context.get("date", "?")[:10]
    facts = [f"CPU: {context.get('cpu_model', 'unknown')}, {context.get('num_cpus', '?')} cores",
             f"jsonx kernel {context.get('jsonx_default_kernel', '?')} (supported: "
             f"{context.get('jsonx_supported_kernels', '?')})",
             f"simdjson {context.get('simdjson_version', '?')} on "
             f"{context.get('simdjson_implementation', '?')}",
             f"run of {when}"]
    lines = [README_BEGIN,
             "jsonx against the fastest peer on each task and file (ratio above 1: jsonx is "
             "faster; medians of interleaved repetitions, input bytes per CPU second; ndjson "
             "per wall-clock second). " +
             "; ".join(facts) + ".", "",
             table(["task"] + files, rows)] + ([""] + notes if notes else []) + [README_END]
    return "\n".join(lines)


def replace_readme_table(path, text):
    with open(path) as f:
        readme = f.read()
    begin, end = readme.find(README_BEGIN), readme.find(README_END)
    if begin < 0 or end < begin:
        sys.exit(f"compare.py: {path} has no {README_BEGIN} ... {README_END} markers")
    with open(path, "w") as f:
        f.write(readme[:begin] + text + readme[end + len(README_END):])


# The cases that run threads (jsonx's parallel decoder, simdjson's parse_many): never pinned.
THREADED_PREFIX = "ndjson"


def list_cases(args):
    """The names of the cases args.filter selects (all without one)."""
    command = [args.binary, "--benchmark_list_tests"]
    if args.filter:
        command.append(f"--benchmark_filter={args.filter}")
    listed = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return [line for line in listed.splitlines() if "/" in line and "=" not in line]


def exactly(names):
    """A --benchmark_filter (a POSIX extended regex: no lookahead) selecting exactly these."""
    special = set(".^$*+?()[]{}|\\")
    escaped = ["".join("\\" + c if c in special else c for c in name) for name in names]
    return "^(" + "|".join(escaped) + ")$"


def run_benchmark(args, output_path):
    """Runs jsonx_bench into the JSON report at output_path. With --cpu, the single-threaded
    cases run pinned to that CPU, then the threaded ones (ndjson, ndjson_memory) unpinned, and
    the two reports are merged: pinned, two decoding threads would share one CPU."""
    if args.cpu is None:
        run_benchmark_once(args, output_path, args.filter, None)
        return
    names = list_cases(args)
    pinned = [n for n in names if not n.startswith(THREADED_PREFIX)]
    threaded = [n for n in names if n.startswith(THREADED_PREFIX)]
    report = None
    for group, cpu in ((pinned, args.cpu), (threaded, None)):
        if not group:
            continue
        part_path = output_path + ".part"
        run_benchmark_once(args, part_path, exactly(group), cpu)
        with open(part_path) as f:
            part = json.load(f)
        os.remove(part_path)
        if report is None:
            report = part
        else:
            report["benchmarks"] += part.get("benchmarks", [])
    with open(output_path, "w") as f:
        json.dump(report, f)


def run_benchmark_once(args, output_path, filter_regex, cpu):
    command = [args.binary, f"--benchmark_repetitions={args.repetitions}",
               f"--benchmark_out={output_path}", "--benchmark_out_format=json",
               "--benchmark_display_aggregates_only=true"]
    if not args.no_interleave:
        # Repetitions of different cases interleaved in random order, so that a burst of load
        # from elsewhere on the machine spreads over all cases instead of hitting one library.
        command.append("--benchmark_enable_random_interleaving=true")
    if filter_regex:
        command.append(f"--benchmark_filter={filter_regex}")
    if args.min_time:
        command.append(f"--benchmark_min_time={args.min_time}")
    command += args.extra
    print("running: " + " ".join(command), file=sys.stderr)
    # The console report goes to stderr, so stdout holds only the tables.
    pin = None
    if cpu is not None:
        # A shared virtual machine may run one vCPU slower than another part of the time: the
        # single-threaded cases are steadier on one (see compare_builds.py).
        pin = lambda: os.sched_setaffinity(0, {cpu})  # noqa: E731 (runs in the child)
        print(f"pinned to CPU {cpu}", file=sys.stderr)
    completed = subprocess.run(command, stdout=sys.stderr, preexec_fn=pin)
    if completed.returncode != 0:
        sys.exit(f"compare.py: {args.binary} exited with status {completed.returncode}")


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="build-bench/bench/jsonx_bench",
                        help="path of jsonx_bench (default: %(default)s)")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--filter", help="--benchmark_filter regex, e.g. 'sax_whole/.*/twitter'")
    parser.add_argument("--min-time", help="--benchmark_min_time in seconds per repetition")
    parser.add_argument("--no-interleave", action="store_true",
                        help="run each case's repetitions back to back (default: interleaved)")
    parser.add_argument("--cpu", type=int,
                        help="pin the single-threaded cases to this CPU (the threaded ndjson "
                             "cases run after them, unpinned)")
    parser.add_argument("--json-in", help="read this saved JSON report instead of running")
    parser.add_argument("--json-out", help="also keep the JSON report in this file")
    parser.add_argument("--readme", metavar="FILE",
                        help="also write the one-table summary between the compare.py markers "
                             "of FILE (README.md)")
    parser.add_argument("extra", nargs="*", help="more arguments for jsonx_bench (after --)")
    args = parser.parse_args()

    if args.json_in:
        with open(args.json_in) as f:
            report = json.load(f)
    else:
        if not os.path.exists(args.binary):
            sys.exit(f"compare.py: no jsonx_bench at {args.binary} (build with "
                     "-DJSONX_BUILD_BENCH=ON, or pass --binary)")
        with tempfile.TemporaryDirectory() as directory:
            output_path = args.json_out or os.path.join(directory, "report.json")
            run_benchmark(args, output_path)
            with open(output_path) as f:
                report = json.load(f)

    results = load_results(report)
    if not results:
        sys.exit("compare.py: the report holds no task/library/file results")
    print(context_text(report))
    print()
    for task in ordered({task for (task, _, _) in results}, TASK_ORDER):
        print(task_tables(results, task))
    print(goal_lines(results))
    summary = readme_table(results, report)
    print(summary)
    if args.readme and summary:
        replace_readme_table(args.readme, summary)


if __name__ == "__main__":
    main()
