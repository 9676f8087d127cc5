# The verdict on one run of a CPU test program (sourced by tests/test_cpu.sh and
# tests/test_soc_isa.sh; the caller has tap.sh's ok and a fail function): every
# program must pass but the negative controls, neg_fail (its check 7) and neg_hang
# (a timeout), which must be reported as failing that way. An assertion in the RTL
# that fires ($error: Icarus prints ERROR and goes on) fails the run too.

# what PROGRAM: the first line of the program's header comment
what() { sed -n '1s|^/\* *||p' "tests/cpu/$1.S" | sed 's| *\*/$||'; }

# verdict NAME SIM STATUS LOG: the TAP line for one run
verdict() {
    local p=$1 sim=$2 status=$3 log=$4 desc
    desc="$p under $sim: $(what "$p")"
    case $p in
        neg_fail)
            if [ "$status" -ne 0 ] && grep -q "^FAIL .*check 7 " <<<"$log"; then
                ok "$desc (reported as failing, check 7)"
            else
                fail "$desc: must be reported as failing check 7" "exit status $status"$'\n'"$log"
            fi ;;
        neg_hang)
            if [ "$status" -ne 0 ] && grep -q "^FAIL .*no result" <<<"$log"; then
                ok "$desc (reported as a timeout)"
            else
                fail "$desc: must be reported as a timeout" "exit status $status"$'\n'"$log"
            fi ;;
        *)
            if [ "$status" -eq 0 ] && grep -q "^PASS " <<<"$log" && ! grep -qE "^(FAIL|ERROR|%Error)" <<<"$log"; then
                ok "$desc"
            else
                fail "$desc" "exit status $status"$'\n'"$log"
            fi ;;
    esac
}
