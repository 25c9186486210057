#!/usr/bin/env bash
# The long fuzz run (not part of CI): FUZZ_RUNS inputs per target (default 500,000), or the
# targets named as arguments. Keeps going after a target fails, and prints one summary line per
# target; exits non-zero if any failed. The corpus grows in .build/fuzz/work/<target>/corpus.
set -euo pipefail
source "$(dirname "$0")/common.sh"
runs=${FUZZ_RUNS:-500000}
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

"$root/Fuzz/build.sh" "${targets[@]}"
failed=()
for target in "${targets[@]}"; do
    echo "fuzz long: $target, $runs inputs"
    if ! fuzz "$target" -runs="$runs"; then
        failed+=("$target")
        tail -40 "$work/$target/last.log" >&2
    fi
    summary "$target" | tee -a "$work/long-summary.txt"
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz long: failures in ${failed[*]}" >&2
    exit 1
fi
