# Shared by run-smoke.sh and run-long.sh (sourced, not run): the targets, their seed corpora,
# one libFuzzer run, and its summary line.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${FUZZ_BUILD_DIR:-$root/.build/fuzz}
work=$out/work
all_targets=(spec-loader spec-builder http-request model-decoding emulator-requests pattern-compiler)

# The longest time one input may take, in seconds: the spec loader legitimately needs seconds
# for a pattern near the generator's 10,000-DFA-state limit under AddressSanitizer.
unit_timeout() {
    case $1 in
    spec-loader | spec-builder) echo 30 ;;
    *) echo 10 ;;
    esac
}

# The longest input libFuzzer builds for each target.
max_len() {
    case $1 in
    spec-loader) echo 32768 ;;
    spec-builder) echo 2048 ;;
    http-request) echo 4096 ;;
    emulator-requests) echo 8192 ;;
    pattern-compiler) echo 194 ;;
    model-decoding) echo 4096 ;;
    esac
}

# Prints the seed folders of a target, writing the generated ones first.
#   spec-loader: every spec in Spec/ and every YAML fixture under Tests/Fixtures/.
#   spec-builder, http-request, emulator-requests, pattern-compiler: Fuzz/Corpus/<target>.
#   model-decoding: every JSON fragment of Fuzz/Corpus/model-decoding (taken from the specs'
#   examples) behind every selector byte, so each model starts from every fragment.
seed_dirs() {
    local target=$1 seeds=$work/$1/seeds
    # The generated seeds are kept while what they are made from is unchanged.
    if [[ $target == model-decoding && -e $seeds/.made ]] &&
        [[ -z $(find "$out/generated/models.txt" "$root/Fuzz/Corpus/model-decoding" -newer "$seeds/.made" -print -quit) ]]; then
        echo "$seeds"
        return
    fi
    rm -rf "$seeds"
    mkdir -p "$seeds"
    case $target in
    spec-loader)
        local file
        while IFS= read -r file; do
            cp "$file" "$seeds/${file//\//_}"
        done < <(cd "$root" && find Spec Tests/Fixtures -name '*.yaml' | LC_ALL=C sort)
        ;;
    spec-builder | http-request | emulator-requests | pattern-compiler)
        rmdir "$seeds"
        seeds=$root/Fuzz/Corpus/$target
        ;;
    model-decoding)
        # Builtins only (no process per file): there are models x fragments seeds.
        local count index fragment selector names=() texts=() text
        count=$(wc -l <"$out/generated/models.txt")
        for fragment in "$root"/Fuzz/Corpus/model-decoding/*.json; do
            IFS= read -r -d '' text <"$fragment" || true
            names+=("${fragment##*/}")
            texts+=("$text")
        done
        for ((index = 0; index < count; index++)); do
            printf -v selector '\\%03o' "$index"
            for ((fragment = 0; fragment < ${#names[@]}; fragment++)); do
                printf "$selector%s" "${texts[fragment]}" >"$seeds/$index-${names[fragment]}"
            done
        done
        touch "$seeds/.made"
        ;;
    esac
    echo "$seeds"
}

# fuzz TARGET [libFuzzer flags...]: runs one target on its corpus and seeds, logging to
# $work/TARGET/last.log; returns libFuzzer's status (non-zero after a crash, leak, timeout or
# out-of-memory). Findings are written to $work/TARGET/artifacts/.
fuzz() {
    local target=$1
    shift
    local dir=$work/$target seeds corpus=$work/$target/corpus
    # A fresh corpus (FUZZ_FRESH_CORPUS=1, the smoke run) keeps the run short: libFuzzer first
    # replays the whole corpus, and a grown one holds thousands of inputs, some slow.
    if [[ ${FUZZ_FRESH_CORPUS:-0} == 1 ]]; then
        corpus=$dir/fresh-corpus
        rm -rf "$corpus"
    fi
    mkdir -p "$corpus" "$dir/artifacts"
    seeds=$(seed_dirs "$target")
    # Leaks are checked after every input that allocates more than it frees (libFuzzer's
    # -detect_leaks); the whole-process check at exit is off: it once reported 4 objects
    # (360 bytes) after 200,000 emulator inputs that no single input reproduces (see RESULTS.md).
    # A target whose input is text has a dictionary of its words; spec-builder's bytes are choices.
    local dictionary=()
    [[ -e $root/Fuzz/Dictionaries/$target.dict ]] && dictionary=(-dict="$root/Fuzz/Dictionaries/$target.dict")
    ASAN_OPTIONS="leak_check_at_exit=0 ${ASAN_OPTIONS:-}" "$out/bin/$target" -artifact_prefix="$dir/artifacts/" "${dictionary[@]}" \
        -max_len="$(max_len "$target")" -timeout="$(unit_timeout "$target")" -rss_limit_mb=2048 -print_final_stats=1 \
        "$@" "$corpus" "$seeds" >"$dir/last.log" 2>&1
}

# One line on the last run of TARGET: inputs executed, seconds, and findings so far.
summary() {
    local target=$1 dir=$work/$1 runs seconds findings
    runs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$dir/last.log" | tail -1 | grep -oE '[0-9]+$' || true)
    [[ -n $runs ]] || runs=$(grep -oE '^#[0-9]+' "$dir/last.log" | tail -1 | tr -d '#' || true)
    seconds=$(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$dir/last.log" | tail -1 | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' || true)
    findings=$(find "$dir/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    echo "$target: ${runs:-0} inputs in ${seconds:-?} s; findings in $dir/artifacts: $findings"
}
