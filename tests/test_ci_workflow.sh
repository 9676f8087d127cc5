#!/usr/bin/env bash
# Keeps the GitHub Actions workflow (.github/workflows/ci.yml), which cannot run
# here, from rotting: it is valid YAML, runs on push and pull requests in a
# debian:12 container as root, within a time limit, and its steps are exactly
# the checkout, setup.sh's base packages and `bash .ci/run`, which runs make test.
# Speaks TAP. Usage: tests/test_ci_workflow.sh [build-dir]   (not used)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

source tests/tap.sh

if ! python3 -c 'import yaml' 2>/dev/null; then
    not_ok "python3's yaml module is installed" "run: bash scripts/setup.sh fusesoc"
    echo "1..$n"
    exit 1
fi

# One line a check: "ok|description" or "not ok|description|detail".
while IFS='|' read -r status what detail; do
    if [ "$status" = ok ]; then ok "$what"; else not_ok "$what" "$detail"; fi
done < <(python3 - .github/workflows/ci.yml <<'EOF'
import sys, yaml

def check(what, good, detail=""):
    print(f"ok|{what}" if good else f"not ok|{what}|{detail}")

try:
    flow = yaml.safe_load(open(sys.argv[1]))
except (OSError, yaml.YAMLError) as e:
    check(f"{sys.argv[1]} is valid YAML", False, str(e).replace("\n", " "))
    sys.exit(0)
check(f"{sys.argv[1]} is valid YAML", isinstance(flow, dict), f"not a mapping: {flow!r}")
if not isinstance(flow, dict):
    sys.exit(0)
# YAML 1.1 reads the key "on" as true.
events = flow.get("on", flow.get(True)) or {}
check("it runs on push and on pull requests", "push" in events and "pull_request" in events, f"on: {events!r}")
jobs = flow.get("jobs") or {}
check("it has one job", len(jobs) == 1, f"jobs: {list(jobs)}")
job = next(iter(jobs.values()), {}) or {}
container = job.get("container") or {}
image = container if isinstance(container, str) else container.get("image")
check("the job runs in a debian:12 container", image == "debian:12", f"container: {container!r}")
options = "" if isinstance(container, str) else container.get("options", "")
check("as root (setup.sh installs with apt-get)", "--user" not in options or "--user root" in options,
      f"options: {options!r}")
limit = job.get("timeout-minutes")
check("with a time limit of at most 90 minutes, .ci/run's budget", isinstance(limit, int) and 0 < limit <= 90,
      f"timeout-minutes: {limit!r}")
steps = [s.get("run", s.get("uses", "")).strip() for s in job.get("steps") or []]
expected = ["actions/checkout@v4", "bash scripts/setup.sh", "bash .ci/run"]
check("its steps are the checkout, setup.sh and bash .ci/run, nothing else", steps == expected,
      f"steps: {steps!r}")
EOF
)

# .ci/run itself: the README's test command, from the top of the clone.
if grep -qx 'make test' .ci/run && grep -q '^make test ' README.md; then
    ok ".ci/run runs make test, the README's test command"
else
    not_ok ".ci/run runs make test, the README's test command" "$(cat .ci/run)"
fi

echo "1..$n"
