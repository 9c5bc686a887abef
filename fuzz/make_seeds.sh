#!/usr/bin/env bash
# Rebuilds the seed corpus fuzz/seeds/eval/ from the repository's own inputs: every statement
# line of tests/golden/*.cg and the expression column of the shared conformance tables. One file
# per distinct input, named by its SHA-1, so re-running only adds what is new.
set -euo pipefail
cd "$(dirname "$0")"
out=seeds/eval
mkdir -p "$out"
{
    grep -hv '^[[:space:]]*\(//\|$\)' ../tests/golden/*.cg
    # Conformance rows: id, source, category, expr, expected (tab-separated, `#` comments).
    if compgen -G '../../shared/conformance/*.tsv' > /dev/null; then
        awk -F'\t' '!/^#/ && $1 != "id" && NF >= 4 { print $4 }' ../../shared/conformance/*.tsv
    fi
} | while IFS= read -r line; do
    # libFuzzer runs with -max_len=256 (docs/fuzzing.md): longer seeds would only be truncated.
    if [ "${#line}" -le 256 ]; then
        name=$(printf '%s' "$line" | sha1sum | cut -c1-16)
        printf '%s' "$line" > "$out/$name"
    fi
done
ls "$out" | wc -l
