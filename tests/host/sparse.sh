#!/bin/bash
# Gate 2: sparse (make C=2) on the kernel C files the series touches reports
# nothing that unpatched 6.12 does not report for the same files and config.
# Messages are compared without line numbers (the patches move lines).
. "$(dirname "$0")/lib.sh"
"$TOP/tools/bisect-check.sh" >/dev/null || fail "the bisection pass failed; sparse was not run on the series"
static_gate sparse
