#!/usr/bin/env python3
"""Times two builds of jsonx_bench against each other, case by case: is a change faster?

    bench/compare_builds.py --base /tmp/jsonx_bench.before --new build-bench/bench/jsonx_bench \\
        --filter '^(parse_dom|sax_whole)/jsonx/(twitter|canada)$' --rounds 9 --cpu 0

compare.py answers "how does jsonx stand against its peers"; this answers "did my change move
jsonx", which needs a finer instrument: a change of 2-5% is smaller than what a shared machine
moves a figure by between two runs minutes apart. So the two binaries run in alternation, round
after round (the order flipped every round), each over the selected cases, and for each case
the ratio of the two times is taken within a round, when both saw the same machine; the report
is the median of those ratios over the rounds, with the quartiles (their spread says whether
the median means anything) and the ratio of the two best times. A ratio below 1: the new build
is faster.

--cpu N pins both binaries to one CPU (os.sched_setaffinity): on virtual machines one vCPU can
be slower than another part of the time (its host core shared with another tenant), and a
benchmark the scheduler moves between them mixes the two speeds. Cases with threads of their
own (the ndjson tasks' jsonx_threads_2 and jsonx, simdjson's parse_many) then share that one
CPU: leave them out of the filter, or leave --cpu out for them. Python 3 standard library only.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys


def run_once(binary, args):
    """One pass of `binary` over the selected cases: {case name: real time in ns}."""
    command = [binary, f"--benchmark_filter={args.filter}", "--benchmark_format=json",
               f"--benchmark_min_time={args.min_time}"]
    pin = None
    if args.cpu is not None:
        pin = lambda: os.sched_setaffinity(0, {args.cpu})  # noqa: E731 (runs in the child)
    completed = subprocess.run(command, capture_output=True, text=True, preexec_fn=pin)
    if completed.returncode != 0:
        sys.exit(f"compare_builds.py: {binary} exited with status {completed.returncode}:\n"
                 f"{completed.stderr[-2000:]}")
    report = json.loads(completed.stdout)
    times = {}
    for result in report["benchmarks"]:
        if result.get("run_type") != "iteration" or result.get("error_occurred"):
            continue
        # Google Benchmark reports times in the case's time unit: bring them to ns.
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[result.get("time_unit", "ns")]
        times[result["name"]] = result["real_time"] * scale
    return times


def quartiles(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 4], ordered[(3 * len(ordered)) // 4]


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="jsonx_bench before the change")
    parser.add_argument("--new", required=True, help="jsonx_bench after the change")
    parser.add_argument("--filter", required=True,
                        help="--benchmark_filter regex: the cases to compare")
    parser.add_argument("--rounds", type=int, default=9,
                        help="passes of each binary, alternated (default: %(default)s)")
    parser.add_argument("--min-time", default="0.1",
                        help="--benchmark_min_time per case and pass (default: %(default)s)")
    parser.add_argument("--cpu", type=int, help="pin both binaries to this CPU")
    args = parser.parse_args()
    for binary in (args.base, args.new):
        if not os.access(binary, os.X_OK):
            sys.exit(f"compare_builds.py: {binary} is not an executable")

    ratios = {}  # case -> [new/base time, one per round]
    best = {}    # case -> [best base time, best new time]
    for round_number in range(args.rounds):
        builds = [("base", args.base), ("new", args.new)]
        if round_number % 2 == 1:
            builds.reverse()  # neither build always runs first
        times = {name: run_once(binary, args) for name, binary in builds}
        for case, base_time in times["base"].items():
            new_time = times["new"].get(case)
            if new_time is None or base_time <= 0:
                continue
            ratios.setdefault(case, []).append(new_time / base_time)
            pair = best.setdefault(case, [base_time, new_time])
            pair[0], pair[1] = min(pair[0], base_time), min(pair[1], new_time)
        print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr)

    if not ratios:
        sys.exit("compare_builds.py: no case ran in both builds (check --filter)")
    pinned = f", pinned to CPU {args.cpu}" if args.cpu is not None else ""
    print(f"new/base time, {args.rounds} alternated rounds{pinned} (below 1: new is faster)\n")
    print("| case | median of the per-round ratios | quartiles | ratio of the best times |")
    print("|---|---|---|---|")
    width = max(len(case) for case in ratios)
    for case, values in ratios.items():
        low, high = quartiles(values)
        base_best, new_best = best[case]
        print(f"| {case:{width}s} | {statistics.median(values):.3f} | {low:.3f} .. {high:.3f} | "
              f"{new_best / base_best:.3f} |")


if __name__ == "__main__":
    main()
