#!/usr/bin/env bash
# The CI fuzz smoke run: builds the targets, fuzzes each for FUZZ_SMOKE_SECONDS (default 11 s;
# about a minute for all five), and exits non-zero if any target crashed, leaked, hung or ran
# out of memory. The input that did it is in .build/fuzz/work/<target>/artifacts/. Each target
# starts from its seeds only (not the corpus long runs grew), so the time stays bounded.
set -euo pipefail
source "$(dirname "$0")/common.sh"
seconds=${FUZZ_SMOKE_SECONDS:-11}
export FUZZ_FRESH_CORPUS=1

"$root/Fuzz/build.sh" "${all_targets[@]}"
failed=()
for target in "${all_targets[@]}"; do
    if ! fuzz "$target" -max_total_time="$seconds"; then
        failed+=("$target")
        tail -40 "$work/$target/last.log" >&2
    fi
    summary "$target"
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz smoke: failures in ${failed[*]} (see the logs above)" >&2
    exit 1
fi
echo "fuzz smoke: no crashes"
