# TAP helpers for the shell tests (sourced): ok DESCRIPTION, and
# not_ok DESCRIPTION [DETAIL...], each detail's every line shown as "# ...".
# The caller prints "1..$n" at the end; n_failed counts the not_ok lines.
n=0
n_failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
    n=$((n + 1))
    n_failed=$((n_failed + 1))
    echo "not ok $n - $1"
    shift
    local detail
    for detail in "$@"; do sed 's/^/# /' <<<"$detail"; done
}
