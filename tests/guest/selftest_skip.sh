#!/bin/sh
# variants: x86_64
# explicit: yes
# The harness's own test (tests/host/harness_results.sh): a scenario that
# skips, with its reason.
echo "SKIP: skipping on purpose"
exit 4
